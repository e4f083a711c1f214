package tafl

import "math/bits"

// Board sizes.
const (
	minSize    = 7
	maxSize    = 19
	maxSquares = maxSize * maxSize
)

// Sides, also the players' indices.
const (
	black = 0 // attackers, move first
	white = 1 // defenders and the king
)

// Piece kinds, for the mailbox view and the Zobrist keys.
const (
	empty    = -1
	attacker = 0
	defender = 1
	king     = 2
)

// board is a position: per-side row masks (bit c of rows[s][r] is the square
// at file c, rank r+1), column occupancy masks for sliding along files, and
// the king's square. Square indices are r*n+c, a1 = 0.
type board struct {
	n      int
	toMove int
	king   int    // the king's square
	plies  int    // plies played since the start, for the move limit
	hash   uint64 // Zobrist hash, side to move included
	rows   [2][maxSize]uint32
	cols   [maxSize]uint32 // bit r: any piece at (r, c)
}

func (b *board) full() uint32 { return uint32(1)<<b.n - 1 }

// at returns the kind of piece on (r, c), or empty.
func (b *board) at(r, c int) int {
	switch {
	case b.rows[black][r]>>c&1 != 0:
		return attacker
	case b.rows[white][r]>>c&1 == 0:
		return empty
	case r*b.n+c == b.king:
		return king
	}
	return defender
}

// put places a piece of kind k on an empty square.
func (b *board) put(r, c, k int) {
	s := black
	if k != attacker {
		s = white
	}
	b.rows[s][r] |= 1 << c
	b.cols[c] |= 1 << r
	sq := r*b.n + c
	if k == king {
		b.king = sq
	}
	b.hash ^= zobrist[k][sq]
}

// remove takes the piece of kind k off (r, c).
func (b *board) remove(r, c, k int) {
	s := black
	if k != attacker {
		s = white
	}
	b.rows[s][r] &^= 1 << c
	b.cols[c] &^= 1 << r
	b.hash ^= zobrist[k][r*b.n+c]
}

// edge reports whether (r, c) is on the edge of the board.
func (b *board) edge(r, c int) bool {
	return r == 0 || c == 0 || r == b.n-1 || c == b.n-1
}

// corner reports whether (r, c) is a corner.
func (b *board) corner(r, c int) bool {
	return (r == 0 || r == b.n-1) && (c == 0 || c == b.n-1)
}

// throne reports whether (r, c) is the centre of an odd board.
func (b *board) throne(r, c int) bool {
	return b.n%2 == 1 && r == b.n/2 && c == b.n/2
}

// slides returns the squares a piece on (r, c) can move to (2.2): rowT has
// bit c' for (r, c'), colT bit r' for (r', c). With special squares only the
// king may stop on the throne and the corners.
func (b *board) slides(rules *Rules, r, c int) (rowT, colT uint32) {
	full := b.full()
	rowT = ray(b.rows[black][r]|b.rows[white][r], c, full)
	colT = ray(b.cols[c], r, full)
	if rules.Special && r*b.n+c != b.king {
		last := uint32(1) | 1<<(b.n-1)
		if r == 0 || r == b.n-1 {
			rowT &^= last
		}
		if c == 0 || c == b.n-1 {
			colT &^= last
		}
		if b.n%2 == 1 {
			m := b.n / 2
			if r == m {
				rowT &^= 1 << m
			}
			if c == m {
				colT &^= 1 << m
			}
		}
	}
	return rowT, colT
}

// ray returns the empty squares reachable from bit i of a line whose
// occupancy is occ, in both directions, stopping before the first piece.
func ray(occ uint32, i int, full uint32) uint32 {
	hi := full &^ (uint32(2)<<i - 1)
	lo := uint32(1)<<i - 1
	var t uint32
	if h := occ & hi; h == 0 {
		t = hi
	} else {
		t = (h&-h - 1) & hi
	}
	if l := occ & lo; l == 0 {
		t |= lo
	} else {
		t |= lo &^ (uint32(2)<<(bits.Len32(l)-1) - 1)
	}
	return t
}

// hasMove reports whether side s has a legal move.
func (b *board) hasMove(rules *Rules, s int) bool {
	for r := range b.n {
		for m := b.rows[s][r]; m != 0; m &= m - 1 {
			rt, ct := b.slides(rules, r, bits.TrailingZeros32(m))
			if rt|ct != 0 {
				return true
			}
		}
	}
	return false
}

// dirs are the four orthogonal steps as (dr, dc).
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// anvil reports whether (r, c) is hostile to a piece of side victim, for a
// capture made by side mover: a piece of the mover's side (the king only
// when armed, 3.3), or a hostile special square.
func (b *board) anvil(rules *Rules, r, c, victim int) bool {
	mover := 1 - victim
	if b.rows[mover][r]>>c&1 != 0 && (mover == black || rules.KingArmed || r*b.n+c != b.king) {
		return true
	}
	if !rules.Special {
		return false // 2.3: no square helps a capture
	}
	if b.corner(r, c) {
		return b.rows[victim][r]>>c&1 == 0 // hostile unless the victim's king stands there
	}
	if b.throne(r, c) {
		// The throne is hostile to attackers; to defenders when empty.
		return victim == black || b.rows[white][r]>>c&1 == 0
	}
	return false
}

// captures lists the pieces that the piece just moved to (r, c) captures
// (3.1): each enemy next to it with a hostile square beyond. Only the moved
// piece captures, so a piece that moved in between two enemies stays (3.2).
// It returns the captured squares (at most four) and whether the king is
// taken: by two (KingBy2), or, under KingBy4, by the attacker that moved
// next to it completing the ring (3.4) — a king that stepped into a ring
// of three attackers and the empty throne is not taken by a move elsewhere.
func (b *board) captures(rules *Rules, r, c int) (caps [4]int, ncaps int, kingTaken bool) {
	mover := black
	if b.rows[white][r]>>c&1 != 0 {
		mover = white
	}
	if mover == white && r*b.n+c == b.king && !rules.KingArmed {
		return caps, 0, false // 3.3: the king never captures
	}
	victim := 1 - mover
	for _, d := range dirs {
		r1, c1 := r+d[0], c+d[1]
		r2, c2 := r1+d[0], c1+d[1]
		if r2 < 0 || c2 < 0 || r2 >= b.n || c2 >= b.n {
			continue
		}
		if b.rows[victim][r1]>>c1&1 == 0 || !b.anvil(rules, r2, c2, victim) {
			continue
		}
		if sq := r1*b.n + c1; sq == b.king {
			kingTaken = rules.KingCapture == KingBy2
			continue
		}
		caps[ncaps] = r1*b.n + c1
		ncaps++
	}
	if mover == black && rules.KingCapture == KingBy4 && b.nextTo(r, c, b.king) && b.kingSurrounded(rules) {
		kingTaken = true
	}
	return caps, ncaps, kingTaken
}

// nextTo reports whether square sq is orthogonally next to (r, c).
func (b *board) nextTo(r, c, sq int) bool {
	kr, kc := sq/b.n, sq%b.n
	return kr == r && (kc == c-1 || kc == c+1) || kc == c && (kr == r-1 || kr == r+1)
}

// kingSurrounded reports whether attackers stand on all four squares next to
// the king (3.4); with special squares an empty throne counts as one.
func (b *board) kingSurrounded(rules *Rules) bool {
	r, c := b.king/b.n, b.king%b.n
	for _, d := range dirs {
		r1, c1 := r+d[0], c+d[1]
		if r1 < 0 || c1 < 0 || r1 >= b.n || c1 >= b.n {
			return false
		}
		if b.rows[black][r1]>>c1&1 != 0 {
			continue
		}
		if rules.Special && b.throne(r1, c1) && b.rows[white][r1]>>c1&1 == 0 {
			continue
		}
		return false
	}
	return true
}

// kingEscaped reports whether the king stands on a winning square (4.1):
// any edge square, or a corner under EscapeCorner.
func (b *board) kingEscaped(rules *Rules) bool {
	r, c := b.king/b.n, b.king%b.n
	if rules.Escape == EscapeCorner {
		return b.corner(r, c)
	}
	return b.edge(r, c)
}

// enclosed reports whether White is enclosed (4.3): a flood fill from every
// edge square, through squares not occupied by attackers (defenders do not
// stop it), reaches no white piece.
func (b *board) enclosed() bool {
	n := b.n
	full := b.full()
	var free, reach [maxSize]uint32
	for r := range n {
		free[r] = full &^ b.rows[black][r]
		seed := uint32(1) | 1<<(n-1)
		if r == 0 || r == n-1 {
			seed = full
		}
		reach[r] = seed & free[r]
		if reach[r]&b.rows[white][r] != 0 {
			return false
		}
	}
	for changed := true; changed; {
		changed = false
		for r := range n {
			x := reach[r]
			if r > 0 {
				x |= reach[r-1]
			}
			if r < n-1 {
				x |= reach[r+1]
			}
			x &= free[r]
			for {
				y := (x | x<<1 | x>>1) & free[r]
				if y == x {
					break
				}
				x = y
			}
			if x != reach[r] {
				if x&b.rows[white][r] != 0 {
					return false
				}
				reach[r] = x
				changed = true
			}
		}
	}
	return true
}

// move plays from-to for the side to move and removes what it captures. It
// returns the number of pieces captured and whether the king was taken by
// two.
func (b *board) move(rules *Rules, from, to int) (ncaps int, kingTaken bool) {
	n := b.n
	fr, fc, tr, tc := from/n, from%n, to/n, to%n
	k := b.at(fr, fc)
	b.remove(fr, fc, k)
	b.put(tr, tc, k)
	caps, ncaps, kingTaken := b.captures(rules, tr, tc)
	for _, sq := range caps[:ncaps] {
		r, c := sq/n, sq%n
		b.remove(r, c, b.at(r, c))
	}
	b.toMove ^= 1
	b.hash ^= sideKey
	b.plies++
	return ncaps, kingTaken
}

// legal appends the legal moves of the side to move, in ascending order.
func (b *board) legal(rules *Rules, out []uint32) []uint32 {
	n := b.n
	s := b.toMove
	for r := range n {
		for m := b.rows[s][r]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			from := uint32(r*n+c) << 9
			rt, ct := b.slides(rules, r, c)
			below := ct & (uint32(1)<<r - 1)
			above := ct &^ (uint32(2)<<r - 1)
			for x := below; x != 0; x &= x - 1 {
				out = append(out, from|uint32(bits.TrailingZeros32(x)*n+c))
			}
			for x := rt; x != 0; x &= x - 1 {
				out = append(out, from|uint32(r*n+bits.TrailingZeros32(x)))
			}
			for x := above; x != 0; x &= x - 1 {
				out = append(out, from|uint32(bits.TrailingZeros32(x)*n+c))
			}
		}
	}
	return out
}

// isLegal reports whether from-to is a legal move of the side to move.
func (b *board) isLegal(rules *Rules, from, to int) bool {
	n := b.n
	if from < 0 || to < 0 || from >= n*n || to >= n*n {
		return false
	}
	fr, fc, tr, tc := from/n, from%n, to/n, to%n
	if b.rows[b.toMove][fr]>>fc&1 == 0 {
		return false
	}
	rt, ct := b.slides(rules, fr, fc)
	switch {
	case tr == fr:
		return rt>>tc&1 != 0
	case tc == fc:
		return ct>>tr&1 != 0
	}
	return false
}
