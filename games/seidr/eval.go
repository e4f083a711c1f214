package seidr

import (
	"norns/game"
	"norns/games/chess"
)

// exposure is the penalty, in centipawns, for each empty square on the
// lines from a king: 12 scored best against random play (6: 95.8%, 12:
// 96.8%, 24: 93.3% over 400 games each, MCTS with 5000 iterations).
const exposure = 12

// values are the material values in centipawns; the king, which can be
// captured (3.1), is worth more than everything else together.
var values = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900, chess.King: 5000}

// score returns color's material plus a little for position: pawns
// nearer the rank where they can promote by capture (2C.3, but not onto
// it: 2B.4), pieces other than pawns and the king nearer the centre.
func score(p *chess.Position, color chess.Color) int {
	n, occ := 0, p.Occupied()
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
				// Every empty square on a line from the king is a place
				// where an opposing carrier can start a slide that swaps
				// the king onto the carrier's old square (2B.3, 2B.8).
				n -= exposure * (chess.QueenAttacks(sq, occ) &^ occ).Count()
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
// squashed into (-1, 1), moved towards a win for the player to move when
// that player can take the opposing king in this turn's call of steel.
//
// The king threat dominates play against anything but a perfect opponent:
// with no check (2A.3), a king left attacked at the end of a turn is taken
// in the next call of steel unless the seiðr's swaps happen to carry the
// attacker or the king away. So the mover's chance is high when one of its
// pieces other than the carrier attacks the king, and still good in phase
// 2A when a quiet move can uncover such an attack (the piece in between
// becomes the carrier and slides away).
func (s *State) Evaluate() []float64 {
	if s.Terminal() {
		return s.Returns()
	}
	p := &s.cur.pos
	d := float64(score(p, chess.White) - score(p, chess.Black))
	v := d / (abs64(d) + 1000)
	mover := p.Turn()
	if mover == chess.Black {
		v = -v
	}
	if t := s.kingThreat(); t > 0 {
		v = t + (1-t)*v
	}
	if mover == chess.Black {
		v = -v
	}
	return []float64{v, -v}
}

// Chances that an attack on the king ends in its capture in this turn's
// call of steel, by phase: set by hand, they only need to order the
// positions correctly.
const (
	threatQuiet     = 0.8  // an attacker other than the piece that will move
	threatUncovered = 0.55 // an attack a quiet move can uncover
	threatSeidr     = 0.85 // an attacker other than the carrier, mid-seiðr
	threatSteel     = 0.99 // the capture is on the list now
)

// kingThreat returns how likely the mover is to take the opposing king in
// this turn's call of steel, judged from the attacks on it, or 0.
func (s *State) kingThreat() float64 {
	p := &s.cur.pos
	us := p.Turn()
	k := p.King(us.Other())
	if k == chess.NoSquare {
		return 0
	}
	occ := p.Occupied()
	ours := p.ByColor(us)
	attackers := p.AttackersTo(k, occ) & ours
	switch s.cur.phase {
	case Quiet:
		// The quiet move must leave an attacker in place: some other
		// piece (the king, at least) makes it.
		if attackers != 0 && ours != attackers {
			return threatQuiet
		}
		// A slider behind one of our pieces: moving that piece uncovers it.
		for b := ours &^ attackers; b != 0; {
			sq := b.PopFirst()
			if chess.Between(k, sq)&occ != 0 {
				continue
			}
			behind := p.AttackersTo(k, occ&^sq.Bit()) & ours &^ attackers
			if behind&chess.Line(k, sq) != 0 {
				return threatUncovered
			}
		}
	case Seidr, Steel:
		if c := s.cur.carrier; c != chess.NoSquare {
			attackers &^= c.Bit()
		}
		if attackers != 0 {
			if s.cur.phase == Steel {
				return threatSteel
			}
			return threatSeidr
		}
	}
	return 0
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
