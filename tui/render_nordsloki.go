package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/i18n"
)

// lokiRenderer draws Nords Loki's track as three Atts of eight ships, each
// with its number and rune, a tilde for a ghost ship, and the stack on it
// written as the owner's seat number in superscript and the checkers (K
// konung, W warrior, R returning warrior): "¹K2W". Below each Att a line of marks shows the
// pointing: ^^^^ the cursor, ==== the selected field, •• a field the
// selection can reach. The ninth column holds the waiting checkers of the
// player to move (Att 1's row) and the borne-off tray (Att 3's row); the
// players' lines give waiting checkers, trays and lives.
//
// For pointing, the track is a grid of nine files and three ranks: rank 2
// is Att 1 (fields 1–8, then "wait"), rank 1 Att 2, rank 0 Att 3 (fields
// 17–24, then "off").
type lokiRenderer struct{}

// lokiRunes are the ships' runes, fields 1 to 24 (rules 1.2).
var lokiRunes = []rune("ᚠᚢᚦᚨᚱᚲᚷᚹᚺᚾᛁᛃᛇᛈᛉᛊᛏᛒᛖᛗᛚᛜᛞᛟ")

// lokiPos is what the renderer reads from a position.
type lokiPos struct {
	field   [25]string // stack text by field, "" when empty
	ghost   [25]bool
	waiting []string // per player, "-" when none
	off     []string
	lives   []string
	state   string // roll:first, roll:p1, move:p1:6-4-1:e, over:…
	mover   int    // -1 at none
}

func lokiParse(pos string) lokiPos {
	var p lokiPos
	p.mover = -1
	for _, w := range strings.Fields(pos) {
		switch {
		case len(w) > 3 && w[0] == 'p' && w[2] == '=':
			seat := seatMarks[min(max(int(w[1]-'1'), 0), 2)]
			parts := strings.Split(w[3:], "/")
			if len(parts) != 4 {
				continue
			}
			if parts[0] != "-" {
				for _, item := range strings.Split(parts[0], ",") {
					fs, gs, _ := strings.Cut(item, ":")
					if f, err := strconv.Atoi(fs); err == nil && f >= 1 && f <= 24 {
						p.field[f] = seat + gs
					}
				}
			}
			p.waiting = append(p.waiting, parts[1])
			p.off = append(p.off, parts[2])
			p.lives = append(p.lives, parts[3])
		case strings.HasPrefix(w, "ghosts="):
			for _, fs := range strings.Split(w[7:], ",") {
				if f, err := strconv.Atoi(fs); err == nil && f >= 1 && f <= 24 {
					p.ghost[f] = true
				}
			}
		case strings.HasPrefix(w, "roll:") || strings.HasPrefix(w, "move:") || strings.HasPrefix(w, "over:"):
			p.state = w
			if parts := strings.Split(w, ":"); len(parts) > 1 && len(parts[1]) == 2 && parts[1][0] == 'p' {
				p.mover = int(parts[1][1] - '1')
			}
		}
	}
	return p
}

// lokiCell is the pointing cell of a field: 1 to 24, 0 for the waiting
// checkers, 25 (or more) for the tray.
func lokiCell(field int) cell {
	switch {
	case field == 0:
		return cell{8, 2}
	case field >= 25:
		return cell{8, 0}
	}
	return cell{(field - 1) % 8, 2 - (field-1)/8}
}

const lokiCol = 5

// seatMarks write a stack's owner before its checkers: "¹K2W".
var seatMarks = [3]string{"¹", "²", "³"}

// Colours of the seats' stacks and of ghost ships, when colour is on.
var (
	seatStyles = [3]lipgloss.Style{
		lipgloss.NewStyle().Foreground(lipgloss.Color("#e06060")).Bold(true),
		lipgloss.NewStyle().Foreground(lipgloss.Color("#60a0ff")).Bold(true),
		lipgloss.NewStyle().Foreground(lipgloss.Color("#60d060")).Bold(true),
	}
	ghostStyle = lipgloss.NewStyle().Faint(true).Reverse(true)
)

func (lokiRenderer) board(s game.State, m marks) []string {
	p := lokiParse(s.Position())
	pad := func(t string) string {
		if n := len([]rune(t)); n < lokiCol {
			return t + strings.Repeat(" ", lokiCol-n)
		}
		return string([]rune(t)[:lokiCol-2]) + "… "
	}
	var lines []string
	for att := range 3 {
		var head, stack, mark strings.Builder
		// The Att's name as the seed writes it ("Атт 1"), the rows below
		// it indented as far.
		label := i18n.T(m.lang, "loki.att", "n", att+1) + " "
		indent := strings.Repeat(" ", len([]rune(label)))
		head.WriteString(label)
		stack.WriteString(indent)
		mark.WriteString(indent)
		for k := range 9 {
			field := att*8 + k + 1
			var h, st string
			switch {
			case k < 8:
				h = strconv.Itoa(field) + string(lokiRunes[field-1])
				if p.ghost[field] {
					h += "~"
				}
				st = p.field[field]
				if st == "" {
					st = "."
				}
			case att == 0:
				field = 0
				h = i18n.T(m.lang, "tui.loki.wait.short")
				if p.mover >= 0 && p.mover < len(p.waiting) {
					st = p.waiting[p.mover]
				}
			case att == 2:
				field = 25
				h = i18n.T(m.lang, "tui.loki.off.short")
				if p.mover >= 0 && p.mover < len(p.off) {
					st = p.off[p.mover]
				}
			default:
				field = -1
			}
			c := lokiCell(field)
			mk := ""
			if field >= 0 {
				for _, sel := range m.selected {
					if sel == c {
						mk = "===="
					}
				}
				if m.targets[c] {
					mk = " •• "
				}
				if m.pointing && m.cursor == c {
					mk = "^^^^"
				}
			}
			h, st = pad(h), pad(st)
			if m.color {
				if k < 8 && p.ghost[field] {
					h = ghostStyle.Render(h)
				}
				for i, mark := range seatMarks {
					if k < 8 && strings.HasPrefix(st, mark) {
						st = seatStyles[i].Render(st)
					}
				}
			}
			head.WriteString(h)
			stack.WriteString(st)
			mark.WriteString(pad(mk))
		}
		lines = append(lines, strings.TrimRight(head.String(), " "), strings.TrimRight(stack.String(), " "), strings.TrimRight(mark.String(), " "))
	}
	return lines
}

func (lokiRenderer) info(s game.State, l i18n.Lang) []string {
	p := lokiParse(s.Position())
	names := s.Players()
	var out []string
	for i := range p.waiting {
		if i >= len(names) {
			break
		}
		lives := p.lives[i]
		switch lives {
		case "out":
			out = append(out, i18n.T(l, "tui.loki.player.out", "player", i18n.Player(l, names[i]),
				"waiting", p.waiting[i], "off", p.off[i]))
			continue
		case "-":
			lives = "—"
		}
		out = append(out, i18n.T(l, "tui.loki.player", "player", i18n.Player(l, names[i]),
			"waiting", p.waiting[i], "off", p.off[i], "lives", lives))
	}
	if parts := strings.Split(p.state, ":"); parts[0] == "move" && len(parts) >= 3 {
		out = append(out, i18n.T(l, "tui.loki.dice", "dice", strings.ReplaceAll(parts[2], "-", " ")))
	}
	out = append(out, i18n.T(l, "tui.loki.legend"))
	return out
}

func (lokiRenderer) dims(game.State) (int, int) { return 9, 3 }

// startCell puts the cursor on the waiting checkers, where every game
// begins.
func (lokiRenderer) startCell() cell { return lokiCell(0) }

// cells reads a step "K5/9", "W0/3", "W22/off", "W22/off:5".
func (lokiRenderer) cells(_ game.State, text string) []cell {
	if len(text) < 4 || !strings.ContainsRune("KWR", rune(text[0])) {
		return nil
	}
	from, to, ok := strings.Cut(text[1:], "/")
	if !ok {
		return nil
	}
	f, err := strconv.Atoi(from)
	if err != nil {
		return nil
	}
	t := 25
	if !strings.HasPrefix(to, "off") {
		if t, err = strconv.Atoi(to); err != nil {
			return nil
		}
	}
	return []cell{lokiCell(f), lokiCell(t)}
}

// rollWords says the draw of the first player in words ("p1" is "Player 1
// moves first"); a roll of the dice (6-3-1) is notation.
func (lokiRenderer) rollWords(text string, l i18n.Lang) string {
	if len(text) == 2 && text[0] == 'p' && text[1] >= '1' && text[1] <= '3' {
		return i18n.T(l, "tui.loki.first", "player", i18n.Player(l, text))
	}
	return ""
}

// rollNote says a chance outcome rolled in s as a note of its own: the
// first player, or whose roll the dice are ("Player 1 rolled 6-3-1").
func (r lokiRenderer) rollNote(s game.State, text string, l i18n.Lang) string {
	if w := r.rollWords(text, l); w != "" {
		return w
	}
	parts := strings.Split(lokiParse(s.Position()).state, ":")
	if len(parts) >= 2 && parts[0] == "roll" {
		if p, ok := game.PlayerByName(s, parts[1]); ok {
			return i18n.T(l, "tui.loki.roll", "player", i18n.Player(l, s.Players()[p]), "dice", text)
		}
	}
	return ""
}
