package main

import (
	"errors"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/norns-games/norns/i18n"
)

// The command line speaks English or Russian, chosen by --lang, else by
// LC_ALL, LC_MESSAGES or LANG. Each command's help is written in English
// with the command; the catalog holds it in every language
// (i18n/catalog/cli.<lang>.json) under keys made of the command's path:
// "cli.norns.serve.short", ".long", ".example" and ".flag.<name>".
// TestHelpCatalog keeps the English catalog equal to the code and every
// other language complete, so a help text changed here must be changed in
// the catalog, translation included.

// cliLang picks the language of the command line from its arguments
// (--lang ru, --lang=ru) or, without --lang, from the environment.
func cliLang(args []string) i18n.Lang {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			return i18n.Parse(v)
		}
		if a == "--lang" && i+1 < len(args) {
			return i18n.Parse(args[i+1])
		}
	}
	return i18n.FromEnv()
}

// cmdLang is the language of a running command: its --lang flag, else
// the environment's.
func cmdLang(c *cobra.Command) i18n.Lang {
	if v, err := c.Flags().GetString("lang"); err == nil && v != "" {
		return i18n.Parse(v)
	}
	return i18n.FromEnv()
}

// helpKey is the catalog key of a command's text: "cli.norns.lab.merge"
// + suffix.
func helpKey(c *cobra.Command, suffix string) string {
	return "cli." + strings.ReplaceAll(c.CommandPath(), " ", ".") + suffix
}

// say returns the catalog's text for key in l, or else the English of the
// code.
func say(l i18n.Lang, key, english string) string {
	if i18n.Has(l, key) {
		return i18n.T(l, key)
	}
	return english
}

// localize puts the command tree's help, its templates and its errors in
// language l. It adds cobra's help command and flags first, so that they
// are translated too, and hides the completion command, whose long
// instructions are for shells, not people.
//
// In English it reads no catalog: the code's help is English and equal to
// cli.en.json (TestHelpCatalog), and cobra's headings are English, so a
// command starts without decoding the catalog (TestLocalizeEnglish checks
// that the help is the same either way).
func localize(root *cobra.Command, l i18n.Lang) {
	root.CompletionOptions.HiddenDefaultCmd = true
	if l == i18n.English {
		root.InitDefaultHelpCmd()
		return
	}
	localizeFrom(root, l)
}

// localizeFrom puts the command tree's help in language l from the
// catalog, as localize describes.
func localizeFrom(root *cobra.Command, l i18n.Lang) {
	root.CompletionOptions.HiddenDefaultCmd = true
	root.InitDefaultHelpCmd()
	root.InitDefaultVersionFlag()
	visit(root, func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		c.Short = say(l, helpKey(c, ".short"), c.Short)
		c.Long = say(l, helpKey(c, ".long"), c.Long)
		c.Example = say(l, helpKey(c, ".example"), c.Example)
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			switch f.Name {
			case "help":
				f.Usage = i18n.T(l, "cli.flag.help", "name", c.Name())
			case "version":
				f.Usage = i18n.T(l, "cli.flag.version", "name", c.Name())
			default:
				f.Usage = say(l, helpKey(c, ".flag."+f.Name), f.Usage)
			}
		})
	})
	heading := func(key string) string { return i18n.T(l, "cli.usage."+key) }
	r := strings.NewReplacer(
		"Usage:", heading("usage"),
		"Aliases:", heading("aliases"),
		"Examples:", heading("examples"),
		"Available Commands:", heading("commands"),
		"Additional Commands:", heading("more-commands"),
		"Global Flags:", heading("global-flags"),
		"Flags:", heading("flags"),
		"Additional help topics:", heading("topics"),
		"[command]", heading("command"),
		`Use "{{.CommandPath}} [command] --help" for more information about a command.`, heading("more"),
		"FlagUsages", "FlagUsages | localDefaults",
		"{{.UseLine}}", "{{.UseLine | localFlags}}",
	)
	cobra.AddTemplateFunc("localDefaults", func(s string) string {
		return localFlagUsages(l, strings.ReplaceAll(s, "(default ", i18n.T(l, "cli.usage.default")+" "))
	})
	cobra.AddTemplateFunc("localFlags", func(s string) string {
		return strings.Replace(s, "[flags]", i18n.T(l, "cli.usage.flags-word"), 1)
	})
	root.SetUsageTemplate(r.Replace(root.UsageTemplate()))
	root.SetVersionTemplate(i18n.T(l, "cli.version") + "\n")
}

// visit calls f on c and every command below it.
func visit(c *cobra.Command, f func(*cobra.Command)) {
	f(c)
	for _, s := range c.Commands() {
		visit(s, f)
	}
}

// cobraErrors are the errors of cobra and pflag (options and arguments)
// with the catalog key of their translation, the groups of the pattern
// filling its placeholders a, b and c in order. They are compiled on the
// first error, not at every start.
var cobraErrors = sync.OnceValue(func() []cobraError {
	return []cobraError{
		{regexp.MustCompile(`^unknown command "([^"]*)" for "([^"]*)"`), "cli.err.unknown-command"},
		{regexp.MustCompile(`^unknown flag: (\S+)$`), "cli.err.unknown-flag"},
		{regexp.MustCompile(`^unknown shorthand flag: '(.)' in (\S+)$`), "cli.err.unknown-shorthand"},
		{regexp.MustCompile(`^flag needs an argument: (\S+)$`), "cli.err.needs-argument"},
		{regexp.MustCompile(`^flag needs an argument: '(.)' in (\S+)$`), "cli.err.needs-argument-short"},
		{regexp.MustCompile(`^invalid argument "([^"]*)" for "([^"]*)" flag: (.*)$`), "cli.err.bad-argument"},
		{regexp.MustCompile(`^bad flag syntax: (.*)$`), "cli.err.bad-syntax"},
		{regexp.MustCompile(`^accepts (\d+) arg\(s\), received (\d+)$`), "cli.err.args"},
		{regexp.MustCompile(`^accepts at most (\d+) arg\(s\), received (\d+)$`), "cli.err.args-at-most"},
		{regexp.MustCompile(`^accepts between (\d+) and (\d+) arg\(s\), received (\d+)$`), "cli.err.args-between"},
		{regexp.MustCompile(`^requires at least (\d+) arg\(s\), only received (\d+)$`), "cli.err.args-at-least"},
		{regexp.MustCompile(`^required flag\(s\) (.*) not set$`), "cli.err.required"},
	}
})

// cobraError is a pattern of cobra's or pflag's errors and its key.
type cobraError struct {
	re  *regexp.Regexp
	key string
}

// errorText is what norns prints for the error of command c in language
// l: the catalog's "Error: …", with cobra's and pflag's own messages (bad
// options and arguments) translated, their suggestions kept on the lines
// that follow, and a pointer to the command's help.
func errorText(l i18n.Lang, c *cobra.Command, err error) string {
	msg := err.Error()
	first, rest, _ := strings.Cut(msg, "\n")
	for _, e := range cobraErrors() {
		m := e.re.FindStringSubmatch(first)
		if m == nil {
			continue
		}
		var kv []any
		for i, g := range m[1:] {
			kv = append(kv, string(rune('a'+i)), g)
		}
		msg = i18n.T(l, e.key, kv...)
		if rest = strings.TrimSpace(strings.Replace(rest, "Did you mean this?", i18n.T(l, "cli.err.did-you-mean"), 1)); rest != "" {
			msg += "\n\n" + rest
		}
		// An unknown command points to the list of the commands, not to
		// the options.
		hint := "cli.err.see-help"
		if e.key == "cli.err.unknown-command" {
			hint = "cli.err.see-commands"
		}
		return i18n.T(l, "cli.error", "error", msg) + "\n" + i18n.T(l, hint, "command", c.CommandPath())
	}
	return i18n.T(l, "cli.error", "error", runErrorText(l, err))
}

// flagLine is a line of pflag's list of flags: the flag's names, the type
// of its value, the spaces before its help, and the help.
var flagLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^( *(?:-\S, )?--\S+)(?: (\S+))?(  +)(.*)$`)
})

// defaultDuration is a default written as a Go duration ("400ms", "1m0s").
var defaultDuration = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(\(\S+ \S+ )((?:\d+(?:\.\d+)?(?:h|ms|m|s|µs|ns))+)\)`)
})

// localFlagUsages writes pflag's list of flags in language l: the types
// of the values ("строка", "длительность") and the durations of the
// defaults ("400 мс") in its words, the help realigned after them. English
// stays as pflag writes it.
func localFlagUsages(l i18n.Lang, s string) string {
	if l == i18n.English {
		return s
	}
	type row struct{ names, typ, help string }
	var rows []row
	width := 0
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for _, line := range lines {
		m := flagLine().FindStringSubmatch(line)
		if m == nil {
			// A help's next line, indented to the help's column.
			rows = append(rows, row{help: strings.TrimLeft(line, " "), names: "\x00"})
			continue
		}
		typ := m[2]
		if typ != "" {
			if i18n.Has(l, "cli.type."+typ) {
				typ = i18n.T(l, "cli.type."+typ)
			}
		}
		help := defaultDuration().ReplaceAllStringFunc(m[4], func(d string) string {
			p := defaultDuration().FindStringSubmatch(d)
			if v, err := time.ParseDuration(p[2]); err == nil {
				return p[1] + localDuration(l, v) + ")"
			}
			return d
		})
		r := row{names: m[1], typ: typ, help: help}
		if w := len([]rune(r.names + " " + r.typ)); w > width {
			width = w
		}
		rows = append(rows, r)
	}
	var b strings.Builder
	for _, r := range rows {
		if r.names == "\x00" {
			b.WriteString(strings.Repeat(" ", width+2) + r.help + "\n")
			continue
		}
		head := r.names
		if r.typ != "" {
			head += " " + r.typ
		}
		b.WriteString(head + strings.Repeat(" ", width+2-len([]rune(head))) + r.help + "\n")
	}
	return b.String()
}

// localDuration writes a duration in language l's units: "1 мин 30 с",
// "1 с 500 мс", "400 мс" (whole milliseconds).
func localDuration(l i18n.Lang, d time.Duration) string {
	if d == 0 {
		return i18n.T(l, "cli.duration.s", "n", "0")
	}
	var parts []string
	unit := func(key string, size time.Duration) {
		if d >= size {
			parts = append(parts, i18n.T(l, key, "n", strconv.FormatInt(int64(d/size), 10)))
			d %= size
		}
	}
	unit("cli.duration.h", time.Hour)
	unit("cli.duration.min", time.Minute)
	unit("cli.duration.s", time.Second)
	unit("cli.duration.ms", time.Millisecond)
	return strings.Join(parts, " ")
}

// runErrors are errors of the program's own (not cobra's) whose English
// the catalog translates, the groups of the pattern filling its
// placeholders a, b and c in order: bad game options (game.ErrOption) and
// a seat the game has not.
var runErrors = sync.OnceValue(func() []runError {
	return []runError{
		{regexp.MustCompile(`^bad option: option (\S+): value ("[^"]*") not allowed \(allowed: (.*)\)$`), "cli.err.option-value"},
		{regexp.MustCompile(`^bad option: unknown option ("[^"]*") \(this game has none\)$`), "cli.err.option-none"},
		{regexp.MustCompile(`^bad option: unknown option ("[^"]*") \(options: (.*)\)$`), "cli.err.option-unknown"},
		{regexp.MustCompile(`^bad option: ("[^"]*") is not name=value$`), "cli.err.option-syntax"},
		{regexp.MustCompile(`^bad option: option (\S+) given twice$`), "cli.err.option-twice"},
		{regexp.MustCompile(`^tui: (\S+) has no seat ("[^"]*") \(seats: (.*)\)$`), "cli.err.no-seat"},
	}
})

// runError is an error of runErrors: its pattern and its catalog key.
type runError struct {
	re  *regexp.Regexp
	key string
}

// pathErrors are the causes of file errors the catalog translates.
var pathErrors = []struct {
	err error
	key string
}{
	{fs.ErrNotExist, "cli.err.file.missing"},
	{fs.ErrPermission, "cli.err.file.permission"},
	{syscall.EISDIR, "cli.err.file.directory"},
	{syscall.ENOTDIR, "cli.err.file.notdir"},
}

// runErrorText translates an error of the program's own into l, or
// returns its English: a file error ("open x: no such file or
// directory"), a bad option, a missing seat; a file error may come after
// a prefix ("x: open y: …"), which stays.
func runErrorText(l i18n.Lang, err error) string {
	msg := err.Error()
	if l == i18n.English {
		return msg
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		why := pe.Err.Error()
		for _, c := range pathErrors {
			if errors.Is(pe.Err, c.err) {
				why = i18n.T(l, c.key)
				break
			}
		}
		op := pe.Op
		if i18n.Has(l, "cli.op."+op) {
			op = i18n.T(l, "cli.op."+op)
		}
		local := i18n.T(l, "cli.err.file", "op", op, "path", pe.Path, "why", why)
		return strings.Replace(msg, pe.Error(), local, 1)
	}
	for _, e := range runErrors() {
		m := e.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		var kv []any
		for i, g := range m[1:] {
			if uq, err := strconv.Unquote(g); err == nil {
				g = "«" + uq + "»"
			}
			kv = append(kv, string(rune('a'+i)), g)
		}
		return i18n.T(l, e.key, kv...)
	}
	return msg
}
