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
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: startup [-rounds N] NORNS-BINARY…")
		os.Exit(2)
	}
	if err := run(*rounds, *only, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}

func run(rounds int, only string, bins []string) error {
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
