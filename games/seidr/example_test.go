package seidr

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// TestRule4_WorkedExample plays the example of section 4 through the game
// interface and checks the position after every step.
func TestRule4_WorkedExample(t *testing.T) {
	s, err := Game.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct{ action, want string }{
		{"c2c4", "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr c4"},
		// 2: c4→d5, e6, meets the black pawn on f7: they swap.
		{"2", "rnbqkbnr/pppppPpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr f7"},
		// 8: f7 meets the black king on e8: they swap.
		{"8", "rnbqPbnr/pppppkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr e8"},
		// 6: e8 meets the black pawn on d7, which lands on e8 and is removed.
		{"6", "rnbq1bnr/pppPpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR w - - 0 1 seidr d7"},
		// 1: d7 meets the black queen on d8: they swap.
		{"1", "rnbP1bnr/pppqpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR w - - 0 1 seidr d8"},
		// 8: no square beyond d8: the seiðr ends, the pawn carrier on rank 8
		// is removed, White has no capture, Black is to move.
		{"8", "rnb2bnr/pppqpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR b - - 0 1 quiet -"},
	}
	for _, st := range steps {
		if err := game.ParseAndApply(s, st.action); err != nil {
			t.Fatalf("ParseAndApply(%q) at %s: %v", st.action, s.Position(), err)
		}
		if got := s.Position(); got != st.want {
			t.Errorf("after %q: Position() = %q, want %q", st.action, got, st.want)
		}
	}
	if got, want := game.Status(s), "turn black"; got != want {
		t.Errorf("Status() = %q, want %q", got, want)
	}
	wantHist := []string{"c2c4", "2", "8", "6", "1", "8", "pass"}
	h := s.History()
	if len(h) != len(wantHist) {
		t.Fatalf("History() has %d actions, want %d", len(h), len(wantHist))
	}
	for i, a := range h {
		if got := s.ActionString(a); got != wantHist[i] {
			t.Errorf("History()[%d] = %q, want %q", i, got, wantHist[i])
		}
	}
}
