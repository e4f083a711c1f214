package luxumbra

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// randomGame plays a game from the start to its end with uniform random
// moves and rolls drawn with their probabilities; it returns the number of
// actions.
func randomGame(rng *rand.Rand) int {
	s, _ := Game.New(nil)
	n := 0
	for !s.Terminal() {
		var a game.Action
		if s.Player() == game.Chance {
			a = game.SampleChance(s, rng)
		} else {
			legal := s.Legal()
			a = legal[rng.IntN(len(legal))]
		}
		s.ApplyUnchecked(a)
		n++
	}
	return n
}

// BenchmarkRandomGame measures complete random games per second.
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	games, actions := 0, 0
	for b.Loop() {
		actions += randomGame(rng)
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(games), "actions/game")
}
