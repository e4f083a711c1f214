package main

const (
	seidrRules = "games/seidr/rules.go"
	seidrState = "games/seidr/state.go"
	seidrGame  = "games/seidr/game.go"
)

// seidrMutants are Seiðr chess's (rules/seidr.md): the quiet move, the
// die's directions, the slide and the swap, the pawns removed, the call
// of steel and the ends.
var seidrMutants = []Mutant{
	{ID: "quiet-promotion", Rule: "seidr 2A.2", File: seidrRules,
		Old: "if m.Promotion() == chess.NoRole {", New: "if true {"},
	{ID: "carrier-captures", Rule: "seidr 2C.1", File: seidrRules,
		Old: "from &^= carrier.Bit()", New: "from &^= 0"},
	{ID: "black-directions-unturned", Rule: "seidr 2B.1", File: seidrRules,
		Old: "if c == chess.Black {\n\t\treturn -df, -dr", New: "if false {\n\t\treturn -df, -dr"},
	{ID: "forward-right-mirrored", Rule: "seidr 2B.1", File: seidrRules,
		Old: "2: {1, 1}", New: "2: {-1, 1}"},
	{ID: "back-left-mirrored", Rule: "seidr 2B.1", File: seidrRules,
		Old: "6: {-1, -1}", New: "6: {1, -1}"},
	{ID: "slide-one-square", Rule: "seidr 2B.3", File: seidrRules,
		Old: "for p.Piece(to) == chess.NoPiece && OnBoard(file+df, rank+dr) {", New: "for false {"},
	{ID: "no-swap", Rule: "seidr 2B.3", File: seidrRules,
		Old: "\tp.Put(from, met)\n", New: "\t_ = met\n"},
	{ID: "swapped-pawn-stays", Rule: "seidr 2B.4", File: seidrRules,
		Old: "if met.Role() == chess.Pawn && lastRank(from) {", New: "if false {"},
	{ID: "swapped-piece-removed", Rule: "seidr 2B.4", File: seidrRules,
		Old: "if met.Role() == chess.Pawn && lastRank(from) {", New: "if lastRank(from) {"},
	{ID: "pawn-carrier-stays", Rule: "seidr 2B.7", File: seidrRules,
		Old: "p.Piece(c.Carrier).Role() == chess.Pawn && lastRank(c.Carrier)", New: "false"},
	{ID: "capture-keeps-counter", Rule: "seidr 3.2", File: seidrRules,
		Old: "\tp.SetCounters(0, p.Fullmove())\n\tc.EndTurn()", New: "\tc.EndTurn()"},
	{ID: "removal-keeps-counter", Rule: "seidr 3.2", File: seidrRules,
		Old: "\tc.Pos.SetCounters(0, c.Pos.Fullmove())", New: "\t_ = c"},
	{ID: "lost-turn-uncounted", Rule: "seidr 3.2", File: seidrRules,
		Old: "\tp.SetCounters(p.Halfmove()+1, p.Fullmove())\n\tc.EndTurn()", New: "\t_ = p\n\tc.EndTurn()"},
	{ID: "quiet-limit-late", Rule: "seidr 3.2", File: seidrRules,
		Old: "p.Halfmove() >= quietLimit", New: "p.Halfmove() > quietLimit"},
	{ID: "dead-draw-one-side", Rule: "seidr 3.3", File: seidrRules,
		Old: "OnlyKing(p, chess.White) && OnlyKing(p, chess.Black)", New: "OnlyKing(p, chess.White) || OnlyKing(p, chess.Black)"},
	{ID: "no-quiet-both-plays-on", Rule: "seidr 3.4", File: seidrRules,
		Old: "if !hasQuietMove(&q) {", New: "if false {"},
	{ID: "king-capture-loses", Rule: "seidr 3.1", File: seidrRules,
		Old: "Winners: []game.Player{game.Player(color.Other())}, Reason: \"king captured\"", New: "Winners: []game.Player{game.Player(color)}, Reason: \"king captured\""},
	{ID: "steel-skip-counts-twice", Rule: "seidr 3.2", File: seidrState,
		Old: "\t\t\t\ts.cur.EndTurn() // 2C.2\n", New: "\t\t\t\ts.cur.LoseTurn()\n"},
	{ID: "quiet-limit-default", Rule: "seidr 3.2", File: seidrGame,
		Old: "Name: \"quiet-limit\", Default: \"50\"", New: "Name: \"quiet-limit\", Default: \"60\""},
	{ID: "dead-draw-default-off", Rule: "seidr 3.3", File: seidrGame,
		Old: "Name: \"dead-draw\", Default: \"on\"", New: "Name: \"dead-draw\", Default: \"off\""},
}
