package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/norns-games/norns/i18n"
)

var updateHelp = flag.Bool("update-help", false, "write the commands' English help into i18n/catalog/cli.en.json")

const cliCatalog = "../../i18n/catalog/cli."

// helpTexts returns the help of every command and flag as the code writes
// it, by catalog key.
func helpTexts() map[string]string {
	root := rootCmd()
	root.InitDefaultHelpCmd()
	out := map[string]string{}
	visit(root, func(c *cobra.Command) {
		for suffix, text := range map[string]string{".short": c.Short, ".long": c.Long, ".example": c.Example} {
			if text != "" {
				out[helpKey(c, suffix)] = text
			}
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" && f.Name != "version" {
				out[helpKey(c, ".flag."+f.Name)] = f.Usage
			}
		})
	})
	return out
}

// commandKey reports whether a catalog key is a command's or a flag's help
// (the others are the templates' headings and the errors).
func commandKey(k string) bool { return strings.HasPrefix(k, "cli.norns.") }

func readCLI(t *testing.T, l i18n.Lang) map[string]string {
	t.Helper()
	b, err := os.ReadFile(cliCatalog + string(l) + ".json")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("cli.%s.json: %v", l, err)
	}
	return m
}

// TestHelpCatalog: the English catalog holds exactly the help the code
// writes (go test ./cmd/norns -run TestHelpCatalog -update-help rewrites
// it), and every other language translates every key, naming the same
// options and placeholders, in its own words.
func TestHelpCatalog(t *testing.T) {
	code := helpTexts()
	en := readCLI(t, i18n.English)
	if *updateHelp {
		for k := range en {
			if commandKey(k) {
				delete(en, k)
			}
		}
		maps.Copy(en, code)
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // "&" and "<" as they are
		enc.SetIndent("", "  ")
		if err := enc.Encode(en); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cliCatalog+"en.json", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for k, text := range code {
		if en[k] != text {
			t.Errorf("cli.en.json: %q = %q, want the code's %q (run with -update-help, then translate)", k, en[k], text)
		}
	}
	for k := range en {
		if _, ok := code[k]; commandKey(k) && !ok {
			t.Errorf("cli.en.json: %q is no command's or flag's help", k)
		}
	}
	option := regexp.MustCompile(`--[a-z][a-z-]*`)
	placeholder := regexp.MustCompile(`\{[a-z]+\}`)
	cyrillic := regexp.MustCompile(`\p{Cyrillic}`)
	for _, l := range i18n.Langs[1:] {
		tr := readCLI(t, l)
		for _, k := range slices.Sorted(maps.Keys(en)) {
			text, ok := tr[k]
			switch {
			case !ok || text == "":
				t.Errorf("cli.%s.json lacks %q (English: %q)", l, k, en[k])
				continue
			case !cyrillic.MatchString(text) && !strings.HasSuffix(k, ".example"):
				t.Errorf("cli.%s.json: %q = %q is not translated", l, k, text)
			}
			if want, got := set(option.FindAllString(en[k], -1)), set(option.FindAllString(text, -1)); !slices.Equal(want, got) {
				t.Errorf("cli.%s.json: %q names the options %v, English %v", l, k, got, want)
			}
			for _, p := range placeholder.FindAllString(text, -1) {
				if !strings.Contains(en[k], p) {
					t.Errorf("cli.%s.json: %q has %s, which English lacks", l, k, p)
				}
			}
		}
		for k := range tr {
			if _, ok := en[k]; !ok {
				t.Errorf("cli.%s.json has %q, which English lacks", l, k)
			}
		}
	}
}

func set(xs []string) []string {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// TestHelpInRussian runs the program with --lang ru and with LANG=ru_RU:
// its help, its headings and its errors of options are Russian.
func TestHelpInRussian(t *testing.T) {
	runEnv := func(env []string, args ...string) (string, string, error) {
		cmd := exec.Command(binary, args...)
		cmd.Env = append(os.Environ(), env...)
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		return out.String(), errOut.String(), err
	}
	noEnv := []string{"LC_ALL=", "LC_MESSAGES=", "LANG="}
	ru := []string{"LC_ALL=", "LC_MESSAGES=", "LANG=ru_RU.UTF-8"}
	for _, tc := range []struct {
		env  []string
		args []string
		want []string
		not  []string
	}{
		{noEnv, []string{"--help"}, []string{"Usage:", "Available Commands:", "serve", "Run the game server"}, []string{"completion"}},
		{noEnv, []string{"--lang", "ru", "--help"}, []string{"Использование:", "Команды:", "serve", "Запустить игровой сервер", "справка по norns"}, []string{"Usage:", "Flags:", "help for"}},
		{ru, []string{"serve", "--help"}, []string{"Использование:", "norns serve [параметры]", "Параметры:", "--addr", "адрес", "(по умолчанию \"127.0.0.1:8080\")"}, []string{"Usage:", "(default", "address to listen on"}},
		{ru, []string{"--version"}, []string{"norns, версия " + version}, nil},
		{noEnv, []string{"--lang=ru", "lab", "merge", "--help"}, []string{"Использование:", "--out"}, []string{"Usage:", "directory of the merged study"}},
		// The types of the values and the defaults' durations in Russian.
		{ru, []string{"play", "--help"}, []string{"--roll-delay длительность", "(по умолчанию 400 мс)", "--game строка", "--seed число"}, []string{" duration ", " string ", " uint ", "400ms"}},
		{ru, []string{"serve", "--help"}, []string{"(по умолчанию 1 с 500 мс)", "(по умолчанию 720 ч)"}, []string{"1.5s", "720h0m0s"}},
	} {
		out, errOut, err := runEnv(tc.env, tc.args...)
		if err != nil {
			t.Errorf("norns %s: %v\n%s", strings.Join(tc.args, " "), err, errOut)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("norns %s (%v) lacks %q:\n%s", strings.Join(tc.args, " "), tc.env, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("norns %s (%v) has %q:\n%s", strings.Join(tc.args, " "), tc.env, w, out)
			}
		}
	}
	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{noEnv, []string{"serve", "--bogus"}, "Error: unknown flag: --bogus\nRun \"norns serve --help\" for the options."},
		{noEnv, []string{"perft", "--depth", "x"}, "Error: invalid argument \"x\" for \"--depth\" flag\n"},
		{ru, []string{"serve", "--bogus"}, "Ошибка: неизвестный параметр --bogus\nСправка по параметрам: norns serve --help"},
		{ru, []string{"perft", "--depth", "x"}, "Ошибка: недопустимое значение «x» параметра --depth"},
		{ru, []string{"perft", "--depth"}, "Ошибка: у параметра --depth нет значения"},
		{ru, []string{"verify"}, "Ошибка: аргументов должно быть 1, а дано: 0"},
		{ru, []string{"sreve"}, "Ошибка: неизвестная команда «sreve» программы norns\n\nМожет быть, вы имели в виду:\n\tserve\nСписок команд: norns --help"},
		// The program's own errors: options, seats, files.
		{ru, []string{"play", "--game", "nordsloki", "--set", "konungs=maybe"}, "Ошибка: у настройки konungs нет значения «maybe» (допустимо: on, off)"},
		{ru, []string{"play", "--game", "chess", "--set", "konungs=on"}, "Ошибка: неизвестная настройка «konungs» (у этой игры настроек нет)"},
		{ru, []string{"play", "--game", "chess", "--seat", "p3"}, "Ошибка: в игре chess нет места «p3» (места: white, black)"},
		{ru, []string{"verify", "/nonexistent/record.norns"}, "Ошибка: не удалось открыть /nonexistent/record.norns: нет такого файла или каталога"},
		{noEnv, []string{"verify", "/nonexistent/record.norns"}, "Error: open /nonexistent/record.norns: no such file or directory"},
	} {
		_, errOut, err := runEnv(tc.env, tc.args...)
		if err == nil || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("norns %s (%v) = %v, stderr\n%s\nwant it to begin with\n%s", strings.Join(tc.args, " "), tc.env, err, errOut, tc.want)
		}
	}
}

func TestCLILang(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ru_RU.UTF-8")
	for _, tc := range []struct {
		args []string
		want i18n.Lang
	}{
		{nil, i18n.Russian},
		{[]string{"serve"}, i18n.Russian},
		{[]string{"--lang", "en", "serve"}, i18n.English},
		{[]string{"play", "--lang=en"}, i18n.English},
		{[]string{"play", "--", "--lang=en"}, i18n.Russian},
		{[]string{"--lang", "xx"}, i18n.English},
	} {
		if got := cliLang(tc.args); got != tc.want {
			t.Errorf("cliLang(%q) with LANG=ru_RU.UTF-8 = %s, want %s", tc.args, got, tc.want)
		}
	}
}

// TestLocalizeEnglish checks that localize in English, which reads no
// catalog, gives every command the help (norns … --help) and the version
// text that the English catalog gives it.
func TestLocalizeEnglish(t *testing.T) {
	quick, full := rootCmd(), rootCmd()
	localize(quick, i18n.English)
	localizeFrom(full, i18n.English)
	texts := func(root *cobra.Command) map[string]string {
		out := map[string]string{}
		var paths [][]string
		visit(root, func(c *cobra.Command) {
			paths = append(paths, append(strings.Fields(c.CommandPath())[1:], "--help"))
		})
		for _, args := range append(paths, []string{"--version"}) {
			var b bytes.Buffer
			root.SetOut(&b)
			root.SetArgs(args)
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			out[strings.Join(args, " ")] = b.String()
		}
		return out
	}
	got, want := texts(quick), texts(full)
	if len(got) != len(want) {
		t.Errorf("%d commands' help, want %d", len(got), len(want))
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: help without the catalog\n%s\nwant\n%s", k, got[k], w)
		}
	}
}
