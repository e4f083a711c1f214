package seidr

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEvaluate(t *testing.T) {
	tests := []struct {
		position string
		sign     int // the sign of White's value
	}{
		{StartPosition, 0},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 quiet -", 1},  // Black has no queen
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1 quiet -", -1}, // White has no queen
		{"4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -", 1},                         // White took the king
	}
	for _, tc := range tests {
		v := setup(t, nil, tc.position).Evaluate()
		sign := 0
		if v[0] > 0 {
			sign = 1
		} else if v[0] < 0 {
			sign = -1
		}
		if sign != tc.sign || v[1] != -v[0] || v[0] < -1 || v[0] > 1 {
			t.Errorf("Evaluate(%q) = %v, want White's sign %d, zero sum, in [-1, 1]", tc.position, v, tc.sign)
		}
	}
	if v := setup(t, nil, "4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -").Evaluate(); !slices.Equal(v, []float64{1, -1}) {
		t.Errorf("Evaluate(won by White) = %v, want [1 -1]", v)
	}
	// Values stay in [-1, 1] over random games.
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		s := setup(t, nil, StartPosition)
		for !s.Terminal() {
			if v := s.Evaluate(); v[0] < -1 || v[0] > 1 || v[1] != -v[0] {
				t.Fatalf("Evaluate(%q) = %v", s.Position(), v)
			}
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
	}
}

func TestHash(t *testing.T) {
	hash := func(pos string) uint64 { return setup(t, nil, pos).Hash() }
	played := setup(t, nil, StartPosition)
	play(t, played, "c2c4")
	base := "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr c4"
	if got, want := played.Hash(), hash(base); got != want {
		t.Errorf("Hash(played c2c4) = %x, want Hash(%q) = %x", got, base, want)
	}
	if hash(base) != hash("rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 7 9 seidr c4") {
		t.Errorf("Hash depends on the counters")
	}
	for _, other := range []string{
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 steel c4",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr b2",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b - - 1 1 quiet -",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 quiet -",
	} {
		if hash(other) == hash(base) {
			t.Errorf("Hash(%q) = Hash(%q)", other, base)
		}
	}
}
