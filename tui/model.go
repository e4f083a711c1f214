package tui

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/searches"
	"github.com/norns-games/norns/i18n"
)

// Config sets up a game in the terminal.
type Config struct {
	// Game and Options start a new game; Resume, when set, resumes a saved one
	// (its game and options win).
	Game    game.Game
	Options game.Options
	Resume  *Save
	// Vs is the AI's level ("easy", "medium", "hard") or "human" for
	// players sharing the keyboard.
	Vs string
	// Seat is the seat the person plays against the AI ("" for the first).
	Seat string
	// Seed seeds the dice and the AI when HasSeed; otherwise both are
	// seeded at random.
	Seed    uint64
	HasSeed bool
	Lang    i18n.Lang
	// Color draws the board with colours; false keeps to plain text.
	Color bool
	// SavePath, when set, receives the save file after every action and when
	// the program ends.
	SavePath string
	// RollDelay is the pause before each chance outcome is rolled, so that
	// a sequence of rolls (Seiðr's slides) is seen step by step.
	RollDelay time.Duration
	// Agent replaces the agent of level Vs (tests).
	Agent ai.Agent
	// SeatFile, for an online game, is the seat file that gets the token
	// of each rematch the player follows (SaveSeat); "" keeps none.
	SeatFile string
}

// entry is one history entry as the move list shows it.
type entry struct {
	owner game.Player // the player whose turn the entry belongs to
	text  string
	// chance marks a chance outcome (a roll), which the move list says in
	// words where its code is no notation (Lux et Umbra's dice, Nords
	// Loki's first player).
	chance bool
}

// Model is the terminal client: a game, who plays which seat, and what the
// screen shows. It is a Bubble Tea model; tests drive Update and read View
// without a terminal.
type Model struct {
	cfg    Config
	g      game.Game
	s      game.State
	r      renderer
	lang   i18n.Lang
	humans []bool
	agent  ai.Agent
	// agentMu keeps a search that was stopped from overlapping the next
	// one: agents need not be safe for concurrent use.
	agentMu *sync.Mutex
	rng     *rand.Rand

	entries []entry

	legal      []game.Action
	legalText  []string
	legalCells [][]cell

	cursor   cell
	selected []cell
	input    string
	list     bool
	listIdx  int
	choices  []int // indices into legal offered by the list; nil for all

	message string
	// notes are what happened since the person's last action: the rolls
	// (a run of rolls on one line) and the AI's moves.
	notes    []string
	rolls    []string
	thinking bool
	cancel   context.CancelFunc
	gen      int
	spin     spinner.Model

	width, height int
	quitting      bool

	// on is the game on a server, for an online game (nil for a local
	// one): the state then mirrors the server's view.
	on *onlineGame
	// now reads the time for the clocks; nil is time.Now (tests set it).
	now func() time.Time
}

// Messages of the model's commands.
type (
	aiMsg struct {
		gen int
		a   game.Action
		err error
	}
	rollMsg struct{ gen int }
)

// New sets up the model of a game.
func New(cfg Config) (*Model, error) {
	if cfg.Resume != nil {
		if _, _, err := Replay(*cfg.Resume); err != nil {
			return nil, err
		}
		g, err := games.ByName(cfg.Resume.Game)
		if err != nil {
			return nil, err
		}
		cfg.Game, cfg.Options = g, cfg.Resume.Options
	}
	if cfg.Game == nil {
		return nil, errors.New("tui: no game")
	}
	s, err := cfg.Game.New(cfg.Options)
	if err != nil {
		return nil, err
	}
	m := &Model{cfg: cfg, g: cfg.Game, s: s, r: rendererFor(cfg.Game.Name()), lang: cfg.Lang, width: 80, height: 24, agentMu: &sync.Mutex{}}
	if m.lang == "" {
		m.lang = i18n.English
	}
	seed := cfg.Seed
	if !cfg.HasSeed {
		var b [8]byte
		crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	players := s.Players()
	m.humans = make([]bool, len(players))
	switch cfg.Vs {
	case "human":
		for i := range m.humans {
			m.humans[i] = true
		}
	default:
		seat := 0
		if cfg.Seat != "" {
			p, ok := game.PlayerByName(s, cfg.Seat)
			if !ok {
				return nil, fmt.Errorf("tui: %s has no seat %q (seats: %s)", cfg.Game.Name(), cfg.Seat, strings.Join(players, ", "))
			}
			seat = int(p)
		}
		m.humans[seat] = true
		level := cfg.Vs
		if level == "" {
			level = "easy"
		}
		m.agent = cfg.Agent
		if m.agent == nil {
			m.agent, err = searches.NewAgent(ai.Config{Level: level, Seed: seed + 1})
			if err != nil {
				return nil, err
			}
		}
	}
	m.rng = rand.New(rand.NewPCG(seed, 0x6e6f726e73))
	m.spin = spinner.New(spinner.WithSpinner(spinner.Line))
	m.entries = m.newEntries(nil, game.NoPlayer)
	if cfg.Resume != nil {
		for i := len(m.entries); i < len(cfg.Resume.Actions); i = len(m.entries) {
			a, err := m.s.ParseAction(cfg.Resume.Actions[i])
			if err == nil {
				err = m.play(a)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	m.initCursor()
	m.refresh()
	return m, nil
}

// initCursor puts the board's cursor in the middle, or where the game's
// drawing starts it.
func (m *Model) initCursor() {
	if files, ranks := m.r.dims(m.s); files > 0 {
		m.cursor = cell{files / 2, ranks / 2}
	}
	if st, ok := m.r.(interface{ startCell() cell }); ok {
		m.cursor = st.startCell()
	}
}

// State returns the game state (it belongs to the model).
func (m *Model) State() game.State { return m.s }

// Saved returns the game so far as a save.
func (m *Model) Saved() Save {
	texts := make([]string, len(m.entries))
	for i, e := range m.entries {
		texts[i] = e.text
	}
	return Save{Game: m.g.Name(), Options: m.s.Options(), Actions: texts}
}

// Init starts the game: the first roll or the AI's first move; online,
// in a game with a clock, the ticks that count the running clock down.
func (m *Model) Init() tea.Cmd {
	if m.on != nil {
		if m.on.view.Clock == nil {
			return nil
		}
		return m.clockTick()
	}
	return m.next()
}

// human reports whether a person decides now.
func (m *Model) human() bool {
	if m.on != nil {
		return m.on.myTurn()
	}
	p := m.s.Player()
	return p >= 0 && m.humans[p]
}

// play applies an action and records it and the passes the game made
// after it in the move list.
func (m *Model) play(a game.Action) error {
	es, err := playEntries(m.g.Name(), m.s, m.entries, a)
	if err != nil {
		return err
	}
	m.entries = es
	return nil
}

// playEntries applies an action to s and appends it and the passes the
// game made after it to the move list es.
func playEntries(name string, s game.State, es []entry, a game.Action) ([]entry, error) {
	mover := s.Player()
	text := s.ActionString(a)
	if err := s.Apply(a); err != nil {
		return es, err
	}
	owner := mover
	if len(es) > 0 {
		owner = es[len(es)-1].owner
	}
	if mover >= 0 {
		owner = mover
	} else if rollStartsTurn(name) || len(es) == 0 {
		owner = s.Player()
	}
	es = append(es, entry{owner, text, mover == game.Chance})
	return newEntries(s, es, owner), nil
}

// newEntries appends the history entries the game applied by itself. It
// copies only those out of the history (game.HistorySince), so that
// calling it after each of n actions costs O(n).
func (m *Model) newEntries(es []entry, owner game.Player) []entry {
	return newEntries(m.s, es, owner)
}

func newEntries(s game.State, es []entry, owner game.Player) []entry {
	for _, a := range game.HistorySince(s, min(len(es), game.HistoryLen(s))) {
		es = append(es, entry{owner: owner, text: s.ActionString(a)})
	}
	return es
}

// rollStartsTurn reports the games whose turns begin with a roll, so that
// the move list shows the roll with the moves after it.
func rollStartsTurn(name string) bool { return name == "luxumbra" || name == "nordsloki" }

// refresh recomputes what depends on the state: the legal actions and the
// squares they name.
func (m *Model) refresh() {
	m.legal, m.legalText, m.legalCells = nil, nil, nil
	m.selected, m.list, m.choices, m.listIdx = nil, false, nil, 0
	if !m.human() {
		return
	}
	if m.on != nil {
		m.legal = m.on.legal(m.s)
	} else {
		m.legal = m.s.Legal()
	}
	for _, a := range m.legal {
		t := m.s.ActionString(a)
		m.legalText = append(m.legalText, t)
		m.legalCells = append(m.legalCells, m.r.cells(m.s, t))
	}
}

// after handles a change of the state: it writes the save file and starts what
// comes next.
func (m *Model) after() tea.Cmd {
	m.gen++
	m.refresh()
	m.save()
	return m.next()
}

// next starts the roll or the AI's move if one is due.
func (m *Model) next() tea.Cmd {
	if m.on != nil {
		return nil // the server rolls and plays its seats
	}
	switch p := m.s.Player(); {
	case p == game.NoPlayer:
		return nil
	case p == game.Chance:
		gen := m.gen
		if m.cfg.RollDelay <= 0 {
			return func() tea.Msg { return rollMsg{gen} }
		}
		return tea.Tick(m.cfg.RollDelay, func(time.Time) tea.Msg { return rollMsg{gen} })
	case m.humans[p]:
		return nil
	}
	m.thinking = true
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	gen, st, agent, mu := m.gen, m.s.Clone(), m.agent, m.agentMu
	think := func() tea.Msg {
		mu.Lock()
		defer mu.Unlock()
		if ctx.Err() != nil {
			return aiMsg{gen, 0, ctx.Err()}
		}
		a, err := agent.Choose(ctx, st)
		return aiMsg{gen, a, err}
	}
	return tea.Batch(think, m.spin.Tick)
}

// stopThinking cancels the AI's search.
func (m *Model) stopThinking() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.thinking = false
}

// Update handles a key, the AI's move, a roll or the window's size.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case spinner.TickMsg:
		if m.thinking {
			var cmd tea.Cmd
			m.spin, cmd = m.spin.Update(msg)
			return m, cmd
		}
	case rollMsg:
		if msg.gen != m.gen || m.s.Player() != game.Chance {
			return m, nil
		}
		a := game.SampleChance(m.s, m.rng)
		note, shown := m.rollTexts(m.s, m.s.ActionString(a))
		if err := m.play(a); err != nil {
			m.message = ErrorText(m.lang, err)
			return m, nil
		}
		m.addRoll(note, shown)
		return m, m.after()
	case aiMsg:
		if msg.gen != m.gen {
			return m, nil
		}
		m.stopThinking()
		if msg.err != nil {
			m.message = i18n.T(m.lang, "tui.error.ai")
			return m, nil
		}
		who := i18n.Player(m.lang, m.s.Players()[m.s.Player()])
		text := m.s.ActionString(msg.a)
		if err := m.play(msg.a); err != nil {
			m.message = i18n.T(m.lang, "tui.error.ai")
			return m, nil
		}
		m.rolls = nil
		m.notes = append(m.notes, i18n.T(m.lang, "tui.played", "player", who, "action", m.entryText(entry{text: text})))
		return m, m.after()
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case feedMsg, postedMsg, chattedMsg, rematchMsg, clockTickMsg:
		return m, m.onlineUpdate(msg)
	case tea.PasteMsg:
		// Pasted text goes to the input line, on one line.
		m.input += strings.Join(strings.Fields(msg.Content), " ")
	}
	return m, nil
}

// key handles a key press.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	key := k.String()
	if m.on != nil {
		if cmd, done := m.onlineKey(k); done {
			return cmd
		}
	}
	switch key {
	case "ctrl+c":
		return m.quit()
	case "esc":
		switch {
		case m.list:
			m.list, m.choices = false, nil
		case m.input != "":
			m.input = ""
		default:
			m.selected = nil
		}
		return nil
	case "backspace":
		if m.input != "" {
			r := []rune(m.input)
			m.input = string(r[:len(r)-1])
		}
		return nil
	case "enter":
		if m.input != "" {
			text := strings.TrimSpace(m.input)
			m.input = ""
			return m.submit(text)
		}
		if m.over() {
			return nil
		}
		if m.list {
			return m.pickFromList()
		}
		return m.point()
	case "up", "down", "left", "right":
		m.arrow(key)
		return nil
	}
	if k.Text == "" {
		return nil
	}
	if m.input == "" {
		// A key of the Russian layout is the Latin key it shares.
		switch latinKey(k.Text) {
		case "?":
			m.toggleList()
			return nil
		case "u":
			return m.undo()
		case "q":
			if m.over() {
				return m.quit()
			}
		}
	}
	if k.Text != " " || m.input != "" {
		m.input += k.Text
	}
	return nil
}

// submit handles a typed line: a command or an action.
func (m *Model) submit(text string) tea.Cmd {
	if m.on != nil {
		if cmd, done := m.onlineSubmit(text); done {
			return cmd
		}
	}
	lower, latin := commandLine(text)
	switch {
	case lower == "undo":
		return m.undo()
	case lower == "quit" || lower == "exit":
		return m.quit()
	case lower == "?" || lower == "help" || lower == "moves":
		m.toggleList()
		return nil
	case lower == "save" || strings.HasPrefix(lower, "save "):
		path := strings.TrimSpace(string([]rune(text)[4:]))
		if latin {
			l, _ := latinLayout(text)
			path = strings.TrimSpace(string([]rune(l)[4:]))
		}
		if path == "" {
			path = m.cfg.SavePath
		}
		if path == "" {
			m.message = i18n.T(m.lang, "tui.save.nofile")
			return nil
		}
		m.cfg.SavePath = path
		if m.save() {
			m.message = i18n.T(m.lang, "tui.saved", "file", path)
		}
		return nil
	}
	if !m.human() {
		m.message = i18n.T(m.lang, "tui.error.wait")
		return nil
	}
	a, read, err := m.parse(text)
	if err != nil {
		m.message = m.moveError(read, err)
		return nil
	}
	return m.humanPlays(a)
}

// parse reads a typed action in the game's notation, typed with the
// Latin keyboard layout or the Russian one («у2у4» is e2e4); read is the
// text as it was read: in the Latin layout when that made it notation.
func (m *Model) parse(text string) (a game.Action, read string, err error) {
	a, err = m.s.ParseAction(text)
	if err != nil {
		if l, ok := latinLayout(text); ok {
			if b, lerr := m.s.ParseAction(l); lerr == nil || !errors.Is(lerr, game.ErrSyntax) {
				return b, l, lerr
			}
		}
	}
	return a, text, err
}

// commandLine returns a typed line in lower case, as the Latin layout's
// keys when it is a command typed with the Russian layout («гтвщ» is
// undo): latin says so.
func commandLine(text string) (lower string, latin bool) {
	lower = strings.ToLower(text)
	if l, ok := latinLayout(lower); ok && isCommand(l) {
		return l, true
	}
	return lower, false
}

// isCommand reports the words the input line takes as commands.
func isCommand(lower string) bool {
	switch lower {
	case "undo", "quit", "exit", "?", "help", "moves", "save", "draw", "resign", "abort", "rematch":
		return true
	}
	return strings.HasPrefix(lower, "save ") || strings.HasPrefix(lower, "say ")
}

// humanPlays applies a person's action.
func (m *Model) humanPlays(a game.Action) tea.Cmd {
	if m.on != nil {
		return m.post(a)
	}
	if err := m.play(a); err != nil {
		m.message = m.moveError(m.s.ActionString(a), err)
		return nil
	}
	m.message, m.notes, m.rolls = "", nil, nil
	return m.after()
}

// toggleList opens or closes the list of legal actions.
func (m *Model) toggleList() {
	m.list, m.choices, m.listIdx = !m.list, nil, 0
}

// listed returns the indices into legal the list shows.
func (m *Model) listed() []int {
	if m.choices != nil {
		return m.choices
	}
	out := make([]int, len(m.legal))
	for i := range out {
		out[i] = i
	}
	return out
}

// pickFromList plays the action under the list's cursor.
func (m *Model) pickFromList() tea.Cmd {
	ids := m.listed()
	if !m.human() || len(ids) == 0 {
		return nil
	}
	return m.humanPlays(m.legal[ids[min(m.listIdx, len(ids)-1)]])
}

// arrow moves the list's cursor or the board's.
func (m *Model) arrow(key string) {
	files, ranks := m.r.dims(m.s)
	if !m.list && files == 0 && m.human() {
		m.list = true
	}
	if m.list {
		n := len(m.listed())
		if n == 0 {
			return
		}
		switch key {
		case "up", "left":
			m.listIdx = (m.listIdx + n - 1) % n
		default:
			m.listIdx = (m.listIdx + 1) % n
		}
		return
	}
	df, dr := 0, 0
	switch key {
	case "up":
		dr = 1
	case "down":
		dr = -1
	case "left":
		df = -1
	case "right":
		df = 1
	}
	if m.flipped() {
		df, dr = -df, -dr
	}
	m.cursor.f = min(max(m.cursor.f+df, 0), files-1)
	m.cursor.r = min(max(m.cursor.r+dr, 0), ranks-1)
}

// flipped reports whether the board is drawn from the second seat's side:
// when the only person plays the second seat of a chess-family game.
func (m *Model) flipped() bool {
	if len(m.humans) == 2 && !m.humans[0] && m.humans[1] {
		_, chessLike := m.r.(interface{ isChess() })
		return chessLike
	}
	return false
}

// matching returns the legal actions whose squares begin with the
// selection followed by c.
func (m *Model) matching(sel []cell) []int {
	var out []int
	for i, cs := range m.legalCells {
		if len(cs) >= len(sel) && slices.Equal(cs[:len(sel)], sel) {
			out = append(out, i)
		}
	}
	return out
}

// point handles Enter on the board: select a piece, a destination, or
// cancel the selection.
func (m *Model) point() tea.Cmd {
	files, _ := m.r.dims(m.s)
	if !m.human() {
		return nil
	}
	if files == 0 {
		m.toggleList()
		return nil
	}
	c := m.cursor
	if len(m.selected) > 0 && m.selected[len(m.selected)-1] == c {
		m.selected = m.selected[:len(m.selected)-1]
		return nil
	}
	sel := append(slices.Clone(m.selected), c)
	ids := m.matching(sel)
	if len(ids) == 0 && len(m.selected) > 0 {
		// Another piece: start again from it.
		sel = []cell{c}
		ids = m.matching(sel)
	}
	if len(ids) == 0 {
		m.message = i18n.T(m.lang, "tui.error.square", "square", squareName(c))
		return nil
	}
	var full []int
	for _, i := range ids {
		if len(m.legalCells[i]) == len(sel) {
			full = append(full, i)
		}
	}
	m.message = ""
	switch {
	case len(full) == 1 && len(ids) == 1:
		return m.humanPlays(m.legal[full[0]])
	case len(full) > 1:
		// Several actions go through the same squares (promotions):
		// choose in the list.
		m.selected = sel
		m.list, m.choices, m.listIdx = true, full, 0
		m.message = i18n.T(m.lang, "tui.choose")
		return nil
	}
	m.selected = sel
	return nil
}

// targets returns the squares the selection can go to next.
func (m *Model) targets() map[cell]bool {
	if len(m.selected) == 0 {
		return nil
	}
	out := map[cell]bool{}
	for _, i := range m.matching(m.selected) {
		if cs := m.legalCells[i]; len(cs) > len(m.selected) {
			out[cs[len(m.selected)]] = true
		}
	}
	return out
}

// undo takes back the last decision of a person, with the AI's replies and
// the rolls after it; with people only, the last decision. With no decision
// of a person in the history it changes nothing (the dice are not rolled
// again).
func (m *Model) undo() tea.Cmd {
	if m.on != nil {
		return m.takeback(true)
	}
	c := m.s.Clone()
	found := false
	for !found && c.Undo() == nil {
		p := c.Player()
		found = p >= 0 && m.humans[p]
	}
	if !found {
		m.message = i18n.T(m.lang, "tui.undo.none")
		return nil
	}
	m.stopThinking()
	m.s = c
	m.entries = m.entries[:game.HistoryLen(m.s)]
	m.notes, m.rolls = nil, nil
	m.message = i18n.T(m.lang, "tui.undone")
	return m.after()
}

// save writes the game to the save file, if there is one; it reports
// success.
func (m *Model) save() bool {
	if m.cfg.SavePath == "" {
		return false
	}
	f, err := os.Create(m.cfg.SavePath)
	if err == nil {
		err = WriteSave(f, m.Saved())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		m.message = i18n.T(m.lang, "tui.error.save", "error", ErrorText(m.lang, err))
		return false
	}
	return true
}

// quit ends the program, saving the game.
func (m *Model) quit() tea.Cmd {
	m.stopThinking()
	m.save()
	m.quitting = true
	return tea.Quit
}
