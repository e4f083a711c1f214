package samurai

import (
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Cards counts cards by type: Cards[r] is the number of cards of role r
// (index 0, chess.NoRole, is unused).
type Cards [7]uint8

// cardOrder is the order in which the notation writes cards: K Q R B N P.
var cardOrder = [6]chess.Role{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}

// maxCards is the most cards of one type that a hand or the deck may hold
// in a position (the hash keys are made for 0 to maxCards).
const maxCards = 15

// Total returns the number of cards.
func (c Cards) Total() int {
	n := 0
	for _, r := range cardOrder {
		n += int(c[r])
	}
	return n
}

// String writes the cards upper case in the order K Q R B N P ("KQRBNPP").
func (c Cards) String() string {
	var b []byte
	for _, r := range cardOrder {
		for range c[r] {
			b = append(b, r.Char()-0x20)
		}
	}
	return string(b)
}

// pos is a Samurai position: the chess position, both hands, the retired
// deck and the number of passes just made in a row.
type pos struct {
	board  chess.Position
	hand   [2]Cards
	deck   Cards
	passes uint8
}

// has reports whether c has a piece of role r on the board.
func (p *pos) has(c chess.Color, r chess.Role) bool { return p.board.Pieces(c, r) != 0 }

// give moves one card of role r from player from to the other player, if
// from holds one.
func (p *pos) give(from chess.Color, r chess.Role) {
	if p.hand[from][r] > 0 {
		p.hand[from][r]--
		p.hand[from.Other()][r]++
	}
}

// mover returns the role whose card a move needs: the moving piece's role
// (2.1); castling is a king move (2.3), en passant and promotion pawn moves
// (2.4, 2.5).
func (p *pos) mover(m chess.Move) chess.Role { return p.board.Piece(m.From()).Role() }

// canPlay reports whether the side to move holds a card for m (2.1).
func (p *pos) canPlay(m chess.Move) bool { return p.hand[p.board.Turn()][p.mover(m)] > 0 }

// play makes a legal move and moves the cards in the order of rule 5:
// (a) 2.2, (b) 3.1, (c) 4.2 and 4.3, (d) 1.5.
func (p *pos) play(m chess.Move, r *rules) {
	us := p.board.Turn()
	t := p.mover(m)
	victim, _ := p.board.Captured(m)
	p.board.Play(m)
	if !r.enPassant {
		p.board.SetEPSquare(chess.NoSquare) // 2.4: no en-passant right arises
	}
	p.passes = 0
	p.giveMoved(us, t)
	if victim != chess.NoPiece {
		p.takeCaptured(us, victim.Role())
	}
	if pr := m.Promotion(); pr != chess.NoRole {
		p.promoted(us, pr)
	}
	p.restore()
}

// giveMoved is rule 2.2: after moving a piece of role t the player gives
// one t card to the opponent, unless the opponent has no t piece on the
// board; then the player keeps it. A promotion is a pawn move (2.5).
func (p *pos) giveMoved(us chess.Color, t chess.Role) {
	if p.has(us.Other(), t) {
		p.give(us, t)
	}
}

// takeCaptured is rule 3.1: the victim gives the capturer one card of the
// captured role v, if the victim holds one and the capturer has a v piece
// on the board. (3.2: the victim's other v cards follow 1.5.)
func (p *pos) takeCaptured(us chess.Color, v chess.Role) {
	if p.has(us, v) {
		p.give(us.Other(), v)
	}
}

// promoted is rules 4.2 and 4.3: the promoting player receives one card of
// the new role from the opponent if the opponent holds one, else from the
// deck if it has one (4.2); if the promoted piece is the only piece of its
// role on the board, the player takes all the deck's cards of that role
// (4.3).
func (p *pos) promoted(us chess.Color, pr chess.Role) {
	switch them := us.Other(); {
	case p.hand[them][pr] > 0:
		p.give(them, pr)
	case p.deck[pr] > 0:
		p.deck[pr]--
		p.hand[us][pr]++
	}
	if p.board.ByRole(pr).Count() == 1 {
		p.hand[us][pr] += p.deck[pr]
		p.deck[pr] = 0
	}
}

// restore is the invariant 1.5: a player holds only cards of roles of which
// they have a piece on the board; other cards go to the opponent if the
// opponent has such a piece, else to the deck.
func (p *pos) restore() {
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		for _, r := range cardOrder {
			n := p.hand[c][r]
			if n == 0 || p.has(c, r) {
				continue
			}
			p.hand[c][r] = 0
			if p.has(c.Other(), r) {
				p.hand[c.Other()][r] += n
			} else {
				p.deck[r] += n
			}
		}
	}
}

// pass is rule 6.2's pass: the turn goes to the opponent and no card
// moves. Like a null move it counts as a half-move for the clocks and ends
// any en-passant right.
func (p *pos) pass() {
	b := &p.board
	b.SetEPSquare(chess.NoSquare)
	full := b.Fullmove()
	if b.Turn() == chess.Black {
		full++
	}
	b.SetCounters(b.Halfmove()+1, full)
	b.SetTurn(b.Turn().Other())
	p.passes++
}

// legal adds to ml the orthodox legal moves (castling and en passant as
// the rules allow) for which the side to move holds a card (2.1), and
// returns the number of orthodox legal moves, cards aside.
func (p *pos) legal(ml *chess.MoveList) int {
	var all chess.MoveList
	p.board.LegalMoves(&all)
	for _, m := range all.Slice() {
		if p.canPlay(m) {
			ml.Add(m)
		}
	}
	return all.N
}

// key is the hash of what threefold repetition compares: the board, side
// to move, castling rights, en-passant square, both hands and the deck.
func (p *pos) key() uint64 {
	h := p.board.Hash()
	for _, r := range cardOrder {
		h ^= zobristCards[0][r][p.hand[0][r]&maxCards] ^
			zobristCards[1][r][p.hand[1][r]&maxCards] ^
			zobristCards[2][r][p.deck[r]&maxCards]
	}
	return h
}

// zobristCards[g][r][n] is the key for n cards of role r in group g (white's
// hand, black's hand, the deck); zobristPasses[n] for n passes in a row.
var zobristCards, zobristPasses = func() (t [3][7][maxCards + 1]uint64, ps [3]uint64) {
	keys := game.KeyStream(0x5a3c_71e9_0b6d_2f48)
	for g := range t {
		for r := range t[g] {
			for n := 1; n <= maxCards; n++ { // no cards: key 0
				t[g][r][n] = keys.Next()
			}
		}
	}
	for i := 1; i < len(ps); i++ {
		ps[i] = keys.Next()
	}
	return
}()
