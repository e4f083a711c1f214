package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// frame is a feed message as the chat tests read it.
type frame struct {
	Type    string        `json:"type"`
	Message wire.ChatView `json:"message"`
	Room    string        `json:"room"`
	Open    bool          `json:"open"`
	Player  string        `json:"player"`
}

// next reads the feed's messages until one of type typ, which it returns.
func (f *feed) next(typ string) frame {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		_, b, err := f.c.Read(ctx)
		if err != nil {
			f.t.Fatalf("websocket read, waiting for a %q message: %v", typ, err)
		}
		var m frame
		if err := json.Unmarshal(b, &m); err != nil {
			f.t.Fatalf("websocket message %s: %v", b, err)
		}
		if m.Type == typ {
			return m
		}
	}
}

// room opens (or closes) the spectators' chat on the feed and waits for
// the answer.
func (f *feed) room(open bool) {
	f.t.Helper()
	b, _ := json.Marshal(wire.RoomMessage{Type: "room", Room: "spectators", Open: open})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.c.Write(ctx, websocket.MessageText, b); err != nil {
		f.t.Fatalf("websocket room: %v", err)
	}
	if m := f.next("room"); m.Room != "spectators" || m.Open != open {
		f.t.Fatalf("answer to opening the spectators' chat (%v) = %+v", open, m)
	}
}

// chatter is a player's feed, authenticated.
func (e *env) chatter(id, token string) *feed {
	e.t.Helper()
	f := e.subscribe(id, 0, token)
	f.next("auth")
	return f
}

// say posts a chat message, which must be taken, and returns it.
func (e *env) say(id, token, room, text string) wire.ChatView {
	e.t.Helper()
	var out struct {
		Message wire.ChatView `json:"message"`
	}
	e.must("POST", "/api/games/"+id+"/chat", token, wire.ChatRequest{Room: room, Text: text}, &out)
	return out.Message
}

// chatLog reads a room of a game's chat.
func (e *env) chatLog(id, token, room string, since int64) []wire.ChatView {
	e.t.Helper()
	var out struct {
		Messages []wire.ChatView `json:"messages"`
	}
	e.must("GET", "/api/games/"+id+"/chat?room="+room+"&since="+strconv.FormatInt(since, 10), token, nil, &out)
	return out.Messages
}

func chatLines(ms []wire.ChatView) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Name + ": " + m.Text
	}
	return out
}

func named(kinds ...string) []wire.SeatRequest {
	out := seats(kinds...)
	for i := range out {
		out[i].Name = []string{"Ann", "Bob", "Cid"}[i]
	}
	return out
}

// TestChatPlayers: a player's message reaches both players' feeds and no
// spectator's, even one that opened the spectators' chat; a player's feed
// does not get the spectators' chat it has not opened.
func TestChatPlayers(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white, black := c.Seats[0].Token, c.Seats[1].Token
	wf, bf := e.chatter(c.ID, white), e.chatter(c.ID, black)
	sf := e.subscribe(c.ID, 0, "")
	sf.room(true)

	m := e.say(c.ID, white, "players", "  <b>hi</b> & good luck  ")
	want := wire.ChatView{Seq: 1, Room: "players", Player: "white", Name: "Ann", Text: "<b>hi</b> & good luck"}
	if m.Time.IsZero() || m.Seq != want.Seq || m.Room != want.Room || m.Player != want.Player || m.Name != want.Name || m.Text != want.Text {
		t.Fatalf("POST chat = %+v, want %+v with a time", m, want)
	}
	e.say(c.ID, "", "spectators", "who wins?")
	e.say(c.ID, black, "players", "thanks")
	for _, tt := range []struct {
		name string
		f    *feed
		want []int64
	}{
		{"white", wf, []int64{1, 3}},
		{"black", bf, []int64{1, 3}},
		{"spectator", sf, []int64{2}},
	} {
		for _, seq := range tt.want {
			got := tt.f.next("chat").Message
			if got.Seq != seq {
				t.Errorf("%s's feed: chat message %d (%s: %q), want %d", tt.name, got.Seq, got.Name, got.Text, seq)
			}
		}
	}
	// The spectator's next chat message is the next spectators' one, not
	// a players' one.
	e.say(c.ID, white, "players", "secret")
	e.say(c.ID, "", "spectators", "nice move")
	if got := sf.next("chat").Message; got.Seq != 5 || got.Text != "nice move" || got.Name != "spectator" || got.Player != "" {
		t.Errorf("spectator's feed after a players' message = %+v, want seq 5, spectator's nice move", got)
	}
	if got := bf.next("chat").Message; got.Seq != 4 || got.Text != "secret" || got.Name != "Ann" {
		t.Errorf("black's feed = %+v, want seq 4, Ann's secret", got)
	}
}

// TestChatSpectators: anybody writes in the spectators' room, a player
// under the seat's name; the feeds that opened the room get its messages,
// players' feeds included, and a feed that closed it no longer does.
func TestChatSpectators(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white, black := c.Seats[0].Token, c.Seats[1].Token
	wf := e.chatter(c.ID, white)
	wf.room(true)
	sf := e.subscribe(c.ID, 0, "")
	sf.room(true)
	gone := e.subscribe(c.ID, 0, "")
	gone.room(true)
	gone.room(false)

	if m := e.say(c.ID, "", "spectators", "hello all"); m.Seq != 1 || m.Name != "spectator" || m.Player != "" {
		t.Errorf("a spectator's message = %+v, want seq 1 by spectator", m)
	}
	if m := e.say(c.ID, black, "spectators", "hello watchers"); m.Seq != 2 || m.Name != "Bob" || m.Player != "black" {
		t.Errorf("black's message to the spectators = %+v, want seq 2 by Bob (black)", m)
	}
	e.say(c.ID, white, "players", "to black only")
	for name, f := range map[string]*feed{"white": wf, "spectator": sf} {
		for _, want := range []string{"hello all", "hello watchers"} {
			if got := f.next("chat").Message; got.Text != want || got.Room != "spectators" {
				t.Errorf("%s's feed: %+v, want %q in the spectators' room", name, got, want)
			}
		}
	}
	// The feed that closed the room gets the next spectators' message
	// only once it opened the room again.
	gone.room(true)
	e.say(c.ID, "", "spectators", "again")
	if got := gone.next("chat").Message; got.Seq != 4 || got.Text != "again" {
		t.Errorf("the feed that closed the room and opened it again got %+v, want seq 4 again", got)
	}
}

// TestChatRefused: the players' room wants a seat token of the game; a bad
// room or text is refused with 400; nothing refused is stored.
func TestChatRefused(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	other := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white := c.Seats[0].Token
	path := "/api/games/" + c.ID + "/chat"
	for _, tt := range []struct {
		name   string
		token  string
		body   any
		status int
		code   string
	}{
		{"players' room without a token", "", wire.ChatRequest{Room: "players", Text: "hi"}, 401, "missing_token"},
		{"players' room with a bad token", "nope", wire.ChatRequest{Room: "players", Text: "hi"}, 403, "bad_token"},
		{"players' room with another game's token", other.Seats[0].Token, wire.ChatRequest{Room: "players", Text: "hi"}, 403, "bad_token"},
		{"spectators' room with a bad token", "nope", wire.ChatRequest{Room: "spectators", Text: "hi"}, 403, "bad_token"},
		{"no room", white, wire.ChatRequest{Text: "hi"}, 400, "bad_chat_room"},
		{"unknown room", white, wire.ChatRequest{Room: "lobby", Text: "hi"}, 400, "bad_chat_room"},
		{"301 characters", white, wire.ChatRequest{Room: "players", Text: strings.Repeat("ж", 301)}, 400, "bad_chat_text"},
		{"empty", white, wire.ChatRequest{Room: "players", Text: ""}, 400, "bad_chat_text"},
		{"only spaces", white, wire.ChatRequest{Room: "players", Text: " \t "}, 400, "bad_chat_text"},
		{"ESC", white, wire.ChatRequest{Room: "players", Text: "a\x1b[31mred"}, 400, "bad_chat_text"},
		{"a line break", white, wire.ChatRequest{Room: "players", Text: "one\ntwo"}, 400, "bad_chat_text"},
		{"U+202E", "", wire.ChatRequest{Room: "spectators", Text: "abc\u202edef"}, 400, "bad_chat_text"},
		{"U+200B", "", wire.ChatRequest{Room: "spectators", Text: "a\u200bb"}, 400, "bad_chat_text"},
		{"U+2028", "", wire.ChatRequest{Room: "spectators", Text: "a\u2028b"}, 400, "bad_chat_text"},
		{"invalid UTF-8", "", `{"room":"spectators","text":"a` + "\xff" + `b"}`, 400, "bad_chat_text"},
		{"an escaped lone surrogate", "", `{"room":"spectators","text":"a\ud800b"}`, 400, "bad_chat_text"},
		{"unknown field", "", `{"room":"spectators","text":"a","html":true}`, 400, "bad_request"},
	} {
		st, ae := e.call("POST", path, tt.token, tt.body, nil)
		if st != tt.status || ae.Code != tt.code {
			t.Errorf("%s: POST chat = %d %s (%s), want %d %s", tt.name, st, ae.Code, ae.Detail, tt.status, tt.code)
		}
	}
	if got := e.chatLog(c.ID, white, "players", 0); len(got) != 0 {
		t.Errorf("players' chat after refused messages = %q, want none", chatLines(got))
	}
	if got := e.chatLog(c.ID, "", "spectators", 0); len(got) != 0 {
		t.Errorf("spectators' chat after refused messages = %q, want none", chatLines(got))
	}
	// 300 characters (600 bytes) are taken, and an unknown game is 404.
	if m := e.say(c.ID, white, "players", strings.Repeat("ж", 300)); m.Seq != 1 {
		t.Errorf("300 characters: seq %d, want 1", m.Seq)
	}
	if st, ae := e.call("POST", "/api/games/nope/chat", "", wire.ChatRequest{Room: "spectators", Text: "hi"}, nil); st != 404 || ae.Code != "game_not_found" {
		t.Errorf("POST chat of an unknown game = %d %s, want 404 game_not_found", st, ae.Code)
	}
}

// TestChatRateLimit: a client may send 5 messages in a burst to a game;
// the 6th is refused with 429, while another client address, or the same
// client in another game, is not held back.
func TestChatRateLimit(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	d := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	for i := range 5 {
		e.say(c.ID, "", "spectators", "message "+string(rune('1'+i)))
	}
	req := wire.ChatRequest{Room: "spectators", Text: "one too many"}
	if st, ae := e.call("POST", "/api/games/"+c.ID+"/chat", "", req, nil); st != http.StatusTooManyRequests || ae.Code != "rate_limited" || ae.RetryAfter != "2" {
		t.Errorf("6th message in a burst = %d %s, Retry-After %q; want 429 rate_limited, Retry-After 2 (a message each 2 s)", st, ae.Code, ae.RetryAfter)
	}
	e.say(d.ID, "", "spectators", "another game")
	e.from("127.0.0.2").say(c.ID, "", "spectators", "another client")
	got := chatLines(e.chatLog(c.ID, "", "spectators", 0))
	want := []string{"spectator: message 1", "spectator: message 2", "spectator: message 3", "spectator: message 4", "spectator: message 5", "spectator: another client"}
	if !slices.Equal(got, want) {
		t.Errorf("spectators' chat = %q, want %q", got, want)
	}
}

// TestChatLog: GET …/chat answers a room's messages in order, after since;
// the players' room only to a seat of the game; a game over still takes
// messages.
func TestChatLog(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white, black := c.Seats[0].Token, c.Seats[1].Token
	e.say(c.ID, white, "players", "have fun")
	e.say(c.ID, "", "spectators", "go white")
	e.say(c.ID, black, "players", "you too")
	e.must("POST", "/api/games/"+c.ID+"/resign", white, nil, nil)
	e.say(c.ID, black, "players", "good game")

	for _, tt := range []struct {
		token, room string
		since       int64
		want        []string
	}{
		{white, "players", 0, []string{"Ann: have fun", "Bob: you too", "Bob: good game"}},
		{black, "players", 1, []string{"Bob: you too", "Bob: good game"}},
		{black, "players", 3, []string{"Bob: good game"}},
		{white, "players", 4, []string{}},
		{"", "spectators", 0, []string{"spectator: go white"}},
		{white, "spectators", 2, []string{}},
	} {
		if got := chatLines(e.chatLog(c.ID, tt.token, tt.room, tt.since)); !slices.Equal(got, tt.want) {
			t.Errorf("GET chat room=%s since=%d = %q, want %q", tt.room, tt.since, got, tt.want)
		}
	}
	seqs := []int64{}
	for _, m := range e.chatLog(c.ID, white, "players", 0) {
		seqs = append(seqs, m.Seq)
	}
	if !slices.Equal(seqs, []int64{1, 3, 4}) {
		t.Errorf("seqs of the players' chat = %v, want [1 3 4]", seqs)
	}
	for _, tt := range []struct {
		query, token string
		status       int
		code         string
	}{
		{"?room=players", "", 401, "missing_token"},
		{"?room=players", "nope", 403, "bad_token"},
		{"?room=lobby", white, 400, "bad_chat_room"},
		{"", white, 400, "bad_chat_room"},
		{"?room=players&since=-1", white, 400, "bad_parameter"},
	} {
		if st, ae := e.call("GET", "/api/games/"+c.ID+"/chat"+tt.query, tt.token, nil, nil); st != tt.status || ae.Code != tt.code {
			t.Errorf("GET chat%s = %d %s, want %d %s", tt.query, st, ae.Code, tt.status, tt.code)
		}
	}
	if st, ae := e.call("GET", "/api/games/nope/chat?room=spectators", "", nil, nil); st != 404 || ae.Code != "game_not_found" {
		t.Errorf("GET chat of an unknown game = %d %s, want 404 game_not_found", st, ae.Code)
	}
	// The chat is not in the game's log.
	if v := e.view(c.ID); v.Seq != 1 {
		t.Errorf("the game's seq after 5 chat messages and a resignation = %d, want 1", v.Seq)
	}
}

// plainStore is a store without a chat.
type plainStore struct{ store.Store }

// TestChatNoStore: on a store that keeps no chat the chat routes are 404.
func TestChatNoStore(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(context.Background(), dir+"/norns.db")
	if err != nil {
		t.Fatal(err)
	}
	e := startStore(t, plainStore{st}, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	if st, ae := e.call("POST", "/api/games/"+c.ID+"/chat", "", wire.ChatRequest{Room: "spectators", Text: "hi"}, nil); st != 404 || ae.Code != "not_found" {
		t.Errorf("POST chat without a chat store = %d %s, want 404 not_found", st, ae.Code)
	}
	if st, ae := e.call("GET", "/api/games/"+c.ID+"/chat?room=spectators", "", nil, nil); st != 404 || ae.Code != "not_found" {
		t.Errorf("GET chat without a chat store = %d %s, want 404 not_found", st, ae.Code)
	}
}

// TestChatFeedMessages: a feed may open the spectators' chat before it
// sends its seat token, and gets the players' chat once the token is
// taken; asking for any other room ends the feed (policy violation).
func TestChatFeedMessages(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	f := e.subscribe(c.ID, 0, "")
	f.room(true)
	f.auth(c.Seats[1].Token)
	if m := f.next("auth"); m.Player != "black" {
		t.Fatalf("answer to black's token after opening the spectators' chat = %+v", m)
	}
	e.say(c.ID, "", "spectators", "watching")
	e.say(c.ID, c.Seats[0].Token, "players", "your move")
	for _, want := range []string{"watching", "your move"} {
		if got := f.next("chat").Message; got.Text != want {
			t.Errorf("feed: %+v, want %q", got, want)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	g := e.subscribe(c.ID, 0, "")
	b, _ := json.Marshal(wire.RoomMessage{Type: "room", Room: "players", Open: true})
	g.c.Write(ctx, websocket.MessageText, b)
	for {
		_, _, err := g.c.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("after asking for the players' room the feed reads %v, want close 1008", err)
			}
			break
		}
	}
}

// TestChatTwoInstances: a message posted on one instance reaches the
// players' feeds on the other, once, in order.
func TestChatTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	white, black := c.Seats[0].Token, c.Seats[1].Token
	fb := b.chatter(c.ID, black)
	a.say(c.ID, white, "players", "good luck")
	a.say(c.ID, white, "players", "have fun")
	for _, want := range []string{"good luck", "have fun"} {
		if m := fb.next("chat"); m.Message.Text != want || m.Message.Player != "white" {
			t.Fatalf("black's feed on the other instance got %+v, want white's %q", m.Message, want)
		}
	}
	// Black answers on its own instance: white's feed on the first gets it.
	fa := a.chatter(c.ID, white)
	b.say(c.ID, black, "players", "thanks")
	if m := fa.next("chat"); m.Message.Text != "thanks" || m.Message.Seq != 3 {
		t.Fatalf("white's feed got %+v, want black's thanks, seq 3", m.Message)
	}
}

// TestChatInRecord: the Norns record carries the chat as comment lines,
// the players' room only for a seat holder, and still verifies.
func TestChatInRecord(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white := c.Seats[0].Token
	e.say(c.ID, white, "players", "good luck")
	e.say(c.ID, "", "spectators", "nice opening")
	e.leave(c.ID, "resign", white)
	public := e.record(c.ID, "norns")
	var private string
	req, _ := http.NewRequest("GET", e.base+"/api/games/"+c.ID+"/record?format=norns", nil)
	req.Header.Set("Authorization", "Bearer "+white)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		private = string(b)
	}
	spect := regexp.MustCompile(`(?m)^# chat 2 spectators - \S+ "spectator" nice opening$`)
	players := regexp.MustCompile(`(?m)^# chat 1 players white \S+ "[^"]*" good luck$`)
	if !spect.MatchString(public) || players.MatchString(public) {
		t.Errorf("the record for everybody:\n%s\nwant the spectators' message only", public)
	}
	if !spect.MatchString(private) || !players.MatchString(private) {
		t.Errorf("the record for a player:\n%s\nwant both rooms", private)
	}
	for _, text := range []string{public, private} {
		rec, err := record.Parse(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := record.Verify(rec, games.All); err != nil {
			t.Errorf("Verify(record with chat) = %v", err)
		}
	}
}
