// Package uci implements the Universal Chess Interface (UCI), so that chess
// GUIs and match programs play Norns's chess engine (games/chess) over a
// reader and a writer, usually standard input and output (norns uci).
//
// # Session
//
// New returns an Engine; its Run reads one command a line until quit or the
// end of the input and writes the answers. Empty lines are ignored, and an
// unknown command is answered with "info string unknown command NAME". The
// commands:
//
//	uci                       id name, id author, the options, uciok
//	isready                   readyok
//	ucinewgame                clears the table; the start position
//	setoption name N value V  sets an option (below)
//	position startpos|fen F… [moves M…]
//	                          the position to search; a bad one is
//	                          answered with "info string …" and the
//	                          position stays as it was
//	go [wtime T] [btime T] [winc T] [binc T] [movestogo N]
//	   [movetime T] [nodes N] [depth N] [infinite]
//	                          starts a search in the background: info
//	                          lines, then "bestmove M" ("0000" when the
//	                          side to move has no move)
//	stop                      ends the search, which answers bestmove
//	quit                      ends the session
//	debug, register, ponderhit
//	                          accepted and ignored
//
// Times are in milliseconds. A search of go infinite answers bestmove only
// after stop. ucinewgame, setoption, position and go let a finite search
// that is still running finish first (and stop an infinite one), so that a
// script may send its commands at once; so does the end of the input.
//
// # Options
//
//	Hash         megabytes of transposition table (default 16; at most
//	             4096 are used)
//	Threads      accepted; the engine searches on one thread
//	Level        hard (default), medium or easy: medium and easy search at
//	             most their nodes a move, as the app's levels do, and easy
//	             plays with its random margin
//	Margin       centipawns (0 to 1000): the engine may play a move up to
//	             that much worse than its best
//	UCI_Variant  chess (default) or samurai
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
// nodes of go, movetime, or a share of the mover's clock, and an info line
// gives the depth and nodes it reached.
package uci
