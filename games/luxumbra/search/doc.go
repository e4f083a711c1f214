// Package search is Lux et Umbra's own search, over the rules and the
// board of games/luxumbra.
//
// The medium and hard levels of the ai package play with the game's own
// search (Native, NewLevelSearch; Agent, Searcher), which
// works on the chess board by copy-make instead of through game.State.
// It is expectiminimax: a decision is the mover's best move, a roll the
// expectation over LS, LL and SS (a roll that allows no move is a loss,
// 3.6), and a move that takes the king or leaves it bare wins (4.1, 4.2);
// the same player's second move follows the first without a change of
// side (3.3). Values are for the player whose turn it is, from a loss to a
// win, and at the horizon the evaluation's centipawns are squashed into
// that range (tanh of a thousandth of them), so that a roll's expectation
// weighs material against the chances of taking or losing the king as
// chances of winning. The decisions are searched by principal variation
// search (a null window for every move after the first, one move less
// for late quiet moves from depth 3 on), the rolls with *-minimax
// pruning: Star1 gives each outcome the window that could still carry the
// expectation across the roll's, from the values found and the bounds of
// the rest (no value lies beyond a win or a loss), and Star2 first probes
// each outcome with its first move only, whose value bounds the outcome's
// from below. Depth counts single moves; rolls cost none. It deepens
// iteratively, keeps a transposition table keyed by Hash's key for the
// whole game (no rule depends on the path to a position, so a value holds
// wherever the position recurs), orders the table's move first, captures
// by victim and attacker, killers and history, and at the horizon runs a
// quiescence search of captures (a king to take wins at once) whose
// standing pat is the evaluation, for each outcome of a roll at the
// horizon too; a roll that follows a capture in the quiescence is valued
// by its outcomes: a loss where no move is possible, a win where the king
// can be taken, else the evaluation. Eval is the chess engine's evaluation
// (games/chess/search.EvalWhite) without its drawn endings, and with the bare-king rule.
package search
