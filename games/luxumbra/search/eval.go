package search

import (
	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
)

// lives is what the bare-king rule (4.2) adds to a side's score by the
// number of its pieces besides the king: with one left, its loss loses the
// game; with two, a single exchange brings the side to the brink.
var lives = [3]int{0, -250, -80}

// Eval is the search's evaluation of p in centipawns for the side to move:
// the chess engine's (chesssearch.EvalWhite: material, piece-square tables,
// mobility, king safety, pawn structure) adapted to this game. The chess
// evaluation divides by four the lead of a side without pawns and less
// than a rook up in pieces, since such endings are drawn in chess; here
// nothing is drawn (1.1) and a bare king loses (4.2), so the division is
// undone, and a side with one or two pieces besides its king is marked
// down (lives). Kings left to be taken are the search's to find (it knows
// 4.1 exactly), not the evaluation's. The pieces keep their chess values:
// whatever the colour of its square, a piece may move in 3/4 of the rolls
// (2.1: LL, LS or SS), so the dice do not move one kind of piece less
// often than another; that a bishop never changes colour is what the
// bishop pair's bonus rewards.
func Eval(p *chess.Position) int {
	v := chesssearch.EvalWhite(p)
	if v > 0 && p.Pieces(chess.White, chess.Pawn) == 0 && pieceValue(p, chess.White)-pieceValue(p, chess.Black) < 400 {
		v *= 4
	}
	if v < 0 && p.Pieces(chess.Black, chess.Pawn) == 0 && pieceValue(p, chess.Black)-pieceValue(p, chess.White) < 400 {
		v *= 4
	}
	for c, sign := range [2]int{1, -1} {
		if n := (p.ByColor(chess.Color(c)) &^ p.Pieces(chess.Color(c), chess.King)).Count(); n < len(lives) {
			v += sign * lives[n]
		}
	}
	if p.Turn() == chess.Black {
		return -v
	}
	return v
}

// pieceValue is c's material in pieces other than pawns and the king, as
// the chess evaluation counts it for its drawish endings.
func pieceValue(p *chess.Position, c chess.Color) int {
	n := 0
	for _, r := range [4]chess.Role{chess.Knight, chess.Bishop, chess.Rook, chess.Queen} {
		n += chesssearch.SEEValue[r] * p.Pieces(c, r).Count()
	}
	return n
}
