package i18n

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
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
	for _, tc := range []struct {
		accept  string
		choices []string
		want    Lang
	}{
		{"ru", nil, Russian},
		{"ru", []string{"en"}, English},
		{"ru", []string{"xx", ""}, Russian},
		{"en", []string{"", "ru-RU"}, Russian},
		{"en", []string{"xx", "ru"}, Russian},
	} {
		if got := FromRequest(tc.accept, tc.choices...); got != tc.want {
			t.Errorf("FromRequest(%q, %q) = %q, want %q", tc.accept, tc.choices, got, tc.want)
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
		for _, k := range Default().Keys(English) {
			if _, ok := Default()[l][k]; !ok {
				t.Errorf("catalog/%s.json lacks %q", l, k)
			}
		}
		for _, k := range Default().Keys(l) {
			e := Default()[l][k]
			if _, ok := Default()[English][k]; !ok {
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
			if got, want := placeholders(e), placeholders(Default()[English][k]); !slices.Equal(got, want) {
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

// dynamicPrefixes are the key prefixes whose keys code builds at run time
// from a name: a seat ("player."+name), a result's reason ("reason."+
// reason), an API error code ("error."+code), a game option and its values
// ("option."+name, "option.value."+value), the command line's help
// ("cli."+command path). TestCatalogUsed does not look for them in the
// sources; TestCatalogDynamic checks that they are exactly the keys the
// code can ask for, except the error codes, which the server's
// TestErrorMessagesInBothLanguages checks against its list of codes, and
// the command line's, which cmd/norns's TestHelpCatalog checks against
// its commands and flags.
var dynamicPrefixes = []string{"player.", "reason.", "error.", "option.", "cli."}

// TestCatalogUsed fails if a key is never written in the project's source
// (Go, TypeScript, HTML), outside the catalog itself and the built bundle.
func TestCatalogUsed(t *testing.T) {
	var sources strings.Builder
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "catalog" || p == filepath.Join("..", "web", "dist")) {
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
	// A game's title and description are asked for by its name ("game." +
	// name in the lobby and the terminal client); TestCatalogDynamic
	// checks them against games.All.
	perGame := map[string]bool{}
	for _, g := range games.All {
		perGame["game."+g.Name()], perGame["game."+g.Name()+".desc"] = true, true
	}
	for _, k := range Default().Keys(English) {
		if !dynamicKey(k) && !perGame[k] && !strings.Contains(all, `"`+k+`"`) {
			t.Errorf("catalog key %q is used nowhere", k)
		}
	}
}

func dynamicKey(k string) bool {
	for _, p := range dynamicPrefixes {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// webHiddenOptions are the options the web app does not offer (create.ts,
// lobby.ts): they need no label.
var webHiddenOptions = []string{"max-turns"}

// wordValue matches an option value written in words ("on", "white-loses"),
// which the catalog translates; numbers and codes ("50", "QRBN", "sea11")
// are shown as they are.
var wordValue = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestCatalogDynamic checks the keys built from names against the names
// the code can produce: a player.* key for every seat name of every game
// and for the dice ("chance"), an option.* key for every option the web app
// offers, an option.value.* key for every value written in words, a
// reason.* key for every reason a game or the server puts in a result, and
// a game.* title and description for every game; and no such key beyond
// them.
func TestCatalogDynamic(t *testing.T) {
	want := map[string]string{} // key -> what asks for it
	players := map[string]bool{"chance": true}
	for _, g := range games.All {
		for _, p := range g.Players() {
			players[p] = true
		}
		for _, o := range g.Options() {
			if slices.Contains(webHiddenOptions, o.Name) {
				continue
			}
			want["option."+o.Name] = g.Name() + " option " + o.Name
			for _, v := range o.Values {
				if wordValue.MatchString(v) {
					want["option.value."+v] = g.Name() + " option " + o.Name + "=" + v
				}
			}
		}
		for _, k := range []string{"game." + g.Name(), "game." + g.Name() + ".desc"} {
			if _, ok := Default()[English][k]; !ok {
				t.Errorf("catalog lacks %q (game %s)", k, g.Name())
			}
		}
	}
	for p := range players {
		want["player."+p] = "seat " + p
	}
	for r, where := range resultReasons(t) {
		want["reason."+strings.ReplaceAll(r, " ", "-")] = fmt.Sprintf("reason %q (%s)", r, where)
	}
	for k, why := range want {
		if _, ok := Default()[English][k]; !ok {
			t.Errorf("catalog lacks %q, for the %s", k, why)
		}
	}
	for _, k := range Default().Keys(English) {
		if _, ok := want[k]; dynamicKey(k) && !strings.HasPrefix(k, "error.") && !strings.HasPrefix(k, "cli.") && !ok {
			t.Errorf("catalog key %q matches no seat, option or reason", k)
		}
	}
}

// resultReasons reads the reasons of game results in the Go sources of the
// games, the server and package ending: a Reason field given as a literal, a literal passed
// to a helper's parameter named reason (win(black, "king captured")), and
// the literals of Nords Loki's reasonNames table. It maps each reason to a
// file that gives it, and fails if a game package gives none (the sources
// changed in a way the reading misses).
func resultReasons(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	dirs, _ := filepath.Glob(filepath.Join("..", "games", "*"))
	// The games' rules, and the endings outside them; the list of the
	// games' searches puts no reason in a result.
	dirs = slices.DeleteFunc(dirs, func(d string) bool { return filepath.Base(d) == "searches" })
	dirs = append(dirs, filepath.Join("..", "ending"))
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
		if len(files) == 0 {
			continue
		}
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, f := range files {
			af, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, af)
		}
		// The functions of the package with a parameter named reason, and
		// its place.
		helpers := map[string]int{}
		reasonParam := func(ft *ast.FuncType) int {
			i := 0
			for _, f := range ft.Params.List {
				for _, n := range f.Names {
					if n.Name == "reason" {
						return i
					}
					i++
				}
				if len(f.Names) == 0 {
					i++
				}
			}
			return -1
		}
		for _, af := range parsed {
			ast.Inspect(af, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					if i := reasonParam(n.Type); i >= 0 {
						helpers[n.Name.Name] = i
					}
				case *ast.AssignStmt:
					for j, rhs := range n.Rhs {
						if fl, ok := rhs.(*ast.FuncLit); ok && j < len(n.Lhs) {
							if id, ok := n.Lhs[j].(*ast.Ident); ok {
								if i := reasonParam(fl.Type); i >= 0 {
									helpers[id.Name] = i
								}
							}
						}
					}
				}
				return true
			})
		}
		found := 0
		add := func(e ast.Expr) {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && s != "" {
					out[s] = fset.Position(lit.Pos()).String()
					found++
				}
			}
		}
		for _, af := range parsed {
			ast.Inspect(af, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Reason" {
						add(n.Value)
					}
				case *ast.CallExpr:
					name := ""
					switch f := n.Fun.(type) {
					case *ast.Ident:
						name = f.Name
					case *ast.SelectorExpr:
						name = f.Sel.Name
					}
					if i, ok := helpers[name]; ok && i < len(n.Args) {
						add(n.Args[i])
					}
				case *ast.ValueSpec:
					for j, id := range n.Names {
						if id.Name == "reasonNames" && j < len(n.Values) {
							if cl, ok := n.Values[j].(*ast.CompositeLit); ok {
								for _, e := range cl.Elts {
									add(e)
								}
							}
						}
					}
				}
				return true
			})
		}
		if found == 0 && filepath.Base(filepath.Dir(dir)) == "games" {
			t.Errorf("no result reason found in %s", dir)
		}
	}
	return out
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
