package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
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

// kingOrPawns is a Seiðr call of steel in which White has three
// captures, one of them the king (Re1xe8): a random pick misses it two
// times in three.
func kingOrPawns(t *testing.T) game.State {
	t.Helper()
	g, err := games.ByName("seidr")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.Setup(nil, "4k3/p6p/8/8/8/2N5/8/RB2R1K1 w - - 1 1 steel c3")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Legal()); n != 3 {
		t.Fatalf("%d captures, want 3", n)
	}
	return s
}

// TestPlayoutTakesDecisiveMove: where a playout's choice is small and one
// action wins at once, the playout takes it.
func TestPlayoutTakesDecisiveMove(t *testing.T) {
	s := kingOrPawns(t)
	for seed := range uint64(20) {
		tr := &tree{rng: rand.New(rand.NewPCG(seed, 0))}
		ret, n := tr.playout(s, &MCTSConfig{Playout: 1}, true)
		if n != 1 || ret[0] != 1 {
			t.Fatalf("seed %d: playout of %d actions returns %v, want the king taken (1 action, white 1)", seed, n, ret)
		}
		for range n {
			_ = s.Undo()
		}
	}
}

// TestNewNodeTriesDecisiveMoveFirst: a node's first child is the action
// that wins at once, when its choice is small and there is one.
func TestNewNodeTriesDecisiveMoveFirst(t *testing.T) {
	s := kingOrPawns(t)
	for seed := range uint64(20) {
		m := NewMCTS(MCTSConfig{Iterations: 1, Seed: seed})
		a, err := m.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ActionString(a); got != "e1e8" {
			t.Fatalf("seed %d: first child %s, want e1e8", seed, got)
		}
	}
}
