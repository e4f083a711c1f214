package live_test

import (
	"encoding/json"
	"path/filepath"
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

// TestHallClock plays a game through the hall's commands alone, with no
// HTTP, on a clock the test controls: the time a player takes is what the
// clock says, to the millisecond, and the first move of each player is not
// timed.
func TestHallClock(t *testing.T) {
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clock := &fakeClock{now: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	h, err := live.New(live.Config{Store: st, Games: games.All, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ctx := t.Context()
	resp, err := h.Create(ctx, wire.CreateRequest{
		Game:  "chess",
		Seats: []wire.SeatRequest{{Type: "human"}, {Type: "human"}},
		Clock: &wire.ClockRequest{InitialMs: 60_000, IncrementMs: 2_000},
	}, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Start(ctx, resp.ID); err != nil {
		t.Fatal(err)
	}
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
