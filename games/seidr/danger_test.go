package seidr

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

var danger = flag.Bool("danger", false, "measure the chance that random play takes the king in the opening")

// TestOpeningDanger measures, by simulation, how often a player making
// random choices takes the opposing king in its turn in the opening: from
// the start, and after each of White's first moves (White's seiðr then
// played out and its call of steel taking the king when it can). Every
// turn a random opponent gets costs its opponent at least about this
// much, whatever that opponent does (docs/ai-strength.md). Run it with
//
//	go test ./games/seidr -run TestOpeningDanger -danger -v
func TestOpeningDanger(t *testing.T) {
	if !*danger {
		t.Skip("a measurement; run with -danger")
	}
	const n = 40000
	rng := rand.New(rand.NewPCG(1, 2))
	st, _ := Game.New(nil)
	start := st.(*State)
	won := 0
	for range n {
		s := start.Clone().(*State)
		if randomTurn(s, rng, false); s.Terminal() {
			won++
		}
	}
	t.Logf("from the start, random play takes the king in %.2f%% of turns", 100*float64(won)/n)
	for _, a := range start.Legal() {
		white, black := 0, 0
		for range n {
			s := start.Clone().(*State)
			s.ApplyUnchecked(a)
			if randomTurn(s, rng, true); !s.Terminal() {
				randomTurn(s, rng, false)
			}
			switch {
			case !s.Terminal():
			case s.Returns()[0] > 0:
				white++
			default:
				black++
			}
		}
		t.Logf("%s: White takes the king in its turn %.2f%%, Black's random turn then takes White's %.2f%%",
			start.ActionString(a), 100*float64(white)/n, 100*float64(black)/n)
	}
}

// randomTurn plays the rest of the turn of the player to move in s at
// random, but takes the king in the call of steel when it can if
// takeKing.
func randomTurn(s *State, rng *rand.Rand, takeKing bool) {
	mover := s.cur.Pos.Turn()
	for !s.Terminal() && s.cur.Pos.Turn() == mover {
		if s.Player() == game.Chance {
			s.ApplyUnchecked(Roll(Face(1 + rng.IntN(8))))
			continue
		}
		l := s.Legal()
		a := l[rng.IntN(len(l))]
		if takeKing && s.cur.Phase == Steel {
			for i, m := range s.legal {
				if m.To() == s.cur.Pos.King(mover.Other()) {
					a = l[i]
				}
			}
		}
		s.ApplyUnchecked(a)
	}
}
