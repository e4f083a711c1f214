package seidr

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// counts is the number of pieces of each color and role.
type counts [2][7]int

func countPieces(p *chess.Position) counts {
	var n counts
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for _, r := range chess.Roles {
			n[c][r] = p.Pieces(c, r).Count()
		}
	}
	return n
}

// TestPropertyRandomGames plays random games and checks after every
// action that no piece is ever created, that no pawn rests on rank 1 or 8
// outside the seiðr (and inside it only as the carrier), that the carrier
// never captures, and that a roll removes nothing but pawns.
func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		limit := rapid.SampledFrom([]string{"50", "off", "8"}).Draw(rt, "quiet-limit")
		dead := rapid.SampledFrom([]string{"on", "off"}).Draw(rt, "dead-draw")
		g, err := Game.New(game.Options{"quiet-limit": limit, "dead-draw": dead})
		if err != nil {
			rt.Fatal(err)
		}
		s := g.(*State)
		for ply := 0; ply < 400 && !s.Terminal(); ply++ {
			legal := s.Legal()
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "action")]
			before := countPieces(s.Board())
			phase, carrier, mover := s.Phase(), s.Carrier(), s.Board().Turn()
			if err := s.Apply(a); err != nil {
				rt.Fatalf("Apply(%s) at %s: %v", s.ActionString(a), s.Position(), err)
			}
			after := countPieces(s.Board())
			// No piece is created: every count stays or falls, except
			// that a capture with promotion (2C.3) turns exactly one of
			// the mover's pawns into one piece of the chosen role.
			allowed := before
			if phase == Steel {
				m := chess.Move(a)
				if m.From() == carrier {
					rt.Fatalf("the carrier %s captured: %s", carrier, m)
				}
				if r := m.Promotion(); r != chess.NoRole {
					allowed[mover][chess.Pawn]--
					allowed[mover][r]++
				}
				// Exactly one enemy piece is taken; the mover keeps all of
				// its pieces, a promoted pawn counted as its new role.
				if total(after[mover]) != total(before[mover]) || total(after[mover.Other()]) != total(before[mover.Other()])-1 || after[mover] != allowed[mover] {
					rt.Fatalf("capture %s: counts %v, then %v", m, before, after)
				}
			}
			for c := range after {
				for r := range after[c] {
					if after[c][r] > allowed[c][r] {
						rt.Fatalf("after %s: %s %c went from %d to %d", s.ActionString(a), chess.Color(c), chess.Role(r).Char(), before[c][r], after[c][r])
					}
				}
			}
			// A roll swaps and slides: only pawns are removed (2B.4, 2B.7).
			if phase == Seidr {
				for c := range after {
					for _, r := range []chess.Role{chess.Knight, chess.Bishop, chess.Rook, chess.Queen, chess.King} {
						if after[c][r] != before[c][r] {
							rt.Fatalf("roll %s changed the %s %c from %d to %d", s.ActionString(a), chess.Color(c), r.Char(), before[c][r], after[c][r])
						}
					}
				}
			}
			// Pawns on rank 1 or 8: only the carrier, only in the seiðr.
			pawns := s.Board().ByRole(chess.Pawn) & (chess.Rank1 | chess.Rank8)
			if s.Phase() == Seidr {
				pawns &^= s.Carrier().Bit()
			}
			if pawns != 0 {
				rt.Fatalf("pawn on %s at %s", pawns.First(), s.Position())
			}
			if !s.Terminal() {
				for _, c := range []chess.Color{chess.White, chess.Black} {
					if n := after[c][chess.King]; n != 1 {
						rt.Fatalf("%s has %d kings at %s", c, n, s.Position())
					}
				}
			}
		}
	})
}

func total(n [7]int) int {
	t := 0
	for _, v := range n {
		t += v
	}
	return t
}
