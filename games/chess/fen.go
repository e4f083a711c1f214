package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// FENError is a malformed FEN: which field (1 to 6) and what is wrong.
type FENError struct {
	Field  int
	Name   string
	Reason string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("chess: FEN field %d (%s): %s", e.Field, e.Name, e.Reason)
}

func fenErr(field int, format string, args ...any) error {
	names := [...]string{"", "board", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}
	return &FENError{Field: field, Name: names[field], Reason: fmt.Sprintf(format, args...)}
}

// ParseBoard reads the board field of a FEN onto an empty position.
func ParseBoard(field string) (Position, error) {
	p := NewEmpty()
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return p, fenErr(1, "%d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case RoleFromChar(c) != NoRole:
				if f >= 8 {
					return p, fenErr(1, "rank %d has more than 8 squares", r+1)
				}
				col := White
				if c >= 'a' {
					col = Black
				}
				p.Put(SquareAt(f, r), MakePiece(col, RoleFromChar(c)))
				f++
			default:
				return p, fenErr(1, "unknown piece letter %q on rank %d", c, r+1)
			}
		}
		if f != 8 {
			return p, fenErr(1, "rank %d has %d squares, want 8", r+1, f)
		}
	}
	return p, nil
}

// BoardFEN writes the board field of a FEN.
func (p *Position) BoardFEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte('0' + byte(empty))
				empty = 0
			}
			b.WriteByte(pc.Char())
		}
		if empty > 0 {
			b.WriteByte('0' + byte(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// ParseFEN reads a position in Forsyth–Edwards Notation. The move counters
// may be left out (they default to 0 and 1). It checks the syntax of every
// field, not whether the position is legal in orthodox chess: Validate does.
// Errors are *FENError values naming the field.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return NewEmpty(), fmt.Errorf("chess: FEN %q has %d fields, want 4 to 6", fen, len(fields))
	}
	p, err := ParseBoard(fields[0])
	if err != nil {
		return p, err
	}
	switch fields[1] {
	case "w":
	case "b":
		p.SetTurn(Black)
	default:
		return p, fenErr(2, "%q, want w or b", fields[1])
	}
	var c Castling
	if fields[2] != "-" {
		for _, ch := range []byte(fields[2]) {
			bit := map[byte]Castling{'K': WhiteKingside, 'Q': WhiteQueenside, 'k': BlackKingside, 'q': BlackQueenside}[ch]
			if bit == 0 {
				return p, fenErr(3, "unknown letter %q in %q (want KQkq or -)", ch, fields[2])
			}
			if c&bit != 0 {
				return p, fenErr(3, "letter %q twice in %q", ch, fields[2])
			}
			c |= bit
		}
	}
	p.SetCastling(c)
	if fields[3] != "-" {
		s, ok := ParseSquare(fields[3])
		if !ok {
			return p, fenErr(4, "%q is not a square or -", fields[3])
		}
		want := 5
		if p.turn == Black {
			want = 2
		}
		if s.Rank() != want {
			return p, fenErr(4, "%s is not on rank %d", s, want+1)
		}
		p.SetEPSquare(s)
	}
	p.halfmove, p.fullmove = 0, 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 {
			return p, fenErr(5, "%q is not a whole number", fields[4])
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			return p, fenErr(6, "%q is not a whole number from 1 up", fields[5])
		}
		p.fullmove = n
	}
	return p, nil
}

// FEN writes the position in Forsyth–Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	b.WriteString(p.BoardFEN())
	if p.turn == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.castling.String())
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

// String writes castling rights as FEN does: "KQkq", "-".
func (c Castling) String() string {
	if c == 0 {
		return "-"
	}
	var b []byte
	for i, ch := range "KQkq" {
		if c&(1<<i) != 0 {
			b = append(b, byte(ch))
		}
	}
	return string(b)
}

// ErrInvalid is wrapped by every reason Validate gives.
var ErrInvalid = errors.New("chess: invalid position")

// Validate checks that the position can occur in orthodox chess as far as
// move generation needs: one king per side, no pawn on rank 1 or 8, the side
// not to move not in check, castling rights matching kings and rooks on
// their squares, and an en-passant square behind a pawn that has just made a
// double step. It returns every reason it finds, joined.
func (p *Position) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...))
	}
	for _, c := range []Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			bad("%s has %d kings, want 1", c, n)
		}
	}
	if b := p.byRole[Pawn] & (Rank1 | Rank8); b != 0 {
		bad("pawn on %s (rank 1 or 8)", b.First())
	}
	if len(errs) == 0 {
		them := p.turn.Other()
		if p.Attacked(p.King(them), p.turn) {
			bad("%s, not to move, is in check", them)
		}
	}
	rights := []struct {
		c          Castling
		king, rook Square
		piece      Piece
	}{
		{WhiteKingside, E1, H1, MakePiece(White, Rook)},
		{WhiteQueenside, E1, A1, MakePiece(White, Rook)},
		{BlackKingside, E8, H8, MakePiece(Black, Rook)},
		{BlackQueenside, E8, A8, MakePiece(Black, Rook)},
	}
	for _, r := range rights {
		if p.castling&r.c == 0 {
			continue
		}
		if p.board[r.king] != MakePiece(r.piece.Color(), King) || p.board[r.rook] != r.piece {
			bad("castling right %s without king on %s and rook on %s", r.c, r.king, r.rook)
		}
	}
	if ep := p.ep; ep != NoSquare {
		them := p.turn.Other()
		if p.board[ep-PushDir(p.turn)] != MakePiece(them, Pawn) || p.board[ep] != NoPiece || p.board[ep+PushDir(p.turn)] != NoPiece {
			bad("en-passant square %s without a pawn that has just moved two squares past it", ep)
		}
	}
	return errors.Join(errs...)
}
