package ai

import (
	"context"
	"testing"

	"norns/game"
	"norns/games"
)

// TestExpandAllKeepsTheNodeBound: expanding every child at once still
// stops growing the tree at MaxNodes (give or take one node's children).
func TestExpandAllKeepsTheNodeBound(t *testing.T) {
	for _, name := range []string{"seidr", "nordsloki"} {
		g, err := games.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := g.New(nil)
		// Go on to a decision between several actions.
		for s.Player() == game.Chance || len(s.Legal()) < 2 {
			if s.Player() == game.Chance {
				s.ApplyUnchecked(s.ChanceOutcomes()[0].Action)
			} else {
				s.ApplyUnchecked(s.Legal()[0])
			}
		}
		const bound = 300
		m := NewMCTS(MCTSConfig{Iterations: 3000, ExpandAll: true, MaxNodes: bound, Seed: 1})
		if _, err := m.Choose(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		var count func(n *node) int
		count = func(n *node) int {
			c := 1
			for _, ch := range n.children {
				c += count(ch)
			}
			return c
		}
		if n := count(m.trees[0].root); n > bound+100 || n < bound {
			t.Errorf("%s: the tree has %d nodes, want about %d", name, n, bound)
		}
	}
}
