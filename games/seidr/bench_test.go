package seidr

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomGame plays complete random games from the start, rolls
// drawn from the die, with the default options; it reports games per
// second and plies (actions, rolls included) per game.
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	plies, games := 0, 0
	for b.Loop() {
		g, _ := Game.New(nil)
		s := g.(*State)
		for !s.Terminal() {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
			plies++
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}
