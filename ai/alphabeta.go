package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/norns-games/norns/game"
)

// AlphaBetaConfig tunes an alpha-beta agent.
type AlphaBetaConfig struct {
	// Time is the budget per move (0: none); Nodes the number of nodes a
	// move may visit (0: none); Depth the deepest iteration (0: 64).
	// Without Time the agent is reproducible.
	Time  time.Duration
	Nodes int
	Depth int
	// Seed orders the root actions, so that equal actions are chosen
	// differently by differently seeded agents.
	Seed uint64
	// TableBits is the base-2 logarithm of the transposition table's size
	// (default 18).
	TableBits int
	// NoQuiescence turns the quiescence search off.
	NoQuiescence bool
}

// AlphaBeta is an iterative-deepening alpha-beta (minimax) agent for
// two-player games. Values are from the first player's side: the
// game's evaluation at the horizon, its returns (made large, and larger
// for quicker wins) at the end. It uses a transposition table keyed by the
// game's Zobrist hash (when the state is a game.Hasher), the table's move,
// killer actions and a history table to order actions, and a quiescence
// search that follows the (at most three) actions that raise the mover's
// evaluation most, by more than QuietMargin (captures, in most games),
// entered at the horizon only after such an action. A player who moves
// several times in a row is handled: the value is always the first
// player's. Chance events are averaged over their outcomes with a full
// window (expectiminimax); they count as plies.
type AlphaBeta struct {
	cfg      AlphaBetaConfig
	rng      *rand.Rand
	tt       []ttEntry
	mask     uint64
	killers  [maxPly][2]game.Action
	history  [2][historySize]int32
	nodes    int
	stop     bool
	end      time.Time
	ctx      context.Context
	hashed   bool
	stats    Stats
	maxDepth int
}

// QuietMargin is the rise of the mover's evaluation that makes an action
// worth following in the quiescence search.
const QuietMargin = 0.02

const (
	maxPly      = 128
	historySize = 1 << 12
	qDepth      = 4
	qWidth      = 3
	inf         = 1e9
)

type ttEntry struct {
	key   uint64
	value float64
	move  game.Action
	depth int8
	flag  int8
}

const (
	flagExact int8 = iota + 1
	flagLower
	flagUpper
)

// NewAlphaBeta returns an alpha-beta agent.
func NewAlphaBeta(cfg AlphaBetaConfig) *AlphaBeta {
	if cfg.TableBits == 0 {
		cfg.TableBits = 18
	}
	if cfg.Depth <= 0 || cfg.Depth > maxPly/2 {
		cfg.Depth = maxPly / 2
	}
	if cfg.Time == 0 && cfg.Nodes == 0 && cfg.Depth == maxPly/2 {
		cfg.Depth = 4
	}
	return &AlphaBeta{
		cfg:  cfg,
		rng:  rand.New(rand.NewPCG(cfg.Seed, 0x616c7068)),
		tt:   make([]ttEntry, 1<<cfg.TableBits),
		mask: 1<<cfg.TableBits - 1,
	}
}

// LastStats returns the statistics of the last search: nodes and the
// deepest completed iteration.
func (ab *AlphaBeta) LastStats() Stats { return ab.stats }

// Choose searches s by iterative deepening and returns the best action of
// the deepest iteration (or of a partly searched one, when it already
// found a better action than the previous iteration's).
func (ab *AlphaBeta) Choose(ctx context.Context, s game.State) (game.Action, error) {
	if err := atDecision(s); err != nil {
		return 0, err
	}
	start := time.Now()
	legal := s.Legal()
	if len(legal) == 1 {
		ab.stats = Stats{Elapsed: time.Since(start)}
		return legal[0], nil
	}
	c := s.Clone()
	_, ab.hashed = c.(game.Hasher)
	ab.nodes, ab.stop, ab.ctx = 0, false, ctx
	ab.end = deadline(ab.cfg.Time)
	ab.killers = [maxPly][2]game.Action{}
	for i := range ab.history {
		for j := range ab.history[i] {
			ab.history[i][j] /= 8
		}
	}
	// Shuffle, then keep the shuffled order among equals from iteration
	// to iteration.
	moves := slices.Clone(legal)
	ab.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	maxing := s.Player() == 0
	best := moves[0]
	done := 0
	rootStatic := static(s)
	for depth := 1; depth <= ab.cfg.Depth; depth++ {
		ab.maxDepth = depth
		scores := make([]float64, len(moves))
		alpha, beta := -inf, inf
		iterBest, iterV, searched := moves[0], 0.0, 0
		for i, a := range moves {
			c.ApplyUnchecked(a)
			v := ab.search(c, depth-1, 1, alpha, beta, rootStatic, s.Player())
			_ = c.Undo()
			if ab.stop {
				break
			}
			searched++
			scores[i] = v
			if i == 0 || (maxing && v > iterV) || (!maxing && v < iterV) {
				iterBest, iterV = a, v
			}
			if maxing {
				alpha = max(alpha, v)
			} else {
				beta = min(beta, v)
			}
			// Later actions were searched with a bound: their scores are
			// bounds, which is enough to sort them behind the best.
		}
		if searched > 0 {
			best = iterBest
		}
		if ab.stop {
			break
		}
		done = depth
		// Best first for the next iteration; the sort is stable.
		idx := make([]int, len(moves))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(i, j int) int {
			a, b := scores[i], scores[j]
			if !maxing {
				a, b = -a, -b
			}
			switch {
			case a > b:
				return -1
			case a < b:
				return 1
			}
			return 0
		})
		sorted := make([]game.Action, len(moves))
		for i, k := range idx {
			sorted[i] = moves[k]
		}
		moves = sorted
		if math.Abs(iterV) > winScale/2 {
			break // a forced result: deeper search cannot change it
		}
	}
	ab.stats = Stats{Iterations: ab.nodes, Depth: done, Elapsed: time.Since(start)}
	return best, nil
}

// tick counts a node and decides whether to stop.
func (ab *AlphaBeta) tick() {
	ab.nodes++
	if ab.cfg.Nodes > 0 && ab.nodes >= ab.cfg.Nodes {
		ab.stop = true
	}
	if ab.nodes&1023 == 0 {
		if ab.ctx.Err() != nil || (!ab.end.IsZero() && time.Now().After(ab.end)) {
			ab.stop = true
		}
	}
}

// terminal is the first player's value of a finished game, ply plies from
// the root: quicker wins and slower losses are better.
func terminal(s game.State, ply int) float64 {
	r := s.Returns()[0]
	switch {
	case r > 0:
		return winScale*r - 0.01*float64(ply)
	case r < 0:
		return winScale*r + 0.01*float64(ply)
	}
	return 0
}

// static is the first player's evaluation of s (0 without one).
func static(s game.State) float64 {
	if e, ok := s.(game.Evaluator); ok {
		return e.Evaluate()[0]
	}
	return 0
}

func histIndex(a game.Action) int { return int((uint32(a) * 2654435761) >> 20 & (historySize - 1)) }

// search returns the first player's value of s searched to depth.
//
// prev is the static value of the position before the action that led to
// s, when the search computed it (one ply above the horizon), else NaN;
// mover is the player who made that action. At the horizon the
// quiescence search starts only after an action that raised its mover's
// evaluation by more than QuietMargin: after quiet actions the static
// value stands.
func (ab *AlphaBeta) search(s game.State, depth, ply int, alpha, beta, prev float64, mover game.Player) float64 {
	ab.tick()
	if ab.stop {
		return 0
	}
	if s.Terminal() {
		return terminal(s, ply)
	}
	p := s.Player()
	if p == game.Chance {
		return ab.expectation(s, depth, ply)
	}
	if depth <= 0 || ply >= maxPly-1 {
		return ab.horizon(s, ply, alpha, beta, prev, mover)
	}
	var key uint64
	var ttMove game.Action
	hasTT := false
	if ab.hashed {
		key = s.(game.Hasher).Hash()
		e := &ab.tt[key&ab.mask]
		if e.key == key {
			ttMove, hasTT = e.move, true
			if int(e.depth) >= depth && e.settles(alpha, beta) {
				return e.value
			}
		}
	}
	moves := s.Legal()
	ab.order(moves, p, ply, ttMove, hasTT)
	maxing := p == 0
	a0, b0 := alpha, beta
	best := inf
	if maxing {
		best = -inf
	}
	var bestMove game.Action
	here := math.NaN()
	if depth == 1 && !ab.cfg.NoQuiescence {
		here = static(s)
	}
	for _, a := range moves {
		s.ApplyUnchecked(a)
		v := ab.search(s, depth-1, ply+1, alpha, beta, here, p)
		_ = s.Undo()
		if ab.stop {
			return 0
		}
		if (maxing && v > best) || (!maxing && v < best) {
			best, bestMove = v, a
		}
		if maxing {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			k := &ab.killers[ply]
			if k[0] != a {
				k[1], k[0] = k[0], a
			}
			ab.history[p&1][histIndex(a)] += int32(depth * depth)
			break
		}
	}
	if ab.hashed {
		flag := flagExact
		switch {
		case best <= a0:
			flag = flagUpper
		case best >= b0:
			flag = flagLower
		}
		ab.tt[key&ab.mask] = ttEntry{key: key, value: best, move: bestMove, depth: int8(depth), flag: flag}
	}
	return best
}

// expectation is the value of chance node s: its outcomes' values
// weighted by their probabilities, or its static value at the horizon.
func (ab *AlphaBeta) expectation(s game.State, depth, ply int) float64 {
	if depth <= 0 || ply >= maxPly-1 {
		return static(s)
	}
	v := 0.0
	for _, o := range s.ChanceOutcomes() {
		s.ApplyUnchecked(o.Action)
		v += o.Prob * ab.search(s, depth-1, ply+1, -inf, inf, math.NaN(), game.Chance)
		_ = s.Undo()
		if ab.stop {
			return 0
		}
	}
	return v
}

// horizon is the value of s at the horizon: its static value after a
// quiet action (see search), else the quiescence search's.
func (ab *AlphaBeta) horizon(s game.State, ply int, alpha, beta, prev float64, mover game.Player) float64 {
	e := static(s)
	if ab.cfg.NoQuiescence {
		return e
	}
	if !math.IsNaN(prev) {
		gain := e - prev
		if mover != 0 {
			gain = -gain
		}
		if gain <= QuietMargin {
			return e
		}
	}
	return ab.quiesce(s, ply, 0, alpha, beta)
}

// settles reports whether the entry's value, as its bound, settles a
// node searched with the window (alpha, beta).
func (e *ttEntry) settles(alpha, beta float64) bool {
	switch {
	case e.flag == flagExact:
		return true
	case e.flag == flagLower && e.value >= beta:
		return true
	case e.flag == flagUpper && e.value <= alpha:
		return true
	}
	return false
}

// order sorts moves: the table's move, the killers, then by history.
func (ab *AlphaBeta) order(moves []game.Action, p game.Player, ply int, ttMove game.Action, hasTT bool) {
	k := ab.killers[ply]
	h := &ab.history[p&1]
	score := func(a game.Action) int32 {
		switch {
		case hasTT && a == ttMove:
			return math.MaxInt32
		case a == k[0]:
			return math.MaxInt32 - 1
		case a == k[1]:
			return math.MaxInt32 - 2
		}
		return h[histIndex(a)]
	}
	slices.SortStableFunc(moves, func(a, b game.Action) int {
		sa, sb := score(a), score(b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
}

// quiesce extends the search at the horizon with the actions that raise
// the mover's evaluation by more than QuietMargin, or end the game; the
// mover may also stand on the static value.
func (ab *AlphaBeta) quiesce(s game.State, ply, q int, alpha, beta float64) float64 {
	stand := static(s)
	p := s.Player()
	if p < 0 || q >= qDepth || ply >= maxPly-1 {
		return stand
	}
	maxing := p == 0
	if maxing {
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
	type cand struct {
		a    game.Action
		gain float64
	}
	var noisy []cand
	for _, a := range s.Legal() {
		s.ApplyUnchecked(a)
		ab.tick()
		if s.Terminal() {
			v := terminal(s, ply+1)
			_ = s.Undo()
			if (maxing && v > best) || (!maxing && v < best) {
				best = v
			}
			if maxing {
				alpha = max(alpha, v)
			} else {
				beta = min(beta, v)
			}
			if alpha >= beta {
				return best
			}
			continue
		}
		e := static(s)
		_ = s.Undo()
		gain := e - stand
		if !maxing {
			gain = -gain
		}
		if gain > QuietMargin {
			noisy = append(noisy, cand{a, gain})
		}
	}
	if ab.stop {
		return 0
	}
	slices.SortStableFunc(noisy, func(x, y cand) int {
		switch {
		case x.gain > y.gain:
			return -1
		case x.gain < y.gain:
			return 1
		}
		return 0
	})
	if len(noisy) > qWidth {
		noisy = noisy[:qWidth]
	}
	for _, c := range noisy {
		s.ApplyUnchecked(c.a)
		var v float64
		if s.Player() == game.Chance {
			v = static(s)
		} else {
			v = ab.quiesce(s, ply+1, q+1, alpha, beta)
		}
		_ = s.Undo()
		if ab.stop {
			return 0
		}
		if (maxing && v > best) || (!maxing && v < best) {
			best = v
		}
		if maxing {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}
