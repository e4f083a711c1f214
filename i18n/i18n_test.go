package i18n

import (
	"norns/game"
	"norns/games/chess"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPluralCategory(t *testing.T) {
	tests := []struct {
		l    Lang
		n    int
		want string
	}{
		{English, 1, "one"}, {English, 0, "other"}, {English, 2, "other"}, {English, 11, "other"},
		{Russian, 1, "one"}, {Russian, 21, "one"}, {Russian, 101, "one"},
		{Russian, 2, "few"}, {Russian, 4, "few"}, {Russian, 22, "few"},
		{Russian, 5, "many"}, {Russian, 11, "many"}, {Russian, 12, "many"}, {Russian, 14, "many"}, {Russian, 0, "many"}, {Russian, 111, "many"},
	}
	for _, tc := range tests {
		if got := PluralCategory(tc.l, tc.n); got != tc.want {
			t.Errorf("PluralCategory(%q, %d) = %q, want %q", tc.l, tc.n, got, tc.want)
		}
	}
}

func TestT(t *testing.T) {
	tests := []struct {
		l    Lang
		key  string
		kv   []any
		want string
	}{
		{English, "status.win.points", []any{"player", "P1", "n", 1}, "P1 wins 1 point"},
		{English, "status.win.points", []any{"player", "P1", "n", 2}, "P1 wins 2 points"},
		{Russian, "status.win.points", []any{"player", "И", "n", 1}, "Победа: И, 1 очко"},
		{Russian, "status.win.points", []any{"player", "И", "n", 2}, "Победа: И, 2 очка"},
		{Russian, "status.win.points", []any{"player", "И", "n", 5}, "Победа: И, 5 очков"},
		{Russian, "status.win.points", []any{"player", "И", "n", 21}, "Победа: И, 21 очко"},
		{Russian, "status.turn", []any{"player", "Белые"}, "Ход: Белые"},
		{English, "no.such.key", nil, "no.such.key"},
	}
	for _, tc := range tests {
		if got := T(tc.l, tc.key, tc.kv...); got != tc.want {
			t.Errorf("T(%q, %q, %v) = %q, want %q", tc.l, tc.key, tc.kv, got, tc.want)
		}
	}
}

func TestLanguageChoice(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   Lang
	}{
		{"ru-RU,ru;q=0.9,en-US;q=0.8", Russian},
		{"en-US,en;q=0.9", English},
		{"de-DE,de;q=0.9", English},
		{"de;q=0.9,ru;q=0.5", Russian},
		{"", English},
		{"garbage;;;", English},
	} {
		if got := FromAcceptLanguage(tc.header); got != tc.want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want Lang
	}{{"ru", Russian}, {"ru_RU.UTF-8", Russian}, {"en_GB.UTF-8", English}, {"C", English}, {"fr", English}} {
		if got := Parse(tc.s); got != tc.want {
			t.Errorf("Parse(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ru_RU.UTF-8")
	if got := FromEnv(); got != Russian {
		t.Errorf("FromEnv() with LANG=ru_RU.UTF-8 = %q", got)
	}
}

// TestCatalogComplete fails if a key is missing in a language, if a plural
// message lacks a form its language needs, or if placeholders differ.
func TestCatalogComplete(t *testing.T) {
	forms := map[Lang][]string{English: {"one", "other"}, Russian: {"one", "few", "many", "other"}}
	for _, l := range Langs {
		for _, k := range Default.Keys(English) {
			if _, ok := Default[l][k]; !ok {
				t.Errorf("catalog/%s.json lacks %q", l, k)
			}
		}
		for _, k := range Default.Keys(l) {
			e := Default[l][k]
			if _, ok := Default[English][k]; !ok {
				t.Errorf("catalog/%s.json has %q, which English lacks", l, k)
			}
			if e.Plural != nil {
				for _, f := range forms[l] {
					if e.Plural[f] == "" {
						t.Errorf("catalog/%s.json: %q lacks the plural form %q", l, k, f)
					}
				}
			} else if e.Text == "" {
				t.Errorf("catalog/%s.json: %q is empty", l, k)
			}
			if got, want := placeholders(e), placeholders(Default[English][k]); !slices.Equal(got, want) {
				t.Errorf("catalog/%s.json: %q has placeholders %v, English %v", l, k, got, want)
			}
		}
	}
}

func placeholders(e Entry) []string {
	texts := []string{e.Text}
	for _, v := range e.Plural {
		texts = append(texts, v)
	}
	var out []string
	for _, s := range texts {
		for {
			i := strings.IndexByte(s, '{')
			j := strings.IndexByte(s, '}')
			if i < 0 || j < i {
				break
			}
			if p := s[i : j+1]; !slices.Contains(out, p) {
				out = append(out, p)
			}
			s = s[j+1:]
		}
	}
	slices.Sort(out)
	return out
}

// dynamicPrefixes are key prefixes whose keys code builds at run time from
// a name (a player, a game, a reason): such a key counts as used.
var dynamicPrefixes = []string{"player.", "game.", "reason.", "error.", "option."}

// TestCatalogUsed fails if a key is never written in the project's source
// (Go, TypeScript, HTML), outside the catalog itself.
func TestCatalogUsed(t *testing.T) {
	var sources strings.Builder
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "catalog") {
			return filepath.SkipDir
		}
		switch filepath.Ext(p) {
		case ".go", ".ts", ".tsx", ".html":
			if strings.HasSuffix(p, "_test.go") {
				return nil
			}
			b, err := os.ReadFile(p)
			if err == nil {
				sources.Write(b)
			}
		}
		return nil
	})
	all := sources.String()
	for _, k := range Default.Keys(English) {
		dynamic := false
		for _, p := range dynamicPrefixes {
			dynamic = dynamic || strings.HasPrefix(k, p)
		}
		if !dynamic && !strings.Contains(all, `"`+k+`"`) {
			t.Errorf("catalog key %q is used nowhere", k)
		}
	}
}

func TestStatus(t *testing.T) {
	s, err := chess.Game.Setup(nil, "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := Status(Russian, s); got != "Ход: Белые" {
		t.Errorf("Status(ru) = %q", got)
	}
	game.ParseAndApply(s, "a1a8")
	for l, want := range map[Lang]string{English: "White wins (checkmate)", Russian: "Победа: Белые (мат)"} {
		if got := Status(l, s); got != want {
			t.Errorf("Status(%s) after mate = %q, want %q", l, got, want)
		}
	}
}
