package gametest

import "norns/game"

// CountingState wraps a state and counts, in *Copied, the actions that
// History and HistorySince copy out of its history; its clones share the
// count. A test of work linear in the length of a game plays n plies
// through it and checks that O(n) actions were copied, not O(n²).
type CountingState struct {
	game.State
	Copied *int
}

// History copies the whole history, and counts it.
func (s *CountingState) History() []game.Action {
	h := s.State.History()
	*s.Copied += len(h)
	return h
}

// HistoryLen copies nothing.
func (s *CountingState) HistoryLen() int { return game.HistoryLen(s.State) }

// HistorySince copies the tail of the history, and counts it.
func (s *CountingState) HistorySince(n int) []game.Action {
	h := game.HistorySince(s.State, n)
	*s.Copied += len(h)
	return h
}

// Clone returns a counting clone that shares the count.
func (s *CountingState) Clone() game.State {
	return &CountingState{State: s.State.Clone(), Copied: s.Copied}
}

// CountingGame is a game whose new states are CountingStates sharing the
// count *Copied.
type CountingGame struct {
	game.Game
	Copied *int
}

// New returns a counting state of the game.
func (g CountingGame) New(opts game.Options) (game.State, error) {
	s, err := g.Game.New(opts)
	if err != nil {
		return nil, err
	}
	return &CountingState{State: s, Copied: g.Copied}, nil
}
