package nordsloki

import (
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

var (
	on2  = game.Options{}
	on3  = game.Options{"players": "3"}
	off2 = game.Options{"konungs": "off"}
	off3 = game.Options{"players": "3", "konungs": "off"}
)

// setup builds a state from a position, failing the test on error.
func setup(t *testing.T, opts game.Options, position string) *State {
	t.Helper()
	s, err := Game{}.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q) = %v", position, err)
	}
	return s.(*State)
}

// legalText writes the legal actions, space-separated.
func legalText(s game.State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}

// play parses and applies actions, failing the test on error.
func play(t *testing.T, s game.State, actions ...string) {
	t.Helper()
	for _, text := range actions {
		if err := game.ParseAndApply(s, text); err != nil {
			t.Fatalf("play(%q) at %s: %v", text, s.Position(), err)
		}
	}
}

func historyText(s game.State) string {
	var out []string
	for _, a := range s.History() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}

// wantLegal checks the legal actions of a position.
func wantLegal(t *testing.T, opts game.Options, position, want string) *State {
	t.Helper()
	s := setup(t, opts, position)
	if got := legalText(s); got != want {
		t.Errorf("Legal(%q) = %q, want %q", position, got, want)
	}
	return s
}

// wantAfter plays actions from a position and checks the position reached.
func wantAfter(t *testing.T, opts game.Options, position string, actions []string, want string) *State {
	t.Helper()
	s := setup(t, opts, position)
	play(t, s, actions...)
	if got := s.Position(); got != want {
		t.Errorf("Position(%q after %v) =\n  %q, want\n  %q", position, actions, got, want)
	}
	return s
}
