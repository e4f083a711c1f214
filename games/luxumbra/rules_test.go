package luxumbra

import (
	"errors"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Moves of the start position from light squares (LL) and dark squares (SS).
const (
	startLight = "a2a3 a2a4 b1a3 b1c3 c2c3 c2c4 e2e3 e2e4 g2g3 g2g4"
	startDark  = "b2b3 b2b4 d2d3 d2d4 f2f3 f2f4 g1f3 g1h3 h2h3 h2h4"
)

// legalCase is a position, the actions played from it, and the legal
// actions then expected.
type legalCase struct {
	name, pos string
	opts      game.Options
	play      []string
	want      string
}

func runLegal(t *testing.T, tests []legalCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.opts, tc.pos)
			play(t, s, tc.play...)
			if got := legalText(s); got != tc.want {
				t.Errorf("Legal(%q after %v) = %q, want %q", tc.pos, tc.play, got, tc.want)
			}
		})
	}
}

// TestRule1_1_NoCheck: the king in check need not be saved; no castling; no
// en passant.
func TestRule1_1_NoCheck(t *testing.T) {
	runLegal(t, []legalCase{
		// The white king on e1 stands in check from e7; with LL only the pawn
		// on the light square a2 moves, and its moves stay legal.
		{name: "check ignored", pos: "4k3/4r3/8/8/8/8/P7/4K3 w - - 0 1 LL", want: "a2a3 a2a4"},
		// King and rooks on their squares, nothing between: no castling.
		{name: "no castling", pos: "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1 SS",
			want: "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2"},
		// Black's d7-d5 passes the white pawn on e5: no capture e5xd6.
		{name: "no en passant", pos: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 --",
			play: []string{"LL", "d7d5", "e8e7", "SS"}, want: "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6"},
	})
	s := setup(t, nil, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 --")
	play(t, s, "LL", "d7d5", "e8e7")
	if got, want := s.Position(), "8/4k3/8/3pP3/8/8/8/4K3 w - - 1 2 --"; got != want {
		t.Errorf("Position(after d7d5 e8e7) = %q, want %q", got, want)
	}
	for _, pos := range []string{
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 --",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 --",
	} {
		if _, err := Game.Setup(nil, pos); !errors.Is(err, game.ErrPosition) {
			t.Errorf("Setup(%q) = %v, want ErrPosition", pos, err)
		}
	}
}

// TestRule1_1_NoDraws: material that is a draw in chess, and a position
// repeated, do not end the game.
func TestRule1_1_NoDraws(t *testing.T) {
	s := setup(t, nil, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1 --")
	// g1 and f3 are dark and light, g8 and f6 light and dark: the knights
	// go out and back, twice.
	for range 2 {
		play(t, s, "LS", "g1f3", "f3g1", "LS", "g8f6", "f6g8")
	}
	if got := s.Result(); got.Kind != game.Ongoing {
		t.Errorf("Result(after repetitions with minor pieces) = %+v, want Ongoing", got)
	}
	if got, want := s.Position(), "4k1n1/8/8/8/8/8/8/4K1N1 w - - 8 3 --"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

// TestRule1_2_KingAttacked: a king steps onto attacked squares and can be
// taken there.
func TestRule1_2_KingAttacked(t *testing.T) {
	// The rook on a2 attacks d2, e2 and f2.
	runLegal(t, []legalCase{
		{name: "king moves", pos: "4k3/8/8/8/8/8/r7/4K2N w - - 0 1 SS", want: "e1d1 e1d2 e1e2 e1f1 e1f2"},
	})
	s := setup(t, nil, "4k3/8/8/8/8/8/r7/4K2N w - - 0 1 SS")
	play(t, s, "e1e2", "LS") // no Shadow piece can move after e1e2: the turn ends
	if !slices.Contains(s.Legal(), game.Action(chess.NewMove(chess.SquareAt(0, 1), chess.SquareAt(4, 1), chess.NoRole))) {
		t.Errorf("Legal(%q) = %s, want a2e2 (the capture of the king)", s.Position(), legalText(s))
	}
}

// TestRule2_1_Dice: two dice, LL 1/4, LS 1/2, SS 1/4.
func TestRule2_1_Dice(t *testing.T) {
	s := setup(t, nil, StartPosition)
	want := []game.Outcome{{Action: RollLL, Prob: 0.25}, {Action: RollLS, Prob: 0.5}, {Action: RollSS, Prob: 0.25}}
	if got := s.ChanceOutcomes(); !slices.Equal(got, want) {
		t.Errorf("ChanceOutcomes(start) = %v, want %v", got, want)
	}
	if got := s.Player(); got != game.Chance {
		t.Errorf("Player(start) = %v, want Chance", got)
	}
	if got, want := legalText(s), "LL LS SS"; got != want {
		t.Errorf("Legal(start) = %q, want %q", got, want)
	}
}

// TestRule2_2_SquareColours: Light is a light square (h1), Shadow a dark one
// (a1).
func TestRule2_2_SquareColours(t *testing.T) {
	if chess.A1.IsLight() || !chess.H1.IsLight() {
		t.Fatalf("a1 light %v, h1 light %v; want false, true", chess.A1.IsLight(), chess.H1.IsLight())
	}
	runLegal(t, []legalCase{
		{name: "LL", pos: StartPosition, play: []string{"LL"}, want: startLight},
		{name: "SS", pos: StartPosition, play: []string{"SS"}, want: startDark},
		// The rook on a1 (dark) moves with S, the rook on h1 (light) with L.
		{name: "a1 dark", pos: "4k3/1p6/8/8/8/8/8/R3K2R w - - 0 1 SS",
			want: "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2"},
		{name: "h1 light", pos: "4k3/1p6/8/8/8/8/8/R3K2R w - - 0 1 LL",
			want: "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
	})
}

// TestRule3_1_Roll: every turn begins with a roll of the player to move.
func TestRule3_1_Roll(t *testing.T) {
	s := setup(t, nil, StartPosition)
	play(t, s, "LS", "e2e4", "g1f3")
	if got := s.Player(); got != game.Chance {
		t.Errorf("Player(after White's turn) = %v, want Chance", got)
	}
	if got, want := s.Position(), "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b - - 1 1 --"; got != want {
		t.Errorf("Position(after White's turn) = %q, want %q", got, want)
	}
	play(t, s, "SS")
	if got := s.Player(); got != game.Player(chess.Black) {
		t.Errorf("Player(after Black's roll) = %v, want black", got)
	}
}

// TestRule3_2_FirstMove: any move of a piece on a rolled colour, captures
// and promotions with a choice included.
func TestRule3_2_FirstMove(t *testing.T) {
	runLegal(t, []legalCase{
		// a7 and e1 are dark: the pawn promotes to any of four, or takes b8.
		{name: "promotion", pos: "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1 SS",
			want: "a7a8b a7a8n a7a8q a7a8r a7b8b a7b8n a7b8q a7b8r e1d1 e1d2 e1e2 e1f1 e1f2"},
		// With LS the pieces of both colours move.
		{name: "LS", pos: StartPosition, play: []string{"LS"}, want: "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4"},
	})
	s := setup(t, nil, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1 SS")
	play(t, s, "a7b8n")
	if got, want := s.Position(), "1N2k3/8/8/8/8/8/8/4K3 w - - 0 1 sS"; got != want {
		t.Errorf("Position(after a7b8n) = %q, want %q", got, want)
	}
}

// TestRule3_3_SecondMove: the second move uses the other die; the same
// piece may move again; with no such move the turn ends.
func TestRule3_3_SecondMove(t *testing.T) {
	runLegal(t, []legalCase{
		// g1 is dark, f3 light: after g1f3 the knight moves again with L.
		{name: "same piece again", pos: StartPosition, play: []string{"LS", "g1f3"},
			want: "a2a3 a2a4 b1a3 b1c3 c2c3 c2c4 e2e3 e2e4 f3d4 f3e5 f3g1 f3g5 f3h4 g2g3 g2g4 h1g1"},
		// After a Light move only Shadow moves remain (e1e2 and g1e2 now open).
		{name: "other die", pos: StartPosition, play: []string{"LS", "e2e4"},
			want: "b2b3 b2b4 d2d3 d2d4 e1e2 f2f3 f2f4 g1e2 g1f3 g1h3 h2h3 h2h4"},
		// LL: the second move is a Light move too.
		{name: "double", pos: StartPosition, play: []string{"LL", "e2e4"},
			want: "a2a3 a2a4 b1a3 b1c3 c2c3 c2c4 d1e2 d1f3 d1g4 d1h5 e4e5 f1a6 f1b5 f1c4 f1d3 f1e2 g2g3 g2g4"},
	})
	// The white pawn on a2 (light) is blocked: after the king's Shadow move
	// to b2 no Light move is left, and the turn ends with a pass.
	s := setup(t, nil, "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LS")
	play(t, s, "a1b2")
	if got, want := historyText(s), "a1b2 pass"; got != want {
		t.Errorf("History(after a1b2) = %q, want %q", got, want)
	}
	if got, want := s.Position(), "4k3/8/8/8/8/p7/PK6/8 b - - 1 1 --"; got != want {
		t.Errorf("Position(after a1b2) = %q, want %q", got, want)
	}
	if err := s.Undo(); err != nil {
		t.Fatalf("Undo: %v", err)
	}
	if got, want := s.Position(), "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LS"; got != want || len(s.History()) != 0 {
		t.Errorf("Position(after Undo) = %q, history %v; want %q and none", got, s.History(), want)
	}
	// The king's move to b1 (light) leaves a Light move: the king again.
	play(t, s, "a1b1")
	if got, want := legalText(s), "b1a1 b1b2 b1c1 b1c2"; got != want {
		t.Errorf("Legal(after a1b1) = %q, want %q", got, want)
	}
}

// TestRule3_4_EitherDie: with LS the player picks the die by the square
// moved from, even when the other order would allow two moves.
func TestRule3_4_EitherDie(t *testing.T) {
	// Light first (a2 blocked) is impossible; Shadow first with a1b2 leaves
	// no Light move, a1b1 leaves one. Both are legal.
	runLegal(t, []legalCase{
		{name: "choice", pos: "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LS", want: "a1b1 a1b2"},
	})
	s := setup(t, nil, StartPosition)
	play(t, s, "LS", "g1f3")
	if got, want := s.Dice(), "Ls"; got != want {
		t.Errorf("Dice(after LS g1f3) = %q, want %q", got, want)
	}
	s = setup(t, nil, StartPosition)
	play(t, s, "LS", "e2e4")
	if got, want := s.Dice(), "lS"; got != want {
		t.Errorf("Dice(after LS e2e4) = %q, want %q", got, want)
	}
}

// TestRule3_5_NoSkip: a possible move must be made; there is no pass.
func TestRule3_5_NoSkip(t *testing.T) {
	s := setup(t, nil, StartPosition)
	play(t, s, "LS", "e2e4")
	if slices.Contains(s.Legal(), Pass) {
		t.Errorf("Legal(%q) contains pass", s.Position())
	}
	if err := s.Apply(Pass); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Apply(pass) = %v, want ErrIllegal", err)
	}
	if _, err := s.ParseAction("pass"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(%q) = %v, want ErrIllegal", "pass", err)
	}
	if got := s.Player(); got != game.Player(chess.White) {
		t.Errorf("Player(after the refused pass) = %v, want white", got)
	}
}

// resultCase is a position, the actions played from it, and the result
// expected.
type resultCase struct {
	name, pos string
	opts      game.Options
	play      []string
	want      game.Result
	wantPos   string
}

func runResults(t *testing.T, tests []resultCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.opts, tc.pos)
			play(t, s, tc.play...)
			got := s.Result()
			if got.Kind != tc.want.Kind || !slices.Equal(got.Winners, tc.want.Winners) || got.Reason != tc.want.Reason {
				t.Errorf("Result(%q after %v) = %+v, want %+v", tc.pos, tc.play, got, tc.want)
			}
			if tc.wantPos != "" && s.Position() != tc.wantPos {
				t.Errorf("Position(%q after %v) = %q, want %q", tc.pos, tc.play, s.Position(), tc.wantPos)
			}
			if tc.want.Kind != game.Ongoing {
				if s.Player() != game.NoPlayer || len(s.Legal()) != 0 {
					t.Errorf("Player, Legal(%q after %v) = %v, %v; want NoPlayer, none", tc.pos, tc.play, s.Player(), s.Legal())
				}
				// The finished position reads back to the same result.
				back := setup(t, tc.opts, s.Position())
				if r := back.Result(); r.Kind != got.Kind || r.Reason != got.Reason || !slices.Equal(r.Winners, got.Winners) {
					t.Errorf("Setup(%q).Result() = %+v, want %+v", s.Position(), r, got)
				}
			}
		})
	}
}

var (
	whiteWins = []game.Player{game.Player(chess.White)}
	blackWins = []game.Player{game.Player(chess.Black)}
)

// TestRule3_6_NoFirstMove: a roll that allows no first move loses.
func TestRule3_6_NoFirstMove(t *testing.T) {
	// White has the blocked pawn on a2 (light) and the king on a1 (dark).
	const pos = "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 --"
	runResults(t, []resultCase{
		{name: "LL", pos: pos, play: []string{"LL"}, want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "no move"},
			wantPos: "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LL"},
		{name: "SS", pos: pos, play: []string{"SS"}, want: game.Result{}},
		{name: "LS", pos: pos, play: []string{"LS"}, want: game.Result{}},
	})
}

// TestRule4_1_KingCaptured: taking the king wins at once, even with the
// first move of a turn.
func TestRule4_1_KingCaptured(t *testing.T) {
	runResults(t, []resultCase{
		// The rook on a1 (dark) takes the king with the Shadow die; the Light
		// die is left unused.
		{name: "first move", pos: "k7/7p/8/8/8/8/8/R3K3 w - - 0 1 LS", play: []string{"a1a8"},
			want: game.Result{Kind: game.Win, Winners: whiteWins, Reason: "king captured"}, wantPos: "R7/7p/8/8/8/8/8/4K3 w - - 0 1 Ls"},
		// The king on d1 (light) steps aside, then the rook takes.
		{name: "second move", pos: "k7/7p/8/8/8/8/8/R2K4 w - - 0 1 LS", play: []string{"d1c2", "a1a8"},
			want: game.Result{Kind: game.Win, Winners: whiteWins, Reason: "king captured"}, wantPos: "R7/7p/8/8/8/8/2K5/8 w - - 0 1 ls"},
		{name: "by the king", pos: "8/p7/8/8/8/8/3k4/4K2R b - - 0 1 --", play: []string{"SS", "d2e1"},
			want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "king captured"}, wantPos: "8/p7/8/8/8/8/8/4k2R b - - 0 1 sS"},
		{name: "set up", pos: "8/p7/8/8/8/8/8/4k2R w - - 0 1 --", want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "king captured"}},
	})
}

// TestRule4_2_BareKing: a player left with only the king loses at once.
func TestRule4_2_BareKing(t *testing.T) {
	runResults(t, []resultCase{
		{name: "first move", pos: "k7/p7/8/8/8/8/8/R3K3 w - - 0 1 LS", play: []string{"a1a7"},
			want: game.Result{Kind: game.Win, Winners: whiteWins, Reason: "bare king"}, wantPos: "k7/R7/8/8/8/8/8/4K3 w - - 0 1 Ls"},
		{name: "set up, white bare", pos: "k7/p7/8/8/8/8/8/4K3 w - - 0 1 --",
			want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "bare king"}},
		{name: "set up, black bare", pos: "k7/8/8/8/8/8/8/R3K3 b - - 0 1 --",
			want: game.Result{Kind: game.Win, Winners: whiteWins, Reason: "bare king"}},
		{name: "pieces left", pos: "k7/pp6/8/8/8/8/8/R3K3 w - - 0 1 LS", play: []string{"a1a7"}, want: game.Result{}},
	})
	if _, err := Game.Setup(nil, "k7/8/8/8/8/8/8/4K3 w - - 0 1 --"); !errors.Is(err, game.ErrPosition) {
		t.Errorf("Setup(two bare kings) = %v, want ErrPosition", err)
	}
}

// TestRule4_3_CannotMove: the player who cannot make a first move loses
// (4.3 restates 3.6), whichever colours the dice show.
func TestRule4_3_CannotMove(t *testing.T) {
	// The white king on b1 (light) and the blocked pawn on a2 (light): no
	// piece on a dark square.
	const pos = "4k3/8/8/8/8/p7/P7/1K6 w - - 0 1 --"
	runResults(t, []resultCase{
		{name: "SS", pos: pos, play: []string{"SS"}, want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "no move"}},
		{name: "LS", pos: pos, play: []string{"LS"}, want: game.Result{}},
		{name: "set up after the roll", pos: "4k3/8/8/8/8/p7/P7/1K6 w - - 0 1 SS", want: game.Result{Kind: game.Win, Winners: blackWins, Reason: "no move"}},
	})
}

// TestRule4_4_MaxTurns: the max-turns limit stops the game as unfinished
// once the turns are complete, never as a draw.
func TestRule4_4_MaxTurns(t *testing.T) {
	turns := []string{"LL", "a2a3", "c2c3", "LL", "b7b6", "d7d6"}
	unfinished := game.Result{Kind: game.Unfinished, Reason: "max-turns"}
	runResults(t, []resultCase{
		{name: "after 2", pos: StartPosition, opts: game.Options{"max-turns": "2"}, play: turns, want: unfinished,
			wantPos: "rnbqkbnr/p1p1pppp/1p1p4/8/8/P1P5/1P1PPPPP/RNBQKBNR w - - 0 2 --"},
		{name: "before 2", pos: StartPosition, opts: game.Options{"max-turns": "2"}, play: turns[:5], want: game.Result{}},
		{name: "after 1", pos: StartPosition, opts: game.Options{"max-turns": "1"}, play: turns[:3], want: unfinished},
		{name: "off", pos: StartPosition, play: turns, want: game.Result{}},
		{name: "from the move number", pos: "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 11 --", opts: game.Options{"max-turns": "20"}, want: unfinished},
		{name: "win on the last move stands", pos: "k7/7p/8/8/8/8/8/R3K3 w - - 0 1 --", opts: game.Options{"max-turns": "1"},
			play: []string{"SS", "e1d1", "a1a8"}, want: game.Result{Kind: game.Win, Winners: whiteWins, Reason: "king captured"}},
	})
	s := setup(t, game.Options{"max-turns": "1"}, StartPosition)
	play(t, s, turns[:3]...)
	if got := s.Returns(); !slices.Equal(got, []float64{0, 0}) {
		t.Errorf("Returns(unfinished) = %v, want [0 0]", got)
	}
	for _, v := range []string{"0", "-1", "x", "on", "01"} {
		if _, err := Game.New(game.Options{"max-turns": v}); !errors.Is(err, game.ErrOption) {
			t.Errorf("New(max-turns=%s) = %v, want ErrOption", v, err)
		}
	}
}

// TestRule5_Balance: under balance=on White's first turn rolls one die and
// makes one move; from then on every turn rolls two.
func TestRule5_Balance(t *testing.T) {
	on := game.Options{"balance": "on"}
	st, err := Game.New(on)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if got, want := s.Position(), BalanceStartPosition; got != want {
		t.Errorf("Position(New(balance=on)) = %q, want %q", got, want)
	}
	wantOne := []game.Outcome{{Action: RollL, Prob: 0.5}, {Action: RollS, Prob: 0.5}}
	if got := s.ChanceOutcomes(); !slices.Equal(got, wantOne) {
		t.Errorf("ChanceOutcomes(balance start) = %v, want %v", got, wantOne)
	}
	play(t, s, "S")
	if got := legalText(s); got != startDark {
		t.Errorf("Legal(balance start, S) = %q, want %q", got, startDark)
	}
	play(t, s, "g1f3") // f3 is light, but there is no second die
	if got, want := historyText(s), "S g1f3"; got != want {
		t.Errorf("History(after S g1f3) = %q, want %q", got, want)
	}
	if got := s.ChanceOutcomes(); !slices.Equal(got, twoDice) || s.Board().Turn() != chess.Black {
		t.Errorf("ChanceOutcomes(Black's first turn) = %v (turn %s), want %v for black", got, s.Board().Turn(), twoDice)
	}
	play(t, s, "LS", "e7e5", "d7d5")
	if got := s.ChanceOutcomes(); !slices.Equal(got, twoDice) {
		t.Errorf("ChanceOutcomes(White's second turn) = %v, want %v", got, twoDice)
	}
	if _, err := s.ParseAction("L"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(%q) on White's second turn = %v, want ErrIllegal", "L", err)
	}
	// Without the option the first turn rolls two dice.
	st, _ = Game.New(nil)
	if got := st.ChanceOutcomes(); !slices.Equal(got, twoDice) {
		t.Errorf("ChanceOutcomes(New()) = %v, want %v", got, twoDice)
	}
	// The dice field must agree with the option.
	for _, tc := range []struct {
		opts game.Options
		pos  string
	}{
		{on, StartPosition},
		{nil, BalanceStartPosition},
		{on, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 -"},
		{on, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 2 -"},
	} {
		if _, err := Game.Setup(tc.opts, tc.pos); !errors.Is(err, game.ErrPosition) {
			t.Errorf("Setup(%v, %q) = %v, want ErrPosition", tc.opts, tc.pos, err)
		}
	}
}

// TestRule6_Notation: moves in UCI, rolls as LL, LS, SS, L, S.
func TestRule6_Notation(t *testing.T) {
	s := setup(t, nil, StartPosition)
	for _, tc := range []struct {
		a    game.Action
		want string
	}{
		{RollLL, "LL"}, {RollLS, "LS"}, {RollSS, "SS"}, {RollL, "L"}, {RollS, "S"}, {Pass, "pass"},
		{game.Action(chess.NewMove(chess.SquareAt(6, 0), chess.SquareAt(5, 2), chess.NoRole)), "g1f3"},
		{game.Action(chess.NewMove(chess.SquareAt(0, 6), chess.SquareAt(0, 7), chess.Queen)), "a7a8q"},
		{0, "invalid(0)"}, {0x8000, "invalid(32768)"}, {0xffffffff, "invalid(4294967295)"},
	} {
		if got := s.ActionString(tc.a); got != tc.want {
			t.Errorf("ActionString(%d) = %q, want %q", tc.a, got, tc.want)
		}
	}
	play(t, s, "LS")
	for _, text := range []string{"Nf3", "g1f3"} {
		a, err := s.ParseAction(text)
		if err != nil || s.ActionString(a) != "g1f3" {
			t.Errorf("ParseAction(%q) = %s, %v, want g1f3", text, s.ActionString(a), err)
		}
	}
}

// TestSortMoves: the linear sort agrees with sorting by value.
func TestSortMoves(t *testing.T) {
	for _, pos := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS",
		"1n2k1n1/P1P3PP/8/8/8/8/pp4p1/R3K1NR w - - 0 1 LS",
		"1n2k1n1/P1P3PP/8/8/8/8/pp4p1/R3K1NR b - - 0 1 LS",
	} {
		s := setup(t, nil, pos)
		var ml chess.MoveList
		s.cur.pos.PseudoMoves(&ml, ^chess.Bitboard(0), ^chess.Bitboard(0))
		got := slices.Clone(ml.Slice())
		sortMoves(got)
		want := slices.Clone(ml.Slice())
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("sortMoves(moves of %q) = %v, want %v", pos, got, want)
		}
	}
}
