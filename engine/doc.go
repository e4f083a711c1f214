// Package engine implements the Norns engine protocol: a line-based text
// protocol on standard input and output, framed like GTP (the Go Text
// Protocol), that drives any game from a script or another program.
//
// # Framing
//
// One command per line; empty lines and lines starting with "#" are
// ignored. A command may start with a numeric id. A success answer is "="
// (with the id, if any), a space and the result; an error answer is "?", a
// space and a message on one line. Every answer ends with an empty line. A
// multi-line result (list_commands, games, options, showboard) continues on
// the following lines. An error never changes the game.
//
// # Commands
//
//	name, version, protocol_version   as in GTP (protocol_version is 2)
//	list_commands                     one command name per line
//	games                             the games' short names, one per line
//	options <game>                    one line per option: name=default choices…
//	new <game> [name=value …]         a new game with options
//	setup <position>                  the current game at a position
//	position                          the position, on one line
//	showboard                         a picture of the position
//	status                            turn <player> | chance | over <result>
//	legal                             legal actions, sorted; at a chance
//	                                  event outcome:probability pairs
//	play <action>                     plays an action of the player to move
//	roll [<outcome>]                  resolves the pending chance event
//	seed <n>                          seeds the generator for roll and genmove
//	genmove [time=<ms>] [playouts=<n>] [level=easy|medium|hard]
//	                                  the AI plays; the result is its action
//	undo                              takes back the last action or roll
//	history                           the actions and rolls so far
//	quit                              ends the session
//
// The engine's generator is a PCG seeded with 0 until seed is given, so a
// session's rolls are reproducible.
package engine
