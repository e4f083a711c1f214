// Package chess is orthodox chess on bitboards, and the core on which the
// chess variants (Seiðr chess, Lux et Umbra, Samurai chess) are built.
//
// # Board
//
// Squares are numbered a1 = 0 … h8 = 63; a Bitboard has bit i for square i.
// Position keeps a mailbox (the piece on each square), bitboards by color
// and by role, the side to move, castling rights, the en-passant square, the
// move counters and an incremental Zobrist hash. Positions are values:
// copying one and playing a move on the copy (copy-make) is how search and
// perft walk the tree. Sliding attacks use fancy magic bitboards; their
// magic numbers are constants (magics.go), and the tables are filled from
// them when the package loads, in a few milliseconds.
//
// # Moves
//
// A Move packs its from and to squares and the promotion role into 16 bits.
// Castling is the king's two-file move ("e1g1"); en passant is the pawn's
// diagonal move to the empty target square. Position.LegalMoves generates
// the legal moves of orthodox chess (pins, check evasions, castling through
// attacked squares and the en-passant discovered check all handled);
// Position.PseudoMoves generates the moves of chess without check, for the
// variants in which kings stand attacked and are captured, restricted to
// chosen origin and target squares. Position.Play makes any generated move.
//
// The en-passant square is set after a double step only when an enemy pawn
// stands ready to take, so that equal positions have equal hashes (FEN
// written by this package follows the same rule).
//
// # Notation
//
// ParseFEN and Position.FEN read and write Forsyth–Edwards Notation;
// ParseFEN reports the field and what is wrong (*FENError), and
// Position.Validate lists every reason a position cannot occur in orthodox
// chess. Moves are written in UCI ("e7e8q"); SAN is written by SAN and read by
// ParseSAN, which tells malformed text (game.ErrSyntax) from moves that are
// not legal (game.ErrIllegal) and from ambiguous ones (ErrAmbiguous).
// FormatPGN writes Portable Game Notation for this game and the variants.
//
// # The game
//
// Game is orthodox chess for the game interface: actions are Moves, the
// position notation is FEN, and the game ends by checkmate, stalemate,
// insufficient material, threefold repetition or the fifty-move rule (the
// last two applied at once, as a tournament arbiter would).
//
// # The engine
//
// The chess engine (search, its evaluation and the AI levels' agent) is
// the sibling package games/chess/search. This package exports what it
// needs of a position and no more: Position's accessors and setters,
// LegalCaptures (the quiescence search's moves), PushDir, and State's
// StartHash and Reversible (the positions a repetition may return to).
//
// # Perft
//
// Perft counts the nodes of the legal move tree making every move down to
// the leaves; PerftBulk counts the moves at the last ply instead. The suite
// in testdata/perft.txt holds the widely published positions and runs in
// the tests.
package chess
