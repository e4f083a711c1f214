package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
	"github.com/norns-games/norns/games"
)

// TestDescendLinear: the step from the state last searched to one 2,000
// plies further copies the history a bounded number of times, not once per
// ply (about 2,000²/2 = 2,000,000 actions), and finds the plies played.
func TestDescendLinear(t *testing.T) {
	g, err := games.ByName("seatafl")
	if err != nil {
		t.Fatal(err)
	}
	inner, err := g.New(game.Options{"repetition": "off", "move-limit": "30000"})
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	s := &gametest.CountingState{State: inner, Copied: &copied}
	m := NewMCTS(MCTSConfig{Iterations: 4, Seed: 1})
	if _, err := m.Choose(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	played, _ := gametest.PlayOn(t, s, rand.New(rand.NewPCG(1, 7)), 2000)
	n := game.HistoryLen(s)
	copied = 0
	if path := m.descend(s); !slices.Equal(path, played) {
		t.Fatalf("descend found %d plies, want the %d played", len(path), len(played))
	}
	if copied > 2*n {
		t.Errorf("descend over %d plies copied %d actions out of the history, want at most %d", len(played), copied, 2*n)
	}
}
