package nordsloki

import (
	"math"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestEvaluate(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts game.Options
		pos  string
		best int // the player who should be ahead
	}{
		{"race", off2, "p1=20:4W,21:4W,22:4W,23:W/-/0/- p2=1:4W,2:4W,3:4W,4:W/-/0/- ghosts=- first=p1 turns=9 roll:p2", 0},
		{"lives", on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/1 p2=5:K3W,6:4W,7:4W,8:W/-/0/7 ghosts=- first=p1 turns=9 roll:p2", 1},
		{"blots", off3, "p1=1:W,3:W,5:W,7:W,9:W,11:W/7W/0/- p2=2:2W,4:2W,6:2W/7W/0/- p3=-/13W/0/- ghosts=- first=p1 turns=9 roll:p2", 1},
	} {
		s := setup(t, tc.opts, tc.pos)
		v := s.Evaluate()
		sum := 0.0
		for i, x := range v {
			if x < -1 || x > 1 {
				t.Errorf("%s: Evaluate() = %v out of [-1, 1]", tc.name, v)
			}
			if i != tc.best && x >= v[tc.best] {
				t.Errorf("%s: Evaluate() = %v, want p%d ahead", tc.name, v, tc.best+1)
			}
			sum += x
		}
		if len(v) == 2 && math.Abs(sum) > 1e-12 {
			t.Errorf("%s: Evaluate() = %v, want zero-sum", tc.name, v)
		}
	}
}

func TestHash(t *testing.T) {
	a := setup(t, on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 "+P2+" ghosts=5 first=p1 turns=9 move:p1:2-1:-")
	b := setup(t, on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 "+P2+" ghosts=5 first=p1 turns=30 move:p1:2-1:-")
	if a.Hash() != b.Hash() {
		t.Errorf("Hash() differs for the same position")
	}
	for _, other := range []string{
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/7 " + P2 + " ghosts=- first=p1 turns=9 move:p1:2-1:-",
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/7 " + P2 + " ghosts=5 first=p1 turns=9 move:p1:2:-",
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/7 " + P2 + " ghosts=5 first=p1 turns=9 move:p1:2-1:e",
		"p1=1:K3W,2:4W,3:3W,4:2W/-/0/7 " + P2 + " ghosts=5 first=p1 turns=9 move:p1:2-1:-",
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/6 " + P2 + " ghosts=5 first=p1 turns=9 move:p1:2-1:-",
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/7 " + P2 + " ghosts=5 first=p2 turns=9 move:p1:2-1:-",
		"p1=1:K3W,2:4W,3:4W,4:W/-/0/7 " + P2 + " ghosts=5 first=p1 turns=9 roll:p1",
	} {
		if c := setup(t, on2, other); c.Hash() == a.Hash() {
			t.Errorf("Hash(%q) = Hash(%q)", other, a.Position())
		}
	}
	// Undo restores the hash.
	h := a.Hash()
	play(t, a, "W3/5")
	if a.Hash() == h {
		t.Errorf("Hash() unchanged by a step")
	}
	if err := a.Undo(); err != nil || a.Hash() != h {
		t.Errorf("Hash() after Undo = %x, want %x (%v)", a.Hash(), h, err)
	}
}
