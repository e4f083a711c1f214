package chess

import (
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestCheck(t *testing.T) {
	s := newState(t, StartFEN)
	var _ game.Checker = s
	if got := s.Check(); got != nil {
		t.Fatalf("Check at the start = %v, want none", got)
	}
	play(t, s, "e2e4 f7f6 d1h5")
	if got := s.Check(); !slices.Equal(got, []string{"e8"}) {
		t.Fatalf("Check after Qh5+ = %v, want [e8]", got)
	}
	play(t, s, "g7g6")
	if got := s.Check(); got != nil {
		t.Fatalf("Check after g6 = %v, want none", got)
	}
	// The king mated is still in check.
	m := newState(t, StartFEN)
	play(t, m, "f2f3 e7e5 g2g4 d8h4")
	if got := m.Check(); !slices.Equal(got, []string{"e1"}) {
		t.Fatalf("Check after fool's mate = %v, want [e1]", got)
	}
}
