package main

import "strings"

// The preset blocks of games/tafl/rules.go, as gofmt writes them: a
// preset mutant changes one line of one block.
const (
	seaBlock = "var SeaRules = Rules{\n\tEscape:       EscapeEdge,\n\tKingArmed:    false,\n\tKingCapture:  KingBy4,\n\tEncirclement: true,\n\tRepetition:   RepetitionWhiteLoses,\n\tMoveLimit:    400,\n}"

	copenhagenBlock = "var CopenhagenRules = Rules{\n\tEscape:       EscapeCorner,\n\tKingArmed:    true,\n\tKingCapture:  KingBy4,\n\tThrone:       true,\n\tCorners:      true,\n\tShieldwall:   true,\n\tEdgeFort:     true,\n\tEncirclement: true,\n\tRepetition:   RepetitionWhiteLoses,\n\tMoveLimit:    400,\n}"

	fetlarBlock = "var FetlarRules = Rules{\n\tEscape:       EscapeCorner,\n\tKingArmed:    true,\n\tKingCapture:  KingBy4,\n\tThrone:       true,\n\tCorners:      true,\n\tEncirclement: true,\n\tRepetition:   RepetitionDraw,\n\tMoveLimit:    400,\n}"

	brandubhBlock = "var BrandubhRules = Rules{\n\tEscape:      EscapeCorner,\n\tKingArmed:   true,\n\tKingCapture: KingByThrone,\n\tThrone:      true,\n\tCorners:     true,\n\tRepetition:  RepetitionDraw,\n\tMoveLimit:   400,\n}"

	tablutBlock = "var TablutRules = Rules{\n\tEscape:      EscapeEdge,\n\tKingArmed:   true,\n\tKingCapture: KingByThrone,\n\tThrone:      true,\n\tRepetition:  RepetitionDraw,\n\tMoveLimit:   400,\n}"
)

// preset is a mutant of one preset's defaults: in block, the line from
// becomes to (to may add a line, after from).
func preset(id, rule, block, from, to string) Mutant {
	if !strings.Contains(block, from) {
		panic("mutate: " + id + ": " + from + " is not in its block")
	}
	return Mutant{ID: id, Rule: rule, File: "games/tafl/rules.go", Old: block, New: strings.Replace(block, from, to, 1)}
}

const (
	taflBoard  = "games/tafl/board.go"
	taflState  = "games/tafl/state.go"
	taflEngine = "games/tafl/search/engine.go"
)

// taflMutants are the tafl family's: each preset's switches, then the
// rules the switches turn on, in board.go (moves, captures, shieldwalls,
// the king, escape, encirclement, edge forts), state.go (the order of the
// ends, repetition, the move limit) and the search's verdict.
var taflMutants = []Mutant{
	// Each preset's defaults (rules.go).
	preset("sea/king-armed", "sea 3.3", seaBlock, "KingArmed:    false", "KingArmed:    true"),
	preset("sea/throne", "sea 2.3", seaBlock, "KingCapture:  KingBy4,", "KingCapture:  KingBy4,\n\tThrone: true,"),
	preset("sea/corners", "sea 2.3", seaBlock, "KingCapture:  KingBy4,", "KingCapture:  KingBy4,\n\tCorners: true,"),
	preset("sea/no-encirclement", "sea 4.3", seaBlock, "Encirclement: true", "Encirclement: false"),
	preset("sea/repetition-draw", "sea 4.5", seaBlock, "RepetitionWhiteLoses", "RepetitionDraw"),
	preset("sea/move-limit", "sea 4.6", seaBlock, "MoveLimit:    400", "MoveLimit:    300"),
	preset("copenhagen/edge-escape", "copenhagen 5.1", copenhagenBlock, "EscapeCorner", "EscapeEdge"),
	preset("copenhagen/king-unarmed", "copenhagen 3.2", copenhagenBlock, "KingArmed:    true", "KingArmed:    false"),
	preset("copenhagen/king-by-throne", "copenhagen 4.1", copenhagenBlock, "KingBy4", "KingByThrone"),
	preset("copenhagen/no-throne", "copenhagen 2.3", copenhagenBlock, "Throne:       true", "Throne:       false"),
	preset("copenhagen/no-corners", "copenhagen 2.3", copenhagenBlock, "Corners:      true", "Corners:      false"),
	preset("copenhagen/no-shieldwall", "copenhagen 3.4", copenhagenBlock, "Shieldwall:   true", "Shieldwall:   false"),
	preset("copenhagen/no-edge-fort", "copenhagen 5.3", copenhagenBlock, "EdgeFort:     true", "EdgeFort:     false"),
	preset("copenhagen/no-encirclement", "copenhagen 5.4", copenhagenBlock, "Encirclement: true", "Encirclement: false"),
	preset("copenhagen/repetition-draw", "copenhagen 5.6", copenhagenBlock, "RepetitionWhiteLoses", "RepetitionDraw"),
	preset("fetlar/shieldwall", "fetlar (no 5b)", fetlarBlock, "Corners:      true,", "Corners:      true,\n\tShieldwall: true,"),
	preset("fetlar/edge-fort", "fetlar (no 8)", fetlarBlock, "Corners:      true,", "Corners:      true,\n\tEdgeFort: true,"),
	preset("fetlar/no-encirclement", "fetlar 5.2", fetlarBlock, "Encirclement: true", "Encirclement: false"),
	preset("fetlar/repetition-white-loses", "fetlar 5.4", fetlarBlock, "RepetitionDraw", "RepetitionWhiteLoses"),
	preset("brandubh/king-by-2", "brandubh 4.2", brandubhBlock, "KingByThrone", "KingBy2"),
	preset("brandubh/king-by-4", "brandubh 4.1", brandubhBlock, "KingByThrone", "KingBy4"),
	preset("brandubh/encirclement", "brandubh 5.6", brandubhBlock, "Corners:     true,", "Corners:     true,\n\tEncirclement: true,"),
	preset("brandubh/no-corners", "brandubh 2.3", brandubhBlock, "Corners:     true", "Corners:     false"),
	preset("brandubh/repetition-white-loses", "brandubh 5.4", brandubhBlock, "RepetitionDraw", "RepetitionWhiteLoses"),
	preset("tablut/corner-escape", "tablut 5.1", tablutBlock, "EscapeEdge", "EscapeCorner"),
	preset("tablut/corners", "tablut 2.3", tablutBlock, "Throne:      true,", "Throne:      true,\n\tCorners: true,"),
	preset("tablut/encirclement", "tablut 5.6", tablutBlock, "Throne:      true,", "Throne:      true,\n\tEncirclement: true,"),
	preset("tablut/king-by-2", "tablut 4.2", tablutBlock, "KingByThrone", "KingBy2"),
	preset("tablut/repetition-white-loses", "tablut 5.4", tablutBlock, "RepetitionDraw", "RepetitionWhiteLoses"),

	// Movement (board.go Slides).
	{ID: "corners-open", Rule: "copenhagen 2.3", File: taflBoard,
		Old: "\tif rules.Corners {\n\t\tlast", New: "\tif false {\n\t\tlast"},
	{ID: "corners-open-on-files", Rule: "copenhagen 2.3", File: taflBoard,
		Old: "colT &^= last", New: "colT &^= 0"},
	{ID: "throne-stoppable", Rule: "copenhagen 2.3", File: taflBoard,
		Old: "rowT &^= 1 << m", New: "rowT &^= 0"},

	// Capture (board.go Anvil, captures).
	{ID: "king-never-anvil", Rule: "copenhagen 3.2", File: taflBoard,
		Old: "(mover == Black || rules.KingArmed || r*b.N+c != b.King)", New: "(mover == Black || r*b.N+c != b.King)"},
	{ID: "king-always-anvil", Rule: "sea 3.3", File: taflBoard,
		Old: "(mover == Black || rules.KingArmed || r*b.N+c != b.King)", New: "(true)"},
	{ID: "corners-not-hostile", Rule: "copenhagen 3.3", File: taflBoard,
		Old: "\tif rules.Corners && b.Corner(r, c) {\n\t\treturn b.Rows[victim]", New: "\tif false && b.Corner(r, c) {\n\t\treturn b.Rows[victim]"},
	{ID: "corner-hostile-to-own-king", Rule: "copenhagen 3.3", File: taflBoard,
		Old: "return b.Rows[victim][r]>>c&1 == 0 // hostile unless", New: "return true // hostile unless",
		Equivalent: "a victim's piece on a corner is the king that escaped: the game is over before anything is captured against that corner"},
	{ID: "throne-hostile-when-occupied", Rule: "copenhagen 3.3", File: taflBoard,
		Old: "return victim == Black || b.Rows[White][r]>>c&1 == 0", New: "return true"},
	{ID: "empty-throne-safe-for-defenders", Rule: "copenhagen 3.3", File: taflBoard,
		Old: "return victim == Black || b.Rows[White][r]>>c&1 == 0", New: "return victim == Black"},
	{ID: "occupied-throne-safe-for-attackers", Rule: "copenhagen 3.3", File: taflBoard,
		Old: "return victim == Black || b.Rows[White][r]>>c&1 == 0", New: "return b.Rows[White][r]>>c&1 == 0"},
	{ID: "unarmed-king-captures", Rule: "sea 3.3", File: taflBoard,
		Old: "if mover == White && r*b.N+c == b.King && !rules.KingArmed {", New: "if false {"},
	{ID: "king-never-by-2", Rule: "tablut 4.1", File: taflBoard,
		Old: "kingTaken = !b.KingStrong(rules)", New: "kingTaken = false"},
	{ID: "ring-closed-from-afar", Rule: "copenhagen 4.3", File: taflBoard,
		Old: "b.KingStrong(rules) && b.NextTo(r, c, b.King) && b.kingSurrounded(rules)", New: "b.KingStrong(rules) && b.kingSurrounded(rules)"},
	{ID: "custody-on-rows-only", Rule: "copenhagen 3.1", File: taflBoard,
		Old: "var Dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}", New: "var Dirs = [4][2]int{{0, 1}, {0, 1}, {0, 1}, {0, -1}}"},

	// Shieldwalls (board.go shieldwalls).
	{ID: "wall-of-one", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "if members < 2 ||", New: "if members < 1 ||",
		Equivalent: "a row of one bracketed along the edge is a custodial capture already (3.1): the same piece falls, against the same pieces and corners, and a king alone is taken by neither"},
	{ID: "wall-without-front", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "if !enemyOf(rr+l.fr, cc+l.fc) {", New: "if false {"},
	{ID: "wall-takes-king", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "if sq != b.King && !slices.Contains", New: "if !slices.Contains"},
	{ID: "wall-no-corner-bracket", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "closed := enemyOf(rr, cc) || rules.Corners &&", New: "closed := enemyOf(rr, cc) || false &&"},
	{ID: "wall-king-no-bracket", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "return b.Rows[mover][r]>>c&1 != 0 && (mover == Black || rules.KingArmed || r*n+c != b.King)", New: "return b.Rows[mover][r]>>c&1 != 0 && (mover == Black || r*n+c != b.King)"},
	{ID: "wall-one-way-on-ranks", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "lines = append(lines, line{0, 1, fr, 0}, line{0, -1, fr, 0})", New: "lines = append(lines, line{0, 1, fr, 0})"},
	{ID: "wall-other-way-on-ranks", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "lines = append(lines, line{0, 1, fr, 0}, line{0, -1, fr, 0})", New: "lines = append(lines, line{0, -1, fr, 0})"},
	{ID: "wall-one-way-on-files", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "lines = append(lines, line{1, 0, 0, fc}, line{-1, 0, 0, fc})", New: "lines = append(lines, line{1, 0, 0, fc})"},
	{ID: "wall-other-way-on-files", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "lines = append(lines, line{1, 0, 0, fc}, line{-1, 0, 0, fc})", New: "lines = append(lines, line{-1, 0, 0, fc})"},
	{ID: "wall-not-on-top-edge", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "\t\t\tfr = -1", New: "\t\t\tfr = 1"},
	{ID: "wall-not-on-right-edge", Rule: "copenhagen 3.4", File: taflBoard,
		Old: "\t\t\tfc = -1", New: "\t\t\tfc = 1"},

	// The king (KingStrong, kingSurrounded, KingEscaped).
	{ID: "king-by-throne-only-on-it", Rule: "tablut 4.2", File: taflBoard,
		Old: "return kr == m && kc == m || b.NextTo(m, m, b.King)", New: "return kr == m && kc == m"},
	{ID: "empty-throne-not-an-attacker", Rule: "copenhagen 4.1", File: taflBoard,
		Old: "if rules.Throne && b.throne(r1, c1) && b.Rows[White][r1]>>c1&1 == 0 {", New: "if false {"},
	{ID: "king-taken-on-edge", Rule: "copenhagen 4.2", File: taflBoard,
		Old: "\t\tif r1 < 0 || c1 < 0 || r1 >= b.N || c1 >= b.N {\n\t\t\treturn false\n\t\t}\n\t\tif b.Rows[Black]", New: "\t\tif r1 < 0 || c1 < 0 || r1 >= b.N || c1 >= b.N {\n\t\t\tcontinue\n\t\t}\n\t\tif b.Rows[Black]"},
	{ID: "corner-escape-on-edge", Rule: "copenhagen 5.1", File: taflBoard,
		Old: "return b.Corner(r, c)\n\t}\n\treturn b.Edge(r, c)", New: "return b.Edge(r, c)\n\t}\n\treturn b.Edge(r, c)"},

	// Encirclement (board.go Enclosed).
	{ID: "enclosure-seeds-left-edge-only", Rule: "sea 4.3", File: taflBoard,
		Old: "seed := uint32(1) | 1<<(n-1)", New: "seed := uint32(1)"},
	{ID: "enclosure-stopped-by-defenders", Rule: "sea 4.3", File: taflBoard,
		Old: "free[r] = full &^ b.Rows[Black][r]", New: "free[r] = full &^ b.Rows[Black][r] &^ (b.Rows[White][r] &^ 1)"},

	// Edge forts (board.go EdgeFort).
	{ID: "fort-king-off-edge", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "\tif !b.Edge(kr, kc) {\n\t\treturn false", New: "\tif false {\n\t\treturn false"},
	{ID: "fort-king-cannot-move", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "if rt, ct := b.Slides(rules, kr, kc); rt|ct == 0 {", New: "if false {"},
	{ID: "fort-attacker-inside", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "return false // an attacker inside or at the door", New: "continue"},
	{ID: "fort-empty-throne-covers", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "hostile := rules.Corners && b.Corner(r, c) || rules.Throne && b.throne(r, c)", New: "hostile := rules.Corners && b.Corner(r, c)"},
	{ID: "fort-empty-corner-covers", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "hostile := rules.Corners && b.Corner(r, c) || rules.Throne && b.throne(r, c)", New: "hostile := rules.Throne && b.throne(r, c)"},
	{ID: "fort-off-board-no-cover", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "\t\tif r < 0 || c < 0 || r >= n || c >= n {\n\t\t\treturn true", New: "\t\tif r < 0 || c < 0 || r >= n || c >= n {\n\t\t\treturn false",
		Equivalent: "edge forts come only with shieldwalls (Copenhagen): a defender on the edge must then have its front square as cover, and that square covers the line across the edge too, so the neighbour off the board never decides"},
	{ID: "fort-one-line-enough", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "ok := (cover(r-1, c) || cover(r+1, c)) && (cover(r, c-1) || cover(r, c+1))", New: "ok := (cover(r-1, c) || cover(r+1, c)) || (cover(r, c-1) || cover(r, c+1))"},
	{ID: "fort-edge-front-ignored", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "if ok && rules.Shieldwall && b.Edge(r, c) {", New: "if false {"},
	{ID: "fort-bottom-front-ignored", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "ok = cover(1, c)", New: "ok = true"},
	{ID: "fort-top-front-ignored", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "ok = cover(n-2, c)", New: "ok = true"},
	{ID: "fort-left-front-ignored", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "ok = cover(r, 1)", New: "ok = true"},
	{ID: "fort-right-front-ignored", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "ok = cover(r, n-2)", New: "ok = true"},
	{ID: "fort-unsafe-wall-accepted", Rule: "copenhagen 5.3", File: taflBoard,
		Old: "if b.Rows[White][r1]>>c1&1 != 0 && safe[r1]>>c1&1 == 0 {", New: "if false {"},

	// The end of the game (state.go status, repeated).
	{ID: "no-move-draws", Rule: "copenhagen 5.5", File: taflState,
		Old: "return win(1-b.ToMove, \"no legal move\")", New: "return game.Result{Kind: game.Draw, Reason: \"no legal move\"}"},
	{ID: "repetition-second", Rule: "copenhagen 5.6", File: taflState,
		Old: "if count >= 3 {", New: "if count >= 2 {"},
	{ID: "repetition-white-wins", Rule: "copenhagen 5.6", File: taflState,
		Old: "return win(Black, \"threefold repetition\")", New: "return win(White, \"threefold repetition\")"},
	{ID: "move-limit-late", Rule: "sea 4.6", File: taflState,
		Old: "b.Plies >= r.MoveLimit", New: "b.Plies > r.MoveLimit"},
	{ID: "fort-after-black", Rule: "copenhagen 5.3", File: taflState,
		Old: "if mover != Black && r.EdgeFort && b.EdgeFort(r) {", New: "if r.EdgeFort && b.EdgeFort(r) {",
		Equivalent: "Black's moves cannot build a fort (5.3): a vacated square next to the inside joins it and leaves the attacker next to it, and a captured defender's square joins it only with its captor beside it"},

	// The engine's verdict (search/engine.go).
	{ID: "engine/no-move-unseen", Rule: "copenhagen 5.5", File: taflEngine,
		Old: "if !b.HasMove(rules, b.ToMove) { // 4.4 comes first", New: "if false {"},
	{ID: "engine/no-move-wrong-side", Rule: "copenhagen 5.5", File: taflEngine,
		Old: "\t\tif b.ToMove == tafl.Black {\n\t\t\treturn whiteWon", New: "\t\tif b.ToMove == tafl.White {\n\t\t\treturn whiteWon"},
	{ID: "engine/encirclement-everywhere", Rule: "tablut 5.6", File: taflEngine,
		Old: "mover == tafl.Black && rules.Encirclement && mayBeEnclosed(b)", New: "mover == tafl.Black && mayBeEnclosed(b)"},
	{ID: "engine/edge-fort-everywhere", Rule: "fetlar (no 8)", File: taflEngine,
		Old: "mover == tafl.White && rules.EdgeFort && b.EdgeFort(rules)", New: "mover == tafl.White && b.EdgeFort(rules)"},
	{ID: "engine/repetition-swapped", Rule: "copenhagen 5.6", File: taflEngine,
		Old: "\t\t}\n\t\treturn blackWon\n\t}\n\treturn drawn // 4.6", New: "\t\t}\n\t\treturn drawn\n\t}\n\treturn drawn // 4.6"},
	{ID: "engine/search-no-move-wins", Rule: "copenhagen 5.5", File: "games/tafl/search/search.go",
		Old: "return -scoreWin + int32(ply) // 4.4: no legal move loses", New: "return scoreWin - int32(ply)"},
}
