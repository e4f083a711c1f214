package search

import (
	"math"

	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	"github.com/norns-games/norns/games/seidr"
)

// searchEval is the search's evaluation of p for us, the player about to
// make the quiet move: the model's chance P that us wins, with the chess
// evaluation (chesssearch.Eval: material, piece-square tables, mobility, king
// safety, pawn structure) added to its logit at chessWeight per 1,000
// centipawns, as evalScale·(2P−1).
func searchEval(p *chess.Position, us chess.Color, chessWeight float64) int {
	z := seidr.Logit(p, us)
	if chessWeight != 0 {
		ce := chesssearch.Eval(p)
		if p.Turn() != us {
			ce = -ce
		}
		z += chessWeight * float64(ce) / 1000
	}
	return int(math.Round(evalScale * (2/(1+math.Exp(-z)) - 1)))
}
