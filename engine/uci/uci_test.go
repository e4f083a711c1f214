package uci

import (
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
)

// uciScript runs an engine on the lines of script and returns its
// answer.
func uciScript(t *testing.T, script string) string {
	t.Helper()
	var out strings.Builder
	if err := New(Config{Version: "0.1.0"}).Run(strings.NewReader(script), &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String()
}

// bestmoves returns the moves of the bestmove lines of out.
func bestmoves(out string) []string {
	var ms []string
	for _, l := range strings.Split(out, "\n") {
		if m, ok := strings.CutPrefix(l, "bestmove "); ok {
			ms = append(ms, m)
		}
	}
	return ms
}

func TestUCIHandshake(t *testing.T) {
	out := uciScript(t, "uci\nsetoption name Hash value 8\nsetoption name Threads value 1\nisready\nquit\n")
	for _, want := range []string{"id name Norns", "option name Hash", "uciok\n", "readyok\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("answer to uci/isready lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "info string") {
		t.Errorf("Hash or Threads refused:\n%s", out)
	}
}

func TestUCIGame(t *testing.T) {
	out := uciScript(t, strings.Join([]string{
		"uci", "ucinewgame", "isready",
		"position startpos moves e2e4 e7e5 g1f3",
		"go nodes 5000",
		"position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
		"go depth 3",
		"position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1 moves g8h8",
		"go wtime 1000 btime 1000 winc 10 binc 10",
		"position startpos",
		"go movetime 50",
		"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
		"go nodes 100",
		"",
	}, "\n"))
	ms := bestmoves(out)
	if len(ms) != 5 {
		t.Fatalf("got %d bestmoves, want 5:\n%s", len(ms), out)
	}
	// Black to move after 1. e4 e5 2. Nf3: a legal move.
	p := chess.Start()
	for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		mv, err := chess.ParseMove(&p, m, ml.Slice())
		if err != nil {
			t.Fatal(err)
		}
		p.Play(mv)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if _, err := chess.ParseMove(&p, ms[0], ml.Slice()); err != nil {
		t.Errorf("bestmove %s after 1. e4 e5 2. Nf3 is not legal: %v", ms[0], err)
	}
	if ms[1] != "d1d8" {
		t.Errorf("bestmove %s, want the mate d1d8", ms[1])
	}
	if ms[2] != "d1d8" {
		t.Errorf("bestmove %s after g8h8, want the mate d1d8", ms[2])
	}
	if !strings.Contains(out, "score mate 1") {
		t.Errorf("no mate score:\n%s", out)
	}
	if ms[4] != "0000" {
		t.Errorf("stalemated side's bestmove %s, want 0000", ms[4])
	}
}

func TestUCIStopInfinite(t *testing.T) {
	in, w := io.Pipe()
	var out strings.Builder
	done := make(chan error)
	go func() { done <- New(Config{}).Run(in, &out) }()
	io.WriteString(w, "position startpos\ngo infinite\n")
	time.Sleep(100 * time.Millisecond)
	io.WriteString(w, "stop\nisready\nquit\n")
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("stop did not end the infinite search")
	}
	w.Close()
	s := out.String()
	if len(bestmoves(s)) != 1 || !strings.Contains(s, "readyok") {
		t.Errorf("after go infinite and stop:\n%s", s)
	}
}

func TestUCIErrors(t *testing.T) {
	out := uciScript(t, "position fen 8/8/8 w - - 0 1\nposition startpos moves e2e5\nfoo\nquit\n")
	for _, want := range []string{"info string", "e2e5", "unknown command foo"} {
		if !strings.Contains(out, want) {
			t.Errorf("answer lacks %q:\n%s", want, out)
		}
	}
}

// TestUCILevel: the Level option holds go's nodes to the level's own
// (chesssearch.EasyNodes for easy, chess's ai.NativeMediumNodesOf for medium), and an
// unknown level is refused.
func TestUCILevel(t *testing.T) {
	tests := []struct {
		level    string
		maxNodes int64
	}{
		{"easy", chesssearch.EasyNodes},
		{"medium", int64(ai.NativeMediumNodesOf("chess"))},
		{"hard", 60000},
	}
	for _, tc := range tests {
		out := uciScript(t, "uci\nsetoption name Level value "+tc.level+"\nposition startpos\ngo nodes 60000\n")
		if strings.Contains(out, "info string") {
			t.Errorf("Level %s refused:\n%s", tc.level, out)
		}
		if len(bestmoves(out)) != 1 {
			t.Fatalf("Level %s: no bestmove:\n%s", tc.level, out)
		}
		most := int64(0)
		for _, l := range strings.Split(out, "\n") {
			f := strings.Fields(l)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "nodes" {
					n, _ := strconv.ParseInt(f[i+1], 10, 64)
					most = max(most, n)
				}
			}
		}
		// Info lines come after completed iterations, within the budget.
		if most == 0 || most > tc.maxNodes {
			t.Errorf("Level %s: searched up to %d nodes, want at most %d", tc.level, most, tc.maxNodes)
		}
	}
	if out := uciScript(t, "setoption name Level value grandmaster\n"); !strings.Contains(out, "info string Level is") {
		t.Errorf("Level grandmaster accepted:\n%s", out)
	}
}

// TestUCIVariantSamurai: with UCI_Variant samurai, position takes Samurai
// chess's notation (FEN with the cards) and its moves, refuses a move
// without its card, and go answers a legal Samurai move found by the ai
// levels.
func TestUCIVariantSamurai(t *testing.T) {
	// White holds no N card: the knight cannot move.
	const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBPPkqrbnpp/QRBNN] w KQkq - 0 1"
	out := uciScript(t, strings.Join([]string{
		"uci",
		"setoption name UCI_Variant value samurai",
		"position startpos moves e2e4 e7e5",
		"go nodes 3000",
		"position fen " + fen + " moves g1f3",
		"position fen " + fen + " moves e2e4",
		"go nodes 3000",
		"",
	}, "\n"))
	if !strings.Contains(out, "var samurai") {
		t.Errorf("uci does not offer UCI_Variant samurai:\n%s", out)
	}
	if !strings.Contains(out, "info string position refused: move g1f3") {
		t.Errorf("a knight move without an N card was not refused:\n%s", out)
	}
	ms := bestmoves(out)
	if len(ms) != 2 {
		t.Fatalf("got %d bestmoves, want 2:\n%s", len(ms), out)
	}
	g, err := games.ByName("samurai")
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct{ pos, moves string }{
		{"", "e2e4 e7e5"},
		{fen, "e2e4"},
	} {
		var st game.State
		if tc.pos == "" {
			st, err = g.New(nil)
		} else {
			st, err = g.Setup(nil, tc.pos)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(tc.moves) {
			a, err := st.ParseAction(m)
			if err != nil {
				t.Fatal(err)
			}
			st.Apply(a)
		}
		if _, err := st.ParseAction(ms[i]); err != nil {
			t.Errorf("bestmove %s after %s %s is not a legal Samurai move: %v", ms[i], tc.pos, tc.moves, err)
		}
	}
	if out := uciScript(t, "setoption name UCI_Variant value crazyhouse\n"); !strings.Contains(out, "info string UCI_Variant is one of") {
		t.Errorf("UCI_Variant crazyhouse accepted:\n%s", out)
	}
}

// TestUCIID: the answer to uci names the engine as its Config says, Norns
// when the name is empty.
func TestUCIID(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{}, "id name Norns\n"},
		{Config{Version: "0.1.0"}, "id name Norns 0.1.0\n"},
		{Config{Name: "Other", Version: "2"}, "id name Other 2\n"},
	}
	for _, tc := range tests {
		var out strings.Builder
		if err := New(tc.cfg).Run(strings.NewReader("uci\nquit\n"), &out); err != nil {
			t.Fatal(err)
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); first+"\n" != tc.want {
			t.Errorf("New(%+v): first line %q, want %q", tc.cfg, first, tc.want)
		}
	}
}
