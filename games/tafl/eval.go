package tafl

import (
	"math/bits"

	"github.com/norns-games/norns/game"
)

// zobrist holds a key per piece kind and square; sideKey marks White to
// move. They come from a fixed SplitMix64 sequence, so hashes are the same
// in every run.
var zobrist, sideKey = makeZobrist()

func makeZobrist() (keys [3][maxSquares]uint64, side uint64) {
	ks := game.KeyStream(0x7461666c) // "tafl"
	for k := range keys {
		for i := range keys[k] {
			keys[k][i] = ks.Next()
		}
	}
	return keys, ks.Next()
}

// Hash returns the Zobrist hash of the position, side to move included.
func (s *State) Hash() uint64 { return s.b.Hash }

// Evaluate estimates each side's prospects in [-1, 1] (black first),
// zero-sum: the king's escape routes (edge squares he reaches in one move),
// his freedom (squares he can move to, attackers next to him), and the
// material of both sides relative to each other.
func (s *State) Evaluate() []float64 {
	if s.res.Kind != 0 {
		return s.Returns()
	}
	b := &s.b
	n := b.N
	kr, kc := b.King/n, b.King%n
	rt, ct := b.Slides(&s.rules, kr, kc)
	routes := 0
	edge := uint32(1) | 1<<(n-1)
	if s.rules.Escape == EscapeCorner {
		if kr == 0 || kr == n-1 {
			routes += bits.OnesCount32(rt & edge)
		}
		if kc == 0 || kc == n-1 {
			routes += bits.OnesCount32(ct & edge)
		}
	} else {
		routes = bits.OnesCount32(rt&edge) + bits.OnesCount32(ct&edge)
		if kr == 0 || kr == n-1 {
			routes += bits.OnesCount32(rt)
		}
		if kc == 0 || kc == n-1 {
			routes += bits.OnesCount32(ct)
		}
	}
	var corner float64
	if s.rules.Escape == EscapeCorner {
		corner = b.cornerFeatures(kr, kc, rt, ct)
	}
	freedom := bits.OnesCount32(rt) + bits.OnesCount32(ct)
	adjacent := 0
	for _, d := range Dirs {
		r, c := kr+d[0], kc+d[1]
		if r >= 0 && c >= 0 && r < n && c < n && b.Rows[Black][r]>>c&1 != 0 {
			adjacent++
		}
	}
	att, def := 0, 0
	for r := range n {
		att += bits.OnesCount32(b.Rows[Black][r])
		def += bits.OnesCount32(b.Rows[White][r])
	}
	def-- // the king
	// White's view: two attackers are worth about one defender.
	material := float64(2*def-att) / float64(2*def+att+1)
	v := 0.3*material + 0.02*float64(freedom) - 0.1*float64(adjacent) + corner
	if s.rules.KingCapture != KingBy4 && !b.KingStrong(&s.rules) {
		// Where two attackers take him, each one next to the king is a
		// threat of capture, not a step of a siege.
		v -= 0.1 * float64(adjacent)
	}
	switch {
	case routes >= 2:
		v += 0.6
	case routes == 1:
		v += 0.3
	}
	if routes >= 1 && b.ToMove == White {
		v += 0.3
	}
	v = max(-0.95, min(0.95, v))
	return []float64{-v, v}
}

// cornerFeatures scores, from White's view, what corner escape depends on
// for a king on (kr, kc) who can move to rowT/colT: the corners he can
// reach in two moves (a square he moves to with an open line along the
// edge to an empty corner: the attackers must block every such line at
// once), how far the nearest corner is, and the attackers that guard the
// corners: on the square diagonally next to a corner and the two beside it
// away from the edges (b2, c2 and b3 for a1), which fence the corner off
// and, unlike b1 and a2, cannot be taken against it.
func (b *Board) cornerFeatures(kr, kc int, rowT, colT uint32) float64 {
	n := b.N
	var reach [4]bool // corners a1, n1, a_n, n_n reachable in two moves
	mark := func(r, c int) {
		for i, open := range b.openToCorners(r, c) {
			reach[i] = reach[i] || open
		}
	}
	for x := rowT; x != 0; x &= x - 1 {
		mark(kr, bits.TrailingZeros32(x))
	}
	for x := colT; x != 0; x &= x - 1 {
		mark(bits.TrailingZeros32(x), kc)
	}
	two := 0
	for _, ok := range reach {
		if ok {
			two++
		}
	}
	dist := n
	for _, cr := range [2]int{0, n - 1} {
		for _, cc := range [2]int{0, n - 1} {
			dist = min(dist, abs(kr-cr)+abs(kc-cc))
		}
	}
	guards := b.CornerGuards()
	return 0.12*float64(min(two, 3)) - 0.03*float64(dist) - 0.06*float64(guards)
}

// CornerGuards counts the attackers on the squares that fence the corners
// off: the square diagonally next to a corner and the two beside it away
// from the edges (b2, c2 and b3 for a1, and their like).
func (b *Board) CornerGuards() int {
	n := b.N
	g := 0
	for _, cr := range [2]int{0, n - 1} {
		for _, cc := range [2]int{0, n - 1} {
			dr, dc := 1, 1
			if cr > 0 {
				dr = -1
			}
			if cc > 0 {
				dc = -1
			}
			for _, sq := range [3][2]int{{cr + dr, cc + dc}, {cr + dr, cc + 2*dc}, {cr + 2*dr, cc + dc}} {
				g += int(b.Rows[Black][sq[0]] >> sq[1] & 1)
			}
		}
	}
	return g
}

// openToCorners reports, for a king standing on the edge square (r, c),
// which corners (a1, the right end of rank 1, the left end of the top
// rank, the right end of the top rank) he reaches along the edge through
// empty squares; his own square does not block.
func (b *Board) openToCorners(r, c int) (open [4]bool) {
	n := b.N
	kr, kc := b.King/n, b.King%n
	if r == 0 || r == n-1 {
		occ := b.Rows[Black][r] | b.Rows[White][r]
		if r == kr {
			occ &^= 1 << kc
		}
		top := 0
		if r == n-1 {
			top = 2
		}
		open[top] = occ&(uint32(1)<<c-1) == 0 && c != 0
		open[top+1] = occ&^(uint32(2)<<c-1)&b.Full() == 0 && c != n-1
	}
	if c == 0 || c == n-1 {
		occ := b.Cols[c]
		if c == kc {
			occ &^= 1 << kr
		}
		right := 0
		if c == n-1 {
			right = 1
		}
		open[right] = open[right] || occ&(uint32(1)<<r-1) == 0 && r != 0
		open[right+2] = open[right+2] || occ&^(uint32(2)<<r-1)&b.Full() == 0 && r != n-1
	}
	return open
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
