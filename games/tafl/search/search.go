package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/norns-games/norns/games/tafl"
)

// Scores of the search, from the side to move's view.
const (
	scoreInf = 1 << 20
	// scoreWin is a won position at the root; a win k plies away scores
	// scoreWin-k, so the search prefers the nearest.
	scoreWin = 1 << 19
	// scoreWon: any score beyond it is a forced win (or, negated, a loss).
	scoreWon = scoreWin - 1000
	// maxPly bounds the search's plies, quiescence included.
	maxPly = 100
)

// The bounds a table entry's score is.
const (
	boundExact = iota + 1
	boundLower
	boundUpper
)

// ttEntry is one slot of the transposition table: the upper half of the
// position's hash, the best move found, its score, the depth searched and
// the kind of bound; gen is the search that wrote it.
type ttEntry struct {
	key   uint32
	move  uint32
	score int32
	depth int8
	bound uint8
	gen   uint8
}

// SearchInfo is what a search reports: the deepest iteration completed,
// the nodes searched (quiescence included), the score of the best move
// from the mover's view in hundredths of a defender (beyond ±523,288 a
// forced win or loss), the time taken and the move.
type SearchInfo struct {
	Depth   int
	Nodes   int64
	Score   int
	Elapsed time.Duration
	Move    uint32
}

// Limits bound a search: nodes, the deepest iteration and a time; zero
// means no bound of that kind. With Nodes or Depth and no Time a search is
// reproducible.
type Limits struct {
	Nodes int64
	Depth int
	Time  time.Duration
}

// Searcher is the tafl engine's search: iterative deepening of a
// principal-variation alpha-beta search on the board by copy-make, with a
// transposition table keyed by the Zobrist hash that it keeps from one
// search to the next (Clear empties it), move ordering (the table's move,
// a king's escape, captures, two killers a ply, history), late move
// reductions, and a quiescence search of the king's escapes: with White to
// move a king who reaches an escape square wins, with Black to move only
// the moves that block his lines or come next to him are searched. A
// Searcher plays one rule set; it is not safe for concurrent use.
type Searcher struct {
	rules   tafl.Rules
	tt      []ttEntry
	mask    uint64
	gen     uint8
	rng     *rand.Rand
	killers [maxPly][2]uint32
	history []int32 // [side][from][to], flattened for the board's size
	n2      int     // the board's squares, for history's index
	hist    []uint64
	moves   [maxPly][]uint32
	keys    [maxPly][]uint64
	// eval is the evaluation of the quiescence search's leaves: evaluate,
	// or another one to compare it with.
	eval func(*tafl.Rules, *tafl.Board) int32

	nodes    int64
	limit    int64
	deadline time.Time
	ctx      context.Context
	stop     bool
	canStop  bool
}

// NewSearcher returns a searcher for rules with a table of 2^bits
// entries (16 bytes each); seed shuffles the order of root moves the
// search cannot tell apart.
func NewSearcher(rules tafl.Rules, bits int, seed uint64) *Searcher {
	bits = max(10, min(bits, 26))
	return &Searcher{
		rules: rules,
		tt:    make([]ttEntry, 1<<bits),
		mask:  1<<bits - 1,
		rng:   rand.New(rand.NewPCG(seed, 0x7461666c)),
		hist:  make([]uint64, 0, 1024),
		eval:  evaluate,
	}
}

// Clear empties the transposition table, the killers and the history.
func (sr *Searcher) Clear() {
	clear(sr.tt)
	clear(sr.history)
	sr.killers = [maxPly][2]uint32{}
	sr.gen = 0
}

// Search searches the position of a state that is not over and returns
// its best move. The state is not changed.
func (sr *Searcher) Search(ctx context.Context, s *tafl.State, lim Limits) (uint32, SearchInfo) {
	start := time.Now()
	b := s.Board()
	if n2 := b.N * b.N; n2 != sr.n2 {
		sr.n2 = n2
		sr.history = make([]int32, 2*n2*n2)
	}
	sr.hist = append(sr.hist[:0], s.Reversible()...)
	sr.nodes, sr.limit, sr.stop, sr.canStop = 0, lim.Nodes, false, false
	sr.deadline = time.Time{}
	if lim.Time > 0 {
		sr.deadline = start.Add(lim.Time)
	}
	sr.ctx = ctx
	sr.gen++
	for i := range sr.history {
		sr.history[i] /= 8 // the old history counts less
	}
	sr.killers = [maxPly][2]uint32{}

	// The root's moves, shuffled by the seed, then in the search's order.
	root := b.Legal(&sr.rules, nil)
	sr.rng.Shuffle(len(root), func(i, j int) { root[i], root[j] = root[j], root[i] })
	var ttMove uint32
	if e := &sr.tt[b.Hash&sr.mask]; e.key == uint32(b.Hash>>32) && e.bound != 0 {
		ttMove = e.move
	}
	keys := sr.order(&b, root, ttMove, 0)
	for i := range keys {
		root[i] = uint32(pick(keys, i))
	}
	info := SearchInfo{Move: root[0]}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > maxPly-10 {
		maxDepth = maxPly - 10
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && (ctx != nil && ctx.Err() != nil || !sr.deadline.IsZero() && time.Now().After(sr.deadline)) {
			break
		}
		best, score, done := sr.searchRoot(&b, root, depth)
		if best != 0 {
			info.Move, info.Score = best, int(score)
		}
		if !done {
			break
		}
		info.Depth = depth
		sr.canStop = true
		// The best move first, the others in the order they had.
		i := slices.Index(root, best)
		copy(root[1:i+1], root[:i])
		root[0] = best
		if score >= scoreWon || score <= -scoreWon {
			break // a forced end: deeper shows nothing new
		}
		if len(root) == 1 {
			break
		}
	}
	info.Nodes = sr.nodes
	info.Elapsed = time.Since(start)
	return info.Move, info
}

// searchRoot searches the root's moves to depth and returns the best, its
// score and whether the iteration finished. When it stops early, the move
// and score are those of the best move found so far (the previous best is
// searched first, so a move that beats it is better at this depth), or 0.
func (sr *Searcher) searchRoot(b *tafl.Board, root []uint32, depth int) (uint32, int32, bool) {
	alpha, beta := int32(-scoreInf), int32(scoreInf)
	var best uint32
	for i, m := range root {
		score, ok := sr.child(b, m, depth, 0, alpha, beta, 0, i == 0)
		if !ok {
			return best, alpha, false
		}
		if score > alpha {
			alpha, best = score, m
		}
	}
	sr.store(b.Hash, best, alpha, depth, boundExact, 0)
	return best, alpha, true
}

// child plays m on a copy of b and searches the result to depth-1 with a
// principal-variation window: the first move with (alpha, beta), the
// others with a null window first, re-searched when they beat alpha.
// irrev is the index in sr.hist of the first position that can recur. It
// returns the score from b's mover's view and false when the search was
// stopped.
func (sr *Searcher) child(b *tafl.Board, m uint32, depth, ply int, alpha, beta int32, irrev int, first bool) (int32, bool) {
	c := *b
	from, to := moveSquares(m)
	ncaps, kingTaken := c.Move(&sr.rules, from, to)
	sr.hist = append(sr.hist, c.Hash)
	defer func() { sr.hist = sr.hist[:len(sr.hist)-1] }()
	ci := irrev
	if ncaps > 0 {
		ci = len(sr.hist) - 1
	}
	switch v := verdict(&sr.rules, &c, b.ToMove, kingTaken, sr.hist[ci:]); v {
	case drawn:
		return 0, true
	case blackWon, whiteWon:
		if (v == whiteWon) == (b.ToMove == tafl.White) {
			return scoreWin - int32(ply) - 1, true
		}
		return -scoreWin + int32(ply) + 1, true
	}
	var score int32
	if first {
		score = -sr.negamax(&c, depth-1, ply+1, -beta, -alpha, ci)
	} else {
		// Late quiet moves are searched a ply less first.
		r := 0
		if depth >= 3 && ncaps == 0 && from != b.King && !first && sr.late(m, ply) {
			r = 1
		}
		score = -sr.negamax(&c, depth-1-r, ply+1, -alpha-1, -alpha, ci)
		if score > alpha && r > 0 && !sr.stop {
			score = -sr.negamax(&c, depth-1, ply+1, -alpha-1, -alpha, ci)
		}
		if score > alpha && score < beta && !sr.stop {
			score = -sr.negamax(&c, depth-1, ply+1, -beta, -alpha, ci)
		}
	}
	return score, !sr.stop
}

// late reports whether m may be reduced: not a killer of the ply.
func (sr *Searcher) late(m uint32, ply int) bool {
	return m != sr.killers[ply][0] && m != sr.killers[ply][1]
}

// negamax searches b to depth and returns its score from the side to
// move's view; b is not over except perhaps for want of a move.
func (sr *Searcher) negamax(b *tafl.Board, depth, ply int, alpha, beta int32, irrev int) int32 {
	if depth <= 0 || ply >= maxPly-8 {
		return sr.quiesce(b, ply, alpha, beta, irrev)
	}
	if sr.tick() {
		return 0
	}
	var ttMove uint32
	if e := &sr.tt[b.Hash&sr.mask]; e.key == uint32(b.Hash>>32) && e.bound != 0 {
		ttMove = e.move
		if int(e.depth) >= depth && beta-alpha == 1 {
			s := fromTable(e.score, ply)
			if e.bound == boundExact || e.bound == boundLower && s >= beta || e.bound == boundUpper && s <= alpha {
				return s
			}
		}
	}
	best, bestMove, bound := int32(-scoreInf), uint32(0), uint8(boundUpper)
	// try searches one move and reports whether it cut the node off.
	first := true
	try := func(m uint32, quiet bool) bool {
		score, ok := sr.child(b, m, depth, ply, alpha, beta, irrev, first)
		first = false
		if !ok {
			return true
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha, bound = score, boundExact
				if score >= beta {
					bound = boundLower
					if quiet {
						sr.reward(b.ToMove, m, depth, ply)
					}
					return true
				}
			}
		}
		return false
	}
	// The table's move first, before the others are generated.
	if ttMove != 0 {
		if from, to := moveSquares(ttMove); b.IsLegal(&sr.rules, from, to) {
			if try(ttMove, captureCount(b, &sr.rules, from, to) == 0) {
				if sr.stop {
					return 0
				}
				sr.store(b.Hash, bestMove, best, depth, bound, ply)
				return best
			}
		} else {
			ttMove = 0
		}
	}
	moves := b.Legal(&sr.rules, sr.moves[ply][:0])
	sr.moves[ply] = moves[:0]
	if len(moves) == 0 {
		return -scoreWin + int32(ply) // 4.4: no legal move loses
	}
	keys := sr.order(b, moves, ttMove, ply)
	for i := range keys {
		k := pick(keys, i)
		m := uint32(k)
		if m == ttMove {
			continue
		}
		if try(m, k>>32 < orderCapture) {
			break
		}
	}
	if sr.stop {
		return 0
	}
	sr.store(b.Hash, bestMove, best, depth, bound, ply)
	return best
}

// quiesce settles the king's escapes below the search's depth: with White
// to move a king who can reach an escape square wins; with Black to move
// and the king's lines open, Black must block them (or take the king), and
// only such moves are searched; otherwise the evaluation stands.
func (sr *Searcher) quiesce(b *tafl.Board, ply int, alpha, beta int32, irrev int) int32 {
	if sr.tick() {
		return 0
	}
	rowR, colR, count := routes(b, &sr.rules)
	if b.ToMove == tafl.White {
		if count > 0 {
			return scoreWin - int32(ply) - 1
		}
		return sr.eval(&sr.rules, b)
	}
	if count == 0 || ply >= maxPly-2 {
		return sr.eval(&sr.rules, b)
	}
	n := b.N
	kr, kc := b.King/n, b.King%n
	moves := b.Legal(&sr.rules, sr.moves[ply][:0])
	sr.moves[ply] = moves[:0]
	if len(moves) == 0 {
		return -scoreWin + int32(ply)
	}
	best := -scoreWin + int32(ply) + 2 // nothing stops the king next move
	for _, m := range moves {
		_, to := moveSquares(m)
		tr, tc := to/n, to%n
		onRoute := tr == kr && rowR>>tc&1 != 0 || tc == kc && colR>>tr&1 != 0
		if !onRoute && !b.NextTo(tr, tc, b.King) {
			continue
		}
		c := *b
		from, _ := moveSquares(m)
		ncaps, kingTaken := c.Move(&sr.rules, from, to)
		sr.hist = append(sr.hist, c.Hash)
		ci := irrev
		if ncaps > 0 {
			ci = len(sr.hist) - 1
		}
		var score int32
		switch v := verdict(&sr.rules, &c, tafl.Black, kingTaken, sr.hist[ci:]); v {
		case drawn:
			score = 0
		case blackWon:
			score = scoreWin - int32(ply) - 1
		case whiteWon:
			score = -scoreWin + int32(ply) + 1
		default:
			score = -sr.quiesce(&c, ply+1, -beta, -alpha, ci)
		}
		sr.hist = sr.hist[:len(sr.hist)-1]
		if sr.stop {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// tick counts a node and reports whether the search must stop: the node
// budget spent, the time up or the context done. The first iteration
// always finishes, so that there is a move to play.
func (sr *Searcher) tick() bool {
	sr.nodes++
	if sr.stop {
		return true
	}
	if !sr.canStop {
		return false
	}
	if sr.limit > 0 && sr.nodes >= sr.limit {
		sr.stop = true
	} else if sr.nodes&255 == 0 {
		if !sr.deadline.IsZero() && time.Now().After(sr.deadline) {
			sr.stop = true
		} else if sr.ctx != nil && sr.ctx.Err() != nil {
			sr.stop = true
		}
	}
	return sr.stop
}

// Move ordering keys: the upper 32 bits of a move's key, highest first.
const (
	orderTable   = 1 << 30
	orderEscape  = 1 << 29
	orderCapture = 1 << 27
	orderKiller  = 1 << 26
	orderHistory = 1 << 25 // history is capped below it
)

// order returns the moves of b as keys whose upper 32 bits rank them and
// lower 32 bits are the moves, unsorted: pick takes them best first.
func (sr *Searcher) order(b *tafl.Board, moves []uint32, ttMove uint32, ply int) []uint64 {
	keys := sr.keys[ply][:0]
	n := b.N
	side := b.ToMove
	var caps [4][tafl.MaxSize]uint32
	captureTargets(b, &sr.rules, &caps)
	escapes := sr.rules.Escape == tafl.EscapeEdge
	hist := sr.history[side*sr.n2*sr.n2 : (side+1)*sr.n2*sr.n2]
	k0, k1 := sr.killers[ply][0], sr.killers[ply][1]
	for _, m := range moves {
		var s uint32
		from, to := moveSquares(m)
		tr, tc := to/n, to%n
		switch {
		case m == ttMove:
			s = orderTable
		case from == b.King && (escapes && b.Edge(tr, tc) || b.Corner(tr, tc)):
			s = orderEscape
		default:
			if k := caps[0][tr]>>tc&1 + caps[1][tr]>>tc&1 + caps[2][tr]>>tc&1 + caps[3][tr]>>tc&1; k > 0 && (from != b.King || sr.rules.KingArmed) {
				s = orderCapture + k
			} else if m == k0 {
				s = orderKiller + 1
			} else if m == k1 {
				s = orderKiller
			} else {
				s = uint32(min(hist[from*sr.n2+to], orderHistory-1))
			}
		}
		keys = append(keys, uint64(s)<<32|uint64(m))
	}
	sr.keys[ply] = keys[:0]
	return keys
}

// captureTargets marks, in four masks of rows (one per direction of the
// victim from the square), the empty squares a piece of the side to move
// would capture from by custody: an enemy next to the square with a
// hostile square beyond it (board.anvil's rule, row by row). The king is
// no victim here, and whether the moving piece may capture (an unarmed
// king may not) is the caller's business; shieldwalls are left out. It is
// for move ordering only.
func captureTargets(b *tafl.Board, rules *tafl.Rules, out *[4][tafl.MaxSize]uint32) {
	n := b.N
	mover := b.ToMove
	victim := 1 - mover
	full := b.Full()
	kr, kc := b.King/n, b.King%n
	var vic, anv [tafl.MaxSize]uint32
	for r := range n {
		vic[r] = b.Rows[victim][r]
		anv[r] = b.Rows[mover][r]
	}
	if victim == tafl.White {
		vic[kr] &^= 1 << kc
	} else if !rules.KingArmed {
		anv[kr] &^= 1 << kc
	}
	corners := uint32(1) | 1<<(n-1)
	if rules.Corners {
		// A corner is hostile unless the victim's king stands on it.
		anv[0] |= corners &^ b.Rows[victim][0]
		anv[n-1] |= corners &^ b.Rows[victim][n-1]
	}
	if rules.Throne && n%2 == 1 {
		m := n / 2
		if victim == tafl.Black || b.Rows[tafl.White][m]>>m&1 == 0 {
			anv[m] |= 1 << m
		}
	}
	for r := range n {
		empty := full &^ (b.Rows[tafl.Black][r] | b.Rows[tafl.White][r])
		out[0][r] = vic[r] >> 1 & (anv[r] >> 2) & empty // victim to the right
		out[1][r] = vic[r] << 1 & (anv[r] << 2) & empty // victim to the left
		if r+2 < n {
			out[2][r] = vic[r+1] & anv[r+2] & empty // victim above
		}
		if r >= 2 {
			out[3][r] = vic[r-1] & anv[r-2] & empty // victim below
		}
	}
}

// reward makes a quiet move that caused a cutoff a killer of its ply and
// raises its history.
func (sr *Searcher) reward(side int, m uint32, depth, ply int) {
	if sr.killers[ply][0] != m {
		sr.killers[ply][1] = sr.killers[ply][0]
		sr.killers[ply][0] = m
	}
	from, to := moveSquares(m)
	h := &sr.history[(side*sr.n2+from)*sr.n2+to]
	*h = min(*h+int32(depth*depth), orderHistory-1)
}

// store writes an entry, replacing one of an earlier search or of no
// greater depth.
func (sr *Searcher) store(hash uint64, m uint32, score int32, depth int, bound uint8, ply int) {
	if sr.stop {
		return
	}
	e := &sr.tt[hash&sr.mask]
	if e.bound != 0 && e.gen == sr.gen && int(e.depth) > depth && e.key == uint32(hash>>32) {
		return
	}
	*e = ttEntry{key: uint32(hash >> 32), move: m, score: toTable(score, ply), depth: int8(depth), bound: bound, gen: sr.gen}
}

// toTable and fromTable make a win's score relative to the position in
// the table and back to the root.
func toTable(s int32, ply int) int32 {
	switch {
	case s >= scoreWon:
		return s + int32(ply)
	case s <= -scoreWon:
		return s - int32(ply)
	}
	return s
}

func fromTable(s int32, ply int) int32 {
	switch {
	case s >= scoreWon:
		return s - int32(ply)
	case s <= -scoreWon:
		return s + int32(ply)
	}
	return s
}

// captureCount counts the pieces a move from-to would take by custody
// (shieldwalls and the king aside), for move ordering only.
func captureCount(b *tafl.Board, rules *tafl.Rules, from, to int) int {
	n := b.N
	mover := b.ToMove
	if mover == tafl.White && from == b.King && !rules.KingArmed {
		return 0
	}
	victim := 1 - mover
	r, c := to/n, to%n
	k := 0
	for _, d := range tafl.Dirs {
		r1, c1 := r+d[0], c+d[1]
		r2, c2 := r1+d[0], c1+d[1]
		if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || r1*n+c1 == b.King {
			continue
		}
		if b.Rows[victim][r1]>>c1&1 != 0 && b.Anvil(rules, r2, c2, victim) {
			k++
		}
	}
	return k
}

// pick returns the i-th best of keys, whose first i are already the best
// in order: the first few by selection, since a node is often cut off by
// one of them, then the rest sorted at once.
func pick(keys []uint64, i int) uint64 {
	const picks = 3
	switch {
	case i < picks:
		bi := i
		for j := i + 1; j < len(keys); j++ {
			if keys[j] > keys[bi] {
				bi = j
			}
		}
		keys[i], keys[bi] = keys[bi], keys[i]
	case i == picks:
		rest := keys[picks:]
		slices.Sort(rest)
		slices.Reverse(rest)
	}
	return keys[i]
}
