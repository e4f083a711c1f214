// Package search is the chess engine: the search and evaluation that the
// AI levels and `norns uci` play orthodox chess with, over the rules and
// the board of games/chess.
//
// Searcher is the chess engine the AI levels and `norns uci` play with
// (eval.go, search.go), on games/chess's Position. Eval scores a position for the side to move in
// centipawns, tapered between a middlegame and an endgame value by the
// pieces left: material, piece-square tables, mobility (squares not held
// by own pieces nor attacked by enemy pawns), an attack on the enemy king
// (by the pieces that reach the squares around it) and its pawn shelter,
// doubled, isolated, backward and passed pawns, the bishop pair and rooks
// on open files; the values are set by hand. Searcher.Search is
// principal-variation search by copy-make of Position with iterative
// deepening and aspiration windows, a transposition table kept from one
// search to the next (a game), null-move pruning (not in check, not
// with pawns alone), reverse futility and late-move pruning near the
// leaves, late-move reductions, the table's move, captures by MVV-LVA
// (losing ones by static exchange, SEE, last), killers and history for
// ordering, a check extension, and a quiescence search of captures and
// queen promotions at every leaf that answers a check with every
// evasion. Limits bound it by nodes (reproducible), depth, time per move
// or the mover's clock, which TimeBudget shares out (a thirtieth of the
// time left and three quarters of the increment a move, at most a third
// of the clock, never more than the clock less the move overhead and a
// reserve, less than the increment when the clock runs low; a clock run
// out answers at once), and Limits.RootMoves to
// some of the moves at the root. Limits.Margin weakens it for the easy level: each root
// move gets a random bonus of up to Margin centipawns, so it may play a
// move that much worse than its best. Agent plays it through the game
// interface (agent.go); Native gives it to the ai package's levels
// (games/searches lists it): NewLevelSearch to medium and hard,
// NewEasySearch to easy (EasyNodes, EasyMargin). chess.State.Evaluate,
// which the generic search and the variants' agents use, stays material
// only. Lux et Umbra's and Seiðr chess's searches use Eval, EvalWhite and
// SEEValue too.
package search
