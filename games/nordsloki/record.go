package nordsloki

import (
	"maps"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// Record writes the game (game.Recorder) as its players write it (9): the
// tags, a blank line, the draw of the first player ("first p2"), then one
// numbered line a turn with its player, roll and steps ("1. p2 6-4-1: W0/6
// W0/4 K5/6"; "pass" when no die could be used), and the result as a
// comment; a resignation (State.Resign) has a line of its own where it
// happened, after the line of its turn ("p1 resigns"). A game not set up from the start has the tag Position.
func (s *State) Record(tags map[string]string) string {
	t := maps.Clone(tags)
	if t == nil {
		t = map[string]string{}
	}
	start := s.pos
	if len(s.log) > 0 {
		start = s.log[0].Undo
	}
	if start != startPos(s.cfg) {
		t["Position"] = formatPosition(&start, s.cfg)
	}
	result := game.Describe(s)
	if r, ok := t["Result"]; ok {
		result = r
	}
	var b strings.Builder
	b.WriteString(game.FormatTags(t))
	b.WriteByte('\n')
	turns := 0
	line := false // a turn's line is open
	newTurn := func(p pos, roll string) {
		if line {
			b.WriteByte('\n')
		}
		turns++
		b.WriteString(strconv.Itoa(turns) + ". " + seatNames[p.mover] + " " + roll + ":")
		line = true
	}
	resigned := s.resigned
	resign := func(at int) {
		for len(resigned) > 0 && resigned[0].at <= at {
			if line {
				b.WriteByte('\n')
				line = false
			}
			b.WriteString(seatNames[resigned[0].p] + " resigns\n")
			resigned = resigned[1:]
		}
	}
	for i, r := range s.log {
		p := r.Undo
		if p.phase != phaseMove {
			resign(i) // at the end of the turn it happened in
		}
		switch p.phase {
		case phaseFirst:
			b.WriteString("first " + describeAction(r.Action) + "\n")
		case phaseRoll:
			newTurn(p, describeAction(r.Action))
		case phaseMove:
			if !line { // set up in the middle of a turn
				newTurn(p, p.diceString())
			}
			b.WriteString(" " + describeAction(r.Action))
		}
	}
	resign(len(s.log))
	if line {
		b.WriteByte('\n')
	}
	b.WriteString("{" + result + "}\n")
	return b.String()
}

// diceString writes the unused dice of the turn, "6-4" ("-" for none).
func (p *pos) diceString() string {
	if p.nd == 0 {
		return "-"
	}
	parts := make([]string, p.nd)
	for i := range parts {
		parts[i] = strconv.Itoa(int(p.dice[i]))
	}
	return strings.Join(parts, "-")
}

var _ game.Recorder = (*State)(nil)
