package seidr

import (
	"errors"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestRule5_SetupErrors(t *testing.T) {
	tests := []struct{ position, want string }{
		{"", "0 fields, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 quiet", "7 fields, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 quiet -", `castling field "KQkq", want -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1 quiet -", `en-passant field "e3", want -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1 quiet -", "FEN field 1 (board): rank 1 has 7 squares, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1 quiet -", `FEN field 2 (side to move): "x", want w or b`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 1 quiet -", `FEN field 5 (halfmove clock): "-1" is not a whole number`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0 quiet -", `FEN field 6 (fullmove number): "0" is not a whole number from 1 up`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 loud -", `phase "loud", want quiet, seidr or steel`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 seidr z9", `carrier "z9" is not a square or -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 quiet e2", "carrier e2 in phase quiet, want -"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 seidr -", "no carrier in phase seidr"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 seidr e4", "carrier e4: no white piece there"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 steel e7", "carrier e7: no white piece there"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1 quiet -", "white has 2 kings, want 1"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1 quiet -", "no king on the board"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1 quiet -", "pawn on h8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1 seidr g1", "pawn on h1"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1 steel h8", "pawn on h8"},
	}
	for _, tc := range tests {
		_, err := Game.Setup(nil, tc.position)
		if !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "seidr: ") {
			t.Errorf("Setup(%q) = %v, want an error wrapping ErrPosition saying %q", tc.position, err, tc.want)
		}
	}
}

func TestRule5_Positions(t *testing.T) {
	tests := []struct{ position, want string }{
		{StartPosition, StartPosition},
		// A FEN alone is a position in phase quiet.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", StartPosition},
		// 2B.5: a pawn carrier on rank 8 in phase seidr.
		{"1kP5/8/8/8/8/8/7K/8 w - - 1 1 seidr c8", "1kP5/8/8/8/8/8/7K/8 w - - 1 1 seidr c8"},
		// 2B.7: the pawn carrier removed, phase steel without a carrier.
		{"1k6/8/8/3p4/4B3/8/7K/8 w - - 0 1 steel -", "1k6/8/8/3p4/4B3/8/7K/8 w - - 0 1 steel -"},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		if got := s.Position(); got != tc.want {
			t.Errorf("Setup(%q).Position() = %q, want %q", tc.position, got, tc.want)
		}
	}
}

func TestRule5_Actions(t *testing.T) {
	s := setup(t, nil, StartPosition)
	tests := []struct {
		text string
		want string // the action written back, or the error kind
	}{
		{"c2c4", "c2c4"},
		{"c4", "c2c4"},
		{"Nf3", "g1f3"},
		{"e2e5", "illegal"},
		{"e7e5", "illegal"},
		{"3", "illegal"}, // no roll in phase quiet
		{"pass", "illegal"},
		{"9", "syntax"},
		{"0", "syntax"},
		{"", "syntax"},
		{"e2e4x", "syntax"},
	}
	for _, tc := range tests {
		a, err := s.ParseAction(tc.text)
		got := s.ActionString(a)
		switch {
		case errors.Is(err, game.ErrIllegal):
			got = "illegal"
		case errors.Is(err, game.ErrSyntax):
			got = "syntax"
		case err != nil:
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParseAction(%q) = %v (%v), want %v", tc.text, got, err, tc.want)
		}
	}
	play(t, s, "c2c4")
	for f := 1; f <= 8; f++ {
		text := string(rune('0' + f))
		a, err := s.ParseAction(text)
		if err != nil || a != Roll(Face(f)) || s.ActionString(a) != text {
			t.Errorf("ParseAction(%q) = %v, %v, want %v", text, a, err, Roll(Face(f)))
		}
	}
	if _, err := s.ParseAction("d2d4"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(%q) at a roll = %v, want ErrIllegal", "d2d4", err)
	}
	for _, a := range []game.Action{Pass, 0x10000, 0x10009, 0x8000, 0xffffffff} {
		want := map[game.Action]string{Pass: "pass"}[a]
		if want == "" {
			want = "invalid("
		}
		if got := s.ActionString(a); !strings.HasPrefix(got, want) {
			t.Errorf("ActionString(%d) = %q, want %q…", a, got, want)
		}
	}
}

func TestPGN(t *testing.T) {
	const roster = "[Event \"test\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	tests := []struct{ position, actions, want string }{
		{
			StartPosition, "c2c4 2 8 6 1 8 g8f6 3",
			roster + "[Result \"*\"]\n[Variant \"Seidr\"]\n\n" +
				"1. c4 {seiðr: 2 8 6 1 8; steel: none} 1... Nf6 {seiðr: 3} *\n",
		},
		{
			"4k3/8/8/8/8/8/8/4RK1N w - - 0 1 quiet -", "h1g3 3 3 e1e8",
			roster + "[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/4RK1N w - - 0 1\"]\n[SetUp \"1\"]\n[Variant \"Seidr\"]\n\n" +
				"1. Ng3 {seiðr: 3 3; steel: Rxe8; king captured} 1-0\n",
		},
		{
			"7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 quiet -", "h8g8 5",
			roster + "[Result \"*\"]\n[FEN \"7k/8/8/8/8/8/nn6/Kn6 w - - 0 1\"]\n[SetUp \"1\"]\n[Variant \"Seidr\"]\n\n" +
				"1. -- {lost turn} 1... Kg8 {seiðr: 5; steel: none} 2. -- {lost turn} *\n",
		},
		{
			"1k6/8/8/3p4/4B3/8/7K/8 w - - 1 1 steel e4", "",
			roster + "[Result \"*\"]\n[FEN \"1k6/8/8/3p4/4B3/8/7K/8 w - - 1 1\"]\n[SeidrPosition \"1k6/8/8/3p4/4B3/8/7K/8 w - - 1 1 steel e4\"]\n[SetUp \"1\"]\n[Variant \"Seidr\"]\n\n" +
				"1. -- {steel: none} *\n",
		},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		play(t, s, tc.actions)
		if got := s.PGN(map[string]string{"Event": "test"}); got != tc.want {
			t.Errorf("PGN(%q after %q) = %q, want %q", tc.position, tc.actions, got, tc.want)
		}
	}
}
