package chess

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// PGNEntry is one token of PGN movetext: a move (or "pass", or "--"), the
// move number to write before it, and a comment to write after it.
type PGNEntry struct {
	Text string
	// Number is the move number; Black says whose move it is. The number
	// is written before White's moves, and before Black's where the
	// movetext does not make it plain ("12..." at the start or after a
	// comment).
	Number  int
	Black   bool
	Comment string
	// Clock is the mover's time left after the move, written as a
	// [%clk h:mm:ss] comment when Clocked.
	Clock   time.Duration
	Clocked bool
}

// ClockAt returns clocks[i] for PGNEntry.Clock, and false when there is no
// clock there (game.ClockedPGNWriter).
func ClockAt(clocks []time.Duration, i int) (time.Duration, bool) {
	if i < 0 || i >= len(clocks) || clocks[i] < 0 {
		return 0, false
	}
	return clocks[i], true
}

var sevenTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// FormatPGN writes a game in Portable Game Notation: the Seven Tag Roster
// in order (missing tags written "?", the result "*"), the other tags
// sorted, then the movetext wrapped at 80 columns and the result. A move's
// clock comes first in the comment after it: "{[%clk 0:04:57] roll LS}".
func FormatPGN(tags map[string]string, entries []PGNEntry) string {
	var b strings.Builder
	result := tags["Result"]
	if result == "" {
		result = "*"
	}
	for _, k := range sevenTags {
		v := tags[k]
		if k == "Result" {
			v = result
		} else if v == "" {
			v = "?"
		}
		fmt.Fprintf(&b, "[%s %q]\n", k, v)
	}
	var rest []string
	for k := range tags {
		if !slices.Contains(sevenTags, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range rest {
		fmt.Fprintf(&b, "[%s %q]\n", k, tags[k])
	}
	b.WriteByte('\n')
	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > 80 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	needNumber := true
	for _, e := range entries {
		if e.Number > 0 {
			if !e.Black {
				word(fmt.Sprintf("%d.", e.Number))
			} else if needNumber {
				word(fmt.Sprintf("%d...", e.Number))
			}
		}
		word(e.Text)
		needNumber = false
		comment := e.Comment
		if e.Clocked {
			comment = strings.TrimSpace("[%clk " + game.FormatClock(e.Clock) + "] " + comment)
		}
		if comment != "" {
			for _, w := range strings.Fields("{" + strings.NewReplacer("{", "(", "}", ")").Replace(comment) + "}") {
				word(w)
			}
			needNumber = true
		}
	}
	word(result)
	b.WriteByte('\n')
	return b.String()
}
