package tafl

import (
	"maps"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// Record writes the game (game.Recorder) in the notation of the rules (5):
// the tags, a blank line, then the moves numbered by full moves, the
// attackers' first ("1. f1-f3 e4-e2"; "1... e4-e2" when the game began
// with the defenders to move), each move followed by the pieces it
// captured ("f3-f1xf2"), and the result as a comment. A game not set up
// from the start of its layout has the tag Position.
func (s *State) Record(tags map[string]string) string {
	t := maps.Clone(tags)
	if t == nil {
		t = map[string]string{}
	}
	start := s.b
	if len(s.log) > 0 {
		start = s.log[0].Undo.b
	}
	if g, err := s.g.New(s.opts); err == nil && g.(*State).b.Position() != start.Position() {
		t["Position"] = start.Position()
	}
	result := game.Describe(s)
	if r, ok := t["Result"]; ok {
		result = r
	}
	var b strings.Builder
	b.WriteString(game.FormatTags(t))
	b.WriteByte('\n')
	number := 1
	for i, r := range s.log {
		before := r.Undo.b
		from, to := squares(r.Action)
		if before.ToMove == Black || i == 0 {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(strconv.Itoa(number) + ".")
			if before.ToMove == White {
				b.WriteString("..")
			}
		}
		if before.ToMove == White {
			number++
		}
		b.WriteString(" " + moveText(r.Action, before.N))
		for _, sq := range before.Captured(&s.rules, from, to) {
			b.WriteString("x" + squareName(sq, before.N))
		}
	}
	if len(s.log) > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("{" + result + "}\n")
	return b.String()
}

var _ game.Recorder = (*State)(nil)
