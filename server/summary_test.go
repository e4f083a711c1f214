package server_test

import (
	"testing"

	"github.com/norns-games/norns/wire"
)

// TestSummaryTurnPositionClocks: the list of games says whose turn it is,
// and for a game under way its position and each seat's time left.
func TestSummaryTurnPositionClocks(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 180000, IncrementMs: 2000}})
	tokens := tokensOf(c)
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["white"], map[string]any{"action": "e2e4", "seq": 0}, nil)
	var list wire.ListResponse
	e.must("GET", "/api/games?state=live", "", nil, &list)
	found := 0
	for _, g := range list.Games {
		switch g.ID {
		case c.ID:
			found++
			if g.ToMove != "black" || g.Position != e.view(c.ID).Position || g.ClocksMs["white"] != 182000 || g.ClocksMs["black"] != 180000 {
				t.Errorf("the summary of the game under way: to move %q, position %q, clocks %v; want black, %q, white 182000 and black 180000", g.ToMove, g.Position, g.ClocksMs, e.view(c.ID).Position)
			}
		}
	}
	if found != 1 {
		t.Errorf("the list holds the game %d times: %+v", found, list.Games)
	}
}
