package chess

import (
	"errors"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Game, gametest.Config{Playouts: 12, DeepEvery: 3})
}

func newState(t *testing.T, fen string) *State {
	t.Helper()
	s, err := Game.Setup(nil, fen)
	if err != nil {
		t.Fatalf("Setup(%q): %v", fen, err)
	}
	return s.(*State)
}

func play(t *testing.T, s game.State, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("play %s at %s: %v", m, s.Position(), err)
		}
	}
}

func TestResults(t *testing.T) {
	tests := []struct {
		name, fen, moves, status, reason string
	}{
		{"fool's mate", StartFEN, "f2f3 e7e5 g2g4 d8h4", "over black", "checkmate"},
		{"scholar's mate in SAN", StartFEN, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#", "over white", "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "f7f6", "turn black", ""},
		{"stalemate after move", "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", "e7f7", "over draw", "stalemate"},
		{"fifty-move rule", "7k/8/8/8/8/8/R7/K7 w - - 99 80", "a2a3", "over draw", "fifty-move rule"},
		{"fifty-move rule reset by pawn", "7k/8/8/8/8/8/P7/K7 w - - 99 80", "a2a3", "turn black", ""},
		{"threefold repetition", StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "over draw", "threefold repetition"},
		{"twofold is not a draw", StartFEN, "g1f3 g8f6 f3g1 f6g8", "turn white", ""},
		{"bare kings", "7k/8/8/8/8/8/8/K6r w - - 0 1", "a1b2 h1h2", "turn white", ""},
		{"insufficient after capture", "7k/8/8/8/8/8/1r6/K7 w - - 0 1", "a1b2", "over draw", "insufficient material"},
		{"king and knight", "7k/8/8/8/8/8/8/KN6 w - - 0 1", "", "over draw", "insufficient material"},
		{"same-color bishops", "7k/8/8/8/8/8/8/KB3b2 w - - 0 1", "", "over draw", "insufficient material"},
		{"opposite-color bishops can mate", "7k/8/8/8/8/8/8/KB4b1 w - - 0 1", "", "turn white", ""},
	}
	for _, tc := range tests {
		s := newState(t, tc.fen)
		play(t, s, tc.moves)
		if got := game.Status(s); got != tc.status || s.Result().Reason != tc.reason {
			t.Errorf("%s: Status = %q (%q), want %q (%q)", tc.name, got, s.Result().Reason, tc.status, tc.reason)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"", "0 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "has 3 fields, want 4 to 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "has 7 fields, want 4 to 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -", "field 1 (board): 7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq -", "rank 1 has 7 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "unknown piece letter '9' on rank 6"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "field 1 (board): rank 7 has more than 8 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/44p/PPPPPPPP/RNBQKBNR w KQkq -", "field 1 (board): rank 3 has more than 8 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/54/PPPPPPPP/RNBQKBNR w KQkq -", "field 1 (board): rank 3 has 9 squares, want 8"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", `unknown piece letter 'x' on rank 7`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -", `field 2 (side to move): "x"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz -", `field 3 (castling): unknown letter 'z'`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq -", `letter 'K' twice`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4", "field 4 (en passant): e4 is not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9", `field 4 (en passant): "z9" is not a square or -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e", `field 4 (en passant): "e" is not a square or -`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "field 5 (halfmove clock)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "field 6 (fullmove number)"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "black has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "pawn on h1"},
		{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "black, not to move, is in check"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K without king on e1 and rook on h1"},
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en-passant square e6"},
	}
	for _, tc := range tests {
		_, err := Game.Setup(nil, tc.fen)
		if err == nil || !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Setup(%q) = %v, want an ErrPosition containing %q", tc.fen, err, tc.want)
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, _ := ParseFEN(c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", c.fen, got)
		}
	}
}

func TestSAN(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d5e6", "dxe6"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7", "Nxf7"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "c3b1", "Nb1"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "a1b1", "Rb1"},
		{"1k6/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1"},
		{"1k6/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"1k6/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "a4d1", "Q4d1"},
		{"1k6/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3", "Qa4b3#"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
	}
	for _, tc := range tests {
		p, _ := ParseFEN(tc.fen)
		m, err := ParseUCI(tc.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SAN(m); got != tc.san {
			t.Errorf("SAN(%q, %s) = %q, want %q", tc.fen, tc.uci, got, tc.san)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if back, err := ParseSAN(&p, tc.san, ml.Slice()); err != nil || back != m {
			t.Errorf("ParseSAN(%q, %q) = %v, %v; want %v", tc.fen, tc.san, back, err, m)
		}
	}
}

func TestParseActionErrors(t *testing.T) {
	s := newState(t, "1k6/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1")
	tests := []struct {
		text string
		want error
	}{
		{"e9e4", game.ErrSyntax},
		{"hello", game.ErrSyntax},
		{"a1a1", game.ErrSyntax},
		{"e1e3", game.ErrIllegal},
		{"a1b3", game.ErrIllegal},
		{"Qd1", ErrAmbiguous},
		{"Qb4", ErrAmbiguous},
		{"Nf3", game.ErrIllegal},
		{"a1a2k", game.ErrSyntax},
	}
	before := s.Position()
	for _, tc := range tests {
		_, err := s.ParseAction(tc.text)
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseAction(%q) = %v, want %v", tc.text, err, tc.want)
		}
	}
	if s.Position() != before {
		t.Errorf("rejected input changed the position to %s", s.Position())
	}
	if err := s.Apply(game.Action(NewMove(E1, E8, NoRole))); !errors.Is(err, game.ErrIllegal) || s.Position() != before {
		t.Errorf("Apply(e1e8) = %v, position %s; want ErrIllegal, unchanged", err, s.Position())
	}
}

func TestUndo(t *testing.T) {
	s := newState(t, StartFEN)
	if err := s.Undo(); !errors.Is(err, game.ErrNoHistory) {
		t.Errorf("Undo at start = %v, want ErrNoHistory", err)
	}
	play(t, s, "e2e4 e7e5 g1f3")
	for range 3 {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if s.Position() != StartFEN {
		t.Errorf("after three undos: %s, want %s", s.Position(), StartFEN)
	}
}

func TestPGN(t *testing.T) {
	s := newState(t, StartFEN)
	play(t, s, "f2f3 e7e5 g2g4 d8h4")
	got := s.PGN(map[string]string{"White": "Ann", "Black": "Bob", "Event": "Test"})
	want := `[Event "Test"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "Ann"]
[Black "Bob"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# {checkmate} 0-1
`
	if got != want {
		t.Errorf("PGN() =\n%s\nwant\n%s", got, want)
	}
	s = newState(t, "4k3/8/8/8/8/8/8/R3K3 b Q - 0 7")
	play(t, s, "e8d7 a1a7")
	if got := s.PGN(nil); !strings.Contains(got, "[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 7\"]\n[SetUp \"1\"]") ||
		!strings.HasSuffix(got, "\n7... Kd7 8. Ra7+ *\n") {
		t.Errorf("PGN from a set-up position:\n%s", got)
	}
}

// FuzzFEN checks that ParseFEN never panics and that what it accepts
// round-trips.
func FuzzFEN(f *testing.F) {
	f.Add(StartFEN)                                                               // the start
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1") // Kiwipete
	f.Add("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1")                                  // en passant
	f.Add("8/8/8/8/8/8/8/8 w - -")                                                // empty, no counters
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra")       // too many fields
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) accepted, but its FEN %q fails: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("round trip of %q: %q then %q", fen, out, q.FEN())
		}
		if p.Validate() == nil {
			var ml MoveList
			p.LegalMoves(&ml) // must not panic on a valid position
		}
	})
}

func BenchmarkRandomGame(b *testing.B) {
	var plies int
	seed := uint64(0)
	for b.Loop() {
		seed++
		s, _ := Game.New(nil)
		r := newRand(seed)
		for !s.Terminal() {
			l := s.Legal()
			s.ApplyUnchecked(l[r.IntN(len(l))])
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
