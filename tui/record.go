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
	"norns/i18n"
)

// recordHeader is the first line of every record.
const recordHeader = "norns record 1"

// ErrRecord is wrapped by every error about a malformed or inconsistent
// record.
var ErrRecord = errors.New("bad record")

// RecordError is the error of a record that cannot be read or replayed:
// it is an ErrRecord, its text is English, and ErrorText says it in the
// catalog's words (key and args).
type RecordError struct {
	msg  string
	key  string
	args []any
	err  error
}

func (e *RecordError) Error() string { return "tui: " + ErrRecord.Error() + ": " + e.msg }

// Is makes every RecordError an ErrRecord.
func (e *RecordError) Is(target error) bool { return target == ErrRecord }

// Unwrap returns the error of the game that refused the record, if any.
func (e *RecordError) Unwrap() error { return e.err }

func (e *RecordError) text(l i18n.Lang) string {
	args := slices.Clone(e.args)
	for i, a := range args {
		if a == "pass" {
			args[i] = i18n.T(l, "tui.pass")
		}
	}
	return i18n.T(l, e.key, args...)
}

// recordErr makes a RecordError: English text, then the catalog's key and
// its arguments.
func recordErr(cause error, msg, key string, args ...any) *RecordError {
	return &RecordError{msg: msg, key: key, args: args, err: cause}
}

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
		if r.Game == "" {
			return Record{}, recordErr(nil, fmt.Sprintf("line %d: %s", n, fmt.Sprintf(format, args...)), "tui.record.header")
		}
		return Record{}, recordErr(nil, fmt.Sprintf("line %d: %s", n, fmt.Sprintf(format, args...)), "tui.record.line", "line", n)
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
		return Record{}, &RecordError{msg: "reading record: " + err.Error(), key: "tui.record.read", err: err}
	}
	if r.Game == "" {
		return Record{}, recordErr(nil, "empty file", "tui.record.header")
	}
	if r.Game == "?" || !inHistory {
		return Record{}, recordErr(nil, "want a game line and a history line", "tui.record.header")
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
		return nil, nil, recordErr(nil, err.Error(), "tui.record.game", "game", r.Game)
	}
	s, err := g.New(r.Options)
	if err != nil {
		return nil, nil, recordErr(err, err.Error(), "tui.record.option")
	}
	return replay(s, r)
}

// replay plays the record's actions from s, its game's starting state (see
// Replay).
func replay(s game.State, r Record) (game.State, []string, error) {
	var texts []string
	texts = appendNew(s, texts)
	if len(texts) > len(r.Actions) || !slices.Equal(texts, r.Actions[:len(texts)]) {
		return nil, nil, recordErr(nil, "the game starts with "+strings.Join(texts, " "), "tui.record.start", "actions", strings.Join(texts, " "))
	}
	for i := len(texts); i < len(r.Actions); {
		text := r.Actions[i]
		if s.Terminal() {
			return nil, nil, recordErr(nil, fmt.Sprintf("action %d %q after the end of the game", i+1, text), "tui.record.after", "n", i+1, "action", text)
		}
		a, err := s.ParseAction(text)
		if err == nil {
			text = s.ActionString(a)
			err = s.Apply(a)
		}
		if err != nil {
			return nil, nil, recordErr(err, fmt.Sprintf("action %d %q: %v", i+1, r.Actions[i], err), "tui.record.action", "n", i+1, "action", r.Actions[i])
		}
		texts = append(texts, text)
		i++
		for _, auto := range appendNew(s, texts)[len(texts):] {
			if i >= len(r.Actions) || r.Actions[i] != auto {
				return nil, nil, recordErr(nil, fmt.Sprintf("after action %d the game played %q by itself, which the record lacks", i, auto), "tui.record.auto", "n", i, "action", auto)
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
