package seidr

import (
	"norns/game"
	"norns/games/chess"
)

// values are the material values in centipawns; the king, which can be
// captured (3.1), is worth more than everything else together.
var values = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900, chess.King: 5000}

// score returns color's material plus a little for position: pawns
// nearer the rank where they can promote by capture (2C.3, but not onto
// it: 2B.4), pieces other than pawns and the king nearer the centre.
func score(p *chess.Position, color chess.Color) int {
	n := 0
	for _, r := range chess.Roles {
		for b := p.Pieces(color, r); b != 0; {
			sq := b.PopFirst()
			n += values[r]
			switch r {
			case chess.Pawn:
				adv := sq.Rank()
				if color == chess.Black {
					adv = 7 - adv
				}
				n += 4 * adv
			case chess.King:
			default:
				f, rk := sq.File(), sq.Rank()
				n += 6 - (abs(2*f-7)+abs(2*rk-7))/2
			}
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Evaluate scores the position for both players in [-1, 1]: the game's
// returns once it is over, else the difference of material and position
// squashed into (-1, 1).
func (s *State) Evaluate() []float64 {
	if s.Terminal() {
		return s.Returns()
	}
	d := float64(score(&s.cur.pos, chess.White) - score(&s.cur.pos, chess.Black))
	v := d / (abs64(d) + 1000)
	return []float64{v, -v}
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

var _ interface {
	game.Evaluator
	game.Hasher
	game.PGNWriter
} = (*State)(nil)
