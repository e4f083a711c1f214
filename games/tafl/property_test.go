package tafl

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
)

// randomPosition draws a position on an n×n board for rules r: the king on
// any square, attackers and defenders on others (never on a restricted
// square, where only the king may stand), either side to move, and a ply
// count.
func randomPosition(t *rapid.T, n int, r Rules) string {
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

// TestPropertyMovesAgreeWithSetup: for each preset and random positions,
// every legal move leads to a position whose text, set up afresh, gives
// the same hash, the same legal moves and the same outcome. Two outcomes
// only a move can bring are allowed to differ: a king taken by two (Setup
// does not know which piece moved), and the opposite case, a strong king
// who stepped between three attackers and the throne or into a ring of
// four (the move is legal and takes nothing, but the position set up shows
// him surrounded).
func TestPropertyMovesAgreeWithSetup(t *testing.T) {
	for _, g := range Presets {
		t.Run(g.Name(), func(t *testing.T) {
			start, _ := g.New(nil)
			n := start.(*State).b.N
			rapid.Check(t, func(rt *rapid.T) {
				pos := randomPosition(rt, n, g.rules)
				s, err := g.Setup(nil, pos)
				if err != nil {
					rt.Fatalf("Setup(%q): %v", pos, err)
				}
				for _, a := range s.Legal() {
					c := s.Clone()
					if err := c.Apply(a); err != nil {
						rt.Fatalf("Apply(%s) at %q: %v", s.ActionString(a), pos, err)
					}
					p := c.Position()
					back, err := g.Setup(nil, p)
					if err != nil {
						rt.Fatalf("Setup(%q) after %s from %q: %v", p, s.ActionString(a), pos, err)
					}
					if back.Position() != p {
						rt.Fatalf("Position(Setup(%q)) = %q", p, back.Position())
					}
					if back.(*State).Hash() != c.(*State).Hash() {
						rt.Fatalf("Hash(Setup(%q)) differs from the hash after %s from %q", p, s.ActionString(a), pos)
					}
					moved, fresh := c.Result(), back.Result()
					switch {
					case moved.Kind == game.Ongoing && fresh.Kind == game.Ongoing:
						if !slices.Equal(c.Legal(), back.Legal()) {
							rt.Fatalf("after %s from %q: Legal = %s, Legal(Setup(%q)) = %s", s.ActionString(a), pos, legalText(c), p, legalText(back))
						}
					case moved.Kind == game.Ongoing:
						if fresh.Reason != "king captured" || c.(*State).b.kingSurrounded(&g.rules) == false {
							rt.Fatalf("after %s from %q the game goes on, but Setup(%q) is over: %s", s.ActionString(a), pos, p, status(back))
						}
					case moved.Reason == "king captured" || moved.Reason == "threefold repetition":
						// Only the move knows who took the king; a set-up
						// position has no history to repeat.
					default:
						if status(back) != status(c) {
							rt.Fatalf("after %s from %q: %s, but Setup(%q): %s", s.ActionString(a), pos, status(c), p, status(back))
						}
					}
				}
			})
		})
	}
}
