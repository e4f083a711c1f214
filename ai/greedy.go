package ai

import (
	"context"
	"math/rand/v2"

	"github.com/norns-games/norns/game"
)

// Greedy plays the action whose result the game's evaluation likes best
// for the player to move, looking one action ahead (and averaging over the
// outcomes of a chance event that follows it). Ties, and games without an
// evaluation, are broken at random.
type Greedy struct{ rng *rand.Rand }

// NewGreedy returns a greedy agent seeded with seed.
func NewGreedy(seed uint64) *Greedy { return &Greedy{rand.New(rand.NewPCG(seed, 0x67726565))} }

// Choose picks the best action one ply ahead.
func (g *Greedy) Choose(_ context.Context, s game.State) (game.Action, error) {
	if err := atDecision(s); err != nil {
		return 0, err
	}
	legal := s.Legal()
	me := s.Player()
	c := s.Clone()
	best, bestV, ties := legal[0], -1e18, 0
	for _, a := range legal {
		c.ApplyUnchecked(a)
		v := staticValue(c, me)
		if c.Player() == game.Chance {
			v = 0
			for _, o := range c.ChanceOutcomes() {
				c.ApplyUnchecked(o.Action)
				v += o.Prob * staticValue(c, me)
				_ = c.Undo()
			}
		}
		_ = c.Undo()
		switch {
		case v > bestV+1e-12:
			best, bestV, ties = a, v, 1
		case v > bestV-1e-12:
			// Reservoir sampling among equal values.
			ties++
			if g.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// staticValue is p's value of s without search: the returns (made large)
// when the game is over, else the game's evaluation, else 0.
func staticValue(s game.State, p game.Player) float64 {
	if s.Terminal() {
		return winScale * s.Returns()[p]
	}
	if e, ok := s.(game.Evaluator); ok {
		return e.Evaluate()[p]
	}
	return 0
}

// winScale makes a finished game's returns outweigh any evaluation.
const winScale = 100
