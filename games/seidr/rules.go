package seidr

import (
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Phase is the part of a turn the game is in (rule 2).
type Phase uint8

// The three phases of a turn, in order.
const (
	// Quiet is phase 2A: the player to move makes a non-capturing move.
	Quiet Phase = iota
	// Seidr is phase 2B: the die is rolled and the carrier slides.
	Seidr
	// Steel is phase 2C, the call of steel: the player captures with a
	// piece other than the carrier.
	Steel
)

var phaseNames = [...]string{Quiet: "quiet", Seidr: "seidr", Steel: "steel"}

// String returns the phase's name as the position notation writes it:
// "quiet", "seidr" or "steel".
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) {
		return phaseNames[ph]
	}
	return "invalid"
}

// Core is everything a position is: the board with the side to move, the
// quiet-turn counter (the board's half-move clock) and the move number, the
// phase and the carrier. Records of the history keep a copy of it.
type Core struct {
	Pos     chess.Position
	Phase   Phase
	Carrier chess.Square // chess.NoSquare in phase 2A, or once removed (2B.7)
}

// lastRank reports whether s is on rank 1 or rank 8, where pawns are
// removed (2B.4, 2B.7) and promote (2C.3).
func lastRank(s chess.Square) bool { return (chess.Rank1 | chess.Rank8).Has(s) }

// QuietMoves adds the quiet moves of the side to move (2A.1): every move of
// chess without check to an empty square, pawns straight ahead, never a
// pawn onto its last rank (2A.2), kings free to stand attacked (2A.3), no
// castling and no en passant (1.2; the position never holds an en-passant
// square).
func QuietMoves(p *chess.Position, ml *chess.MoveList) {
	var all chess.MoveList
	p.PseudoMoves(&all, p.ByColor(p.Turn()), ^p.Occupied())
	for _, m := range all.Slice() {
		// 2A.2: a pawn push onto the last rank is generated with a
		// promotion; the only promotions are the captures of 2C.3.
		if m.Promotion() == chess.NoRole {
			ml.Add(m)
		}
	}
}

// SteelMoves adds the captures of phase 2C (2C.1): every capture of chess
// without check by a piece of the side to move other than the carrier,
// pawns capturing onto the last rank promoting to a queen, rook, bishop or
// knight (2C.3), no en passant (1.2).
func SteelMoves(p *chess.Position, carrier chess.Square, ml *chess.MoveList) {
	from := p.ByColor(p.Turn())
	if carrier != chess.NoSquare {
		from &^= carrier.Bit() // 2C.1: the carrier never captures
	}
	p.PseudoMoves(ml, from, p.ByColor(p.Turn().Other()))
}

// Face is a face of the eight-sided die, 1 to 8.
type Face uint8

// Direction returns the file and rank steps of a face for the player c
// (2B.1): 1 forward, then clockwise; Black's directions are White's turned
// half round, so that right is towards the a-file for Black.
func Direction(f Face, c chess.Color) (df, dr int) {
	steps := [9][2]int{
		1: {0, 1}, 2: {1, 1}, 3: {1, 0}, 4: {1, -1},
		5: {0, -1}, 6: {-1, -1}, 7: {-1, 0}, 8: {-1, 1},
	}
	df, dr = steps[f][0], steps[f][1]
	if c == chess.Black {
		return -df, -dr
	}
	return df, dr
}

// OnBoard reports whether file f and rank r name a square.
func OnBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// Roll applies one roll of the die to a position in phase 2B and reports
// whether the seiðr goes on (a slide was made) or has ended. It also
// reports whether a pawn was removed.
func (c *Core) Roll(f Face) (goesOn, removed bool) {
	p := &c.Pos
	df, dr := Direction(f, p.Turn())
	from := c.Carrier
	file, rank := from.File()+df, from.Rank()+dr
	if !OnBoard(file, rank) {
		// 2B.2: no square next to the carrier in that direction: the
		// seiðr ends.
		return false, c.EndSeidr()
	}
	// 2B.3: slide square by square until a piece is met or the last
	// square in that direction is reached.
	to := chess.SquareAt(file, rank)
	for p.Piece(to) == chess.NoPiece && OnBoard(file+df, rank+dr) {
		file, rank = file+df, rank+dr
		to = chess.SquareAt(file, rank)
	}
	carrier := p.Remove(from)
	met := p.Remove(to)
	p.Put(to, carrier)
	c.Carrier = to
	if met == chess.NoPiece {
		return true, false
	}
	// 2B.3 swap, 2B.8 kings included: the met piece goes to the square
	// the carrier stood on before this slide.
	p.Put(from, met)
	// 2B.4: a pawn swapped onto rank 1 or 8 is removed at once; 2B.5: the
	// carrier itself is never removed during the seiðr.
	if met.Role() == chess.Pawn && lastRank(from) {
		p.Remove(from)
		return true, true
	}
	return true, false
}

// EndSeidr applies 2B.7 when the seiðr ends: a pawn carrier on rank 1 or 8
// is removed. It moves the position to phase 2C and reports whether a pawn
// was removed.
func (c *Core) EndSeidr() bool {
	c.Phase = Steel
	if p := &c.Pos; p.Piece(c.Carrier).Role() == chess.Pawn && lastRank(c.Carrier) {
		p.Remove(c.Carrier)
		c.Carrier = chess.NoSquare
		return true
	}
	return false
}

// QuietMove applies a quiet move (2A): a new turn begins, counted by the
// quiet-turn counter (3.2), and the moved piece becomes the carrier (2A.5).
func (c *Core) QuietMove(m chess.Move) {
	p := &c.Pos
	p.Put(m.To(), p.Remove(m.From()))
	p.SetCounters(p.Halfmove()+1, p.Fullmove())
	c.Carrier = m.To()
	c.Phase = Seidr
}

// Capture applies a capture of phase 2C (2C.1, with the promotion of
// 2C.3), resets the quiet-turn counter (3.2) and ends the turn. It returns
// the piece taken.
func (c *Core) Capture(m chess.Move) chess.Piece {
	p := &c.Pos
	taken := p.Remove(m.To())
	pc := p.Remove(m.From())
	if r := m.Promotion(); r != chess.NoRole {
		pc = chess.MakePiece(pc.Color(), r)
	}
	p.Put(m.To(), pc)
	p.SetCounters(0, p.Fullmove())
	c.EndTurn()
	return taken
}

// LoseTurn applies 2A.4: the player without a quiet move loses the whole
// turn; it counts as a turn for the quiet-turn counter (3.2).
func (c *Core) LoseTurn() {
	p := &c.Pos
	p.SetCounters(p.Halfmove()+1, p.Fullmove())
	c.EndTurn()
}

// EndTurn ends the turn: the carrier becomes an ordinary piece again
// (2C.4) and the opponent moves next.
func (c *Core) EndTurn() {
	p := &c.Pos
	if p.Turn() == chess.Black {
		p.SetCounters(p.Halfmove(), p.Fullmove()+1)
	}
	p.SetTurn(p.Turn().Other())
	c.Carrier = chess.NoSquare
	c.Phase = Quiet
}

// ResetQuiet resets the quiet-turn counter after a pawn was removed (3.2).
func (c *Core) ResetQuiet() {
	c.Pos.SetCounters(0, c.Pos.Fullmove())
}

// OnlyKing reports whether color has no piece other than its king.
func OnlyKing(p *chess.Position, color chess.Color) bool {
	return p.ByColor(color)&^p.Pieces(color, chess.King) == 0
}

// Adjudicate decides whether the game is over in this position, under the
// options in force; moverHasQuiet tells whether the player to move has a
// quiet move (it matters in phase quiet only). It depends on the position
// alone, so that a position set up from its notation ends as the game that
// reached it did.
func (c *Core) Adjudicate(quietLimit int, deadDraw, moverHasQuiet bool) game.Result {
	p := &c.Pos
	// 3.1: the player who captures the opposing king wins at once.
	for _, color := range []chess.Color{chess.White, chess.Black} {
		if p.Pieces(color, chess.King) == 0 {
			return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(color.Other())}, Reason: "king captured"}
		}
	}
	// 3.3 (option dead-draw): neither player has any piece but the king.
	if deadDraw && OnlyKing(p, chess.White) && OnlyKing(p, chess.Black) {
		return game.Result{Kind: game.Draw, Reason: "kings alone"}
	}
	if c.Phase != Quiet {
		return game.Result{}
	}
	// 3.2 (option quiet-limit): the limit of consecutive turns with no
	// capture and no pawn removed, counted between turns.
	if quietLimit > 0 && p.Halfmove() >= quietLimit {
		return game.Result{Kind: game.Draw, Reason: "quiet-turn limit"}
	}
	// Ruling: when neither player has a quiet move, every turn from now
	// on is lost (2A.4) and the board can never change: the game is
	// drawn at once.
	if !moverHasQuiet {
		q := *p
		q.SetTurn(p.Turn().Other())
		if !hasQuietMove(&q) {
			return game.Result{Kind: game.Draw, Reason: "no quiet move"}
		}
	}
	return game.Result{}
}

// hasQuietMove reports whether the side to move has a quiet move (2A.4).
func hasQuietMove(p *chess.Position) bool {
	var ml chess.MoveList
	QuietMoves(p, &ml)
	return ml.N > 0
}
