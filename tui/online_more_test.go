package tui

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// createWith creates a game from a whole request body (a clock, say).
func createWith(t *testing.T, base string, req map[string]any) created {
	t.Helper()
	var c created
	api(t, "POST", base+"/api/games", "", req, &c)
	return c
}

// joinModel joins a game by an invitation URL and returns the model,
// following the game's feed.
func joinModel(t *testing.T, cfg Config, invite, name string) (*Model, chan tea.Msg) {
	t.Helper()
	if cfg.Lang == "" {
		cfg.Lang = i18n.English
	}
	o, v, err := Join(context.Background(), invite, name, "", cfg.Lang, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewOnline(cfg, o, v)
	if err != nil {
		t.Fatal(err)
	}
	return m, feed(t, m)
}

// awaitModel feeds the model the feed's messages until ok holds.
func awaitModel(t *testing.T, m *Model, ch chan tea.Msg, what string, ok func() bool) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for !ok() {
		select {
		case msg := <-ch:
			_, cmd := m.Update(msg)
			drive(t, m, cmd)
		case <-timeout:
			t.Fatalf("no %s:\n%s", what, m.Render())
		}
	}
}

func TestClockText(t *testing.T) {
	tests := []struct {
		ms   int64
		days bool
		lang i18n.Lang
		want string
	}{
		{300000, false, i18n.English, "5:00"},
		{299001, false, i18n.English, "5:00"},
		{299000, false, i18n.English, "4:59"},
		{3723000, false, i18n.English, "62:03"},
		{10000, false, i18n.English, "0:10"},
		{9999, false, i18n.English, "0:09.9"},
		{9400, false, i18n.English, "0:09.4"},
		{50, false, i18n.English, "0:00.0"},
		{0, false, i18n.English, "0:00.0"},
		{3 * 86400000, true, i18n.English, "3 d 0 h"},
		{3*86400000 - 10, true, i18n.English, "2 d 23 h"},
		{5400000, true, i18n.English, "1 h 30 min"},
		{59999, true, i18n.English, "0 h 0 min"},
		{3*86400000 - 10, true, i18n.Russian, "2 д 23 ч"},
	}
	for _, tc := range tests {
		if got := clockText(tc.lang, tc.ms, tc.days); got != tc.want {
			t.Errorf("clockText(%s, %d, %v) = %q, want %q", tc.lang, tc.ms, tc.days, got, tc.want)
		}
	}
}

// TestOnlineClock joins a chess game with a Fischer clock, 5 minutes and
// 2 seconds a move: the clocks show 5:00 and stand while each side makes
// its first move, which is not timed, as the server's view says, and the
// time left for that move (a minute) counts down; then the running clock
// counts down between the views (the model's time is the test's), with
// tenths under ten seconds, and the ticks come again.
func TestOnlineClock(t *testing.T) {
	base := testServer(t)
	g := createWith(t, base, map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human", "name": "Ann"}, {"type": "open"}},
		"clock": map[string]int64{"initial_ms": 300000, "increment_ms": 2000}})
	ann, games := g.Seats[0].Token, base+"/api/games/"+g.ID
	m, ch := joinModel(t, Config{}, g.Seats[1].InviteURL, "Bob")
	now := time.Now()
	m.now = func() time.Time { return now }
	scr := m.Render()
	for _, want := range []string{"White 5:00 · Black 5:00", "White: first move untimed, 1:00 left"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "▸") {
		t.Errorf("a clock runs before the first move:\n%s", scr)
	}
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "e2e4", "seq": 0}, nil)
	await(t, m, ch, "Black to move — your move", "Black: first move untimed, 1:00 left", "Black 5:00")
	now = now.Add(30 * time.Second) // Black's first move: no clock runs
	if scr := m.Render(); !strings.Contains(scr, "Black 5:00") || strings.Contains(scr, "▸") || !strings.Contains(scr, "untimed, 0:30 left") {
		t.Errorf("Black's first move is timed, or its time does not count down:\n%s", scr)
	}

	// Black moves: White's clock runs, from the time the view gives.
	press(t, m, "e7e5", "enter")
	c := m.on.view.Clock
	if c == nil || c.Running != "white" || c.InitialMs != 300000 || c.IncrementMs != 2000 {
		t.Fatalf("after e7e5 the clock is %+v, want White's running", c)
	}
	left := c.RemainingMs["white"]
	if scr := m.Render(); !strings.Contains(scr, "▸White "+clockText(i18n.English, left, false)) || strings.Contains(scr, "not timed") {
		t.Errorf("White's clock (%d ms) is not shown running:\n%s", left, scr)
	}
	now = now.Add(3200 * time.Millisecond)
	want := "▸White " + clockText(i18n.English, left-3200, false)
	if scr := m.Render(); !strings.Contains(scr, want) || !strings.Contains(scr, "Black 5:0") {
		t.Errorf("3.2 s later the screen lacks %q:\n%s", want, scr)
	}
	// Under ten seconds, tenths; the ticks come every tenth of a second.
	now = now.Add(time.Duration(left-3200-9450) * time.Millisecond)
	if scr := m.Render(); !strings.Contains(scr, "▸White 0:09.4") {
		t.Errorf("with 9.45 s left the screen shows:\n%s", scr)
	}
	start := time.Now()
	if msg := m.clockTick()(); msg != (clockTickMsg{}) {
		t.Fatalf("the tick is %#v", msg)
	} else if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("a tick under ten seconds took %v", d)
	}
	if _, cmd := m.Update(clockTickMsg{}); cmd == nil {
		t.Error("a tick asks for no next tick")
	}
	if m.Init() == nil {
		t.Error("the program starts no tick in a game with a clock")
	}
	now = now.Add(time.Minute)
	if scr := m.Render(); !strings.Contains(scr, "▸White 0:00.0") {
		t.Errorf("a clock past zero shows:\n%s", scr)
	}

	// White's move: Black's clock runs, White's stands again.
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "g1f3", "seq": 2}, nil)
	await(t, m, ch, "2. White: g1f3", "▸Black ")
	if scr := m.Render(); strings.Contains(scr, "▸White") {
		t.Errorf("White's clock runs at Black's turn:\n%s", scr)
	}
}

// TestOnlineClockCorrespondence shows a correspondence clock, three days
// a move, in days and hours, then hours and minutes in the last day, in
// English and Russian; each side's first move must come within the days
// of a move, and the clocks run after.
func TestOnlineClockCorrespondence(t *testing.T) {
	base := testServer(t)
	g := createWith(t, base, map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human", "name": "Ann"}, {"type": "open"}},
		"clock": map[string]int{"days_per_move": 3}})
	ann := g.Seats[0].Token
	m, ch := joinModel(t, Config{}, g.Seats[1].InviteURL, "Bob")
	now := time.Now()
	m.now = func() time.Time { return now }
	if c := m.on.view.Clock; c == nil || c.DaysPerMove != 3 || c.Running != "" || c.FirstMoveMs <= 0 {
		t.Fatalf("the clock is %+v, want three days a move, the time for White's first move", c)
	}
	scr := m.Render()
	for _, want := range []string{"White 3 d 0 h · Black 3 d 0 h", "White: first move untimed, 2 d 23 h left"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	api(t, "POST", base+"/api/games/"+g.ID+"/actions", ann, map[string]any{"action": "e2e4", "seq": 0}, nil)
	await(t, m, ch, "your move", "Black: first move untimed")
	press(t, m, "e7e5", "enter")
	if c := m.on.view.Clock; c.Running != "white" {
		t.Fatalf("after the first moves the clock is %+v, want White's running", c)
	}
	if scr := m.Render(); !strings.Contains(scr, "▸White 2 d 23 h · Black 3 d 0 h") {
		t.Errorf("White's clock does not run:\n%s", scr)
	}
	now = now.Add(48 * time.Hour)
	if scr := m.Render(); !strings.Contains(scr, "▸White 23 h 59 min") {
		t.Errorf("two days later the screen shows:\n%s", scr)
	}
	m.lang = i18n.Russian
	if scr := m.Render(); !strings.Contains(scr, "▸Белые 23 ч 59 мин · Чёрные 3 д 0 ч") {
		t.Errorf("in Russian the screen shows:\n%s", scr)
	}
}

// TestOnlineRematch plays two rematches of a chess game between the
// terminal and a second client: Ann offers one after her resignation, the
// screen says so, and m accepts it; the terminal moves to the new game,
// colours swapped, its token kept in the seat file, and plays on. Then
// the terminal asks first (after its own resignation) and Ann accepts:
// the feed's rematch message takes the terminal to the third game.
func TestOnlineRematch(t *testing.T) {
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "human", "name": "Ann"}, map[string]string{"type": "open"})
	ann := g.Seats[0].Token
	seats := filepath.Join(t.TempDir(), "seats.json")
	m, ch := joinModel(t, Config{SeatFile: seats}, g.Seats[1].InviteURL, "Bob")
	bob := m.on.o.Token

	// During the game m is a letter of a move.
	press(t, m, "m")
	if m.input != "m" {
		t.Errorf("m during the game: input %q", m.input)
	}
	press(t, m, "esc")
	api(t, "POST", base+"/api/games/"+g.ID+"/resign", ann, nil, nil)
	await(t, m, ch, "Black wins (resignation)", "m: rematch")
	api(t, "POST", base+"/api/games/"+g.ID+"/rematch", ann, nil, nil)
	await(t, m, ch, "Ann offers a rematch: m: accept")
	press(t, m, "m")
	second := serverView(t, base, g.ID)
	var old struct {
		Rematch string `json:"rematch"`
	}
	api(t, "GET", base+"/api/games/"+g.ID, "", nil, &old)
	if old.Rematch == "" || m.on.o.ID != old.Rematch || m.on.o.Player != "white" || m.on.o.Token != bob {
		t.Fatalf("after m the model plays %+v; the old game's rematch is %q (%s)", m.on.o, old.Rematch, second.ID)
	}
	scr := m.Render()
	for _, want := range []string{"online: you play White against Ann", "The rematch has begun: you play White", "White to move — your move"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the rematch's screen lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "resignation") || strings.Contains(scr, "1. ") {
		t.Errorf("the rematch's screen shows the old game:\n%s", scr)
	}
	if tok, ok, err := LoadSeat(seats, base+"/games/"+old.Rematch); !ok || err != nil || tok != bob {
		t.Errorf("the seat file keeps %q, %v, %v for the rematch", tok, ok, err)
	}
	id2 := old.Rematch
	press(t, m, "e2e4", "enter")
	if sv := serverView(t, base, id2); sv.Seq != 1 || sv.History[0].Action != "e2e4" || sv.History[0].Player != "white" {
		t.Fatalf("the rematch on the server: %+v", sv.History)
	}
	api(t, "POST", base+"/api/games/"+id2+"/actions", ann, map[string]any{"action": "e7e5", "seq": 1}, nil)
	await(t, m, ch, "1... Black: e7e5", "Black played e7e5", "your move")

	// Bob resigns and asks first; Ann accepts.
	press(t, m, "r", "y", "m")
	await(t, m, ch, "Black wins (resignation)", "Rematch offered: waiting for the answer")
	if sv := serverView(t, base, id2); !sv.Finished {
		t.Fatal("the resignation did not end the game")
	}
	var v2 struct {
		RematchOffers []string `json:"rematch_offers"`
	}
	api(t, "GET", base+"/api/games/"+id2, "", nil, &v2)
	if !slices.Equal(v2.RematchOffers, []string{"white"}) {
		t.Errorf("the rematch offers are %v, want White's", v2.RematchOffers)
	}
	api(t, "POST", base+"/api/games/"+id2+"/rematch", ann, nil, nil)
	awaitModel(t, m, ch, "third game", func() bool { return m.on.o.ID != id2 })
	await(t, m, ch, "online: you play Black against Ann", "White to move")
	if m.on.o.Player != "black" {
		t.Errorf("in the third game the terminal plays %q", m.on.o.Player)
	}
	if tok, ok, _ := LoadSeat(seats, base+"/games/"+m.on.o.ID); !ok || tok != bob {
		t.Errorf("the seat file lacks the third game")
	}
	api(t, "POST", base+"/api/games/"+m.on.o.ID+"/actions", ann, map[string]any{"action": "d2d4", "seq": 0}, nil)
	await(t, m, ch, "1. White: d2d4", "Black to move — your move")

	// The first game, opened again, offers to go to its rematch.
	o1, v1, err := Open(context.Background(), base+"/games/"+g.ID, bob, i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	m1, err := NewOnline(Config{Lang: i18n.English}, o1, v1)
	if err != nil {
		t.Fatal(err)
	}
	if scr := m1.Render(); !strings.Contains(scr, "This game's rematch is on: m: go to it") || m1.on.o.ID != g.ID {
		t.Errorf("the first game opened again:\n%s", scr)
	}
	press(t, m1, "m")
	if m1.on.o.ID != id2 || m1.on.o.Player != "white" {
		t.Errorf("m in the first game went to %+v, want White in %s", m1.on.o, id2)
	}
}

// TestOnlineRematchAI plays again against the server's AI: m makes the
// rematch at once, and the AI, White now, moves first.
func TestOnlineRematchAI(t *testing.T) {
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "open"}, map[string]string{"type": "ai", "level": "easy"})
	m, ch := joinModel(t, Config{}, g.Seats[0].InviteURL, "")
	press(t, m, "e2e4", "enter")
	await(t, m, ch, "Black played", "your move")
	press(t, m, "r", "y")
	await(t, m, ch, "Black wins (resignation)", "m: rematch")
	press(t, m, "m")
	if m.on.o.ID == g.ID || m.on.o.Player != "black" {
		t.Fatalf("after m the model plays %+v", m.on.o)
	}
	await(t, m, ch, "online: you play Black against the AI (easy)", "White played", "Black to move — your move")
	press(t, m, "?", "enter")
	if sv := serverView(t, base, m.on.o.ID); sv.Seq < 2 || sv.History[1].Player != "black" {
		t.Errorf("Black's move did not reach the rematch: %+v", sv.History)
	}
}

// TestOnlineSpectatorsChat switches the chat pane to the spectators'
// room and back with Tab: the room's messages come only while it is open
// (what was written before too), the chat line writes to the room shown,
// under the player's name.
func TestOnlineSpectatorsChat(t *testing.T) {
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "human", "name": "Ann"}, map[string]string{"type": "open"})
	ann, games := g.Seats[0].Token, base+"/api/games/"+g.ID
	api(t, "POST", games+"/chat", "", map[string]string{"room": "spectators", "text": "hello players"}, nil)
	m, ch := joinModel(t, Config{}, g.Seats[1].InviteURL, "Bob")
	api(t, "POST", games+"/chat", ann, map[string]string{"room": "players", "text": "hi Bob"}, nil)
	scr := await(t, m, ch, "Ann: hi Bob", "Tab: spectators' chat")
	if strings.Contains(scr, "hello players") {
		t.Errorf("the spectators' room shows before it is opened:\n%s", scr)
	}
	tab := func() {
		_, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
		drive(t, m, cmd)
	}
	tab()
	scr = await(t, m, ch, "Spectators' chat (Tab: back to the players')", "Spectator: hello players", "Tab: players' chat")
	if strings.Contains(scr, "hi Bob") {
		t.Errorf("the players' room shows in the spectators' pane:\n%s", scr)
	}
	api(t, "POST", games+"/chat", "", map[string]string{"room": "spectators", "text": "go Bob"}, nil)
	await(t, m, ch, "Spectator: go Bob")
	press(t, m, "t")
	if !strings.Contains(m.Render(), "\nspectators> _") {
		t.Errorf("the chat line does not name the spectators' room:\n%s", m.Render())
	}
	press(t, m, "thanks all", "enter")
	var chat struct {
		Messages []wire.ChatView `json:"messages"`
	}
	api(t, "GET", games+"/chat?room=spectators", "", nil, &chat)
	if n := len(chat.Messages); n != 3 || chat.Messages[2].Text != "thanks all" || chat.Messages[2].Player != "black" || chat.Messages[2].Name != "Bob" {
		t.Fatalf("the spectators' room holds %+v", chat.Messages)
	}
	await(t, m, ch, "Bob: thanks all")

	// Back to the players' room: the feed closes the spectators'.
	tab()
	awaitModel(t, m, ch, "closed room", func() bool { return !m.on.spectatorsOpen })
	scr = m.Render()
	if !strings.Contains(scr, "Ann: hi Bob") || strings.Contains(scr, "go Bob") {
		t.Errorf("the players' pane shows:\n%s", scr)
	}
	api(t, "POST", games+"/chat", "", map[string]string{"room": "spectators", "text": "unread"}, nil)
	time.Sleep(2 * time.Second) // the server takes 5 messages in a burst, then one each 2 s
	api(t, "POST", games+"/chat", ann, map[string]string{"room": "players", "text": "ping"}, nil)
	await(t, m, ch, "Ann: ping")
	for _, c := range m.on.chat {
		if c.Text == "unread" {
			t.Error("a spectators' message came while the room was closed")
		}
	}
	// Opened again, it reads what it missed.
	tab()
	await(t, m, ch, "Spectator: unread")
}
