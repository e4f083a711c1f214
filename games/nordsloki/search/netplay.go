package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
)

// BestTurn returns the end of the turn in progress that the net values most
// for the mover one ply ahead (each end valued by Net.Evaluate, a finished
// game by its returns), and that value. Ties go to the first end found, so
// the choice is deterministic. s must be at a decision.
func (nt *Net) BestTurn(s *nordsloki.State) (nordsloki.TurnEnd, float64) {
	me := s.Mover()
	ends := s.TurnEnds()
	sc := nt.scratch()
	v := make([]float64, s.Seats())
	best, bestV := -1, 0.0
	for i, e := range ends {
		nt.evaluate(e.End, sc, v)
		if best < 0 || v[me] > bestV {
			best, bestV = i, v[me]
		}
	}
	return ends[best], bestV
}

// NetPlayer plays Nords Loki with a net, one or two plies ahead: it
// chooses a whole turn and then plays its steps one by one. It has the
// Choose method of the ai package's Agent interface. Its choices depend on
// the position only (no randomness); it keeps the rest of the turn it chose
// between calls and is not safe for concurrent use.
type NetPlayer struct {
	// Net is the evaluation; nil means the committed net for the game's
	// player count (LoadNet).
	Net *Net
	// Ply is 1 (0 too): the turn whose end the net values most (BestTurn);
	// or 2: of the Keep best turns by that value, the one whose expected
	// value after the next player's reply is best (BestTurn2).
	Ply int
	// Keep is the number of turns a 2-ply search looks at (0: 4).
	Keep int

	plan  []game.Action // the steps still to play of the chosen turn
	after []string      // the position (notation) in which each is to be played
}

// Choose returns the next step of the turn chosen for the player to move
// in st, which must be a Nords Loki state at a decision. It does not
// change st. When ctx is done, a 2-ply search stops with the best turn so
// far (at the least BestTurn's).
func (np *NetPlayer) Choose(ctx context.Context, st game.State) (game.Action, error) {
	s, ok := st.(*nordsloki.State)
	if !ok {
		return 0, fmt.Errorf("nordsloki: NetPlayer plays Nords Loki, not %s", st.Game().Name())
	}
	if s.Player() < 0 {
		return 0, fmt.Errorf("nordsloki: no decision to make (%s)", game.Status(s))
	}
	if len(np.plan) > 0 && np.after[0] == s.Position() {
		a := np.plan[0]
		np.plan, np.after = np.plan[1:], np.after[1:]
		return a, nil
	}
	nt := np.Net
	if nt == nil {
		var err error
		if nt, err = LoadNet(s.Seats()); err != nil {
			return 0, err
		}
	}
	var e nordsloki.TurnEnd
	if np.Ply == 2 {
		e, _ = nt.bestTurn2(ctx, s, np.Keep)
	} else {
		e, _ = nt.BestTurn(s)
	}
	// Keep the positions in which the rest of the turn is to be played.
	np.plan, np.after = np.plan[:0], np.after[:0]
	cur := s.Bare()
	for i, a := range e.Steps {
		if i > 0 {
			np.plan = append(np.plan, a)
			np.after = append(np.after, cur.Position())
		}
		cur.PlayBare(a)
	}
	return e.Steps[0], nil
}

// BestTurn2 looks two plies ahead: of the keep turns (0: 4) that BestTurn
// values most, it returns the one whose value for the mover is best in
// expectation over the next player's 56 rolls, that player answering each
// with its own BestTurn; and that value. A turn that ends the game counts
// its returns.
func (nt *Net) BestTurn2(s *nordsloki.State, keep int) (nordsloki.TurnEnd, float64) {
	return nt.bestTurn2(context.Background(), s, keep)
}

// bestTurn2 is BestTurn2 that stops looking at further turns when ctx is
// done (the first one looked at is BestTurn's).
func (nt *Net) bestTurn2(ctx context.Context, s *nordsloki.State, keep int) (nordsloki.TurnEnd, float64) {
	if keep <= 0 {
		keep = 4
	}
	me := s.Mover()
	ends := s.TurnEnds()
	sc := nt.scratch()
	v := make([]float64, s.Seats())
	idx := make([]int, len(ends))
	vals := make([]float64, len(ends))
	for i, e := range ends {
		nt.evaluate(e.End, sc, v)
		idx[i], vals[i] = i, v[me]
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	if len(idx) > keep {
		idx = idx[:keep]
	}
	best, bestV := idx[0], 0.0
	for r, i := range idx {
		if r > 0 && ctx.Err() != nil {
			break
		}
		e := ends[i]
		x := vals[i]
		if !e.End.Terminal() {
			x = nt.replyValue(e.End, me, sc, v)
		}
		if r == 0 || x > bestV {
			best, bestV = i, x
		}
	}
	return ends[best], bestV
}

// replyValue is the expected value for player me of s (a player to roll)
// after that player's roll and the turn that player's BestTurn chooses.
func (nt *Net) replyValue(s *nordsloki.State, me int, sc *netScratch, v []float64) float64 {
	sum := 0.0
	for _, o := range s.ChanceOutcomes() {
		nx := s.Bare()
		nx.PlayBare(o.Action)
		if nx.Player() >= 0 {
			e, _ := nt.BestTurn(nx)
			nx = e.End
		}
		nt.evaluate(nx, sc, v)
		sum += o.Prob * v[me]
	}
	return sum
}
