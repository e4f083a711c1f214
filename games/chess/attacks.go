package chess

// Attack tables, computed once when the package loads.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] is the set of squares strictly between a and b on a
	// line (rank, file or diagonal), empty if they share none.
	between [64][64]Bitboard
	// line[a][b] is the whole line through a and b, empty if none.
	line [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []Bitboard
)

// magic is one square's entry of the fancy-magic slider lookup.
type magic struct {
	mask   Bitboard
	number uint64
	shift  uint8
	offset uint32
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide returns the squares a slider on s attacks along dirs, stopping at
// the first occupied square (included).
func slide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var out Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := SquareAt(f, r)
			out |= t.Bit()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return out
}

// relevantMask is the set of squares whose occupancy matters to a slider on
// s: its rays without their last square.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var out Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			out |= SquareAt(f, r).Bit()
			f, r = nf, nr
		}
	}
	return out
}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAttacks[s] |= SquareAt(nf, nr).Bit()
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if nf, nr := f+df, r+dr; (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAttacks[s] |= SquareAt(nf, nr).Bit()
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if nf := f + df; nf >= 0 && nf < 8 {
				if r < 7 {
					pawnAttacks[White][s] |= SquareAt(nf, r+1).Bit()
				}
				if r > 0 {
					pawnAttacks[Black][s] |= SquareAt(nf, r-1).Bit()
				}
			}
		}
	}
	sliderTable = make([]Bitboard, 0, 102400+5248) // the rooks' and the bishops' entries
	initMagics(&rookMagics, rookDirs, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers)
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				var ray Bitboard
				f, r := a.File()+d[0], a.Rank()+d[1]
				for f >= 0 && f < 8 && r >= 0 && r < 8 {
					b := SquareAt(f, r)
					between[a][b] = ray
					ray |= b.Bit()
					f, r = f+d[0], r+d[1]
				}
			}
		}
		for b := Square(0); b < 64; b++ {
			if a != b && (slide(a, 0, rookDirs) | slide(a, 0, bishopDirs)).Has(b) {
				line[a][b] = fullLine(a, b)
			}
		}
	}
}

// fullLine is the whole rank, file or diagonal through a and b.
func fullLine(a, b Square) Bitboard {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	out := a.Bit()
	for _, k := range []int{1, -1} {
		f, r := a.File()+k*df, a.Rank()+k*dr
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			out |= SquareAt(f, r).Bit()
			f, r = f+k*df, r+k*dr
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// initMagics builds one slider kind's lookup with its magic numbers
// (magics.go): each square's entries, indexed by the magic product of an
// occupancy of its relevant mask, hold the squares the slider attacks.
func initMagics(table *[64]magic, dirs [4][2]int, numbers *[64]uint64) {
	for s := Square(0); s < 64; s++ {
		m := &table[s]
		m.mask = relevantMask(s, dirs)
		m.shift = uint8(64 - m.mask.Count())
		m.number = numbers[s]
		m.offset = uint32(len(sliderTable))
		entries := make([]Bitboard, 1<<m.mask.Count())
		// Every subset of the mask (Carry-Rippler).
		for sub := Bitboard(0); ; {
			entries[uint64(sub)*m.number>>m.shift] = slide(s, sub, dirs)
			if sub = (sub - m.mask) & m.mask; sub == 0 {
				break
			}
		}
		sliderTable = append(sliderTable, entries...)
	}
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
