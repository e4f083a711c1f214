package luxumbra

import (
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Dice is the state of the current turn's dice: how many are still to be
// rolled, and of the rolled ones how many of each colour are unused and
// used. A turn rolls at most two dice, so every count is at most 2.
type Dice struct {
	Roll                  uint8 // dice to roll: 2, 1 (balance, 5) or 0 once rolled
	Light, Shadow         uint8 // rolled and unused
	usedLight, usedShadow uint8 // rolled and used by a move of this turn
}

// Unused returns the number of rolled dice not yet used.
func (d Dice) Unused() int { return int(d.Light + d.Shadow) }

// used returns the number of moves made in this turn.
func (d Dice) used() int { return int(d.usedLight + d.usedShadow) }

// FromMask returns the squares from which a move may start: those of the
// colours of the unused dice (3.2, 3.3; 6: a move's die is the colour of the
// square its piece moves from). 2.2: Light is a light square (h1), Shadow a
// dark one (a1).
func (d Dice) FromMask() chess.Bitboard {
	var m chess.Bitboard
	if d.Light > 0 {
		m |= chess.LightSquares
	}
	if d.Shadow > 0 {
		m |= chess.DarkSquares
	}
	return m
}

// Use spends the die of the colour of from (6).
func (d *Dice) Use(from chess.Square) {
	if from.IsLight() {
		d.Light--
		d.usedLight++
	} else {
		d.Shadow--
		d.usedShadow++
	}
}

// DiceOf returns the dice showing a roll outcome (2.1, 5).
func DiceOf(a game.Action) Dice {
	switch a {
	case RollLL:
		return Dice{Light: 2}
	case RollLS:
		return Dice{Light: 1, Shadow: 1}
	case RollSS:
		return Dice{Shadow: 2}
	case RollL:
		return Dice{Light: 1}
	default: // RollS
		return Dice{Shadow: 1}
	}
}

// key packs the dice into a byte, for hashing.
func (d Dice) key() uint8 {
	return d.Roll | d.Light<<2 | d.Shadow<<4 | d.usedLight<<6 | d.usedShadow<<7
}

// core is everything a position holds: the board (whose side to move is the
// player whose turn it is, during the whole turn), the dice and the result.
// A Log record keeps the core before each action.
type core struct {
	pos    chess.Position
	d      Dice
	result game.Result
}

func (c *core) over() bool { return c.result.Kind != game.Ongoing }

// moves adds the moves the unused dice allow: any orthodox move, capture or
// not, of an own piece standing on a square of an unused die's colour, with
// the four promotions (3.2, 3.3). 1.1: no check, no castling, no en passant
// (PseudoMoves never castles, and the position never has an en-passant
// square); 1.2: kings move onto attacked squares and are captured like any
// piece.
func (c *core) moves(ml *chess.MoveList) {
	c.pos.PseudoMoves(ml, c.d.FromMask(), ^chess.Bitboard(0))
}

// play makes one move of the current turn: the mover keeps the turn (the
// side to move changes only at the end of the turn), the move number stays,
// and the die of the from-square's colour is used (6).
func (c *core) play(m chess.Move) {
	us := c.pos.Turn()
	full := c.pos.Fullmove()
	c.pos.Play(m)
	c.pos.SetEPSquare(chess.NoSquare) // 1.1: no en passant
	c.pos.SetTurn(us)
	c.pos.SetCounters(c.pos.Halfmove(), full)
	c.d.Use(m.From())
}

// endTurn passes the turn to the opponent, who has two dice to roll (3.1).
func (c *core) endTurn() {
	us := c.pos.Turn()
	c.pos.SetTurn(us.Other())
	full := c.pos.Fullmove()
	if us == chess.Black {
		full++
	}
	c.pos.SetCounters(c.pos.Halfmove(), full)
	c.d = Dice{Roll: 2}
}

// turnsDone returns the number of turns completed before the current one,
// counted from the FEN move number: two per move number, White's first.
func (c *core) turnsDone() int {
	n := 2 * (c.pos.Fullmove() - 1)
	if c.pos.Turn() == chess.Black {
		n++
	}
	return n
}

func win(c chess.Color, reason string) game.Result {
	return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(c)}, Reason: reason}
}

// adjudicate applies the ends of the game that the board alone decides,
// checked after every single move (4) for both players: 4.1 a player whose
// king has been captured has lost; 4.2 a player left with only their king
// has lost. After a move only the mover's opponent can be affected; at Setup
// either player can be.
func adjudicate(p *chess.Position) game.Result {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if p.Pieces(c, chess.King) == 0 {
			return win(c.Other(), "king captured") // 4.1
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if p.ByColor(c) == p.Pieces(c, chess.King) {
			return win(c.Other(), "bare king") // 4.2
		}
	}
	return game.Result{}
}

// settle brings the state to the next point where someone must act, applying
// the rules that need no choice: 3.6/4.3 a player whose roll allows no first
// move loses; 3.3 a turn whose second die allows no move ends (recorded as an
// automatic Pass); a turn whose dice are all used ends; 4.4 the max-turns
// limit stops the game before the next roll. It fills s.legal.
func (s *State) settle() {
	c := &s.cur
	s.legal = s.legal[:0]
	if c.over() {
		return
	}
	if c.d.Roll == 0 {
		if c.d.Unused() > 0 {
			var ml chess.MoveList
			c.moves(&ml)
			if ml.N > 0 {
				s.legal = append(s.legal, ml.Slice()...)
				sortMoves(s.legal)
				return
			}
			if c.d.used() == 0 {
				c.result = win(c.pos.Turn().Other(), "no move") // 3.6, 4.3
				return
			}
			s.log.Push(Pass, true, *c) // 3.3: the turn simply ends
		}
		c.endTurn()
	}
	if s.maxTurns > 0 && c.turnsDone() >= s.maxTurns {
		c.result = game.Result{Kind: game.Unfinished, Reason: "max-turns"} // 4.4
	}
}

// refresh recomputes the legal moves of the current core without applying
// any rule (after Undo).
func (s *State) refresh() {
	s.legal = s.legal[:0]
	c := &s.cur
	if c.over() || c.d.Roll > 0 {
		return
	}
	var ml chess.MoveList
	c.moves(&ml)
	s.legal = append(s.legal, ml.Slice()...)
	sortMoves(s.legal)
}

// sortMoves sorts distinct moves by their value (promotion role, then
// target, then origin) in linear time: the moves without promotion go
// through one bitboard of origins per target square, the few promotions
// through an insertion sort.
func sortMoves(ms []chess.Move) {
	var byTo [64]chess.Bitboard
	var tos chess.Bitboard
	np := 0 // the promotions, gathered at the front for now
	for _, m := range ms {
		if m.Promotion() != chess.NoRole {
			ms[np] = m
			np++
			continue
		}
		byTo[m.To()] |= m.From().Bit()
		tos |= m.To().Bit()
	}
	n := len(ms) - np
	copy(ms[n:], ms[:np])
	i := 0
	for tos != 0 {
		to := tos.PopFirst()
		for from := byTo[to]; from != 0; {
			ms[i] = chess.NewMove(from.PopFirst(), to, chess.NoRole)
			i++
		}
	}
	for j := n + 1; j < len(ms); j++ {
		m := ms[j]
		k := j
		for ; k > n && ms[k-1] > m; k-- {
			ms[k] = ms[k-1]
		}
		ms[k] = m
	}
}
