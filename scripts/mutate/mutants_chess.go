package main

const (
	chessMovegen = "games/chess/movegen.go"
	chessGame    = "games/chess/game.go"
)

// chessMutants are orthodox chess's, numbered by the FIDE Laws of Chess
// (chess has no rules file of its own: its rules are FIDE's): pawn moves
// and promotion, castling, en passant, check, and the ends of the game.
var chessMutants = []Mutant{
	{ID: "no-double-push", Rule: "FIDE 3.7.2", File: chessMovegen,
		Old: "addPawnMoves(ml, double, 2*up, pinned, ksq)", New: "_ = double"},
	{ID: "double-push-jumps", Rule: "FIDE 3.7.2", File: chessMovegen,
		Old: "double := shiftUp(single&third, us) & empty & pushTo", New: "double := shiftUp(shiftUp(pawns, us)&third, us) & empty & pushTo"},
	{ID: "promotion-queen-only", Rule: "FIDE 3.7.5", File: chessMovegen,
		Old: "\t\t\tml.Add(NewMove(from, to, Knight))\n", New: "\n"},
	{ID: "pin-ignored", Rule: "FIDE 3.9", File: chessMovegen,
		Old: "\t\tif pinned.Has(s) {\n\t\t\tt &= line[ksq][s]\n\t\t}\n\t\tp.addTargets(ml, s, t)\n\t}\n\tfor b := from & (p.byRole[Rook]", New: "\t\tp.addTargets(ml, s, t)\n\t}\n\tfor b := from & (p.byRole[Rook]"},
	{ID: "king-steps-into-check", Rule: "FIDE 3.9", File: chessMovegen,
		Old: "for t := kingAttacks[ksq] &^ ours; t != 0; {\n\t\tto := t.PopFirst()\n\t\tif p.AttackersTo(to, occNoKing)&theirs == 0 {", New: "for t := kingAttacks[ksq] &^ ours; t != 0; {\n\t\tto := t.PopFirst()\n\t\tif true || p.AttackersTo(to, occNoKing)&theirs == 0 {"},
	{ID: "king-steps-back-on-ray", Rule: "FIDE 3.9", File: chessMovegen,
		Old: "occNoKing := occ ^ ksq.Bit()\n\tfor t := kingAttacks[ksq] &^ ours", New: "occNoKing := occ\n\tfor t := kingAttacks[ksq] &^ ours"},
	{ID: "double-check-blocked", Rule: "FIDE 3.9", File: chessMovegen,
		Old: "\t\treturn // double check: only the king moves", New: "\t\t_ = 0"},
	{ID: "castle-out-of-check", Rule: "FIDE 3.8.2", File: chessMovegen,
		Old: "\t} else {\n\t\tp.castlingMoves(ml, ksq)\n\t}", New: "\t}\n\tp.castlingMoves(ml, ksq)"},
	{ID: "castle-through-check", Rule: "FIDE 3.8.2", File: chessMovegen,
		Old: "p.AttackersTo(home+1, occ)&p.byColor[them] == 0 && ", New: ""},
	{ID: "castle-long-b-file-attacked", Rule: "FIDE 3.8.2", File: chessMovegen,
		Old: "p.AttackersTo(home-2, occ)&p.byColor[them] == 0", New: "p.AttackersTo(home-3, occ)&p.byColor[them] == 0"},
	{ID: "castle-over-pieces", Rule: "FIDE 3.8.2", File: chessMovegen,
		Old: "p.board[home-4] == rook && between[home][home-4]&occ == 0", New: "p.board[home-4] == rook"},
	{ID: "castle-without-right", Rule: "FIDE 3.8.2", File: chessMovegen,
		Old: "if p.castling&king != 0 && p.board[home+3] == rook", New: "if (p.castling&king != 0 || true) && p.board[home+3] == rook"},
	{ID: "en-passant-exposes-king", Rule: "FIDE 3.9", File: chessMovegen,
		Old: "if p.AttackersTo(ksq, occ)&p.byColor[them]&^capSq.Bit() == 0 {", New: "if true || p.AttackersTo(ksq, occ)&p.byColor[them]&^capSq.Bit() == 0 {"},
	{ID: "stalemate-wins", Rule: "FIDE 5.2.1", File: chessGame,
		Old: "return game.Result{Kind: game.Draw, Reason: \"stalemate\"}", New: "return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(p.Turn().Other())}, Reason: \"stalemate\"}"},
	{ID: "repetition-twofold", Rule: "FIDE 9.2", File: chessGame,
		Old: "if s.repetitions() >= 3 {", New: "if s.repetitions() >= 2 {"},
	{ID: "repetition-any-side", Rule: "FIDE 9.2", File: chessGame,
		Old: "if k%2 == 0 && s.log[i].Undo.Hash() == h {", New: "if s.log[i].Undo.Hash() == h {",
		Equivalent: "the hash includes the side to move, so positions with the other side to move never compare equal; the parity test only saves work"},
	{ID: "fifty-moves-late", Rule: "FIDE 9.3", File: chessGame,
		Old: "if p.Halfmove() >= 100 {", New: "if p.Halfmove() >= 150 {"},
	{ID: "two-knights-insufficient", Rule: "FIDE 5.2.2", File: chessGame,
		Old: "\tif p.ByRole(Knight) != 0 {\n\t\treturn false\n\t}", New: ""},
	{ID: "bishops-of-both-colours-insufficient", Rule: "FIDE 5.2.2", File: chessGame,
		Old: "return b&LightSquares == 0 || b&DarkSquares == 0", New: "return b&LightSquares == 0 || b&DarkSquares == 0 || true"},
	{ID: "lone-pawn-insufficient", Rule: "FIDE 5.2.2", File: chessGame,
		Old: "if p.ByRole(Pawn)|p.ByRole(Rook)|p.ByRole(Queen) != 0 {", New: "if p.ByRole(Rook)|p.ByRole(Queen) != 0 {"},
}
