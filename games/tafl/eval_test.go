package tafl

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// TestHash checks the incremental hash against a hash computed from
// scratch (Setup of the position) along random games, and that the side to
// move and transpositions are accounted for.
func TestHash(t *testing.T) {
	for _, l := range SeaLayouts {
		rng := rand.New(rand.NewPCG(1, 2))
		s, _ := Sea.New(game.Options{"layout": l.Name})
		for !s.Terminal() {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
			back := setup(t, nil, s.Position())
			if got, want := s.(*State).Hash(), back.Hash(); got != want {
				t.Fatalf("Hash(%q) = %x, want %x (from scratch)", s.Position(), got, want)
			}
		}
	}
	b := setup(t, nil, diagram(9, "b", "Ke5 Tg5 tb2"))
	w := setup(t, nil, diagram(9, "w", "Ke5 Tg5 tb2"))
	if b.Hash() == w.Hash() {
		t.Errorf("Hash(black to move) = Hash(white to move) = %x", b.Hash())
	}
	// b2-b4 g5-g7 and b2-b3 g5-g6 b3-b4 g6-g7 transpose.
	x := setup(t, nil, diagram(9, "b", "Ke5 Tg5 tb2"))
	play(t, x, "b2-b4", "g5-g7")
	y := setup(t, nil, diagram(9, "b", "Ke5 Tg5 tb2"))
	play(t, y, "b2-b3", "g5-g6", "b3-b4", "g6-g7")
	if x.Hash() != y.Hash() {
		t.Errorf("Hash(b2-b4 g5-g7) = %x, Hash(b2-b3 g5-g6 b3-b4 g6-g7) = %x, want equal", x.Hash(), y.Hash())
	}
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name, better, worse string // White's view: better is better for White
	}{
		{"escape routes", diagram(9, "b", "Ke5 tb8 tc2 Th3"), diagram(9, "b", "Ke5 te8 tc5 Th3")},
		{"king freedom", diagram(9, "b", "Ke5 te7 tc5 tg5 ta1"), diagram(9, "b", "Ke5 te6 td5 tf5 ta1")},
		{"material", diagram(9, "b", "Ke5 te7 tc5 tg5 te3 Tb2 Th8"), diagram(9, "b", "Ke5 te7 tc5 tg5 te3 tb2 th8")},
	}
	for _, tc := range tests {
		b, w := setup(t, nil, tc.better).Evaluate(), setup(t, nil, tc.worse).Evaluate()
		if !(b[White] > w[White]) {
			t.Errorf("%s: Evaluate(%q)[white] = %v, want more than Evaluate(%q)[white] = %v", tc.name, tc.better, b[White], tc.worse, w[White])
		}
		for _, v := range [][]float64{b, w} {
			if v[Black] != -v[White] || v[White] < -1 || v[White] > 1 {
				t.Errorf("%s: Evaluate = %v, want zero-sum values in [-1, 1]", tc.name, v)
			}
		}
	}
	over := setup(t, nil, diagram(9, "w", "Ke5 tb8"))
	play(t, over, "e5-e9")
	if got := over.Evaluate(); got[White] != 1 || got[Black] != -1 {
		t.Errorf("Evaluate(white won) = %v, want [-1 1]", got)
	}
}

// TestEvaluateCorner: under corner escape the evaluation looks at the
// corners: open lines to them two moves away, the distance to the nearest,
// and the attackers that guard them.
func TestEvaluateCorner(t *testing.T) {
	cph := CopenhagenRules
	tests := []struct {
		name, better, worse string // White's view
	}{
		// c6 reaches c1 and c11, each with open lines to two corners;
		// attackers on b1 and b11 close those lines.
		{"open lines to the corners", diagram(11, "b", "Kc6 tf9 tg3 Th8"), diagram(11, "b", "Kc6 tb1 tb11 tf9 tg3 Th8")},
		{"nearer a corner", diagram(11, "b", "Kc3 te5 te7 tg5 Th8"), diagram(11, "b", "Ke7 te5 tc3 tg5 Th8")},
		{"unguarded corners", diagram(11, "b", "Kf6 te9 tg9 Ti3 Ti4"), diagram(11, "b", "Kf6 tb2 tj10 Ti3 Ti4")},
		// A fence on b3 and c2 guards a1; attackers on b1 and a2 do not
		// count (they can be taken against the corner).
		{"a fence, not a plug", diagram(11, "b", "Kf6 tb1 ta2 Ti3 Ti4"), diagram(11, "b", "Kf6 tb3 tc2 Ti3 Ti4")},
	}
	for _, tc := range tests {
		b, w := setupRules(t, cph, tc.better).Evaluate(), setupRules(t, cph, tc.worse).Evaluate()
		if !(b[White] > w[White]) {
			t.Errorf("%s: Evaluate(%q)[white] = %v, want more than Evaluate(%q)[white] = %v", tc.name, tc.better, b[White], tc.worse, w[White])
		}
	}
	// Edge escape ignores the corners: Sea's evaluation is unchanged by
	// attackers next to them.
	a, z := setup(t, nil, diagram(11, "b", "Kf6 te9 tg9 Ti3 Ti4")).Evaluate(), setup(t, nil, diagram(11, "b", "Kf6 tb2 tj10 Ti3 Ti4")).Evaluate()
	if a[White] != z[White] {
		t.Errorf("Sea: corner guards changed the evaluation: %v and %v", a[White], z[White])
	}
}
