package samurai

import (
	"math"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// cardValue is what a card adds to the evaluation, in centipawns, and
// frozen the share of a piece's value that is lost while its owner holds
// no card of its type (it cannot move).
const (
	cardValue = 15
	frozen    = 0.3
)

// Evaluate scores material, pawn advance and centralization, and the
// cards: each card is worth a little, and pieces of a type for which their
// owner holds no card count for less. The result is squashed into [-1, 1]
// for White and negated for Black.
func (s *State) Evaluate() []float64 {
	p := &s.pos
	score := 0.0
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		sign := 1.0
		if c == chess.Black {
			sign = -1
		}
		v := 0.0
		for _, r := range cardOrder {
			pieces := p.board.Pieces(c, r)
			val := float64(chess.PieceValues[r]) * float64(pieces.Count())
			if p.hand[c][r] == 0 {
				val *= 1 - frozen
			}
			v += val + cardValue*float64(p.hand[c][r])
			for b := pieces; b != 0; {
				sq := b.PopFirst()
				f, rk := sq.File(), sq.Rank()
				switch r {
				case chess.Pawn:
					adv := rk - 1
					if c == chess.Black {
						adv = 6 - rk
					}
					v += 5 * float64(adv)
				case chess.Knight, chess.Bishop, chess.Queen:
					v += 4 * float64(6-centerDistance(f, rk))
				}
			}
		}
		score += sign * v
	}
	e := math.Tanh(score / 1000)
	return []float64{e, -e}
}

// centerDistance is the king-step distance of a square from the centre
// (0 for d4 … e5, 3 for the corners).
func centerDistance(f, r int) int {
	df := max(3-f, f-4)
	dr := max(3-r, r-4)
	return max(df, dr)
}

// PGN writes the game in Portable Game Notation: tag Variant "Samurai",
// SAN moves whose check marks follow Samurai's mate rule (6.1), the cards
// after each move as a comment ("cards KQRBNPkqrbnppp/QRBN": white's, black's,
// the deck), a pass as the null move "--" with the comment "pass". A game
// that does not start from the standard position (or with another deck)
// has the tags SetUp and FEN, FEN holding the position notation with
// cards.
func (s *State) PGN(tags map[string]string) string { return s.PGNClocks(tags, nil) }

// PGNClocks writes the game as PGN does, each move followed by its
// player's clock (game.ClockedPGNWriter).
func (s *State) PGNClocks(tags map[string]string, clocks []time.Duration) string {
	t := map[string]string{}
	for k, v := range tags {
		t[k] = v
	}
	t["Variant"] = "Samurai"
	t["Result"] = game.PGNResultTag(s.result, tags)
	if start := s.start.format(); start != StartPosition {
		t["SetUp"], t["FEN"] = "1", start
	}
	var entries []chess.PGNEntry
	for i, r := range s.log {
		p := r.Undo
		e := chess.PGNEntry{Number: p.board.Fullmove(), Black: p.board.Turn() == chess.Black}
		e.Clock, e.Clocked = chess.ClockAt(clocks, i)
		if r.Action == Pass {
			e.Text, e.Comment = "--", "pass"
		} else {
			e.Text = s.san(&p, chess.Move(r.Action))
			p.play(chess.Move(r.Action), &s.rules)
			e.Comment = "cards " + cardField(&p)
		}
		entries = append(entries, e)
	}
	if s.result.Kind != game.Ongoing && len(entries) > 0 {
		e := &entries[len(entries)-1]
		if e.Comment != "" {
			e.Comment += "; "
		}
		e.Comment += s.result.Reason
	}
	return chess.FormatPGN(t, entries)
}

// san writes a move in SAN with "+" for check and "#" when the opponent,
// in check, has no move with a card (6.1).
func (s *State) san(p *pos, m chess.Move) string {
	var ml chess.MoveList
	p.legal(&ml)
	text := chess.SAN(&p.board, m, ml.Slice())
	q := *p
	q.play(m, &s.rules)
	if q.board.InCheck() {
		var reply chess.MoveList
		if q.legal(&reply); reply.N == 0 {
			return text + "#"
		}
		return text + "+"
	}
	return text
}

// cardField writes the cards as the position notation does, without the
// brackets: "KQRBNPPkqrbnpp/QRBN".
func cardField(p *pos) string {
	return p.hand[chess.White].String() + strings.ToLower(p.hand[chess.Black].String()) + "/" + p.deck.String()
}
