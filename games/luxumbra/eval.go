package luxumbra

import (
	"math"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// diceKeys are the Zobrist keys of the dice states, indexed by dice.key.
var diceKeys = func() (t [256]uint64) {
	keys := game.KeyStream(0x6c78e5f1d3a2b497)
	for i := range t {
		t[i] = keys.Next()
	}
	return
}()

// Hash returns a Zobrist hash of the board, the player whose turn it is and
// the dice (to roll, unused and used), so that a pending roll, a first move
// and a second move in the same board position hash differently.
func (s *State) Hash() uint64 { return s.cur.pos.Hash() ^ s.cur.d.Hash() }

// Hash returns the dice's part of a position's hash (State.Hash: the
// board's hash exclusive-or this).
func (d Dice) Hash() uint64 { return diceKeys[d.key()] }

// centre is the sixteen central squares c3–f6.
const centre chess.Bitboard = 0x00003c3c3c3c0000

// Score returns c's material in centipawns (chess.PieceValues) plus a little
// position: 6 per rank each pawn has advanced, 15 for each knight and bishop
// on the sixteen central squares. It depends on the board only, so an
// expectimax search over the roll combines the scores of the positions after
// each outcome with the outcomes' exact probabilities.
func Score(p *chess.Position, c chess.Color) int {
	n := chess.Material(p, c)
	for b := p.Pieces(c, chess.Pawn); b != 0; {
		r := b.PopFirst().Rank()
		if c == chess.Black {
			r = 7 - r
		}
		n += 6 * (r - 1)
	}
	n += 15 * ((p.Pieces(c, chess.Knight) | p.Pieces(c, chess.Bishop)) & centre).Count()
	return n
}

// Evaluate scores the position for both players in [-1, 1], zero-sum. Once
// the game is over it gives the returns. Otherwise it knows two things for
// certain and guesses the rest:
//
//   - a player who can take the opposing king with an unused die wins
//     (4.1): +1 for that player;
//   - a roll that allows no move loses (3.6): -1 for the player who rolled;
//   - else material and position: tanh of White's Score minus Black's over
//     1000 centipawns (a queen up is worth about 0.7).
//
// Before a roll it is the expectation of these values over the outcomes,
// with their exact probabilities, so Evaluate at a chance event equals the
// probability-weighted sum of Evaluate after each outcome: an expectimax
// search that stops at a chance event loses nothing by doing so.
func (s *State) Evaluate() []float64 {
	if s.cur.over() {
		return s.Returns()
	}
	c := &s.cur
	p := &c.pos
	m := math.Tanh(float64(Score(p, chess.White)-Score(p, chess.Black)) / 1000)
	us := p.Turn()
	win := 1.0 // for White when the player to move wins
	if us == chess.Black {
		win = -1
	}
	// The colours of the squares from which the player's pieces attack the
	// opposing king.
	attackers := p.AttackersTo(p.King(us.Other()), p.Occupied()) & p.ByColor(us)
	takes := func(d Dice) bool {
		return (d.Light > 0 && attackers&chess.LightSquares != 0) || (d.Shadow > 0 && attackers&chess.DarkSquares != 0)
	}
	var v float64
	if c.d.Roll == 0 {
		v = m
		if takes(c.d) {
			v = win
		}
	} else {
		// The colours from which the player has a move at all.
		var ml chess.MoveList
		p.PseudoMoves(&ml, ^chess.Bitboard(0), ^chess.Bitboard(0))
		var from chess.Bitboard
		for _, mv := range ml.Slice() {
			from |= mv.From().Bit()
		}
		outs := twoDice
		if c.d.Roll == 1 {
			outs = oneDie
		}
		for _, o := range outs {
			d := DiceOf(o.Action)
			switch {
			case d.FromMask()&from == 0:
				v -= o.Prob * win // 3.6
			case takes(d):
				v += o.Prob * win // 4.1
			default:
				v += o.Prob * m
			}
		}
	}
	return []float64{v, -v}
}
