package engine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

func newEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(Config{Games: games.All, Name: "norns", Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// session runs a script through Run and returns the whole output.
func session(t *testing.T, e *Engine, script string) string {
	t.Helper()
	var out strings.Builder
	if err := e.Run(strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestFraming(t *testing.T) {
	e := newEngine(t)
	got := session(t, e, "# a comment\n\nname\n7 protocol_version\n  \t version \nbogus\n12 bogus\nquit\nname\n")
	want := "= norns\n\n=7 2\n\n= test\n\n? unknown command \"bogus\"\n\n?12 unknown command \"bogus\"\n\n= \n\n"
	if got != want {
		t.Errorf("session =\n%q\nwant\n%q", got, want)
	}
}

func TestListCommands(t *testing.T) {
	e := newEngine(t)
	out, err, _ := e.Exec("list_commands")
	if err != nil {
		t.Fatal(err)
	}
	required := []string{"name", "version", "protocol_version", "list_commands", "games", "options", "new",
		"setup", "position", "showboard", "status", "legal", "play", "roll", "seed", "genmove", "undo", "history", "quit"}
	have := strings.Split(out, "\n")
	for _, r := range required {
		found := false
		for _, h := range have {
			found = found || h == r
		}
		if !found {
			t.Errorf("list_commands lacks %q", r)
		}
	}
}

// TestChessSession plays a short game and checks every answer.
func TestChessSession(t *testing.T) {
	e := newEngine(t)
	steps := []struct{ cmd, want string }{
		{"new chess", ""},
		{"status", "turn white"},
		{"play e2e4", ""},
		{"play e7e5", ""},
		{"play Nf3", ""},
		{"history", "e2e4 e7e5 g1f3"},
		{"position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"undo", ""},
		{"history", "e2e4 e7e5"},
		{"setup 6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", ""},
		{"play a1a8", ""},
		{"status", "over white"},
		{"history", "a1a8"},
		{"undo", ""},
		{"status", "turn white"},
	}
	for _, s := range steps {
		out, err, _ := e.Exec(s.cmd)
		if err != nil || out != s.want {
			t.Fatalf("Exec(%q) = %q, %v; want %q", s.cmd, out, err, s.want)
		}
	}
}

// TestErrorsChangeNothing runs each bad command and checks the error and
// that position and history are unchanged.
func TestErrorsChangeNothing(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"", "empty command"},
		{"frobnicate", `unknown command "frobnicate"`},
		{"new", "usage: new"},
		{"new checkers", `unknown game "checkers"`},
		{"new chess colour=red", `unknown option "colour"`},
		{"new chess colour", `"colour" is not name=value`},
		{"options", "usage: options"},
		{"options nim", `unknown game "nim"`},
		{"setup", "usage: setup"},
		{"setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{"setup not a position", "bad position"},
		{"play", "usage: play"},
		{"play e2e5", "illegal action: e2e5"},
		{"play zz", "malformed notation"},
		{"play e2e4 e7e5", "usage: play"},
		{"roll", "no chance event is pending"},
		{"roll 3", "no chance event is pending"},
		{"seed x", `seed: "x" is not a whole number`},
		{"seed -1", `seed: "-1" is not a whole number`},
		{"genmove level=godlike", `unknown level "godlike"`},
		{"genmove time=0", `time="0" is not a whole number from 1 up`},
		{"genmove playouts=x", `playouts="x"`},
		{"genmove depth=3", `unknown parameter "depth"`},
		{"genmove fast", `"fast" is not name=value`},
	}
	e := newEngine(t)
	if _, err, _ := e.Exec("play e2e4"); err != nil {
		t.Fatal(err)
	}
	pos, hist := e.State().Position(), e.State().History()
	for _, tc := range tests {
		_, err, _ := e.Exec(tc.cmd)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Exec(%q) = %v, want an error containing %q", tc.cmd, err, tc.want)
		}
		if e.State().Position() != pos || len(e.State().History()) != len(hist) {
			t.Fatalf("Exec(%q) changed the game to %s", tc.cmd, e.State().Position())
		}
	}
}

func TestGameOverErrors(t *testing.T) {
	e := newEngine(t)
	for _, c := range []string{"setup 6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "play a1a8"} {
		if _, err, _ := e.Exec(c); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{"play g8h8", "genmove"} {
		if _, err, _ := e.Exec(c); !errors.Is(err, game.ErrOver) {
			t.Errorf("Exec(%q) after the end = %v, want ErrOver", c, err)
		}
	}
	if out, _, _ := e.Exec("legal"); out != "" {
		t.Errorf("legal after the end = %q, want empty", out)
	}
}

func TestGenmoveSeeded(t *testing.T) {
	run := func() string {
		e := newEngine(t)
		e.Exec("seed 42")
		for range 10 {
			if _, err, _ := e.Exec("genmove"); err != nil {
				t.Fatal(err)
			}
		}
		out, _, _ := e.Exec("history")
		return out
	}
	a, b := run(), run()
	if a != b || len(strings.Fields(a)) != 10 {
		t.Errorf("two seeded runs: %q and %q", a, b)
	}
}

func TestGenmoveAgentError(t *testing.T) {
	e, _ := New(Config{Games: games.All, Agent: func(s game.State, p GenmoveParams, _ *rand.Rand) (game.Action, error) {
		return 0, nil // no move: the engine must refuse it
	}})
	if _, err, _ := e.Exec("genmove"); err == nil || !strings.Contains(err.Error(), "the agent chose") {
		t.Errorf("genmove with a bad agent = %v", err)
	}
}

func TestOptions(t *testing.T) {
	e := newEngine(t)
	for _, g := range games.All {
		out, err, _ := e.Exec("options " + g.Name())
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		if out != "" {
			lines = len(strings.Split(out, "\n"))
		}
		if lines != len(g.Options()) {
			t.Errorf("options %s: %d lines for %d options: %q", g.Name(), lines, len(g.Options()), out)
		}
		for _, o := range g.Options() {
			if !strings.Contains(out, o.Name+"="+o.Default+" ") {
				t.Errorf("options %s = %q lacks %s=%s", g.Name(), out, o.Name, o.Default)
			}
		}
	}
}
