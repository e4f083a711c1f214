// Command startup measures the CPU time (user + system, from the child's
// rusage) that norns commands take to start, answer one thing and exit,
// beside a hello-world Go program built from source in a temporary
// directory. On a shared machine wall time says little; the runs are
// interleaved (hello, then each binary in turn, for every case, round after
// round) so that a change of load hits all of them alike.
//
//	go build -o /tmp/norns ./cmd/norns
//	go run ./scripts/startup -rounds 30 /tmp/norns-before /tmp/norns
//
// With -deps it also builds and runs a program that imports every package
// the norns command links except Norns's own and returns at once: the
// floor that those packages' initialisation and the size of the binary set
// for any program linking them.
//
//	go run ./scripts/startup -rounds 20 -deps /tmp/norns
//
// -without leaves packages out of that program by prefix, to price a group
// of dependencies (a package another one still imports stays linked):
//
//	go run ./scripts/startup -deps -without gonum.org/,codeberg.org/,golang.org/x/image/ /tmp/norns
//
// It prints, for each case and binary, the median and the mean CPU time in
// milliseconds and the ratio of the median to hello-world's, then the load
// average before and after. The cases are:
//
//	perft    norns perft --depth 1
//	help     norns --help
//	lab      norns lab --help
//	uci      norns uci, answering "uci" then "quit"
//	otep     norns otep, answering "rules …" (Copenhagen) then "goodbye"
//	engine   norns engine, answering "name" then "quit"
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/norns-games/norns/games/tafl"
)

type testCase struct {
	name  string
	args  []string
	stdin string
}

func main() {
	rounds := flag.Int("rounds", 20, "runs of each case and binary")
	only := flag.String("cases", "", "comma-separated cases to run (all by default)")
	deps := flag.Bool("deps", false, "also run a program that only imports the packages ./cmd/norns links (run inside the module)")
	without := flag.String("without", "", "comma-separated import path prefixes the -deps program leaves out")
	flag.Parse()
	if flag.NArg() == 0 && !*deps {
		fmt.Fprintln(os.Stderr, "usage: startup [-rounds N] [-cases LIST] [-deps [-without PREFIXES]] NORNS-BINARY…")
		os.Exit(2)
	}
	var leave []string
	if *without != "" {
		leave = strings.Split(*without, ",")
	}
	if err := run(*rounds, *only, flag.Args(), *deps, leave); err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}

// run measures the cases for each binary of bins, and for the imports-only
// program when deps is set (leaving out the packages under leave).
func run(rounds int, only string, bins []string, deps bool, leave []string) error {
	if deps {
		bin, cleanup, err := buildDepsOnly(leave)
		if err != nil {
			return err
		}
		defer cleanup()
		bins = append(bins, bin)
	}
	hello, cleanup, err := buildHello()
	if err != nil {
		return err
	}
	defer cleanup()
	rules, err := tafl.OTNRules(tafl.Copenhagen.Rules(), tafl.Copenhagen.Layouts()[0].Position)
	if err != nil {
		return err
	}
	cases := []testCase{
		{name: "perft", args: []string{"perft", "--depth", "1"}},
		{name: "help", args: []string{"--help"}},
		{name: "lab", args: []string{"lab", "--help"}},
		{name: "uci", args: []string{"uci"}, stdin: "uci\nquit\n"},
		{name: "otep", args: []string{"otep"}, stdin: "rules " + rules + "\ngoodbye\n"},
		{name: "engine", args: []string{"engine"}, stdin: "name\nquit\n"},
	}
	if only != "" {
		keep := strings.Split(only, ",")
		cases = slices.DeleteFunc(cases, func(c testCase) bool { return !slices.Contains(keep, c.name) })
	}
	load0 := loadavg()
	helloCPU := make([]float64, 0, rounds*len(cases))
	cpu := make(map[string][][]float64) // case → binary → runs
	for _, c := range cases {
		cpu[c.name] = make([][]float64, len(bins))
	}
	for range rounds {
		for _, c := range cases {
			ms, err := measure(hello, nil, "")
			if err != nil {
				return err
			}
			helloCPU = append(helloCPU, ms)
			for i, b := range bins {
				ms, err := measure(b, c.args, c.stdin)
				if err != nil {
					return fmt.Errorf("%s %s: %w", b, c.name, err)
				}
				cpu[c.name][i] = append(cpu[c.name][i], ms)
			}
		}
	}
	h := median(helloCPU)
	fmt.Printf("%-8s %-28s %9s %9s %7s\n", "case", "binary", "median", "mean", "×hello")
	fmt.Printf("%-8s %-28s %7.2fms %7.2fms %7.1f\n", "hello", "hello-world", h, mean(helloCPU), 1.0)
	for _, c := range cases {
		for i, b := range bins {
			m := median(cpu[c.name][i])
			fmt.Printf("%-8s %-28s %7.2fms %7.2fms %7.1f\n", c.name, filepath.Base(b), m, mean(cpu[c.name][i]), m/h)
		}
	}
	fmt.Printf("rounds %d; load average before %s, after %s\n", rounds, load0, loadavg())
	return nil
}

// measure runs one process to its end and returns its user + system CPU
// time in milliseconds.
func measure(bin string, args []string, stdin string) (float64, error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%w: %s", err, out.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, fmt.Errorf("no rusage on this system")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return float64(cpu.Microseconds()) / 1000, nil
}

// buildHello builds a hello-world program with fmt, the usual smallest Go
// command, and returns its path and a function removing it.
func buildHello() (string, func(), error) {
	dir, err := os.MkdirTemp("", "startup-hello")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	src := "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		cleanup()
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.26\n"), 0o644); err != nil {
		cleanup()
		return "", nil, err
	}
	bin := filepath.Join(dir, "hello")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("building hello-world: %v: %s", err, out)
	}
	return bin, cleanup, nil
}

// buildDepsOnly builds, inside the module, a program importing every
// package that ./cmd/norns links apart from the module's own (and the
// internal and vendored ones, which cannot be imported from here, and
// those under a prefix in leave), whose main returns at once. It returns the binary's path and a function
// removing it.
func buildDepsOnly(leave []string) (string, func(), error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		return "", nil, fmt.Errorf("go list -m (run this inside the module): %w", err)
	}
	module, root, ok := strings.Cut(strings.TrimSpace(string(out)), " ")
	if !ok {
		return "", nil, fmt.Errorf("go list -m: %q", out)
	}
	list := exec.Command("go", "list", "-deps", "./cmd/norns")
	list.Dir = root
	out, err = list.Output()
	if err != nil {
		return "", nil, fmt.Errorf("go list -deps ./cmd/norns: %w", err)
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n")
	for _, p := range strings.Fields(string(out)) {
		if p == module || strings.HasPrefix(p, module+"/") || strings.HasPrefix(p, "vendor/") ||
			p == "unsafe" || slices.Contains(strings.Split(p, "/"), "internal") ||
			slices.ContainsFunc(leave, func(l string) bool { return strings.HasPrefix(p, l) }) {
			continue
		}
		fmt.Fprintf(&src, "\t_ %q\n", p)
	}
	src.WriteString(")\n\nfunc main() {}\n")
	// A directory whose name starts with "_" is left out of ./... patterns.
	dir, err := os.MkdirTemp(root, "_startup-deps")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src.String()), 0o644); err != nil {
		cleanup()
		return "", nil, err
	}
	bin := filepath.Join(dir, "deps-only")
	build := exec.Command("go", "build", "-o", bin, "./"+filepath.Base(dir))
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("building the imports-only program: %v: %s", err, out)
	}
	return bin, cleanup, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(xs []float64) float64 {
	var t float64
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
