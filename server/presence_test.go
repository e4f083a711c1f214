package server_test

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/wire"
)

// fakeClock is a clock the test moves by hand (live.Config.Now).
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Now()} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// presence reads messages until a watchers message whose players online
// are online, and returns it.
func (f *feed) presence(online ...string) message {
	f.t.Helper()
	for {
		m := f.read()
		if m.Type == "watchers" && slices.Equal(m.Online, online) {
			return m
		}
	}
}

// blitz is a live clock of 5+0, whose grace time is 30 s.
var blitz = &wire.ClockRequest{InitialMs: 5 * 60 * 1000}

// TestPresence: every subscriber hears which players are online (a feed
// that proved the seat) and, in a live game between two people, how long
// before a claim against each one gone; a feed that never proved a seat
// makes nobody online; a correspondence game gives no time.
func TestPresence(t *testing.T) {
	clock := newFakeClock()
	e := start(t, func(c *server.Config) { c.Now = clock.Now })
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: blitz})
	tokens := tokensOf(c)
	white := e.subscribe(c.ID, 0, tokens["white"])
	if m := white.presence("white"); !maps.Equal(m.GoneMs, map[string]int64{"black": 30000}) {
		t.Errorf("White alone: gone_ms = %v, want black's 30 s", m.GoneMs)
	}
	black := e.subscribe(c.ID, 0, tokens["black"])
	for name, f := range map[string]*feed{"white": white, "black": black} {
		if m := f.presence("black", "white"); len(m.GoneMs) != 0 {
			t.Errorf("both online, %s hears gone_ms = %v, want none", name, m.GoneMs)
		}
	}
	spectator := e.subscribe(c.ID, 0, "")
	if m := spectator.presence("black", "white"); m.Count != 1 {
		t.Errorf("the spectator hears %d spectators, want 1", m.Count)
	}
	clock.Add(10 * time.Second)
	black.c.CloseNow()
	for name, f := range map[string]*feed{"white": white, "the spectator": spectator} {
		if m := f.presence("white"); !maps.Equal(m.GoneMs, map[string]int64{"black": 30000}) || m.Count != 1 {
			t.Errorf("black gone, %s hears gone_ms = %v and %d spectators, want black's 30 s and 1", name, m.GoneMs, m.Count)
		}
	}

	corr := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{DaysPerMove: 3}})
	f := e.subscribe(corr.ID, 0, corr.Seats[0].Token)
	if m := f.presence("white"); m.GoneMs != nil {
		t.Errorf("a correspondence game: gone_ms = %v, want none", m.GoneMs)
	}
	if st, code, _ := e.leave(corr.ID, "claim-victory", corr.Seats[0].Token); st != http.StatusConflict || code != wire.CodeCannotClaim {
		t.Errorf("a claim in a correspondence game = %d %s, want 409 %s", st, code, wire.CodeCannotClaim)
	}
}

// TestClaimVictory: the player present may claim the victory once the
// opponent has been gone for the grace time (30 s at 5+0), not before, not
// while the opponent is online, nor when not connected themselves; the
// game ends "opponent left", and its records say so and verify.
func TestClaimVictory(t *testing.T) {
	clock := newFakeClock()
	e := start(t, func(c *server.Config) { c.Now = clock.Now })
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: blitz})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	e.move(c.ID, w, "e2e4")
	e.move(c.ID, b, "e7e5")
	refused := func(what, why string) {
		t.Helper()
		if st, code, _ := e.leave(c.ID, what, w); st != http.StatusConflict || code != wire.CodeCannotClaim {
			t.Errorf("%s %s = %d %s, want 409 %s", what, why, st, code, wire.CodeCannotClaim)
		}
	}
	refused("claim-victory", "with nobody connected")
	white := e.subscribe(c.ID, 0, w)
	black := e.subscribe(c.ID, 0, b)
	white.presence("black", "white")
	clock.Add(time.Minute)
	refused("claim-victory", "while black is online")
	black.c.CloseNow()
	white.presence("white")
	clock.Add(29 * time.Second)
	refused("claim-victory", "29 s after black left")
	if st, code, _ := e.leave(c.ID, "claim-victory", b); st != http.StatusConflict || code != wire.CodeCannotClaim {
		t.Errorf("black's claim, gone = %d %s, want 409 %s", st, code, wire.CodeCannotClaim)
	}
	clock.Add(time.Second)
	st, code, v := e.leave(c.ID, "claim-victory", w)
	if st != http.StatusOK || !v.Finished || v.Result != "white wins (opponent left)" {
		t.Fatalf("the claim 30 s after black left = %d %s: finished %v, result %q; want white wins (opponent left)", st, code, v.Finished, v.Result)
	}
	if last := v.History[len(v.History)-1]; last.Kind != "claim-victory" || last.Player != "white" {
		t.Errorf("the last event = %+v, want white's claim-victory", last)
	}
	checkRecords(t, e, v)
	if pgn := e.record(c.ID, "pgn"); !strings.Contains(pgn, `[Termination "abandoned"]`) || !strings.Contains(pgn, `[Result "1-0"]`) {
		t.Errorf("the PGN of a victory claimed:\n%s", pgn)
	}
	if norns := e.record(c.ID, "norns"); !regexp.MustCompile(`(?m)^3 claim-victory white( \{clk [^}]*\})?$`).MatchString(norns) {
		t.Errorf("the Norns record lacks the claim:\n%s", norns)
	}
	if st, code, _ := e.leave(c.ID, "claim-victory", w); st != http.StatusConflict || code != wire.CodeGameOver {
		t.Errorf("a claim after the end = %d %s, want 409 %s", st, code, wire.CodeGameOver)
	}
}

// TestClaimDraw: the player present may call it a draw instead; the grace
// time counts from when the opponent's last feed went.
func TestClaimDraw(t *testing.T) {
	clock := newFakeClock()
	e := start(t, func(c *server.Config) { c.Now = clock.Now })
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 3 * 60 * 1000, IncrementMs: 2000}})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	e.move(c.ID, w, "d2d4")
	white := e.subscribe(c.ID, 0, w)
	black := e.subscribe(c.ID, 0, b)
	black2 := e.subscribe(c.ID, 0, b)
	white.presence("black", "white")
	black.c.CloseNow()
	clock.Add(40 * time.Second)
	if st, code, _ := e.leave(c.ID, "claim-draw", w); st != http.StatusConflict || code != wire.CodeCannotClaim {
		t.Errorf("white's claim with one of black's two feeds gone = %d %s, want 409 %s", st, code, wire.CodeCannotClaim)
	}
	black2.c.CloseNow()
	if m := white.presence("white"); !maps.Equal(m.GoneMs, map[string]int64{"black": 26000}) {
		t.Errorf("black gone at 3+2: gone_ms = %v, want 26 s", m.GoneMs)
	}
	clock.Add(26 * time.Second)
	st, code, v := e.leave(c.ID, "claim-draw", w)
	if st != http.StatusOK || !v.Finished || v.Result != "draw (opponent gone)" {
		t.Fatalf("the draw called = %d %s: finished %v, result %q; want draw (opponent gone)", st, code, v.Finished, v.Result)
	}
	checkRecords(t, e, v)
}
