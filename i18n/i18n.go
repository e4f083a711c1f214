package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Lang is a language of the catalog: "en" or "ru".
type Lang string

// The languages Norns speaks; English is the fallback.
const (
	English Lang = "en"
	Russian Lang = "ru"
)

// Langs lists every language, the default first.
var Langs = []Lang{English, Russian}

//go:embed catalog/*.json
var files embed.FS

// Entry is one message: plain text, or plural forms keyed by CLDR category
// ("one", "few", "many", "other").
type Entry struct {
	Text   string
	Plural map[string]string
}

// UnmarshalJSON reads a string or an object of plural forms.
func (e *Entry) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &e.Text)
	}
	return json.Unmarshal(b, &e.Plural)
}

// Catalog holds every message in every language.
type Catalog map[Lang]map[string]Entry

// Default returns the whole catalog embedded in the program, every
// language and file read on the first call. T, Has and the command line
// read only the file a key is in, when it is first needed.
var Default = sync.OnceValue(func() Catalog {
	c := Catalog{}
	for i, l := range Langs {
		m := map[string]Entry{}
		for _, f := range catalogFiles[i] {
			maps.Copy(m, f())
		}
		c[l] = m
	}
	return c
})

// catalogFiles[i] reads, on first use, the two files of language
// Langs[i]: catalog/<lang>.json (the messages of the screens, served to
// the web app too) and catalog/cli.<lang>.json (the command line's help
// and errors, every key "cli.…").
var catalogFiles = [...][2]func() map[string]Entry{
	{loadFile("en.json"), loadFile("cli.en.json")},
	{loadFile("ru.json"), loadFile("cli.ru.json")},
}

// loadFile returns a function that reads one catalog file the first time
// it is called and returns its messages every time. The files are
// embedded and checked by the tests, so a broken one panics.
func loadFile(name string) func() map[string]Entry {
	return sync.OnceValue(func() map[string]Entry {
		b, err := files.ReadFile(path.Join("catalog", name))
		if err != nil {
			panic(err)
		}
		m := map[string]Entry{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("i18n: catalog/%s: %v", name, err))
		}
		return m
	})
}

// entry returns the message key of language l, reading only the file the
// key belongs to.
func entry(l Lang, key string) (Entry, bool) {
	i := slices.Index(Langs, l)
	if i < 0 {
		return Entry{}, false
	}
	f := catalogFiles[i][0]
	if strings.HasPrefix(key, "cli.") {
		f = catalogFiles[i][1]
	}
	e, ok := f()[key]
	return e, ok
}

// Has reports whether language l has the message key.
func Has(l Lang, key string) bool {
	_, ok := entry(l, key)
	return ok
}

// JSON returns the raw catalog file of a language, for the web front end.
func JSON(l Lang) []byte {
	b, _ := files.ReadFile(path.Join("catalog", string(Parse(string(l)))+".json"))
	return b
}

// Parse reads a language name ("ru", "ru-RU", "en_GB.UTF-8"), falling back
// to English.
func Parse(s string) Lang {
	l, _ := Lookup(s)
	return l
}

// Lookup reads a language name as Parse does, and reports whether it names
// a language of the catalog (else it returns English and false), so that a
// caller can fall back to another source of the choice.
func Lookup(s string) (Lang, bool) {
	s = strings.ToLower(s)
	for _, l := range Langs {
		if s == string(l) || strings.HasPrefix(s, string(l)+"-") || strings.HasPrefix(s, string(l)+"_") || strings.HasPrefix(s, string(l)+".") {
			return l, true
		}
	}
	return English, false
}

// FromRequest picks the language of an HTTP request: the first of the
// choices given (a query parameter, a cookie: "" when absent) that names a
// language, else the Accept-Language header.
func FromRequest(acceptLanguage string, choices ...string) Lang {
	for _, c := range choices {
		if l, ok := Lookup(c); ok {
			return l
		}
	}
	return FromAcceptLanguage(acceptLanguage)
}

// matcher matches Accept-Language tags to Langs, built on first use.
var matcher = sync.OnceValue(func() language.Matcher {
	return language.NewMatcher([]language.Tag{language.English, language.Russian})
})

// FromAcceptLanguage picks the language of an HTTP Accept-Language header.
func FromAcceptLanguage(header string) Lang {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return English
	}
	_, i, conf := matcher().Match(tags...)
	if conf == language.No {
		return English
	}
	return Langs[i]
}

// FromEnv picks the language from LC_ALL, LC_MESSAGES or LANG, as a
// terminal program should.
func FromEnv() Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := os.Getenv(v); s != "" && s != "C" && s != "POSIX" {
			return Parse(s)
		}
	}
	return English
}

// PluralCategory returns the CLDR plural category of a whole number n in
// language l: "one", "few", "many" or "other".
func PluralCategory(l Lang, n int) string {
	tag := language.English
	if l == Russian {
		tag = language.Russian
	}
	if n < 0 {
		n = -n
	}
	switch plural.Cardinal.MatchPlural(tag, n%10_000_000, 0, 0, 0, 0) {
	case plural.One:
		return "one"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// T returns the message key in language l, with {name} placeholders
// replaced from kv, given as name, value pairs. A plural message picks its
// form by the value named "n". A key missing in l falls back to English,
// then to the key itself.
func (c Catalog) T(l Lang, key string, kv ...any) string {
	e, ok := c[l][key]
	if !ok {
		if e, ok = c[English][key]; !ok {
			return key
		}
		l = English
	}
	return e.format(l, kv)
}

// format fills the message's placeholders from kv and picks its plural
// form in language l.
func (e Entry) format(l Lang, kv []any) string {
	text := e.Text
	if e.Plural != nil {
		n := 0
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i] == "n" {
				n, _ = strconv.Atoi(fmt.Sprint(kv[i+1]))
			}
		}
		var ok bool
		if text, ok = e.Plural[PluralCategory(l, n)]; !ok {
			text = e.Plural["other"]
		}
	}
	for i := 0; i+1 < len(kv); i += 2 {
		text = strings.ReplaceAll(text, "{"+fmt.Sprint(kv[i])+"}", fmt.Sprint(kv[i+1]))
	}
	return text
}

// T translates with the default catalog, as Catalog.T does, reading only
// the file the key is in.
func T(l Lang, key string, kv ...any) string {
	e, ok := entry(l, key)
	if !ok {
		if e, ok = entry(English, key); !ok {
			return key
		}
		l = English
	}
	return e.format(l, kv)
}

// Keys returns the sorted keys of a language.
func (c Catalog) Keys(l Lang) []string {
	out := make([]string, 0, len(c[l]))
	for k := range c[l] {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
