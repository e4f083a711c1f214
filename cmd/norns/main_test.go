package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// binary is the norns program built for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "norns-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "norns")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run starts the real binary with args and stdin, and returns its output
// and exit error.
func run(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), err
}

// TestEngineProtocol drives `norns engine` as a subprocess.
func TestEngineProtocol(t *testing.T) {
	script := `protocol_version
new chess
play e2e4
play e2e4
status
legal
roll
undo
history
position
quit
name
`
	got, stderr, err := run(t, script, "engine")
	if err != nil {
		t.Fatalf("norns engine: %v\n%s", err, stderr)
	}
	want := `= 2

= 

= 

? chess: illegal action: e2e4

= turn black

= a7a5 a7a6 b7b5 b7b6 b8a6 b8c6 c7c5 c7c6 d7d5 d7d6 e7e5 e7e6 f7f5 f7f6 g7g5 g7g6 g8f6 g8h6 h7h5 h7h6

? no chance event is pending

= 

= 

= rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

= 

`
	if got != want {
		t.Errorf("engine session:\n%s\nwant\n%s", got, want)
	}
}

// TestEngineGames checks that every game named by the protocol document is
// listed and starts.
func TestEngineGames(t *testing.T) {
	got, _, err := run(t, "games\n", "engine")
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Fields(strings.TrimPrefix(got, "="))
	var script strings.Builder
	for _, n := range names {
		script.WriteString("new " + n + "\nstatus\n")
	}
	out, _, err := run(t, script.String(), "engine")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "?") {
		t.Errorf("starting every game:\n%s", out)
	}
}

func TestPerftCommand(t *testing.T) {
	out, stderr, err := run(t, "", "perft", "--depth", "3")
	if err != nil || !strings.HasPrefix(out, "nodes 8902\n") {
		t.Errorf("norns perft --depth 3 = %q, %v, %s", out, err, stderr)
	}
	out, _, err = run(t, "", "perft", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "--depth", "2", "--divide", "--full")
	if err != nil || !strings.Contains(out, "\nnodes 2039\n") || !strings.Contains(out, "e1g1 43\n") {
		t.Errorf("norns perft --divide on Kiwipete = %q, %v", out, err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--fen", "8/8/8 w - -"}, "FEN field 1 (board): 3 ranks, want 8"},
		{[]string{"perft", "--fen", "8/8/8/8/8/8/8/8 w - -"}, "white has 0 kings"},
		{[]string{"perft", "--depth", "0"}, "--depth 0: want 1 to 12"},
		{[]string{"perft", "extra"}, "unknown command"},
		{[]string{"serve"}, "not yet available"},
	}
	for _, tc := range tests {
		_, stderr, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(stderr, tc.want) {
			t.Errorf("norns %v = %v, stderr %q; want failure with %q", tc.args, err, stderr, tc.want)
		}
	}
}
