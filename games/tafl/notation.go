package tafl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// squareName writes a square index as "f3".
func squareName(sq, n int) string {
	var buf [4]byte
	return string(appendSquare(buf[:0], sq, n))
}

// appendSquare appends the name of square sq on an n×n board to b.
func appendSquare(b []byte, sq, n int) []byte {
	return strconv.AppendInt(append(b, byte('a'+sq%n)), int64(sq/n+1), 10)
}

// parseSquare reads a square such as "f3" at the start of s on an n×n
// board and returns it with the rest of s.
func parseSquare(s string, n int) (sq int, rest string, err error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, s, fmt.Errorf("%w: tafl: %q does not start with a square", game.ErrSyntax, s)
	}
	c := int(s[0] - 'a')
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 1 || i > 3 || s[1] == '0' {
		return 0, s, fmt.Errorf("%w: tafl: %q does not start with a square", game.ErrSyntax, s)
	}
	r, _ := strconv.Atoi(s[1:i])
	if c >= n || r < 1 || r > n {
		return 0, s, fmt.Errorf("%w: tafl: square %s is off the %dx%d board", game.ErrSyntax, s[:i], n, n)
	}
	return (r-1)*n + c, s[i:], nil
}

// actionOf encodes the move from-to.
func actionOf(from, to int) game.Action { return game.Action(from<<9 | to) }

// squares decodes an action.
func squares(a game.Action) (from, to int) { return int(a >> 9), int(a & 511) }

// moveText writes from-to on an n×n board, "?" for an action that names no
// squares of it.
func moveText(a game.Action, n int) string {
	from, to := squares(a)
	if from >= n*n || to >= n*n {
		return "?"
	}
	var buf [8]byte // one allocation: a position's legal moves are written out for every view
	return string(appendSquare(append(appendSquare(buf[:0], from, n), '-'), to, n))
}

// parseMove reads "f3-f1" with an optional capture suffix "xf2xe1…". It
// returns the move and the squares named in the suffix (nil without one).
func parseMove(s string, n int) (from, to int, caps []int, err error) {
	from, rest, err := parseSquare(s, n)
	if err != nil {
		return 0, 0, nil, err
	}
	if rest == "" || rest[0] != '-' {
		return 0, 0, nil, fmt.Errorf("%w: tafl: %q: want from-to, such as f3-f1", game.ErrSyntax, s)
	}
	to, rest, err = parseSquare(rest[1:], n)
	if err != nil {
		return 0, 0, nil, err
	}
	for rest != "" {
		if rest[0] != 'x' {
			return 0, 0, nil, fmt.Errorf("%w: tafl: %q: unexpected %q after the move", game.ErrSyntax, s, rest)
		}
		var sq int
		sq, rest, err = parseSquare(rest[1:], n)
		if err != nil {
			return 0, 0, nil, err
		}
		caps = append(caps, sq)
	}
	return from, to, caps, nil
}

// writeRows writes the board part of a position: "/3ttttt3/…/".
func (b *Board) writeRows(sb *strings.Builder) {
	sb.WriteByte('/')
	for r := b.N - 1; r >= 0; r-- {
		run := 0
		for c := range b.N {
			k := b.at(r, c)
			if k == empty {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte("tTK"[k])
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		sb.WriteByte('/')
	}
}

// Position writes the position: rows, side to move, and the ply count when
// it is not zero.
func (b *Board) Position() string {
	var sb strings.Builder
	b.writeRows(&sb)
	sb.WriteString([]string{" b", " w"}[b.ToMove])
	if b.Plies > 0 {
		sb.WriteString(" " + strconv.Itoa(b.Plies))
	}
	return sb.String()
}

// parsePosition reads a position: "/rows/ b" or "/rows/ w", optionally
// followed by the number of plies played.
func parsePosition(s string) (Board, error) {
	var b Board
	fields := strings.Split(s, " ")
	if len(fields) < 2 || len(fields) > 3 {
		return b, fmt.Errorf("%w: tafl: position %q: want \"/rows/ b\" or \"/rows/ w\", optionally with a ply count", game.ErrPosition, s)
	}
	rowsText := fields[0]
	if len(rowsText) < 2 || rowsText[0] != '/' || rowsText[len(rowsText)-1] != '/' {
		return b, fmt.Errorf("%w: tafl: rows %q must start and end with /", game.ErrPosition, rowsText)
	}
	rows := strings.Split(rowsText[1:len(rowsText)-1], "/")
	n := len(rows)
	if n < minSize || n > MaxSize {
		return b, fmt.Errorf("%w: tafl: %d rows, want %d to %d", game.ErrPosition, n, minSize, MaxSize)
	}
	b.N = n
	kings := 0
	for i, row := range rows {
		r := n - 1 - i
		c := 0
		for j := 0; j < len(row); {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				if ch == '0' || k-j > 2 {
					return b, fmt.Errorf("%w: tafl: row %d from the top: bad run of empty squares %q", game.ErrPosition, i+1, row[j:k])
				}
				run, _ := strconv.Atoi(row[j:k])
				c += run
				j = k
				continue
			}
			kind := strings.IndexByte("tTK", ch)
			if kind < 0 {
				return b, fmt.Errorf("%w: tafl: row %d from the top: unknown piece %q (want t, T, K or a digit)", game.ErrPosition, i+1, string(rune(ch)))
			}
			if c < n {
				if kind == king {
					kings++
				}
				b.put(r, c, kind)
			}
			c++
			j++
		}
		if c != n {
			return b, fmt.Errorf("%w: tafl: row %d from the top has %d squares, want %d", game.ErrPosition, i+1, c, n)
		}
	}
	if kings != 1 {
		return b, fmt.Errorf("%w: tafl: %d kings, want 1", game.ErrPosition, kings)
	}
	switch fields[1] {
	case "b":
		b.ToMove = Black
	case "w":
		b.ToMove = White
		b.Hash ^= sideKey
	default:
		return b, fmt.Errorf("%w: tafl: side to move %q, want b or w", game.ErrPosition, fields[1])
	}
	if len(fields) == 3 {
		p, err := strconv.Atoi(fields[2])
		if err != nil || p < 0 || strconv.Itoa(p) != fields[2] || p > 1_000_000 {
			return b, fmt.Errorf("%w: tafl: ply count %q is not a whole number from 0 to 1000000", game.ErrPosition, fields[2])
		}
		b.Plies = p
	}
	return b, nil
}

// sameSquares reports whether two lists hold the same squares, in any
// order.
func sameSquares(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
