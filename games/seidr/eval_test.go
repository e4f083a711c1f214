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

// TestEvaluateKingThreat: an attack on the king that this turn's call of
// steel can carry out outweighs material, for the player to move only.
func TestEvaluateKingThreat(t *testing.T) {
	tests := []struct {
		name, position string
		min, max       float64 // White's value
	}{
		// Black is a queen for a rook up, but White's rook attacks the
		// king and the quiet move will be the king's.
		{"direct, White to move", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 quiet -", threatQuiet - 0.1, threatQuiet},
		{"direct, Black to move", "q3k3/8/8/8/8/8/8/4R1K1 b - - 0 1 quiet -", -1, 0},
		{"the attacker is the carrier", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 steel e1", -1, 0},
		{"the attacker is not the carrier", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 steel g1", threatSteel - 0.01, 1},
		{"mid-seiðr", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 seidr g1", threatSeidr - 0.1, threatSeidr},
		// Moving the bishop off the e-file uncovers the rook.
		{"uncovered", "q3k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1 quiet -", threatUncovered - 0.1, threatUncovered},
		{"blocked by Black", "q3k3/8/8/8/4b3/8/8/4R1K1 w - - 0 1 quiet -", -1, 0},
	}
	for _, tt := range tests {
		v := setup(t, nil, tt.position).Evaluate()
		if v[0] < tt.min || v[0] > tt.max || v[1] != -v[0] {
			t.Errorf("%s: Evaluate(%q) = %v, want White's value in [%v, %v]", tt.name, tt.position, v, tt.min, tt.max)
		}
	}
}

// TestEvaluateExposure: a king with open lines around it, where an
// opposing carrier can slide into it and swap it away, is worth less.
func TestEvaluateExposure(t *testing.T) {
	sheltered := setup(t, nil, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 quiet -").Evaluate()[0]
	open := setup(t, nil, "4k3/pppppppp/8/8/4K3/8/PPPPPPPP/8 w - - 0 1 quiet -").Evaluate()[0]
	if sheltered != 0 || open >= -0.05 {
		t.Errorf("Evaluate: sheltered king %v (want 0), king on e4 %v (want below -0.05)", sheltered, open)
	}
}
