// Package tafl is a tafl engine whose rules are options (a Rules value)
// rather than code paths. Each published rule set is a preset: a value of
// Rules plus its start layouts, and a Game of its own (Sea Hnefatafl
// "seatafl", Copenhagen Hnefatafl "copenhagen", Fetlar Hnefatafl
// "fetlar", Brandubh "brandubh", Tablut "tablut"; Presets lists them), each
// with its rules file in rules/.
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
// # Rules and how they map to the rules files
//
// Rules holds the switches; SeaRules, CopenhagenRules, FetlarRules,
// BrandubhRules and TablutRules are the presets, and the options fill in
// the last two fields:
//
//   - Escape (EscapeEdge or EscapeCorner): the squares where the king wins.
//     Sea, Tablut: any edge square; Copenhagen, Fetlar, Brandubh: a corner.
//   - KingArmed: whether the king captures and serves as the second piece
//     of a capture. Sea: no (3.3); the others: yes.
//   - KingCapture: KingBy4 (attackers on all four sides, an empty throne
//     counting as one: Sea, Copenhagen, Fetlar), KingBy2 (like any piece),
//     or KingByThrone (by four on or next to the throne, by two elsewhere:
//     Tablut, Brandubh). A king on the edge has three neighbours, so a
//     king who needs four cannot be taken there.
//   - Throne: the centre of an odd board is restricted (only the king stops
//     on it, any piece passes over it when empty), hostile to attackers and,
//     when empty, to defenders. Corners: the corners are restricted and
//     hostile to every piece. Sea: neither (2.3).
//   - Shieldwall (Copenhagen 3.4): a row of two or more pieces on the edge,
//     each with an enemy in front, bracketed by the moving piece at one end
//     and an enemy or a corner at the other, is captured, a king in it
//     excepted.
//   - EdgeFort (Copenhagen 5.3): White wins when the king on the edge can
//     move and sits in a fort the attackers cannot break (board.edgeFort
//     says how that is decided).
//   - Encirclement: Black wins when a flood fill from every edge square,
//     through every square not occupied by an attacker (defenders and the
//     king do not stop it), reaches no white piece (4.3). Sea, Copenhagen,
//     Fetlar: on.
//   - Repetition, from the option "repetition" (4.5), whose default is the
//     preset's: white-loses for Sea and Copenhagen, draw for the others.
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
// winning square (4.1); the king captured (3.4); an edge fort (after
// White's moves); White enclosed (4.3, after Black's moves only, since
// White's moves cannot enclose White); the side to move without a move
// (4.4); the third occurrence of the position with the same side to move
// (4.5); the move limit (4.6). A position given to Setup is judged the
// same way, so a king already on a winning square, surrounded by four or
// in a fort ends the game at once (a king between two attackers does not:
// only a move takes him by two).
//
// # Options
//
//   - layout (Sea Hnefatafl only; the other presets have one layout):
//     sea11 (default, cross), copenhagen11 (diamond), sea9, sea9circle,
//     sea13 (rules file 1). Setup ignores it: the position gives the board.
//   - repetition: white-loses (Black wins), draw, off, repeater-loses (the
//     side whose move makes the third occurrence loses: OpenTafl's tfr:w),
//     repeater-wins (it wins: tfr:l). The position the
//     state starts from counts as the first occurrence; positions before
//     the last capture cannot recur and are not searched.
//   - move-limit: a whole number of plies, default 400; reaching it is a
//     draw. The count includes the ply count of a position given to Setup.
//
// # Engine
//
// The tafl engine (search, its evaluation and the AI levels' agent) is
// the sibling package games/tafl/search; the legacy levels keep the
// generic alpha-beta over game.State with eval.go's evaluation. This
// package exports what the engine plays on: Board (a copy of the
// position: its masks, Legal, Move and the rules' tests of squares and of
// the king), Ray and Dirs, and State's Board, Rules, StartHash and
// Reversible; SetupRules makes a state under rules no option names.
//
// # OpenTafl
//
// otn.go reads and writes OpenTafl Notation as OpenTafl 0.4.8 does:
// OTNRules writes rules and a start as an OTN rules string and
// ParseOTNRules reads one (start: rank 1 first, or starti: top rank
// first); OTNGame finds the preset a rules string describes (or makes a
// game of its own for other rules the engine can play); State.OTN writes a
// game as an OTN game record (tags under the specification's names, the
// rules as the last tag [rules:…]) and ParseOTN reads one and replays it,
// Norns' older records (a bare rules line, rows top rank first) included.
// OTN position records (State.Rows, SetupRows) start with rank 1, unlike
// Norns' own positions. OTN's tfr:w and tfr:l are the repetition values
// repeater-loses and repeater-wins. Rules the engine cannot play
// (berserk pieces, jumps, speed limits, Linnaean capture, other special
// squares or hostility, weak shieldwalls, unknown entries) are refused with
// ErrUnsupported, naming every entry. cmd/norns otep speaks the OpenTafl
// Engine Protocol with them (engine/otep).
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
