package tafl

import (
	"strconv"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// diagram builds a position text for an n×n board from a list such as
// "Ke5 Td4 ta1" (K king, T defender, t attacker) and the side to move.
func diagram(n int, side string, pieces string) string {
	grid := make([][]byte, n)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", n))
	}
	for _, p := range strings.Fields(pieces) {
		c := int(p[1] - 'a')
		r, err := strconv.Atoi(p[2:])
		if err != nil {
			panic(p)
		}
		grid[r-1][c] = p[0]
	}
	var sb strings.Builder
	sb.WriteByte('/')
	for r := n - 1; r >= 0; r-- {
		run := 0
		for _, ch := range grid[r] {
			if ch == '.' {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(ch)
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		sb.WriteByte('/')
	}
	return sb.String() + " " + side
}

// setupRules returns the state of a position under the given rules.
func setupRules(t *testing.T, r Rules, position string) *State {
	t.Helper()
	o, _, err := Sea.rulesFor(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newState(Sea, o, r, position)
	if err != nil {
		t.Fatalf("newState(%q): %v", position, err)
	}
	return s
}

// setup returns the state of a position under Sea Hnefatafl's rules and the
// given options.
func setup(t *testing.T, opts game.Options, position string) *State {
	t.Helper()
	s, err := Sea.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q): %v", position, err)
	}
	return s.(*State)
}

// play applies moves given as text, failing the test on an error.
func play(t *testing.T, s game.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("play(%q) at %s: %v", m, s.Position(), err)
		}
	}
}

// status writes a state's outcome as "turn black", "over white (king
// escaped)", "over draw (move limit)".
func status(s game.State) string {
	r := s.Result()
	switch r.Kind {
	case game.Ongoing:
		return game.Status(s)
	}
	return game.Status(s) + " (" + r.Reason + ")"
}

// legalText lists the legal moves as text.
func legalText(s game.State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, " ")
}
