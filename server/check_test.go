package server_test

import (
	"slices"
	"testing"

	"github.com/norns-games/norns/wire"
)

// TestViewCheck: the view lists the square of a king in check, in chess
// and Samurai chess, and nothing otherwise.
func TestViewCheck(t *testing.T) {
	e := start(t, nil)
	for _, g := range []string{"chess", "samurai"} {
		c := e.create(wire.CreateRequest{Game: g, Seats: seats("h", "h")})
		var v wire.View
		for i, m := range []string{"e2e4", "f7f6", "d1h5"} {
			if v.Check != nil {
				t.Errorf("%s: check before %s = %v, want none", g, m, v.Check)
			}
			e.must("POST", "/api/games/"+c.ID+"/actions", c.Seats[i%2].Token, map[string]any{"action": m, "seq": i}, &v)
		}
		if !slices.Equal(v.Check, []string{"e8"}) {
			t.Errorf("%s: check after Qh5+ = %v, want [e8]", g, v.Check)
		}
		if got := e.view(c.ID).Check; !slices.Equal(got, []string{"e8"}) {
			t.Errorf("%s: GET view check = %v, want [e8]", g, got)
		}
	}
	c := e.create(wire.CreateRequest{Game: "seatafl", Seats: seats("h", "h")})
	if v := e.view(c.ID); v.Check != nil {
		t.Errorf("seatafl: check = %v, want none", v.Check)
	}
}
