package tafl

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// BenchmarkRandomGame plays random games of the default layout (sea11) to
// the end; one op is one game.
func BenchmarkRandomGame(b *testing.B) {
	start, _ := Sea.New(nil)
	rng := rand.New(rand.NewPCG(1, 1))
	var buf [512]uint32
	plies := 0
	for b.Loop() {
		s := start.Clone().(*State)
		for !s.Terminal() {
			moves := s.b.Legal(&s.rules, buf[:0])
			s.ApplyUnchecked(game.Action(moves[rng.IntN(len(moves))]))
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkLegal generates the legal moves of positions taken from random
// sea11 games; one op is one generation.
func BenchmarkLegal(b *testing.B) {
	start, _ := Sea.New(nil)
	rng := rand.New(rand.NewPCG(1, 2))
	var states []*State
	for len(states) < 256 {
		s := start.Clone().(*State)
		for ply := 0; !s.Terminal() && ply < 60; ply++ {
			if ply%10 == 0 {
				states = append(states, s.Clone().(*State))
			}
			l := s.Legal()
			s.ApplyUnchecked(l[rng.IntN(len(l))])
		}
	}
	var buf [512]uint32
	moves := 0
	i := 0
	for b.Loop() {
		s := states[i%len(states)]
		moves += len(s.b.Legal(&s.rules, buf[:0]))
		i++
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}

// BenchmarkLegalState measures State.Legal, which also allocates the
// result, on the sea11 start.
func BenchmarkLegalState(b *testing.B) {
	s, _ := Sea.New(nil)
	for b.Loop() {
		_ = s.Legal()
	}
}
