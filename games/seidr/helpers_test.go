package seidr

import (
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// setup returns the state of a position under the given options.
func setup(t *testing.T, opts game.Options, position string) *State {
	t.Helper()
	s, err := Game.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q): %v", position, err)
	}
	return s.(*State)
}

// play applies actions written in the game's notation, separated by spaces.
func play(t *testing.T, s game.State, actions string) {
	t.Helper()
	for _, a := range strings.Fields(actions) {
		if err := game.ParseAndApply(s, a); err != nil {
			t.Fatalf("play %s at %s: %v", a, s.Position(), err)
		}
	}
}

// legalText returns the legal actions in the game's notation, sorted.
func legalText(s game.State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// historyText returns the history in the game's notation.
func historyText(s game.State) string {
	var out []string
	for _, a := range s.History() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}
