package search

import "github.com/norns-games/norns/games/chess"

// The evaluation of the search: a tapered score (a middlegame and an
// endgame value blended by the material left on the board) of material,
// piece-square tables, mobility, king safety, pawn structure and rooks on
// open files. The values are set by hand after the conventions of public
// engines (centipawns; a pawn is about 100).

// score is a middlegame and an endgame value.
type score struct{ mg, eg int32 }

func (a score) add(b score) score  { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score  { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) mul(n int32) score  { return score{a.mg * n, a.eg * n} }
func s(mg, eg int32) score         { return score{mg, eg} }
func (a score) taper(ph int32) int { return int((a.mg*ph + a.eg*(phaseMax-ph)) / phaseMax) }

// pieceScore is the material value of each role.
var pieceScore = [7]score{chess.Pawn: s(90, 120), chess.Knight: s(330, 300), chess.Bishop: s(340, 320), chess.Rook: s(470, 540), chess.Queen: s(960, 1000)}

// SEEValue is the value of each role in static exchange evaluation and
// capture ordering.
var SEEValue = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 950, chess.King: 20000}

// phaseWeight counts a role towards the middlegame; phaseMax is the
// weight of the full set.
var phaseWeight = [7]int32{chess.Knight: 1, chess.Bishop: 1, chess.Rook: 2, chess.Queen: 4}

const phaseMax = 24

// pst[role][sq] is the piece-square value of a White piece on sq (Black's
// mirror the rank).
var pst [7][64]score

// centre distance: 0 on the four centre squares, 3 in the corners.
func centreDist(sq chess.Square) int32 {
	f, r := int32(sq.File()), int32(sq.Rank())
	df := max(3-f, f-4)
	dr := max(3-r, r-4)
	return max(df, dr)
}

// kingMG is the middlegame table of the king, from White's side, a1 first:
// at home behind its pawns, castled, it is safe; in the centre and up the
// board it is not.
var kingMG = [64]int32{
	20, 35, 15, -10, 0, -10, 35, 20,
	10, 10, -10, -25, -25, -10, 10, 10,
	-20, -30, -35, -45, -45, -35, -30, -20,
	-40, -50, -55, -65, -65, -55, -50, -40,
	-50, -60, -65, -75, -75, -65, -60, -50,
	-60, -70, -75, -85, -85, -75, -70, -60,
	-60, -70, -75, -85, -85, -75, -70, -60,
	-60, -70, -75, -85, -85, -75, -70, -60,
}

func init() {
	pawnRankMG := [8]int32{0, 0, 0, 5, 15, 30, 50, 0}
	pawnRankEG := [8]int32{0, 0, 0, 5, 15, 35, 60, 0}
	pawnFileMG := [8]int32{-5, 0, 5, 15, 15, 5, 0, -5}
	for sq := chess.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		cd := centreDist(sq)
		// Pawns: advance, and central pawns in the middlegame (a pawn on
		// the d- and e-files at home is in the way of the bishops).
		if r > 0 && r < 7 {
			mg := pawnRankMG[r] + pawnFileMG[f]*int32(min(r, 4)-1)
			if (f == 3 || f == 4) && r == 1 {
				mg -= 15
			}
			pst[chess.Pawn][sq] = s(mg, pawnRankEG[r])
		}
		// Knights: centralised, never on the rim.
		pst[chess.Knight][sq] = s(25-15*cd, 20-12*cd)
		if r == 0 {
			pst[chess.Knight][sq].mg -= 10
		}
		// Bishops: a little centralisation; off the back rank.
		pst[chess.Bishop][sq] = s(12-6*cd, 10-6*cd)
		if r == 0 {
			pst[chess.Bishop][sq].mg -= 10
		}
		// Rooks: the seventh rank, the central files in the middlegame.
		rk := s(0, 0)
		if f >= 2 && f <= 5 {
			rk.mg += 5
		}
		if r == 6 {
			rk = rk.add(s(20, 15))
		}
		pst[chess.Rook][sq] = rk
		// Queens: a little centralisation, more in the endgame.
		pst[chess.Queen][sq] = s(5-3*cd, 15-8*cd)
		if r == 0 {
			pst[chess.Queen][sq].mg += 0
		}
		// King: sheltered in the middlegame, central in the endgame.
		pst[chess.King][sq] = s(kingMG[sq], 30-15*cd)
	}
}

// Mobility per role: a score per square attacked that is not held by an
// own piece nor attacked by an enemy pawn, counted from a typical number.
var (
	mobilityPer  = [7]score{chess.Knight: s(4, 4), chess.Bishop: s(5, 5), chess.Rook: s(2, 4), chess.Queen: s(1, 2)}
	mobilityBase = [7]int32{chess.Knight: 4, chess.Bishop: 6, chess.Rook: 6, chess.Queen: 12}
)

// King attack: units per attacking piece on the zone around the king, and
// the share of them that counts by the number of attackers.
var (
	attackUnits  = [7]int32{chess.Knight: 2, chess.Bishop: 2, chess.Rook: 3, chess.Queen: 5}
	attackWeight = [8]int32{0, 0, 50, 75, 88, 94, 97, 99}
)

// Pawn structure and other terms.
var (
	doubledPawn    = s(-10, -20)
	isolatedPawn   = s(-10, -15)
	backwardPawn   = s(-5, -5)
	passedRankMG   = [8]int32{0, 5, 5, 10, 20, 35, 60, 0}
	passedRankEG   = [8]int32{0, 10, 15, 25, 45, 75, 120, 0}
	bishopPair     = s(30, 50)
	rookOpen       = s(25, 10)
	rookSemiOpen   = s(10, 5)
	shieldPawn     = s(12, 0)
	missingShield  = s(-15, 0)
	openKingFile   = s(-20, 0)
	tempo          = s(12, 8)
	kingPassedNear = int32(5) // endgame: per square the kings' distances to a passed pawn's path differ
)

var (
	fileMask     [8]chess.Bitboard
	adjacentMask [8]chess.Bitboard
	// passedMask[c][sq]: the squares in front of a c pawn on sq, on its
	// file and the adjacent ones; no enemy pawn there makes it passed.
	passedMask [2][64]chess.Bitboard
	// frontSpan[c][sq]: the squares of the file in front of a c pawn.
	frontSpan [2][64]chess.Bitboard
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = chess.FileA << uint(f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentMask[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentMask[f] |= fileMask[f+1]
		}
	}
	for sq := chess.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for rr := 0; rr < 8; rr++ {
			row := chess.Rank1 << uint(8*rr)
			span := (fileMask[f] | adjacentMask[f]) & row
			if rr > r {
				passedMask[chess.White][sq] |= span
				frontSpan[chess.White][sq] |= fileMask[f] & row
			}
			if rr < r {
				passedMask[chess.Black][sq] |= span
				frontSpan[chess.Black][sq] |= fileMask[f] & row
			}
		}
	}
}

// pawnAttacksOf returns the squares c's pawns attack.
func pawnAttacksOf(pawns chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		return (pawns&^chess.FileA)<<7 | (pawns&^chess.FileH)<<9
	}
	return (pawns&^chess.FileA)>>9 | (pawns&^chess.FileH)>>7
}

func sqDist(a, b chess.Square) int32 {
	df := a.File() - b.File()
	dr := a.Rank() - b.Rank()
	return int32(max(df, -df, dr, -dr))
}

// Eval returns the search's evaluation of p in centipawns from the side to
// move's point of view.
func Eval(p *chess.Position) int {
	v := EvalWhite(p)
	if p.Turn() == chess.Black {
		return -v
	}
	return v
}

// EvalWhite returns the search's evaluation of p in centipawns from
// White's point of view.
func EvalWhite(p *chess.Position) int {
	var phase int32
	total := s(0, 0)
	occ := p.Occupied()
	pawnAtt := [2]chess.Bitboard{pawnAttacksOf(p.Pieces(chess.White, chess.Pawn), chess.White), pawnAttacksOf(p.Pieces(chess.Black, chess.Pawn), chess.Black)}
	var kingZone [2]chess.Bitboard
	var ksq [2]chess.Square
	for c := chess.White; c <= chess.Black; c++ {
		ksq[c] = p.King(c)
		if ksq[c] != chess.NoSquare {
			kingZone[c] = chess.KingAttacks(ksq[c]) | ksq[c].Bit()
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		sc := s(0, 0)
		ours := p.ByColor(c)
		ownPawns, theirPawns := p.Pieces(c, chess.Pawn), p.Pieces(them, chess.Pawn)
		safe := ^ours &^ pawnAtt[them]
		var units, attackers int32
		for _, r := range [5]chess.Role{chess.Pawn, chess.Knight, chess.Bishop, chess.Rook, chess.Queen} {
			for b := p.Pieces(c, r); b != 0; {
				sq := b.PopFirst()
				rel := sq
				if c == chess.Black {
					rel = sq ^ 56
				}
				sc = sc.add(pieceScore[r]).add(pst[r][rel])
				phase += phaseWeight[r]
				var att chess.Bitboard
				switch r {
				case chess.Pawn:
					continue
				case chess.Knight:
					att = chess.KnightAttacks(sq)
				case chess.Bishop:
					att = chess.BishopAttacks(sq, occ&^p.Pieces(c, chess.Queen))
				case chess.Rook:
					att = chess.RookAttacks(sq, occ&^p.Pieces(c, chess.Queen)&^p.Pieces(c, chess.Rook))
					f := sq.File()
					if fileMask[f]&ownPawns == 0 {
						if fileMask[f]&theirPawns == 0 {
							sc = sc.add(rookOpen)
						} else {
							sc = sc.add(rookSemiOpen)
						}
					}
				case chess.Queen:
					att = chess.QueenAttacks(sq, occ)
				}
				n := int32((att & safe).Count())
				sc = sc.add(mobilityPer[r].mul(n - mobilityBase[r]))
				if z := att & kingZone[them]; z != 0 {
					attackers++
					units += attackUnits[r] * int32(z.Count())
				}
			}
		}
		if p.Pieces(c, chess.Bishop).Count() >= 2 {
			sc = sc.add(bishopPair)
		}
		// King safety: the attack on the enemy king, counted when a queen
		// takes part or enough pieces do.
		if p.Pieces(c, chess.Queen) != 0 || attackers >= 3 {
			sc.mg += min(units*attackWeight[min(attackers, 7)]/10, 500)
		}
		if k := ksq[c]; k != chess.NoSquare {
			sc = sc.add(kingShelter(p, c, k))
			rel := k
			if c == chess.Black {
				rel = k ^ 56
			}
			sc = sc.add(pst[chess.King][rel])
		}
		sc = sc.add(pawnStructure(p, c, ksq))
		if c == chess.White {
			total = total.add(sc)
		} else {
			total = total.sub(sc)
		}
	}
	if p.Turn() == chess.White {
		total = total.add(tempo)
	} else {
		total = total.sub(tempo)
	}
	v := total.taper(min(phase, phaseMax))
	// Drawish endings: without pawns a side up by less than a rook's
	// worth of pieces can rarely win.
	if v > 0 && p.Pieces(chess.White, chess.Pawn) == 0 && nonPawn(p, chess.White)-nonPawn(p, chess.Black) < 400 {
		v /= 4
	}
	if v < 0 && p.Pieces(chess.Black, chess.Pawn) == 0 && nonPawn(p, chess.Black)-nonPawn(p, chess.White) < 400 {
		v /= 4
	}
	return v
}

// nonPawn is c's material in pieces other than pawns.
func nonPawn(p *chess.Position, c chess.Color) int {
	return SEEValue[chess.Knight]*p.Pieces(c, chess.Knight).Count() + SEEValue[chess.Bishop]*p.Pieces(c, chess.Bishop).Count() +
		SEEValue[chess.Rook]*p.Pieces(c, chess.Rook).Count() + SEEValue[chess.Queen]*p.Pieces(c, chess.Queen).Count()
}

// kingShelter scores the pawns in front of c's king on k (middlegame only):
// a shield on the two ranks in front, and open files next to it.
func kingShelter(p *chess.Position, c chess.Color, k chess.Square) score {
	sc := s(0, 0)
	own := p.Pieces(c, chess.Pawn)
	all := p.ByRole(chess.Pawn)
	f := k.File()
	var ahead chess.Bitboard // the two ranks in front of the king
	for d := 1; d <= 2; d++ {
		r := k.Rank() + d
		if c == chess.Black {
			r = k.Rank() - d
		}
		if r >= 0 && r < 8 {
			ahead |= chess.Rank1 << uint(8*r)
		}
	}
	for ff := max(0, f-1); ff <= min(7, f+1); ff++ {
		if own&fileMask[ff]&ahead != 0 {
			sc = sc.add(shieldPawn)
		} else {
			sc = sc.add(missingShield)
		}
		if fileMask[ff]&all == 0 {
			sc = sc.add(openKingFile)
		}
	}
	return sc
}

// pawnStructure scores c's pawns: doubled, isolated and backward pawns,
// and passed pawns by rank (in the endgame more when the enemy king is
// far from the pawn's path and the own king near).
func pawnStructure(p *chess.Position, c chess.Color, ksq [2]chess.Square) score {
	sc := s(0, 0)
	own := p.Pieces(c, chess.Pawn)
	them := c.Other()
	theirs := p.Pieces(them, chess.Pawn)
	for b := own; b != 0; {
		sq := b.PopFirst()
		f := sq.File()
		if frontSpan[c][sq]&own != 0 {
			sc = sc.add(doubledPawn)
		}
		if adjacentMask[f]&own == 0 {
			sc = sc.add(isolatedPawn)
		} else if passedMask[them][sq]&adjacentMask[f]&own == 0 {
			// No own pawn beside or behind on the adjacent files: if the
			// square in front is attacked by an enemy pawn it is backward.
			front := sq + chess.PushDir(c)
			if front >= 0 && front < 64 && chess.PawnAttacks(c, front)&theirs != 0 {
				sc = sc.add(backwardPawn)
			}
		}
		if passedMask[c][sq]&theirs == 0 && frontSpan[c][sq]&own == 0 {
			r := sq.Rank()
			if c == chess.Black {
				r = 7 - r
			}
			ps := s(passedRankMG[r], passedRankEG[r])
			if ksq[them] != chess.NoSquare && ksq[c] != chess.NoSquare && r >= 3 {
				stop := sq + chess.PushDir(c)
				d := sqDist(ksq[them], stop) - sqDist(ksq[c], stop)
				ps.eg += d * kingPassedNear * int32(r-2)
			}
			if frontSpan[c][sq]&p.Occupied() == 0 {
				ps.eg += passedRankEG[r] / 4
			}
			sc = sc.add(ps)
		}
	}
	return sc
}
