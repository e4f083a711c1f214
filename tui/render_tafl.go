package tui

import (
	"strings"

	"norns/game"
	"norns/i18n"
)

// taflRenderer draws tafl boards from 7x7 to 19x19 from the position
// notation: attackers ●, defenders ○, the king ♔.
type taflRenderer struct{}

// taflBoard reads the rows of a tafl position, top rank first, into a
// square grid of letters (0 for empty), a1 first.
func taflBoard(pos string) (n int, b []byte) {
	rows := strings.Split(strings.Trim(strings.Fields(pos + " ")[0], "/"), "/")
	n = len(rows)
	b = make([]byte, n*n)
	for i, row := range rows {
		r := n - 1 - i
		f := 0
		for k := 0; k < len(row); k++ {
			c := row[k]
			if c >= '0' && c <= '9' {
				num := int(c - '0')
				if k+1 < len(row) && row[k+1] >= '0' && row[k+1] <= '9' {
					k++
					num = num*10 + int(row[k]-'0')
				}
				f += num
				continue
			}
			if f < n {
				b[r*n+f] = c
			}
			f++
		}
	}
	return n, b
}

var taflGlyphs = map[byte]string{'t': "●", 'T': "○", 'K': "♔"}

func (taflRenderer) board(s game.State, m marks) []string {
	n, b := taflBoard(s.Position())
	return drawGrid(n, n, m, func(c cell) square {
		return square{glyph: taflGlyphs[b[c.r*n+c.f]]}
	})
}

func (taflRenderer) info(_ game.State, l i18n.Lang) []string {
	return []string{i18n.T(l, "tui.tafl.legend")}
}

func (taflRenderer) dims(s game.State) (int, int) {
	n, _ := taflBoard(s.Position())
	return n, n
}

func (taflRenderer) cells(s game.State, text string) []cell {
	n, _ := taflBoard(s.Position())
	return moveCells(text, n, n)
}
