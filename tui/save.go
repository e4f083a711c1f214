package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
)

// saveHeader is the first line of every save file; oldSaveHeader the
// first line of those written before the save file had a name of its own,
// which are read as well.
const (
	saveHeader    = "norns save 1"
	oldSaveHeader = "norns record 1"
)

// ErrSave is wrapped by every error about a malformed or inconsistent
// save file.
var ErrSave = errors.New("bad save file")

// SaveError is the error of a save file that cannot be read or replayed:
// it is an ErrSave, its text is English, and ErrorText says it in the
// catalog's words (key and args).
type SaveError struct {
	msg  string
	key  string
	args []any
	err  error
}

func (e *SaveError) Error() string { return "tui: " + ErrSave.Error() + ": " + e.msg }

// Is makes every SaveError an ErrSave.
func (e *SaveError) Is(target error) bool { return target == ErrSave }

// Unwrap returns the error of the game that refused the save, if any.
func (e *SaveError) Unwrap() error { return e.err }

func (e *SaveError) text(l i18n.Lang) string {
	args := slices.Clone(e.args)
	for i, a := range args {
		if a == "pass" {
			args[i] = i18n.T(l, "tui.pass")
		}
	}
	return i18n.T(l, e.key, args...)
}

// saveErr makes a SaveError: English text, then the catalog's key and
// its arguments.
func saveErr(cause error, msg, key string, args ...any) *SaveError {
	return &SaveError{msg: msg, key: key, args: args, err: cause}
}

// Save is a game as the terminal client saves it (--save, --load): the
// game, its options and every action of the history in order, chance
// outcomes and the passes the game made by itself included. It is not
// the record of a game of the server (package record), which the server
// signs and norns verify checks.
type Save struct {
	Game    string
	Options game.Options
	Actions []string
}

// WriteSave writes a save file in the format of the package documentation.
func WriteSave(w io.Writer, r Save) error {
	var b strings.Builder
	b.WriteString(saveHeader + "\n")
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

// ReadSave reads a save file without replaying it. A file that begins
// with the old header, "norns record 1", is read as well.
func ReadSave(rd io.Reader) (Save, error) {
	var r Save
	sc := bufio.NewScanner(rd)
	n := 0
	bad := func(format string, args ...any) (Save, error) {
		if r.Game == "" {
			return Save{}, saveErr(nil, fmt.Sprintf("line %d: %s", n, fmt.Sprintf(format, args...)), "tui.save.header")
		}
		return Save{}, saveErr(nil, fmt.Sprintf("line %d: %s", n, fmt.Sprintf(format, args...)), "tui.save.line", "line", n)
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
			if line != saveHeader && line != oldSaveHeader {
				return bad("want %q first, not %q", saveHeader, line)
			}
			r.Game = "?"
		case r.Game == "":
			return bad("want %q first", saveHeader)
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
		return Save{}, &SaveError{msg: "reading the save file: " + err.Error(), key: "tui.save.read", err: err}
	}
	if r.Game == "" {
		return Save{}, saveErr(nil, "empty file", "tui.save.header")
	}
	if r.Game == "?" || !inHistory {
		return Save{}, saveErr(nil, "want a game line and a history line", "tui.save.header")
	}
	return r, nil
}

// Replay plays a save from the start and returns the state it reaches and
// the text of every history entry. Each action must be legal where it
// stands; a pass the game makes by itself must be in the save where the
// game made it.
func Replay(r Save) (game.State, []string, error) {
	g, err := games.ByName(r.Game)
	if err != nil {
		return nil, nil, saveErr(nil, err.Error(), "tui.save.game", "game", r.Game)
	}
	s, err := g.New(r.Options)
	if err != nil {
		return nil, nil, saveErr(err, err.Error(), "tui.save.option")
	}
	return replay(s, r)
}

// replay plays the save's actions from s, its game's starting state (see
// Replay).
func replay(s game.State, r Save) (game.State, []string, error) {
	var texts []string
	texts = appendNew(s, texts)
	if len(texts) > len(r.Actions) || !slices.Equal(texts, r.Actions[:len(texts)]) {
		return nil, nil, saveErr(nil, "the game starts with "+strings.Join(texts, " "), "tui.save.start", "actions", strings.Join(texts, " "))
	}
	for i := len(texts); i < len(r.Actions); {
		text := r.Actions[i]
		if s.Terminal() {
			return nil, nil, saveErr(nil, fmt.Sprintf("action %d %q after the end of the game", i+1, text), "tui.save.after", "n", i+1, "action", text)
		}
		a, err := s.ParseAction(text)
		if err == nil {
			text = s.ActionString(a)
			err = s.Apply(a)
		}
		if err != nil {
			return nil, nil, saveErr(err, fmt.Sprintf("action %d %q: %v", i+1, r.Actions[i], err), "tui.save.action", "n", i+1, "action", r.Actions[i])
		}
		texts = append(texts, text)
		i++
		for _, auto := range appendNew(s, texts)[len(texts):] {
			if i >= len(r.Actions) || r.Actions[i] != auto {
				return nil, nil, saveErr(nil, fmt.Sprintf("after action %d the game played %q by itself, which the save file lacks", i, auto), "tui.save.auto", "n", i, "action", auto)
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
