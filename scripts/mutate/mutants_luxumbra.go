package main

const (
	luxRules = "games/luxumbra/rules.go"
	luxState = "games/luxumbra/state.go"
	luxGame  = "games/luxumbra/game.go"
)

// luxumbraMutants are Lux et Umbra's (rules/lux-et-umbra.md): the dice and
// their colours, the two moves of a turn, the ends and the balance rule.
var luxumbraMutants = []Mutant{
	{ID: "light-is-dark", Rule: "luxumbra 2.2", File: luxRules,
		Old: "m |= chess.LightSquares", New: "m |= chess.DarkSquares"},
	{ID: "wrong-die-used", Rule: "luxumbra 6", File: luxRules,
		Old: "if from.IsLight() {\n\t\td.Light--", New: "if !from.IsLight() {\n\t\td.Light--"},
	{ID: "double-light-is-mixed", Rule: "luxumbra 2.1", File: luxRules,
		Old: "case RollLL:\n\t\treturn Dice{Light: 2}", New: "case RollLL:\n\t\treturn Dice{Light: 1, Shadow: 1}"},
	{ID: "mixed-roll-a-quarter", Rule: "luxumbra 2.1", File: luxGame,
		Old: "{Action: RollLS, Prob: 0.5}, {Action: RollSS, Prob: 0.25}", New: "{Action: RollLS, Prob: 0.25}, {Action: RollSS, Prob: 0.5}"},
	{ID: "no-captures", Rule: "luxumbra 3.2", File: luxRules,
		Old: "c.pos.PseudoMoves(ml, c.d.FromMask(), ^chess.Bitboard(0))", New: "c.pos.PseudoMoves(ml, c.d.FromMask(), ^c.pos.Occupied())"},
	{ID: "en-passant", Rule: "luxumbra 1.1", File: luxRules,
		Old: "\tc.pos.SetEPSquare(chess.NoSquare) // 1.1: no en passant\n", New: "\n"},
	{ID: "king-capture-loses", Rule: "luxumbra 4.1", File: luxRules,
		Old: "return win(c.Other(), \"king captured\")", New: "return win(c, \"king captured\")"},
	{ID: "bare-king-plays-on", Rule: "luxumbra 4.2", File: luxRules,
		Old: "if p.ByColor(c) == p.Pieces(c, chess.King) {", New: "if false {"},
	{ID: "no-first-move-passes", Rule: "luxumbra 3.6", File: luxRules,
		Old: "if c.d.used() == 0 {", New: "if false {"},
	{ID: "no-first-move-wins", Rule: "luxumbra 3.6", File: luxRules,
		Old: "c.result = win(c.pos.Turn().Other(), \"no move\")", New: "c.result = win(c.pos.Turn(), \"no move\")"},
	{ID: "second-move-skipped", Rule: "luxumbra 3.3", File: luxRules,
		Old: "\tif c.d.Roll == 0 {\n\t\tif c.d.Unused() > 0 {", New: "\tif c.d.Roll == 0 {\n\t\tif c.d.used() == 0 {"},
	{ID: "end-checked-at-turn-end", Rule: "luxumbra 4", File: luxState,
		Old: "\t\tc.result = adjudicate(&c.pos) // 4: after every single move\n", New: "\t\tif c.d.Unused() == 0 {\n\t\t\tc.result = adjudicate(&c.pos)\n\t\t}\n"},
	{ID: "balance-two-dice", Rule: "luxumbra 5", File: luxState,
		Old: "return slices.Clone(oneDie) // 5", New: "return slices.Clone(twoDice)"},
	{ID: "balance-default-on", Rule: "luxumbra 5", File: luxGame,
		Old: "Name:    \"balance\",\n\t\tDefault: \"off\",", New: "Name:    \"balance\",\n\t\tDefault: \"on\","},
}
