package seidr

import (
	"math"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// model holds the weights of a logistic model of the chance that the
// player about to make the quiet move (2A) wins the game, fitted to the
// results of 4,000 games of one-ply play (the easy level, with one move in
// ten random) from 31,791 such positions; each weight multiplies one of
// features' values. Its log loss is 0.637 against 0.693 for a coin: the
// dice decide much of this game.
//
// What it says: an attack on the opposing king that this turn's call of
// steel can carry out is worth most (a win in 0.93 of the games); one the
// quiet move can uncover, 0.77. Then the kings' exposure: every empty
// square on the lines from a king is a place an opposing carrier can
// slide from into the king and swap it onto its own old square (2B.3,
// 2B.8), and each counts for about as much as a pawn of material.
//
// TestFitModel (go test ./games/seidr -run TestFitModel -fit -v) fits it
// again. These weights come from the games of the one-ply player of the
// earlier, hand-set evaluation; refitted to the games of this model's own
// one-ply player (35,524 positions, log loss 0.639) the threats weigh a
// little more and the open lines a little less, which was not measured.
var model = [numFeatures]float64{
	bias:      -0.029,
	direct:    2.671,
	uncovered: 1.234,
	attacked:  -0.178,
	theirOpen: 0.559,
	ourOpen:   -0.458,
	material:  0.601,
	ourMen:    0.194,
	theirMen:  -0.114,
}

// The features, from the side of the player to make the quiet move.
const (
	bias      = iota
	direct    // one of our pieces other than the king attacks their king (1 or 0)
	uncovered // no such attack, but a quiet move can uncover one (1 or 0)
	attacked  // one of their pieces other than the king attacks ours (1 or 0)
	theirOpen // empty squares on the lines from their king, / 10
	ourOpen   // empty squares on the lines from our king, / 10
	material  // our material less theirs (values, kings aside), / 1000
	ourMen    // our pieces other than the king, / 10
	theirMen  // their pieces other than the king, / 10
	numFeatures
)

// values are the material values in centipawns.
var values = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900}

// features returns the model's features for color about to make its quiet
// move on p.
func features(p *chess.Position, us chess.Color) [numFeatures]float64 {
	them := us.Other()
	occ := p.Occupied()
	var f [numFeatures]float64
	f[bias] = 1
	if i := quietThreat(p, us); i > 0 {
		f[i] = 1
	}
	if k := p.King(us); k != chess.NoSquare {
		if p.AttackersTo(k, occ)&p.ByColor(them)&^p.Pieces(them, chess.King) != 0 {
			f[attacked] = 1
		}
		f[ourOpen] = float64((chess.QueenAttacks(k, occ) &^ occ).Count()) / 10
	}
	if k := p.King(them); k != chess.NoSquare {
		f[theirOpen] = float64((chess.QueenAttacks(k, occ) &^ occ).Count()) / 10
	}
	var m [2]int
	var n [2]int
	for i, c := range [2]chess.Color{us, them} {
		for _, r := range chess.Roles {
			if r != chess.King {
				k := p.Pieces(c, r).Count()
				m[i] += k * values[r]
				n[i] += k
			}
		}
	}
	f[material] = float64(m[0]-m[1]) / 1000
	f[ourMen] = float64(n[0]) / 10
	f[theirMen] = float64(n[1]) / 10
	return f
}

// startValue is the value in [-1, 1], for color, of p with color about to
// make its quiet move: 2P-1 for the model's chance P that color wins.
func startValue(p *chess.Position, us chess.Color) float64 {
	return 2/(1+math.Exp(-Logit(p, us))) - 1
}

// Logit returns the model's logit of the chance that us wins p, with us
// about to make its quiet move: the weighted sum of the features, whose
// logistic is the chance (startValue). The search adds the chess
// evaluation to it.
func Logit(p *chess.Position, us chess.Color) float64 {
	f := features(p, us)
	z := 0.0
	for i, w := range model {
		z += w * f[i]
	}
	return z
}

// Evaluate scores the position for both players in [-1, 1]: the game's
// returns once it is over, else the model's value for the player about
// to make the quiet move. Later in a turn the player to move takes the
// opposing king with the chance that an attacker other than the carrier
// gives it (threatSeidr, threatSteel), and otherwise the value is the
// opponent's at the start of its turn.
func (s *State) Evaluate() []float64 {
	if s.Terminal() {
		return s.Returns()
	}
	p := &s.cur.Pos
	mover := p.Turn()
	var v float64
	if s.cur.Phase == Quiet {
		v = startValue(p, mover)
	} else {
		t := 0.0
		if k := p.King(mover.Other()); k != chess.NoSquare {
			attackers := p.AttackersTo(k, p.Occupied()) & p.ByColor(mover)
			if c := s.cur.Carrier; c != chess.NoSquare {
				attackers &^= c.Bit()
			}
			if attackers != 0 {
				t = threatSeidr
				if s.cur.Phase == Steel {
					t = threatSteel
				}
			}
		}
		v = t - (1-t)*startValue(p, mover.Other())
	}
	if mover == chess.Black {
		v = -v
	}
	return []float64{v, -v}
}

// Chances that an attack on the king by a piece other than the carrier
// ends in its capture in this turn's call of steel, set by hand: mid-seiðr
// the swaps still to come can carry the attacker or the king away; in the
// call of steel the capture is on the list.
const (
	threatSeidr = 0.85
	threatSteel = 0.99
)

// quietThreat returns the feature direct when one of us's pieces attacks
// the opposing king and some other piece can make the quiet move,
// uncovered when a quiet move can uncover an attack, or 0.
func quietThreat(p *chess.Position, us chess.Color) int {
	k := p.King(us.Other())
	if k == chess.NoSquare {
		return 0
	}
	occ := p.Occupied()
	ours := p.ByColor(us)
	attackers := p.AttackersTo(k, occ) & ours
	// The quiet move must leave an attacker in place: some other
	// piece (the king, at least) makes it.
	if attackers != 0 && ours != attackers {
		return direct
	}
	// A slider behind one of our pieces: moving that piece uncovers it.
	for b := ours &^ attackers; b != 0; {
		sq := b.PopFirst()
		if chess.Between(k, sq)&occ != 0 {
			continue
		}
		behind := p.AttackersTo(k, occ&^sq.Bit()) & ours &^ attackers
		if behind&chess.Line(k, sq) != 0 {
			return uncovered
		}
	}
	return 0
}

var _ interface {
	game.Evaluator
	game.Hasher
	game.PGNWriter
} = (*State)(nil)
