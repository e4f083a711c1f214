package search

import (
	"context"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	"github.com/norns-games/norns/games/seidr"
)

// Scores of the search, from the side of the player whose turn it is:
// a king captured is ±winScore less the turns it takes, the evaluation
// stays within ±evalScale, and every value within ±winScore, the bounds
// that *-minimax (Star1) prunes the chance nodes with.
const (
	winScore  = 10000
	evalScale = 9000
	maxTurns  = 64 // the deepest iteration, in turns
	maxRolls  = 96 // a seiðr longer than this is cut and evaluated
	rollTotal = 8  // the die's faces, the weights of a chance node sum to it
)

// SearchConfig sets the shape of the search; DefaultSearchConfig is the
// levels'.
type SearchConfig struct {
	// RootRolls is how many rolls of the root turn's seiðr the deepest
	// one-turn iteration expands over all eight faces (the iterations
	// expand one, then two, up to RootRolls), and DeepRolls how many of
	// each later turn's. A roll beyond them is sampled: one face, drawn
	// from the position, the roll's number and the seed, stands for the
	// die, so that a line of rolls is followed to the seiðr's end.
	RootRolls, DeepRolls int
	// Star1 prunes chance nodes with *-minimax bounds; off, a chance
	// node searches every face with the full window (plain
	// expectiminimax). Both give the same value.
	Star1 bool
	// ChessWeight weighs the chess evaluation (chesssearch.Eval, in centipawns)
	// in the evaluation's logit, per 1,000 centipawns.
	ChessWeight float64
}

// DefaultSearchConfig is the configuration of the levels.
var DefaultSearchConfig = SearchConfig{RootRolls: 5, DeepRolls: 1, Star1: true, ChessWeight: 0.6}

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	value int32
	move  chess.Move
	depth int8
	bound uint8
}

// Kinds of value the table keeps.
const (
	boundNone uint8 = iota
	boundExact
	boundLower // the value is at least this
	boundUpper // the value is at most this
)

// Searcher is the expectiminimax search of Seiðr chess: iterative
// deepening over whole turns (a quiet move, the seiðr's rolls, the call of
// steel), alpha-beta at the players' choices, *-minimax (Star1) at the
// die's, a transposition table kept between searches. It is not safe for
// concurrent use.
type Searcher struct {
	cfg        SearchConfig
	quietLimit int
	deadDraw   bool
	seed       uint64
	table      []ttEntry
	mask       uint64
	history    [2][64][64]int32

	nodes    int64
	maxNodes int64
	deadline time.Time
	ctx      context.Context
	stopped  bool
	first    bool // the first iteration, which always completes
	// rootRolls is the rolls of the root turn's seiðr the iteration
	// expands over all faces.
	rootRolls int
}

// NewSearcher returns a searcher with a table of 2^tableBits entries,
// for a game played under the given options (quiet-limit: 0 for none).
func NewSearcher(cfg SearchConfig, tableBits int, quietLimit int, deadDraw bool, seed uint64) *Searcher {
	return &Searcher{
		cfg: cfg, quietLimit: quietLimit, deadDraw: deadDraw, seed: seed,
		table: make([]ttEntry, 1<<tableBits), mask: 1<<tableBits - 1,
	}
}

// Clear empties the table and the move-ordering history.
func (s *Searcher) Clear() {
	clear(s.table)
	s.history = [2][64][64]int32{}
}

// Result is what a search found.
type Result struct {
	Move  chess.Move // the best move, or chess.NoMove when there is no choice
	Value int        // its value for the player to move (±winScore: a king taken)
	Depth int        // the deepest iteration completed, in turns
	Nodes int64      // the nodes visited
}

// Search searches the position c (in phase quiet or steel) for the player
// to move, within nodes nodes (0: no bound), until deadline (zero: none)
// and to depth turns (0: maxTurns), and returns the best move of the
// deepest iteration completed (or of the first, whatever the budget).
func (s *Searcher) Search(ctx context.Context, c *seidr.Core, nodes int64, deadline time.Time, depth int) Result {
	s.nodes, s.maxNodes, s.deadline, s.ctx, s.stopped = 0, nodes, deadline, ctx, false
	if depth <= 0 || depth > maxTurns {
		depth = maxTurns
	}
	var ml chess.MoveList
	if c.Phase == seidr.Quiet {
		seidr.QuietMoves(&c.Pos, &ml)
	} else {
		seidr.SteelMoves(&c.Pos, c.Carrier, &ml)
	}
	moves := ml.Slice()
	res := Result{}
	if len(moves) == 0 {
		return res
	}
	res.Move = moves[0]
	if len(moves) == 1 && c.Phase == seidr.Steel {
		return res
	}
	if c.Phase == seidr.Steel {
		// A king within reach is taken at once (3.1).
		for _, m := range moves {
			if c.Pos.Piece(m.To()).Role() == chess.King {
				res.Move, res.Value = m, winScore
				return res
			}
		}
	}
	scores := make([]int, len(moves))
	for i, it := range s.schedule(depth) {
		s.rootRolls = it.rolls
		s.first = i == 0
		s.orderRoot(moves, scores, res.Move)
		width := len(moves)
		if it.width > 0 {
			width = min(width, it.width)
		}
		oneTurn := it.turns == 1
		best, bestMove := -winScore-1, chess.NoMove
		alpha := -winScore - 1
		done := 0
		for j, m := range moves[:width] {
			if oneTurn {
				alpha = -winScore - 1 // exact values, to rank the moves by
			}
			v := s.child(c, m, it.turns, alpha, winScore+1)
			if s.stopped && !s.first {
				break
			}
			scores[j], done = v, done+1
			if v > best {
				best, bestMove = v, m
				alpha = max(alpha, v)
			}
		}
		switch {
		case oneTurn:
			// The one-turn iterations differ only in how many rolls they
			// expand, each value an estimate of the same expectation:
			// the best move is the best of those the iteration was to
			// search again, with its new value where it has one (the
			// others were judged worse with more noise).
			bj := 0
			for j := range moves[:width] {
				if scores[j] > scores[bj] {
					bj = j
				}
			}
			res.Move, res.Value = moves[bj], scores[bj]
			if done == width {
				res.Depth = 1
			}
		case s.stopped:
			// A partial iteration counts where it found a better move
			// than the one the iteration before chose, searched first.
			if bestMove != chess.NoMove && bestMove != res.Move && best > res.Value {
				res.Move, res.Value = bestMove, best
			}
		default:
			res.Move, res.Value, res.Depth = bestMove, best, it.turns
		}
		if s.stopped {
			break
		}
		s.first = false
		s.checkClock()
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			s.stopped = true
		}
		if s.stopped || res.Value >= winScore-maxTurns || !oneTurn && best <= -winScore+maxTurns {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// iteration is one step of the iterative deepening: the turns it searches,
// the rolls of the root turn's seiðr it expands over all faces, and how
// many of the root's moves, the best so far, it searches (0: all).
type iteration struct{ turns, rolls, width int }

// rootWidths are the root's moves searched again when the root turn's
// seiðr is expanded over 3, 4, 5… rolls: each roll more costs eight times
// as much, spent on the moves that may be best.
var rootWidths = []int{8, 4, 2}

// schedule lists the iterations of a search to depth turns: one turn with
// one to RootRolls rolls expanded (from the third, on fewer moves), then
// two turns and more with two.
func (s *Searcher) schedule(depth int) []iteration {
	var out []iteration
	for r := 1; r <= max(1, s.cfg.RootRolls); r++ {
		w := 0
		if r >= 3 {
			w = rootWidths[min(r-3, len(rootWidths)-1)]
		}
		out = append(out, iteration{1, r, w})
	}
	for d := 2; d <= depth; d++ {
		out = append(out, iteration{d, max(1, min(2, s.cfg.RootRolls)), 0})
	}
	return out
}

// orderRoot sorts the root's moves: the best of the last iteration first,
// then by its values (the first iteration: by history).
func (s *Searcher) orderRoot(moves []chess.Move, scores []int, first chess.Move) {
	key := func(i int) int {
		if moves[i] == first {
			return 1 << 30
		}
		return scores[i]
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && key(j) > key(j-1); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
}

// child plays the move m of c's phase (a quiet move or a capture) and
// searches on, to depth turns counting this one, returning the value for
// the player who moved.
func (s *Searcher) child(c *seidr.Core, m chess.Move, depth, alpha, beta int) int {
	n := *c
	if c.Phase == seidr.Quiet {
		n.QuietMove(m)
		return s.seidr(&n, depth, 0, 0, alpha, beta)
	}
	return s.afterCapture(&n, m, depth, 0, alpha, beta)
}

// poll counts a node and stops the search when its budget is spent.
func (s *Searcher) poll() {
	s.nodes++
	if s.first {
		return
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&1023 == 0 {
		s.checkClock()
	}
}

// checkClock stops the search when its time is out or its context done.
func (s *Searcher) checkClock() {
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = true
	}
	if s.ctx != nil && s.ctx.Err() != nil {
		s.stopped = true
	}
}

// hash is the table's key of a position.
func hash(c *seidr.Core) uint64 { return c.Hash() }

func (s *Searcher) probe(key uint64) *ttEntry {
	e := &s.table[key&s.mask]
	if e.key != key || e.bound == boundNone {
		return nil
	}
	return e
}

func (s *Searcher) store(key uint64, depth, value, alpha, beta int, m chess.Move) {
	if s.stopped {
		return
	}
	e := &s.table[key&s.mask]
	if e.key == key && int(e.depth) > depth {
		return
	}
	b := boundExact
	switch {
	case value <= alpha:
		b = boundUpper
	case value >= beta:
		b = boundLower
	}
	*e = ttEntry{key: key, value: int32(value), move: m, depth: int8(depth), bound: b}
}

// lookup probes the table for a node searched to depth with the window
// (alpha, beta): it returns the node's value and true if the entry
// decides it, and otherwise the entry's move (NoMove without one), to be
// searched first.
func (s *Searcher) lookup(key uint64, depth, alpha, beta int) (int, bool, chess.Move) {
	e := s.probe(key)
	if e == nil {
		return 0, false, chess.NoMove
	}
	if int(e.depth) >= depth {
		v := int(e.value)
		switch {
		case e.bound == boundExact, e.bound == boundLower && v >= beta, e.bound == boundUpper && v <= alpha:
			return v, true, e.move
		}
	}
	return 0, false, e.move
}

// quiet searches a position in phase 2A for the player to move, to depth
// turns; ply counts the turns from the root.
func (s *Searcher) quiet(c *seidr.Core, depth, ply, alpha, beta int) int {
	s.poll()
	var ml chess.MoveList
	seidr.QuietMoves(&c.Pos, &ml)
	if r := c.Adjudicate(s.quietLimit, s.deadDraw, ml.N > 0); r.Kind != game.Ongoing {
		return resultValue(c, r, ply)
	}
	if ml.N == 0 {
		// 2A.4: the turn is lost.
		n := *c
		n.LoseTurn()
		if depth <= 1 {
			return -s.evaluate(&n)
		}
		return -s.quiet(&n, depth-1, ply+1, -beta, -alpha)
	}
	if depth <= 0 || s.stopped {
		return s.evaluate(c)
	}
	key := hash(c)
	v, ok, ttMove := s.lookup(key, depth, alpha, beta)
	if ok {
		return v
	}
	moves := ml.Slice()
	s.order(moves, ttMove, c.Pos.Turn())
	best, bestMove := -winScore-1, chess.NoMove
	a := alpha
	for _, m := range moves {
		n := *c
		n.QuietMove(m)
		v := s.seidr(&n, depth, ply, 0, a, beta)
		if s.stopped {
			return max(best, v)
		}
		if v > best {
			best, bestMove = v, m
			if v > a {
				a = v
				if v >= beta {
					h := &s.history[c.Pos.Turn()][m.From()][m.To()]
					*h += int32(depth * depth)
					break
				}
			}
		}
	}
	s.store(key, depth, best, alpha, beta, bestMove)
	return best
}

// order puts the table's move first and the rest by history, best first.
func (s *Searcher) order(moves []chess.Move, first chess.Move, side chess.Color) {
	h := &s.history[side]
	key := func(m chess.Move) int32 {
		if m == first {
			return 1 << 30
		}
		return h[m.From()][m.To()]
	}
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		k := key(m)
		j := i
		for ; j > 0 && key(moves[j-1]) < k; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}

// seidr is a chance node: the die is to be rolled for the carrier of c
// (2B). roll is the number of rolls already made this turn; the value is
// the player's whose turn it is.
func (s *Searcher) seidr(c *seidr.Core, depth, ply, roll, alpha, beta int) int {
	s.poll()
	if roll >= maxRolls || s.stopped {
		n := *c
		n.EndSeidr()
		return s.steelStatic(&n, ply)
	}
	full := s.cfg.DeepRolls
	if ply == 0 {
		full = s.rootRolls
	}
	if roll >= full {
		// A sampled roll: one face stands for the die.
		f := seidr.Face(game.SplitMix64(hash(c)^s.seed^uint64(roll)*0x9e3779b97f4a7c15)%8 + 1)
		n := *c
		return s.afterRoll(&n, f, depth, ply, roll, alpha, beta)
	}
	// The faces that leave the board end the seiðr alike (2B.2): one
	// child of their number's weight; each other face is a slide.
	var faces [8]seidr.Face
	var weights [8]int
	k, ends := 0, 0
	turn := c.Pos.Turn()
	for f := seidr.Face(1); f <= 8; f++ {
		df, dr := seidr.Direction(f, turn)
		if !seidr.OnBoard(c.Carrier.File()+df, c.Carrier.Rank()+dr) {
			if ends == 0 {
				faces[k], weights[k] = f, 0
				k++
			}
			ends++
			continue
		}
		faces[k], weights[k] = f, 1
		k++
	}
	for i := range k {
		if weights[i] == 0 {
			weights[i] = ends
		}
	}
	lo, hi := -winScore, winScore
	sum, rest := 0, rollTotal
	for i := range k {
		w := weights[i]
		rest -= w
		ca, cb := lo, hi
		if s.cfg.Star1 {
			// Star1: the child's window that could still move the
			// average across (alpha, beta), the faces not yet searched
			// at their bounds.
			ca = max(lo-1, floorDiv(rollTotal*alpha+rollTotal-1-sum-rest*hi, w))
			cb = min(hi+1, ceilDiv(rollTotal*beta-sum-rest*lo, w))
		} else {
			ca, cb = lo-1, hi+1
		}
		n := *c
		v := s.afterRoll(&n, faces[i], depth, ply, roll, ca, cb)
		if s.stopped {
			return floorDiv(sum+w*v+rest*0, rollTotal)
		}
		if s.cfg.Star1 {
			if v <= ca {
				return floorDiv(sum+w*v+rest*hi, rollTotal)
			}
			if v >= cb {
				return floorDiv(sum+w*v+rest*lo, rollTotal)
			}
		}
		sum += w * v
	}
	return floorDiv(sum, rollTotal)
}

// afterRoll rolls face f for c and searches on.
func (s *Searcher) afterRoll(c *seidr.Core, f seidr.Face, depth, ply, roll, alpha, beta int) int {
	goesOn, removed := c.Roll(f)
	if removed {
		c.ResetQuiet() // 3.2
		if s.deadDraw && seidr.OnlyKing(&c.Pos, chess.White) && seidr.OnlyKing(&c.Pos, chess.Black) {
			return 0 // 3.3
		}
	}
	if goesOn {
		return s.seidr(c, depth, ply, roll+1, alpha, beta)
	}
	return s.steel(c, depth, ply, alpha, beta)
}

// steel searches the call of steel (2C) for the player to move.
func (s *Searcher) steel(c *seidr.Core, depth, ply, alpha, beta int) int {
	s.poll()
	var ml chess.MoveList
	seidr.SteelMoves(&c.Pos, c.Carrier, &ml)
	if ml.N == 0 {
		n := *c
		n.EndTurn() // 2C.2
		return -s.nextTurn(&n, depth, ply, -beta, -alpha)
	}
	moves := ml.Slice()
	for _, m := range moves {
		if c.Pos.Piece(m.To()).Role() == chess.King {
			return winScore - ply // 3.1
		}
	}
	if ml.N == 1 {
		return s.afterCapture(c, moves[0], depth, ply, alpha, beta)
	}
	key := hash(c)
	v, ok, ttMove := s.lookup(key, depth, alpha, beta)
	if ok {
		return v
	}
	orderCaptures(&c.Pos, moves, ttMove)
	best, bestMove := -winScore-1, chess.NoMove
	a := alpha
	for _, m := range moves {
		v := s.afterCapture(c, m, depth, ply, a, beta)
		if s.stopped {
			return max(best, v)
		}
		if v > best {
			best, bestMove = v, m
			if v > a {
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	s.store(key, depth, best, alpha, beta, bestMove)
	return best
}

// afterCapture plays the capture m for the player to move in c's call of
// steel and searches the turns after it.
func (s *Searcher) afterCapture(c *seidr.Core, m chess.Move, depth, ply, alpha, beta int) int {
	n := *c
	if n.Capture(m).Role() == chess.King {
		return winScore - ply
	}
	return -s.nextTurn(&n, depth, ply, -beta, -alpha)
}

// nextTurn searches the position at the start of the next turn, the turn
// just ended having been the depth-th from the horizon.
func (s *Searcher) nextTurn(c *seidr.Core, depth, ply, alpha, beta int) int {
	if depth <= 1 {
		s.poll()
		var ml chess.MoveList
		seidr.QuietMoves(&c.Pos, &ml)
		if r := c.Adjudicate(s.quietLimit, s.deadDraw, ml.N > 0); r.Kind != game.Ongoing {
			return resultValue(c, r, ply+1)
		}
		return s.evaluate(c)
	}
	return s.quiet(c, depth-1, ply+1, alpha, beta)
}

// steelStatic values a call of steel without searching on: the king taken
// if it can be, else the evaluation after the capture that leaves the
// opponent the least.
func (s *Searcher) steelStatic(c *seidr.Core, ply int) int {
	var ml chess.MoveList
	seidr.SteelMoves(&c.Pos, c.Carrier, &ml)
	if ml.N == 0 {
		n := *c
		n.EndTurn()
		return -s.evaluate(&n)
	}
	best := -winScore
	for _, m := range ml.Slice() {
		if c.Pos.Piece(m.To()).Role() == chess.King {
			return winScore - ply
		}
		n := *c
		n.Capture(m)
		best = max(best, -s.evaluate(&n))
	}
	return best
}

// resultValue is the value of a finished game for the player to move in c.
func resultValue(c *seidr.Core, r game.Result, ply int) int {
	if r.Kind != game.Win || len(r.Winners) == 0 {
		return 0
	}
	if r.Winners[0] == game.Player(c.Pos.Turn()) {
		return winScore - ply
	}
	return -(winScore - ply)
}

// evaluate scores c, at the start of a turn, for the player to move.
func (s *Searcher) evaluate(c *seidr.Core) int {
	return searchEval(&c.Pos, c.Pos.Turn(), s.cfg.ChessWeight)
}

// orderCaptures puts the table's move first, then the most valuable
// victims, taken by the least valuable pieces.
func orderCaptures(p *chess.Position, moves []chess.Move, first chess.Move) {
	key := func(m chess.Move) int {
		if m == first {
			return 1 << 30
		}
		return chesssearch.SEEValue[p.Piece(m.To()).Role()]*16 - int(p.Piece(m.From()).Role())
	}
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		k := key(m)
		j := i
		for ; j > 0 && key(moves[j-1]) < k; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}

// floorDiv is a/b rounded down (b > 0).
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// ceilDiv is a/b rounded up (b > 0).
func ceilDiv(a, b int) int { return -floorDiv(-a, b) }
