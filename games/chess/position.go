package chess

import "github.com/norns-games/norns/game"

// Castling rights, one bit each.
type Castling uint8

// The four castling rights.
const (
	WhiteKingside Castling = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	AllCastling = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
)

// castleKeep[s] is the set of rights that survive a move from or to s.
var castleKeep = func() (t [64]Castling) {
	for i := range t {
		t[i] = AllCastling
	}
	t[E1] &^= WhiteKingside | WhiteQueenside
	t[H1] &^= WhiteKingside
	t[A1] &^= WhiteQueenside
	t[E8] &^= BlackKingside | BlackQueenside
	t[H8] &^= BlackKingside
	t[A8] &^= BlackQueenside
	return
}()

// Zobrist keys, from a fixed-seed generator.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristBlack    uint64
)

func init() {
	keys := game.KeyStream(0x2545f4914f6cdd1d)
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = keys.Next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = keys.Next()
	}
	for i := range zobristEP {
		zobristEP[i] = keys.Next()
	}
	zobristBlack = keys.Next()
}

// Position is a chess position: the board, the side to move, castling
// rights, the en-passant square and the move counters, with an incremental
// Zobrist hash. The zero Position is an empty board with White to move.
//
// A Position is a value: copy it to keep one (copy-make).
type Position struct {
	board    [64]Piece
	byColor  [2]Bitboard
	byRole   [7]Bitboard
	turn     Color
	castling Castling
	ep       Square
	halfmove int
	fullmove int
	hash     uint64
}

// Piece returns the piece on s, or NoPiece.
func (p *Position) Piece(s Square) Piece { return p.board[s] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// ByRole returns the squares of pieces of role r, both colors.
func (p *Position) ByRole(r Role) Bitboard { return p.byRole[r] }

// Pieces returns the squares of c's pieces of role r.
func (p *Position) Pieces(c Color, r Role) Bitboard { return p.byColor[c] & p.byRole[r] }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Castling returns the castling rights.
func (p *Position) Castling() Castling { return p.castling }

// EPSquare returns the en-passant target square, or NoSquare.
func (p *Position) EPSquare() Square { return p.ep }

// Halfmove returns the number of half-moves since the last capture or pawn
// move.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove returns the move number, starting at 1 and incremented after
// Black's move.
func (p *Position) Fullmove() int { return p.fullmove }

// Hash returns the Zobrist hash of the board, side to move, castling rights
// and en-passant square.
func (p *Position) Hash() uint64 { return p.hash }

// King returns the square of c's king, or NoSquare if c has none.
func (p *Position) King(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

// Put places a piece on an empty square.
func (p *Position) Put(s Square, pc Piece) {
	b := s.Bit()
	p.board[s] = pc
	p.byColor[pc.Color()] |= b
	p.byRole[pc.Role()] |= b
	p.hash ^= zobristPiece[pc][s]
}

// Remove takes the piece off s and returns it (NoPiece if s was empty).
func (p *Position) Remove(s Square) Piece {
	pc := p.board[s]
	if pc == NoPiece {
		return NoPiece
	}
	b := s.Bit()
	p.board[s] = NoPiece
	p.byColor[pc.Color()] &^= b
	p.byRole[pc.Role()] &^= b
	p.hash ^= zobristPiece[pc][s]
	return pc
}

// SetTurn sets the side to move.
func (p *Position) SetTurn(c Color) {
	if p.turn != c {
		p.hash ^= zobristBlack
		p.turn = c
	}
}

// SetCastling sets the castling rights.
func (p *Position) SetCastling(c Castling) {
	p.hash ^= zobristCastling[p.castling] ^ zobristCastling[c]
	p.castling = c
}

// SetEPSquare sets the en-passant target square (NoSquare for none).
func (p *Position) SetEPSquare(s Square) {
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
	}
	p.ep = s
	if s != NoSquare {
		p.hash ^= zobristEP[s.File()]
	}
}

// SetCounters sets the half-move clock and the move number.
func (p *Position) SetCounters(halfmove, fullmove int) {
	p.halfmove, p.fullmove = halfmove, fullmove
}

// NewEmpty returns an empty board, White to move, move 1.
func NewEmpty() Position {
	p := Position{ep: NoSquare, fullmove: 1}
	p.hash = zobristCastling[0]
	return p
}

// StartFEN is the FEN of the orthodox starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Start returns the orthodox starting position.
func Start() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// AttackersTo returns the pieces of both colors that attack s, given the
// occupancy occ (which may differ from the board's, to look through pieces).
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return knightAttacks[s]&p.byRole[Knight] |
		kingAttacks[s]&p.byRole[King] |
		pawnAttacks[White][s]&p.byRole[Pawn]&p.byColor[Black] |
		pawnAttacks[Black][s]&p.byRole[Pawn]&p.byColor[White] |
		RookAttacks(s, occ)&(p.byRole[Rook]|p.byRole[Queen]) |
		BishopAttacks(s, occ)&(p.byRole[Bishop]|p.byRole[Queen])
}

// Attacked reports whether any piece of color by attacks s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.AttackersTo(s, p.Occupied())&p.byColor[by] != 0
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.King(p.turn)
	if k == NoSquare {
		return 0
	}
	return p.AttackersTo(k, p.Occupied()) & p.byColor[p.turn.Other()]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// IsCapture reports whether m takes a piece (en passant included).
func (p *Position) IsCapture(m Move) bool {
	return p.board[m.To()] != NoPiece ||
		(p.board[m.From()].Role() == Pawn && m.To() == p.ep && m.From().File() != m.To().File())
}

// Captured returns the piece m takes and its square, or NoPiece.
func (p *Position) Captured(m Move) (Piece, Square) {
	to := m.To()
	if pc := p.board[to]; pc != NoPiece {
		return pc, to
	}
	if p.board[m.From()].Role() == Pawn && to == p.ep && m.From().File() != to.File() {
		s := to - 8
		if p.turn == Black {
			s = to + 8
		}
		return p.board[s], s
	}
	return NoPiece, NoSquare
}

// Play makes a move on the board without checking it: the move must be one
// that the move generator gave for this position. It handles captures, en
// passant, castling (the king's two-file move), promotion, the castling
// rights, the counters and the side to move.
func (p *Position) Play(m Move) {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.turn
	p.halfmove++
	if p.board[to] != NoPiece {
		p.Remove(to)
		p.halfmove = 0
	}
	ep := p.ep
	if ep != NoSquare {
		p.hash ^= zobristEP[ep.File()]
		p.ep = NoSquare
	}
	p.Remove(from)
	switch pc.Role() {
	case Pawn:
		p.halfmove = 0
		switch {
		case to == ep && from.File() != to.File():
			if us == White {
				p.Remove(to - 8)
			} else {
				p.Remove(to + 8)
			}
		case to-from == 16 || from-to == 16:
			mid := (from + to) / 2
			if pawnAttacks[us][mid]&p.byColor[us.Other()]&p.byRole[Pawn] != 0 {
				p.ep = mid
				p.hash ^= zobristEP[mid.File()]
			}
		}
		if r := m.Promotion(); r != NoRole {
			pc = MakePiece(us, r)
		}
	case King:
		if to-from == 2 {
			p.Put(to-1, p.Remove(to+1))
		} else if from-to == 2 {
			p.Put(to+1, p.Remove(to-2))
		}
	}
	p.Put(to, pc)
	if c := p.castling & castleKeep[from] & castleKeep[to]; c != p.castling {
		p.hash ^= zobristCastling[p.castling] ^ zobristCastling[c]
		p.castling = c
	}
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
	p.hash ^= zobristBlack
}

// computeHash recomputes the hash from scratch.
func (p *Position) computeHash() uint64 {
	h := zobristCastling[p.castling]
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep.File()]
	}
	if p.turn == Black {
		h ^= zobristBlack
	}
	return h
}

// HasNonPawn reports whether c has a piece other than pawns and the king
// (the null-move search is unsound in pawn endings: zugzwang).
func (p *Position) HasNonPawn(c Color) bool {
	return p.byColor[c]&^(p.byRole[Pawn]|p.byRole[King]) != 0
}
