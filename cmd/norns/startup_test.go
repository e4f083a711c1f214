package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The start-up bounds of TestStartupInit, in bytes allocated by one
// package's initialisation (GODEBUG=inittrace=1).
//
// Norns's own packages keep tables as constants and read catalogs and
// compile patterns when first used, so their inits allocate a few
// kilobytes at most (the largest, games/samurai, 6 KB); 16 KiB leaves
// room for a few small maps and still fails on any table or catalog built
// at start-up (the chess attack tables were 1.7 MB, the catalogs 830 KB).
//
// Other modules' inits are not ours to change; the largest,
// gonum.org/v1/plot, parses its fonts (184 KB), prometheus's procfs
// compiles its patterns (97 KB). 256 KiB admits those and fails on a new
// dependency that builds something large at start-up, and the whole
// program's initialisation is held to 1 MiB (700 KB today).
const (
	ownInitBytes   = 16 << 10
	otherInitBytes = 256 << 10
	totalInitBytes = 1 << 20
)

// initLine is a line of GODEBUG=inittrace=1: the package, then its bytes.
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestStartupInit runs the program with GODEBUG=inittrace=1 for commands
// that should start like a small program (perft, --help, uci) and fails
// when a package's initialisation allocates more than its bound: start-up
// work belongs where it is first needed, or in constants built with the
// program. It counts bytes, not time, so that a loaded machine changes
// nothing.
func TestStartupInit(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"perft", "--depth", "1"}, ""},
		{[]string{"--help"}, ""},
		{[]string{"uci"}, "uci\nquit\n"},
	} {
		cmd := exec.Command(binary, tc.args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "LC_ALL=", "LC_MESSAGES=", "LANG=")
		cmd.Stdin = strings.NewReader(tc.stdin)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("norns %s: %v\n%s", strings.Join(tc.args, " "), err, stderr.String())
		}
		total, packages := 0, 0
		for _, l := range strings.Split(stderr.String(), "\n") {
			m := initLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			packages++
			n, err := strconv.Atoi(m[2])
			if err != nil {
				t.Fatal(err)
			}
			total += n
			limit := otherInitBytes
			if m[1] == "main" || strings.HasPrefix(m[1], "github.com/norns-games/norns/") {
				limit = ownInitBytes
			}
			if n > limit {
				t.Errorf("norns %s: the init of %s allocates %d bytes, want at most %d", strings.Join(tc.args, " "), m[1], n, limit)
			}
		}
		if packages < 100 {
			t.Fatalf("norns %s: %d packages traced, want the whole program's:\n%s", strings.Join(tc.args, " "), packages, stderr.String())
		}
		if total > totalInitBytes {
			t.Errorf("norns %s: the inits allocate %d bytes in all, want at most %d", strings.Join(tc.args, " "), total, totalInitBytes)
		}
	}
}
