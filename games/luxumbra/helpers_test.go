package luxumbra

import (
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// setup returns the state of a position, failing the test on an error.
func setup(t *testing.T, opts game.Options, pos string) *State {
	t.Helper()
	s, err := Game.Setup(opts, pos)
	if err != nil {
		t.Fatalf("Setup(%q) = %v", pos, err)
	}
	return s.(*State)
}

// play applies actions written in the game's notation.
func play(t *testing.T, s *State, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if err := game.ParseAndApply(s, a); err != nil {
			t.Fatalf("play %q at %s: %v", a, s.Position(), err)
		}
	}
}

// legalText returns the legal actions written out, in order of their text.
func legalText(s *State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// historyText returns the history written out.
func historyText(s *State) string {
	var out []string
	for _, a := range s.History() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}
