package chess

// PushDir is the square offset of a pawn's single push.
func PushDir(c Color) Square {
	if c == White {
		return 8
	}
	return -8
}

func shiftUp(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// addPawnMoves adds the moves of pawns whose destinations are tos, each
// coming from to-delta, with the four promotions on the last rank. Pinned
// pawns (pinned, pinned against king ksq) keep only moves along their pin.
func addPawnMoves(ml *MoveList, tos Bitboard, delta Square, pinned Bitboard, ksq Square) {
	for tos != 0 {
		to := tos.PopFirst()
		from := to - delta
		if pinned.Has(from) && !line[ksq][from].Has(to) {
			continue
		}
		if (Rank1 | Rank8).Has(to) {
			ml.Add(NewMove(from, to, Queen))
			ml.Add(NewMove(from, to, Rook))
			ml.Add(NewMove(from, to, Bishop))
			ml.Add(NewMove(from, to, Knight))
		} else {
			ml.Add(NewMove(from, to, NoRole))
		}
	}
}

// pawnMoves adds the pushes to targets in pushTo and the captures to
// targets in capTo of the pawns in pawns (en passant not included).
func (p *Position) pawnMoves(ml *MoveList, pawns, pushTo, capTo, pinned Bitboard, ksq Square) {
	us := p.turn
	empty := ^p.Occupied()
	up := PushDir(us)
	single := shiftUp(pawns, us) & empty
	third := Rank1 << 16
	if us == Black {
		third = Rank1 << 40
	}
	double := shiftUp(single&third, us) & empty & pushTo
	addPawnMoves(ml, single&pushTo, up, pinned, ksq)
	addPawnMoves(ml, double, 2*up, pinned, ksq)
	theirs := p.byColor[us.Other()] & capTo
	var left, right Bitboard // towards the a-file and the h-file
	if us == White {
		left, right = (pawns&^FileA)<<7, (pawns&^FileH)<<9
		addPawnMoves(ml, left&theirs, 7, pinned, ksq)
		addPawnMoves(ml, right&theirs, 9, pinned, ksq)
	} else {
		left, right = (pawns&^FileA)>>9, (pawns&^FileH)>>7
		addPawnMoves(ml, left&theirs, -9, pinned, ksq)
		addPawnMoves(ml, right&theirs, -7, pinned, ksq)
	}
}

// pieceMoves adds the moves of knights, bishops, rooks and queens in from to
// the squares of targets; pinned pieces keep only moves along their pin.
func (p *Position) pieceMoves(ml *MoveList, from, targets, pinned Bitboard, ksq Square) {
	occ := p.Occupied()
	for b := from & p.byRole[Knight] &^ pinned; b != 0; {
		s := b.PopFirst()
		p.addTargets(ml, s, knightAttacks[s]&targets)
	}
	for b := from & (p.byRole[Bishop] | p.byRole[Queen]); b != 0; {
		s := b.PopFirst()
		t := BishopAttacks(s, occ) & targets
		if pinned.Has(s) {
			t &= line[ksq][s]
		}
		p.addTargets(ml, s, t)
	}
	for b := from & (p.byRole[Rook] | p.byRole[Queen]); b != 0; {
		s := b.PopFirst()
		t := RookAttacks(s, occ) & targets
		if pinned.Has(s) {
			t &= line[ksq][s]
		}
		p.addTargets(ml, s, t)
	}
}

func (p *Position) addTargets(ml *MoveList, from Square, t Bitboard) {
	for t != 0 {
		ml.Add(NewMove(from, t.PopFirst(), NoRole))
	}
}

// pinned returns the pieces of the side to move that are pinned to their
// king on ksq.
func (p *Position) pinned(ksq Square) Bitboard {
	us, them := p.turn, p.turn.Other()
	theirs := p.byColor[them]
	snipers := (RookAttacks(ksq, theirs)&(p.byRole[Rook]|p.byRole[Queen]) |
		BishopAttacks(ksq, theirs)&(p.byRole[Bishop]|p.byRole[Queen])) & theirs
	occ := p.Occupied()
	var out Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		b := between[ksq][s] & occ
		if b != 0 && b&(b-1) == 0 {
			out |= b & p.byColor[us]
		}
	}
	return out
}

// LegalMoves adds every legal move of orthodox chess: moves may not leave
// the mover's king in check; castling as the rights allow. The side to move
// must have exactly one king.
func (p *Position) LegalMoves(ml *MoveList) {
	us, them := p.turn, p.turn.Other()
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := ours | theirs
	ksq := p.Pieces(us, King).First()
	checkers := p.AttackersTo(ksq, occ) & theirs

	// King moves: the target must not be attacked once the king has left
	// its square (so it cannot step back along a checking ray).
	occNoKing := occ ^ ksq.Bit()
	for t := kingAttacks[ksq] &^ ours; t != 0; {
		to := t.PopFirst()
		if p.AttackersTo(to, occNoKing)&theirs == 0 {
			ml.Add(NewMove(ksq, to, NoRole))
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}
	targets := ^ours
	if checkers != 0 {
		c := checkers.First()
		targets = between[ksq][c] | c.Bit()
	} else {
		p.castlingMoves(ml, ksq)
	}
	pinned := p.pinned(ksq)
	p.pawnMoves(ml, p.Pieces(us, Pawn), targets, targets, pinned, ksq)
	p.pieceMoves(ml, ours, targets, pinned, ksq)
	if p.ep != NoSquare {
		p.epMoves(ml, ksq)
	}
}

// epMoves adds the legal en-passant captures, testing each by looking at
// the king through the squares the capture empties.
func (p *Position) epMoves(ml *MoveList, ksq Square) {
	us, them := p.turn, p.turn.Other()
	capSq := p.ep - PushDir(us)
	if p.board[capSq] != MakePiece(them, Pawn) {
		return
	}
	for b := pawnAttacks[them][p.ep] & p.Pieces(us, Pawn); b != 0; {
		from := b.PopFirst()
		occ := p.Occupied() ^ from.Bit() ^ capSq.Bit() | p.ep.Bit()
		if p.AttackersTo(ksq, occ)&p.byColor[them]&^capSq.Bit() == 0 {
			ml.Add(NewMove(from, p.ep, NoRole))
		}
	}
}

// castlingMoves adds the castling moves the rights allow: the squares
// between king and rook empty, the king not in check (the caller checks)
// and not passing through or landing on an attacked square.
func (p *Position) castlingMoves(ml *MoveList, ksq Square) {
	us, them := p.turn, p.turn.Other()
	king, queen := WhiteKingside, WhiteQueenside
	home := E1
	if us == Black {
		king, queen, home = BlackKingside, BlackQueenside, E8
	}
	if ksq != home {
		return
	}
	occ := p.Occupied()
	rook := MakePiece(us, Rook)
	if p.castling&king != 0 && p.board[home+3] == rook && between[home][home+3]&occ == 0 &&
		p.AttackersTo(home+1, occ)&p.byColor[them] == 0 && p.AttackersTo(home+2, occ)&p.byColor[them] == 0 {
		ml.Add(NewMove(home, home+2, NoRole))
	}
	if p.castling&queen != 0 && p.board[home-4] == rook && between[home][home-4]&occ == 0 &&
		p.AttackersTo(home-1, occ)&p.byColor[them] == 0 && p.AttackersTo(home-2, occ)&p.byColor[them] == 0 {
		ml.Add(NewMove(home, home-2, NoRole))
	}
}

// PseudoMoves adds the moves of chess without check, for the variants in
// which kings may stand attacked and be captured: every move of the side to
// move's pieces standing on from to a square of to (own pieces excluded),
// kings moving like any piece, en passant when the position has a target,
// never castling.
func (p *Position) PseudoMoves(ml *MoveList, from, to Bitboard) {
	us := p.turn
	ours := p.byColor[us]
	from &= ours
	to &^= ours
	p.pawnMoves(ml, from&p.byRole[Pawn], to, to, 0, 0)
	p.pieceMoves(ml, from, to, 0, 0)
	for b := from & p.byRole[King]; b != 0; {
		s := b.PopFirst()
		p.addTargets(ml, s, kingAttacks[s]&to)
	}
	if ep := p.ep; ep != NoSquare && to.Has(ep) {
		capSq := ep - PushDir(us)
		if p.board[capSq] == MakePiece(us.Other(), Pawn) && p.board[ep] == NoPiece {
			for b := pawnAttacks[us.Other()][ep] & p.Pieces(us, Pawn) & from; b != 0; {
				ml.Add(NewMove(b.PopFirst(), ep, NoRole))
			}
		}
	}
}

// CountLegal returns the number of legal orthodox moves.
func (p *Position) CountLegal() int {
	var ml MoveList
	p.LegalMoves(&ml)
	return ml.N
}

// LegalCaptures adds the legal captures and queen promotions of the side
// to move (en passant included), for the quiescence search. It is meant
// for positions not in check (in check it adds the evasions that capture
// or promote).
func (p *Position) LegalCaptures(ml *MoveList) {
	var all MoveList
	us, them := p.turn, p.turn.Other()
	ours, theirs := p.byColor[us], p.byColor[them]
	ksq := p.Pieces(us, King).First()
	checkers := p.AttackersTo(ksq, ours|theirs) & theirs
	if checkers != 0 {
		p.LegalMoves(&all)
		for _, m := range all.Slice() {
			if p.IsCapture(m) || m.Promotion() == Queen {
				ml.Add(m)
			}
		}
		return
	}
	occ := ours | theirs
	occNoKing := occ ^ ksq.Bit()
	for t := kingAttacks[ksq] & theirs; t != 0; {
		to := t.PopFirst()
		if p.AttackersTo(to, occNoKing)&theirs == 0 {
			ml.Add(NewMove(ksq, to, NoRole))
		}
	}
	pinned := p.pinned(ksq)
	// Pawn captures, and pushes to the last rank.
	last := Rank8
	if us == Black {
		last = Rank1
	}
	p.pawnMoves(&all, p.Pieces(us, Pawn), last, theirs, pinned, ksq)
	for _, m := range all.Slice() {
		if m.Promotion() == NoRole || m.Promotion() == Queen {
			ml.Add(m)
		}
	}
	p.pieceMoves(ml, ours, theirs, pinned, ksq)
	if p.ep != NoSquare {
		p.epMoves(ml, ksq)
	}
}
