package game

import (
	"slices"
	"testing"
)

// plainState has a history but no HistoryTail: the helpers fall back to
// History. It counts History calls.
type plainState struct {
	State // nil: only History is called
	log   Log[struct{}]
	calls int
}

func (s *plainState) History() []Action { s.calls++; return s.log.Actions() }

// tailState has a HistoryTail and counts History calls.
type tailState struct{ plainState }

func (s *tailState) HistoryLen() int             { return s.log.Len() }
func (s *tailState) HistorySince(n int) []Action { return s.log.Since(n) }

func TestHistoryTail(t *testing.T) {
	var l Log[struct{}]
	for _, a := range []Action{7, 8, 9, 10} {
		l.Push(a, a == 10, struct{}{})
	}
	plain := &plainState{log: l}
	tail := &tailState{plainState{log: l}}
	tests := []struct {
		n    int
		want []Action
	}{
		{0, []Action{7, 8, 9, 10}},
		{1, []Action{8, 9, 10}},
		{3, []Action{10}},
		{4, []Action{}},
	}
	for _, tc := range tests {
		if got := l.Since(tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("Log.Since(%d) = %v, want %v", tc.n, got, tc.want)
		}
		for _, s := range []State{plain, tail} {
			got := HistorySince(s, tc.n)
			if !slices.Equal(got, tc.want) {
				t.Errorf("HistorySince(%T, %d) = %v, want %v", s, tc.n, got, tc.want)
			}
			for i := range got {
				got[i] = 0
			}
			if !slices.Equal(l.Actions(), []Action{7, 8, 9, 10}) {
				t.Errorf("writing to HistorySince(%T, %d) changed the log to %v", s, tc.n, l.Actions())
			}
		}
	}
	if l.Len() != 4 || HistoryLen(plain) != 4 || HistoryLen(tail) != 4 {
		t.Errorf("Len = %d, HistoryLen = %d (plain), %d (tail), want 4", l.Len(), HistoryLen(plain), HistoryLen(tail))
	}
	if tail.calls != 0 {
		t.Errorf("the helpers called History %d times on a HistoryTail, want 0", tail.calls)
	}
	if plain.calls == 0 {
		t.Errorf("the helpers never called History on a state without HistoryTail")
	}
	for _, bad := range []int{-1, 5} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Log.Since(%d) of 4 records did not panic", bad)
				}
			}()
			l.Since(bad)
		}()
	}
}
