package docs_test

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/engine"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/lab"
)

// An example is a fenced block of a document whose info string is "norns":
// a session of the engine protocol (norns engine), one command a line. A line
// "= answer" is the answer the command above it must give, a line "?" says
// that command must be refused; any other command must be accepted.
type example struct {
	file  string
	line  int // of the opening fence
	lines []string
}

// examples reads the "norns" blocks of a markdown file.
func examples(t *testing.T, file string) []example {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	var cur *example
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.TrimSpace(line) == "```norns":
			cur = &example{file: file, line: i + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: the norns block is never closed", file, cur.line)
	}
	return out
}

// commands that an example may use: nothing random (roll needs its outcome)
// and nothing that depends on the AI.
var exampleCommands = []string{"new", "setup", "roll", "play", "legal", "status", "position", "history", "undo"}

// run plays an example through the engine and returns what went wrong.
func (x example) run() []string {
	var errs []string
	fail := func(n int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", x.file, x.line+1+n, fmt.Sprintf(format, args...)))
	}
	e, err := engine.New(engine.Config{Games: games.All, Name: "norns", Version: "docs"})
	if err != nil {
		return []string{err.Error()}
	}
	if len(x.lines) == 0 || !strings.HasPrefix(x.lines[0], "new ") {
		fail(0, "an example begins with new <game>")
		return errs
	}
	for i := 0; i < len(x.lines); i++ {
		line := x.lines[i]
		if strings.TrimSpace(line) == "" || line[0] == '=' || line[0] == '?' {
			fail(i, "%q follows no command", line)
			continue
		}
		cmd := strings.Fields(line)[0]
		if !slices.Contains(exampleCommands, cmd) {
			fail(i, "%q: an example may use only %s", line, strings.Join(exampleCommands, ", "))
			continue
		}
		if cmd == "roll" && len(strings.Fields(line)) != 2 {
			fail(i, "%q: an example's roll names its outcome", line)
			continue
		}
		got, err, _ := e.Exec(line)
		want := ""
		if i+1 < len(x.lines) && len(x.lines[i+1]) > 0 && (x.lines[i+1][0] == '=' || x.lines[i+1][0] == '?') {
			i++
			want = x.lines[i]
		}
		switch {
		case want == "?" && err == nil:
			fail(i-1, "%q was accepted; the example says it is refused", line)
		case want == "?":
		case strings.HasPrefix(want, "?"):
			fail(i, "a refusal is written as ? alone")
		case err != nil:
			fail(i, "%q was refused: %v", line, err)
		case want != "" && strings.TrimSpace(strings.TrimPrefix(want, "=")) != got:
			fail(i, "%q answered %q, the example says %q", line, got, strings.TrimSpace(strings.TrimPrefix(want, "=")))
		}
	}
	return errs
}

// TestNotationExamples plays every example of the notation pages.
func TestNotationExamples(t *testing.T) {
	for _, file := range []string{"notation.md", "notation.ru.md"} {
		xs := examples(t, file)
		if len(xs) < 10 {
			t.Errorf("%s has %d examples; want one for every game at least", file, len(xs))
		}
		seen := map[string]bool{}
		for _, x := range xs {
			if len(x.lines) > 0 {
				if f := strings.Fields(x.lines[0]); len(f) > 1 && f[0] == "new" {
					seen[f[1]] = true
				}
			}
			for _, msg := range x.run() {
				t.Error(msg)
			}
		}
		for _, name := range games.Names() {
			if !seen[name] {
				t.Errorf("%s has no example of %s", file, name)
			}
		}
	}
}

// TestNotationSame checks that the Russian page has the English page's
// examples, the same and in the same order.
func TestNotationSame(t *testing.T) {
	en, ru := examples(t, "notation.md"), examples(t, "notation.ru.md")
	if len(en) != len(ru) {
		t.Fatalf("notation.md has %d examples, notation.ru.md %d", len(en), len(ru))
	}
	for i := range en {
		if !slices.Equal(en[i].lines, ru[i].lines) {
			t.Errorf("example %d differs: notation.md:%d, notation.ru.md:%d", i+1, en[i].line, ru[i].line)
		}
	}
}

// TestNotationRulesLinks checks that each notation page links every rules
// page of its language.
func TestNotationRulesLinks(t *testing.T) {
	for file, lang := range map[string]string{"notation.md": "en", "notation.ru.md": "ru"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := filepath.Glob(filepath.Join("..", "web", "rules", lang, "*.md"))
		if err != nil || len(pages) == 0 {
			t.Fatalf("no rules pages in web/rules/%s: %v", lang, err)
		}
		for _, p := range pages {
			if !strings.Contains(string(data), "]("+filepath.ToSlash(p)+")") {
				t.Errorf("%s does not link %s", file, filepath.ToSlash(p))
			}
		}
	}
}

var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLinks checks that every relative link of the Russian documents (and
// of the notation page, the lab's page and the studies) names a file that
// exists and is committed: the studies' report.html and summary.json are
// built by norns lab report.
func TestLinks(t *testing.T) {
	files := []string{filepath.Join("..", "README.ru.md"), "notation.md", "lab.md", "ratings.md", filepath.Join("studies", "README.md")}
	for _, pattern := range []string{"*.ru.md", filepath.Join("studies", "*", "report.md"), filepath.Join("studies", "*", "*", "report.md"), filepath.Join("studies", "*", "*", "*", "report.md")} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
					continue
				}
				target, _, _ = strings.Cut(target, "#")
				if base := filepath.Base(filepath.FromSlash(target)); base == lab.ReportHTML || base == lab.SummaryFile {
					t.Errorf("%s:%d: link %s: %s is built by norns lab report, not committed", file, i+1, m[1], base)
					continue
				}
				if _, err := os.Stat(filepath.Join(filepath.Dir(file), filepath.FromSlash(target))); err != nil {
					t.Errorf("%s:%d: link %s: %v", file, i+1, m[1], err)
				}
			}
		}
	}
}

var numberRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*\.?`)

// headings lists the headings of a markdown file outside fenced blocks: the
// level, and the section number when the title begins with one.
func headings(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	fenced := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		title := strings.TrimSpace(line[level:])
		out = append(out, fmt.Sprintf("h%d %s", level, numberRE.FindString(title)))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSameStructure checks that each Russian document has its English
// counterpart's headings: as many, at the same levels, with the same numbers.
func TestSameStructure(t *testing.T) {
	for _, name := range []string{"fair-dice", "notation", "ratings"} {
		en, ru := headings(t, name+".md"), headings(t, name+".ru.md")
		if !slices.Equal(en, ru) {
			t.Errorf("%s.ru.md has the headings %q, %s.md %q", name, ru, name, en)
		}
	}
}

// TestReadmeCommands checks that every command README.ru.md shows is
// written as README.md writes it.
func TestReadmeCommands(t *testing.T) {
	en, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ru, err := os.ReadFile(filepath.Join("..", "README.ru.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(ru), "\n") {
		cmd := strings.TrimSpace(line)
		if !strings.HasPrefix(line, "    ") || !(strings.HasPrefix(cmd, "go run ") || strings.HasPrefix(cmd, "go test ")) {
			continue
		}
		n++
		if !strings.Contains(string(en), "    "+cmd+"\n") {
			t.Errorf("README.ru.md:%d: %q is not a command of README.md", i+1, cmd)
		}
	}
	if n < 2 {
		t.Errorf("README.ru.md shows %d commands; want the two commands at least", n)
	}
}

// TestGlossary checks the Russian documents against the glossary of the
// game words (../i18n/glossary.tsv): none of them uses a variant the glossary
// forbids on every Russian rules page or in the whole catalog (a wrong
// variant counts at the start of a word, case-sensitive; link targets and
// code are not words).
func TestGlossary(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "i18n", "glossary.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	type wrong struct{ variant, term string }
	var wrongs []wrong
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "english\t") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 8 {
			t.Fatalf("glossary.tsv:%d: %d columns, want 8", i+1, len(cols))
		}
		places := strings.Fields(cols[7])
		if cols[6] == "" || !(slices.Contains(places, "pages") || slices.Contains(places, "catalog")) {
			continue
		}
		for _, v := range strings.Split(cols[6], "|") {
			wrongs = append(wrongs, wrong{v, cols[1]})
		}
	}
	if len(wrongs) == 0 {
		t.Fatal("glossary.tsv forbids nothing everywhere: has its format changed?")
	}
	files := []string{filepath.Join("..", "README.ru.md")}
	ru, _ := filepath.Glob("*.ru.md")
	files = append(files, ru...)
	notWords := regexp.MustCompile("\\]\\([^)]*\\)|`[^`]*`")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		fenced := false
		for n, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				fenced = !fenced
			}
			if fenced || strings.HasPrefix(line, "    ") {
				continue
			}
			text := []rune(notWords.ReplaceAllString(line, " "))
			for _, w := range wrongs {
				v := []rune(w.variant)
				for i := 0; i+len(v) <= len(text); i++ {
					if string(text[i:i+len(v)]) == w.variant && (i == 0 || !unicode.IsLetter(text[i-1])) {
						t.Errorf("%s:%d: %q: the glossary says %q", file, n+1, w.variant, w.term)
					}
				}
			}
		}
	}
}

// TestDiceV2Example replays the worked example of section 7 of the fair
// dice pages: the nonce derived from the secret, its commitment, and the
// roll with and without it.
func TestDiceV2Example(t *testing.T) {
	var blocks [][]string
	for _, file := range []string{"fair-dice.md", "fair-dice.ru.md"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, block, ok := strings.Cut(string(data), "```dice-v2\n")
		block, _, closed := strings.Cut(block, "```")
		if !ok || !closed {
			t.Fatalf("%s has no dice-v2 block", file)
		}
		blocks = append(blocks, strings.Split(strings.TrimSpace(block), "\n"))
	}
	if !slices.Equal(blocks[0], blocks[1]) {
		t.Fatalf("the dice-v2 examples of fair-dice.md and fair-dice.ru.md differ")
	}
	x := map[string]string{}
	for _, line := range blocks[0] {
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%q is not \"key: value\"", line)
		}
		x[k] = v
	}
	unhex := func(k string) []byte {
		b, err := hex.DecodeString(x[k])
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %q is not hex", k, x[k])
		}
		return b
	}
	nonce := dice.Nonce(unhex("secret"), x["game id"], 2)
	if got := hex.EncodeToString(nonce); got != x["nonce 2"] {
		t.Errorf("nonce 2 is %s, the example says %s", got, x["nonce 2"])
	}
	if got := dice.CommitNonce(nonce); got != x["commit 2"] {
		t.Errorf("commit 2 is %s, the example says %s", got, x["commit 2"])
	}
	r, err := dice.ForScheme(dice.SchemeV2, unhex("server seed"), strings.Split(x["seat seeds"], ","))
	if err != nil {
		t.Fatal(err)
	}
	var die []game.Outcome
	for f := range 8 {
		die = append(die, game.Outcome{Action: game.Action(f), Prob: 1.0 / 8})
	}
	for key, n := range map[string][]byte{"roll 4 with nonce 2": nonce, "roll 4 without a nonce": nil} {
		a, err := r.RollCaused(4, n, die)
		if err != nil {
			t.Fatal(err)
		}
		if got := strconv.Itoa(int(a) + 1); got != x[key] {
			t.Errorf("%s: the face is %s, the example says %s", key, got, x[key])
		}
	}
}
