package luxumbra

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// TestSetupErrors: every malformed position is refused with a message that
// says what is wrong.
func TestSetupErrors(t *testing.T) {
	on := game.Options{"balance": "on"}
	for _, tc := range []struct {
		pos  string
		opts game.Options
		want string
	}{
		{"", nil, "has 0 fields, want 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", nil, "has 6 fields, want 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -- x", nil, "has 8 fields, want 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 --", nil, `castling field "KQkq", want -`},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - e3 0 1 --", nil, `en-passant field "e3", want -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1 --", nil, "FEN field 1 (board): rank 1 has 7 squares, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1 --", nil, "FEN field 1 (board): unknown piece letter 'X' on rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1 --", nil, `FEN field 2 (side to move): "x", want w or b`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 1 --", nil, `FEN field 5 (halfmove clock): "-1" is not a whole number`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0 --", nil, `FEN field 6 (fullmove number): "0" is not a whole number from 1 up`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1 --", nil, "white has 2 kings"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1 --", nil, "neither side has a king"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1 --", nil, "pawn on h8"},
		{"k7/8/8/8/8/8/8/7K w - - 0 1 --", nil, "both sides have only their king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LSS", nil, `dice field "LSS"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 SL", nil, `dice field "SL"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 Ll", nil, `dice field "Ll"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 ls", nil, `dice "ls" are all used, but the game is not over`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -", nil, `dice field "-" has one die`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 3 L", on, `dice field "L" has one die`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS", on, `dice field "LS" on White's first turn (move 1) under balance=on`},
	} {
		_, err := Game.Setup(tc.opts, tc.pos)
		if !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Setup(%q) = %v, want ErrPosition saying %q", tc.pos, err, tc.want)
		}
	}
	if _, err := Game.Setup(game.Options{"balance": "maybe"}, StartPosition); !errors.Is(err, game.ErrOption) {
		t.Errorf("Setup(balance=maybe) = %v, want ErrOption", err)
	}
}

// TestPositionRoundTrip: every dice field and positions in the middle of a
// turn read back to the same text.
func TestPositionRoundTrip(t *testing.T) {
	on := game.Options{"balance": "on"}
	for _, tc := range []struct {
		pos  string
		opts game.Options
	}{
		{StartPosition, nil},
		{BalanceStartPosition, on},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 L", on},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 S", on},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LL", nil},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS", nil},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 SS", nil},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 lL", nil},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 lS", nil},
		{"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w - - 1 1 Ls", nil},
		{"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w - - 1 1 sS", nil},
		{"R7/7p/8/8/8/8/2K5/8 w - - 0 1 ls", nil},
		{"R7/7p/8/8/8/8/8/4K3 w - - 0 1 l", on},
		{"4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LL", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R b - - 17 40 --", nil},
	} {
		s := setup(t, tc.opts, tc.pos)
		if got := s.Position(); got != tc.pos {
			t.Errorf("Setup(%q).Position() = %q, want %q", tc.pos, got, tc.pos)
		}
	}
}

// TestSetupSettles: Setup applies the rules that need no choice.
func TestSetupSettles(t *testing.T) {
	// Light used, and no Shadow move left: the turn ends with a pass.
	s := setup(t, nil, "4k3/8/8/8/8/p7/PK6/8 w - - 1 1 Ls")
	if got, want := s.Position(), "4k3/8/8/8/8/p7/PK6/8 b - - 1 1 --"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	if got, want := historyText(s), "pass"; got != want {
		t.Errorf("History() = %q, want %q", got, want)
	}
	if err := s.Undo(); !errors.Is(err, game.ErrNoHistory) {
		t.Errorf("Undo() = %v, want ErrNoHistory (the pass is automatic)", err)
	}
}

// TestParseActionErrors: malformed text is ErrSyntax, text naming no legal
// action ErrIllegal.
func TestParseActionErrors(t *testing.T) {
	s := setup(t, nil, StartPosition)
	r := setup(t, nil, StartPosition)
	play(t, r, "LL")
	over := setup(t, nil, "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LL")
	for _, tc := range []struct {
		s    *State
		text string
		want error
	}{
		{s, "e2e4", game.ErrIllegal},
		{s, "L", game.ErrIllegal},
		{s, "pass", game.ErrIllegal},
		{s, "LLS", game.ErrSyntax},
		{s, "xyz", game.ErrSyntax},
		{r, "LS", game.ErrIllegal},
		{r, "d2d4", game.ErrIllegal}, // d2 is dark
		{r, "e2e5", game.ErrIllegal},
		{r, "e2e9", game.ErrSyntax},
		{r, "Nf3", game.ErrIllegal}, // the knight on g1 stands on a dark square
		{over, "a1b2", game.ErrIllegal},
		{over, "LL", game.ErrIllegal},
	} {
		if _, err := tc.s.ParseAction(tc.text); !errors.Is(err, tc.want) {
			t.Errorf("ParseAction(%q) at %s = %v, want %v", tc.text, tc.s.Position(), err, tc.want)
		}
	}
}

// TestUndo: Undo takes back a roll, a move, and a move with the pass after
// it.
func TestUndo(t *testing.T) {
	s := setup(t, nil, StartPosition)
	var positions []string
	for _, a := range []string{"LS", "e2e4", "g1f3", "SS", "b8c6", "e7e5"} {
		positions = append(positions, s.Position())
		play(t, s, a)
	}
	for i := len(positions) - 1; i >= 0; i-- {
		if err := s.Undo(); err != nil {
			t.Fatalf("Undo: %v", err)
		}
		if got := s.Position(); got != positions[i] {
			t.Errorf("Position(after Undo to ply %d) = %q, want %q", i, got, positions[i])
		}
	}
	if err := s.Undo(); !errors.Is(err, game.ErrNoHistory) {
		t.Errorf("Undo(at the start) = %v, want ErrNoHistory", err)
	}
}

// TestHash: the dice are part of the hash; equal states hash alike.
func TestHash(t *testing.T) {
	hash := func(pos string) uint64 { return setup(t, nil, pos).Hash() }
	a := hash("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 lS")
	b := hash("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 lL")
	c := hash("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 SS")
	d := hash("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 --")
	if a == b || a == c || a == d || b == c || b == d || c == d {
		t.Errorf("Hash(lS, lL, SS, --) = %x %x %x %x, want all different", a, b, c, d)
	}
	s := setup(t, nil, StartPosition)
	play(t, s, "LS", "e2e4")
	if got := s.Hash(); got != a {
		t.Errorf("Hash(after LS e2e4) = %x, want %x (as set up)", got, a)
	}
}

// TestEvaluate: material and position, zero-sum, the returns at the end.
func TestEvaluate(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want func(v float64) bool
		desc string
	}{
		{StartPosition, func(v float64) bool { return v == 0 }, "0"},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --", func(v float64) bool { return v > 0.6 && v < 0.8 }, "a queen up: about 0.7"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1 --", func(v float64) bool { return v > 0 && v < 0.05 }, "a pawn advanced: a little above 0"},
		{"4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LL", func(v float64) bool { return v == -1 }, "-1 (lost)"},
		// The rook on a1 (dark) attacks the king on a8: with a Shadow die
		// White takes it, without one the material counts (400 centipawns).
		{"k7/1p6/8/8/8/8/8/R2K4 w - - 0 1 SS", func(v float64) bool { return v == 1 }, "1 (the king can be taken)"},
		{"k7/1p6/8/8/8/8/8/R2K4 w - - 0 1 LL", func(v float64) bool { return v == math.Tanh(0.4) }, "tanh(0.4)"},
		// Before the roll: 3/4 that a die shows Shadow, 1/4 the material.
		{"k7/1p6/8/8/8/8/8/R2K4 w - - 0 1 --", func(v float64) bool { return math.Abs(v-(0.75+0.25*math.Tanh(0.4))) < 1e-12 }, "3/4 + 1/4 tanh(0.4)"},
		// Black to roll, with the king on a8 and the pawn on b7, both light:
		// SS (1/4) allows no move and loses.
		{"k7/1p6/8/8/8/8/8/R2K4 b - - 0 1 --", func(v float64) bool { return math.Abs(v-(0.25+0.75*math.Tanh(0.4))) < 1e-12 }, "1/4 + 3/4 tanh(0.4)"},
	} {
		v := setup(t, nil, tc.pos).Evaluate()
		if len(v) != 2 || v[0] != -v[1] || !tc.want(v[0]) {
			t.Errorf("Evaluate(%q) = %v, want %s for White and its negation for Black", tc.pos, v, tc.desc)
		}
	}
}
