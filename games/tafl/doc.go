// Package tafl is a tafl engine whose rules are options (a Rules value)
// rather than code paths, with Sea Hnefatafl (short name "seatafl") as its
// first preset.
//
// # Players
//
// Two seats: "black" (index 0), the attackers, who move first, and "white"
// (index 1), the defenders and the king.
//
// # Board
//
// Square boards from 7x7 to 19x19. A position is kept as per-side row masks
// (bit c of a uint32 for the square on file c of a rank) and per-file
// occupancy masks, so a rook slide along a rank or a file is a pair of bit
// operations on one word; the king's square is kept apart. Square indices
// are rank*size+file from a1 = 0.
//
// # Rules and how they map to the rules file
//
// Rules holds the switches; SeaRules is Sea Hnefatafl's preset, and the
// options fill in the last two fields:
//
//   - Escape (EscapeEdge or EscapeCorner): the squares where the king wins.
//     Sea: any edge square (4.1).
//   - KingArmed: whether the king captures and serves as the second piece
//     of a capture. Sea: no (3.3).
//   - KingCapture (KingBy4 or KingBy2): attackers on all four sides of the
//     king, anywhere (3.4, 4.2), or two attackers on opposite sides like any
//     piece. Sea: four. A king on the edge has three neighbours, so KingBy4
//     cannot take him there (under Sea rules he has already escaped).
//   - Special: throne and corners. Sea: off (2.3): every square is
//     ordinary. When on, only the king stops on the throne (the centre of an
//     odd board) or a corner, any piece passes over the empty throne,
//     corners are hostile to all pieces, the throne to attackers and, when
//     empty, to defenders, and an empty throne next to the king counts as
//     an attacker for KingBy4.
//   - Encirclement: Black wins when a flood fill from every edge square,
//     through every square not occupied by an attacker (defenders and the
//     king do not stop it), reaches no white piece (4.3). Sea: on.
//   - Repetition, from the option "repetition" (4.5).
//   - MoveLimit, from the option "move-limit" (4.6).
//
// Movement (2.1, 2.2) and capture (3.1, 3.2) are the same in every preset:
// pieces move like rooks, never jump, and a piece is captured only by the
// piece that moves next to it, against a hostile square beyond; a piece that
// moves in between two enemies stays. Several pieces can fall to one move.
// A side with no legal move on its turn loses (4.4), so no state ever waits
// and the game has no pass.
//
// After every move the game is decided in this order: the king on a
// winning square (4.1); the king captured (3.4); White enclosed (4.3, after
// Black's moves only, since White's moves cannot enclose White); the side to
// move without a move (4.4); the third occurrence of the position with the
// same side to move (4.5); the move limit (4.6). A position given to Setup
// is judged the same way, so a king already on the edge or surrounded ends
// the game at once.
//
// # Options
//
//   - layout: sea11 (default, cross), copenhagen11 (diamond), sea9,
//     sea9circle, sea13 (rules file 1). Setup ignores it: the position gives
//     the board.
//   - repetition: white-loses (default: Black wins), draw, off. The position
//     the state starts from counts as the first occurrence; positions before
//     the last capture cannot recur and are not searched.
//   - move-limit: a whole number of plies, default 400; reaching it is a
//     draw. The count includes the ply count of a position given to Setup.
//
// # Presets
//
// Only Sea Hnefatafl is a Game today (Sea). Other published sets are meant
// to become presets of the same switches: Copenhagen and Fetlar are close to
// EscapeCorner, KingArmed, KingBy4 and Special, and Brandubh to
// EscapeCorner, KingArmed, KingBy2 and Special. What they add beyond the
// switches (Copenhagen's shieldwall and edge forts, the king taken by four
// only on or next to the throne in Brandubh and Tablut) is not there yet.
//
// # Action notation
//
// A move is "from-to" with files a, b, … from the left and ranks 1, 2, …
// from the bottom, e.g. "f3-f1" or "a10-a12". ActionString and legal lists
// write this plain form. ParseAction also accepts a capture suffix, one
// "x<square>" per captured piece in any order, e.g. "f3-f1xe1xg1"; it must
// name exactly the pieces the move removes (the king is never removed: his
// capture ends the game), otherwise the move is refused with ErrIllegal.
// Actions encode from<<9 | to.
//
// # Position notation
//
// A position is the rows, then a space and the side to move, then
// optionally a space and the number of plies played:
//
//	/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b
//	/7/7/7/3K3/7/7/t6/ w 12
//
// The rows are listed from the top rank down, each between slashes (a
// leading and a trailing one), written with t for an attacker, T for a
// defender, K for the king and a decimal number (1 to 19, no leading zero)
// for a run of empty squares. There must be 7 to 19 rows, each as long as
// there are rows, and exactly one king. The side to move is b or w. The ply
// count (0 to 1000000) counts toward move-limit; Position writes it when it
// is not zero, and Setup accepts the bare form. The repetition history is
// not part of the notation: a set-up position is the first occurrence
// (4.5).
package tafl
