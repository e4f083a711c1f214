package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// waitGone waits until the store holds player as gone from game, or, with
// gone false, holds no player gone from it.
func waitGone(t *testing.T, st store.Store, game, player string, gone bool) {
	t.Helper()
	g, ok := st.(store.Gone)
	if !ok {
		t.Fatalf("%T keeps no players gone", st)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		since, err := g.GoneSince(context.Background(), game)
		if err != nil {
			t.Fatal(err)
		}
		if _, in := since[player]; in == gone && (gone || len(since) == 0) {
			return
		}
	}
	t.Fatalf("the store never had %s gone = %v from %s", player, gone, game)
}

// TestClaimTwoInstances: both players' feeds are on instance a; White's
// claims go to instance b, which follows no feed of the game: b refuses
// while Black is online and before the grace time counted from when a saw
// Black go (30 s at 5+0), then takes the claim of the victory; a draw is
// called on b the same way in another game, and both instances show the
// same end.
func TestClaimTwoInstances(t *testing.T) {
	clock := newFakeClock()
	a, b := pair(t, func(c *server.Config) { c.Now = clock.Now })
	for _, tc := range []struct{ what, result string }{
		{"claim-victory", "white wins (opponent left)"},
		{"claim-draw", "draw (opponent gone)"},
	} {
		c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: blitz})
		w, bl := c.Seats[0].Token, c.Seats[1].Token
		a.move(c.ID, w, "e2e4")
		a.move(c.ID, bl, "e7e5")
		refused := func(token, why string) {
			t.Helper()
			if st, code, _ := b.leave(c.ID, tc.what, token); st != http.StatusConflict || code != wire.CodeCannotClaim {
				t.Errorf("%s on b %s = %d %s, want 409 %s", tc.what, why, st, code, wire.CodeCannotClaim)
			}
		}
		refused(w, "with nobody connected")
		white := a.subscribe(c.ID, 0, w)
		black := a.subscribe(c.ID, 0, bl)
		white.presence("black", "white")
		clock.Add(time.Minute)
		refused(w, "while black is online on a")
		black.c.CloseNow()
		white.presence("white")
		waitGone(t, a.st, c.ID, "black", true)
		clock.Add(29 * time.Second)
		refused(w, "29 s after black left")
		refused(bl, "by black, gone")
		clock.Add(time.Second)
		st, code, v := b.leave(c.ID, tc.what, w)
		if st != http.StatusOK || !v.Finished || v.Result != tc.result {
			t.Fatalf("%s on b 30 s after black left = %d %s: finished %v, result %q; want %q", tc.what, st, code, v.Finished, v.Result, tc.result)
		}
		if last := v.History[len(v.History)-1]; last.Kind != tc.what || last.Player != "white" {
			t.Errorf("the last event = %+v, want white's %s", last, tc.what)
		}
		if _, got := white.until(func(g wire.View) bool { return g.Finished }); got.Result != tc.result {
			t.Errorf("White's feed on a ends with %q, want %q", got.Result, tc.result)
		}
		white.c.CloseNow()
	}
}
