package chess

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// TestScenarioDeadPosition: FIDE Laws 5.2.2, "The game is drawn when a
// position has arisen in which neither player can checkmate the opponent's
// king with any series of legal moves" (a dead position). Material with
// which some series of legal moves still mates is not one: the game goes
// on.
func TestScenarioDeadPosition(t *testing.T) {
	tests := []struct{ name, fen, status string }{
		// Two knights cannot force mate, but a mate exists (the lone king
		// walking into a corner): not dead.
		{"two knights", "7k/8/8/8/8/8/8/KNN5 w - - 0 1", "turn white"},
		// A knight each: a king can be mated in a corner by his own knight
		// and the other one.
		{"a knight each", "7k/8/8/8/8/8/6n1/KN6 w - - 0 1", "turn white"},
		{"bishop and knight", "7k/8/8/8/8/8/8/KBN5 w - - 0 1", "turn white"},
		// Bishops on squares of both colours (b1 light, c1 dark).
		{"bishops of both colours", "7k/8/8/8/8/8/8/KBB5 w - - 0 1", "turn white"},
		// A pawn can promote.
		{"a lone pawn", "7k/8/8/8/8/8/P7/K7 w - - 0 1", "turn white"},
		// Bishops all on squares of one colour (c1 and f8 dark): no mate
		// is possible.
		{"bishops of one colour", "5b1k/8/8/8/8/8/8/K1B5 w - - 0 1", "over draw"},
	}
	for _, tc := range tests {
		s := newState(t, tc.fen)
		if got := game.Status(s); got != tc.status {
			t.Errorf("%s: Status(%s) = %q (%q), want %q", tc.name, tc.fen, got, s.Result().Reason, tc.status)
		}
	}
}
