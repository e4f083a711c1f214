// Package nordsloki implements Nords Loki, the Norse race game of three
// Atts, konungs, ghost ships and rune combinations, at the introductory
// level (no rune cards, bonus tables or Att-rune ships). Rule numbers in
// comments refer to the rules file nords-loki.md.
//
// # Game and options
//
// The short name is "nordsloki", the title "Nords Loki". Game{} is the
// game; Players lists p1, p2 and p3, and a state has the first two or all
// three. Options:
//
//	players    2 (default) or 3
//	konungs    on (default) or off: the simplified game, 13 warriors each,
//	           no konung rules, no lives, no technical defeat, and LOKI
//	           without the konung
//	max-turns  off (default) or a whole number: after that many turns the
//	           game stops as game.Unfinished (8.5), even while a finisher
//	           awaits the draw window
//
// # Chance
//
// The game is game.ExplicitStochastic. The first chance event draws the
// first player: outcomes p1, p2[, p3], equally likely (2.1). Every turn
// begins with a roll of three dice: 56 outcomes written with the values in
// descending order, 6-4-1, with their true probabilities (6/216 for three
// different values, 3/216 for a pair, 1/216 for a triple). ParseAction
// reads the values in any order (1-4-6).
//
// # Actions
//
// An action is one step: one die applied to one checker (3.1). It is
// written with the kind of checker, K (konung), W (warrior) or R
// (returning warrior, 5.2b), then from/to:
//
//	W0/3       a waiting checker enters on field 3 (die 3)
//	K5/9       the konung moves from 5 to 9 (die 4)
//	R10/16     a returning warrior moves from 10 to 16
//	W22/off    bears off with the exact die (22 + 3 = 25)
//	W22/off:5  bears off with the larger die 5 (2.4)
//
// Bearing off with a die larger than needed names the die, so that two
// dice that can bear off the same checker give two distinct actions. When
// the exact die is not legal and exactly one larger die is, ParseAction
// also reads W22/off as that step. A turn in which no die can be used is
// recorded as pass (with Auto set in the history); pass is never offered.
//
// Numeric values: pass is 0; a step is 1024 | kind<<8 | from<<3 | die with
// kind K=0, W=1, R=2 and from 0..24, so Legal is sorted by kind, then
// field, then die; the first-player outcomes are 2048+seat; a roll a-b-c
// (a >= b >= c) is 4096 + 36(a-1) + 6(b-1) + (c-1).
//
// # Position notation
//
// One line of space-separated words:
//
//	p1=<board>/<waiting>/<off>/<lives> p2=… [p3=…] ghosts=<list> first=<seat> turns=<n> <state>
//
// For each player:
//
//   - board: "-" or comma-separated items <field>:<checkers>, fields
//     ascending. Checkers are groups <count><letter> in the order K, W, R,
//     each at most once, the count left out when it is 1: "5:K2W" is the
//     konung and two warriors on field 5, "12:WR" a warrior and a
//     returning warrior on 12.
//   - waiting: "-" or groups: "K12W" at the start, "3WR" three warriors
//     and a returning warrior.
//   - off: checkers borne off, 0 to 13 (the konung is among them only at
//     13, since it goes last).
//   - lives: the konung's lives 0 to 7 (0: technically defeated and out of
//     the game, 8.3); "-" with konungs=off; "out" for a player who
//     forfeited (below).
//
// Every player has 13 checkers in all. ghosts= lists the fields whose ship
// is a ghost ship, ascending, or "-". first= is the first player of every
// round (2.1), "-" before the draw. turns= counts the turns played (for
// max-turns). The state is one of:
//
//	roll:first                the first player is to be drawn
//	roll:p2                   p2 is to roll
//	move:p2:<dice>:<flags>    p2 is to step; dice are the unused dice of
//	                          this turn, descending, joined by "-" (6-4);
//	                          flags are "-" or "e" (no checker has entered
//	                          yet this turn, 3.3), "o" (p2 held ODIN when
//	                          the turn began, 7.2), or "eo"
//	over:p1:oin               the game is over: p1 won oin, mars, loki or
//	over:draw:p1+p3           technical; a draw shared by the players
//	over:unfinished           listed; stopped by max-turns
//
// Whether a finisher awaits the draw window needs no mark: a player with
// 13 borne off has finished, and first= fixes where the round ends. The
// start is
//
//	p1=-/K12W/0/7 p2=-/K12W/0/7 ghosts=- first=- turns=0 roll:first
//
// Setup checks the counts, that no field holds checkers of two players,
// that no returning warrior stands in Att 3, one konung each with konungs
// on and none with konungs off, and that the player to move is still in
// the game; errors wrap game.ErrPosition and say what is wrong. A move
// state in which no die can be used is completed by Setup with a pass.
//
// # A turn as a state machine
//
//	roll:pN --roll--> move:pN:dice:e[o]  (startTurn records ODIN held now)
//	   no step legal ---------------------> pass (Auto), endTurn
//	move --step--> move with one die fewer
//	   a konung's last life hit ----------> technical defeat (8.3)
//	   no further step legal -------------> endTurn
//	endTurn: section 6 (sinking, ghost ships, all at once)
//	         → LOKI (7.1, only while nobody has finished), ODIN (7.2)
//	         → turns+1 → finish and draw window (8.1) → max-turns (8.5)
//	         → roll for the next player still in the game
//
// # Rules in code
//
// Legal steps (3.2, 3.3): genSteps lists the single steps legal now
// (2.4, 4.1, 5.1–5.4). legalSteps tries every step for every distinct die
// and searches, depth first, the longest continuation with the remaining
// dice (at most three, so the tree is small; the search stops as soon as
// every die is used). It keeps the steps that begin a sequence using the
// most dice; if a checker waits, none has entered this turn, and one of
// those sequences enters, only steps that begin an entering one of them.
// Every offered step therefore keeps a maximal sequence reachable, and
// the turn ends when no further step is legal (the remaining dice are
// lost).
//
// Landing (4.1, 4.2): a step may land on an empty field, its own, or a
// field with exactly one checker of another player, which is hit; the
// field of every step counts, so the intermediate fields of a summed move
// are checked and hit like final ones. Sinking is left to the end of the
// turn, which makes a full ship safe as an intermediate field (6.2, 6.5).
//
// Gate and freeze (5.1, 5.2): from the player's lowest checker (0 when one
// waits): leaving Att k needs the lowest at start(k) or beyond; Att 2 does
// not move while one waits; Att 3 does not move while a returning warrior
// exists, waiting or on the board. A warrior killed becomes returning
// when its player still has a checker in Att 3 after the kill; it turns
// back into a warrior on reaching Att 3.
//
// Konung (5.3, 5.4): a warrior steps only into an Att no further than the
// konung's (entering needs the konung on the board); the konung bears off
// only at 12 borne off. A waiting konung thus leaves the warriors no step,
// and a turn in which it cannot enter passes.
//
// Sinking and ghost ships (6): at the end of the turn, every ship with
// five or more checkers sinks and turns over, and a lone checker on a
// non-symmetric ghost ship sinks (the ship stays). All of it is one event:
// the warriors' kind (returning or not) is decided after every removal,
// and konungs at their seventh death are handled in seat order from the
// mover.
//
// Combinations (7): LOKI needs the mover's checkers on Laguz, Othala,
// Kenaz and Isa after section 6 and, with konungs, the konung on the board;
// it is not checked once someone has finished (8.2). ODIN acts only when
// the mover did not hold it when the turn began: checkers on ghost ships
// wait again, unharmed (a warrior does not become returning; a returning
// one stays returning), and every ship is upright.
//
// End (8): a player with 13 borne off has finished. After every turn, if
// someone has finished and no player still in the game comes after the
// mover in the round (which begins with the first player), the game ends:
// two or more finishers share a draw, a lone finisher wins mars if some
// opponent (eliminated ones included) has borne off nothing, else oin.
// A konung's seventh death ends a two-player game at once; with three the
// player leaves (lives 0), is skipped in the turn order, and their
// checkers stay as obstacles; a lone one hit or sunk waits for good. While
// a finisher awaits the draw window, a technical defeat only removes the
// player and the window decides.
//
// Forfeit (game.Forfeiter) takes a player out of the game the same way,
// with or without konungs, on their turn or not: the server calls it when
// a player's clock runs out or a player resigns. When the mover leaves,
// the steps already played stand and the turn ends (section 6, but no
// LOKI or ODIN for a player who is out); another player's turn goes on.
// With one player left, that player wins by technical defeat. A forfeit
// is not an action and is not in the history.
//
// # Results and returns
//
// Result is a game.Win with Points 1 (reasons "oin", "loki", "technical
// defeat") or 2 ("mars"); a game.Draw whose Winners are the sharers, with
// Points 0.5 and reason "shared finish"; or game.Unfinished ("max turns").
// Returns: a win of P points gives the winner +P and the others -P shared
// equally (game.WinReturns); a shared finish gives each sharer +1/2 and the
// players left out share the negative of the sharers' total (two players:
// 0 and 0; three players, two sharing: +1/2, +1/2, -1); unfinished gives
// zeros.
//
// # Evaluation and hash
//
// State implements game.Evaluator (race, blots, protected ships, Att 3
// progress, konung lives, LOKI and ODIN ships held; a tanh of the
// difference from the other players' mean) and game.Hasher (Zobrist over
// the checkers, ships, dice, flags and the player to move).
//
// # The learned evaluation
//
// The AI's medium and hard levels play with a learned evaluation, the
// sibling package games/nordsloki/search (a small network, the player that
// picks turns with it, its training and the trained weights). This package
// gives it the position's encoding (Encode, NetInputs: it reads the board,
// the ships and the dice) and the ways a turn can end (TurnEnds), and what
// a search needs to play on copies: Bare, PlayBare, Mover, Seats, Konungs,
// RollAction and FirstAction.
package nordsloki
