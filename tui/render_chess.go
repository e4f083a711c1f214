package tui

import (
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/i18n"
)

// The chess family (chess, Seiðr, Samurai, Lux et Umbra) shares the board:
// the first field of the position is a FEN board, moves are UCI.

var pieceGlyphs = map[byte]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// fenBoard reads the board field of a FEN (up to a space or a bracket)
// into 64 piece letters, a1 first; 0 is an empty square.
func fenBoard(pos string) [64]byte {
	var b [64]byte
	if i := strings.IndexAny(pos, " ["); i >= 0 {
		pos = pos[:i]
	}
	r, f := 7, 0
	for i := 0; i < len(pos); i++ {
		c := pos[i]
		switch {
		case c == '/':
			r, f = r-1, 0
		case c >= '1' && c <= '8':
			f += int(c - '0')
		default:
			if r >= 0 && r < 8 && f < 8 {
				b[r*8+f] = c
			}
			f++
		}
	}
	return b
}

// fenFields returns the space-separated fields after the board.
func fenFields(pos string) []string {
	f := strings.Fields(pos)
	if len(f) == 0 {
		return nil
	}
	return f[1:]
}

// chessSquares draws a FEN board, tinting with tint(cell).
func chessSquares(pos string, m marks, tint func(cell) int) []string {
	b := fenBoard(pos)
	return drawGrid(8, 8, m, func(c cell) square {
		sq := square{tint: tint(c)}
		if p := b[c.r*8+c.f]; p != 0 {
			sq.glyph = pieceGlyphs[p]
		}
		return sq
	})
}

// darkSquare reports a dark square (a1 is dark).
func darkSquare(c cell) bool { return (c.f+c.r)%2 == 0 }

func plainTint(c cell) int {
	if darkSquare(c) {
		return 1
	}
	return 0
}

type chessRenderer struct{}

// isChess marks the chess family, whose board turns for Black.
func (chessRenderer) isChess() {}

func (chessRenderer) board(s game.State, m marks) []string {
	return chessSquares(s.Position(), m, plainTint)
}
func (chessRenderer) info(game.State, i18n.Lang) []string { return nil }
func (chessRenderer) dims(game.State) (int, int)          { return 8, 8 }
func (chessRenderer) cells(_ game.State, text string) []cell {
	return moveCells(text, 8, 8)
}

// seidrRenderer adds the phase and the carrier.
type seidrRenderer struct{ chessRenderer }

func (seidrRenderer) board(s game.State, m marks) []string {
	pos := s.Position()
	f := fenFields(pos)
	if len(f) >= 7 && f[6] != "-" {
		if c, _, ok := parseSquare(f[6], 8, 8); ok && !m.pointing {
			// The carrier is marked like a selected square while the
			// seiðr slides it.
			m.selected = append(m.selected, c)
		}
	}
	return chessSquares(pos, m, plainTint)
}

func (seidrRenderer) info(s game.State, l i18n.Lang) []string {
	f := fenFields(s.Position())
	if len(f) < 7 {
		return nil
	}
	phases := map[string]string{"quiet": "tui.seidr.phase.quiet", "seidr": "tui.seidr.phase.seidr", "steel": "tui.seidr.phase.steel"}
	out := []string{i18n.T(l, phases[f[5]])}
	if f[6] != "-" {
		out = append(out, i18n.T(l, "tui.seidr.carrier", "square", f[6]))
	}
	return out
}

// seidrDirections are the die's faces for White as (file, rank) steps
// (rule 2B.1); Black's are the opposite.
var seidrDirections = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// arrows draws a step on the board as seen from White's side.
var arrows = map[[2]int]string{
	{0, 1}: "↑", {1, 1}: "↗", {1, 0}: "→", {1, -1}: "↘",
	{0, -1}: "↓", {-1, -1}: "↙", {-1, 0}: "←", {-1, 1}: "↖",
}

// describeRoll adds to a face the arrow of the direction the carrier
// slides on the board as drawn: "2↗".
func (seidrRenderer) describeRoll(s game.State, face string, flipped bool) string {
	f := fenFields(s.Position())
	if len(face) != 1 || face[0] < '1' || face[0] > '8' || len(f) == 0 {
		return face
	}
	d := seidrDirections[face[0]-'1']
	if (f[0] == "b") != flipped {
		d = [2]int{-d[0], -d[1]}
	}
	return face + arrows[d]
}

// samuraiRenderer adds the hands and the deck.
type samuraiRenderer struct{ chessRenderer }

func (samuraiRenderer) info(s game.State, l i18n.Lang) []string {
	pos := s.Position()
	i, j := strings.IndexByte(pos, '['), strings.IndexByte(pos, ']')
	if i < 0 || j < i {
		return nil
	}
	hands, deck, _ := strings.Cut(pos[i+1:j], "/")
	var white, black []string
	for k := 0; k < len(hands); k++ {
		c := hands[k]
		if c >= 'a' && c <= 'z' {
			black = append(black, strings.ToUpper(string(c)))
		} else {
			white = append(white, string(c))
		}
	}
	cards := func(cs []string) string {
		if len(cs) == 0 {
			return "—"
		}
		return strings.Join(cs, " ")
	}
	return []string{
		i18n.T(l, "tui.samurai.hand", "player", i18n.Player(l, "white"), "cards", cards(white)),
		i18n.T(l, "tui.samurai.hand", "player", i18n.Player(l, "black"), "cards", cards(black)),
		i18n.T(l, "tui.samurai.deck", "cards", cards(strings.Split(deck, ""))),
	}
}

// luxRenderer tints the squares of the dice still to use and shows the
// dice.
type luxRenderer struct{ chessRenderer }

// luxDice reads the dice field: the colours still to use and the used ones.
func luxDice(pos string) (unused, used string) {
	f := fenFields(pos)
	if len(f) < 6 || strings.HasPrefix(f[5], "-") {
		return "", ""
	}
	for _, c := range f[5] {
		switch c {
		case 'L', 'S':
			unused += string(c)
		case 'l', 's':
			used += strings.ToUpper(string(c))
		}
	}
	return unused, used
}

func (luxRenderer) board(s game.State, m marks) []string {
	pos := s.Position()
	unused, _ := luxDice(pos)
	return chessSquares(pos, m, func(c cell) int {
		t := plainTint(c)
		if (t == 0 && strings.Contains(unused, "L")) || (t == 1 && strings.Contains(unused, "S")) {
			return 2
		}
		return t
	})
}

func (luxRenderer) info(s game.State, l i18n.Lang) []string {
	unused, used := luxDice(s.Position())
	if unused == "" && used == "" {
		return nil
	}
	die := func(cs string) string {
		var out []string
		for _, c := range cs {
			if c == 'L' {
				out = append(out, i18n.T(l, "tui.lux.light"))
			} else {
				out = append(out, i18n.T(l, "tui.lux.shadow"))
			}
		}
		if len(out) == 0 {
			return "—"
		}
		return strings.Join(out, " ")
	}
	return []string{
		i18n.T(l, "tui.lux.dice", "dice", die(unused)),
		i18n.T(l, "tui.lux.used", "dice", die(used)),
		i18n.T(l, "tui.lux.legend"),
	}
}

// rollWords says a roll of the coloured dice in words: "LS" is "Light and
// Shadow", "L" (the first-move balance's one die) "Light".
func (luxRenderer) rollWords(text string, l i18n.Lang) string {
	var words []string
	for _, c := range text {
		switch c {
		case 'L':
			words = append(words, i18n.T(l, "tui.lux.light"))
		case 'S':
			words = append(words, i18n.T(l, "tui.lux.shadow"))
		default:
			return ""
		}
	}
	switch len(words) {
	case 1:
		return words[0]
	case 2:
		return i18n.T(l, "tui.lux.roll2", "a", words[0], "b", words[1])
	}
	return ""
}
