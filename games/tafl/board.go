package tafl

import (
	"math/bits"
	"slices"
)

// Board sizes: MaxSize is the largest board's side, the length of
// Board's masks.
const (
	minSize    = 7
	MaxSize    = 19
	maxSquares = MaxSize * MaxSize
)

// Sides, also the players' indices (Board.ToMove).
const (
	Black = 0 // attackers, move first
	White = 1 // defenders and the king
)

// Piece kinds, for the mailbox view and the Zobrist keys.
const (
	empty    = -1
	attacker = 0
	defender = 1
	king     = 2
)

// Board is a position: per-side row masks (bit c of Rows[s][r] is the square
// at file c, rank r+1), column occupancy masks for sliding along files, and
// the king's square. Square indices are r*N+c, a1 = 0. It is exported for
// the search (games/tafl/search), which plays on a copy (State.Board) with
// Legal and Move and reads the masks; everything else goes through State.
type Board struct {
	N      int    // the board's side
	ToMove int    // Black or White
	King   int    // the king's square
	Plies  int    // plies played since the start, for the move limit
	Hash   uint64 // Zobrist hash, side to move included
	Rows   [2][MaxSize]uint32
	Cols   [MaxSize]uint32 // bit r: any piece at (r, c)
}

// Full returns the mask of a whole row (or column): N bits.
func (b *Board) Full() uint32 { return uint32(1)<<b.N - 1 }

// at returns the kind of piece on (r, c), or empty.
func (b *Board) at(r, c int) int {
	switch {
	case b.Rows[Black][r]>>c&1 != 0:
		return attacker
	case b.Rows[White][r]>>c&1 == 0:
		return empty
	case r*b.N+c == b.King:
		return king
	}
	return defender
}

// put places a piece of kind k on an empty square.
func (b *Board) put(r, c, k int) {
	s := Black
	if k != attacker {
		s = White
	}
	b.Rows[s][r] |= 1 << c
	b.Cols[c] |= 1 << r
	sq := r*b.N + c
	if k == king {
		b.King = sq
	}
	b.Hash ^= zobrist[k][sq]
}

// remove takes the piece of kind k off (r, c).
func (b *Board) remove(r, c, k int) {
	s := Black
	if k != attacker {
		s = White
	}
	b.Rows[s][r] &^= 1 << c
	b.Cols[c] &^= 1 << r
	b.Hash ^= zobrist[k][r*b.N+c]
}

// Edge reports whether (r, c) is on the edge of the board.
func (b *Board) Edge(r, c int) bool {
	return r == 0 || c == 0 || r == b.N-1 || c == b.N-1
}

// Corner reports whether (r, c) is a corner.
func (b *Board) Corner(r, c int) bool {
	return (r == 0 || r == b.N-1) && (c == 0 || c == b.N-1)
}

// throne reports whether (r, c) is the centre of an odd board.
func (b *Board) throne(r, c int) bool {
	return b.N%2 == 1 && r == b.N/2 && c == b.N/2
}

// Slides returns the squares a piece on (r, c) can move to (2.2): rowT has
// bit c' for (r, c'), colT bit r' for (r', c). Only the king may stop on a
// restricted throne or corner; others pass over the empty throne.
func (b *Board) Slides(rules *Rules, r, c int) (rowT, colT uint32) {
	full := b.Full()
	rowT = Ray(b.Rows[Black][r]|b.Rows[White][r], c, full)
	colT = Ray(b.Cols[c], r, full)
	if r*b.N+c == b.King {
		return rowT, colT
	}
	if rules.Corners {
		last := uint32(1) | 1<<(b.N-1)
		if r == 0 || r == b.N-1 {
			rowT &^= last
		}
		if c == 0 || c == b.N-1 {
			colT &^= last
		}
	}
	if rules.Throne && b.N%2 == 1 {
		m := b.N / 2
		if r == m {
			rowT &^= 1 << m
		}
		if c == m {
			colT &^= 1 << m
		}
	}
	return rowT, colT
}

// Ray returns the empty squares reachable from bit i of a line whose
// occupancy is occ, in both directions, stopping before the first piece.
func Ray(occ uint32, i int, full uint32) uint32 {
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

// HasMove reports whether side s has a legal move.
func (b *Board) HasMove(rules *Rules, s int) bool {
	for r := range b.N {
		for m := b.Rows[s][r]; m != 0; m &= m - 1 {
			rt, ct := b.Slides(rules, r, bits.TrailingZeros32(m))
			if rt|ct != 0 {
				return true
			}
		}
	}
	return false
}

// Dirs are the four orthogonal steps as (dr, dc).
var Dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// Anvil reports whether (r, c) is hostile to a piece of side victim, for a
// capture made by side mover: a piece of the mover's side (the king only
// when armed, 3.3), or a hostile special square.
func (b *Board) Anvil(rules *Rules, r, c, victim int) bool {
	mover := 1 - victim
	if b.Rows[mover][r]>>c&1 != 0 && (mover == Black || rules.KingArmed || r*b.N+c != b.King) {
		return true
	}
	if rules.Corners && b.Corner(r, c) {
		return b.Rows[victim][r]>>c&1 == 0 // hostile unless the victim's king stands there
	}
	if rules.Throne && b.throne(r, c) {
		// The throne is hostile to attackers; to defenders when empty.
		return victim == Black || b.Rows[White][r]>>c&1 == 0
	}
	return false
}

// maxCaptures bounds the pieces one move can capture: four by custody and
// two shieldwall rows along an edge.
const maxCaptures = 4 + 2*MaxSize

// captures lists the pieces that the piece just moved to (r, c) captures
// (3.1): each enemy next to it with a hostile square beyond, and under
// Shieldwall the rows along the edge it brackets. Only the moved piece
// captures, so a piece that moved in between two enemies stays (3.2). It
// returns the captured squares and whether the king is taken: by two where
// two suffice (KingBy2, KingByThrone away from the throne), or, where four
// are needed, by the attacker that moved next to it completing the ring
// (3.4) — a king that stepped into a ring of three attackers and the empty
// throne is not taken by a move elsewhere.
func (b *Board) captures(rules *Rules, r, c int) (caps [maxCaptures]int, ncaps int, kingTaken bool) {
	mover := Black
	if b.Rows[White][r]>>c&1 != 0 {
		mover = White
	}
	if mover == White && r*b.N+c == b.King && !rules.KingArmed {
		return caps, 0, false // 3.3: the king never captures
	}
	victim := 1 - mover
	for _, d := range Dirs {
		r1, c1 := r+d[0], c+d[1]
		r2, c2 := r1+d[0], c1+d[1]
		if r2 < 0 || c2 < 0 || r2 >= b.N || c2 >= b.N {
			continue
		}
		if b.Rows[victim][r1]>>c1&1 == 0 || !b.Anvil(rules, r2, c2, victim) {
			continue
		}
		if sq := r1*b.N + c1; sq == b.King {
			kingTaken = !b.KingStrong(rules)
			continue
		}
		caps[ncaps] = r1*b.N + c1
		ncaps++
	}
	if rules.Shieldwall && b.Edge(r, c) {
		ncaps = b.shieldwalls(rules, r, c, victim, &caps, ncaps)
	}
	if mover == Black && b.KingStrong(rules) && b.NextTo(r, c, b.King) && b.kingSurrounded(rules) {
		kingTaken = true
	}
	return caps, ncaps, kingTaken
}

// KingStrong reports whether the king needs four attackers (or three and
// the empty throne) where he stands: always under KingBy4, on or next to
// the throne under KingByThrone.
func (b *Board) KingStrong(rules *Rules) bool {
	switch rules.KingCapture {
	case KingBy4:
		return true
	case KingByThrone:
		if b.N%2 == 0 {
			return false
		}
		m := b.N / 2
		kr, kc := b.King/b.N, b.King%b.N
		return kr == m && kc == m || b.NextTo(m, m, b.King)
	}
	return false
}

// shieldwalls adds to caps the shieldwall rows (Copenhagen 5b) that the
// piece of side 1-victim just moved to the edge square (r, c) brackets: in
// each direction along the edge, a run of two or more pieces of the victim
// (the king among them), each with an enemy directly in front of it (on
// the next line toward the centre), closed at the far end by an enemy or
// by a hostile corner. The king in such a row is not captured.
func (b *Board) shieldwalls(rules *Rules, r, c, victim int, caps *[maxCaptures]int, ncaps int) int {
	n := b.N
	mover := 1 - victim
	// enemyOf reports whether (r, c) holds a piece of the mover that can
	// take part in a capture (the king only when armed).
	enemyOf := func(r, c int) bool {
		return b.Rows[mover][r]>>c&1 != 0 && (mover == Black || rules.KingArmed || r*n+c != b.King)
	}
	// Along the edge the moved piece stands on: the step along it and the
	// step toward the centre. A corner square lies on two edges.
	type line struct{ dr, dc, fr, fc int }
	var buf [4]line
	lines := buf[:0]
	if r == 0 || r == n-1 {
		fr := 1
		if r == n-1 {
			fr = -1
		}
		lines = append(lines, line{0, 1, fr, 0}, line{0, -1, fr, 0})
	}
	if c == 0 || c == n-1 {
		fc := 1
		if c == n-1 {
			fc = -1
		}
		lines = append(lines, line{1, 0, 0, fc}, line{-1, 0, 0, fc})
	}
	for _, l := range lines {
		var row [MaxSize]int
		members := 0
		rr, cc := r+l.dr, c+l.dc
		for rr >= 0 && cc >= 0 && rr < n && cc < n && b.Rows[victim][rr]>>cc&1 != 0 {
			if !enemyOf(rr+l.fr, cc+l.fc) {
				members = -1 // a member with no enemy in front: no wall
				break
			}
			row[members] = rr*n + cc
			members++
			rr, cc = rr+l.dr, cc+l.dc
		}
		if members < 2 || rr < 0 || cc < 0 || rr >= n || cc >= n {
			continue
		}
		closed := enemyOf(rr, cc) || rules.Corners && b.Corner(rr, cc) && b.Rows[victim][rr]>>cc&1 == 0
		if !closed {
			continue
		}
		for _, sq := range row[:members] {
			if sq != b.King && !slices.Contains(caps[:ncaps], sq) {
				caps[ncaps] = sq
				ncaps++
			}
		}
	}
	return ncaps
}

// NextTo reports whether square sq is orthogonally next to (r, c).
func (b *Board) NextTo(r, c, sq int) bool {
	kr, kc := sq/b.N, sq%b.N
	return kr == r && (kc == c-1 || kc == c+1) || kc == c && (kr == r-1 || kr == r+1)
}

// kingSurrounded reports whether attackers stand on all four squares next to
// the king (3.4); an empty restricted throne counts as one.
func (b *Board) kingSurrounded(rules *Rules) bool {
	r, c := b.King/b.N, b.King%b.N
	for _, d := range Dirs {
		r1, c1 := r+d[0], c+d[1]
		if r1 < 0 || c1 < 0 || r1 >= b.N || c1 >= b.N {
			return false
		}
		if b.Rows[Black][r1]>>c1&1 != 0 {
			continue
		}
		if rules.Throne && b.throne(r1, c1) && b.Rows[White][r1]>>c1&1 == 0 {
			continue
		}
		return false
	}
	return true
}

// KingEscaped reports whether the king stands on a winning square (4.1):
// any edge square, or a corner under EscapeCorner.
func (b *Board) KingEscaped(rules *Rules) bool {
	r, c := b.King/b.N, b.King%b.N
	if rules.Escape == EscapeCorner {
		return b.Corner(r, c)
	}
	return b.Edge(r, c)
}

// Enclosed reports whether White is enclosed (4.3): a flood fill from every
// edge square, through squares not occupied by attackers (defenders do not
// stop it), reaches no white piece.
func (b *Board) Enclosed() bool {
	n := b.N
	full := b.Full()
	var free, reach [MaxSize]uint32
	for r := range n {
		free[r] = full &^ b.Rows[Black][r]
		seed := uint32(1) | 1<<(n-1)
		if r == 0 || r == n-1 {
			seed = full
		}
		reach[r] = seed & free[r]
		if reach[r]&b.Rows[White][r] != 0 {
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
				if x&b.Rows[White][r] != 0 {
					return false
				}
				reach[r] = x
				changed = true
			}
		}
	}
	return true
}

// Move plays from-to for the side to move and removes what it captures. It
// returns the number of pieces captured and whether the king was taken by
// two.
func (b *Board) Move(rules *Rules, from, to int) (ncaps int, kingTaken bool) {
	n := b.N
	fr, fc, tr, tc := from/n, from%n, to/n, to%n
	k := b.at(fr, fc)
	b.remove(fr, fc, k)
	b.put(tr, tc, k)
	caps, ncaps, kingTaken := b.captures(rules, tr, tc)
	for _, sq := range caps[:ncaps] {
		r, c := sq/n, sq%n
		b.remove(r, c, b.at(r, c))
	}
	b.ToMove ^= 1
	b.Hash ^= sideKey
	b.Plies++
	return ncaps, kingTaken
}

// Legal appends the legal moves of the side to move, in ascending order.
func (b *Board) Legal(rules *Rules, out []uint32) []uint32 {
	n := b.N
	s := b.ToMove
	for r := range n {
		for m := b.Rows[s][r]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			from := uint32(r*n+c) << 9
			rt, ct := b.Slides(rules, r, c)
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

// IsLegal reports whether from-to is a legal move of the side to move.
func (b *Board) IsLegal(rules *Rules, from, to int) bool {
	n := b.N
	if from < 0 || to < 0 || from >= n*n || to >= n*n {
		return false
	}
	fr, fc, tr, tc := from/n, from%n, to/n, to%n
	if b.Rows[b.ToMove][fr]>>fc&1 == 0 {
		return false
	}
	rt, ct := b.Slides(rules, fr, fc)
	switch {
	case tr == fr:
		return rt>>tc&1 != 0
	case tc == fc:
		return ct>>tr&1 != 0
	}
	return false
}

// EdgeFort reports whether the king stands in an edge fort the attackers
// cannot break (Copenhagen 8): the king is on the edge and can move; the
// squares he reaches through empty squares (his fort's inside) touch no
// attacker; and every defender next to the inside is safe. A defender is
// safe when, along each line through it, one neighbour is off the board,
// inside the fort (and not a hostile empty throne or corner), or another
// safe defender; under Shieldwall a defender on the edge must also have
// such a square in front of it, so that no row of the wall can be taken
// together. Safety is the largest set of defenders that satisfies this,
// found by striking out defenders until none fails.
func (b *Board) EdgeFort(rules *Rules) bool {
	n := b.N
	kr, kc := b.King/n, b.King%n
	if !b.Edge(kr, kc) {
		return false
	}
	if rt, ct := b.Slides(rules, kr, kc); rt|ct == 0 {
		return false
	}
	// The inside: a flood fill from the king through empty squares.
	var inside [MaxSize]uint32
	inside[kr] |= 1 << kc
	var buf [maxSquares]int
	stack := append(buf[:0], b.King)
	for len(stack) > 0 {
		sq := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := sq/n, sq%n
		for _, d := range Dirs {
			r1, c1 := r+d[0], c+d[1]
			if r1 < 0 || c1 < 0 || r1 >= n || c1 >= n || inside[r1]>>c1&1 != 0 {
				continue
			}
			if b.Rows[Black][r1]>>c1&1 != 0 {
				return false // an attacker inside or at the door
			}
			if b.Rows[White][r1]>>c1&1 != 0 {
				continue
			}
			inside[r1] |= 1 << c1
			stack = append(stack, r1*n+c1)
		}
	}
	// cover reports whether (r, c) shields a neighbour along a line.
	var safe [MaxSize]uint32
	for r := range n {
		safe[r] = b.Rows[White][r]
	}
	cover := func(r, c int) bool {
		if r < 0 || c < 0 || r >= n || c >= n {
			return true
		}
		if safe[r]>>c&1 != 0 {
			return true
		}
		if inside[r]>>c&1 == 0 {
			return false
		}
		hostile := rules.Corners && b.Corner(r, c) || rules.Throne && b.throne(r, c)
		return !hostile
	}
	for changed := true; changed; {
		changed = false
		for r := range n {
			for m := safe[r]; m != 0; m &= m - 1 {
				c := bits.TrailingZeros32(m)
				if r*n+c == b.King {
					continue
				}
				ok := (cover(r-1, c) || cover(r+1, c)) && (cover(r, c-1) || cover(r, c+1))
				if ok && rules.Shieldwall && b.Edge(r, c) {
					switch {
					case r == 0:
						ok = cover(1, c)
					case r == n-1:
						ok = cover(n-2, c)
					case c == 0:
						ok = cover(r, 1)
					default:
						ok = cover(r, n-2)
					}
				}
				if !ok {
					safe[r] &^= 1 << c
					changed = true
				}
			}
		}
	}
	// Every defender next to the inside must be safe.
	for r := range n {
		for m := inside[r]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			for _, d := range Dirs {
				r1, c1 := r+d[0], c+d[1]
				if r1 < 0 || c1 < 0 || r1 >= n || c1 >= n {
					continue
				}
				if b.Rows[White][r1]>>c1&1 != 0 && safe[r1]>>c1&1 == 0 {
					return false
				}
			}
		}
	}
	return true
}
