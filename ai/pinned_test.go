package ai_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/games"
)

// TestMCTSChoicesPinned: MCTS agents of fixed seeds choose the same moves
// as they always have, over games in which each agent keeps its tree
// between moves (so that the step from the last searched state to the new
// one, with the passes the game applied by itself, is part of what is
// checked). A change to the search that is meant to change nothing must
// leave these records alone; a change of a game's rules may change them,
// and then they are written again from the new output.
func TestMCTSChoicesPinned(t *testing.T) {
	tests := []struct {
		game      string
		expandAll bool
		want      string
	}{
		{"nordsloki", false,
			"p1 6-3-2 K0/3 K3/5 W0/6 6-4-3 K0/4 K4/7 W0/6 5-5-4 W0/5 W0/4 " +
				"W0/5 3-3-2 W0/2 W0/3 W3/6 3-2-2 W4/7 W5/7 W0/2 5-3-2 K0/3 " +
				"K3/8 W6/8 6-3-3 W0/3 W3/6 W0/6 5-3-2 W0/2 W0/3 W3/8 5-4-3 " +
				"W0/5 W0/3 W3/7 5-4-2 W2/4 W0/4 6-3-2 W0/3 W3/5 W0/6 6-4-1 " +
				"W0/4 W0/1 5-5-1 K5/6 W0/5 W0/5 5-3-1 W1/2 W2/5 W0/5 4-4-1 " +
				"W0/1 6-6-3 W0/3 6-5-1 K6/7 W0/6 W1/6 4-1-1 W4/5 W3/4 W0/4 " +
				"6-2-2 W0/2 W0/6 W0/2 6-3-2 W4/6 W0/6 W0/3 4-3-2 W0/3 W0/2 " +
				"W3/7 4-3-3"},
		{"nordsloki", true,
			"p1 6-3-2 K0/6 K6/8 W0/3 6-4-3 K0/3 K3/7 W0/6 5-5-4 W0/5 W0/5 " +
				"W0/4 3-3-2 W6/8 W0/3 W0/3 3-2-2 K0/2 W4/7 W0/2 5-3-2 K0/3 " +
				"K3/8 6-3-3 K2/5 W0/6 W2/5 5-3-2 W0/3 W0/2 W2/7 5-4-3 W0/4 " +
				"W0/5 W4/7 5-4-2 W0/5 W5/7 W3/7 6-3-2 K0/6 W0/2 W2/5 6-4-1 " +
				"W0/4 W0/1 W1/7 5-5-1 W0/1 W0/5 W0/5 5-3-1 W0/3 W7/8 W3/8 " +
				"4-4-1 W0/1 W0/4 W0/4 6-6-3 W0/3 6-5-1 W0/1 W0/5 W0/6 4-1-1 " +
				"W7/8 W3/7 W7/8 6-2-2 W0/2 W2/4 W0/6 6-3-2 K0/3 W0/2 W2/8 " +
				"4-3-2 W5/8"},
		{"seidr", false,
			"d2d3 4 6 7 5 e2e7 a7a5 1 1 4 d8e7 g1e2 6 4 pass a8a6 4 e7e2 " +
				"g2g4 4 6 6 e1e2 c7c6 5 3 3 8 7 2 6 6 2 2 2 5 5 2 d7h3 e2e1 5 " +
				"pass a5c5 7 7 pass b1d2 6 7 3 8 4 3 6 pass f8a3 2 pass h1g1 " +
				"1 3 7 6 7 7 g7h8q h3f5 2 7 4 8 4 5 8 6 a3b2 d1d2 3 3 4 h8g8 " +
				"e8e7 2 7 3"},
		{"seidr", true,
			"b1a3 4 6 7 b2b7 a7a5 5 1 1 4 c8b7 g1h3 6 4 4 g2g7 b7a6 4 " +
				"f8g7 a1b3 6 6 c1a3 g7a1 5 3 a6e2 h3h4 3 d1e2 a8a6 8 7 2 6 6 " +
				"2 2 2 b8a6 h2h3 5 5 f2e1 a2b1 2 pass a3c5 5 7 7 pass b1d3 6 " +
				"7 a6c5 h3g1 3 8 4 3 e2d3 c5e4 6 2 1 3 7 6 7 h7e4"},
	}
	for _, tc := range tests {
		g, err := games.ByName(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		var agents []ai.Agent
		for p := range s.Players() {
			agents = append(agents, ai.NewMCTS(ai.MCTSConfig{Iterations: 200, Playout: 3, ExpandAll: tc.expandAll, Seed: uint64(10 + p)}))
		}
		var words []string
		for _, a := range playGame(t, s, agents, rand.New(rand.NewPCG(5, 5)), 80, nil) {
			words = append(words, s.ActionString(a))
		}
		if got := strings.Join(words, " "); got != tc.want {
			t.Errorf("%s, expand all %v: the agents played\n%s\nwant\n%s", tc.game, tc.expandAll, got, tc.want)
		}
	}
}
