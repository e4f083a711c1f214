package nordsloki

import (
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// Record writes the game (game.Recorder) as its players write it (9): the
// tags, a blank line, the draw of the first player ("first p2"), then one
// numbered line a turn with its player, roll and steps ("1. p2 6-4-1: W0/6
// W0/4 K5/6"; "pass" when no die could be used), and the result as a
// comment; a resignation (State.Resign) has a line of its own where it
// happened, after the line of its turn ("p1 resigns"). A game not set up from the start has the tag Position.
func (s *State) Record(tags map[string]string) string { return s.RecordClocks(tags, nil) }

// RecordClocks writes the game as Record does, each turn's line ending with
// the time its player had left after it, as PGN's clock comment
// ("{[%clk 0:04:57]}", game.ClockedRecorder): clocks[i] is the time left
// after the i-th action of the game's history (negative, or past the end:
// none); a turn's clock is that of its last action that has one. ReadRecord
// reads it back.
func (s *State) RecordClocks(tags map[string]string, clocks []time.Duration) string {
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
	line := false              // a turn's line is open
	clock := time.Duration(-1) // the clock of the turn's line, -1: none
	endLine := func() {
		if clock >= 0 {
			b.WriteString(" " + game.ClockComment(clock))
		}
		b.WriteByte('\n')
		clock = -1
	}
	newTurn := func(p pos, roll string) {
		if line {
			endLine()
		}
		turns++
		b.WriteString(strconv.Itoa(turns) + ". " + seatNames[p.mover] + " " + roll + ":")
		line = true
	}
	resigned := s.resigned
	resign := func(at int) {
		for len(resigned) > 0 && resigned[0].at <= at {
			if line {
				endLine()
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
			if i < len(clocks) && clocks[i] >= 0 {
				clock = clocks[i]
			}
		}
	}
	resign(len(s.log))
	if line {
		endLine()
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

var _ game.ClockedRecorder = (*State)(nil)
