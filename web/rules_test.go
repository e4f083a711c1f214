package web

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// ruleNumbers lists the numbers a rules text gives its rules: a section
// heading ("## 5." gives "§5", "### 2A." gives "§2A") and a numbered rule at
// the start of a line ("4.2", "2B.1"), in order of appearance, each once.
func ruleNumbers(text string) []string {
	heading := regexp.MustCompile(`^#{2,3} (\d+[A-Z]?)\. `)
	rule := regexp.MustCompile(`^(\d+[A-Z]?\.\d+) `)
	var out []string
	for _, line := range strings.Split(text, "\n") {
		n := ""
		if m := heading.FindStringSubmatch(line); m != nil {
			n = "§" + m[1]
		} else if m := rule.FindStringSubmatch(line); m != nil {
			n = m[1]
		}
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// codeSpans lists the `code` spans of a rules text: notation, options and
// their values, which a translation keeps as they are.
func codeSpans(text string) []string {
	var out []string
	for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

func readRules(t *testing.T, parts ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(parts...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rulesPages are the games' rules pages, each with the rules file of the
// project it tells (../rules), which has the same rule numbers.
var rulesPages = []struct{ page, file string }{
	{"seidr.md", "seidr.md"},
	{"lux-et-umbra.md", "lux-et-umbra.md"},
	{"samurai-chess.md", "samurai-chess.md"},
	{"sea-hnefatafl.md", "sea-hnefatafl.md"},
	{"nords-loki.md", "nords-loki.md"},
	{"copenhagen-hnefatafl.md", "copenhagen-hnefatafl.md"},
	{"fetlar-hnefatafl.md", "fetlar-hnefatafl.md"},
	{"brandubh.md", "brandubh.md"},
	{"tablut.md", "tablut.md"},
}

// translatedCode are the code spans of the English pages that are words,
// not notation: the Russian pages write them in Russian.
var translatedCode = map[string]string{"from-to": "откуда-куда"}

// TestRulesPagesTranslated checks that each Russian rules page says all its
// English page says: the same sections and numbered rules, in the same
// order; as many rulings and house rules; every piece of notation and every
// option name and value the English page writes as code.
func TestRulesPagesTranslated(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("rules", "en", "*.md"))
	if len(pages) != len(rulesPages) {
		t.Errorf("rules/en has %d pages, the test knows %d", len(pages), len(rulesPages))
	}
	for _, tc := range rulesPages {
		t.Run(tc.page, func(t *testing.T) {
			en := readRules(t, "rules", "en", tc.page)
			ru := readRules(t, "rules", "ru", tc.page)
			enN, ruN := ruleNumbers(en), ruleNumbers(ru)
			for _, n := range enN {
				if !slices.Contains(ruN, n) {
					t.Errorf("rules/ru/%s lacks rule %s of the English page", tc.page, n)
				}
			}
			for _, n := range ruN {
				if !slices.Contains(enN, n) {
					t.Errorf("rules/ru/%s has rule %s, which the English page lacks", tc.page, n)
				}
			}
			if !slices.Equal(enN, ruN) && len(enN) == len(ruN) {
				t.Errorf("rules/ru/%s numbers its rules in another order:\n en %v\n ru %v", tc.page, enN, ruN)
			}
			for _, m := range [][2]string{{"[ruling", "[решение"}, {"[house rule", "[домашнее правило"}} {
				if e, r := strings.Count(en, m[0]), strings.Count(ru, m[1]); e != r {
					t.Errorf("rules/ru/%s has %d %q, the English page %d %q", tc.page, r, m[1], e, m[0])
				}
			}
			for _, c := range codeSpans(en) {
				if w, ok := translatedCode[c]; ok {
					c = w
				}
				if !strings.Contains(ru, "`"+c+"`") {
					t.Errorf("rules/ru/%s lacks `%s`, which the English page writes", tc.page, c)
				}
			}
		})
	}
}

// TestRulesPagesNumbered checks that each English rules page has the
// sections and numbered rules of the project's rules file it tells, and no
// other; the rules files are the reference (TestRulesPages checks the
// served pages against their rules numbers too).
func TestRulesPagesNumbered(t *testing.T) {
	for _, tc := range rulesPages {
		t.Run(tc.page, func(t *testing.T) {
			src := ruleNumbers(readRules(t, "..", "rules", tc.file))
			en := ruleNumbers(readRules(t, "rules", "en", tc.page))
			if len(src) == 0 {
				t.Fatalf("../rules/%s has no numbered rules", tc.file)
			}
			if !slices.Equal(src, en) {
				t.Errorf("rules/en/%s numbers its rules\n %v\nbut ../rules/%s\n %v", tc.page, en, tc.file, src)
			}
		})
	}
}

// TestRuleNumbers pins down what ruleNumbers reads.
func TestRuleNumbers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"## 5. Notation\nA move is `f3-f1`.", []string{"§5"}},
		{"## 2. A turn\n### 2A. The quiet move\n2A.1 You must\n2A.2 [ruling] A pawn", []string{"§2", "§2A", "2A.1", "2A.2"}},
		{"4.2 A checker\nthrough) on 4.3 a field\n 8.3 indented", []string{"4.2"}},
		{"## 8. End\n8.3 A konung\n8.3 again", []string{"§8", "8.3"}},
		{"# Title\n#### 9. Deep\n9.1x no space", nil},
	} {
		if got := ruleNumbers(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("ruleNumbers(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
