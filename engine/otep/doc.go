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
//	position ROWS                OpenTafl's position, set up at the next
//	                             side, play or analyze
//	side attackers|defenders     the side the engine plays (analysis and
//	                             replays), to move in that position
//	start, simple-moves, status  ignored
//	clock A D [O AO DO]          the clocks in milliseconds (protocol
//	                             section 9), "*" in an overtime period
//	play SIDE                    "move FROM-TO": the engine's move, which it
//	                             plays; "error 1" for an unknown side or no
//	                             rules
//	move ROWS                    OpenTafl made the engine's move; ROWS is
//	                             the board after it (no answer)
//	opponent-move MOVES ROWS     the opponent's moves, separated by "|",
//	                             and the board after them
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
// notation (Te2-e4xc4-, h6-g6xKg7). Positions (ROWS) are OTN position
// records: rank 1 first (notation spec, section 1). When OpenTafl's board
// differs from the engine's after the opponent's moves or after move, the
// engine sets OpenTafl's board up, the side that did not make the last
// move to move; with the same board it keeps its own state, and with it
// the history repetitions are counted on. So after an error, when OpenTafl
// resends the prior move, the board and play (protocol section 16), the
// engine plays on from OpenTafl's board without waiting for side, which
// OpenTafl does not send to a playing engine.
//
// OpenTafl has no move limit, so the engine plays its rules with none.
//
// # Clock
//
// OpenTafl sends the clock right behind play (section 9): play waits for
// it (Config.ClockWait, 250 ms by default) on the first play of a session
// and, after that, while OpenTafl sends clocks. [A ruling of the engine's
// own] the engine thinks for a twentieth of its main time, or half an
// overtime period when it has one left, or half of what is left of the
// period it is in, and never longer than the level's time or
// Config.MoveTime.
package otep
