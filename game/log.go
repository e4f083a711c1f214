package game

// Record is one entry of a Log: an action, whether the game applied it by
// itself (a pass), and what the game needs to take it back.
type Record[U any] struct {
	Action Action
	Auto   bool
	Undo   U
}

// Log is a game's history with undo information, shared by the game
// packages so that History and Undo behave alike everywhere.
type Log[U any] []Record[U]

// Push appends a record.
func (l *Log[U]) Push(a Action, auto bool, u U) {
	*l = append(*l, Record[U]{Action: a, Auto: auto, Undo: u})
}

// Actions returns the recorded actions in order, as a new slice.
func (l Log[U]) Actions() []Action {
	out := make([]Action, len(l))
	for i, r := range l {
		out[i] = r.Action
	}
	return out
}

// Len returns the number of records, as len(l.Actions()) without the copy.
func (l Log[U]) Len() int { return len(l) }

// Since returns the actions recorded from index n on, as a new slice: it
// equals l.Actions()[n:] but copies only the tail. It panics if n is
// negative or greater than l.Len(), as slicing does.
func (l Log[U]) Since(n int) []Action {
	tail := l[n:]
	out := make([]Action, len(tail))
	for i, r := range tail {
		out[i] = r.Action
	}
	return out
}

// UndoLast takes back the last action that was not applied automatically,
// with the automatic ones after it: it calls restore for each record, newest
// first, and removes them. With no such action it changes nothing and
// returns ErrNoHistory.
func (l *Log[U]) UndoLast(restore func(Record[U])) error {
	i := len(*l) - 1
	for i >= 0 && (*l)[i].Auto {
		i--
	}
	if i < 0 {
		return ErrNoHistory
	}
	for j := len(*l) - 1; j >= i; j-- {
		restore((*l)[j])
	}
	*l = (*l)[:i]
	return nil
}

// Clone returns an independent copy.
func (l Log[U]) Clone() Log[U] {
	return append(Log[U](nil), l...)
}
