package chess

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/norns-games/norns/game"
)

// ErrAmbiguous is returned for SAN that fits several legal moves; it wraps
// game.ErrIllegal.
var ErrAmbiguous = fmt.Errorf("%w: ambiguous move", game.ErrIllegal)

// SAN writes m in Standard Algebraic Notation without a check suffix,
// disambiguating against the other moves in legal (the moves the game
// allows in this position).
func SAN(p *Position, m Move, legal []Move) string {
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc.Role() == King && (to-from == 2 || from-to == 2) {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	var b strings.Builder
	capture := p.IsCapture(m)
	if pc.Role() == Pawn {
		if capture {
			b.WriteByte('a' + byte(from.File()))
		}
	} else {
		b.WriteByte(pc.Role().Char() - 0x20)
		sameFile, sameRank, others := false, false, false
		for _, o := range legal {
			if o == m || o.To() != to || o.From() == from || p.board[o.From()] != pc {
				continue
			}
			others = true
			sameFile = sameFile || o.From().File() == from.File()
			sameRank = sameRank || o.From().Rank() == from.Rank()
		}
		if others {
			switch {
			case !sameFile:
				b.WriteByte('a' + byte(from.File()))
			case !sameRank:
				b.WriteByte('1' + byte(from.Rank()))
			default:
				b.WriteString(from.String())
			}
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	if r := m.Promotion(); r != NoRole {
		b.WriteByte('=')
		b.WriteByte(r.Char() - 0x20)
	}
	return b.String()
}

// SAN writes a legal orthodox move in Standard Algebraic Notation, with "+"
// for check and "#" for checkmate.
func (p *Position) SAN(m Move) string {
	var ml MoveList
	p.LegalMoves(&ml)
	s := SAN(p, m, ml.Slice())
	c := *p
	c.Play(m)
	if c.InCheck() {
		if c.CountLegal() == 0 {
			return s + "#"
		}
		return s + "+"
	}
	return s
}

// sanPattern splits a SAN move, compiled on first use.
var sanPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(=?([NBRQ]))?$`)
})

// ParseSAN finds the move among legal that the SAN text names. Check and
// annotation suffixes ("+", "#", "!", "?") are ignored; "0-0" is read as
// "O-O". Text that is not SAN wraps game.ErrSyntax, SAN that names no move
// in legal wraps game.ErrIllegal, SAN that fits several is ErrAmbiguous.
func ParseSAN(p *Position, text string, legal []Move) (Move, error) {
	s := strings.TrimRight(text, "+#!?")
	s = strings.ReplaceAll(s, "0", "O")
	if s == "O-O" || s == "O-O-O" {
		for _, m := range legal {
			if p.board[m.From()].Role() == King && SAN(p, m, legal) == s {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("chess: %w: %s: castling not allowed here", game.ErrIllegal, text)
	}
	g := sanPattern().FindStringSubmatch(s)
	if g == nil {
		return NoMove, fmt.Errorf("chess: %w: %q is not a move in UCI or SAN", game.ErrSyntax, text)
	}
	role := Pawn
	if g[1] != "" {
		role = RoleFromChar(g[1][0])
	}
	to, _ := ParseSquare(g[5])
	promo := NoRole
	if g[7] != "" {
		promo = RoleFromChar(g[7][0])
	}
	var found []Move
	for _, m := range legal {
		from := m.From()
		switch {
		case m.To() != to || p.board[from].Role() != role || m.Promotion() != promo:
		case g[2] != "" && from.File() != int(g[2][0]-'a'):
		case g[3] != "" && from.Rank() != int(g[3][0]-'1'):
		case g[4] != "" && !p.IsCapture(m):
		default:
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return NoMove, fmt.Errorf("chess: %w: %s", game.ErrIllegal, text)
	case 1:
		return found[0], nil
	}
	return NoMove, fmt.Errorf("chess: %w: %s fits %s and %s", ErrAmbiguous, text, found[0], found[1])
}

// ParseUCI reads a move in UCI notation ("e2e4", "e7e8q") without checking
// that it is legal. Malformed text wraps game.ErrSyntax.
func ParseUCI(text string) (Move, error) {
	if len(text) != 4 && len(text) != 5 {
		return NoMove, fmt.Errorf("chess: %w: %q is not a UCI move", game.ErrSyntax, text)
	}
	from, ok1 := ParseSquare(text[:2])
	to, ok2 := ParseSquare(text[2:4])
	if !ok1 || !ok2 || from == to {
		return NoMove, fmt.Errorf("chess: %w: %q is not a UCI move", game.ErrSyntax, text)
	}
	promo := NoRole
	if len(text) == 5 {
		promo = RoleFromChar(text[4])
		if promo == NoRole || promo == Pawn || promo == King || text[4] < 'a' {
			return NoMove, fmt.Errorf("chess: %w: %q: promotion must be q, r, b or n", game.ErrSyntax, text)
		}
	}
	return NewMove(from, to, promo), nil
}

// ParseMove reads a move in UCI or, failing that, SAN, and checks it
// against the legal moves.
func ParseMove(p *Position, text string, legal []Move) (Move, error) {
	m, err := ParseUCI(text)
	_, sq1 := ParseSquare(text[:min(2, len(text))])
	_, sq2 := ParseSquare(text[min(2, len(text)):min(4, len(text))])
	if err != nil && sq1 && sq2 {
		return NoMove, err // squares like UCI, but no UCI move
	}
	if err == nil {
		for _, l := range legal {
			if l == m {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("chess: %w: %s", game.ErrIllegal, text)
	}
	m, err2 := ParseSAN(p, text, legal)
	if errors.Is(err2, game.ErrSyntax) {
		return NoMove, err
	}
	return m, err2
}
