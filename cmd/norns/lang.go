package main

import (
	"regexp"
	"strings"
	"sync"

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
		return strings.ReplaceAll(s, "(default ", i18n.T(l, "cli.usage.default")+" ")
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
		return i18n.T(l, "cli.error", "error", msg) + "\n" + i18n.T(l, "cli.err.see-help", "command", c.CommandPath())
	}
	return i18n.T(l, "cli.error", "error", msg)
}
