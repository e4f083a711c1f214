package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// midgame plays 20 random plies from the start of g, so that the
// benchmarks search a typical position rather than the opening.
func midgame(b *testing.B, g game.Game) game.State {
	s, err := g.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20 {
		if s.Terminal() {
			break
		}
		if s.Player() == game.Chance {
			s.ApplyUnchecked(game.SampleChance(s, rng))
			continue
		}
		l := s.Legal()
		s.ApplyUnchecked(l[rng.IntN(len(l))])
	}
	// Go on to a decision with a choice.
	for !s.Terminal() && (s.Player() == game.Chance || len(s.Legal()) < 2) {
		if s.Player() == game.Chance {
			s.ApplyUnchecked(game.SampleChance(s, rng))
			continue
		}
		s.ApplyUnchecked(s.Legal()[0])
	}
	return s
}

// BenchmarkMCTS reports MCTS iterations per second (one worker) in each
// game, expanding one child with the default playout, and expanding all
// children scored by the evaluation, as the levels do.
func BenchmarkMCTS(b *testing.B) {
	for _, g := range games.All {
		for _, all := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/expandall=%v", g.Name(), all), func(b *testing.B) {
				s := midgame(b, g)
				if s.Terminal() {
					b.Skip("game over")
				}
				iters := 0
				for b.Loop() {
					m := ai.NewMCTS(ai.MCTSConfig{Iterations: 1000, ExpandAll: all, Seed: 1})
					if _, err := m.Choose(context.Background(), s); err != nil {
						b.Fatal(err)
					}
					iters += m.LastStats().Iterations
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
			})
		}
	}
}

// BenchmarkAlphaBeta reports alpha-beta nodes per second (quiescence
// evaluations included) in each two-player game.
func BenchmarkAlphaBeta(b *testing.B) {
	for _, g := range games.All {
		b.Run(g.Name(), func(b *testing.B) {
			s := midgame(b, g)
			if s.Terminal() || len(s.Players()) != 2 {
				b.Skip("not a two-player position")
			}
			nodes := 0
			for b.Loop() {
				ab := ai.NewAlphaBeta(ai.AlphaBetaConfig{Nodes: 20000, Seed: 1, TableBits: 16})
				if _, err := ab.Choose(context.Background(), s); err != nil {
					b.Fatal(err)
				}
				nodes += ab.LastStats().Iterations
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkMCTSGame plays whole Nords Loki games between two MCTS agents
// of 100 iterations a move, which keep their trees between moves: the
// search, and the step from one searched state to the next over the
// opponent's moves, the rolls and the passes.
func BenchmarkMCTSGame(b *testing.B) {
	g, err := games.ByName("nordsloki")
	if err != nil {
		b.Fatal(err)
	}
	plies := 0
	for b.Loop() {
		s, err := g.New(nil)
		if err != nil {
			b.Fatal(err)
		}
		agents := []ai.Agent{
			ai.NewMCTS(ai.MCTSConfig{Iterations: 100, Seed: 1}),
			ai.NewMCTS(ai.MCTSConfig{Iterations: 100, Seed: 2}),
		}
		dice := rand.New(rand.NewPCG(5, 5))
		for !s.Terminal() {
			var a game.Action
			if p := s.Player(); p == game.Chance {
				a = game.SampleChance(s, dice)
			} else if a, err = agents[p].Choose(context.Background(), s); err != nil {
				b.Fatal(err)
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
		plies += game.HistoryLen(s)
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
