package tui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/i18n"
)

// cell is a square of a board: file from the left and rank from the bottom,
// both from 0.
type cell struct{ f, r int }

// renderer draws one game. Games with a board of squares also let the
// player point at squares: dims gives the board's size and cells the
// squares an action goes through.
type renderer interface {
	// board draws the position, with the marks of the pointing.
	board(s game.State, m marks) []string
	// info gives the lines that the board does not show: hands, dice,
	// phase.
	info(s game.State, l i18n.Lang) []string
	// dims is the board's size, 0 by 0 for a game without squares to
	// point at.
	dims(s game.State) (files, ranks int)
	// cells gives the squares an action names (from, to), or nil.
	cells(s game.State, text string) []cell
}

// marks is what the pointing adds to a board.
type marks struct {
	cursor   cell
	pointing bool // the cursor is shown
	selected []cell
	targets  map[cell]bool
	last     []cell // the squares of the last move, tinted in colour
	flipped  bool
	color    bool
	lang     i18n.Lang
}

// rendererFor returns the renderer of a game by its short name. Every
// preset of the tafl package (Sea Hnefatafl, Copenhagen, Fetlar, Brandubh,
// Tablut and any added later) is drawn by the tafl renderer.
func rendererFor(name string) renderer {
	if slices.ContainsFunc(tafl.Presets, func(g *tafl.Game) bool { return g.Name() == name }) {
		return taflRenderer{}
	}
	switch name {
	case "chess":
		return chessRenderer{}
	case "seidr":
		return seidrRenderer{}
	case "samurai":
		return samuraiRenderer{}
	case "luxumbra":
		return luxRenderer{}
	case "nordsloki":
		return lokiRenderer{}
	}
	return plainRenderer{}
}

// plainRenderer draws a game the package has no drawing for with the
// state's own String.
type plainRenderer struct{}

func (plainRenderer) board(s game.State, _ marks) []string {
	return strings.Split(strings.TrimRight(s.String(), "\n"), "\n")
}
func (plainRenderer) info(game.State, i18n.Lang) []string { return nil }
func (plainRenderer) dims(game.State) (int, int)          { return 0, 0 }
func (plainRenderer) cells(game.State, string) []cell     { return nil }

// square is what a grid shows on one square: a glyph and a tint.
type square struct {
	glyph string
	tint  int // 0 light, 1 dark, 2 highlighted (a rolled colour)
}

var (
	lightBg = lipgloss.NewStyle().Background(lipgloss.Color("#d8c8a8")).Foreground(lipgloss.Color("#000000"))
	darkBg  = lipgloss.NewStyle().Background(lipgloss.Color("#a08060")).Foreground(lipgloss.Color("#000000"))
	hiBg    = lipgloss.NewStyle().Background(lipgloss.Color("#80b080")).Foreground(lipgloss.Color("#000000"))
	curBg   = lipgloss.NewStyle().Background(lipgloss.Color("#e0e040")).Foreground(lipgloss.Color("#000000"))
	selBg   = lipgloss.NewStyle().Background(lipgloss.Color("#60a0e0")).Foreground(lipgloss.Color("#000000"))
	lastBg  = lipgloss.NewStyle().Background(lipgloss.Color("#c8c070")).Foreground(lipgloss.Color("#000000"))
)

// fileName writes a file letter.
func fileName(f int) string { return string(rune('a' + f)) }

// squareName writes a square as the chess and tafl notations do: "e4".
func squareName(c cell) string { return fileName(c.f) + strconv.Itoa(c.r+1) }

// parseSquare reads a square name at the start of text and returns it with
// the length read.
func parseSquare(text string, files, ranks int) (cell, int, bool) {
	if len(text) < 2 || text[0] < 'a' || int(text[0]-'a') >= files {
		return cell{}, 0, false
	}
	j := 1
	for j < len(text) && j < 3 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	r, err := strconv.Atoi(text[1:j])
	if err != nil || r < 1 || r > ranks || text[1] == '0' {
		return cell{}, 0, false
	}
	return cell{int(text[0] - 'a'), r - 1}, j, true
}

// drawGrid draws a board of squares three columns wide, ranks labelled on
// the left and files below. Without colour the marks are brackets: [x] the
// cursor, <x> a selected square, and • an empty square a selection can go
// to, (x) an occupied one.
func drawGrid(files, ranks int, m marks, at func(cell) square) []string {
	var lines []string
	w := len(strconv.Itoa(ranks))
	rowOrder := func(i int) int {
		if m.flipped {
			return i
		}
		return ranks - 1 - i
	}
	colOrder := func(i int) int {
		if m.flipped {
			return files - 1 - i
		}
		return i
	}
	for i := range ranks {
		r := rowOrder(i)
		var b strings.Builder
		label := strconv.Itoa(r + 1)
		b.WriteString(strings.Repeat(" ", w-len(label)) + label + " ")
		for j := range files {
			c := cell{colOrder(j), r}
			sq := at(c)
			glyph := sq.glyph
			left, right := " ", " "
			target := m.targets[c]
			if target && glyph == "" {
				glyph = "•"
			} else if target {
				left, right = "(", ")"
			}
			if glyph == "" {
				glyph = emptyGlyph(sq.tint)
			}
			isSel := false
			for _, s := range m.selected {
				isSel = isSel || s == c
			}
			isCur := m.pointing && m.cursor == c
			if isSel {
				left, right = "<", ">"
			}
			if isCur {
				left, right = "[", "]"
			}
			text := left + glyph + right
			if m.color {
				st := lightBg
				switch {
				case isCur:
					st = curBg
				case isSel:
					st = selBg
				case slices.Contains(m.last, c):
					st = lastBg
				case sq.tint == 2:
					st = hiBg
				case sq.tint == 1:
					st = darkBg
				}
				text = st.Render(text)
			}
			b.WriteString(text)
		}
		lines = append(lines, b.String())
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", w+1))
	for j := range files {
		b.WriteString(" " + fileName(colOrder(j)) + " ")
	}
	lines = append(lines, b.String())
	return lines
}

// emptyGlyph is an empty square: a dot on light squares, a colon on dark
// ones and a plus on highlighted ones, so the colours read without colour.
func emptyGlyph(tint int) string {
	switch tint {
	case 1:
		return ":"
	case 2:
		return "+"
	}
	return "."
}

// moveCells reads the squares of a move written from-to, with or without a
// dash ("e2e4", "e7e8q", "f3-f1", "a10-a12").
func moveCells(text string, files, ranks int) []cell {
	from, n, ok := parseSquare(text, files, ranks)
	if !ok {
		return nil
	}
	rest := strings.TrimPrefix(text[n:], "-")
	to, _, ok := parseSquare(rest, files, ranks)
	if !ok {
		return nil
	}
	return []cell{from, to}
}
