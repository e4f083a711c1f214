package game

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var specs = []Option{
	{Name: "balance", Default: "off", Values: []string{"off", "on"}, Help: "h"},
	{Name: "max-turns", Default: "off", Values: []string{"off", Count}, Help: "h"},
}

func TestResolve(t *testing.T) {
	got, err := Resolve(specs, Options{"max-turns": "40"})
	if err != nil || got["balance"] != "off" || got["max-turns"] != "40" || len(got) != 2 {
		t.Errorf("Resolve(max-turns=40) = %v, %v", got, err)
	}
	if got.Int("max-turns") != 40 || got.Int("balance") != 0 {
		t.Errorf("Int: %d, %d", got.Int("max-turns"), got.Int("balance"))
	}
	if s := got.String(); s != "balance=off max-turns=40" {
		t.Errorf("String() = %q", s)
	}
	tests := []struct {
		opts Options
		want string
	}{
		{Options{"colour": "red"}, `unknown option "colour" (options: balance, max-turns)`},
		{Options{"balance": "maybe"}, `option balance: value "maybe" not allowed (allowed: off, on)`},
		{Options{"max-turns": "0"}, `value "0" not allowed (allowed: off, a whole number from 1 up)`},
		{Options{"max-turns": "007"}, `value "007" not allowed`},
		{Options{"max-turns": "-3"}, `value "-3" not allowed`},
		{Options{"max-turns": "x"}, `value "x" not allowed`},
	}
	for _, tc := range tests {
		_, err := Resolve(specs, tc.opts)
		if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Resolve(%v) = %v, want ErrOption with %q", tc.opts, err, tc.want)
		}
	}
	if _, err := Resolve(nil, Options{"x": "1"}); err == nil || !strings.Contains(err.Error(), "this game has none") {
		t.Errorf("Resolve(nil, x=1) = %v", err)
	}
}

func TestParseOptions(t *testing.T) {
	got, err := ParseOptions([]string{"a=1", "b=x=y"})
	if err != nil || got["a"] != "1" || got["b"] != "x=y" {
		t.Errorf("ParseOptions = %v, %v", got, err)
	}
	for _, bad := range [][]string{{"a"}, {"=1"}, {"a=1", "a=2"}} {
		if _, err := ParseOptions(bad); !errors.Is(err, ErrOption) {
			t.Errorf("ParseOptions(%q) = %v, want ErrOption", bad, err)
		}
	}
}

func TestLogUndo(t *testing.T) {
	var l Log[int]
	var restored []int
	undo := func(r Record[int]) { restored = append(restored, r.Undo) }
	if err := l.UndoLast(undo); !errors.Is(err, ErrNoHistory) {
		t.Errorf("UndoLast on empty = %v", err)
	}
	l.Push(1, true, 10) // a pass before any action (a set-up position)
	if err := l.UndoLast(undo); !errors.Is(err, ErrNoHistory) || len(l) != 1 {
		t.Errorf("UndoLast over only automatic records = %v, len %d", err, len(l))
	}
	l.Push(2, false, 20)
	l.Push(3, true, 30)
	l.Push(4, true, 40)
	c := l.Clone()
	if err := l.UndoLast(undo); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(restored, []int{40, 30, 20}) || !slices.Equal(l.Actions(), []Action{1}) {
		t.Errorf("UndoLast restored %v, left %v", restored, l.Actions())
	}
	if !slices.Equal(c.Actions(), []Action{1, 2, 3, 4}) {
		t.Errorf("clone changed: %v", c.Actions())
	}
}

func TestWinReturns(t *testing.T) {
	tests := []struct {
		n    int
		r    Result
		want []float64
	}{
		{2, Result{Kind: Win, Winners: []Player{0}}, []float64{1, -1}},
		{2, Result{Kind: Win, Winners: []Player{1}}, []float64{-1, 1}},
		{3, Result{Kind: Win, Winners: []Player{2}, Points: 2}, []float64{-1, -1, 2}},
		{3, Result{Kind: Draw, Winners: []Player{0, 2}}, []float64{0, 0, 0}},
		{2, Result{Kind: Unfinished}, []float64{0, 0}},
	}
	for _, tc := range tests {
		got := WinReturns(tc.n, tc.r)
		if !slices.Equal(got, tc.want) {
			t.Errorf("WinReturns(%d, %+v) = %v, want %v", tc.n, tc.r, got, tc.want)
		}
	}
}

// fake is the smallest State for testing the helpers that read one.
type fake struct {
	State
	player  Player
	players []string
	result  Result
	outs    []Outcome
}

func (f fake) Player() Player            { return f.player }
func (f fake) Players() []string         { return f.players }
func (f fake) Result() Result            { return f.result }
func (f fake) ChanceOutcomes() []Outcome { return f.outs }

func TestStatusAndDescribe(t *testing.T) {
	two, three := []string{"white", "black"}, []string{"p1", "p2", "p3"}
	tests := []struct {
		s             fake
		status, descr string
	}{
		{fake{player: 1, players: two}, "turn black", "game in progress"},
		{fake{player: Chance, players: two}, "chance", "game in progress"},
		{fake{player: NoPlayer, players: two, result: Result{Kind: Win, Winners: []Player{0}, Reason: "checkmate"}}, "over white", "white wins (checkmate)"},
		{fake{player: NoPlayer, players: two, result: Result{Kind: Draw, Reason: "stalemate"}}, "over draw", "draw (stalemate)"},
		{fake{player: NoPlayer, players: three, result: Result{Kind: Win, Winners: []Player{1}, Points: 2, Reason: "mars"}}, "over p2 2", "p2 wins 2 (mars)"},
		{fake{player: NoPlayer, players: three, result: Result{Kind: Draw, Winners: []Player{0, 1}, Reason: "shared finish"}}, "over draw p1 p2", "draw between p1 and p2 (shared finish)"},
		{fake{player: NoPlayer, players: two, result: Result{Kind: Unfinished, Reason: "max-turns"}}, "over unfinished", "unfinished (max-turns)"},
	}
	for _, tc := range tests {
		if got := Status(tc.s); got != tc.status {
			t.Errorf("Status(%+v) = %q, want %q", tc.s, got, tc.status)
		}
		if got := Describe(tc.s); got != tc.descr {
			t.Errorf("Describe(%+v) = %q, want %q", tc.s, got, tc.descr)
		}
	}
	if p, ok := PlayerByName(fake{players: three}, "p3"); !ok || p != 2 {
		t.Errorf("PlayerByName(p3) = %d, %v", p, ok)
	}
	if _, ok := PlayerByName(fake{players: three}, "white"); ok {
		t.Errorf("PlayerByName(white) found a three-player seat")
	}
}

// TestSampleChance checks that outcomes are drawn with their probabilities.
func TestSampleChance(t *testing.T) {
	s := fake{player: Chance, outs: []Outcome{{1, 0.25}, {2, 0.5}, {3, 0.25}}}
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[Action]int{}
	const n = 40000
	for range n {
		counts[SampleChance(s, rng)]++
	}
	for _, o := range s.outs {
		got := float64(counts[o.Action]) / n
		if math.Abs(got-o.Prob) > 0.01 {
			t.Errorf("outcome %d drawn %.3f of the time, want %.2f", o.Action, got, o.Prob)
		}
	}
}

// TestKeyStream pins the SplitMix64 reference outputs for seed 0, from
// KeyStream and from SplitMix64.
func TestKeyStream(t *testing.T) {
	var k KeyStream
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := k.Next(); got != want {
			t.Errorf("KeyStream(0) output %d = %#x, want %#x", i, got, want)
		}
	}
	// SplitMix64 steps from a word: the same outputs, each from the
	// state before it.
	if got := SplitMix64(0); got != 0xe220a8397b1dcdaf {
		t.Errorf("SplitMix64(0) = %#x, want 0xe220a8397b1dcdaf", got)
	}
	if got := SplitMix64(golden); got != 0x6e789e6aa1b965f4 {
		t.Errorf("SplitMix64(golden) = %#x, want 0x6e789e6aa1b965f4", got)
	}
}

// TestPGNResult: a two-player result as PGN writes it, and the Result tag
// of a game that ended outside its rules kept while its own result is
// none.
func TestPGNResult(t *testing.T) {
	white, black := Result{Kind: Win, Winners: []Player{0}}, Result{Kind: Win, Winners: []Player{1}}
	for _, tt := range []struct {
		r    Result
		tags map[string]string
		want string
	}{
		{white, nil, "1-0"},
		{black, nil, "0-1"},
		{Result{Kind: Draw}, nil, "1/2-1/2"},
		{Result{}, nil, "*"},
		{Result{Kind: Unfinished}, nil, "*"},
		{Result{}, map[string]string{"Result": "0-1"}, "0-1"},
		{white, map[string]string{"Result": "0-1"}, "1-0"},
	} {
		if got := PGNResultTag(tt.r, tt.tags); got != tt.want {
			t.Errorf("PGNResultTag(%+v, %v) = %q, want %q", tt.r, tt.tags, got, tt.want)
		}
	}
}

func TestTableBits(t *testing.T) {
	for _, tc := range []struct{ nodes, want int }{
		{0, 20}, {-1, 20}, {1, 16}, {5000, 16}, {1 << 16, 16}, {1<<16 + 1, 17},
		{100000, 17}, {1 << 20, 20}, {3000000, 20},
	} {
		if got := TableBits(tc.nodes); got != tc.want {
			t.Errorf("TableBits(%d) = %d, want %d", tc.nodes, got, tc.want)
		}
	}
}

func TestGameMark(t *testing.T) {
	var g GameMark
	steps := []struct {
		start uint64
		plies int
		want  bool
	}{
		{1, 0, false}, // the first game seen
		{1, 4, true},  // further on
		{1, 4, true},  // the same move again
		{1, 2, false}, // a shorter history: another game
		{2, 6, false}, // another start
		{2, 8, true},
	}
	for i, s := range steps {
		if got := g.Continues(s.start, s.plies); got != s.want {
			t.Errorf("step %d: Continues(%d, %d) = %v, want %v", i, s.start, s.plies, got, s.want)
		}
	}
}
