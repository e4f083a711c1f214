package chess

// The attack tables are constants of the program, generated into
// tables.go by TestTables (go test ./games/chess -run TestTables -update)
// from the computation in tables_test.go, so that starting a program that
// imports this package computes and allocates nothing: the 860 KB of the
// sliders' table are read from the binary as far as a search touches them.

// magic is one square's entry of the fancy-magic slider lookup.
type magic struct {
	mask   Bitboard
	number uint64
	shift  uint8
	offset uint32
}

// RookAttacks returns the squares a rook on s attacks given the occupancy.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return sliderTable[m.offset+uint32(uint64(occ&m.mask)*m.number>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given the
// occupancy.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return sliderTable[m.offset+uint32(uint64(occ&m.mask)*m.number>>m.shift)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupancy.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of color c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// Between returns the squares strictly between a and b on a shared line,
// or the empty set.
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b, or the empty set.
func Line(a, b Square) Bitboard { return line[a][b] }
