package nordsloki

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestEncoding(t *testing.T) {
	for _, opts := range []game.Options{on2, on3, off2, off3} {
		g, _ := Game{}.New(opts)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(3, 4))
		x := make([]float64, NetInputs(s.cfg.n))
		for !s.Terminal() {
			if s.phase != phaseFirst {
				for me := 0; me < s.cfg.n; me++ {
					Encode(s, me, x)
					for i, v := range x {
						if v < 0 || v > 1 {
							t.Fatalf("%v: feature %d = %v out of [0, 1] at %s", opts, i, v, s.Position())
						}
					}
				}
			}
			l := s.Legal()
			s.ApplyUnchecked(l[rng.IntN(len(l))])
		}
	}
	if NetInputs(2) != 2*seatFeatures+fields+3 || NetInputs(3) != 3*seatFeatures+fields+4 {
		t.Errorf("NetInputs = %d, %d", NetInputs(2), NetInputs(3))
	}
}

// TestTurnEnds checks the ends of a turn against random play through the
// legal steps: every turn played ends in one of them, and each of them is
// the end of a turn that begins with its first step.
func TestTurnEnds(t *testing.T) {
	for _, opts := range []game.Options{on2, on3} {
		g, _ := Game{}.New(opts)
		s := g.(*State)
		rng := rand.New(rand.NewPCG(7, 8))
		turns := 0
		for !s.Terminal() && turns < 300 {
			if s.Player() == game.Chance {
				s.ApplyUnchecked(game.SampleChance(s, rng))
				continue
			}
			ends := s.TurnEnds()
			seen := map[pos]game.Action{}
			for _, e := range ends {
				if e.End.phase == phaseMove {
					t.Fatalf("TurnEnds(%s): an end in the middle of a turn", s.Position())
				}
				if _, dup := seen[e.End.pos]; dup {
					t.Fatalf("TurnEnds(%s): an end twice", s.Position())
				}
				seen[e.End.pos] = e.Steps[0]
				if !slices.Contains(s.Legal(), e.Steps[0]) {
					t.Fatalf("TurnEnds(%s): first step %s not legal", s.Position(), s.ActionString(e.Steps[0]))
				}
			}
			for s.phase == phaseMove && int(s.mover) == int(s.Player()) {
				l := s.Legal()
				s.ApplyUnchecked(l[rng.IntN(len(l))])
				if s.phase != phaseMove {
					break
				}
			}
			turns++
			if _, ok := seen[s.pos]; !ok {
				t.Fatalf("turn ended in %s, not among the %d ends", s.Position(), len(ends))
			}
		}
		if turns < 50 {
			t.Errorf("%v: only %d turns checked", opts, turns)
		}
	}
}
