package search

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/norns-games/norns/games/chess"
)

// The search of the chess engine: principal-variation search on Position
// by copy-make, with a transposition table that lives as long as its
// Searcher (a game), null-move pruning, reverse futility pruning,
// late-move reductions, killer and history ordering, MVV-LVA and static
// exchange for captures, and a quiescence search at every leaf that
// answers a check with all its evasions; iterative deepening with
// aspiration windows.

// Scores of the search, in centipawns. A mate in n plies scores
// MateScore - n for the side that mates.
const (
	MateScore = 32000
	// MateBound: scores beyond it are mates.
	MateBound = MateScore - 1000
	infScore  = MateScore + 1
	// MaxPly is the deepest ply the search reaches.
	MaxPly = 100
)

// Limits bound one search. Zero fields are no bound; with no bound at all
// the search runs until its context is done or it has searched to MaxPly.
type Limits struct {
	// Nodes is the number of nodes (quiescence included) to search.
	Nodes int64
	// Depth is the deepest iteration.
	Depth int
	// MoveTime is the time for this move.
	MoveTime time.Duration
	// Time and Inc are the mover's clock and increment, MovesToGo the
	// moves to play before the next time control (0: sudden death). The
	// search gives itself a share of the clock (TimeBudget). The clock
	// is in force when Time is positive or Clock is set: a clock at zero
	// or below (Clock set) is one that has run out, and the search then
	// answers at once, not without a limit.
	Time, Inc time.Duration
	MovesToGo int
	Clock     bool
	// Overhead is the time kept on the clock for each move beyond the
	// search, for the answer to reach the clock (TimeBudget).
	Overhead time.Duration
	// RootMoves, when not empty, are the only moves searched at the root
	// (UCI's searchmoves); those that are not legal are left out, and
	// when none is legal every move is searched.
	RootMoves []chess.Move
	// Margin, when positive, makes the search play below its strength,
	// as a weak level should: each move at the root gets a bonus of 0 to
	// Margin centipawns, drawn at random (from the Searcher's seed) once
	// a search, so the move played may be up to Margin worse than the
	// best one found. Mates are never blurred.
	Margin int
}

// Info is what the search reports after each iteration.
type Info struct {
	Depth, SelDepth int
	// Score is from the side to move's point of view, in centipawns or
	// (beyond MateBound) a mate.
	Score   int
	Nodes   int64
	Elapsed time.Duration
	PV      []chess.Move
}

// Searcher is the chess engine. It keeps its transposition table, history
// and killers from one search to the next; use one Searcher per game, and
// call Clear between games. It is not safe for concurrent use.
type Searcher struct {
	tt      []ttEntry
	ttMask  uint64
	gen     uint8
	killers [MaxPly + 1][2]chess.Move
	history [2][64][64]int32
	// path holds the hashes of the positions from the last irreversible
	// move of the game down to the current node, for repetitions.
	path []uint64

	nodes      int64
	stop       bool
	ctx        context.Context
	start      time.Time
	hardEnd    time.Time
	nodeLimit  int64
	seldepth   int
	rootBest   chess.Move
	rootScore  int
	rootRandom []chess.Move
	rootNoise  []int // the bonus of rootRandom[i] (Limits.Margin)
	rng        *rand.Rand
	// OnInfo, when set, is called after every completed iteration.
	OnInfo func(Info)
}

type ttEntry struct {
	key   uint64
	move  chess.Move
	score int16
	eval  int16
	depth int8
	flag  uint8 // bound in the low two bits, generation above
}

const (
	boundUpper uint8 = 1
	boundLower uint8 = 2
	boundExact uint8 = 3
)

// NewSearcher returns a searcher with a transposition table of 2^bits
// entries (16 bytes each; bits 0 means 20, 16 MB), its root ordering
// shuffled by seed among moves the search cannot tell apart.
func NewSearcher(bits int, seed uint64) *Searcher {
	if bits <= 0 {
		bits = 20
	}
	s := &Searcher{tt: make([]ttEntry, 1<<bits), ttMask: 1<<bits - 1}
	s.rng = rand.New(rand.NewPCG(seed, 0x636865737365))
	return s
}

// Clear empties the table, the history and the killers, for a new game.
func (s *Searcher) Clear() {
	clear(s.tt)
	s.killers = [MaxPly + 1][2]chess.Move{}
	s.history = [2][64][64]int32{}
}

// Nodes returns the nodes searched by the last search.
func (s *Searcher) Nodes() int64 { return s.nodes }

// Search searches pos, whose game went through the positions with hashes
// past (oldest first, pos excluded; only those since the last capture or
// pawn move matter), within the limits, and returns the best move with
// the last completed iteration's information. It returns NoMove when pos
// has no legal move.
func (s *Searcher) Search(ctx context.Context, pos *chess.Position, past []uint64, lim Limits) (chess.Move, Info) {
	soft := s.begin(ctx, pos, past, lim)
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	if ml.N == 0 {
		return chess.NoMove, Info{}
	}
	rootMoves(&ml, lim.RootMoves)
	s.shuffleRoot(ml.Slice(), lim.Margin)

	best := s.rootRandom[0]
	var info Info
	maxDepth := MaxPly - 4
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootBest = chess.NoMove
		var sc int
		if depth >= 5 && prev > -MateBound && prev < MateBound {
			sc = s.aspiration(pos, depth, prev)
		} else {
			sc = s.pvs(pos, depth, -infScore, infScore, 0, true)
		}
		if s.stop {
			// A move that improved the root in the unfinished iteration
			// was searched fully: keep it.
			if s.rootBest != chess.NoMove {
				best = s.rootBest
			}
			break
		}
		prev = sc
		if s.rootBest != chess.NoMove {
			best = s.rootBest
		}
		info = Info{Depth: depth, SelDepth: s.seldepth, Score: sc, Nodes: s.nodes, Elapsed: time.Since(s.start), PV: s.pv(pos, best, depth)}
		if s.OnInfo != nil {
			s.OnInfo(info)
		}
		if sc > MateBound && MateScore-sc <= depth {
			break // a mate found within the full-width depth
		}
		if ml.N == 1 && (lim.Time > 0 || lim.Clock || lim.MoveTime > 0) {
			break
		}
		if soft > 0 && time.Since(s.start) > soft*6/10 {
			break
		}
	}
	info.Nodes = s.nodes
	info.Elapsed = time.Since(s.start)
	return best, info
}

// begin readies s for a search of pos under lim: the limits, the path
// since the last irreversible move, the history halved (so that old
// games fade) and no killers. It returns the soft time limit (0: none).
func (s *Searcher) begin(ctx context.Context, pos *chess.Position, past []uint64, lim Limits) (soft time.Duration) {
	s.start = time.Now()
	s.ctx = ctx
	s.nodes, s.stop, s.seldepth = 0, false, 0
	s.gen++
	s.nodeLimit = lim.Nodes
	s.hardEnd = time.Time{}
	switch {
	case lim.MoveTime > 0:
		s.hardEnd = s.start.Add(lim.MoveTime)
	case lim.Time > 0 || lim.Clock:
		var hard time.Duration
		soft, hard = TimeBudget(lim.Time, lim.Inc, lim.MovesToGo, lim.Overhead)
		s.hardEnd = s.start.Add(hard)
	}
	n := len(past)
	if h := pos.Halfmove(); h < n {
		past = past[n-h:]
	}
	s.path = append(s.path[:0], past...)
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 2
			}
		}
	}
	s.killers = [MaxPly + 1][2]chess.Move{}
	return soft
}

// shuffleRoot sets the root order of the legal moves to a shuffle by the
// seed (the search then sorts it, keeping it among equals) and, with a
// margin, draws each move's bonus in 0..margin.
func (s *Searcher) shuffleRoot(moves []chess.Move, margin int) {
	s.rootRandom = append(s.rootRandom[:0], moves...)
	s.rng.Shuffle(len(s.rootRandom), func(i, j int) { s.rootRandom[i], s.rootRandom[j] = s.rootRandom[j], s.rootRandom[i] })
	s.rootNoise = s.rootNoise[:0]
	if margin > 0 {
		for range s.rootRandom {
			s.rootNoise = append(s.rootNoise, s.rng.IntN(margin+1))
		}
	}
}

// aspiration searches the root to depth in a window around prev, the
// last iteration's score, widening it on the side the score falls out
// of (to the full window once it passes 600).
func (s *Searcher) aspiration(pos *chess.Position, depth, prev int) int {
	delta := 25
	alpha, beta := prev-delta, prev+delta
	for {
		sc := s.pvs(pos, depth, alpha, beta, 0, true)
		if s.stop {
			return sc
		}
		if sc <= alpha {
			beta = (alpha + beta) / 2
			alpha = max(sc-delta, -infScore)
		} else if sc >= beta {
			beta = min(sc+delta, infScore)
		} else {
			return sc
		}
		delta += delta
		if delta > 600 {
			alpha, beta = -infScore, infScore
		}
	}
}

// rootMoves keeps in ml only the legal moves that are among only, when
// some are (Limits.RootMoves).
func rootMoves(ml *chess.MoveList, only []chess.Move) {
	if len(only) == 0 {
		return
	}
	n := 0
	for _, m := range ml.Slice() {
		for _, o := range only {
			if m == o {
				ml.Moves[n] = m
				n++
				break
			}
		}
	}
	if n > 0 {
		ml.N = n
	}
}

// TimeBudget shares out a clock: the time a search with left on the
// mover's clock, inc added after each move and movesToGo moves before
// the next time control (0: the rest of the game) gives itself, keeping
// overhead back on every move for the answer to reach the clock. It
// starts no new iteration after six tenths of soft, and stops at hard
// whatever it is doing.
//
// The usable time is left less overhead. Above a cushion of twice the
// overhead and the increment, soft takes a share of the usable time
// beyond the cushion (a movesToGo-th, planning for at most 30 moves
// more) and three quarters of the increment; below it, a part of those
// three quarters that shrinks with the usable time, so that the clock
// grows back and a slow answer finds time on it. hard is at most four
// softs, at most a third of the usable time and the increment, and never
// more than the usable time less a reserve: the overhead again, or half
// the increment when that is more (a slow answer is then paid for by the
// increment rather than by the flag), but at most half the usable time.
// So hard never exceeds left - overhead, and a clock at or below the
// overhead gives 0, 0: the search answers at once.
func TimeBudget(left, inc time.Duration, movesToGo int, overhead time.Duration) (soft, hard time.Duration) {
	if movesToGo <= 0 || movesToGo > 30 {
		movesToGo = 30
	}
	overhead = max(overhead, 0)
	inc = max(inc, 0)
	usable := left - overhead
	if usable <= 0 {
		return 0, 0
	}
	cushion := 2*overhead + inc
	if usable > cushion {
		soft = (usable-cushion)/time.Duration(movesToGo) + inc*3/4
	} else {
		soft = time.Duration(float64(inc*3/4) * float64(usable) / float64(cushion))
	}
	reserve := min(usable/2, max(overhead, inc/2))
	hard = min(soft*4, usable/time.Duration(min(3, movesToGo))+inc, usable-reserve)
	return min(soft, hard), hard
}

// pv follows the table from pos after best for the principal variation.
func (s *Searcher) pv(pos *chess.Position, best chess.Move, depth int) []chess.Move {
	out := []chess.Move{best}
	p := *pos
	p.Play(best)
	seen := map[uint64]bool{pos.Hash(): true}
	for len(out) < depth {
		if seen[p.Hash()] {
			break
		}
		seen[p.Hash()] = true
		e := &s.tt[p.Hash()&s.ttMask]
		if e.key != p.Hash() || e.move == chess.NoMove {
			break
		}
		var ml chess.MoveList
		p.LegalMoves(&ml)
		legal := false
		for _, m := range ml.Slice() {
			if m == e.move {
				legal = true
			}
		}
		if !legal {
			break
		}
		out = append(out, e.move)
		p.Play(e.move)
	}
	return out
}

// checkStop sets stop when a limit is reached; the clock and the context
// are read every 1024 nodes.
func (s *Searcher) checkStop() {
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stop = true
		return
	}
	if s.nodes&1023 != 0 {
		return
	}
	if !s.hardEnd.IsZero() && time.Now().After(s.hardEnd) {
		s.stop = true
	}
	if s.ctx != nil && s.ctx.Err() != nil {
		s.stop = true
	}
}

// isRepetition reports whether the position with hash h occurred before
// on the path since the last irreversible move (halfmove plies back).
func (s *Searcher) isRepetition(h uint64, halfmove int) bool {
	n := len(s.path)
	for i, k := n-2, 2; i >= 0 && k <= halfmove; i, k = i-2, k+2 {
		if s.path[i] == h {
			return true
		}
	}
	return false
}

func scoreToTT(v, ply int) int16 {
	if v > MateBound {
		v += ply
	} else if v < -MateBound {
		v -= ply
	}
	return int16(v)
}

func scoreFromTT(v int16, ply int) int {
	x := int(v)
	if x > MateBound {
		x -= ply
	} else if x < -MateBound {
		x += ply
	}
	return x
}

func (s *Searcher) store(h uint64, depth int, v, ply int, bound uint8, m chess.Move, eval int) {
	e := &s.tt[h&s.ttMask]
	old := e.flag >> 2
	if e.key == h || old != s.gen&63 || depth >= int(e.depth)-2 || bound == boundExact {
		if m == chess.NoMove && e.key == h {
			m = e.move
		}
		*e = ttEntry{key: h, move: m, score: scoreToTT(v, ply), eval: int16(eval), depth: int8(depth), flag: bound | (s.gen&63)<<2}
	}
}

// lmr[d][i] is the reduction of the i-th move at depth d.
var lmr = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return
}()

// pvs is the principal-variation search of pos to depth, from the side to
// move's point of view.
func (s *Searcher) pvs(pos *chess.Position, depth, alpha, beta, ply int, nullOK bool) int {
	pvNode := beta-alpha > 1
	if ply > s.seldepth {
		s.seldepth = ply
	}
	h := pos.Hash()
	if ply > 0 {
		if pos.Halfmove() >= 100 || s.isRepetition(h, pos.Halfmove()) || chess.InsufficientMaterial(pos) {
			return 0
		}
		// Mate-distance pruning.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := pos.InCheck()
	if inCheck {
		depth++
	}
	if depth <= 0 || ply >= MaxPly {
		return s.quiesce(pos, alpha, beta, ply)
	}
	s.nodes++
	s.checkStop()
	if s.stop {
		return 0
	}

	// The table.
	e := &s.tt[h&s.ttMask]
	ttMove := chess.NoMove
	ttHit := e.key == h
	eval := 0
	if ttHit {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth && ply > 0 {
			if v, cut := ttCutoff(e, alpha, beta, ply); cut {
				return v
			}
		}
	}
	if !inCheck {
		if ttHit {
			eval = int(e.eval)
		} else {
			eval = Eval(pos)
		}
	}

	us := pos.Turn()
	if !pvNode && !inCheck && ply > 0 {
		// Reverse futility: far above beta near the leaves.
		if depth <= 6 && eval-80*depth >= beta && eval < MateBound {
			return eval
		}
		// Null move: give the opponent a free move; if still above beta,
		// cut. Not in pawn endings (zugzwang).
		if nullOK && depth >= 3 && eval >= beta && pos.HasNonPawn(us) {
			if v, cut := s.nullMove(pos, h, depth, beta, ply, eval); cut {
				return v
			}
		}
	}
	// Internal iterative reduction: without a table move, search less.
	if ttMove == chess.NoMove && depth >= 4 && !inCheck {
		depth--
	}
	return s.searchMoves(pos, h, depth, alpha, beta, ply, pvNode, inCheck, eval, ttMove)
}

// searchMoves is the second half of pvs: it searches the moves of pos
// (hash h), the table's move ttMove first, prunes and reduces the late
// ones, and stores the result. eval is the static evaluation (0 in
// check).
//
// Its loop over the moves stays one body for the search's speed: each
// move's state (the child, capture, quiet, check, the window with the
// root's bonus, the best so far) would be passed to and fro for every
// move. Splitting pvs into the parts it has now cost nothing measurable:
// BenchmarkSearch/pos4 ran 5.59e9 instructions (callgrind) against
// 5.63e9 in one body, and the user time of pos0, pos3 and pos4 stayed
// within 1% (13.94 s against 13.86 s, six runs each, alternated).
func (s *Searcher) searchMoves(pos *chess.Position, h uint64, depth, alpha, beta, ply int, pvNode, inCheck bool, eval int, ttMove chess.Move) int {
	us := pos.Turn()
	var ml chess.MoveList
	pos.LegalMoves(&ml)
	if ml.N == 0 {
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	var scores [256]int32
	if ply == 0 {
		// Keep the seeded shuffle as the order among equals, and only
		// the root moves of the search (Limits.RootMoves).
		ml.N = copy(ml.Moves[:], s.rootRandom)
	}
	s.scoreMoves(pos, ml.Slice(), scores[:ml.N], ttMove, ply)

	bestScore, bestMove := -infScore, chess.NoMove
	origAlpha := alpha
	var quietsTried [64]chess.Move
	nQuiets := 0
	s.path = append(s.path, h)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for i := 0; i < ml.N; i++ {
		m := pickMove(ml.Moves[:ml.N], scores[:ml.N], i)
		capture := pos.IsCapture(m)
		quiet := !capture && m.Promotion() == chess.NoRole
		child := *pos
		child.Play(m)
		givesCheck := child.InCheck()

		// Pruning of quiet moves late in the list near the leaves.
		if !pvNode && !inCheck && quiet && !givesCheck && bestScore > -MateBound && ply > 0 && lateQuietPruned(depth, i, eval, alpha) {
			continue
		}
		if !pvNode && capture && !givesCheck && depth <= 3 && i > 0 && bestScore > -MateBound && SEE(pos, m) < -100*depth {
			continue
		}

		// At the root, a weak level's bonus for the move (Limits.Margin):
		// the move is searched against the window shifted by it.
		bonus := 0
		if ply == 0 && len(s.rootNoise) > 0 {
			bonus = s.rootBonus(m)
		}
		a, b := alpha-bonus, beta-bonus
		var v int
		if i == 0 {
			v = -s.pvs(&child, depth-1, -b, -a, ply+1, true)
		} else {
			r := 0
			if depth >= 3 && i >= 2 && quiet && !inCheck && !givesCheck {
				r = s.lateMoveReduction(us, m, depth, i, ply, pvNode)
			}
			v = s.zeroWindow(&child, depth, a, b, ply, r)
		}
		if s.stop {
			return 0
		}
		if bonus != 0 && v > -MateBound && v < MateBound {
			v += bonus
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				alpha = v
				if ply == 0 {
					s.rootBest, s.rootScore = m, v
				}
				if v >= beta {
					if quiet {
						s.cutoff(us, m, depth, ply, quietsTried[:nQuiets])
					}
					break
				}
			}
		}
		if quiet && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
	}
	s.storeResult(h, depth, bestScore, origAlpha, beta, ply, pvNode, inCheck, bestMove, eval)
	return bestScore
}

// lateQuietPruned reports whether a quiet move, the i-th tried at depth
// near the leaves, is pruned: late in the list, or with the static
// evaluation eval far below alpha.
func lateQuietPruned(depth, i, eval, alpha int) bool {
	return depth <= 3 && i >= 4+depth*depth*2 || depth <= 2 && eval+100+120*depth <= alpha
}

// zeroWindow searches a move after the first, to child, reduced by r
// against the null window at a; it searches again unreduced if the move
// beats a, then with the full window (a, b) if it falls inside it.
func (s *Searcher) zeroWindow(child *chess.Position, depth, a, b, ply, r int) int {
	v := -s.pvs(child, depth-1-r, -a-1, -a, ply+1, true)
	if v > a && r > 0 {
		v = -s.pvs(child, depth-1, -a-1, -a, ply+1, true)
	}
	if v > a && v < b {
		v = -s.pvs(child, depth-1, -b, -a, ply+1, true)
	}
	return v
}

// ttCutoff reports whether the table entry e, deep enough, settles the
// node against the window (alpha, beta), and with which score.
func ttCutoff(e *ttEntry, alpha, beta, ply int) (int, bool) {
	v := scoreFromTT(e.score, ply)
	switch e.flag & 3 {
	case boundExact:
		return v, true
	case boundLower:
		return v, v >= beta
	case boundUpper:
		return v, v <= alpha
	}
	return v, false
}

// nullMove gives the opponent a free move in pos (hash h) and searches
// the result reduced; it reports a cut when the side to move is still
// at or above beta. A mate score found so is not trusted and becomes
// beta. After a stop it reports a cut with 0.
func (s *Searcher) nullMove(pos *chess.Position, h uint64, depth, beta, ply, eval int) (int, bool) {
	r := 3 + depth/6 + min(3, (eval-beta)/200)
	child := *pos
	child.SetEPSquare(chess.NoSquare)
	child.SetTurn(pos.Turn().Other())
	child.SetCounters(child.Halfmove()+1, child.Fullmove())
	s.path = append(s.path, h)
	v := -s.pvs(&child, depth-1-r, -beta, -beta+1, ply+1, false)
	s.path = s.path[:len(s.path)-1]
	if s.stop {
		return 0, true
	}
	if v >= beta {
		if v > MateBound {
			v = beta
		}
		return v, true
	}
	return 0, false
}

// lateMoveReduction is the reduction of quiet move m, the i-th tried at
// depth: less at a PV node, for a killer and for a move with a good
// history, and always leaving at least one ply.
func (s *Searcher) lateMoveReduction(us chess.Color, m chess.Move, depth, i, ply int, pvNode bool) int {
	r := int(lmr[min(depth, 63)][min(i, 63)])
	if pvNode {
		r--
	}
	if m == s.killers[ply][0] || m == s.killers[ply][1] {
		r--
	}
	if s.history[us][m.From()][m.To()] > 2000 {
		r--
	}
	return max(0, min(r, depth-2))
}

// storeResult stores the node's result in the table, its bound from
// where bestScore fell against the window (origAlpha, beta). The root
// under Limits.Margin is not stored: its scores carry the bonuses.
func (s *Searcher) storeResult(h uint64, depth, bestScore, origAlpha, beta, ply int, pvNode, inCheck bool, bestMove chess.Move, eval int) {
	bound := boundUpper
	switch {
	case bestScore >= beta:
		bound = boundLower
	case bestScore > origAlpha && pvNode:
		bound = boundExact
	}
	switch {
	case ply == 0 && len(s.rootNoise) > 0:
		// Scores with the root's bonuses are not the position's.
	case !inCheck:
		s.store(h, depth, bestScore, ply, bound, bestMove, eval)
	default:
		s.store(h, depth, bestScore, ply, bound, bestMove, 0)
	}
}

// rootBonus is the bonus of root move m under Limits.Margin.
func (s *Searcher) rootBonus(m chess.Move) int {
	for i, r := range s.rootRandom {
		if r == m {
			return s.rootNoise[i]
		}
	}
	return 0
}

// cutoff rewards a quiet move that caused a beta cutoff (killer, history)
// and punishes the quiet moves tried before it.
func (s *Searcher) cutoff(us chess.Color, m chess.Move, depth, ply int, tried []chess.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	bonus := int32(min(depth*depth, 400))
	upd := func(m chess.Move, b int32) {
		h := &s.history[us][m.From()][m.To()]
		*h += b - *h*abs32(b)/16384
	}
	upd(m, bonus)
	for _, q := range tried {
		upd(q, -bonus)
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// scoreMoves gives each move its ordering score: the table's move first,
// then captures and promotions by MVV-LVA (losing captures after the
// killers), killers, then quiet moves by history.
func (s *Searcher) scoreMoves(pos *chess.Position, moves []chess.Move, scores []int32, ttMove chess.Move, ply int) {
	us := pos.Turn()
	for i, m := range moves {
		switch {
		case m == ttMove:
			scores[i] = 1 << 30
		case pos.IsCapture(m) || m.Promotion() != chess.NoRole:
			victim := pos.Piece(m.To()).Role()
			if victim == chess.NoRole && pos.IsCapture(m) {
				victim = chess.Pawn
			}
			attacker := pos.Piece(m.From()).Role()
			v := int32(SEEValue[victim]*16 - SEEValue[attacker]/16)
			if p := m.Promotion(); p != chess.NoRole {
				v += int32(SEEValue[p] * 16)
				if p != chess.Queen {
					v = -1 << 20 // under-promotions last
					scores[i] = v
					continue
				}
			}
			if SEEValue[attacker] > SEEValue[victim] && m.Promotion() == chess.NoRole && SEE(pos, m) < 0 {
				scores[i] = -(1 << 16) + v/1024
			} else {
				scores[i] = 1<<25 + v
			}
		case m == s.killers[ply][0]:
			scores[i] = 1<<24 + 1
		case m == s.killers[ply][1]:
			scores[i] = 1 << 24
		default:
			scores[i] = s.history[us][m.From()][m.To()]
		}
	}
}

// pickMove moves the best-scored move of moves[i:] to i and returns it.
func pickMove(moves []chess.Move, scores []int32, i int) chess.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
	return moves[i]
}

// quiesce searches captures (and queen promotions) until the position is
// quiet; in check it searches every evasion.
func (s *Searcher) quiesce(pos *chess.Position, alpha, beta, ply int) int {
	s.nodes++
	s.checkStop()
	if s.stop {
		return 0
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	inCheck := pos.InCheck()
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return Eval(pos)
	}
	h := pos.Hash()
	e := &s.tt[h&s.ttMask]
	ttMove := chess.NoMove
	if e.key == h {
		v := scoreFromTT(e.score, ply)
		switch e.flag & 3 {
		case boundExact:
			return v
		case boundLower:
			if v >= beta {
				return v
			}
		case boundUpper:
			if v <= alpha {
				return v
			}
		}
		ttMove = e.move
	}
	best := -infScore
	stand := 0
	if !inCheck {
		stand = Eval(pos)
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	var ml chess.MoveList
	if inCheck {
		pos.LegalMoves(&ml)
		if ml.N == 0 {
			return -MateScore + ply
		}
	} else {
		pos.LegalCaptures(&ml)
	}
	var scores [256]int32
	s.scoreMoves(pos, ml.Slice(), scores[:ml.N], ttMove, MaxPly)
	for i := 0; i < ml.N; i++ {
		m := pickMove(ml.Moves[:ml.N], scores[:ml.N], i)
		if !inCheck {
			if p := m.Promotion(); p != chess.NoRole && p != chess.Queen {
				continue
			}
			victim, _ := pos.Captured(m)
			gain := SEEValue[victim.Role()]
			if m.Promotion() == chess.Queen {
				gain += SEEValue[chess.Queen] - SEEValue[chess.Pawn]
			}
			// Delta pruning: even winning the piece does not reach alpha.
			if stand+gain+200 <= alpha {
				continue
			}
			if SEE(pos, m) < 0 {
				continue
			}
		}
		child := *pos
		child.Play(m)
		v := -s.quiesce(&child, -beta, -alpha, ply+1)
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// SEE is the static exchange evaluation of m: the material the mover wins
// (or loses, below zero) when both sides go on capturing on m's target
// square with their least valuable attacker.
func SEE(p *chess.Position, m chess.Move) int {
	from, to := m.From(), m.To()
	victim, capSq := p.Captured(m)
	var gain [32]int
	d := 0
	gain[0] = SEEValue[victim.Role()]
	attacker := p.Piece(from).Role()
	if pr := m.Promotion(); pr != chess.NoRole {
		gain[0] += SEEValue[pr] - SEEValue[chess.Pawn]
		attacker = pr
	}
	occ := p.Occupied() ^ from.Bit()
	if capSq != chess.NoSquare && capSq != to {
		occ ^= capSq.Bit()
	}
	side := p.Turn().Other()
	bishops := p.ByRole(chess.Bishop) | p.ByRole(chess.Queen)
	rooks := p.ByRole(chess.Rook) | p.ByRole(chess.Queen)
	attackers := p.AttackersTo(to, occ) & occ
	for {
		d++
		gain[d] = SEEValue[attacker] - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		mine := attackers & p.ByColor(side)
		if mine == 0 {
			break
		}
		var r chess.Role
		var b chess.Bitboard
		for _, r = range chess.Roles {
			if b = mine & p.ByRole(r); b != 0 {
				break
			}
		}
		if r == chess.King && attackers&p.ByColor(side.Other()) != 0 {
			break // the king may not take into a defended square
		}
		occ ^= (b & -b)
		attackers |= (chess.BishopAttacks(to, occ)&bishops | chess.RookAttacks(to, occ)&rooks)
		attackers &= occ
		attacker = r
		side = side.Other()
		if d >= 31 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
