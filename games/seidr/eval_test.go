package seidr

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/games/chess"
)

func TestEvaluate(t *testing.T) {
	tests := []struct {
		position string
		sign     int // the sign of White's value
	}{
		{StartPosition, 0}, // within 0.1: the player to move has a small edge
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 quiet -", 1},  // Black has no queen
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1 quiet -", -1}, // White has no queen
		{"4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -", 1},                         // White took the king
	}
	for _, tc := range tests {
		v := setup(t, nil, tc.position).Evaluate()
		sign := 0
		if v[0] > 0.1 {
			sign = 1
		} else if v[0] < -0.1 {
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
		{"direct, White to move", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 quiet -", 0.8, 0.9},
		{"direct, Black to move", "q3k3/8/8/8/8/8/8/4R1K1 b - - 0 1 quiet -", -1, -0.01},
		{"the attacker is the carrier", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 steel e1", -1, -0.01},
		{"the attacker is not the carrier", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 steel g1", threatSteel - 0.01, 1},
		{"mid-seiðr", "q3k3/8/8/8/8/8/8/4R1K1 w - - 0 1 seidr g1", threatSeidr - 0.05, threatSeidr + 0.05},
		// Moving the bishop off the e-file uncovers the rook.
		{"uncovered", "q3k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1 quiet -", 0.3, 0.7},
		{"blocked by Black", "q3k3/8/8/8/4b3/8/8/4R1K1 w - - 0 1 quiet -", -1, -0.1},
	}
	for _, tt := range tests {
		v := setup(t, nil, tt.position).Evaluate()
		if v[0] < tt.min || v[0] > tt.max || v[1] != -v[0] {
			t.Errorf("%s: Evaluate(%q) = %v, want White's value in [%v, %v]", tt.name, tt.position, v, tt.min, tt.max)
		}
	}
}

// TestEvaluateExposure: a king with open lines around it, where an
// opposing carrier can slide into it and swap it away, is worth less,
// and the opposing king's open lines are worth more.
func TestEvaluateExposure(t *testing.T) {
	value := func(pos string) float64 { return setup(t, nil, pos).Evaluate()[0] }
	sheltered := value("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 quiet -")
	open := value("4k3/pppppppp/8/8/4K3/8/PPPPPPPP/8 w - - 0 1 quiet -")
	theirs := value("8/pppppppp/8/4k3/8/8/PPPPPPPP/4K3 w - - 0 1 quiet -")
	// The king on e4 has 14 empty squares on its lines, the one on e1
	// has 2: 12 × 0.0458 in the model's log-odds.
	if d := sheltered - open; d < 0.2 || d > 0.35 {
		t.Errorf("Evaluate: sheltered king %v, king on e4 %v: difference %v, want 0.2 to 0.35", sheltered, open, d)
	}
	if theirs <= sheltered+0.2 {
		t.Errorf("Evaluate: Black's king on e5 %v, want above the sheltered kings' %v by 0.2", theirs, sheltered)
	}
}

// TestStartValue checks the model's arithmetic in one position: the
// start, where only the bias and the men count.
func TestStartValue(t *testing.T) {
	b := setup(t, nil, StartPosition).Board()
	f := features(b, chess.White)
	want := [numFeatures]float64{bias: 1, ourOpen: 0, theirOpen: 0, ourMen: 1.5, theirMen: 1.5}
	if f != want {
		t.Fatalf("features(start) = %v, want %v", f, want)
	}
	z := model[bias] + 1.5*model[ourMen] + 1.5*model[theirMen]
	if got, want := startValue(b, chess.White), 2/(1+math.Exp(-z))-1; math.Abs(got-want) > 1e-12 {
		t.Errorf("startValue(start) = %v, want %v", got, want)
	}
}
