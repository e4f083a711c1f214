package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"norns/game"
	"norns/games"
)

// recordHeader is the first line of every record.
const recordHeader = "norns record 1"

// ErrRecord is wrapped by every error about a malformed or inconsistent
// record.
var ErrRecord = errors.New("bad record")

// Record is a game as the terminal client saves it: the game, its options
// and every action of the history in order, chance outcomes and the passes
// the game made by itself included.
type Record struct {
	Game    string
	Options game.Options
	Actions []string
}

// WriteRecord writes a record in the format of the package documentation.
func WriteRecord(w io.Writer, r Record) error {
	var b strings.Builder
	b.WriteString(recordHeader + "\n")
	fmt.Fprintf(&b, "game %s\n", r.Game)
	names := make([]string, 0, len(r.Options))
	for k := range r.Options {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		fmt.Fprintf(&b, "option %s=%s\n", k, r.Options[k])
	}
	b.WriteString("history\n")
	for _, a := range r.Actions {
		b.WriteString(a + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ReadRecord reads a record without replaying it.
func ReadRecord(rd io.Reader) (Record, error) {
	var r Record
	sc := bufio.NewScanner(rd)
	n := 0
	bad := func(format string, args ...any) (Record, error) {
		return Record{}, fmt.Errorf("tui: %w: line %d: %s", ErrRecord, n, fmt.Sprintf(format, args...))
	}
	inHistory := false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case r.Game == "" && n == 1:
			if line != recordHeader {
				return bad("want %q first, not %q", recordHeader, line)
			}
			r.Game = "?"
		case r.Game == "":
			return bad("want %q first", recordHeader)
		case inHistory:
			if strings.ContainsAny(line, " \t") {
				return bad("one action a line, not %q", line)
			}
			r.Actions = append(r.Actions, line)
		case strings.HasPrefix(line, "game "):
			if r.Game != "?" {
				return bad("a second game line")
			}
			r.Game = strings.TrimSpace(line[5:])
		case strings.HasPrefix(line, "option "):
			k, v, ok := strings.Cut(strings.TrimSpace(line[7:]), "=")
			if !ok || k == "" || v == "" {
				return bad("want option name=value, not %q", line)
			}
			if r.Options == nil {
				r.Options = game.Options{}
			}
			if _, dup := r.Options[k]; dup {
				return bad("option %s given twice", k)
			}
			r.Options[k] = v
		case line == "history":
			if r.Game == "?" {
				return bad("history before the game line")
			}
			inHistory = true
		default:
			return bad("unknown line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		return Record{}, fmt.Errorf("tui: reading record: %w", err)
	}
	if r.Game == "" {
		return Record{}, fmt.Errorf("tui: %w: empty file", ErrRecord)
	}
	if r.Game == "?" || !inHistory {
		return Record{}, fmt.Errorf("tui: %w: want a game line and a history line", ErrRecord)
	}
	return r, nil
}

// Replay plays a record from the start and returns the state it reaches and
// the text of every history entry. Each action must be legal where it
// stands; a pass the game makes by itself must be in the record where the
// game made it.
func Replay(r Record) (game.State, []string, error) {
	g, err := games.ByName(r.Game)
	if err != nil {
		return nil, nil, fmt.Errorf("tui: %w: %v", ErrRecord, err)
	}
	s, err := g.New(r.Options)
	if err != nil {
		return nil, nil, fmt.Errorf("tui: %w: %v", ErrRecord, err)
	}
	return replay(s, r)
}

// replay plays the record's actions from s, its game's starting state (see
// Replay).
func replay(s game.State, r Record) (game.State, []string, error) {
	var texts []string
	texts = appendNew(s, texts)
	if len(texts) > len(r.Actions) || !slices.Equal(texts, r.Actions[:len(texts)]) {
		return nil, nil, fmt.Errorf("tui: %w: the game starts with %s", ErrRecord, strings.Join(texts, " "))
	}
	for i := len(texts); i < len(r.Actions); {
		text := r.Actions[i]
		if s.Terminal() {
			return nil, nil, fmt.Errorf("tui: %w: action %d %q after the end of the game", ErrRecord, i+1, text)
		}
		a, err := s.ParseAction(text)
		if err == nil {
			text = s.ActionString(a)
			err = s.Apply(a)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("tui: %w: action %d %q: %v", ErrRecord, i+1, r.Actions[i], err)
		}
		texts = append(texts, text)
		i++
		for _, auto := range appendNew(s, texts)[len(texts):] {
			if i >= len(r.Actions) || r.Actions[i] != auto {
				return nil, nil, fmt.Errorf("tui: %w: after action %d the game played %q by itself, which the record lacks", ErrRecord, i, auto)
			}
			texts = append(texts, auto)
			i++
		}
	}
	return s, texts, nil
}

// appendNew appends the text of the history entries of s beyond those in
// texts. It copies only those out of the history (game.HistorySince), so
// that calling it after each of n actions costs O(n).
func appendNew(s game.State, texts []string) []string {
	for _, a := range game.HistorySince(s, min(len(texts), game.HistoryLen(s))) {
		texts = append(texts, s.ActionString(a))
	}
	return texts
}
