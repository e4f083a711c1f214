// Package otep implements the OpenTafl Engine Protocol (OTEP), so that
// OpenTafl plays Norns's tafl AI (games/tafl, through the ai package's
// levels) as an external engine over a reader and a writer, usually
// standard input and output (norns otep).
//
// # Session
//
// New returns an Engine for a level and a time per move; its Run says
// "hello", then reads one command a line until goodbye or the end of the
// input and writes the answers:
//
//	hello                        ignored
//	rules RULES                  a new game of the OpenTafl Notation rules
//	                             string: "status TITLE", or "error 0 …"
//	                             for rules the tafl engine cannot play
//	position ROWS                OpenTafl's position, used by the next play
//	side attackers|defenders     the side the engine plays
//	start                        ignored
//	clock A D O AO DO            the clocks; the engine thinks for at most
//	                             a twentieth of its time left
//	play SIDE                    "move FROM-TO": the engine's move, which it
//	                             plays; "error 1" for an unknown side or no
//	                             rules
//	opponent-move MOVES [ROWS]   the opponent's moves, separated by "|"
//	analyze N SECONDS            "analysis 1 MOVE EVAL": the engine's choice
//	                             and the evaluation, for the side to move, of
//	                             the position it leads to, in [-1, 1];
//	                             "analysis 0" when there is none
//	error …                      OpenTafl refused the engine's last move,
//	                             which is taken back
//	finish …                     the game is over
//	goodbye                      ends the session
//
// Any other command is answered with "status unknown command NAME".
//
// # Notation and positions
//
// Moves are written in simple notation (a4-a1) and read in simple or full
// notation (Te2-e4xc4-). When OpenTafl's position differs from the
// engine's, after the opponent's moves or at play, OpenTafl's position wins
// and the engine sets it up with its side to move.
//
// The protocol text gives the clock in seconds while OpenTafl's host sends
// milliseconds: a time above 100,000 is read as milliseconds.
package otep
