package search

import "github.com/norns-games/norns/games/tafl"
import "math/bits"

// The engine's evaluation, in hundredths of a defender, from White's view
// before the side to move is taken into account. It counts what the king's
// escape depends on: the escape squares he reaches in one move, and in two
// (each square he can move to from which a line is open to an escape
// square is a threat the attackers must answer; one with two such lines is
// a fork, which one move cannot stop), his freedom, the attackers beside
// him (a siege where four are needed, a threat of capture where two do),
// the attackers that fence the corners off where the king escapes to a
// corner, and the material.
const (
	evalDefender   = 100 // a defender
	evalAttacker   = 50  // an attacker: two are worth about one defender
	evalFreedom    = 4   // each square the king can move to
	evalRoute      = 150 // one open line to an escape square, Black to move
	evalRoute2     = 350 // each further one: one move stops only one
	evalThreat     = 30  // each square from which the king would see an escape
	evalFork       = 120 // each square from which he would see two
	evalForkToMove = 250 // a fork White can move into at once
	evalSiege      = 25  // each attacker next to a king taken by four
	evalSiege3     = 60  // three of the four
	evalNear       = 60  // each attacker next to a king taken by two
	evalGuard      = 20  // each attacker fencing a corner off (b2, c2, b3)
	evalTempo      = 15  // the side to move
)

// escapesFrom counts the escape squares a king on (r, c) reaches in one
// move, given the squares he can move to along his rank (rt) and file (ct).
func escapesFrom(b *tafl.Board, rules *tafl.Rules, r, c int, rt, ct uint32) int {
	n := b.N
	ends := uint32(1) | 1<<(n-1)
	if rules.Escape == tafl.EscapeEdge {
		k := bits.OnesCount32(rt&ends) + bits.OnesCount32(ct&ends)
		if r == 0 || r == n-1 {
			k += bits.OnesCount32(rt &^ ends)
		}
		if c == 0 || c == n-1 {
			k += bits.OnesCount32(ct &^ ends)
		}
		return k
	}
	k := 0
	if r == 0 || r == n-1 {
		k += bits.OnesCount32(rt & ends)
	}
	if c == 0 || c == n-1 {
		k += bits.OnesCount32(ct & ends)
	}
	return k
}

// routes returns the squares the attackers can block the king's one-move
// escapes on, as a mask of his rank and one of his file, and the number of
// escape squares he reaches.
func routes(b *tafl.Board, rules *tafl.Rules) (rowR, colR uint32, count int) {
	n := b.N
	kr, kc := b.King/n, b.King%n
	rt, ct := b.Slides(rules, kr, kc)
	count = escapesFrom(b, rules, kr, kc, rt, ct)
	if count == 0 {
		return 0, 0, 0
	}
	full := b.Full()
	lowR, highR := uint32(1)<<kc-1, full&^(uint32(2)<<kc-1)
	lowC, highC := uint32(1)<<kr-1, full&^(uint32(2)<<kr-1)
	rowEdge := kr == 0 || kr == n-1
	colEdge := kc == 0 || kc == n-1
	if rules.Escape == tafl.EscapeEdge {
		if rowEdge {
			rowR = rt
		} else {
			if rt&1 != 0 {
				rowR |= lowR
			}
			if rt>>(n-1)&1 != 0 {
				rowR |= highR
			}
		}
		if colEdge {
			colR = ct
		} else {
			if ct&1 != 0 {
				colR |= lowC
			}
			if ct>>(n-1)&1 != 0 {
				colR |= highC
			}
		}
		return rowR, colR, count
	}
	if rowEdge {
		if rt&1 != 0 {
			rowR |= lowR
		}
		if rt>>(n-1)&1 != 0 {
			rowR |= highR
		}
	}
	if colEdge {
		if ct&1 != 0 {
			colR |= lowC
		}
		if ct>>(n-1)&1 != 0 {
			colR |= highC
		}
	}
	return rowR, colR, count
}

// twoMoveEscapes counts the squares the king can move to (rt along his
// rank, ct along his file) from which he would reach an escape square in
// one more move (threats), and those from which he would reach two
// (forks).
func twoMoveEscapes(b *tafl.Board, rules *tafl.Rules, kr, kc int, rt, ct uint32) (threats, forks int) {
	full := b.Full()
	kingRow := (b.Rows[tafl.Black][kr] | b.Rows[tafl.White][kr]) &^ (1 << kc)
	kingCol := b.Cols[kc] &^ (1 << kr)
	count := func(r, c int, rowOcc, colOcc uint32) {
		if rules.Escape == tafl.EscapeEdge && b.Edge(r, c) || b.Corner(r, c) {
			return // an escape square: a one-move escape, counted apart
		}
		k := escapesFrom(b, rules, r, c, tafl.Ray(rowOcc, c, full), tafl.Ray(colOcc, r, full))
		if k > 0 {
			threats++
		}
		if k > 1 {
			forks++
		}
	}
	for x := rt; x != 0; x &= x - 1 {
		c := bits.TrailingZeros32(x)
		count(kr, c, kingRow, b.Cols[c])
	}
	for x := ct; x != 0; x &= x - 1 {
		r := bits.TrailingZeros32(x)
		count(r, kc, b.Rows[tafl.Black][r]|b.Rows[tafl.White][r], kingCol)
	}
	return threats, forks
}

// evaluate scores a position that is not over, from the side to move's
// view. A king who can escape at once with White to move is the
// quiescence search's business, not the evaluation's.
func evaluate(rules *tafl.Rules, b *tafl.Board) int32 {
	n := b.N
	kr, kc := b.King/n, b.King%n
	rt, ct := b.Slides(rules, kr, kc)
	att, def := 0, -1 // the king is not a defender here
	for r := range n {
		att += bits.OnesCount32(b.Rows[tafl.Black][r])
		def += bits.OnesCount32(b.Rows[tafl.White][r])
	}
	v := evalDefender*def - evalAttacker*att
	v += evalFreedom * (bits.OnesCount32(rt) + bits.OnesCount32(ct))
	if one := escapesFrom(b, rules, kr, kc, rt, ct); one > 0 {
		v += evalRoute + evalRoute2*(one-1)
	}
	threats, forks := twoMoveEscapes(b, rules, kr, kc, rt, ct)
	v += evalThreat*min(threats, 6) + evalFork*min(forks, 3)
	if forks > 0 && b.ToMove == tafl.White {
		v += evalForkToMove
	}
	adj := 0
	for _, d := range tafl.Dirs {
		r, c := kr+d[0], kc+d[1]
		if r >= 0 && c >= 0 && r < n && c < n && b.Rows[tafl.Black][r]>>c&1 != 0 {
			adj++
		}
	}
	if rules.KingCapture == tafl.KingBy4 || b.KingStrong(rules) {
		v -= evalSiege * adj
		if adj >= 3 {
			v -= evalSiege3
		}
	} else {
		v -= evalNear * adj
	}
	if rules.Escape == tafl.EscapeCorner {
		v -= evalGuard * b.CornerGuards()
	}
	if b.ToMove == tafl.Black {
		return int32(-v + evalTempo)
	}
	return int32(v + evalTempo)
}
