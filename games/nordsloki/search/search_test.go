package search_test

import (
	"context"
	"slices"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
	"github.com/norns-games/norns/games/nordsloki/search"
	"github.com/norns-games/norns/games/searches"
)

// TestLevelsPlayTheNet: the AI's medium and hard levels play Nords Loki
// with the learned evaluation (one and two plies), the legacy levels with
// the generic search, and without konungs, for which no net is trained,
// the levels play the generic search too; every choice is legal.
func TestLevelsPlayTheNet(t *testing.T) {
	for _, tc := range []struct {
		options   game.Options
		level     string
		iters     int
		wantDepth int // the search's depth in plies; 0: the generic search
	}{
		{game.Options{}, "medium", 0, 1},
		{game.Options{}, "hard", 0, 2},
		{game.Options{}, "hard", search.TwoPlyNodes, 2},
		{game.Options{"players": "3"}, "medium", 5000, 1},
		{game.Options{}, "legacy-hard", 200, 0},
		{game.Options{"konungs": "off"}, "hard", 200, 0},
	} {
		g, err := nordsloki.Game{}.New(tc.options)
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*nordsloki.State)
		cfg, err := ai.ParseSpec(tc.level)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Iterations = tc.iters
		agent, err := searches.NewAgent(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for s.Player() == game.Chance {
			s.Apply(s.ChanceOutcomes()[0].Action)
		}
		a, err := agent.Choose(context.Background(), s)
		if err != nil || !slices.Contains(s.Legal(), a) {
			t.Fatalf("%s %v: Choose = %v, %v; want a legal step", tc.level, tc.options, a, err)
		}
		stats := agent.(ai.StatsReporter).LastStats()
		native := stats.Iterations == 0 && stats.Depth > 0
		if got := map[bool]int{true: stats.Depth, false: 0}[native]; got != tc.wantDepth {
			t.Errorf("%s %v: searched %+v, want the net at depth %d (0: the generic search)", tc.level, tc.options, stats, tc.wantDepth)
		}
	}
}
