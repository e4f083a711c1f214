package search_test

import (
	"context"
	"testing"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/games/nordsloki/search"
)

// TestNetBeatsRandom: the committed nets, one ply ahead, against random
// play (two players: the score; three: first places).
func TestNetBeatsRandom(t *testing.T) {
	for _, tc := range []struct {
		players, games int
		min            float64
	}{{2, 200, 0.99}, {3, 150, 0.99}} {
		es := []arena.Entrant{netEntrant("net", nil), entrant(t, "random")}
		if tc.players == 3 {
			es = append(es, entrant(t, "random"))
		}
		sum, _, _ := runArena(t, tc.players, tc.games, 2, 11, es...)
		score := float64(sum.Wins[0]) / float64(tc.games)
		if tc.players == 2 {
			score, _ = sum.ScoreCI(0)
		}
		t.Logf("%d players: %d wins of %d against random", tc.players, sum.Wins[0], tc.games)
		if score < tc.min {
			t.Errorf("%d players: the net scores %.1f%% against random, want at least %.0f%%\n%s", tc.players, 100*score, 100*tc.min, sum)
		}
	}
}

// TestTrainImproves: a short run of the trainer beats its own first
// checkpoint clearly.
func TestTrainImproves(t *testing.T) {
	if testing.Short() {
		t.Skip("trains for some seconds")
	}
	var first *search.Net
	final, err := search.Train(context.Background(), search.TrainConfig{
		Players: 2, Games: 150, Seed: 3, Every: 10,
		OnCheckpoint: func(games int, nt *search.Net, _ search.TrainStats) {
			if first == nil {
				first = nt
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	sum, _, _ := runArena(t, 2, 100, 2, 12, netEntrant("final", final), netEntrant("first", first))
	score, half := sum.ScoreCI(0)
	t.Logf("after 150 games against the checkpoint at 10: %.1f%% ± %.1f", 100*score, 100*half)
	if score < 0.6 {
		t.Errorf("after 150 games the net scores %.1f%% against its first checkpoint, want at least 60%%\n%s", 100*score, sum)
	}
}
