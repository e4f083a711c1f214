package tafl

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// Record writes the game (game.Recorder) in the notation of the rules (5):
// the tags, a blank line, then the moves numbered by full moves, the
// attackers' first ("1. f1-f3 e4-e2"; "1... e4-e2" when the game began
// with the defenders to move), each move followed by the pieces it
// captured ("f3-f1xf2"), and the result as a comment. A game not set up
// from the start of its layout has the tag Position.
func (s *State) Record(tags map[string]string) string { return s.RecordClocks(tags, nil) }

// RecordClocks writes the game as Record does, each move followed by the
// time its player had left after it, as PGN's clock comment
// ("1. f1-f3 {[%clk 0:04:57]} e4-e2 {[%clk 0:04:58]}",
// game.ClockedRecorder): clocks[i] is the time left after the i-th move
// (negative, or past the end: none). ReadRecord reads it back.
func (s *State) RecordClocks(tags map[string]string, clocks []time.Duration) string {
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
		if i < len(clocks) && clocks[i] >= 0 {
			b.WriteString(" " + game.ClockComment(clocks[i]))
		}
	}
	if len(s.log) > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("{" + result + "}\n")
	return b.String()
}

var _ game.ClockedRecorder = (*State)(nil)

// RecordGame is a text record as ReadRecord reads it: its tags, its moves
// in the notation of the rules (captures left out: the rules make them),
// the time left after each (-1: none) and the result's comment.
type RecordGame struct {
	Tags   map[string]string
	Moves  []string
	Clocks []time.Duration
	Result string
}

// ReadRecord reads a text record as Record and RecordClocks write it. It
// checks its form (tags, numbered moves, clock comments, the result), not
// the moves' legality: play them on the game of its tags for that.
func ReadRecord(text string) (*RecordGame, error) {
	r := &RecordGame{Tags: map[string]string{}}
	for n, line := range strings.Split(text, "\n") {
		bad := func(why string) error {
			return fmt.Errorf("tafl: %w: record line %d %q: %s", game.ErrSyntax, n+1, line, why)
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "["):
			name, value, ok := game.ParseTag(line)
			if !ok {
				return nil, bad("a tag is [Name \"value\"]")
			}
			r.Tags[name] = value
		case strings.HasPrefix(line, "{") && !strings.HasPrefix(line, "{[%clk"):
			if !strings.HasSuffix(line, "}") {
				return nil, bad("the result is a comment in braces")
			}
			r.Result = line[1 : len(line)-1]
		default:
			num, rest, ok := strings.Cut(line, ".")
			if _, err := strconv.Atoi(num); !ok || err != nil {
				return nil, bad("a line of moves begins with its number, \"1.\"")
			}
			rest = strings.TrimPrefix(rest, "..")
			for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
				if strings.HasPrefix(rest, "{") {
					end := strings.Index(rest, "}")
					if end < 0 || len(r.Moves) == 0 || r.Clocks[len(r.Clocks)-1] >= 0 {
						return nil, bad("a clock comment follows a move, once")
					}
					d, err := game.ReadClockComment(rest[:end+1])
					if err != nil {
						return nil, bad(err.Error())
					}
					r.Clocks[len(r.Clocks)-1], rest = d, rest[end+1:]
					continue
				}
				word, after, _ := strings.Cut(rest, " ")
				move, _, _ := strings.Cut(word, "x")
				if !strings.Contains(move, "-") {
					return nil, bad(fmt.Sprintf("%q is not a move", word))
				}
				r.Moves, r.Clocks, rest = append(r.Moves, move), append(r.Clocks, -1), after
			}
		}
	}
	return r, nil
}
