package nordsloki

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// TestScenarioLokiNeedsAllFour: 7.1, "if the player has at least one
// checker on each of the ships Laguz (21), Othala (24), Kenaz (6) and Isa
// (11) ... the player wins at once". The konung's step onto Kenaz that wins
// in TestRule7_1_Loki wins nothing when any other of the four ships is
// empty: the checkers that stood on it stand one field further.
func TestScenarioLokiNeedsAllFour(t *testing.T) {
	tests := []struct{ name, p1 string }{
		{"all four", "p1=5:K,7:W,11:4W,21:3W,24:4W/-/0/7"},
		{"no checker on Isa", "p1=5:K,7:W,12:4W,21:3W,24:4W/-/0/7"},
		{"no checker on Laguz", "p1=5:K,7:W,11:4W,22:3W,24:4W/-/0/7"},
		{"no checker on Othala", "p1=5:K,7:W,11:4W,21:3W,23:4W/-/0/7"},
	}
	for i, tc := range tests {
		s := setup(t, on2, tc.p1+" "+P2+" ghosts=- first=p1 turns=9 move:p1:1:-")
		play(t, s, "K5/6")
		r := s.Result()
		if won := r.Kind == game.Win && r.Reason == "loki"; won != (i == 0) {
			t.Errorf("%s: after K5/6: %s (%+v), want a LOKI win %v", tc.name, game.Status(s), r, i == 0)
		}
	}
}
