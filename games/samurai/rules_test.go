package samurai

import (
	"errors"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

func TestRule1_1_CardTypes(t *testing.T) {
	// Every one of K Q R B N P is a card; other letters are not.
	s := setup(t, nil, "4k3/pp6/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPkp/] w - - 0 1")
	if got, want := s.Hand(chess.White).String(), "KQRBNP"; got != want {
		t.Errorf("F(%q) = %v, want %v", "white's hand", got, want)
	}
	for _, bad := range []string{"[KXk/]", "[Kk/1]", "[Kk/X]"} {
		_, err := Game.Setup(nil, "4k3/8/8/8/8/8/8/4K3"+bad+" w - - 0 1")
		if !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), "is no card") {
			t.Errorf("F(%q) = %v, want an error saying it is no card", bad, err)
		}
	}
}

func TestRule1_2_StartingHands(t *testing.T) {
	s, _ := Game.New(nil)
	st := s.(*State)
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if got, want := st.Hand(c).String(), "KQRBNPP"; got != want {
			t.Errorf("F(%q) = %v, want %v", c.String()+"'s hand", got, want)
		}
	}
	if got := s.Position(); got != StartPosition {
		t.Errorf("F(%q) = %v, want %v", "New", got, StartPosition)
	}
}

func TestRule1_3_OptionDeck(t *testing.T) {
	tests := []struct{ deck, want string }{
		{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1"},
		{"QRBN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1"},
		{"-", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/] w KQkq - 0 1"},
		{"QQ", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QQ] w KQkq - 0 1"},
		{"QQRRBBNN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QQRRBBNN] w KQkq - 0 1"},
	}
	for _, tc := range tests {
		opts := game.Options{}
		if tc.deck != "" {
			opts["deck"] = tc.deck
		}
		s, err := Game.New(opts)
		if err != nil {
			t.Fatalf("New(deck=%s): %v", tc.deck, err)
		}
		if got := s.Position(); got != tc.want {
			t.Errorf("F(%q) = %v, want %v", tc.deck, got, tc.want)
		}
	}
	for _, bad := range []string{"NQ", "QQQ", "K", "P", "", "qrbn"} {
		if _, err := Game.New(game.Options{"deck": bad}); !errors.Is(err, game.ErrOption) {
			t.Errorf("F(%q) = %v, want an error wrapping ErrOption", bad, err)
		}
	}
}

func TestRule1_4_OpenInformation(t *testing.T) {
	// Both hands and the deck are in the position and the diagram.
	s, _ := Game.New(nil)
	play(t, s, "e2e4")
	if got, want := s.Position(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[KQRBNPkqrbnppp/QRBN] b KQkq - 0 1"; got != want {
		t.Errorf("F(%q) = %v, want %v", "e2e4", got, want)
	}
	want := "white's cards: KQRBNP\nblack's cards: KQRBNPPP\ndeck: QRBN"
	if got := s.String(); !strings.HasSuffix(got, want) {
		t.Errorf("F(%q) = %v, want it to end with %v", "String", got, want)
	}
}

func TestRule1_5_Invariant(t *testing.T) {
	runAfter(t, []afterCase{
		// White's queen takes Black's last knight; White has no knight, so
		// Black's two N cards go to the deck.
		{name: "to the deck", position: "4k3/p7/8/3n4/8/8/P7/3QK3[KQPknnp/] w - - 0 1", moves: "d1d5",
			want: "4k3/p7/8/3Q4/8/8/P7/4K3[KQPkp/NN] b - - 0 1"},
		// White's knight takes Black's last knight: one N card by 3.1,
		// the other by 1.5.
		{name: "to the opponent", position: "4k3/p7/8/3n4/8/4N3/P7/4K3[KNPknnp/] w - - 0 1", moves: "e3d5",
			want: "4k3/p7/8/3N4/8/8/P7/4K3[KNNNPkp/] b - - 0 1"},
	})
	_, err := Game.Setup(nil, "4k3/8/8/8/8/8/8/4K3[KQk/] w - - 0 1")
	if want := "white holds 1 Q card(s) but has no Q on the board (invariant 1.5)"; err == nil || !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), want) {
		t.Errorf("F(%q) = %v, want %v", "[KQk/]", err, want)
	}
}

func TestRule2_1_MoveNeedsCard(t *testing.T) {
	tests := []struct{ position, want string }{
		// No N card: the knight on b1 cannot move.
		{"4k3/p7/8/8/8/8/P7/1N2K3[KPkp/N] w - - 0 1", "a2a3 a2a4 e1d1 e1d2 e1e2 e1f1 e1f2"},
		{"4k3/p7/8/8/8/8/P7/1N2K3[KNPkp/] w - - 0 1", "a2a3 a2a4 b1a3 b1c3 b1d2 e1d1 e1d2 e1e2 e1f1 e1f2"},
		// No K card: only the knight moves.
		{"4k3/p7/8/8/8/8/8/1N2K3[Nkp/] w - - 0 1", "b1a3 b1c3 b1d2"},
	}
	for _, tc := range tests {
		if got := legalText(setup(t, nil, tc.position)); got != tc.want {
			t.Errorf("F(%q) = %v, want %v", tc.position, got, tc.want)
		}
	}
}

func TestRule2_2_GiveCard(t *testing.T) {
	runAfter(t, []afterCase{
		{name: "gives", position: StartPosition, moves: "e2e4",
			want: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[KQRBNPkqrbnppp/QRBN] b KQkq - 0 1"},
		{name: "gives the last", position: StartPosition, moves: "g1f3",
			want: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[KQRBPPkqrbnnpp/QRBN] b KQkq - 1 1"},
		// Black has no queen: White keeps the Q card.
		{name: "keeps", position: "4k3/p7/8/8/8/8/P7/3QK3[KQPkp/] w - - 0 1", moves: "d1d4",
			want: "4k3/p7/8/8/3Q4/8/P7/4K3[KQPkp/] b - - 1 1"},
	})
}

func TestRule2_3_Castling(t *testing.T) {
	const pos = "r3k2r/p7/8/8/8/8/P7/R3K2R[KRPkrp/] w KQkq - 0 1"
	runAfter(t, []afterCase{
		// Castling gives the K card; the rook's card stays.
		{name: "gives K", position: pos, moves: "e1g1",
			want: "r3k2r/p7/8/8/8/8/P7/R4RK1[RPkkrp/] b kq - 1 1"},
		{name: "O-O-O", position: pos, moves: "O-O-O",
			want: "r3k2r/p7/8/8/8/8/P7/2KR3R[RPkkrp/] b kq - 1 1"},
	})
	tests := []struct {
		name     string
		opts     game.Options
		position string
		move     string
		legal    bool
	}{
		{"with K card", nil, pos, "e1g1", true},
		{"no K card", nil, "r3k2r/p7/8/8/8/8/P7/R3K2R[RPkkrp/] w KQkq - 0 1", "e1g1", false},
		{"no K card, the rook moves", nil, "r3k2r/p7/8/8/8/8/P7/R3K2R[RPkkrp/] w KQkq - 0 1", "h1g1", true},
		{"no R card needed", nil, "r3k2r/p7/8/8/8/8/P7/R3K2R[KPkrrp/] w KQkq - 0 1", "e1c1", true},
		{"castling=off", game.Options{"castling": "off"}, pos, "e1g1", false},
	}
	for _, tc := range tests {
		s := setup(t, tc.opts, tc.position)
		if got := strings.Contains(" "+legalText(s)+" ", " "+tc.move+" "); got != tc.legal {
			t.Errorf("F(%q) = %v, want %v", tc.name+": "+tc.move, got, tc.legal)
		}
	}
	// castling=off clears the rights.
	s := setup(t, game.Options{"castling": "off"}, pos)
	if got, want := s.Position(), "r3k2r/p7/8/8/8/8/P7/R3K2R[KRPkrp/] w - - 0 1"; got != want {
		t.Errorf("F(%q) = %v, want %v", "castling=off", got, want)
	}
	s2, _ := Game.New(game.Options{"castling": "off"})
	if got, want := s2.Position(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w - - 0 1"; got != want {
		t.Errorf("F(%q) = %v, want %v", "New castling=off", got, want)
	}
}

func TestRule2_4_EnPassant(t *testing.T) {
	const pos = "4k3/8/8/3pP3/8/8/8/4K3[KPkp/] w - d6 0 2"
	runAfter(t, []afterCase{
		// Black has no pawn left: White keeps the P card (2.2) and takes
		// Black's (3.1).
		{name: "pawn move", position: pos, moves: "e5d6",
			want: "4k3/8/3P4/8/8/8/8/4K3[KPPk/] b - - 0 2"},
		// With en-passant=off no en-passant square arises.
		{name: "off: no square", opts: game.Options{"en-passant": "off"},
			position: "4k3/8/8/8/4p3/8/3P4/4K3[KPkp/] w - - 0 1", moves: "d2d4",
			want: "4k3/8/8/8/3Pp3/8/8/4K3[Kkpp/] b - - 0 1"},
		{name: "on: square", position: "4k3/8/8/8/4p3/8/3P4/4K3[KPkp/] w - - 0 1", moves: "d2d4",
			want: "4k3/8/8/8/3Pp3/8/8/4K3[Kkpp/] b - d3 0 1"},
	})
	tests := []struct {
		name     string
		opts     game.Options
		position string
		legal    bool
	}{
		{"with P card", nil, pos, true},
		{"no P card", nil, "4k3/8/8/3pP3/8/8/8/4K3[Kkp/] w - d6 0 2", false},
		{"en-passant=off", game.Options{"en-passant": "off"}, pos, false},
	}
	for _, tc := range tests {
		s := setup(t, tc.opts, tc.position)
		if got := strings.Contains(legalText(s), "e5d6"); got != tc.legal {
			t.Errorf("F(%q) = %v, want %v", tc.name, got, tc.legal)
		}
	}
}

func TestRule2_5_PromotionIsPawnMove(t *testing.T) {
	if got, want := legalText(setup(t, nil, "4k3/1P6/8/8/8/8/8/4K3[Kk/QRBN] w - - 0 1")), "e1d1 e1d2 e1e2 e1f1 e1f2"; got != want {
		t.Errorf("F(%q) = %v, want %v", "no P card", got, want)
	}
	runAfter(t, []afterCase{
		// The P card: White keeps it (Black has no pawn), then, with no
		// pawn left, it goes to the deck (1.5); the Q card comes from the
		// deck (4.2).
		{name: "promote", position: "4k3/1P6/8/8/8/8/8/4K3[KPk/QRBN] w - - 0 1", moves: "b7b8q",
			want: "1Q2k3/8/8/8/8/8/8/4K3[KQk/RBNP] b - - 0 1"},
		// Black has pawns: White gives the P card to Black.
		{name: "gives P", position: "4k3/1P6/8/8/8/8/7p/4K3[KPk/QRBN] w - - 0 1", moves: "b7b8n",
			want: "1N2k3/8/8/8/8/8/7p/4K3[KNkp/QRB] b - - 0 1"},
	})
}

func TestRule3_1_Capture(t *testing.T) {
	runAfter(t, []afterCase{
		// Black keeps a knight: White gives N (2.2), Black gives N (3.1).
		{name: "victim gives", position: "4k3/p7/8/3n4/8/4N3/P7/n3K3[KNPknp/] w - - 0 1", moves: "e3d5",
			want: "4k3/p7/8/3N4/8/8/P7/n3K3[KNPknp/] b - - 0 1"},
		// White has no knight: Black keeps the N card.
		{name: "capturer has no such piece", position: "4k3/p7/8/3n4/8/8/P7/n2QK3[KQPknp/] w - - 0 1", moves: "d1d5",
			want: "4k3/p7/8/3Q4/8/8/P7/n3K3[KQPknp/] b - - 0 1"},
		// Black holds no B card: nothing to give.
		{name: "victim holds none", position: "4k3/p7/8/3b4/8/8/P7/b2QK3[KQPkp/] w - - 0 1", moves: "d1d5",
			want: "4k3/p7/8/3Q4/8/8/P7/b3K3[KQPkp/] b - - 0 1"},
		// A pawn takes a pawn: White gives P, Black gives P.
		{name: "pawn takes pawn", position: "4k3/8/8/3p4/4P3/8/8/4K3[KPkpp/] w - - 0 1", moves: "e4d5",
			want: "4k3/8/8/3P4/8/8/8/4K3[KPPPk/] b - - 0 1"},
	})
}

func TestRule3_2_LastPieceCaptured(t *testing.T) {
	runAfter(t, []afterCase{
		// Black's last knight: White keeps its N (2.2), gets one N (3.1)
		// and the rest (1.5); afterwards White keeps the N card when
		// moving knights.
		{name: "to the capturer", position: "4k3/p7/8/3n4/8/4N3/P7/4K3[KNPknnp/] w - - 0 1", moves: "e3d5 a7a6 d5c3",
			want: "4k3/8/p7/8/8/2N5/P7/4K3[KNNNPPk/] b - - 1 2"},
		{name: "to the deck", position: "4k3/p7/8/3n4/8/8/P7/3QK3[KQPknnp/] w - - 0 1", moves: "d1d5",
			want: "4k3/p7/8/3Q4/8/8/P7/4K3[KQPkp/NN] b - - 0 1"},
	})
}

func TestRule4_1_PromotionChoice(t *testing.T) {
	got := legalText(setup(t, nil, "4k3/1P6/8/8/8/8/8/4K3[KPk/QRBN] w - - 0 1"))
	if want := "b7b8b b7b8n b7b8q b7b8r e1d1 e1d2 e1e2 e1f1 e1f2"; got != want {
		t.Errorf("F(%q) = %v, want %v", "promotion", got, want)
	}
}

func TestRule4_2_PromotionCard(t *testing.T) {
	runAfter(t, []afterCase{
		// Black holds a Q card: White receives it, not the deck's.
		{name: "from the opponent", position: "4k3/1P6/8/7q/8/8/8/4K3[KPkq/Q] w - - 0 1", moves: "b7b8q",
			want: "1Q2k3/8/8/7q/8/8/8/4K3[KQk/QP] b - - 0 1"},
		// Black holds none: from the deck.
		{name: "from the deck", position: "4k3/1P6/8/7q/8/8/8/4K3[KPk/Q] w - - 0 1", moves: "b7b8q",
			want: "1Q2k3/8/8/7q/8/8/8/4K3[KQk/P] b - - 0 1"},
		// Nowhere to take one from.
		{name: "none", position: "4k3/1P6/8/7q/8/8/8/4K3[KPk/] w - - 0 1", moves: "b7b8q",
			want: "1Q2k3/8/8/7q/8/8/8/4K3[Kk/P] b - - 0 1"},
	})
}

func TestRule4_3_OnlyPiece(t *testing.T) {
	runAfter(t, []afterCase{
		// The only rook: White takes both deck R cards.
		{name: "only rook", position: "4k3/1P6/8/8/8/8/8/4K3[KPk/RR] w - - 0 1", moves: "b7b8r",
			want: "1R2k3/8/8/8/8/8/8/4K3[KRRk/P] b - - 0 1"},
		// Black has a rook: only one card (4.2).
		{name: "not the only", position: "4k3/1P6/8/7r/8/8/8/4K3[KPk/RR] w - - 0 1", moves: "b7b8r",
			want: "1R2k3/8/8/7r/8/8/8/4K3[KRk/RP] b - - 0 1"},
	})
}

// TestRule5_Order pins down the order (a) 2.2, (b) 3.1, (c) 4.2/4.3, (d)
// 1.5 with positions in which another order gives other hands.
func TestRule5_Order(t *testing.T) {
	runAfter(t, []afterCase{
		// (a) before (b): White gives its only N card to Black, who gives
		// it back for the captured knight. The other way round Black, who
		// holds no N card, would give nothing and end up with White's.
		{name: "a before b", position: "4k3/p7/8/3n4/8/4N3/P7/n3K3[KNPkp/] w - - 0 1", moves: "e3d5",
			want: "4k3/p7/8/3N4/8/8/P7/n3K3[KNPkp/] b - - 0 1"},
		// (b) before (c): Black gives its Q card for the captured queen,
		// then, holding none, the promotion's card comes from the deck:
		// White gets two. The other way round White would get Black's
		// card for the promotion and none for the capture: one.
		{name: "b before c", position: "q3k3/1P6/8/7q/8/8/8/4K3[KPkq/Q] w - - 0 1", moves: "b7a8q",
			want: "Q3k3/8/8/7q/8/8/8/4K3[KQQk/P] b - - 0 1"},
		// (c) before (d): Black, whose last queen is taken, still holds a
		// Q card at (c) and gives it for the promotion; the deck's Q stays.
		// With (d) first, Black's cards would go to White by 1.5 and the
		// promotion's card would come from the deck.
		{name: "c before d", position: "q3k3/1P6/8/8/8/8/8/3QK3[KQPkqq/Q] w - - 0 1", moves: "b7a8q",
			want: "Q3k3/8/8/8/8/8/8/3QK3[KQQQk/QP] b - - 0 1"},
	})
}

func TestRule6_1_Checkmate(t *testing.T) {
	runAfter(t, []afterCase{
		// Black could step away but holds no K card: checkmate.
		{name: "no card to step away", position: "4k3/p7/8/8/8/8/8/4K2R[KRp/] w - - 0 1", moves: "h1h8",
			want: "4k2R/p7/8/8/8/8/8/4K3[KRp/] b - - 1 1", status: "over white checkmate"},
		{name: "a K card to step away", position: "4k3/p7/8/8/2b5/8/8/K6R[KRkp/] w - - 0 1", moves: "h1h8",
			want: "4k2R/p7/8/8/2b5/8/8/K7[KRkp/] b - - 1 1", status: "turn black"},
		// Black could block with the bishop (Bg8) but holds no B card.
		{name: "no card to block, no K card", position: "4k3/p5p1/8/8/2b5/8/8/K6R[KRpp/] w - - 0 1", moves: "h1h8",
			want: "4k2R/p5p1/8/8/2b5/8/8/K7[KRpp/] b - - 1 1", status: "over white checkmate"},
		{name: "a card to block", position: "4k3/p5p1/8/8/2b5/8/8/K6R[KRbpp/] w - - 0 1", moves: "h1h8",
			want: "4k2R/p5p1/8/8/2b5/8/8/K7[KRbpp/] b - - 1 1", status: "turn black"},
		// In check, no-card=lose: still checkmate, not a loss for want of a card.
		{name: "no-card=lose", opts: game.Options{"no-card": "lose"}, position: "4k3/p7/8/8/8/8/8/4K2R[KRp/] w - - 0 1", moves: "h1h8",
			want: "4k2R/p7/8/8/8/8/8/4K3[KRp/] b - - 1 1", status: "over white checkmate"},
		{name: "fool's mate", position: StartPosition, moves: "f2f3 e7e5 g2g4 d8h4",
			want: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[KQQRBNPkrbnppp/QRBN] w KQkq - 1 3", status: "over black checkmate"},
	})
}

func TestRule6_2_NoCard(t *testing.T) {
	const pos = "4k3/8/8/8/8/p7/P7/4K2R[KRPp/] w - - 0 1"
	runAfter(t, []afterCase{
		// Black has king and pawn moves but only a P card for a blocked
		// pawn: Black passes, White moves again.
		{name: "pass", position: pos, moves: "h1h2",
			want: "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1", status: "turn white"},
		{name: "pass, then a move", position: pos, moves: "h1h2 h2h3",
			want: "4k3/8/8/8/8/p6R/P7/4K3[KRPp/] w - - 4 3 passes=1", status: "turn white"},
		{name: "lose", opts: game.Options{"no-card": "lose"}, position: pos, moves: "h1h2",
			want: "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] b - - 1 1", status: "over white no card"},
	})
	s := setup(t, nil, pos)
	play(t, s, "h1h2")
	if got, want := historyText(s), "h1h2 pass"; got != want {
		t.Errorf("F(%q) = %v, want %v", "history", got, want)
	}
	if err := s.Undo(); err != nil || s.Position() != pos || len(s.History()) != 0 {
		t.Errorf("F(%q) = %v, %v, want %v", "Undo", s.Position(), err, pos)
	}
	// Setup of a position in which the side to move has to pass makes the
	// pass.
	s = setup(t, nil, "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] b - - 1 1")
	if got, want := s.Position()+" "+historyText(s), "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1 pass"; got != want {
		t.Errorf("F(%q) = %v, want %v", "Setup", got, want)
	}
	// Undo takes back the move with both passes after it.
	const twoPasses = "4k3/8/8/8/8/7p/P6P/4K3[P/] w - - 0 1"
	s2 := setup(t, nil, twoPasses)
	play(t, s2, "a2a3")
	if got, want := historyText(s2), "a2a3 pass pass"; got != want {
		t.Errorf("F(%q) = %v, want %v", "history", got, want)
	}
	if err := s2.Undo(); err != nil || s2.Position() != twoPasses || len(s2.History()) != 0 || s2.Terminal() {
		t.Errorf("F(%q) = %v, %v, want %v", "Undo", s2.Position(), err, twoPasses)
	}
	if _, err := s.ParseAction("pass"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("F(%q) = %v, want an error wrapping ErrIllegal", "pass", err)
	}
}

func TestRule6_3_Draws(t *testing.T) {
	runAfter(t, []afterCase{
		{name: "stalemate", position: "7k/4Q3/6K1/8/8/8/8/8[KQk/] w - - 0 1", moves: "e7f7",
			want: "7k/5Q2/6K1/8/8/8/8/8[KQk/] b - - 1 1", status: "over draw stalemate"},
		{name: "threefold repetition", position: StartPosition, moves: "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
			want: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 8 5", status: "over draw threefold repetition"},
		// The board comes back three times, the hands do not.
		{name: "not a repetition: other hands", position: "r3k3/8/8/8/8/8/8/RN2K1n1[KNNNNkrrrr/] w - - 0 1",
			moves: "b1c3 a8b8 c3b1 b8a8 b1c3 a8b8 c3b1 b8a8",
			want:  "r3k3/8/8/8/8/8/8/RN2K1n1[KRRRRknnnn/] w - - 8 5", status: "turn white"},
		{name: "fifty-move rule", position: "7k/8/8/8/8/8/R7/K7[KRk/] w - - 99 80", moves: "a2a3",
			want: "7k/8/8/8/8/R7/8/K7[KRk/] b - - 100 80", status: "over draw fifty-move rule"},
		// The king takes the last rook: K vs K. The K card goes to Black
		// (2.2), the R card to the deck (1.5).
		{name: "insufficient material", position: "7k/8/8/8/8/8/1r6/K7[Kkr/] w - - 0 1", moves: "a1b2",
			want: "7k/8/8/8/8/8/1K6/8[kk/R] b - - 0 1", status: "over draw insufficient material"},
		// White's pawn move gives Black the P card for a blocked pawn:
		// Black passes, White holds no card and passes too.
		{name: "two passes", position: "4k3/8/8/8/8/7p/P6P/4K3[P/] w - - 0 1", moves: "a2a3",
			want: "4k3/8/8/8/8/P6p/7P/4K3[p/] b - - 2 2 passes=2", status: "over draw two passes"},
		{name: "two passes, no-card=lose", opts: game.Options{"no-card": "lose"}, position: "4k3/8/8/8/8/7p/P6P/4K3[P/] w - - 0 1", moves: "a2a3",
			want: "4k3/8/8/8/8/P6p/7P/4K3[p/] b - - 0 1", status: "over white no card"},
	})
}

func TestRule7_Notation(t *testing.T) {
	s, _ := Game.New(nil)
	for _, tc := range []struct{ text, want string }{
		{"e2e4", "e2e4"}, {"Nf3", "g1f3"}, {"g1f3", "g1f3"},
	} {
		a, err := s.ParseAction(tc.text)
		if err != nil || s.ActionString(a) != tc.want {
			t.Errorf("F(%q) = %v, %v, want %v", tc.text, s.ActionString(a), err, tc.want)
		}
	}
	for _, tc := range []struct {
		a    game.Action
		want string
	}{{Pass, "pass"}, {0x10001, "invalid(65537)"}, {0xffff_ffff, "invalid(4294967295)"}} {
		if got := s.ActionString(tc.a); got != tc.want {
			t.Errorf("F(%d) = %v, want %v", tc.a, got, tc.want)
		}
	}
}
