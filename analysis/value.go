package analysis

import (
	"math"

	"github.com/norns-games/norns/game"
)

// Value returns each player's win probability in s, searched depth plies
// deep (see the package documentation), with at most maxNodes nodes.
func Value(s game.State, depth, maxNodes int) []float64 {
	v := &valuer{max: maxNodes}
	return v.value(s, depth)
}

// valuer is a value search with its node count.
type valuer struct {
	nodes, max int
}

// value searches a copy of s: with alpha-beta pruning in a two-player
// game, where the players' win probabilities add up to 1, else max^n.
func (v *valuer) value(s game.State, depth int) []float64 {
	v.nodes = 0
	if len(s.Players()) == 2 {
		x := v.alphaBeta(s.Clone(), depth, 0, 1)
		return []float64{x, 1 - x}
	}
	return v.search(s.Clone(), depth)
}

// alphaBeta values s for the first of two players within the window
// (alpha, beta): the first player maximizes, the second minimizes, a roll
// averages over its outcomes (each searched with the whole window). It
// changes s and restores it.
func (v *valuer) alphaBeta(s game.State, depth int, alpha, beta float64) float64 {
	if s.Terminal() {
		return Shares(s)[0]
	}
	if depth <= 0 || v.nodes >= v.max {
		return v.quiesce2(s, QuiescencePlies, alpha, beta)
	}
	v.nodes++
	p := s.Player()
	if p == game.Chance {
		sum := 0.0
		for _, o := range s.ChanceOutcomes() {
			s.ApplyUnchecked(o.Action)
			sum += o.Prob * v.alphaBeta(s, depth-1, 0, 1)
			_ = s.Undo()
		}
		return sum
	}
	best := 2.0
	if p == 0 {
		best = -1
	}
	for _, a := range s.Legal() {
		s.ApplyUnchecked(a)
		x := v.alphaBeta(s, depth-1, alpha, beta)
		_ = s.Undo()
		if p == 0 {
			best, alpha = max(best, x), max(alpha, x)
		} else {
			best, beta = min(best, x), min(beta, x)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// quiesce2 is quiesce for two players, within the window (alpha, beta).
func (v *valuer) quiesce2(s game.State, q int, alpha, beta float64) float64 {
	if s.Terminal() {
		return Shares(s)[0]
	}
	stand := Static(s)[0]
	p := s.Player()
	if p < 0 || q <= 0 || v.nodes >= v.max {
		return stand
	}
	v.nodes++
	if p == 0 {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
	} else {
		if stand <= alpha {
			return stand
		}
		beta = min(beta, stand)
	}
	best := stand
	for _, a := range s.Legal() {
		if v.nodes >= v.max {
			break
		}
		v.nodes++ // an evaluation costs about as much as a node
		s.ApplyUnchecked(a)
		x, ok := 0.0, false
		if st := Static(s)[0]; p == 0 && st > stand+gain || p == 1 && st < stand-gain {
			x, ok = v.quiesce2(s, q-1, alpha, beta), true
		}
		_ = s.Undo()
		if !ok {
			continue
		}
		if p == 0 {
			best, alpha = max(best, x), max(alpha, x)
		} else {
			best, beta = min(best, x), min(beta, x)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// search values s, which it changes and restores.
func (v *valuer) search(s game.State, depth int) []float64 {
	if s.Terminal() {
		return Shares(s)
	}
	if depth <= 0 || v.nodes >= v.max {
		return v.quiesce(s, QuiescencePlies)
	}
	v.nodes++
	p := s.Player()
	if p == game.Chance {
		out := make([]float64, len(s.Players()))
		for _, o := range s.ChanceOutcomes() {
			s.ApplyUnchecked(o.Action)
			x := v.search(s, depth-1)
			_ = s.Undo()
			for j := range out {
				out[j] += o.Prob * x[j]
			}
		}
		return out
	}
	var best []float64
	for _, a := range s.Legal() {
		s.ApplyUnchecked(a)
		x := v.search(s, depth-1)
		_ = s.Undo()
		if best == nil || x[p] > best[p] {
			best = x
		}
	}
	return best
}

// Shares gives each player's share of a finished game: the winners share
// 1, a draw shares it among the players in it (everybody, when it names
// nobody), an unfinished game among everybody.
func Shares(s game.State) []float64 {
	n := len(s.Players())
	out := make([]float64, n)
	r := s.Result()
	who := r.Winners
	if r.Kind != game.Win && r.Kind != game.Draw || len(who) == 0 {
		for j := range out {
			out[j] = 1 / float64(n)
		}
		return out
	}
	for _, w := range who {
		out[w] = 1 / float64(len(who))
	}
	return out
}

// Static is each player's win probability by the game's evaluation alone:
// the softmax of the scores times Sharpness/2, or an even share in a game
// without an evaluation.
func Static(s game.State) []float64 {
	n := len(s.Players())
	out := make([]float64, n)
	e, ok := s.(game.Evaluator)
	if !ok {
		for j := range out {
			out[j] = 1 / float64(n)
		}
		return out
	}
	sc := e.Evaluate()
	if n == 2 {
		out[0] = 1 / (1 + math.Exp(-Sharpness/2*(sc[0]-sc[1])))
		out[1] = 1 - out[0]
		return out
	}
	top := math.Inf(-1)
	for _, x := range sc {
		top = max(top, x)
	}
	sum := 0.0
	for j := range out {
		out[j] = math.Exp(Sharpness / 2 * (sc[j] - top))
		sum += out[j]
	}
	for j := range out {
		out[j] /= sum
	}
	return out
}

// QuiescencePlies bounds the quiescence search at the value search's
// leaves.
const QuiescencePlies = 4

// quiesce values a leaf: the evaluation, unless the mover has actions
// that raise the mover's evaluation at once (captures, in the chess
// games), which it may play, or not; then the same for the next mover,
// q plies deep. So that a leaf in the middle of an exchange is not
// valued as if the exchange stopped there.
func (v *valuer) quiesce(s game.State, q int) []float64 {
	if s.Terminal() {
		return Shares(s)
	}
	stand := Static(s)
	p := s.Player()
	if p < 0 || q <= 0 || v.nodes >= v.max {
		return stand
	}
	v.nodes++
	best := stand
	for _, a := range s.Legal() {
		if v.nodes >= v.max {
			break
		}
		v.nodes++ // an evaluation costs about as much as a node
		s.ApplyUnchecked(a)
		var x []float64
		if Static(s)[p] > stand[p]+gain {
			x = v.quiesce(s, q-1)
		}
		_ = s.Undo()
		if x != nil && x[p] > best[p] {
			best = x
		}
	}
	return best
}

// gain is the least rise of the mover's evaluation that the quiescence
// search follows.
const gain = 0.02
