// Package luxumbra is Lux et Umbra, the chess of Light and Shadow, on the
// chess core: orthodox pieces and moves, no check, no castling, no en
// passant, and two colour dice that say from which squares a player may
// move. The rules are those of the rules file lux-et-umbra.md; comments cite
// its numbers.
//
// # A turn
//
// A turn is a chance event followed by one or two moves of the same player:
//
//   - The roll (3.1, 2.1): two dice, each Light or Shadow, give LL (1/4), LS
//     (1/2) or SS (1/4). Under balance=on White's very first turn rolls one
//     die: L or S (1/2 each) (5).
//   - The first move (3.2): any orthodox move, capture or not, of an own
//     piece standing on a square of a rolled colour; promotions to Q, R, B
//     or N are four moves. Light is a light square, Shadow a dark one: a1 is
//     dark, h1 light (2.2). A move's die is the colour of the square its
//     piece moves from, so with LS the first move chooses the die (3.4).
//   - The second move (3.3): a move from a square of the other die's colour
//     (the same colour again after LL or SS); the same piece may move again
//     if it now stands on that colour. It is compulsory when possible (3.5):
//     there is no pass to choose. If no piece has such a move the turn
//     simply ends: the game records Pass ("pass") in the history by itself,
//     marked automatic, so that Undo takes it back with the move before it.
//     After the single die of the balance rule the turn ends after one move
//     and nothing is recorded: there is no second die.
//
// The side to move of the board stays the player's for the whole turn and
// changes when the turn ends; the next player then rolls.
//
// # Options
//
//   - balance (off, on; default off): the first-move balance of rule 5.
//   - max-turns (off or a whole number from 1; default off): the limit of
//     rule 4.4 for simulations, described below.
//
// # End of the game
//
// The ends are checked after every single move, the first move of a turn
// included (4):
//
//   - 4.1: capturing the opposing king wins at once ("king captured").
//   - 4.2: a player left with only their king loses at once ("bare king").
//     The check looks at both players after every move, though a move can
//     only strip the mover's opponent; at Setup either player can be bare.
//   - 3.6/4.3: a player whose roll allows no first move with either die's
//     colour loses ("no move"). A player who cannot make the second move
//     does not lose; the turn ends (3.3).
//   - 4.4: under max-turns=N the game stops as unfinished (game.Unfinished,
//     never a draw, reason "max-turns") when a turn ends and N turns are
//     complete. Turns are counted from the FEN move number: before White's
//     turn of move n, 2(n-1) turns are complete, before Black's 2(n-1)+1.
//     A win on the last move of the last turn stands.
//
// There are no draws (1.1). Returns are +1 for the winner and -1 for the
// loser, 0 for both in an unfinished game.
//
// # Position notation
//
// A position is a FEN followed by the dice field, seven fields:
//
//	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --
//
// The FEN's castling and en-passant fields are always "-" (1.1); anything
// else is refused. Its side to move is the player whose turn it is, during
// the whole turn. The halfmove clock counts single moves since the last
// capture or pawn move (no rule uses it); the move number grows by one
// after each turn of Black, so with the balance rule or with second moves
// it still counts turns, not single moves.
//
// The dice field is one of:
//
//	--   two dice to roll (the chance event before a turn)
//	-    one die to roll (White's first turn under balance=on)
//	LL LS SS L S    the rolled dice, none used yet
//	lL sS lS Ls     after the first move: l or s is a used die, L or S the
//	                die still to use (lS: Light used, a Shadow move to come)
//	ll ls ss l s    every die used: only in a finished game (a king captured
//	                or a bare king on the turn's last move)
//
// Light dice are written before Shadow dice, and a colour's used dice before
// its unused ones, so each state has one spelling. A one-die field is
// allowed exactly on White's turn of move 1 under balance=on, and there it
// is required. A king may be missing from one side (it was captured: the
// game is over); every position a game reaches is read back by Game.Setup
// to the same state, finished positions included. Setup also applies the
// rules that need no choice, as play does: a bare king or a missing king
// ends the game, a roll that allows no first move loses, a used first die
// whose second allows no move ends the turn (recording a pass).
//
// # Actions
//
// A move is the chess.Move's 16-bit value, written in UCI ("g1f3",
// "e7e8q"); ParseAction also reads SAN. The roll outcomes are RollLL,
// RollLS, RollSS, RollL and RollS, written "LL", "LS", "SS", "L" and "S";
// Pass is written "pass" and is never legal. Every other number is written
// "invalid(N)".
//
// # Records
//
// State.PGN writes Portable Game Notation with the tag Variant "Lux et
// Umbra". A turn with two moves becomes three PGN plies: the first move, a
// null move "--" of the opponent, and the second move. This keeps every
// move a SAN token on the board it was played on, so that PGN readers that
// know null moves (python-chess, SCID and ChessBase write and read "--")
// replay the game position by position, whereas writing the second move
// only inside a comment would leave a reader's board wrong from the first
// double turn on, and one PGN move per single move without the null move
// would give the wrong side the move. SAN is disambiguated against every
// move of the mover's pieces, dice aside, since readers know no dice. The
// roll is a comment after each turn's first move ("{roll LS}"); the end is
// a comment after the last move, with the roll that allowed no move when
// that ended the game. Move numbers are those of the PGN plies and so run
// ahead of the FEN move numbers, which count turns. A game set up from
// another position has the tags SetUp and FEN (the plain FEN), and Dice
// when its dice had been rolled.
//
// # Evaluation and hashing
//
// Evaluate knows what is certain and guesses the rest: +1 for a player who
// can take the opposing king with an unused die (4.1), -1 for a roll that
// allows no move (3.6), else material and a little position (Score),
// squashed with tanh. Before a roll it is the expectation of these values
// over the outcomes with their exact probabilities (ChanceOutcomes), so
// Evaluate at a chance event equals the probability-weighted sum of
// Evaluate after each outcome, and an expectimax search over the roll stays
// exact.
//
// Hash is the board's Zobrist hash (side to move included)
// combined with a key for the dice state, so the chance node before a turn,
// the first move and the second move are told apart.
//
// # Search
//
// The game's own search, its evaluation and the AI levels' agent are the
// sibling package games/luxumbra/search. This package exports what it
// needs: Dice (with Hash, FromMask, Use and DiceOf) and State's Rolled and
// StartHash.

package luxumbra
