package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// testServer runs the real game server on a SQLite database in a
// temporary directory and returns its address.
func testServer(t *testing.T) string {
	t.Helper()
	return testServerWith(t, nil)
}

// testServerWith is testServer with its configuration changed by mod.
func testServerWith(t *testing.T, mod func(*live.Config)) string {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	fast := 5 * time.Millisecond
	cfg := live.Config{Store: st, Games: games.All, AITime: map[string]time.Duration{"easy": fast, "medium": fast, "hard": fast}, AIGamesPerClient: -1}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := server.New(server.Config{Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		hs.CloseClientConnections()
		hs.Close()
		st.Close()
	})
	return hs.URL
}

// api calls the server as another client would (the browser of the other
// player) and decodes the answer into out; it fails the test on an error
// answer.
func api(t *testing.T, method, url, token string, body, out any) {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, url, bytes.NewReader(b))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		var e bytes.Buffer
		e.ReadFrom(resp.Body)
		t.Fatalf("%s %s: %d %s", method, url, resp.StatusCode, e.String())
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
}

// created is the answer to POST /api/games.
type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Player    string `json:"player"`
		Token     string `json:"token"`
		InviteURL string `json:"invite_url"`
	} `json:"seats"`
}

// createGame creates a game with seats and returns the answer: the first
// human seat's token and the open seats' invitation URLs.
func createGame(t *testing.T, base, name string, seats ...map[string]string) created {
	t.Helper()
	var c created
	api(t, "POST", base+"/api/games", "", map[string]any{"game": name, "seats": seats}, &c)
	return c
}

// feed follows the model's game and hands the feed's messages to the
// test.
func feed(t *testing.T, m *Model) chan tea.Msg {
	ch := make(chan tea.Msg, 256)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	m.Follow(ctx, func(msg tea.Msg) {
		select {
		case ch <- msg:
		case <-ctx.Done():
		}
	})
	return ch
}

// await feeds the model the feed's messages until the screen shows every
// text, for at most 20 s.
func await(t *testing.T, m *Model, ch chan tea.Msg, texts ...string) string {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		scr := m.Render()
		ok := true
		for _, x := range texts {
			ok = ok && strings.Contains(scr, x)
		}
		if ok {
			return scr
		}
		var msg tea.Msg
		select {
		case msg = <-ch:
		case <-timeout:
			t.Fatalf("the screen does not show %q:\n%s", texts, scr)
		}
		if f, ok := msg.(feedMsg); ok && f.fatal {
			t.Fatalf("the feed gave up: %v", f.err)
		}
		_, cmd := m.Update(msg)
		drive(t, m, cmd)
	}
}

// serverView reads the game as a spectator.
func serverView(t *testing.T, base, id string) wire.View {
	t.Helper()
	var v wire.View
	api(t, "GET", base+"/api/games/"+id, "", nil, &v)
	return v
}

// TestOnlineGame joins a game of chess with its invitation URL and plays
// it against a second client that calls the API: a move from the feed, a
// typed move, an illegal one, draw offers both ways, the chat, a resignation
// called off and one confirmed.
func TestOnlineGame(t *testing.T) {
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "human", "name": "Ann"}, map[string]string{"type": "open"})
	ann, invite := g.Seats[0].Token, g.Seats[1].InviteURL
	games := base + "/api/games/" + g.ID

	o, v, err := Join(context.Background(), invite, "Bob", "", i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Player != "black" || o.Token == "" || !v.Started || o.GameURL() != base+"/games/"+g.ID {
		t.Fatalf("Join = %+v, started %v, want black with a token in a started game", o, v.Started)
	}
	m, err := NewOnline(Config{Lang: i18n.English}, o, v)
	if err != nil {
		t.Fatal(err)
	}
	scr := m.Render()
	for _, want := range []string{"online: you play Black against Ann", "White to move"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	if m.human() {
		t.Error("Black may move at White's turn")
	}
	if m.Init() != nil || strings.Contains(scr, "0:00") {
		t.Error("a game without a clock shows or ticks one")
	}
	ch := feed(t, m)

	// White's move comes on the feed.
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "e2e4", "seq": 0}, nil)
	await(t, m, ch, "1. White: e2e4", "Black to move — your move", "White played e2e4")

	// A move of the wrong side changes nothing.
	press(t, m, "e2e3", "enter")
	if !strings.Contains(m.message, "e2e3 is not legal now") {
		t.Errorf("message after e2e3 = %q, want it refused", m.message)
	}
	if sv := serverView(t, base, g.ID); sv.Seq != 1 {
		t.Errorf("after a refused move the server is at seq %d, want 1", sv.Seq)
	}
	// Black types a move: it is posted, and the answer shows it.
	press(t, m, "e7e5", "enter")
	if sv := serverView(t, base, g.ID); sv.Seq != 2 || sv.ToMove != "white" {
		t.Fatalf("after e7e5 the server is at seq %d, %s to move; want 2, white", sv.Seq, sv.ToMove)
	}
	scr = m.Render()
	if !strings.Contains(scr, "1... Black: e7e5") || m.human() {
		t.Errorf("after e7e5 the screen is\n%s", scr)
	}
	// White's next move, then Black points at g8 and f6 on the board.
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "g1f3", "seq": 2}, nil)
	await(t, m, ch, "2. White: g1f3", "your move")
	m.cursor = cell{6, 7}
	press(t, m, "enter")
	m.cursor = cell{5, 5}
	press(t, m, "enter")
	if sv := serverView(t, base, g.ID); sv.Seq != 4 || !strings.Contains(m.Render(), "2... Black: g8f6") {
		t.Errorf("after pointing g8 f6 the server is at seq %d; screen\n%s", sv.Seq, m.Render())
	}

	// Black offers a draw; White declines.
	press(t, m, "=")
	if sv := serverView(t, base, g.ID); sv.DrawOffer != "black" {
		t.Fatalf("after = the draw offer is %q, want black's", sv.DrawOffer)
	}
	if !strings.Contains(m.Render(), "Draw offered: waiting for the answer") {
		t.Errorf("the screen does not show the offer sent:\n%s", m.Render())
	}
	api(t, "POST", games+"/draw", ann, map[string]bool{"accept": false}, nil)
	await(t, m, ch, "White declines the draw")
	// The view after the answer takes the line away.
	awaitModel(t, m, ch, "the view after the decline", func() bool { return m.on.view.Seq == 6 })
	if scr := m.Render(); strings.Contains(scr, "Draw offered") {
		t.Errorf("after White declined, the screen still says the offer waits:\n%s", scr)
	}
	// Black asks to take g8f6 back; White agrees: the request's line goes.
	press(t, m, "u")
	if sv := serverView(t, base, g.ID); sv.TakebackOffer != "black" {
		t.Fatalf("after u the takeback request is %q, want black's", sv.TakebackOffer)
	}
	if !strings.Contains(m.Render(), "Takeback asked: waiting for the answer") {
		t.Errorf("the screen does not show the request sent:\n%s", m.Render())
	}
	api(t, "POST", games+"/takeback", ann, map[string]bool{"accept": true}, nil)
	await(t, m, ch, "White agrees: the move is taken back")
	awaitModel(t, m, ch, "the view after the takeback", func() bool { return m.on.view.Seq == 8 })
	if scr := m.Render(); strings.Contains(scr, "Takeback asked") || strings.Contains(scr, "g8f6") {
		t.Errorf("after White agreed, the screen still shows the request or the move:\n%s", scr)
	}
	// White offers one; Black declines with n.
	api(t, "POST", games+"/draw", ann, map[string]bool{"accept": true}, nil)
	await(t, m, ch, "White offers a draw: y: accept · n: decline")
	press(t, m, "n")
	if sv := serverView(t, base, g.ID); sv.DrawOffer != "" || sv.Finished {
		t.Fatalf("after n the draw offer is %q (finished %v), want none", sv.DrawOffer, sv.Finished)
	}

	// The chat: t opens the line; Ann's answer comes on the feed.
	press(t, m, "t")
	if !strings.Contains(m.Render(), "\nchat> _") {
		t.Errorf("after t the screen has no chat line:\n%s", m.Render())
	}
	press(t, m, "good luck", "enter")
	var chat struct {
		Messages []wire.ChatView `json:"messages"`
	}
	api(t, "GET", games+"/chat?room=players", ann, nil, &chat)
	if len(chat.Messages) != 1 || chat.Messages[0].Text != "good luck" || chat.Messages[0].Player != "black" {
		t.Fatalf("the players' room holds %+v, want Black's good luck", chat.Messages)
	}
	api(t, "POST", games+"/chat", ann, map[string]string{"room": "players", "text": "thanks, you too"}, nil)
	await(t, m, ch, "Bob: good luck", "Ann: thanks, you too")
	if m.over() || m.on.chatting {
		t.Fatal("the chat changed the game")
	}

	// Resign: n calls it off, y confirms.
	press(t, m, "r")
	if !strings.Contains(m.Render(), "Resign this game? y: yes · n: no") {
		t.Fatalf("r asks nothing:\n%s", m.Render())
	}
	press(t, m, "n")
	if sv := serverView(t, base, g.ID); sv.Finished {
		t.Fatal("n resigned the game")
	}
	press(t, m, "r", "y")
	sv := serverView(t, base, g.ID)
	if !sv.Finished || sv.Status != "over white" || sv.Result != "white wins (resignation)" {
		t.Fatalf("after r y the game is %q %q, want White's win by resignation", sv.Status, sv.Result)
	}
	scr = m.Render()
	for _, want := range []string{"White wins (resignation)", "You resigned", "Game over"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen after the resignation lacks %q:\n%s", want, scr)
		}
	}
	if m.human() {
		t.Error("a move is offered in a finished game")
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if cmd == nil || !m.quitting {
		t.Error("q does not quit a finished game")
	}
}

// TestOnlineDice joins a game of Lux et Umbra against the server's AI: the
// join gives the dice seed the first roll waits for, the rolls and the AI's
// moves come on the feed, and a move chosen from the list is posted.
func TestOnlineDice(t *testing.T) {
	base := testServer(t)
	g := createGame(t, base, "luxumbra", map[string]string{"type": "open"}, map[string]string{"type": "ai", "level": "easy"})
	o, v, err := Join(context.Background(), g.Seats[0].InviteURL, "", "", i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Started || o.Player != "white" {
		t.Fatalf("after the join the game has started = %v, seat %q; want started, white", v.Started, o.Player)
	}
	m, err := NewOnline(Config{Lang: i18n.English}, o, v)
	if err != nil {
		t.Fatal(err)
	}
	ch := feed(t, m)
	await(t, m, ch, "your move")
	seq := m.on.view.Seq
	press(t, m, "?", "enter")
	sv := serverView(t, base, g.ID)
	if sv.Seq <= seq || sv.History[seq].Player != "white" || sv.History[seq].Kind != "move" {
		t.Fatalf("the move from the list did not reach the server: seq %d → %d", seq, sv.Seq)
	}
	if want := sv.History[seq].Action; m.entries[len(m.entries)-1].text != want {
		t.Errorf("the move list ends with %q, the server's move is %q", m.entries[len(m.entries)-1].text, want)
	}
	// White plays its turn out from the list; the AI answers, with the
	// rolls, on the feed.
	for !strings.Contains(m.Render(), "Black played") {
		if m.human() {
			press(t, m, "?", "enter")
			continue
		}
		_, cmd := m.Update(<-ch)
		drive(t, m, cmd)
	}
	await(t, m, ch, "your move")
	sv = serverView(t, base, g.ID)
	for int64(len(m.on.events)) < sv.Seq {
		_, cmd := m.Update(<-ch)
		drive(t, m, cmd)
	}
	var want []string
	for _, e := range sv.History[:len(m.on.events)] {
		want = append(want, e.Action)
		want = append(want, e.Auto...)
	}
	var got []string
	for _, e := range m.entries {
		got = append(got, e.text)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("move list = %v, server's log = %v", got, want)
	}
}

// TestOnlineErrors checks the errors of a join and of a come-back: a used
// invitation, a URL that names no game, a server that is not there, a bad
// token, a finished game.
func TestOnlineErrors(t *testing.T) {
	base := testServer(t)
	ctx := context.Background()
	g := createGame(t, base, "chess", map[string]string{"type": "human"}, map[string]string{"type": "open"})
	if _, _, err := Join(ctx, g.Seats[1].InviteURL, "", "", i18n.English, nil); err != nil {
		t.Fatal(err)
	}
	_, _, err := Join(ctx, g.Seats[1].InviteURL, "", "", i18n.English, nil)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != "seat_not_open" || !strings.Contains(err.Error(), "That seat is not open.") {
		t.Errorf("second join = %v, want seat_not_open", err)
	}
	_, _, err = Join(ctx, g.Seats[1].InviteURL, "", "", i18n.Russian, nil)
	if !errors.As(err, &ae) || ae.Message != i18n.T(i18n.Russian, "error.seat_not_open") {
		t.Errorf("second join in Russian = %v, want the Russian message", err)
	}
	for _, bad := range []string{"games/x", "ftp://host/games/x", "http://host/lobby", base + "/games/" + g.ID} {
		if _, _, err := Join(ctx, bad, "", "", i18n.English, nil); !errors.Is(err, ErrNotGameURL) {
			t.Errorf("Join(%q) = %v, want ErrNotGameURL", bad, err)
		}
	}
	ln := httptest.NewServer(http.NotFoundHandler())
	gone := ln.URL
	ln.Close()
	var re *ReachError
	if _, _, err := Join(ctx, gone+"/games/abc?seat=black&invite=x", "", "", i18n.English, nil); !errors.As(err, &re) || re.Base != gone {
		t.Errorf("join on a closed server = %v, want a ReachError of %s", err, gone)
	}
	if _, _, err := Open(ctx, base+"/games/"+g.ID, "not-a-token", i18n.English, nil); !errors.As(err, &ae) || ae.Code != "bad_token" {
		t.Errorf("Open with a bad token = %v, want bad_token", err)
	}
	// Ann calls the game off: it is over, and still opens to be seen.
	api(t, "POST", base+"/api/games/"+g.ID+"/abort", g.Seats[0].Token, nil, nil)
	o, v, err := Open(ctx, base+"/games/"+g.ID, g.Seats[0].Token, i18n.English, nil)
	if err != nil || o.Player != "white" || !v.Finished {
		t.Fatalf("Open of a finished game = %+v, %v; want white's seat of a finished game", o, err)
	}
	m, err := NewOnline(Config{Lang: i18n.English}, o, v)
	if err != nil {
		t.Fatal(err)
	}
	if scr := m.Render(); !strings.Contains(scr, "Unfinished (aborted)") || !strings.Contains(scr, "Game over") || m.human() {
		t.Errorf("the screen of an aborted game:\n%s", scr)
	}
	g2 := createGame(t, base, "chess", map[string]string{"type": "human"}, map[string]string{"type": "open"})
	api(t, "POST", base+"/api/games/"+g2.ID+"/abort", g2.Seats[0].Token, nil, nil)
	if _, _, err := Join(ctx, g2.Seats[1].InviteURL, "", "", i18n.English, nil); !errors.As(err, &ae) || ae.Code != "game_over" {
		t.Errorf("join of a finished game = %v, want game_over", err)
	}
}

// TestJoinDiceSeed checks that a player who joins gives the game the dice
// seed they chose (norns play --join --dice-seed), that a seed the server
// refuses leaves the seat open, and that no seed gives a random one.
func TestJoinDiceSeed(t *testing.T) {
	base := testServer(t)
	ctx := context.Background()
	seeds := func(id string) map[string]string {
		var v struct {
			Fairness struct {
				SeatSeeds map[string]string `json:"seat_seeds"`
			} `json:"fairness"`
		}
		api(t, "GET", base+"/api/games/"+id, "", nil, &v)
		return v.Fairness.SeatSeeds
	}
	g := createGame(t, base, "luxumbra", map[string]string{"type": "human"}, map[string]string{"type": "open"})
	_, _, err := Join(ctx, g.Seats[1].InviteURL, "", strings.Repeat("x", 65), i18n.English, nil)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != "bad_seed" {
		t.Fatalf("join with a 65-character seed = %v, want bad_seed", err)
	}
	o, _, err := Join(ctx, g.Seats[1].InviteURL, "", "bob-seed-1", i18n.English, nil)
	if err != nil {
		t.Fatalf("join after a refused seed: %v", err)
	}
	if got := seeds(g.ID); o.Player != "black" || got["black"] != "bob-seed-1" {
		t.Errorf("joined as %s; seat seeds %v, want black's bob-seed-1", o.Player, got)
	}
	g2 := createGame(t, base, "luxumbra", map[string]string{"type": "human"}, map[string]string{"type": "open"})
	if _, _, err := Join(ctx, g2.Seats[1].InviteURL, "", "", i18n.English, nil); err != nil {
		t.Fatal(err)
	}
	if got := seeds(g2.ID)["black"]; len(got) != 22 {
		t.Errorf("the seed given without --dice-seed is %q, want a random one (22 characters)", got)
	}
}

// TestSeatFile keeps a token and reads it back by the game's URL, with or
// without the invitation's query.
func TestSeatFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "norns", "seats.json")
	if _, ok, err := LoadSeat(path, "http://h:1/games/abc"); ok || err != nil {
		t.Fatalf("LoadSeat of no file = %v, %v; want nothing", ok, err)
	}
	a := &Online{Base: "http://h:1", ID: "abc", Player: "black", Token: "tok1"}
	b := &Online{Base: "http://h:2", ID: "abc", Player: "white", Token: "tok2"}
	for _, o := range []*Online{a, b} {
		if err := SaveSeat(path, o); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ url, want string }{
		{"http://h:1/games/abc", "tok1"},
		{"http://h:1/games/abc?seat=black&invite=zz", "tok1"},
		{"http://h:2/games/abc/", "tok2"},
		{"http://h:3/games/abc", ""},
	}
	for _, tc := range tests {
		if tok, ok, err := LoadSeat(path, tc.url); err != nil || tok != tc.want || ok != (tc.want != "") {
			t.Errorf("LoadSeat(%q) = %q, %v, %v; want %q", tc.url, tok, ok, err, tc.want)
		}
	}
}
