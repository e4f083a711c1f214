package chess

import (
	"flag"
	"fmt"
	"math/bits"
	"testing"
)

var findMagics = flag.Bool("find-magics", false, "search for new magic numbers and print them")

// magicCollides reports whether two occupancies of square s's mask that
// give different attacks share an index under num.
func magicCollides(s Square, dirs [4][2]int, num uint64) bool {
	mask := relevantMask(s, dirs)
	shift := 64 - mask.Count()
	seen := map[uint64]Bitboard{}
	for sub := Bitboard(0); ; {
		idx, att := uint64(sub)*num>>shift, slide(s, sub, dirs)
		if old, ok := seen[idx]; ok && old != att {
			return true
		}
		seen[idx] = att
		if sub = (sub - mask) & mask; sub == 0 {
			return false
		}
	}
}

// TestMagicNumbers checks every magic number of magics.go, and with
// -find-magics searches for new ones with a fixed-seed generator (sparse
// random numbers, as is usual) and prints them for magics.go.
func TestMagicNumbers(t *testing.T) {
	for _, kind := range []struct {
		name    string
		dirs    [4][2]int
		numbers *[64]uint64
	}{{"rook", rookDirs, &rookMagicNumbers}, {"bishop", bishopDirs, &bishopMagicNumbers}} {
		if *findMagics {
			rng := uint64(0x9e3779b97f4a7c15) ^ uint64(kind.dirs[0][0]+2)
			next := func() uint64 { // xorshift64*
				rng ^= rng >> 12
				rng ^= rng << 25
				rng ^= rng >> 27
				return rng * 2685821657736338717
			}
			fmt.Printf("var %sMagicNumbers = [64]uint64{\n", kind.name)
			for s := Square(0); s < 64; s++ {
				mask := relevantMask(s, kind.dirs)
				for {
					// Three draws ANDed give a sparse candidate.
					a, b, c := next(), next(), next()
					num := a & b & c
					if bits.OnesCount64(uint64(mask)*num>>56) >= 6 && !magicCollides(s, kind.dirs, num) {
						fmt.Printf("\t0x%016x,\n", num)
						break
					}
				}
			}
			fmt.Println("}")
		}
		for s := Square(0); s < 64; s++ {
			if magicCollides(s, kind.dirs, kind.numbers[s]) {
				t.Errorf("%s magic of %s (%#x) collides", kind.name, s, kind.numbers[s])
			}
		}
	}
	// The lookup agrees with the slow walk on random occupancies.
	rng := uint64(1)
	for i := 0; i < 20000; i++ {
		rng = rng*6364136223846793005 + 1442695040888963407
		occ := Bitboard(rng & (rng >> 7) & (rng >> 13))
		s := Square(i % 64)
		if got, want := RookAttacks(s, occ), slide(s, occ, rookDirs); got != want {
			t.Fatalf("RookAttacks(%s, %#x) = %#x, want %#x", s, uint64(occ), uint64(got), uint64(want))
		}
		if got, want := BishopAttacks(s, occ), slide(s, occ, bishopDirs); got != want {
			t.Fatalf("BishopAttacks(%s, %#x) = %#x, want %#x", s, uint64(occ), uint64(got), uint64(want))
		}
	}
}
