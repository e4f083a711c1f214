package chess

// Perft counts the leaf nodes of the legal move tree to the given depth,
// making every move down to the leaves (copy-make).
func Perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	stack := make([]Position, depth+1)
	stack[0] = *p
	return perft(stack, 0, depth, false)
}

// PerftBulk counts the same nodes as Perft, but counts the moves at the last
// ply instead of making them.
func PerftBulk(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	stack := make([]Position, depth+1)
	stack[0] = *p
	return perft(stack, 0, depth, true)
}

// perft walks the tree below stack[ply]; each child is made in
// stack[ply+1], so no position is allocated during the walk.
func perft(stack []Position, ply, depth int, bulk bool) uint64 {
	p := &stack[ply]
	var ml MoveList
	p.LegalMoves(&ml)
	if depth == 1 && bulk {
		return uint64(ml.N)
	}
	child := &stack[ply+1]
	var n uint64
	for _, m := range ml.Slice() {
		*child = *p
		child.Play(m)
		if depth == 1 {
			n++
		} else {
			n += perft(stack, ply+1, depth-1, bulk)
		}
	}
	return n
}

// DivideEntry is one root move with the number of leaf nodes below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft below each root move, for finding where two move
// generators disagree.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		c := *p
		c.Play(m)
		out = append(out, DivideEntry{m, PerftBulk(&c, depth-1)})
	}
	return out
}
