// Package search is the tafl engine: the search and evaluation that the
// AI levels play every tafl game with (Native, listed in games/searches
// for each), over the rules and the board of games/tafl.
//
// Searcher is an iterative-deepening principal-variation alpha-beta search
// on tafl.Board by copy-make (a move copies the few hundred bytes of
// row masks and plays on the copy), so nothing is allocated per node. Its
// moves are tafl.Board.Legal's, into buffers the searcher owns; verdict
// (engine.go) decides the end of the game after each move in the order of
// tafl.State.status, from the move's own results, the hashes of the positions
// since the last capture (repetition) and the ply count (move limit);
// engine_test.go checks the board, the outcome and the moves against
// tafl.State after every move of random games in every preset, layout and
// option set, from random positions under random rules (rapid) and in a
// fuzz target, and pins perft counts. The search keeps a transposition
// table keyed by the Zobrist hash from one move of a game to the next,
// orders moves by the table's move, a king's escape, captures
// (captureTargets: the capturing squares of every direction as row
// masks), two killers a ply and a history, reduces late quiet moves by a
// ply, and ends in a quiescence search of the king's escapes: with White
// to move a king with an open line to an escape square wins; with Black
// to move and such a line open, only the moves that block it or come next
// to the king are searched. Its evaluation (evaluate.go) counts the king's
// open lines, the squares from which he would have one or two (a fork,
// which one move cannot stop), his freedom, the attackers beside him, the
// attackers fencing the corners off under corner escape, and material.
// Agent keeps a Searcher through a game and starts afresh for
// another; at a node budget its moves are reproducible from its seed,
// which orders the root moves the search cannot tell apart.
package search
