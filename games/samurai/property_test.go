package samurai

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// totalCards counts every card: both hands and the deck.
func totalCards(p *pos) int { return p.hand[0].Total() + p.hand[1].Total() + p.deck.Total() }

// checkInvariants checks what must hold in every position of a game.
func checkInvariants(t *rapid.T, s *State, total int) {
	p := &s.pos
	if n := totalCards(p); n != total {
		t.Fatalf("%s: %d cards, want %d (1.5: the total never changes)", s.Position(), n, total)
	}
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		for _, r := range cardOrder {
			if p.hand[c][r] > 0 && p.board.Pieces(c, r) == 0 {
				t.Fatalf("%s: %s holds a %c card without such a piece (1.5)", s.Position(), c, r.Char())
			}
		}
	}
	// 2.1: the legal moves are exactly the orthodox ones with a card.
	var all chess.MoveList
	p.board.LegalMoves(&all)
	var want []game.Action
	for _, m := range all.Slice() {
		if p.hand[p.board.Turn()][p.board.Piece(m.From()).Role()] > 0 {
			want = append(want, game.Action(m))
		}
	}
	slices.Sort(want)
	if s.Terminal() {
		want = nil
	}
	if got := s.Legal(); !slices.Equal(got, want) {
		t.Fatalf("%s: Legal() = %v, want %v", s.Position(), got, want)
	}
}

// TestPropertyRandomGames plays random games under random options and
// checks the card invariants at every ply, the Setup round trip and Undo.
func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := game.Options{
			"deck":       rapid.SampledFrom(deckValues).Draw(t, "deck"),
			"castling":   rapid.SampledFrom([]string{"on", "off"}).Draw(t, "castling"),
			"en-passant": rapid.SampledFrom([]string{"on", "off"}).Draw(t, "en-passant"),
			"no-card":    rapid.SampledFrom([]string{"pass", "lose"}).Draw(t, "no-card"),
		}
		g, err := Game.New(opts)
		if err != nil {
			t.Fatalf("New(%v): %v", opts, err)
		}
		s := g.(*State)
		total := totalCards(&s.pos)
		for ply := 0; !s.Terminal(); ply++ {
			checkInvariants(t, s, total)
			legal := s.Legal()
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			m := chess.Move(a)
			mover := s.pos.board.Turn()
			role := s.pos.board.Piece(m.From()).Role()
			if s.pos.hand[mover][role] == 0 {
				t.Fatalf("%s: %s legal without a %c card (2.1)", s.Position(), m, role.Char())
			}
			before := s.Position()
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: Apply(%s): %v", before, m, err)
			}
			if s.Result().Reason == "threefold repetition" {
				break // the repetition lies in the history, which a position does not hold
			}
			back, err := Game.Setup(opts, s.Position())
			if err != nil || back.Position() != s.Position() || back.(*State).Hash() != s.Hash() {
				t.Fatalf("Setup(%q) = %v, %v; want the same position and hash", s.Position(), back, err)
			}
			if ply%7 == 0 {
				c := s.Clone()
				if err := c.Undo(); err != nil || c.Position() != before {
					t.Fatalf("Undo after %s = %v, %v; want %s", m, c.Position(), err, before)
				}
			}
		}
		checkInvariants(t, s, total)
	})
}

// FuzzSetup reads arbitrary position text: it must never panic, and a
// position it accepts must print as text that reads back to itself.
func FuzzSetup(f *testing.F) {
	for _, seed := range []string{
		StartPosition, // the start
		"4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1", // after a pass
		"4k3/8/8/8/8/P6p/7P/4K3[p/] b - - 2 2 passes=2",    // two passes: drawn
		"4k3/1P6/8/8/8/8/8/4K3[KPk/QQRRBBNN] w - - 0 1",    // a big deck
		"4k3/8/8/3pP3/8/8/8/4K3[KPkp/] w - d6 0 2",         // en passant
		"4k3/8/8/8/8/8/8/4K3[/] w - -",                     // no cards, no counters
		"4k3/8/8/8/8/8/8/4K3[KQk/] w - - 0 1",              // invariant broken
		"4k3/8/8/8/8/8/8/4K3[Kk/q] w - - 0 1",              // lower-case deck
		"[/]", "8/8/8/8/8/8/8/8[", "]", "",                 // scraps
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Game.Setup(nil, text)
		if err != nil {
			return
		}
		pos := s.Position()
		back, err := Game.Setup(nil, pos)
		if err != nil {
			t.Fatalf("Setup(%q) accepted, but its Position %q is refused: %v", text, pos, err)
		}
		if got := back.Position(); got != pos {
			t.Fatalf("Setup(%q).Position() = %q, want %q", pos, got, pos)
		}
	})
}
