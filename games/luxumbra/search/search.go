package search

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	"github.com/norns-games/norns/games/luxumbra"
)

// The values of the search lie from -winValue (a loss) to winValue (a
// win): winValue times the chance of winning less the chance of losing,
// as far as the search can tell, with the evaluation's centipawns
// squashed into that range at the horizon (leaf). They are from the point
// of view of the player whose turn it is in the node: the roller at a
// chance event, the mover at a decision. A win is winValue whatever its
// distance: no rule of this game depends on the path
// to a position, so a value is a function of the position, the dice and
// the depth alone, and the table may keep it from one move to the next.
const (
	winValue = 100000.0
	infValue = 1e9
	maxPly   = 96
)

// node is a position in the search: the board (its side to move is the
// player whose turn it is, during the whole turn) and the dice. It is a
// value: the search copies it to play a move (copy-make).
type node struct {
	pos chess.Position
	d   luxumbra.Dice
}

// play makes one move of the turn, as core.play does, without the move
// counters (no rule of the search reads them).
func (n *node) play(m chess.Move) {
	us := n.pos.Turn()
	n.pos.Play(m)
	n.pos.SetEPSquare(chess.NoSquare) // 1.1
	n.pos.SetTurn(us)
	n.d.Use(m.From())
}

// endTurn passes the turn to the opponent, who rolls two dice (3.1).
func (n *node) endTurn() {
	n.pos.SetTurn(n.pos.Turn().Other())
	n.d = luxumbra.Dice{Roll: 2}
}

// key is the table's key: the board's hash with the dice's.
func (n *node) key() uint64 { return n.pos.Hash() ^ n.d.Hash() }

// hasMove reports whether the side to move has a move (3.2) from a square
// of from: a piece with a free or enemy-held square among its targets, a
// pawn with an empty square ahead or an enemy piece to take. It answers as
// PseudoMoves would (no en passant: the search's boards have none) without
// listing the moves.
func hasMove(p *chess.Position, from chess.Bitboard) bool {
	us := p.Turn()
	own := p.ByColor(us)
	them := p.ByColor(us.Other())
	occ := own | them
	for b := own & from; b != 0; {
		sq := b.PopFirst()
		var t chess.Bitboard
		switch p.Piece(sq).Role() {
		case chess.Pawn:
			ahead := sq + 8
			if us == chess.Black {
				ahead = sq - 8
			}
			if !occ.Has(ahead) || chess.PawnAttacks(us, sq)&them != 0 {
				return true
			}
			continue
		case chess.Knight:
			t = chess.KnightAttacks(sq)
		case chess.Bishop:
			t = chess.BishopAttacks(sq, occ)
		case chess.Rook:
			t = chess.RookAttacks(sq, occ)
		case chess.Queen:
			t = chess.QueenAttacks(sq, occ)
		case chess.King:
			t = chess.KingAttacks(sq)
		}
		if t&^own != 0 {
			return true
		}
	}
	return false
}

// takesKing reports whether the side to move can capture the opposing
// king (4.1) with a piece standing on from.
func takesKing(p *chess.Position, from chess.Bitboard) bool {
	us := p.Turn()
	k := p.King(us.Other())
	if k == chess.NoSquare {
		return false
	}
	return p.AttackersTo(k, p.Occupied())&p.ByColor(us)&from != 0
}

// wins reports whether the move just made by us ended the game in our
// favour: the opposing king captured (4.1) or left bare (4.2). A move can
// end the game only for the mover's opponent.
func wins(p *chess.Position, us chess.Color) bool {
	them := p.ByColor(us.Other())
	kings := p.Pieces(us.Other(), chess.King)
	return kings == 0 || them == kings
}

// rolls are the outcomes of a roll of two dice in the order the search
// tries them, the likeliest first (it narrows the *-minimax windows of
// the others most): LS (1/2), LL (1/4), SS (1/4).
var rolls = [3]struct {
	d    luxumbra.Dice
	prob float64
}{
	{luxumbra.Dice{Light: 1, Shadow: 1}, 0.5},
	{luxumbra.Dice{Light: 2}, 0.25},
	{luxumbra.Dice{Shadow: 2}, 0.25},
}

// ttEntry is a slot of the transposition table.
type ttEntry struct {
	key   uint64
	value float64
	move  chess.Move
	depth int8
	flag  uint8
}

const (
	flagExact uint8 = iota + 1
	flagLower
	flagUpper
)

// Searcher is the game's own search: expectiminimax over the roll with
// *-minimax pruning (Star1) at the chance events, principal variation
// search with late move reductions at the decisions, iterative deepening,
// a transposition table kept from one move to the next, move ordering (the
// table's move, captures by victim and attacker, killers, history) and a
// quiescence search of captures at the leaves, on the chess evaluation
// adapted to the game (Eval) and squashed into chances of winning (leaf).
type Searcher struct {
	tt      []ttEntry
	mask    uint64
	rng     *rand.Rand
	nodes   int
	limit   int
	end     time.Time
	ctx     context.Context
	stop    bool
	killers [maxPly + 1][2]chess.Move
	history [2][64][64]int32
	// noTable turns the table off (the pruning tests compare values
	// with a search that has none).
	noTable bool
	// cuts counts the rolls cut off by Star1.
	cuts int
	// noStar2 turns Star2's probing off (the tests compare both).
	noStar2 bool
	// noPVS turns the principal variation search and its late move
	// reductions off: every move is searched with the full window.
	noPVS bool
}

// nullWindow is the width of the principal variation search's null
// window: less than any difference between two values that matters.
const nullWindow = 0.01

// evalScale is the centipawns of Eval that leaf squashes to tanh(1): a
// pawn up is worth 0.1 of a win, a queen up 0.72 (as if it won 86% of the
// games).
const evalScale = 1000

// leaf is the value at the horizon of a position for the side to move: its
// evaluation in centipawns squashed into (-winValue, winValue) by
// tanh(Eval/evalScale), so that the expectation over a roll weighs a
// chance of taking or losing the king against material as a chance of
// winning does.
func leaf(p *chess.Position) float64 {
	return winValue * math.Tanh(float64(Eval(p))/evalScale)
}

// NewSearcher returns a searcher with a table of 2^bits entries, whose
// choices among equal moves follow seed.
func NewSearcher(bits int, seed uint64) *Searcher {
	return &Searcher{
		tt:   make([]ttEntry, 1<<bits),
		mask: 1<<bits - 1,
		rng:  rand.New(rand.NewPCG(seed, 0x6c7578)),
	}
}

// Clear empties the table and the move-ordering statistics.
func (s *Searcher) Clear() {
	clear(s.tt)
	s.killers = [maxPly + 1][2]chess.Move{}
	s.history = [2][64][64]int32{}
}

// tick counts a node and decides whether to stop.
func (s *Searcher) tick() {
	s.nodes++
	if s.limit > 0 && s.nodes >= s.limit {
		s.stop = true
	}
	if s.nodes&1023 == 0 {
		if (s.ctx != nil && s.ctx.Err() != nil) || (!s.end.IsZero() && time.Now().After(s.end)) {
			s.stop = true
		}
	}
}

// Limits bound a search: nodes, time and depth in single moves (zero: no
// bound; with none, depth 4).
type Limits struct {
	Nodes int
	Time  time.Duration
	Depth int
}

// Result is what a search found: the move, its value for the mover
// (winValue for a forced win, -winValue for a forced loss), the nodes
// visited and the deepest completed iteration.
type Result struct {
	Move  chess.Move
	Value float64
	Nodes int
	Depth int
}

// Search chooses a move for the player to move in s, which must be at a
// decision. The move is one of s.LegalMoves().
func (s *Searcher) Search(ctx context.Context, st *luxumbra.State, lim Limits) Result {
	moves := slices.Clone(st.LegalMoves())
	if len(moves) == 0 {
		return Result{}
	}
	root := node{pos: *st.Board(), d: st.Rolled()}
	s.nodes, s.stop, s.ctx, s.limit = 0, false, ctx, lim.Nodes
	s.end = time.Time{}
	if lim.Time > 0 {
		s.end = time.Now().Add(lim.Time)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > maxPly/2 {
		maxDepth = maxPly / 2
	}
	if lim.Nodes == 0 && lim.Time == 0 && lim.Depth == 0 {
		maxDepth = 4
	}
	s.killers = [maxPly + 1][2]chess.Move{}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	// A king to take ends the game at once (4.1).
	for _, m := range moves {
		if root.pos.Piece(m.To()).Role() == chess.King {
			return Result{Move: m, Value: winValue, Nodes: 1}
		}
	}
	if len(moves) == 1 {
		return Result{Move: moves[0], Nodes: 1}
	}
	// Shuffle, then order by the usual ordering; later iterations sort
	// by value, stably, so equal moves keep the seeded order.
	s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	var ttMove chess.Move
	if e := &s.tt[root.key()&s.mask]; !s.noTable && e.key == root.key() {
		ttMove = e.move
	}
	s.order(&root, moves, ttMove, 0)
	best := Result{Move: moves[0]}
	scores := make([]float64, len(moves))
	for depth := 1; depth <= maxDepth; depth++ {
		alpha := -infValue
		iterBest, iterV, searched := moves[0], -infValue, 0
		for i, m := range moves {
			var v float64
			if i == 0 || s.noPVS {
				v = s.after(&root, m, depth-1, 1, alpha, infValue)
			} else if v = s.after(&root, m, depth-1, 1, alpha, alpha+nullWindow); !s.stop && v > alpha {
				v = s.after(&root, m, depth-1, 1, alpha, infValue)
			}
			if s.stop {
				break
			}
			searched++
			scores[i] = v
			if v > iterV {
				iterBest, iterV = m, v
			}
			alpha = max(alpha, v)
		}
		if searched > 0 {
			best.Move, best.Value = iterBest, iterV
		}
		if s.stop {
			break
		}
		best.Depth = depth
		s.storeRoot(&root, depth, iterV, iterBest)
		idx := make([]int, len(moves))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case scores[a] > scores[b]:
				return -1
			case scores[a] < scores[b]:
				return 1
			}
			return 0
		})
		sorted := make([]chess.Move, len(moves))
		sc := make([]float64, len(moves))
		for i, k := range idx {
			sorted[i], sc[i] = moves[k], scores[k]
		}
		moves, scores = sorted, sc
		if iterV >= winValue || iterV <= -winValue {
			break // forced: a deeper search cannot change it
		}
	}
	best.Nodes = s.nodes
	return best
}

// storeRoot keeps the root's value and best move in the table.
func (s *Searcher) storeRoot(n *node, depth int, v float64, m chess.Move) {
	if s.noTable {
		return
	}
	k := n.key()
	s.tt[k&s.mask] = ttEntry{key: k, value: v, move: m, depth: int8(depth), flag: flagExact}
}

// value returns the value of n searched to depth with a full window: the
// entry the pruning tests compare with a search without pruning.
func (s *Searcher) value(n *node, depth int) float64 {
	s.nodes, s.stop, s.limit, s.ctx, s.end = 0, false, 0, nil, time.Time{}
	if n.d.Roll > 0 {
		return s.chance(n, depth, 0, -infValue, infValue)
	}
	return s.decide(n, depth, 0, -infValue, infValue)
}

// after returns the mover's value of playing m at the decision n, searched
// to depth below it: a win when the move captures the king or leaves it
// bare (4.1, 4.2); the mover's next decision when an unused die allows a
// move (3.3); else the turn ends and the opponent rolls.
func (s *Searcher) after(n *node, m chess.Move, depth, ply int, alpha, beta float64) float64 {
	c := *n
	us := c.pos.Turn()
	c.play(m)
	if wins(&c.pos, us) {
		return winValue
	}
	if c.d.Unused() > 0 && hasMove(&c.pos, c.d.FromMask()) {
		return s.decide(&c, depth, ply, alpha, beta)
	}
	c.endTurn()
	return -s.chance(&c, depth, ply, -beta, -alpha)
}

// chance returns the roller's value of the roll at n: the expectation
// over LS, LL and SS of the decisions they lead to, a loss for a roll that
// allows no move (3.6). At the horizon (depth 0) the decisions are the
// quiescence's, so that the captures each outcome allows count. It prunes with Star1: each outcome is searched in
// the window that could still move the expectation across alpha or beta,
// given the outcomes searched and the bounds of the others (no value lies
// outside ±winValue), and the roll is cut off as soon as the expectation
// must fall outside the window.
func (s *Searcher) chance(n *node, depth, ply int, alpha, beta float64) float64 {
	s.tick()
	if s.stop {
		return 0
	}
	if ply >= maxPly {
		return s.chanceLeaf(n)
	}
	k := n.key()
	if v, ok := s.probe(k, depth, alpha, beta); ok {
		return v
	}
	var moves [len(rolls)]bool // whether each outcome allows a move
	for i, r := range rolls {
		moves[i] = hasMove(&n.pos, r.d.FromMask())
	}
	// lower[i] is a lower bound of outcome i's value: a loss, until Star2
	// probing finds better.
	lower := [len(rolls)]float64{-winValue, -winValue, -winValue}
	if !s.noStar2 && depth >= 2 && beta < winValue {
		if b, ok := s.probeRolls(n, depth, ply, beta, &moves, &lower); ok {
			s.cuts++
			s.store(k, depth, b, flagLower, chess.NoMove)
			return b
		}
	}
	sum, rest, restLower := 0.0, 1.0, 0.0
	for i, r := range rolls {
		restLower += r.prob * lower[i]
	}
	for i, r := range rolls {
		rest -= r.prob
		restLower -= r.prob * lower[i]
		lo := (alpha - sum - winValue*rest) / r.prob
		hi := (beta - sum - restLower) / r.prob
		c := node{pos: n.pos, d: r.d}
		var v float64
		if !moves[i] {
			v = -winValue // 3.6
		} else {
			v = s.decide(&c, depth, ply+1, max(lo, -infValue), min(hi, infValue))
			if s.stop {
				return 0
			}
		}
		switch {
		case v >= hi:
			s.cuts++
			b := sum + r.prob*v + restLower
			s.store(k, depth, b, flagLower, chess.NoMove)
			return b
		case v <= lo:
			s.cuts++
			b := sum + r.prob*v + winValue*rest
			s.store(k, depth, b, flagUpper, chess.NoMove)
			return b
		}
		sum += r.prob * v
	}
	s.store(k, depth, sum, flagExact, chess.NoMove)
	return sum
}

// probeRolls is Star2's probing of the roll at n: it searches, outcome by
// outcome, only the first move of the mover's decision (the table's move,
// or the first in order), whose value is a lower bound of the decision's.
// Each probe asks with a null window whether that bound keeps a cutoff at
// beta possible, given the bounds found so far and a win for the outcomes
// not yet probed; it stops at the first that does not. When the bounds of
// all outcomes reach beta it returns their expectation, a lower bound of
// the roll's value, and true. The bounds it found are left in lower for
// Star1.
func (s *Searcher) probeRolls(n *node, depth, ply int, beta float64, moves *[len(rolls)]bool, lower *[len(rolls)]float64) (float64, bool) {
	sum, rest := 0.0, 1.0
	for i, r := range rolls {
		rest -= r.prob
		if !moves[i] {
			sum -= r.prob * winValue
			continue
		}
		t := (beta - sum - winValue*rest) / r.prob
		if t > winValue {
			return 0, false
		}
		c := node{pos: n.pos, d: r.d}
		m := s.firstMove(&c, ply+1)
		v := s.after(&c, m, depth-1, ply+2, t-1, t)
		if s.stop || v < t {
			return 0, false
		}
		lower[i] = v
		sum += r.prob * v
	}
	return sum, sum >= beta
}

// firstMove returns the move a decision searches first: the table's move,
// else the first in the search's order.
func (s *Searcher) firstMove(n *node, ply int) chess.Move {
	var ttMove chess.Move
	if k := n.key(); !s.noTable && s.tt[k&s.mask].key == k {
		ttMove = s.tt[k&s.mask].move
	}
	var ml chess.MoveList
	n.pos.PseudoMoves(&ml, n.d.FromMask(), ^chess.Bitboard(0))
	moves := ml.Slice()
	s.order(n, moves, ttMove, ply)
	return moves[0]
}

// probe looks n's key up in the table and returns its value when the entry
// is deep enough and its bound decides the window.
func (s *Searcher) probe(k uint64, depth int, alpha, beta float64) (float64, bool) {
	if s.noTable {
		return 0, false
	}
	e := &s.tt[k&s.mask]
	if e.key != k || int(e.depth) < depth {
		return 0, false
	}
	switch {
	case e.flag == flagExact,
		e.flag == flagLower && e.value >= beta,
		e.flag == flagUpper && e.value <= alpha:
		return e.value, true
	}
	return 0, false
}

// store keeps a value in the table, replacing what was there.
func (s *Searcher) store(k uint64, depth int, v float64, flag uint8, m chess.Move) {
	if s.noTable {
		return
	}
	e := &s.tt[k&s.mask]
	if e.key == k && m == chess.NoMove {
		m = e.move
	}
	*e = ttEntry{key: k, value: v, move: m, depth: int8(depth), flag: flag}
}

// decide returns the mover's value of the decision n (its unused dice
// allow a move) searched to depth single moves, by fail-soft alpha-beta.
func (s *Searcher) decide(n *node, depth, ply int, alpha, beta float64) float64 {
	if depth <= 0 || ply >= maxPly {
		return s.quiesce(n, ply, alpha, beta)
	}
	s.tick()
	if s.stop {
		return 0
	}
	k := n.key()
	if v, ok := s.probe(k, depth, alpha, beta); ok {
		return v
	}
	var ttMove chess.Move
	if e := &s.tt[k&s.mask]; !s.noTable && e.key == k {
		ttMove = e.move
	}
	var ml chess.MoveList
	n.pos.PseudoMoves(&ml, n.d.FromMask(), ^chess.Bitboard(0))
	moves := ml.Slice()
	s.order(n, moves, ttMove, ply)
	a0 := alpha
	best, bestMove := -infValue, chess.NoMove
	killers := s.killers[min(ply, maxPly)]
	for i, m := range moves {
		var v float64
		if i == 0 || s.noPVS {
			v = s.after(n, m, depth-1, ply+1, alpha, beta)
		} else {
			// Principal variation search: a later move is first asked
			// with a null window whether it beats alpha, and a late
			// quiet move at that one move shallower (late move
			// reduction); only a move that does is searched again in
			// full.
			r := 0
			if depth >= 3 && i >= 3 && n.pos.Piece(m.To()) == chess.NoPiece && m.Promotion() == chess.NoRole && m != killers[0] && m != killers[1] {
				r = 1
			}
			v = s.after(n, m, depth-1-r, ply+1, alpha, alpha+nullWindow)
			if !s.stop && v > alpha && (r > 0 || v < beta) {
				v = s.after(n, m, depth-1, ply+1, alpha, beta)
			}
		}
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			if n.pos.Piece(m.To()) == chess.NoPiece {
				k := &s.killers[ply]
				if k[0] != m {
					k[1], k[0] = k[0], m
				}
				s.history[n.pos.Turn()][m.From()][m.To()] += int32(depth * depth)
			}
			break
		}
	}
	flag := flagExact
	switch {
	case best <= a0:
		flag = flagUpper
	case best >= beta:
		flag = flagLower
	}
	s.store(k, depth, best, flag, bestMove)
	return best
}

// order sorts moves best first: the table's move, captures of the most
// valuable piece by the least valuable, promotions, the killers, then by
// history.
func (s *Searcher) order(n *node, moves []chess.Move, ttMove chess.Move, ply int) {
	var keys [256]int32
	k := s.killers[min(ply, maxPly)]
	h := &s.history[n.pos.Turn()]
	for i, m := range moves {
		var v int32
		victim := n.pos.Piece(m.To())
		switch {
		case m == ttMove:
			v = 1 << 30
		case victim != chess.NoPiece:
			v = 1<<29 + int32(chesssearch.SEEValue[victim.Role()])*16 - int32(chesssearch.SEEValue[n.pos.Piece(m.From()).Role()]/16)
		case m.Promotion() == chess.Queen:
			v = 1<<29 - 1
		case m == k[0]:
			v = 1<<28 + 1
		case m == k[1]:
			v = 1 << 28
		default:
			v = min(h[m.From()][m.To()], 1<<27)
		}
		keys[i] = v
	}
	// Insertion sort: the lists are short.
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < v; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, v
	}
}

// quiesce returns the mover's value of the decision n beyond the horizon:
// a win when an unused die lets the mover take the king (4.1); else the
// better of the evaluation (standing pat) and the captures the unused dice
// allow, each followed, while the turn lasts, by the mover's further
// captures, and by the roll's leaf value once it ends.
func (s *Searcher) quiesce(n *node, ply int, alpha, beta float64) float64 {
	s.tick()
	if s.stop {
		return 0
	}
	from := n.d.FromMask()
	if takesKing(&n.pos, from) {
		return winValue
	}
	best := leaf(&n.pos)
	if best >= beta || ply >= maxPly {
		return best
	}
	alpha = max(alpha, best)
	us := n.pos.Turn()
	var ml chess.MoveList
	n.pos.PseudoMoves(&ml, from, n.pos.ByColor(us.Other()))
	moves := ml.Slice()
	s.order(n, moves, chess.NoMove, ply)
	for _, m := range moves {
		c := *n
		c.play(m)
		var v float64
		switch {
		case wins(&c.pos, us):
			v = winValue
		case c.d.Unused() > 0 && hasMove(&c.pos, c.d.FromMask()):
			v = s.quiesce(&c, ply+1, alpha, beta)
		default:
			c.endTurn()
			v = -s.chanceLeaf(&c)
		}
		if s.stop {
			return 0
		}
		if v > best {
			best = v
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// chanceLeaf is the roller's value of a roll at the horizon: for each
// outcome, a loss when it allows no move (3.6), a win when it lets the
// roller take the king (4.1), else the evaluation.
func (s *Searcher) chanceLeaf(n *node) float64 {
	e := leaf(&n.pos)
	v := 0.0
	for _, r := range rolls {
		from := r.d.FromMask()
		switch {
		case takesKing(&n.pos, from):
			v += r.prob * winValue
		case !hasMove(&n.pos, from):
			v -= r.prob * winValue
		default:
			v += r.prob * e
		}
	}
	return v
}
