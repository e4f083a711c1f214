package tui

import (
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/i18n"
)

// taflRenderer draws tafl boards from 7x7 to 19x19 from the position
// notation: attackers ●, defenders ○, the king ♔, and + an empty square
// only the king may stop on.
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
		g := taflGlyphs[b[c.r*n+c.f]]
		if g == "" && restricted(s, n, c) {
			g = "+"
		}
		return square{glyph: g}
	})
}

// restricted reports whether a square is one only the king may stop on:
// the throne and the corners of the presets that have them (Copenhagen,
// Fetlar and Brandubh both, Tablut the throne, Sea Hnefatafl none).
func restricted(s game.State, n int, c cell) bool {
	g, ok := s.Game().(*tafl.Game)
	if !ok {
		return false
	}
	r := g.Rules()
	mid := (n - 1) / 2
	throne := r.Throne && n%2 == 1 && c.f == mid && c.r == mid
	corner := r.Corners && (c.f == 0 || c.f == n-1) && (c.r == 0 || c.r == n-1)
	return throne || corner
}

func (taflRenderer) info(s game.State, l i18n.Lang) []string {
	lines := []string{i18n.T(l, "tui.tafl.legend")}
	if g, ok := s.Game().(*tafl.Game); ok && (g.Rules().Throne || g.Rules().Corners) {
		lines = append(lines, i18n.T(l, "tui.tafl.restricted"))
	}
	return lines
}

func (taflRenderer) dims(s game.State) (int, int) {
	n, _ := taflBoard(s.Position())
	return n, n
}

func (taflRenderer) cells(s game.State, text string) []cell {
	n, _ := taflBoard(s.Position())
	return moveCells(text, n, n)
}
