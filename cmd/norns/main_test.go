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

// TestEngineProtocolChance drives a seiðr roll through the engine: legal
// lists outcome:probability pairs, and roll without an argument draws from
// the seeded generator, so the face is known.
func TestEngineProtocolChance(t *testing.T) {
	script := `new seidr
play g1f3
status
legal
seed 1
roll
history
position
quit
`
	got, stderr, err := run(t, script, "engine")
	if err != nil {
		t.Fatalf("norns engine: %v\n%s", err, stderr)
	}
	want := `= 

= 

= chance

= 1:0.125 2:0.125 3:0.125 4:0.125 5:0.125 6:0.125 7:0.125 8:0.125

= 

= 2

= g1f3 2

= rnbqkbnr/pppppppp/8/7N/8/8/PPPPPPPP/RNBQKB1R w - - 1 1 seidr h5

= 

`
	if got != want {
		t.Errorf("engine session:\n%s\nwant\n%s", got, want)
	}
}

// TestEngineShowboard checks the picture showboard draws.
func TestEngineShowboard(t *testing.T) {
	tests := []struct{ script, want string }{
		{"new chess\nshowboard\n", `= 

= 
8  r n b q k b n r
7  p p p p p p p p
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  P P P P P P P P
1  R N B Q K B N R
   a b c d e f g h
white to move

`},
		{"new seidr\nplay g1f3\nroll 2\nshowboard\n", `= 

= 

= 2

= 
8  r n b q k b n r
7  p p p p p p p p
6  . . . . . . . .
5  . . . . . . . N
4  . . . . . . . .
3  . . . . . . . .
2  P P P P P P P P
1  R N B Q K B . R
   a b c d e f g h
white to move, phase seidr, carrier h5

`},
	}
	for _, tc := range tests {
		got, stderr, err := run(t, tc.script, "engine")
		if err != nil {
			t.Fatalf("norns engine: %v\n%s", err, stderr)
		}
		if got != tc.want {
			t.Errorf("engine %q:\n%s\nwant\n%s", tc.script, got, tc.want)
		}
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
		{[]string{"verify", "/nonexistent/game.norns"}, "no such file"},
	}
	for _, tc := range tests {
		_, stderr, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(stderr, tc.want) {
			t.Errorf("norns %v = %v, stderr %q; want failure with %q", tc.args, err, stderr, tc.want)
		}
	}
}

// TestSeidrWorkedExample plays the worked example of seidr.md §4 through
// the engine protocol of the real binary, checking the board after every
// step against the rules file: each swap, the black pawn removed on e8
// (2B.4), the carrier pawn removed on d8 (2B.7), the call of steel skipped.
func TestSeidrWorkedExample(t *testing.T) {
	steps := []struct{ cmd, board string }{
		{"play c2c4", "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR"},
		{"roll 2", "rnbqkbnr/pppppPpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR"},
		{"roll 8", "rnbqPbnr/pppppkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR"},
		{"roll 6", "rnbq1bnr/pppPpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR"},
		{"roll 1", "rnbP1bnr/pppqpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR"},
		{"roll 8", "rnb2bnr/pppqpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR"},
	}
	script := "new seidr\n"
	for _, s := range steps {
		script += s.cmd + "\nposition\n"
	}
	script += "status\nhistory\n"
	out, stderr, err := run(t, script, "engine")
	if err != nil {
		t.Fatalf("norns engine: %v\n%s", err, stderr)
	}
	answers := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	if len(answers) != 2+2*len(steps)+1 {
		t.Fatalf("%d answers:\n%s", len(answers), out)
	}
	for i, s := range steps {
		if a := answers[1+2*i]; !strings.HasPrefix(a, "=") {
			t.Errorf("%s: %q", s.cmd, a)
		}
		pos := strings.TrimPrefix(answers[2+2*i], "= ")
		if board := strings.Fields(pos)[0]; board != s.board {
			t.Errorf("after %s: board %s, want %s", s.cmd, board, s.board)
		}
	}
	if got := answers[len(answers)-2]; got != "= turn black" {
		t.Errorf("status at the end = %q, want turn black (call of steel skipped)", got)
	}
	if got := answers[len(answers)-1]; got != "= c2c4 2 8 6 1 8 pass" {
		t.Errorf("history = %q", got)
	}
}
