package search

import (
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
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
func setupRules(t *testing.T, r tafl.Rules, position string) *tafl.State {
	t.Helper()
	s, err := tafl.SetupRules(tafl.Sea, r, position)
	if err != nil {
		t.Fatalf("SetupRules(%q): %v", position, err)
	}
	return s
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

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// repetitionValues returns the values of g's option repetition.
func repetitionValues(g *tafl.Game) []string {
	for _, o := range g.Options() {
		if o.Name == "repetition" {
			return o.Values
		}
	}
	return nil
}

// randomPosition draws a position on an n×n board for rules r: the king on
// any square, attackers and defenders on others (never on a restricted
// square, where only the king may stand), either side to move, and a ply
// count.
func randomPosition(t *rapid.T, n int, r tafl.Rules) string {
	grid := make([]byte, n*n)
	for i := range grid {
		grid[i] = '.'
	}
	restricted := func(sq int) bool {
		row, col := sq/n, sq%n
		corner := (row == 0 || row == n-1) && (col == 0 || col == n-1)
		throne := n%2 == 1 && row == n/2 && col == n/2
		return r.Corners && corner || r.Throne && throne
	}
	grid[rapid.IntRange(0, n*n-1).Draw(t, "king")] = 'K'
	density := rapid.IntRange(5, 60).Draw(t, "density")
	for sq := range grid {
		if grid[sq] != '.' || restricted(sq) {
			continue
		}
		switch p := rapid.IntRange(0, 99).Draw(t, "square"); {
		case p < density/2:
			grid[sq] = 't'
		case p < density*3/4:
			grid[sq] = 'T'
		}
	}
	var sb strings.Builder
	sb.WriteByte('/')
	for row := n - 1; row >= 0; row-- {
		run := 0
		for col := range n {
			ch := grid[row*n+col]
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
	sb.WriteString(rapid.SampledFrom([]string{" b", " w"}).Draw(t, "side"))
	sb.WriteString(" " + strconv.Itoa(rapid.IntRange(0, 398).Draw(t, "plies")))
	return sb.String()
}
