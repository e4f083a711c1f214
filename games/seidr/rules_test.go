package seidr

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// ruleCase is a position, actions played from it, and what must follow.
type ruleCase struct {
	name     string
	opts     game.Options
	position string
	actions  string
	// What is checked; empty strings are not checked.
	want    string // Position()
	legal   string // legalText
	status  string // game.Status
	reason  string // Result().Reason
	history string // historyText
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.opts, tc.position)
			play(t, s, tc.actions)
			check := func(what, got, want string) {
				t.Helper()
				if want != "" && got != want {
					t.Errorf("%s(%q after %q) = %q, want %q", what, tc.position, tc.actions, got, want)
				}
			}
			check("Position", s.Position(), tc.want)
			check("Legal", legalText(s), tc.legal)
			check("Status", game.Status(s), tc.status)
			check("Reason", s.Result().Reason, tc.reason)
			check("History", historyText(s), tc.history)
		})
	}
}

func TestRule1_1_Start(t *testing.T) {
	runRuleCases(t, []ruleCase{{
		name: "start", position: StartPosition, want: StartPosition, status: "turn white",
		legal: "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4",
	}})
	s, err := Game.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Position(); got != StartPosition {
		t.Errorf("New(nil).Position() = %q, want %q", got, StartPosition)
	}
}

func TestRule1_2_NoCastlingNoEnPassant(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "no castling", position: "4k3/8/8/8/8/8/8/4K2R w - - 0 1 quiet -",
			legal: "e1d1 e1d2 e1e2 e1f1 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
		},
		{
			// Black's h-pawn steps past the white pawn on g5: no en-passant
			// square, and g5h6 is neither a quiet move nor a capture.
			name: "no en passant", position: "4k3/7p/8/6P1/8/8/8/4K3 b - - 0 1 quiet -",
			actions: "h7h5 7",
			want:    "4k3/8/8/6Pp/8/8/8/4K3 w - - 1 2 quiet -",
			legal:   "e1d1 e1d2 e1e2 e1f1 e1f2 g5g6",
			history: "h7h5 7 pass",
		},
	})
	for _, pos := range []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 quiet -",
		"4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1 quiet -",
	} {
		if _, err := Game.Setup(nil, pos); !errors.Is(err, game.ErrPosition) {
			t.Errorf("Setup(%q) = %v, want an error wrapping ErrPosition", pos, err)
		}
	}
}

func TestRule2A_QuietMove(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			// 2A.1: to empty squares only; pawns straight ahead, two from
			// their second rank; the capture b2c3 is no quiet move.
			name: "2A.1 empty squares", position: "4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1 quiet -",
			legal: "b2b3 b2b4 e1d1 e1d2 e1e2 e1f1 e1f2",
		},
		{
			name: "2A.1 black pawns", position: "4k3/1p6/P7/8/8/8/8/4K3 b - - 0 1 quiet -",
			legal: "b7b5 b7b6 e8d7 e8d8 e8e7 e8f7 e8f8",
		},
		{
			// 2A.2: no quiet move onto the last rank.
			name: "2A.2 white pawn on rank 7", position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 quiet -",
			legal: "e1d1 e1d2 e1e2 e1f1 e1f2",
		},
		{
			name: "2A.2 black pawn on rank 2", position: "4k3/8/8/8/8/8/7p/K7 b - - 0 1 quiet -",
			legal: "e8d7 e8d8 e8e7 e8f7 e8f8",
		},
		{
			// 2A.3: no check: the king may step onto attacked squares.
			name: "2A.3 no check", position: "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 quiet -",
			legal: "e1d1 e1e2 e1f1 e1f2",
		},
		{
			// 2A.4: White has no quiet move: the whole turn is lost.
			name: "2A.4 lost turn at setup", position: "7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 quiet -",
			want: "7k/8/8/8/8/8/nn6/Kn6 b - - 1 1 quiet -", history: "pass", status: "turn black",
		},
		{
			// 2A.4 after Black's turn: its call of steel is skipped (the
			// pass after the roll), then White's turn is lost.
			name: "2A.4 lost turn after a turn", position: "7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 quiet -",
			actions: "h8g8 5",
			want:    "6k1/8/8/8/8/8/nn6/Kn6 b - - 3 2 quiet -", history: "pass h8g8 5 pass pass", status: "turn black",
		},
		{
			// 2A.5: the piece moved is the carrier; the die is rolled.
			name: "2A.5 carrier", position: StartPosition, actions: "g1f3",
			want:   "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w - - 1 1 seidr f3",
			status: "chance", legal: "1 2 3 4 5 6 7 8",
		},
	})
}

// TestRule2B_1_Directions rolls each face for each player, the carrier
// alone on its lines, and checks where it stops.
func TestRule2B_1_Directions(t *testing.T) {
	white := "1k6/8/8/8/3N4/8/7K/8 w - - 1 1 seidr d4"
	black := "1K6/8/8/8/3n4/8/7k/8 b - - 1 1 seidr d4"
	tests := []struct {
		position string
		face     string
		want     string
	}{
		{white, "1", "d8"}, {white, "2", "h8"}, {white, "3", "h4"}, {white, "4", "g1"},
		{white, "5", "d1"}, {white, "6", "a1"}, {white, "7", "a4"}, {white, "8", "a7"},
		{black, "1", "d1"}, {black, "2", "a1"}, {black, "3", "a4"}, {black, "4", "a7"},
		{black, "5", "d8"}, {black, "6", "h8"}, {black, "7", "h4"}, {black, "8", "g1"},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		play(t, s, tc.face)
		got := fmt.Sprintf("%s %s %v", s.Carrier(), s.Phase(), s.Board().Piece(s.Carrier()).Role() == chess.Knight)
		if want := tc.want + " seidr true"; got != want {
			t.Errorf("roll(%q, %s) = %q, want %q", tc.position, tc.face, got, want)
		}
	}
}

// TestRule2B_1_EachFaceEquallyLikely checks that a seiðr roll is a chance
// event whose outcomes are the eight faces, each with probability 1/8.
func TestRule2B_1_EachFaceEquallyLikely(t *testing.T) {
	eight := "1:0.125 2:0.125 3:0.125 4:0.125 5:0.125 6:0.125 7:0.125 8:0.125"
	tests := []struct {
		name, position, actions string
		player                  game.Player
		want                    string
	}{
		{"after a quiet move", StartPosition, "g1f3", game.Chance, eight},
		{"after a slide to h5, still rolling", StartPosition, "g1f3 2", game.Chance, eight},
		{"black's seidr", StartPosition, "g1f3 3 3 g8f6", game.Chance, eight},
		{"no roll at a quiet move", StartPosition, "", 0, ""},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		play(t, s, tc.actions)
		var outs []string
		for _, o := range s.ChanceOutcomes() {
			outs = append(outs, fmt.Sprintf("%s:%v", s.ActionString(o.Action), o.Prob))
		}
		slices.Sort(outs)
		if got := strings.Join(outs, " "); s.Player() != tc.player || got != tc.want {
			t.Errorf("%s: Player() = %d, ChanceOutcomes() = %q; want %d, %q", tc.name, s.Player(), got, tc.player, tc.want)
		}
	}
}

func TestRule2B_Seidr(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			// 2B.2: the carrier stands on the edge in that direction; the
			// roll is recorded, the seiðr ends, the call of steel has no
			// capture: Black is to move.
			name: "2B.2 edge ends the seidr", position: "1k6/8/8/8/7N/8/7K/8 w - - 1 1 seidr h4",
			actions: "3",
			want:    "1k6/8/8/8/7N/8/7K/8 b - - 1 1 quiet -", history: "3 pass",
		},
		{
			name: "2B.2 corner", position: "1k6/8/8/8/8/8/7K/N7 w - - 1 1 seidr a1",
			actions: "6", want: "1k6/8/8/8/8/8/7K/N7 b - - 1 1 quiet -",
		},
		{
			// 2B.3: the carrier meets an enemy rook: they swap.
			name: "2B.3 swap with an enemy", position: "1k1r4/8/8/8/3N4/8/7K/8 w - - 1 1 seidr d4",
			actions: "1", want: "1k1N4/8/8/8/3r4/8/7K/8 w - - 1 1 seidr d8",
		},
		{
			name: "2B.3 swap with an own piece", position: "1k6/8/5B2/8/3N4/8/7K/8 w - - 1 1 seidr d4",
			actions: "2", want: "1k6/8/5N2/8/3B4/8/7K/8 w - - 1 1 seidr f6",
		},
		{
			name: "2B.3 adjacent piece", position: "1k6/8/8/3q4/3N4/8/7K/8 w - - 1 1 seidr d4",
			actions: "1", want: "1k6/8/8/3N4/3q4/8/7K/8 w - - 1 1 seidr d5",
		},
		{
			name: "2B.3 slide to the edge", position: "1k6/8/8/8/3N4/8/7K/8 w - - 1 1 seidr d4",
			actions: "7", want: "1k6/8/8/8/N7/8/7K/8 w - - 1 1 seidr a4",
		},
		{
			// 2B.4: a pawn swapped onto rank 8 is removed at once, and the
			// quiet-turn counter restarts (3.2).
			name: "2B.4 enemy pawn onto rank 8", position: "1k2N3/8/8/4p3/8/8/7K/8 w - - 7 4 seidr e8",
			actions: "5", want: "1k6/8/8/4N3/8/8/7K/8 w - - 0 4 seidr e5",
		},
		{
			name: "2B.4 own pawn onto rank 1", position: "1k6/8/8/8/8/2P5/7K/2N5 w - - 7 4 seidr c1",
			actions: "1", want: "1k6/8/8/8/8/2N5/7K/8 w - - 0 4 seidr c3",
		},
		{
			name: "2B.4 black's pawn onto rank 1 by black", position: "8/8/8/8/1p6/8/7K/1n1k4 b - - 7 4 seidr b1",
			actions: "5", want: "8/8/8/8/1n6/8/7K/3k4 b - - 0 4 seidr b4",
		},
		{
			name: "2B.4 a piece onto rank 8 stays", position: "1k2N3/8/8/4r3/8/8/7K/8 w - - 7 4 seidr e8",
			actions: "5", want: "1k2r3/8/8/4N3/8/8/7K/8 w - - 7 4 seidr e5",
		},
		{
			name: "2B.4 a pawn onto rank 7 stays", position: "1k6/4N3/8/4p3/8/8/7K/8 w - - 7 4 seidr e7",
			actions: "5", want: "1k6/4p3/8/4N3/8/8/7K/8 w - - 7 4 seidr e5",
		},
		{
			// 2B.5, 2B.6: a pawn carrier reaches rank 8, stays a pawn, and
			// the die is rolled again.
			name: "2B.5 pawn carrier on rank 8", position: "1k6/8/8/8/2P5/8/7K/8 w - - 1 1 seidr c4",
			actions: "1", want: "1kP5/8/8/8/8/8/7K/8 w - - 1 1 seidr c8", status: "chance",
		},
		{
			name: "2B.5 pawn carrier leaves rank 8", position: "1k6/8/8/8/2P5/8/7K/8 w - - 1 1 seidr c4",
			actions: "1 4", want: "1k6/8/8/8/8/7P/7K/8 w - - 1 1 seidr h3", status: "chance",
		},
		{
			// 2B.6: the rolls repeat until one points off the board.
			name: "2B.6 rolls repeat", position: "1k6/8/8/8/3N4/8/7K/8 w - - 1 1 seidr d4",
			actions: "7 2 4 3", want: "1k6/8/8/7N/8/8/7K/8 b - - 1 1 quiet -", history: "7 2 4 3 pass",
		},
		{
			// 2B.7: a pawn carrier ending on rank 8 or 1 is removed.
			name: "2B.7 pawn carrier ends on rank 8", position: "1k5n/8/8/8/2P5/8/7K/8 w - - 1 1 seidr c4",
			actions: "1 1", want: "1k5n/8/8/8/8/8/7K/8 b - - 0 1 quiet -", history: "1 1 pass",
		},
		{
			name: "2B.7 pawn carrier ends on rank 1", position: "1k5n/8/8/8/2P5/8/7K/8 w - - 1 1 seidr c4",
			actions: "5 5", want: "1k5n/8/8/8/8/8/7K/8 b - - 0 1 quiet -",
		},
		{
			name: "2B.7 black pawn carrier ends on rank 8", position: "1K5N/8/8/8/2p5/8/7k/8 b - - 1 1 seidr c4",
			actions: "5 5", want: "1K5N/8/8/8/8/8/7k/8 w - - 0 2 quiet -",
		},
		{
			name: "2B.7 pawn carrier ends elsewhere", position: "1k6/8/8/8/2P5/8/7K/8 w - - 1 1 seidr c4",
			actions: "7 7", want: "1k6/8/8/8/P7/8/7K/8 b - - 1 1 quiet -",
		},
		{
			name: "2B.7 a piece carrier on rank 8 stays", position: "1k6/8/8/8/2N5/8/7K/8 w - - 1 1 seidr c4",
			actions: "1 1", want: "1kN5/8/8/8/8/8/7K/8 b - - 1 1 quiet -",
		},
		{
			// 2B.8: kings swap like any piece, as carrier or as met piece.
			name: "2B.8 king carrier", position: "8/8/8/3q4/8/8/8/3K2k1 w - - 1 1 seidr d1",
			actions: "1", want: "8/8/8/3K4/8/8/8/3q2k1 w - - 1 1 seidr d5",
		},
		{
			name: "2B.8 king met", position: "8/8/8/3k4/8/8/8/3R2K1 w - - 1 1 seidr d1",
			actions: "1", want: "8/8/8/3R4/8/8/8/3k2K1 w - - 1 1 seidr d5",
		},
	})
}

func TestRule2C_CallOfSteel(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			// 2C.1: the carrier (the rook) never captures; the bishop must.
			name: "2C.1 rook carrier", position: "4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 1 1 steel d1",
			legal: "e4d5", status: "turn white",
		},
		{
			name: "2C.1 bishop carrier", position: "4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 1 1 steel e4",
			legal: "d1d5",
		},
		{
			name: "2C.1 the king captures too", position: "4k3/8/8/8/8/8/5p2/3R2K1 w - - 1 1 steel d1",
			legal: "g1f2",
		},
		{
			name: "2C.1 every capture", position: "4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 1 1 steel -",
			legal: "d1d5 e4d5",
		},
		{
			name: "2C.1 the capture is made", position: "4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 5 1 steel d1",
			actions: "e4d5", want: "4k3/8/8/3B4/8/8/8/3R2K1 b - - 0 1 quiet -",
		},
		{
			// 2C.2: no capture but by the carrier: the phase is skipped.
			name: "2C.2 skipped", position: "4k3/8/8/3p4/8/8/8/3R2K1 w - - 1 1 steel d1",
			want: "4k3/8/8/3p4/8/8/8/3R2K1 b - - 1 1 quiet -", history: "pass",
		},
		{
			// 2C.3: a pawn capturing onto the last rank promotes, by choice.
			name: "2C.3 promotion choices", position: "r1n1k3/1P6/8/8/8/8/8/4K2N w - - 1 1 steel h1",
			legal: "b7a8b b7a8n b7a8q b7a8r b7c8b b7c8n b7c8q b7c8r",
		},
		{
			name: "2C.3 underpromotion", position: "r1n1k3/1P6/8/8/8/8/8/4K2N w - - 1 1 steel h1",
			actions: "b7a8n", want: "N1n1k3/8/8/8/8/8/8/4K2N b - - 0 1 quiet -",
		},
		{
			name: "2C.3 black promotes", position: "4k3/8/8/8/8/8/6p1/4K2R b - - 1 1 steel e8",
			legal: "g2h1b g2h1n g2h1q g2h1r",
		},
		{
			// 2C.4: the turn over, the carrier is an ordinary piece: the
			// rook that was the carrier captures in White's next turn.
			name: "2C.4 carrier released", position: "4k3/8/8/3p4/8/8/8/3R2K1 w - - 1 1 steel d1",
			actions: "e8f8 5 g1h1 3", want: "5k2/8/8/3p4/8/8/8/3R3K w - - 3 2 steel h1", legal: "d1d5",
		},
	})
}

func TestRule3_1_KingCaptured(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "white takes the king", position: "4k3/8/8/8/8/8/8/4RK1N w - - 1 1 steel h1",
			actions: "e1e8", want: "4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -",
			status: "over white", reason: "king captured",
		},
		{
			name: "set up after the capture", position: "4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -",
			want: "4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -", status: "over white", reason: "king captured",
		},
		{
			name: "black takes the king", position: "4k3/8/8/8/8/8/8/r3K3 b - - 1 1 steel e8",
			actions: "a1e1", status: "over black", reason: "king captured",
		},
	})
}

func TestRule3_2_QuietLimit(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "50th quiet turn draws", position: "4k3/8/8/8/8/8/8/4K2R w - - 49 40 quiet -",
			actions: "e1d1 5", want: "4k3/8/8/8/8/8/8/3K3R b - - 50 40 quiet -",
			status: "over draw", reason: "quiet-turn limit",
		},
		{
			name: "49 quiet turns go on", position: "4k3/8/8/8/8/8/8/4K2R w - - 48 40 quiet -",
			actions: "e1d1 5", status: "turn black",
		},
		{
			name: "a capture restarts the count", position: "4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 49 40 steel d1",
			actions: "e4d5", want: "4k3/8/8/3B4/8/8/8/3R2K1 b - - 0 40 quiet -", status: "turn black",
		},
		{
			name: "a pawn removed restarts the count", position: "1k5n/8/8/8/2P5/8/7K/8 w - - 50 40 seidr c4",
			actions: "1 1", want: "1k5n/8/8/8/8/8/7K/8 b - - 0 40 quiet -", status: "turn black",
		},
		{
			name: "a lost turn counts", position: "7k/8/8/8/8/8/nn6/Kn6 w - - 49 1 quiet -",
			status: "over draw", reason: "quiet-turn limit", history: "pass",
		},
		{
			name: "option 3", opts: game.Options{"quiet-limit": "3"}, position: "4k3/8/8/8/8/8/8/4K2R w - - 3 40 quiet -",
			status: "over draw", reason: "quiet-turn limit",
		},
		{
			name: "option off", opts: game.Options{"quiet-limit": "off"}, position: "4k3/8/8/8/8/8/8/4K2R w - - 49 40 quiet -",
			actions: "e1d1 5", want: "4k3/8/8/8/8/8/8/3K3R b - - 50 40 quiet -", status: "turn black",
		},
	})
}

func TestRule3_3_DeadDraw(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "bare kings", position: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 quiet -",
			status: "over draw", reason: "kings alone",
		},
		{
			name: "bare kings after a capture", position: "4k3/8/8/8/8/8/4p3/4K3 w - - 1 1 steel -",
			actions: "e1e2", status: "over draw", reason: "kings alone",
		},
		{
			// At once, in the middle of the seiðr: the last black pawn is
			// removed by 2B.4 and White's carrier is its king.
			name: "in the seidr", position: "3K4/8/8/3p4/8/8/8/k7 w - - 1 1 seidr d8",
			actions: "5", want: "8/8/8/3K4/8/8/8/k7 w - - 0 1 seidr d5", status: "over draw", reason: "kings alone",
		},
		{
			name: "one side has a piece", position: "4k3/8/8/8/8/8/8/4K2R w - - 0 1 quiet -",
			status: "turn white",
		},
		{
			name: "option off", opts: game.Options{"dead-draw": "off"}, position: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 quiet -",
			status: "turn white",
		},
		{
			name: "option off in the seidr", opts: game.Options{"dead-draw": "off"}, position: "3K4/8/8/3p4/8/8/8/k7 w - - 1 1 seidr d8",
			actions: "5", status: "chance",
		},
	})
}

// TestRulingNoQuietMove: when neither player has a quiet move the game is
// drawn; when only the player to move has none, the turn is lost (2A.4).
func TestRulingNoQuietMove(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "neither", position: "6bk/5Ppp/6PP/8/8/pp6/PPp5/KB6 w - - 0 1 quiet -",
			status: "over draw", reason: "no quiet move", history: "",
			want: "6bk/5Ppp/6PP/8/8/pp6/PPp5/KB6 w - - 0 1 quiet -",
		},
		{
			name: "only white", position: "6bk/5Ppp/6P1/8/8/pp6/PPp5/KB6 w - - 0 1 quiet -",
			status: "turn black", history: "pass",
		},
	})
}

// TestRulingPassesInHistory: a skipped call of steel follows a roll, a lost
// turn follows the end of the opponent's turn.
func TestRulingPassesInHistory(t *testing.T) {
	s := setup(t, nil, "7k/8/8/8/8/8/nn6/Kn6 b - - 0 1 quiet -")
	play(t, s, "h8g8 5")
	if got, want := historyText(s), "h8g8 5 pass pass"; got != want {
		t.Errorf("History = %q, want %q", got, want)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got, want := s.Position(), "6k1/8/8/8/8/8/nn6/Kn6 b - - 1 1 seidr g8"; got != want {
		t.Errorf("after Undo: Position = %q, want %q", got, want)
	}
	if got, want := historyText(s), "h8g8"; got != want {
		t.Errorf("after Undo: History = %q, want %q", got, want)
	}
}

func TestRule3_Options(t *testing.T) {
	tests := []struct {
		opts game.Options
		want string // the options in force, or "error"
	}{
		{nil, "dead-draw=on quiet-limit=50"},
		{game.Options{"quiet-limit": "off"}, "dead-draw=on quiet-limit=off"},
		{game.Options{"quiet-limit": "1"}, "dead-draw=on quiet-limit=1"},
		{game.Options{"dead-draw": "off"}, "dead-draw=off quiet-limit=50"},
		{game.Options{"quiet-limit": "0"}, "error"},
		{game.Options{"quiet-limit": "050"}, "error"},
		{game.Options{"quiet-limit": "on"}, "error"},
		{game.Options{"dead-draw": "yes"}, "error"},
		{game.Options{"seidr": "on"}, "error"},
	}
	for _, tc := range tests {
		s, err := Game.New(tc.opts)
		got := "error"
		if err == nil {
			got = s.Options().String()
		} else if !errors.Is(err, game.ErrOption) {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("New(%v) = %q, want %q", tc.opts, got, tc.want)
		}
	}
}
