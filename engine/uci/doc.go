// Package uci implements the Universal Chess Interface (UCI), so that chess
// GUIs and match programs play Norns's chess engine (games/chess) over a
// reader and a writer, usually standard input and output (norns uci).
//
// # Session
//
// New returns an Engine; its Run reads one command a line until quit or the
// end of the input and writes the answers. Input is read all the time,
// also while the engine thinks, and every command is answered at once.
// Empty lines are ignored; an unknown command is answered with "info
// string unknown command NAME", and every error with one "info string"
// line. A line longer than MaxLine (1 MiB) is refused with an info string.
// The commands:
//
//	uci                       id name, id author, the options, uciok
//	isready                   readyok, at once, also during a search
//	ucinewgame                clears the table (once the searches asked
//	                          for before it have ended); the start position
//	setoption name N value V  sets an option (below)
//	position startpos|fen F… [moves M…]
//	                          the position to search. A bad FEN or an
//	                          illegal move is answered with one "info
//	                          string position refused: …" line, and go
//	                          then answers bestmove 0000 (with an info
//	                          string) until a valid position comes
//	go [wtime T] [btime T] [winc T] [binc T] [movestogo N]
//	   [movetime T] [nodes N] [depth N] [infinite] [searchmoves M…]
//	                          starts a search in the background: info
//	                          lines, then "bestmove M" ("0000" when the
//	                          side to move has no move)
//	stop                      ends the search (and those that wait), which
//	                          answer bestmove
//	quit                      stops the searches and ends the session once
//	                          they have answered
//	debug, register, ponderhit
//	                          accepted and ignored
//
// Times are in milliseconds. movetime bounds a search before the clocks,
// and infinite before both; depth and nodes bound it with the clocks. A
// clock word makes the clocks count: the mover's clock, zero, negative or
// missing (zero) too, is shared out by chesssearch.TimeBudget, keeping
// back the Move Overhead and the largest overrun the engine measured on
// its last 32 clocked moves (from reading go, or from the end of the search
// it waited behind, to writing bestmove), and a
// reserve that grows with the increment; a clock at or below that
// overhead is answered at once. go infinite, and a go with no limit at
// all, answer bestmove only after stop. A malformed word of go (a number
// missing or not a number, a limit below 1, a word go does not have,
// mate, ponder) is named in one info string and left out; when no limit
// is left the search takes DefaultMoveTime (the hard level's time a
// move). searchmoves holds the search to its legal moves (an illegal one
// is named in an info string; none legal: every move).
//
// A go that comes while a search runs waits its turn (a script may send
// its commands at once), stopping an infinite one; position, setoption
// and ucinewgame are read at once and concern the searches asked for
// after them. At the end of the input the searches that wait run to their
// end, an infinite one being stopped.
//
// # Options
//
//	Hash           megabytes of transposition table (default 16; at
//	               most 4096 are used)
//	Threads        1: the engine searches on one thread; another value
//	               is answered with an info string
//	Move Overhead  milliseconds (0 to 5000, default 10 as Stockfish's)
//	               kept on the clock on every move for the answer to
//	               reach it
//	Level          hard (default), medium or easy: medium and easy search
//	               at most their nodes a move, as the app's levels do,
//	               and easy plays with its random margin
//	Margin         centipawns (0 to 1000): the engine may play a move up
//	               to that much worse than its best
//	UCI_Variant    chess (default) or samurai
//
// A bad value is answered with "info string …" and changes nothing.
//
// # Variants
//
// With UCI_Variant samurai the engine plays Samurai chess (games/samurai):
// position takes its notation, FEN with the cards in brackets after the
// board as engines that play variants over UCI write the holdings of
// crazyhouse, and its moves, which are UCI moves; a null move ("0000") or
// "pass" among them is skipped, since the game makes a forced pass by
// itself. go is answered by the ai package's level (Level), within the
// nodes of go, movetime, or a share of the mover's clock (searchmoves is
// not supported), and an info line gives the depth and nodes it reached.
package uci
