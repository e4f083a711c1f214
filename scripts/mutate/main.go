// Command mutate is the rules' mutation run: it applies hand-written rule
// mutants to a game's package, one at a time, runs that game's tests
// against each, and prints which mutants the tests kill.
//
//	go run ./scripts/mutate -game tafl
//	go run ./scripts/mutate -game all
//	go run ./scripts/mutate -game chess -run 'castl' -v
//
// A mutant is a small, plausible change to a rule (mutants_*.go): a file,
// a snippet that occurs exactly once in it, the snippet's replacement and
// the number of the rule it breaks in the game's rules file (rules/*.md).
// The working tree is never modified: the mutated file is written to a
// temporary directory and handed to the go command by -overlay. Each run is
// `go test -overlay F -failfast -count=1 -p 1 PKG` for each package of
// ./games/<game>/... in turn, the quick tests first and the slow ones
// (conformance, properties, perft) after them, stopping at the first
// failure; a mutant is killed when the tests fail (or time out), survives
// when they all pass. A
// mutant that does not compile, or whose snippet is no longer found once,
// is an error of the set, reported as such. A mutant marked equivalent
// (its change is not a rule change) is run and listed but not counted
// against the tests.
//
// The run is not part of `go test ./...`; the tests it runs are the game's
// ordinary ones. It exits 1 when a mutant that is not equivalent survives
// or a mutant is broken.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Mutant is one change to a rule.
type Mutant struct {
	// ID names the mutant, unique within its game.
	ID string
	// Rule is the rule it breaks: the rules file and the rule's number,
	// e.g. "copenhagen 3.4".
	Rule string
	// File is the path of the mutated file, relative to the module root.
	File string
	// Old is a snippet that occurs exactly once in File; New replaces it.
	Old, New string
	// Equivalent, when set, says why the mutant changes no rule: it is
	// listed, and its survival is not a failure of the tests.
	Equivalent string
}

// sets are the mutants of each game, in the order the games are run.
var sets = []struct {
	game    string
	mutants []Mutant
}{
	{"tafl", taflMutants},
	{"chess", chessMutants},
	{"seidr", seidrMutants},
	{"luxumbra", luxumbraMutants},
	{"samurai", samuraiMutants},
	{"nordsloki", nordslokiMutants},
}

// outcome is what a mutant's test run gave.
type outcome string

const (
	killed   outcome = "killed"
	survived outcome = "survived"
	timedOut outcome = "killed (timeout)"
	broken   outcome = "broken"
)

func main() {
	gameFlag := flag.String("game", "all", "the game whose mutants to run: "+gameNames()+", or all")
	runFlag := flag.String("run", "", "run only the mutants whose ID matches this regular expression")
	list := flag.Bool("list", false, "list the mutants without running them")
	timeout := flag.Duration("timeout", 3*time.Minute, "the limit of one mutant's test run")
	verbose := flag.Bool("v", false, "print the tests' output of every surviving or broken mutant")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var filter *regexp.Regexp
	if *runFlag != "" {
		var err error
		if filter, err = regexp.Compile(*runFlag); err != nil {
			fatalf("-run: %v", err)
		}
	}
	root, err := moduleRoot()
	if err != nil {
		fatalf("%v", err)
	}
	tmp, err := os.MkdirTemp("", "mutate-")
	if err != nil {
		fatalf("%v", err)
	}
	defer os.RemoveAll(tmp)

	found := false
	failed := false
	var summary []string
	for _, set := range sets {
		if *gameFlag != "all" && *gameFlag != set.game {
			continue
		}
		found = true
		if err := checkSet(root, set.mutants); err != nil {
			fatalf("%s: %v", set.game, err)
		}
		var ms []Mutant
		for _, m := range set.mutants {
			if filter == nil || filter.MatchString(m.ID) {
				ms = append(ms, m)
			}
		}
		if *list {
			for _, m := range ms {
				eq := ""
				if m.Equivalent != "" {
					eq = "  [equivalent: " + m.Equivalent + "]"
				}
				fmt.Printf("%-10s %-34s %-22s %s%s\n", set.game, m.ID, m.Rule, m.File, eq)
			}
			continue
		}
		pkgs, err := goList(root, "./games/"+set.game+"/...")
		if err != nil {
			fatalf("%s: %v", set.game, err)
		}
		fmt.Printf("== %s: %d mutants, tests %s\n", set.game, len(ms), strings.Join(pkgs, " "))
		if out, err := goTest(ctx, root, "", pkgs, *timeout); err != nil {
			fatalf("%s: the tests fail without a mutant:\n%s", set.game, out)
		}
		fmt.Printf("%-34s %-24s %s\n", "mutant", "rule", "result")
		counts := map[outcome]int{}
		equivalent := 0
		for i, m := range ms {
			if ctx.Err() != nil {
				fatalf("interrupted")
			}
			res, out := runMutant(ctx, root, tmp, i, m, pkgs, *timeout)
			label := string(res)
			if m.Equivalent != "" {
				equivalent++
				label += " (equivalent: " + m.Equivalent + ")"
			} else {
				counts[res]++
				if res == survived || res == broken {
					failed = true
				}
			}
			fmt.Printf("%-34s %-24s %s\n", m.ID, m.Rule, label)
			if *verbose && (res == survived || res == broken) {
				fmt.Println(indent(out))
			}
		}
		line := fmt.Sprintf("%s: %d mutants, %d killed, %d survived, %d broken, %d equivalent",
			set.game, len(ms), counts[killed]+counts[timedOut], counts[survived], counts[broken], equivalent)
		fmt.Println(line)
		summary = append(summary, line)
	}
	if !found {
		fatalf("-game: no game %q (%s, all)", *gameFlag, gameNames())
	}
	if len(summary) > 1 {
		fmt.Println("== summary")
		for _, l := range summary {
			fmt.Println(l)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// runMutant writes the mutated file, runs the tests over it and says what
// became of the mutant.
func runMutant(ctx context.Context, root, tmp string, i int, m Mutant, pkgs []string, timeout time.Duration) (outcome, string) {
	path := filepath.Join(root, m.File)
	src, err := os.ReadFile(path)
	if err != nil {
		return broken, err.Error()
	}
	mutated := strings.Replace(string(src), m.Old, m.New, 1)
	file := filepath.Join(tmp, fmt.Sprintf("m%d_%s", i, filepath.Base(m.File)))
	if err := os.WriteFile(file, []byte(mutated), 0o644); err != nil {
		return broken, err.Error()
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {path: file}})
	if err != nil {
		return broken, err.Error()
	}
	ov := filepath.Join(tmp, fmt.Sprintf("m%d.json", i))
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return broken, err.Error()
	}
	out, err := goTest(ctx, root, ov, pkgs, timeout)
	switch {
	case err == nil:
		return survived, out
	case errors.Is(err, context.DeadlineExceeded):
		return timedOut, out
	case strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]"):
		return broken, out
	}
	return killed, out
}

// goTest runs the tests of each package in turn, with the overlay when one
// is given, and stops at the first package that fails. In each package the
// quick tests run first and the slow ones (slowTests) only when the quick
// ones pass, so that a mutant the quick tests kill costs little.
func goTest(ctx context.Context, root, overlay string, pkgs []string, timeout time.Duration) (string, error) {
	var all bytes.Buffer
	for _, pkg := range pkgs {
		for _, sel := range []string{"-skip=" + slowTests, "-run=" + slowTests} {
			out, err := goTestOne(ctx, root, overlay, pkg, sel, timeout)
			all.WriteString(out)
			if err != nil {
				return all.String(), err
			}
		}
	}
	return all.String(), nil
}

// slowTests matches the names of the tests that take long: they run after
// the others.
const slowTests = "Conformance|Property|Perft|Match|Fuzz|Random"

// goTestOne runs one package's tests selected by sel (-run or -skip), in a
// process group of its own that is killed on timeout or interruption.
func goTestOne(ctx context.Context, root, overlay, pkg, sel string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout+30*time.Second)
	defer cancel()
	args := []string{"test", "-failfast", "-count=1", "-p", "1", "-timeout", timeout.String(), sel}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, pkg)...)
	cmd.Dir = root
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err := cmd.Run()
	if ctx.Err() != nil || strings.Contains(buf.String(), "panic: test timed out") {
		return buf.String(), context.DeadlineExceeded
	}
	return buf.String(), err
}

// goList returns the import paths of the packages a pattern matches.
func goList(root, pattern string) ([]string, error) {
	cmd := exec.Command("go", "list", pattern)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w", pattern, err)
	}
	return strings.Fields(string(out)), nil
}

// checkSet reports a mutant whose ID repeats or whose snippet does not
// occur exactly once in its file, or whose replacement changes nothing.
func checkSet(root string, ms []Mutant) error {
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.ID] {
			return fmt.Errorf("mutant %s: the ID repeats", m.ID)
		}
		seen[m.ID] = true
		if m.Rule == "" || m.Old == m.New {
			return fmt.Errorf("mutant %s: no rule, or a replacement that changes nothing", m.ID)
		}
		src, err := os.ReadFile(filepath.Join(root, m.File))
		if err != nil {
			return fmt.Errorf("mutant %s: %w", m.ID, err)
		}
		if n := strings.Count(string(src), m.Old); n != 1 {
			return fmt.Errorf("mutant %s: the snippet %q occurs %d times in %s, not once", m.ID, m.Old, n, m.File)
		}
	}
	return nil
}

// moduleRoot finds the directory of go.mod from the working directory up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("mutate: no go.mod above the working directory")
		}
		dir = parent
	}
}

func gameNames() string {
	var names []string
	for _, s := range sets {
		names = append(names, s.game)
	}
	return strings.Join(slices.Clip(names), ", ")
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mutate: "+format+"\n", args...)
	os.Exit(2)
}
