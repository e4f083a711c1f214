package game

// HistoryTail is implemented by states that can give the length of their
// history and its tail without copying it all. Callers that follow a game
// ply by ply (what did the game apply by itself after my action?) use it
// through HistoryLen and HistorySince, so that n plies cost O(n) rather
// than the O(n²) of calling History twice per ply.
type HistoryTail interface {
	// HistoryLen returns len(History()).
	HistoryLen() int
	// HistorySince returns a new slice holding History()[n:]. It panics
	// if n is negative or greater than HistoryLen(), as slicing does.
	HistorySince(n int) []Action
}

// HistoryLen returns len(s.History()), cheaply where s implements
// HistoryTail.
func HistoryLen(s State) int {
	if t, ok := s.(HistoryTail); ok {
		return t.HistoryLen()
	}
	return len(s.History())
}

// HistorySince returns a new slice holding s.History()[n:], cheaply where s
// implements HistoryTail. It panics if n is negative or greater than the
// history's length, as slicing does.
func HistorySince(s State, n int) []Action {
	if t, ok := s.(HistoryTail); ok {
		return t.HistorySince(n)
	}
	return s.History()[n:]
}
