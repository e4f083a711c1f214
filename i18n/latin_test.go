package i18n

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notation are the Latin words a Russian message may hold: names of the
// program, formats and protocols, keys of the keyboard, and the words of
// the command line and the API a reader types as they are (options,
// levels, chat rooms, HTTP headers).
var notation = []string{
	"Norns", "JSON", "PGN", "FEN", "SAN", "UCI", "OpenTafl", "OTN", "API", "ASCII", "HTTPS", "SHA", "HMAC", "Ed" /* Ed25519 */, "WebSocket", "ID",
	"Enter", "Ctrl", "Esc", "Tab", "Shift",
	"norns", "play", "serve", "verify", "login", "join", "game-url", "dice-seed", "key-url", "token", "save", "set", "vs", "game", "games",
	"easy", "medium", "hard", "human", "http", "host", "seat", "invite", "jsonl", "options", "actions",
	"players", "spectators", "Authorization", "Bearer",
}

// originals are the games' own names, which a Russian name may give after
// the Russian one, in brackets: «Сейд (Seiðr)», «Шахматы Света и Тени (Lux
// et Umbra)», as the seeds name them.
var originals = []string{"Seiðr", "Lux et Umbra"}

var (
	latinWord   = regexp.MustCompile(`[A-Za-z][A-Za-z-]*[A-Za-z]`)
	placeholder = regexp.MustCompile(`\{[a-z_]+\}`)
)

// latinWords returns the Latin words of a Russian text that are not
// notation: words of two letters or more, outside placeholders, that are
// not in the notation list.
func latinWords(text string) []string {
	var out []string
	text = placeholder.ReplaceAllString(text, "")
	for _, o := range originals {
		text = strings.ReplaceAll(text, o, "")
	}
	for _, w := range latinWord.FindAllString(text, -1) {
		if !slices.Contains(notation, w) {
			out = append(out, w)
		}
	}
	return out
}

// TestRussianHasNoEnglish: no message of the Russian catalog (the screens
// of the web app and the terminal, the API's error messages) holds an
// English word outside notation; the command line's help (cli.*), full of
// options and commands, has its own test in cmd/norns.
func TestRussianHasNoEnglish(t *testing.T) {
	for _, k := range Default().Keys(Russian) {
		e := Default()[Russian][k]
		texts := []string{e.Text}
		for _, f := range e.Plural {
			texts = append(texts, f)
		}
		for _, text := range texts {
			if w := latinWords(text); len(w) > 0 && !strings.HasPrefix(k, "cli.") {
				t.Errorf("ru %s = %q: English words %q", k, text, w)
			}
		}
	}
	if got := latinWords("Ход: {player}. Нажмите Enter; e2e4 — ход, O-O тоже"); len(got) != 1 || got[0] != "O-O" {
		t.Errorf("latinWords = %q, want just O-O (a word to allow or to avoid)", got)
	}
}
