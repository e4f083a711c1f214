package samurai

import (
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// setup returns the state of a position under opts, failing the test on
// an error.
func setup(t *testing.T, opts game.Options, position string) *State {
	t.Helper()
	s, err := Game.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q): %v", position, err)
	}
	return s.(*State)
}

// play applies moves given in UCI or SAN, separated by spaces.
func play(t *testing.T, s game.State, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("play %s at %s: %v", m, s.Position(), err)
		}
	}
}

// legalText returns the legal actions as sorted UCI text.
func legalText(s game.State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// historyText returns the history as text.
func historyText(s game.State) string {
	var out []string
	for _, a := range s.History() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}

// afterCase is a position, moves to play, and the position and status
// they must give.
type afterCase struct {
	name     string
	opts     game.Options
	position string
	moves    string
	want     string // the position after the moves
	status   string // game.Status after the moves; "" for the mover's opponent to move
}

func runAfter(t *testing.T, tests []afterCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.opts, tc.position)
			play(t, s, tc.moves)
			if got := s.Position(); got != tc.want {
				t.Errorf("F(%q) = %v, want %v", tc.position+" "+tc.moves, got, tc.want)
			}
			if tc.status != "" {
				if got := game.Status(s) + " " + s.Result().Reason; strings.TrimSpace(got) != tc.status {
					t.Errorf("Status(%q) = %v, want %v", tc.position+" "+tc.moves, got, tc.status)
				}
			}
		})
	}
}
