package game

// TableBits returns the size, as a power of two, of the transposition
// table of a search given nodes nodes a move: the smallest power from 2^16
// to 2^20 that holds them all, and 2^20 without a node budget (nodes <= 0).
func TableBits(nodes int) int {
	if nodes <= 0 {
		return 20
	}
	bits := 16
	for bits < 20 && 1<<bits < nodes {
		bits++
	}
	return bits
}

// A GameMark lets a search agent that keeps its table from one move to
// the next of a game tell that game from another: it remembers the game
// it saw last by the hash of its starting position and the length of its
// history.
type GameMark struct {
	start uint64
	plies int
	seen  bool
}

// Continues records the game now seen (the hash of the position it was set
// up from and the length of its history) and reports whether it goes on
// from the one seen last: the same start, and no shorter a history.
func (g *GameMark) Continues(start uint64, plies int) bool {
	same := g.seen && g.start == start && plies >= g.plies
	g.start, g.plies, g.seen = start, plies, true
	return same
}
