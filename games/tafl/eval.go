package tafl

import (
	"math/bits"

	"norns/game"
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
func (s *State) Hash() uint64 { return s.b.hash }

// Evaluate estimates each side's prospects in [-1, 1] (black first),
// zero-sum: the king's escape routes (edge squares he reaches in one move),
// his freedom (squares he can move to, attackers next to him), and the
// material of both sides relative to each other.
func (s *State) Evaluate() []float64 {
	if s.res.Kind != 0 {
		return s.Returns()
	}
	b := &s.b
	n := b.n
	kr, kc := b.king/n, b.king%n
	rt, ct := b.slides(&s.rules, kr, kc)
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
	freedom := bits.OnesCount32(rt) + bits.OnesCount32(ct)
	adjacent := 0
	for _, d := range dirs {
		r, c := kr+d[0], kc+d[1]
		if r >= 0 && c >= 0 && r < n && c < n && b.rows[black][r]>>c&1 != 0 {
			adjacent++
		}
	}
	att, def := 0, 0
	for r := range n {
		att += bits.OnesCount32(b.rows[black][r])
		def += bits.OnesCount32(b.rows[white][r])
	}
	def-- // the king
	// White's view: two attackers are worth about one defender.
	material := float64(2*def-att) / float64(2*def+att+1)
	v := 0.3*material + 0.02*float64(freedom) - 0.1*float64(adjacent)
	switch {
	case routes >= 2:
		v += 0.6
	case routes == 1:
		v += 0.3
	}
	if routes >= 1 && b.toMove == white {
		v += 0.3
	}
	v = max(-0.95, min(0.95, v))
	return []float64{-v, v}
}
