package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/i18n"
)

var (
	boldStyle  = lipgloss.NewStyle().Bold(true)
	faintStyle = lipgloss.NewStyle().Faint(true)
)

// View draws the screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = "norns · " + gameTitle(m.g, m.lang)
	return v
}

// Render draws the screen as text, the board on the left and the panel on
// the right, within the window's width and height.
func (m *Model) Render() string {
	if m.quitting {
		return ""
	}
	w, h := max(m.width, 40), max(m.height, 12)
	var title []string
	for _, l := range wrap(m.title(), w) {
		title = append(title, m.bold(l))
	}
	board := m.r.board(m.s, m.marks())
	bw := 0
	for _, l := range board {
		bw = max(bw, lipgloss.Width(l))
	}
	bottom := []string{m.prompt() + m.input + "_"}
	bottom = append(bottom, wrap(m.help(), w)...)
	bodyH := h - len(title) - len(bottom)
	var body []string
	if pw := w - bw - 3; pw >= 24 {
		panel := m.panel(pw, max(bodyH, len(board)))
		for i := range max(len(board), len(panel)) {
			var l, r string
			if i < len(board) {
				l = board[i]
			}
			if i < len(panel) {
				r = panel[i]
			}
			body = append(body, l+strings.Repeat(" ", bw-lipgloss.Width(l)+3)+r)
		}
	} else {
		body = append(board, m.panel(w, max(bodyH-len(board), 4))...)
	}
	if len(body) > bodyH {
		body = body[:max(bodyH, 0)]
	}
	lines := append(title, body...)
	for len(lines) < h-len(bottom) {
		lines = append(lines, "")
	}
	lines = append(lines, bottom...)
	return strings.Join(lines, "\n")
}

func (m *Model) bold(s string) string {
	if m.cfg.Color {
		return boldStyle.Render(s)
	}
	return s
}

func (m *Model) faint(s string) string {
	if m.cfg.Color {
		return faintStyle.Render(s)
	}
	return s
}

// title names the game and who plays whom.
func (m *Model) title() string {
	names := m.s.Players()
	var who string
	if m.on != nil {
		who = m.on.title(m.lang)
	} else if m.agent == nil {
		who = i18n.T(m.lang, "tui.vs.human")
	} else {
		var seat string
		for i, h := range m.humans {
			if h {
				seat = i18n.Player(m.lang, names[i])
			}
		}
		level := m.cfg.Vs
		if level == "" {
			level = "easy"
		}
		who = i18n.T(m.lang, "tui.vs.ai", "player", seat, "level", i18n.T(m.lang, levelKeys[level]))
	}
	return fmt.Sprintf("Norns · %s · %s", gameTitle(m.g, m.lang), who)
}

// gameTitle names a game in the language, or by its own title.
func gameTitle(g game.Game, l i18n.Lang) string {
	key := "game." + g.Name()
	if t := i18n.T(l, key); t != key {
		return t
	}
	return g.Title()
}

var levelKeys = map[string]string{"easy": "tui.level.easy", "medium": "tui.level.medium", "hard": "tui.level.hard", "random": "tui.level.random"}

// marks gives the board the pointing to show.
func (m *Model) marks() marks {
	files, _ := m.r.dims(m.s)
	return marks{
		cursor:   m.cursor,
		pointing: files > 0 && m.human() && !m.list,
		selected: m.selected,
		last:     m.lastCells(),
		targets:  m.targets(),
		flipped:  m.flipped(),
		color:    m.cfg.Color,
		lang:     m.lang,
	}
}

// lastCells returns the squares of the last move that names squares.
func (m *Model) lastCells() []cell {
	for i := len(m.entries) - 1; i >= 0; i-- {
		if cs := m.r.cells(m.s, m.entries[i].text); cs != nil {
			return cs
		}
	}
	return nil
}

// help is the line of keys.
func (m *Model) help() string {
	switch files, _ := m.r.dims(m.s); {
	case m.on != nil && m.on.ask != "":
		return m.faint(i18n.T(m.lang, "tui.online.help.ask"))
	case m.on != nil && m.on.chatting:
		return m.faint(i18n.T(m.lang, "tui.online.help.chat") + " · " + m.roomKey())
	case m.on != nil && m.over():
		return m.faint(i18n.T(m.lang, "tui.online.help.over") + " · " + i18n.T(m.lang, "tui.online.help.rematch") + " · " + m.roomKey())
	case m.over():
		return m.faint(i18n.T(m.lang, "tui.help.over"))
	case m.on != nil && !m.list:
		return m.faint(i18n.T(m.lang, "tui.online.help") + " · " + m.roomKey())
	case m.list:
		return m.faint(i18n.T(m.lang, "tui.help.list"))
	case files > 0 && m.g.Name() == "nordsloki":
		return m.faint(i18n.T(m.lang, "tui.help.loki")) // the seed's «шашка», not a piece
	case files > 0:
		return m.faint(i18n.T(m.lang, "tui.help.board"))
	}
	return m.faint(i18n.T(m.lang, "tui.help.noboard"))
}

// roomKey says what Tab does: switch the chat to the other room.
func (m *Model) roomKey() string {
	if m.on.room == RoomSpectators {
		return i18n.T(m.lang, "tui.online.help.tabback")
	}
	return i18n.T(m.lang, "tui.online.help.tab")
}

// panel draws the right-hand side: status, messages, the game's own
// lines, and the move list or the legal actions.
func (m *Model) panel(w, h int) []string {
	var out []string
	status := m.status()
	if m.human() {
		status += " — " + i18n.T(m.lang, "tui.yourturn")
	}
	out = append(out, wrap(m.bold(status), w)...)
	if m.on != nil {
		out = append(out, m.clockLines(w)...)
		out = append(out, m.on.lines(m.lang, w)...)
	}
	if m.thinking {
		who := i18n.Player(m.lang, m.s.Players()[max(m.s.Player(), 0)])
		out = append(out, m.spin.View()+" "+i18n.T(m.lang, "tui.thinking", "player", who))
	}
	for _, n := range m.notes[max(len(m.notes)-3, 0):] {
		out = append(out, wrap(n, w)...)
	}
	if m.message != "" {
		out = append(out, wrap(m.message, w)...)
	}
	for _, l := range m.r.info(m.s, m.lang) {
		out = append(out, wrap(l, w)...)
	}
	out = append(out, "")
	rest := h - len(out) - 1
	if m.list {
		ids := m.listed()
		head := wrap(m.bold(i18n.T(m.lang, "tui.legal", "n", len(ids))), w)
		out = append(out, head...)
		out = append(out, m.legalGrid(ids, w, rest+1-len(head))...)
	} else {
		out = append(out, m.bold(i18n.T(m.lang, "tui.moves")))
		ml := m.moveLines(w)
		if len(ml) > rest {
			ml = ml[len(ml)-max(rest, 0):]
			// Begin with a whole turn, not the end of one.
			for len(ml) > 1 && strings.HasPrefix(ml[0], "  ") {
				ml = ml[1:]
			}
		}
		out = append(out, ml...)
	}
	return out
}

// legalGrid draws the legal actions in columns, the chosen one in
// brackets, as many rows as fit around it.
func (m *Model) legalGrid(ids []int, w, rows int) []string {
	if len(ids) == 0 || rows <= 0 {
		return nil
	}
	cw := 0
	for _, i := range ids {
		cw = max(cw, lipgloss.Width(m.entryText(entry{text: m.legalText[i]}))+2)
	}
	cols := max(w/(cw+1), 1)
	total := (len(ids) + cols - 1) / cols
	sel := min(m.listIdx, len(ids)-1)
	first := 0
	if total > rows {
		first = min(max(sel/cols-rows/2, 0), total-rows)
	}
	var out []string
	for r := first; r < min(first+rows, total); r++ {
		var b strings.Builder
		for c := range cols {
			k := r*cols + c
			if k >= len(ids) {
				break
			}
			t := m.entryText(entry{text: m.legalText[ids[k]]})
			if k == sel {
				t = "[" + t + "]"
			} else {
				t = " " + t + " "
			}
			b.WriteString(t + strings.Repeat(" ", cw-lipgloss.Width(t)+1))
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// moveLines writes the history, one line per turn, numbered as the game's
// records number them: in the chess games (game.PGNWriter) by full moves
// as PGN does, "1. White: e2e4" then "1... Black: e7e5"; in the others by
// turns, "3. Black: 5-2 13/8 13/11".
func (m *Model) moveLines(w int) []string {
	var out []string
	names := m.s.Players()
	_, fullMoves := m.s.(game.PGNWriter)
	fullMoves = fullMoves && len(names) == 2
	n, full := 0, 1
	for i := 0; i < len(m.entries); {
		j := i + 1
		for j < len(m.entries) && m.entries[j].owner == m.entries[i].owner {
			j++
		}
		// A roll of no player's turn (Nords Loki's draw for the first
		// player) is not a turn: it has no number, as in the web app.
		chance := m.entries[i].owner < 0
		if !chance {
			n++
		}
		who := i18n.Player(m.lang, "chance")
		if o := m.entries[i].owner; o >= 0 && int(o) < len(names) {
			who = i18n.Player(m.lang, names[o])
		}
		var texts []string
		for _, e := range m.entries[i:j] {
			texts = append(texts, m.entryText(e))
		}
		number := fmt.Sprintf("%d.", n)
		if fullMoves {
			number = fmt.Sprintf("%d.", full)
			if m.entries[i].owner == 1 {
				number = fmt.Sprintf("%d...", full)
				full++
			}
		}
		line := fmt.Sprintf("%s %s: %s", number, who, strings.Join(texts, " "))
		if chance {
			line = fmt.Sprintf("%s: %s", who, strings.Join(texts, " "))
		}
		out = append(out, wrap(line, w)...)
		i = j
	}
	return out
}

// itemSep joins the items of a line: the keys of the help line ("u:
// undo · Ctrl+C: quit"), the parts of the title.
const itemSep = " · "

// wrap breaks text into lines of at most w columns, the lines after the
// first of a paragraph indented by two: between the items of a line
// joined by " · " where it can, so that a key stays with its action, and
// else at spaces, never right after a word that ends with a colon (a key,
// "Ctrl+C:", stays with the word after it) when the two fit on a line.
func wrap(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, wrapItems(para, w)...)
	}
	return out
}

// wrapItems breaks a paragraph between its items, and an item too wide
// for a line at spaces (wrapWords).
func wrapItems(para string, w int) []string {
	var out []string
	line, started := "", false
	for _, it := range strings.Split(para, itemSep) {
		it = strings.TrimSpace(it)
		if it == "" {
			continue
		}
		if started && lipgloss.Width(line)+lipgloss.Width(itemSep)+lipgloss.Width(it) <= w {
			line += itemSep + it
			continue
		}
		indent := ""
		if started {
			out = append(out, line)
			indent = "  "
		}
		ls := wrapWords(it, max(w-len(indent), 1))
		for i := range ls {
			ls[i] = indent + ls[i]
		}
		out = append(out, ls[:len(ls)-1]...)
		line, started = ls[len(ls)-1], true
	}
	return append(out, line)
}

// wrapWords breaks text at spaces into lines of at most w columns, the
// lines after the first indented by two; a word that ends with a colon
// goes with the word after it.
func wrapWords(text string, w int) []string {
	var units []string
	for _, word := range strings.Fields(text) {
		if n := len(units); n > 0 && (strings.HasSuffix(units[n-1], ":") && !strings.Contains(units[n-1], " ") || shortNumber(word)) &&
			lipgloss.Width(units[n-1])+1+lipgloss.Width(word) <= w-2 {
			units[n-1] += " " + word
			continue
		}
		units = append(units, word)
	}
	var out []string
	line := ""
	for _, u := range units {
		switch {
		case line == "":
			line = u
		case lipgloss.Width(line)+1+lipgloss.Width(u) <= w:
			line += " " + u
		default:
			out = append(out, line)
			line = "  " + u
		}
	}
	return append(out, line)
}

// shortNumber reports a number of one or two digits, which stays with the
// word before it ("Player 1").
func shortNumber(word string) bool {
	word = strings.TrimRight(word, ",.;:)")
	if len(word) == 0 || len(word) > 2 {
		return false
	}
	for _, c := range word {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
