package live_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// clockedChess starts a game of chess between two human seats, 1+2
// minutes, in a hall on SQLite whose clock the test moves.
func clockedChess(t *testing.T) (*live.Hall, *fakeClock, *wire.CreateResponse) {
	t.Helper()
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := &fakeClock{now: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	h, err := live.New(live.Config{Store: st, Games: games.All, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	resp, err := h.Create(t.Context(), wire.CreateRequest{
		Game:  "chess",
		Seats: []wire.SeatRequest{{Type: "human"}, {Type: "human"}},
		Clock: &wire.ClockRequest{InitialMs: 60_000, IncrementMs: 2_000},
	}, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Start(t.Context(), resp.ID); err != nil {
		t.Fatal(err)
	}
	return h, clock, &resp
}

// TestHallClock plays a game through the hall's commands alone, with no
// HTTP, on a clock the test controls: the time a player takes is what the
// clock says, to the millisecond, and the first move of each player is not
// timed.
func TestHallClock(t *testing.T) {
	h, clock, resp := clockedChess(t)
	ctx := t.Context()
	white, black := resp.Seats[0].Token, resp.Seats[1].Token
	seq := int64(0)
	play := func(token, action string, think time.Duration) wire.View {
		t.Helper()
		clock.advance(think)
		b, err := h.Play(ctx, resp.ID, token, wire.PlayRequest{Action: action, Seq: &seq})
		if err != nil {
			t.Fatalf("%s: %v", action, err)
		}
		var v wire.View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		seq = v.Seq
		return v
	}
	play(white, "e2e4", 30*time.Second) // first moves: not timed
	play(black, "e7e5", 40*time.Second)
	v := play(white, "g1f3", 7*time.Second)
	// Each move, the first too, adds the increment.
	if got := v.Clock.RemainingMs; got["white"] != 57_000 || got["black"] != 62_000 || v.Clock.Running != "black" {
		t.Errorf("after white took 7 s: remaining %v, running %q; want white 57000 (60 s + 2 s - 7 s + 2 s), black 62000, running black", got, v.Clock.Running)
	}
	clock.advance(1500 * time.Millisecond)
	b, err := h.View(ctx, resp.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if got := v.Clock.RemainingMs["black"]; got != 60_500 {
		t.Errorf("black's clock 1.5 s into its turn = %d ms, want 60500", got)
	}
	if _, err := h.Play(ctx, resp.ID, white, wire.PlayRequest{Action: "d2d4", Seq: &seq}); err == nil {
		t.Errorf("white played on black's turn")
	} else if e, ok := err.(*live.Error); !ok || e.Code != wire.CodeNotYourTurn {
		t.Errorf("white on black's turn: %v, want %s", err, wire.CodeNotYourTurn)
	}
}

// members returns the names of the members of the JSON object b, in order,
// repeats included.
func members(t *testing.T, b []byte) []string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("view %.60s: %v, %v; want an object", b, tok, err)
	}
	var names []string
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// TestViewJSON: the views the hall answers with (a move's answer from the
// mover's seq, a seat's view, anyone's view, the state message) are one
// object each, with every member once, and carry the history from where
// they were asked, the clocks of now and the seat they were asked for.
func TestViewJSON(t *testing.T) {
	h, clock, resp := clockedChess(t)
	ctx := t.Context()
	sub, _, err := h.Subscribe(ctx, resp.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Unsubscribe(resp.ID, sub)
	white, black := resp.Seats[0].Token, resp.Seats[1].Token
	for i, mv := range []struct{ token, action string }{{white, "e2e4"}, {black, "e7e5"}, {white, "g1f3"}} {
		seq := int64(i)
		clock.advance(3 * time.Second)
		b, err := h.Play(ctx, resp.ID, mv.token, wire.PlayRequest{Action: mv.action, Seq: &seq})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, m := range members(t, b) {
			seen[m]++
		}
		for m, n := range seen {
			if n != 1 {
				t.Errorf("answer to %s: member %q %d times", mv.action, m, n)
			}
		}
		if seen["history"] != 1 || seen["clock"] != 1 || seen["legal"] != 1 || seen["you"] != 0 {
			t.Errorf("answer to %s: members %v; want history, clock and legal, no you", mv.action, seen)
		}
		var v wire.View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Seq != seq+1 || len(v.History) != 1 || v.History[0].Action != mv.action || v.Clock == nil || len(v.Legal) == 0 {
			t.Errorf("answer to %s: seq %d, history %v, clock %v, %d legal; want seq %d, the move alone, a clock, legal moves", mv.action, v.Seq, v.History, v.Clock, len(v.Legal), seq+1)
		}
	}
	var states [][]byte
	for len(states) < 3 {
		m := <-sub.Messages()
		if bytes.HasPrefix(m, []byte(`{"game":`)) {
			states = append(states, m[len(`{"game":`):len(m)-len(`,"type":"state"}`)])
		}
	}
	clock.advance(1500 * time.Millisecond)
	mine, err := h.View(ctx, resp.ID, black)
	if err != nil {
		t.Fatal(err)
	}
	anyone, err := h.View(ctx, resp.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		b       []byte
		you     string
		history int
		blackMs int64
	}{
		{"black's view", mine, "black", 3, 60_500},
		{"anyone's view", anyone, "", 3, 60_500},
		{"the last state message", states[2], "", 0, 62_000},
	} {
		names := members(t, c.b)
		if len(names) != len(slices.Compact(slices.Sorted(slices.Values(names)))) {
			t.Errorf("%s: members %v, some repeated", c.name, names)
		}
		var v wire.View
		if err := json.Unmarshal(c.b, &v); err != nil {
			t.Fatal(err)
		}
		if v.You != c.you || len(v.History) != c.history || v.Clock == nil || v.Clock.RemainingMs["black"] != c.blackMs || v.Clock.Running != "black" || v.ToMove != "black" {
			t.Errorf("%s: you %q, %d events, clock %+v, to move %q; want you %q, %d events, black %d ms and running, black to move", c.name, v.You, len(v.History), v.Clock, v.ToMove, c.you, c.history, c.blackMs)
		}
	}
}
