package tui

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/i18n"
)

// The Russian keyboard: a person whose keyboard is set to the Russian
// ЙЦУКЕН layout types «у2у4» for e2e4 and «г» for u. The keys and the typed
// moves are read in both layouts: each Cyrillic letter stands for the
// Latin key it shares on the keyboard.

// latinKeys maps the letters of the Russian layout to the keys of the
// Latin (QWERTY) one, lower and upper case.
var latinKeys = map[rune]rune{
	'й': 'q', 'ц': 'w', 'у': 'e', 'к': 'r', 'е': 't', 'н': 'y', 'г': 'u', 'ш': 'i', 'щ': 'o', 'з': 'p', 'х': '[', 'ъ': ']',
	'ф': 'a', 'ы': 's', 'в': 'd', 'а': 'f', 'п': 'g', 'р': 'h', 'о': 'j', 'л': 'k', 'д': 'l', 'ж': ';', 'э': '\'',
	'я': 'z', 'ч': 'x', 'с': 'c', 'м': 'v', 'и': 'b', 'т': 'n', 'ь': 'm', 'б': ',', 'ю': '.', 'ё': '`',
	'Й': 'Q', 'Ц': 'W', 'У': 'E', 'К': 'R', 'Е': 'T', 'Н': 'Y', 'Г': 'U', 'Ш': 'I', 'Щ': 'O', 'З': 'P', 'Х': '{', 'Ъ': '}',
	'Ф': 'A', 'Ы': 'S', 'В': 'D', 'А': 'F', 'П': 'G', 'Р': 'H', 'О': 'J', 'Л': 'K', 'Д': 'L', 'Ж': ':', 'Э': '"',
	'Я': 'Z', 'Ч': 'X', 'С': 'C', 'М': 'V', 'И': 'B', 'Т': 'N', 'Ь': 'M', 'Б': '<', 'Ю': '>', 'Ё': '~',
}

// latinLayout rewrites text typed with the Russian layout as the Latin
// layout's keys: «у2у4» is e2e4, «Та3» Nf3, «Ц0/3» W0/3. It reports
// whether it changed anything.
func latinLayout(text string) (string, bool) {
	changed := false
	out := strings.Map(func(r rune) rune {
		if l, ok := latinKeys[r]; ok {
			changed = true
			return l
		}
		return r
	}, text)
	return out, changed
}

// latinKey is the key a single key press stands for: the Latin key of a
// Russian letter, or the text itself.
func latinKey(text string) string {
	if r := []rune(text); len(r) == 1 {
		if l, ok := latinKeys[r[0]]; ok {
			return string(l)
		}
	}
	return text
}

// moveError says why a typed or picked action was refused, in the
// player's language, by the kind of the game's error (its English text is
// not shown): not a move of this game (with an example), the game is
// over, or not legal now.
func (m *Model) moveError(text string, err error) string {
	switch {
	case errors.Is(err, game.ErrSyntax):
		msg := i18n.T(m.lang, "tui.error.syntax", "text", text)
		if len(m.legalText) > 0 {
			msg += " (" + i18n.T(m.lang, "tui.error.example", "example", m.legalText[0]) + ")"
		}
		return msg
	case errors.Is(err, game.ErrOver):
		return i18n.T(m.lang, "error.game_over")
	}
	return i18n.T(m.lang, "tui.error.move", "text", text)
}

// ErrorText says an error of the terminal client in a language: the
// server's message (never its English detail), a server that does not
// answer, a save file that cannot be resumed, a file that cannot be
// written, a refused action. An error of another kind is shown as it is
// in English and as a general failure in other languages, so that no
// English reaches a Russian screen.
func ErrorText(l i18n.Lang, err error) string {
	var (
		ae  *APIError
		re  *ReachError
		rec *SaveError
		pe  *fs.PathError
		ns  *NoSecretError
	)
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ae):
		if ae.Message != "" {
			return ae.Message
		}
		if k := "error." + ae.Code; ae.Code != "" && i18n.T(l, k) != k {
			return i18n.T(l, k)
		}
		return i18n.T(l, "tui.error.server", "status", ae.Status)
	case errors.As(err, &re):
		return i18n.T(l, "tui.error.reach", "server", re.Base)
	case errors.As(err, &rec):
		return rec.text(l)
	case errors.As(err, &ns):
		return i18n.T(l, "tui.error.nosecret", "player", i18n.Player(l, ns.Player))
	case errors.Is(err, game.ErrOver):
		return i18n.T(l, "error.game_over")
	case errors.Is(err, fs.ErrPermission):
		return i18n.T(l, "tui.error.file.permission")
	case errors.Is(err, fs.ErrNotExist):
		return i18n.T(l, "tui.error.file.missing")
	case errors.As(err, &pe):
		return i18n.T(l, "tui.error.file")
	}
	if l == i18n.English {
		return strings.TrimPrefix(err.Error(), "tui: ")
	}
	return i18n.T(l, "tui.error.internal")
}

// rollTexts says a chance outcome rolled in s (the state before it): as a
// note of its own with whose roll it is (note, Nords Loki's), or as the
// words that join the other rolls in "Rolled: …" (shown: Seiðr's face with
// its arrow, Lux et Umbra's dice in words).
func (m *Model) rollTexts(s game.State, text string) (note, shown string) {
	if n, ok := m.r.(interface {
		rollNote(game.State, string, i18n.Lang) string
	}); ok {
		if note := n.rollNote(s, text, m.lang); note != "" {
			return note, ""
		}
	}
	if d, ok := m.r.(interface {
		describeRoll(game.State, string, bool) string
	}); ok {
		return "", d.describeRoll(s, text, m.flipped())
	}
	return "", m.entryText(entry{text: text, chance: true})
}

// addRoll notes a roll: a note of its own, or one more roll of the note
// "Rolled: …" that gathers a run of rolls.
func (m *Model) addRoll(note, shown string) {
	if note != "" {
		m.rolls = nil
		m.notes = append(m.notes, note)
		return
	}
	if len(m.rolls) > 0 {
		m.notes = m.notes[:len(m.notes)-1]
	}
	m.rolls = append(m.rolls, shown)
	sep := " "
	for _, r := range m.rolls {
		if strings.Contains(r, " ") {
			sep = ", "
		}
	}
	m.notes = append(m.notes, i18n.T(m.lang, "tui.rolled", "roll", strings.Join(m.rolls, sep)))
}

// entryText is a history entry as the move list shows it: its notation,
// but a pass and the chance outcomes whose codes are no notation in
// words.
func (m *Model) entryText(e entry) string {
	if e.text == "pass" {
		return i18n.T(m.lang, "tui.pass")
	}
	if w, ok := m.r.(interface {
		rollWords(string, i18n.Lang) string
	}); ok && e.chance {
		if words := w.rollWords(e.text, m.lang); words != "" {
			return words
		}
	}
	return e.text
}
