// Package samurai is Samurai chess (William Long) on the chess core:
// orthodox chess in which every move needs a card naming the moving
// piece's type, and the cards pass between the players as pieces move,
// capture and promote. The rules are the project's rules file
// rules/samurai-chess.md; comments cite its numbers.
//
// # Cards
//
// A card names a piece type: K, Q, R, B, N or P (1.1). Each player starts
// with K Q R B N P P (1.2); the rest form the retired deck, by default Q R
// B N (option deck, 1.3). Hands and deck are open (1.4). A player holds
// only cards of types they have on the board (1.5); the total number of
// cards never changes.
//
// # Moves
//
// The legal moves are the orthodox legal moves (check included) for which
// the player holds a card of the moving piece's type (2.1); castling is a
// king move and needs the K card (2.3), en passant and promotion are pawn
// moves (2.4, 2.5). With castling=off the castling rights are cleared (in
// New and Setup), with en-passant=off no en-passant square is ever set.
//
// After the board has changed, the cards move in the order of rule 5:
//
//	(a) 2.2: the mover gives one card of the moved type to the opponent,
//	    unless the opponent has no piece of that type (then keeps it);
//	(b) 3.1: the victim of a capture gives the capturer one card of the
//	    captured type, if the victim holds one and the capturer has such
//	    a piece;
//	(c) 4.2: a promoting player receives one card of the new type from
//	    the opponent, else from the deck; 4.3: if the new piece is the
//	    only one of its type on the board, the player also takes all the
//	    deck's cards of that type;
//	(d) 1.5 for both players: cards of a type the holder no longer has
//	    go to the opponent if the opponent has such a piece, else to the
//	    deck.
//
// # Passes and the end
//
// A player in check with no move they hold a card for is checkmated
// (6.1). A player not in check who has orthodox moves but no card for any
// of them passes (6.2, option no-card=pass): the game applies the pass by
// itself and records it as the action Pass (written "pass", Auto in the
// history, taken back by Undo with the move before it); the turn goes to
// the opponent, no card moves; like a null move a pass counts as a
// half-move for the clocks and ends any en-passant right. With
// no-card=lose that player loses instead (reason "no card").
//
// The game is drawn (6.3) by two passes in a row, stalemate (no orthodox
// move at all, not in check), insufficient material (as in orthodox
// chess), threefold repetition and the fifty-move rule (both applied at
// once). Repetition compares the board, side to move, castling rights,
// en-passant square, both hands and the deck, over the positions since the
// last capture or pawn move. The checks run in this order: two passes,
// checkmate, stalemate, insufficient material, repetition, fifty moves,
// and only then the no-card rule.
//
// # Position notation
//
// A position is written
//
//	<board>[<white's cards><black's cards>/<deck>] <side> <castling> <ep> <halfmove> <fullmove> [passes=<n>]
//
// where <board> and the five fields after the brackets are orthodox FEN
// (the move counters may be left out), white's cards are upper case,
// black's lower case, the deck upper case, each group in the order K Q R
// B N P (a letter out of order is an error), at most 15 cards of one type
// in all (hands and deck together). An empty group is written as nothing: "[/QRBN]" is two
// empty hands. The start is
//
//	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1
//
// The optional last field passes=1 or passes=2 tells how many passes were
// just made in a row (for the draw by two passes); it is written only when
// not zero and must follow all six FEN fields. Setup checks the orthodox
// conditions (one king each, no pawn on rank 1 or 8, the side not to move
// not in check, castling rights, en-passant square) and the invariant 1.5;
// the total number of cards is free, and the deck is the position's (the
// option deck shapes New only). If the side to move has to pass, Setup
// makes the pass.
//
// # Actions
//
// A move is game.Action(chess.Move), written in UCI ("e2e4", "e7e8q",
// castling "e1g1"); ParseAction also reads SAN. Pass (0x10000) is written
// "pass" and is never legal to choose.
//
// # Records
//
// PGN has the tag Variant "Samurai", SAN moves whose "+" and "#" follow
// Samurai's mate rule, the cards after each move as a comment, and a pass
// as the null move "--" with the comment "pass".
package samurai
