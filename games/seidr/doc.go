// Package seidr is Seiðr chess (short name "seidr"), on the chess core of
// norns/games/chess. The rules the package implements are the numbered
// rules of the project's rules file for the game; comments in the code cite
// their numbers (2B.4, 3.2…).
//
// # The game
//
// The board, the pieces and their moves are those of orthodox chess, with
// no castling and no en passant (1.2) and no check (2A.3): kings stand
// attacked and are captured, and capturing the opposing king wins at once
// (3.1). A turn has three phases:
//
//   - the quiet move (2A): the player moves a piece to an empty square, a
//     pawn never onto its last rank (2A.2). The piece moved is the carrier
//     for the rest of the turn (2A.5).
//   - the seiðr (2B): the die is rolled, one roll at a time, each roll a
//     chance event with the outcomes 1 to 8, each 1/8. A face is a direction
//     relative to the player (2B.1). If the carrier stands on the edge in
//     that direction the seiðr ends (2B.2); otherwise it slides until it
//     meets a piece, with which it swaps, or until the edge (2B.3). A pawn
//     swapped onto rank 1 or 8 is removed at once (2B.4); a pawn carrier is
//     removed only when the seiðr ends on rank 1 or 8 (2B.5, 2B.7).
//   - the call of steel (2C): the player must capture with a piece other
//     than the carrier if any can (2C.1); a pawn capturing onto its last
//     rank promotes to a queen, rook, bishop or knight (2C.3).
//
// # Passes
//
// Two things happen by themselves, and History records each as the action
// Pass, written "pass", applied automatically (game.Log's Auto), so that
// Undo takes it back together with the action before it:
//
//   - a skipped call of steel (2C.2): the player has no capture with a
//     piece other than the carrier. This pass always follows the roll that
//     ended the seiðr: "c2c4 2 8 6 1 8 pass".
//   - a lost turn (2A.4): the player has no quiet move. This pass follows
//     the end of the opponent's turn, which is a capture or a pass (or
//     nothing, at the start of the history): "... 5 3 e4d5 pass" or
//     "... 5 3 pass pass".
//
// So a pass right after a roll is a skipped call of steel, and any other
// pass is a lost turn.
//
// # Options
//
// Both options are house rules, not the author's:
//
//   - quiet-limit (default 50, a whole number or off; 3.2): the game is
//     drawn when that many consecutive turns of either player, lost turns
//     included, pass with no capture and no pawn removed.
//   - dead-draw (default on, or off; 3.3): the game is drawn at once, even
//     in the middle of a seiðr, when neither player has any piece other
//     than the king. With both options off a game of bare kings never ends.
//
// Rulings of this package where the rules file is silent:
//
//   - when neither player has a quiet move the board can never change
//     again (every turn is lost, 2A.4): the game is drawn at once, reason
//     "no quiet move".
//   - the quiet-turn counter counts a turn when it begins (the quiet move,
//     or the lost turn) and is reset to 0 by a capture or a pawn removed;
//     the limit is checked between turns, so that the turn in which the
//     counter reaches the limit may still reset it.
//   - "at once" in 3.3 is read literally: the draw is declared as soon as
//     the last piece other than a king leaves the board, also in the
//     middle of a seiðr (2B.4) or at its end (2B.7), before the call of
//     steel.
//   - the move number grows after Black's turn, lost turns included, so
//     that PGN numbers the turns.
//
// # Position notation
//
// A position is a FEN of six fields followed by the phase and the carrier:
//
//	rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr c4
//
// The fields are, in order:
//
//   - the board, in FEN. Between turns no pawn stands on rank 1 or 8; in
//     phase seidr the carrier may be a pawn there (2B.5).
//   - the player whose turn it is, w or b, in every phase (the seiðr's
//     rolls belong to the turn of that player).
//   - the castling and en-passant fields, always "-" (1.2).
//   - the quiet-turn counter of rule 3.2 in the half-move clock's place:
//     the turns begun since the last capture or pawn removed, the current
//     turn included.
//   - the move number, as in FEN: incremented after Black's turn.
//   - the phase: quiet (2A), seidr (2B) or steel (2C).
//   - the carrier's square, or "-" in phase quiet and when a pawn carrier
//     was removed at the end of the seiðr (2B.7).
//
// The start is StartPosition. Setup also reads a FEN alone (six fields), as
// a position in phase quiet. Setup refuses, with an error wrapping
// game.ErrPosition that names the field or the square: castling or
// en-passant fields other than "-", more than one king of a color, no king
// at all, a pawn on rank 1 or 8 other than a carrier in phase seidr, a
// carrier in phase quiet, no carrier in phase seidr, and a carrier square
// without a piece of the player to move. A position with one king only is
// a game won by the player who has it (3.1). Setup of a position in which
// the player to move has no quiet move (or, in phase steel, no capture)
// plays the passes at once, as Apply would, so Position then differs from
// the text given; every position that Position writes sets up as itself.
//
// # Actions
//
// A move (the quiet move and the capture) is a chess.Move, written in UCI
// ("c2c4", "e7f8q"); ParseAction also reads SAN ("Nf3", "exf8=Q"). A roll
// is the action Roll(f), written as its face ("2"); Pass is written "pass"
// and is never legal to choose. Any other number is written "invalid(N)".
//
// # Records
//
// State.PGN writes Portable Game Notation with the tag Variant "Seidr" and
// one movetext entry per turn, so that White and Black alternate as PGN
// expects: the quiet move in SAN (without check marks: there is no check),
// then a comment with the rolls and the capture. The worked example of
// section 4 is the entry "1. c4 {seiðr: 2 8 6 1 8; steel: none}"; a game
// set up from a position and won in one turn reads
//
//	[FEN "4k3/8/8/8/8/8/8/4RK1N w - - 0 1"]
//	[SetUp "1"]
//	[Variant "Seidr"]
//
//	1. Ng3 {seiðr: 3 3; steel: Rxe8; king captured} 1-0
//
// A lost turn is the null move "--" with the comment "lost turn"; the last
// comment also names the end of the game. A game set up inside a turn
// has the tag SeidrPosition with its full position, and its first entry is
// "--" with that turn's comment. A PGN tool reads the tags, the
// turns, their numbering, the quiet moves and the comments, and can show
// them; it cannot replay the game on a board, since the seiðr moves pieces
// in ways no chess rule does and the captures stand in the comments, so a
// tool that checks the moves against orthodox chess reports them illegal
// after the first turn that changed the board. Position and the history of
// actions are the exact record.
//
// # Evaluation and hashing
//
// Evaluate counts material (the king, which can be captured, worth more
// than all the rest) with a little for advanced pawns and central pieces.
// Hash is the chess core's Zobrist hash with keys for the phase and the
// carrier.
//
// # Search
//
// The game's own search, its evaluation and the AI levels' agent are the
// sibling package games/seidr/search. This package exports what it needs:
// Core, the position the search plays on, with the steps of a turn
// (QuietMove, Roll, Capture, EndTurn, ...), the move generators
// QuietMoves and SteelMoves, Logit (the model's value), and State's Core,
// StartHash, QuietLimit and DeadDraw.

package seidr
