package chess

import (
	"fmt"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// PGNGame is one game read from Portable Game Notation: its tags, its
// movetext as entries (each move, or "--", with its move number, its side
// and the comment after it), and the game termination marker.
type PGNGame struct {
	Tags    map[string]string
	Entries []PGNEntry
	// Result is the termination marker: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
}

// ParsePGN reads one game of PGN as FormatPGN and other programs write
// it: tag pairs ([Name "value"], with \" and \\ escaped), a blank line,
// then movetext: move numbers ("12." and "12..."), moves (SAN, with their
// annotation glyphs "!?" dropped, or the null move "--"), comments in
// braces (kept, joined, with the move before them; a [%clk h:mm:ss] in
// one is the move's Clock) or after ";" to the end
// of the line, numeric annotation glyphs ($1) and variations in
// parentheses (skipped), and the termination marker, which must end it.
// Errors wrap game.ErrSyntax and name the line.
func ParsePGN(text string) (*PGNGame, error) {
	g := &PGNGame{Tags: map[string]string{}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			if len(g.Tags) > 0 {
				break
			}
			continue
		}
		if !strings.HasPrefix(line, "[") {
			break // movetext without a blank line after the tags
		}
		k, v, err := parseTagPair(line)
		if err != nil {
			return nil, fmt.Errorf("%w: chess: PGN line %d: %v", game.ErrSyntax, i+1, err)
		}
		if _, dup := g.Tags[k]; dup {
			return nil, fmt.Errorf("%w: chess: PGN line %d: tag %s given twice", game.ErrSyntax, i+1, k)
		}
		g.Tags[k] = v
	}
	if err := g.readMovetext(lines, i); err != nil {
		return nil, err
	}
	if g.Result == "" {
		return nil, fmt.Errorf("%w: chess: PGN movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)", game.ErrSyntax)
	}
	return g, nil
}

// parseTagPair reads `[Name "value"]`.
func parseTagPair(line string) (name, value string, err error) {
	body, ok := strings.CutSuffix(strings.TrimPrefix(line, "["), "]")
	if !ok {
		return "", "", fmt.Errorf("%q does not end with ]", line)
	}
	name, quoted, ok := strings.Cut(body, " ")
	quoted = strings.TrimSpace(quoted)
	if !ok || name == "" || len(quoted) < 2 || quoted[0] != '"' || quoted[len(quoted)-1] != '"' {
		return "", "", fmt.Errorf("%q is not a tag pair [Name \"value\"]", line)
	}
	var b strings.Builder
	inner := quoted[1 : len(quoted)-1]
	for j := 0; j < len(inner); j++ {
		c := inner[j]
		switch {
		case c == '\\' && j+1 < len(inner) && (inner[j+1] == '"' || inner[j+1] == '\\'):
			j++
			b.WriteByte(inner[j])
		case c == '"':
			return "", "", fmt.Errorf("%q has an unescaped quote in its value", line)
		default:
			b.WriteByte(c)
		}
	}
	return name, b.String(), nil
}

// readMovetext reads the movetext from line i on.
func (g *PGNGame) readMovetext(lines []string, i int) error {
	number, black := 1, false
	depth := 0 // of variations, which are skipped
	for ; i < len(lines); i++ {
		line := lines[i]
		for j := 0; j < len(line); {
			c := line[j]
			switch {
			case c == ' ' || c == '\t':
				j++
			case c == ';':
				j = len(line)
			case c == '{':
				comment, rest := "", line[j+1:]
				end := strings.IndexByte(rest, '}')
				for end < 0 { // a comment over several lines
					comment += rest + " "
					if i++; i >= len(lines) {
						return fmt.Errorf("%w: chess: PGN comment not closed", game.ErrSyntax)
					}
					line, rest = lines[i], lines[i]
					end = strings.IndexByte(rest, '}')
				}
				comment += rest[:end]
				j = len(line) - len(rest) + end + 1
				if n := len(g.Entries); n > 0 && depth == 0 {
					e := &g.Entries[n-1]
					comment = strings.Join(strings.Fields(comment), " ")
					if d, rest, ok := cutClock(comment); ok {
						e.Clock, e.Clocked, comment = d, true, rest
					}
					e.Comment = strings.TrimSpace(strings.TrimSpace(e.Comment) + " " + comment)
				}
			case c == '(':
				depth++
				j++
			case c == ')':
				if depth == 0 {
					return fmt.Errorf("%w: chess: PGN line %d: ) without (", game.ErrSyntax, i+1)
				}
				depth--
				j++
			default:
				k := j
				for k < len(line) && !strings.ContainsRune(" \t{};()", rune(line[k])) {
					k++
				}
				if k == j {
					return fmt.Errorf("%w: chess: PGN line %d: %q out of place", game.ErrSyntax, i+1, line[j])
				}
				tok := line[j:k]
				j = k
				if depth > 0 || tok[0] == '$' {
					continue
				}
				if g.Result != "" {
					return fmt.Errorf("%w: chess: PGN line %d: %q after the result", game.ErrSyntax, i+1, tok)
				}
				switch tok {
				case "1-0", "0-1", "1/2-1/2", "*":
					g.Result = tok
					continue
				}
				if n, dots, ok := moveNumber(tok); ok {
					number, black = n, dots >= 3
					continue
				}
				tok = strings.TrimRight(tok, "!?")
				if tok == "" {
					return fmt.Errorf("%w: chess: PGN line %d: an annotation without a move", game.ErrSyntax, i+1)
				}
				g.Entries = append(g.Entries, PGNEntry{Text: tok, Number: number, Black: black})
				if black {
					number++
				}
				black = !black
			}
		}
	}
	if depth > 0 {
		return fmt.Errorf("%w: chess: PGN variation not closed", game.ErrSyntax)
	}
	return nil
}

// moveNumber reads "12." or "12..." and returns the number and the count
// of dots.
func moveNumber(tok string) (n, dots int, ok bool) {
	k := 0
	for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
		n = n*10 + int(tok[k]-'0')
		k++
	}
	if k == 0 || k == len(tok) || strings.Trim(tok[k:], ".") != "" {
		return 0, 0, false
	}
	return n, len(tok) - k, true
}

// ReplayPGN plays a game of orthodox chess read by ParsePGN from its start
// (the FEN tag when SetUp is "1", else the standard position) and returns
// the state it reaches. A move that is not legal is an error naming it.
func ReplayPGN(g *PGNGame) (game.State, error) {
	var (
		s   game.State
		err error
	)
	if g.Tags["SetUp"] == "1" && g.Tags["FEN"] != "" {
		s, err = Game.Setup(nil, g.Tags["FEN"])
	} else {
		s, err = Game.New(nil)
	}
	if err != nil {
		return nil, err
	}
	for _, e := range g.Entries {
		if err := game.ParseAndApply(s, e.Text); err != nil {
			return nil, fmt.Errorf("chess: PGN move %d%s %s: %w", e.Number, map[bool]string{false: ".", true: "..."}[e.Black], e.Text, err)
		}
	}
	return s, nil
}

// cutClock takes a [%clk h:mm:ss] command (seconds perhaps with a
// fraction, as some programs write) out of a comment: the time, the
// comment without it, and whether there was one.
func cutClock(comment string) (time.Duration, string, bool) {
	i := strings.Index(comment, "[%clk ")
	if i < 0 {
		return 0, comment, false
	}
	j := strings.IndexByte(comment[i:], ']')
	if j < 0 {
		return 0, comment, false
	}
	var h, m int
	var sec float64
	if n, err := fmt.Sscanf(comment[i+len("[%clk "):i+j], "%d:%d:%g", &h, &m, &sec); err != nil || n != 3 || h < 0 || m < 0 || m > 59 || sec < 0 || sec >= 60 {
		return 0, comment, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec*float64(time.Second))
	return d, strings.TrimSpace(comment[:i] + " " + comment[i+j+1:]), true
}
