package chess

import "math/bits"

// Color is a side: White or Black.
type Color uint8

// The two colors.
const (
	White Color = iota
	Black
)

// Other returns the opposing color.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Role is a kind of piece, without its color.
type Role uint8

// The roles; NoRole marks an empty square or no promotion.
const (
	NoRole Role = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Roles lists the six roles in order.
var Roles = [6]Role{Pawn, Knight, Bishop, Rook, Queen, King}

// Char returns the role's lower-case letter ('p', 'n', …), or 0 for NoRole.
func (r Role) Char() byte {
	if r > King {
		return '?'
	}
	return " pnbrqk"[r]
}

// RoleFromChar reads a role letter of either case.
func RoleFromChar(c byte) Role {
	switch c | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoRole
}

// Piece is a role with a color; the zero Piece is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece combines a color and a role.
func MakePiece(c Color, r Role) Piece { return Piece(c)<<3 | Piece(r) }

// Role returns the piece's role.
func (p Piece) Role() Role { return Role(p & 7) }

// Color returns the piece's color.
func (p Piece) Color() Color { return Color(p >> 3) }

// Char returns the FEN letter: upper case for White, lower case for Black.
func (p Piece) Char() byte {
	c := p.Role().Char()
	if p.Color() == White {
		c -= 0x20
	}
	return c
}

// Square is a square of the board, a1 = 0, b1 = 1, … h8 = 63.
type Square int8

// NoSquare marks the absence of a square (no en-passant target).
const NoSquare Square = -1

// Named squares used by the rules.
const (
	A1 Square = 0
	E1 Square = 4
	H1 Square = 7
	A8 Square = 56
	E8 Square = 60
	H8 Square = 63
)

// SquareAt returns the square on file f and rank r (both 0..7).
func SquareAt(f, r int) Square { return Square(r*8 + f) }

// File returns 0 for the a-file … 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 for rank 1 … 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// IsLight reports whether the square is light (h1 is light, a1 dark).
func (s Square) IsLight() bool { return (s.File()+s.Rank())&1 == 1 }

// String returns the square's name, "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

// Bitboards of files, ranks and square colors.
const (
	FileA        Bitboard = 0x0101010101010101
	FileH        Bitboard = FileA << 7
	Rank1        Bitboard = 0xff
	Rank2        Bitboard = Rank1 << 8
	Rank4        Bitboard = Rank1 << 24
	Rank5        Bitboard = Rank1 << 32
	Rank7        Bitboard = Rank1 << 48
	Rank8        Bitboard = Rank1 << 56
	DarkSquares  Bitboard = 0xaa55aa55aa55aa55
	LightSquares          = ^DarkSquares
)

// Bit returns the bitboard of one square.
func (s Square) Bit() Bitboard { return 1 << uint(s) }

// Has reports whether the set contains s.
func (b Bitboard) Has(s Square) bool { return b&(1<<uint(s)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Move is a move in compact form: from square, to square and the promotion
// role. Castling is the king's move of two files (UCI style); en passant is
// the pawn's diagonal move to the empty target square.
type Move uint16

// NoMove is the zero Move; it is never legal.
const NoMove Move = 0

// NewMove builds a move.
func NewMove(from, to Square, promo Role) Move {
	return Move(from) | Move(to)<<6 | Move(promo)<<12
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the promotion role, or NoRole.
func (m Move) Promotion() Role { return Role(m >> 12 & 7) }

// String returns the move in UCI notation, "e7e8q".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoRole {
		s += string(p.Char())
	}
	return s
}

// MoveList is a fixed-capacity list of moves that lives on the stack.
type MoveList struct {
	Moves [256]Move
	N     int
}

// Add appends a move.
func (l *MoveList) Add(m Move) { l.Moves[l.N] = m; l.N++ }

// Slice returns the moves as a slice of the list's array.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }
