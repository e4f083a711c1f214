package tui

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// onlineGame is what the model keeps of a game on a server: the last view,
// the log, the replay of the log that gives the move list, the chat, and
// what the player is asked or writing.
type onlineGame struct {
	o      *Online
	view   *wire.View // the last view, without its history
	events []wire.EventView
	// hist replays the moves that stand, for the move list; applied are
	// the events it has played (moves, rolls and forfeits).
	hist    game.State
	applied []wire.EventView
	// loaded is set once the first view is in: the events after it make
	// notes.
	loaded bool
	chat   []wire.ChatView
	// chatting: the input line is a chat message.
	chatting bool
	// ask is the confirmation awaited: "resign" or "abort".
	ask string
	// posting: the player's move is on its way to the server.
	posting bool
	// feedErr says why the feed is down ("" while it works).
	feedErr string
	// room is the chat room the pane shows and the chat line writes to:
	// RoomPlayers or RoomSpectators; spectatorsOpen says the feed gets
	// the spectators' room.
	room           string
	spectatorsOpen bool
	// clockAt is when the view's clocks were read.
	clockAt time.Time
	// rematching is the rematch being opened ("" when none).
	rematching string
	// feed is the link to the game's feed (nil when not followed).
	feed *feedLink
	// online are the players whose client is connected (nil until the
	// feed said), and claimAt, for each player gone, when their opponent
	// may claim.
	online  []string
	claimAt map[string]time.Time
}

// feedLink is what the model needs to follow a game's feed, and a new one
// after a rematch: where its messages go, the context that ends the
// program's feeds, the end of this game's feed, and the spectators' room
// wanted.
type feedLink struct {
	ctx    context.Context
	send   func(tea.Msg)
	cancel context.CancelFunc
	rooms  *feedRooms
}

// Messages of the online model's commands.
type (
	// postedMsg is the server's answer to an action, a resignation, an
	// offer or a read of the game (what).
	postedMsg struct {
		what string
		v    *wire.View
		err  error
	}
	chattedMsg struct {
		msg *wire.ChatView
		err error
	}
	// rematchMsg is the rematch opened: the seat in the new game and its
	// view.
	rematchMsg struct {
		o   *Online
		v   *wire.View
		err error
	}
)

// callTimeout bounds each call to the server.
const callTimeout = 30 * time.Second

// NewOnline sets up the model of a game on a server from the seat o holds
// and the game's view (with its whole history). cfg gives the language and
// the colours; its game, options, opponent and record are not used.
func NewOnline(cfg Config, o *Online, v *wire.View) (*Model, error) {
	g, err := games.ByName(v.Game)
	if err != nil {
		return nil, err
	}
	cfg.Game, cfg.Options, cfg.Resume, cfg.Vs = g, game.Options(v.Options), nil, ""
	m := &Model{cfg: cfg, g: g, r: rendererFor(g.Name()), lang: cfg.Lang, width: 80, height: 24, on: &onlineGame{o: o, room: RoomPlayers}}
	if m.lang == "" {
		m.lang = i18n.English
	}
	if o.Lang == "" {
		o.Lang = m.lang
	}
	m.humans = make([]bool, len(v.Players))
	if i := slices.Index(v.Players, o.Player); i >= 0 {
		m.humans[i] = true
	}
	m.spin = spinner.New(spinner.WithSpinner(spinner.Line))
	if m.s, err = g.Setup(cfg.Options, v.Position); err != nil {
		return nil, err
	}
	m.adopt(v)
	m.on.loaded = true
	m.initCursor()
	return m, nil
}

// Online returns the seat of an online game (nil for a local one).
func (m *Model) Online() *Online {
	if m.on == nil {
		return nil
	}
	return m.on.o
}

// Follow starts reading the game's feed in a goroutine, which hands its
// messages to send (the program's Send) until ctx ends. Call it before the
// program runs.
func (m *Model) Follow(ctx context.Context, send func(tea.Msg)) {
	if m.on == nil {
		return
	}
	m.on.feed = &feedLink{ctx: ctx, send: send}
	m.follow()
}

// follow starts reading the feed of the model's game, ending the feed of
// the game before (after a rematch).
func (m *Model) follow() {
	on, f := m.on, m.on.feed
	if f.cancel != nil {
		f.cancel()
	}
	ctx, cancel := context.WithCancel(f.ctx)
	f.cancel = cancel
	f.rooms = &feedRooms{spectators: on.room == RoomSpectators}
	seen := map[string]int64{}
	for _, c := range on.chat {
		seen[c.Room] = max(seen[c.Room], c.Seq)
	}
	o, since, rooms, send := on.o, int64(len(on.events)), f.rooms, f.send
	go o.Follow(ctx, since, seen, rooms, func(msg feedMsg) { send(msg) })
}

// over reports whether the game is over: on the server's word for an
// online game.
func (m *Model) over() bool {
	if m.on != nil {
		return m.on.view.Finished
	}
	return m.s.Terminal()
}

// myTurn reports whether the player is to move and may.
func (on *onlineGame) myTurn() bool {
	v := on.view
	return v != nil && v.Started && !v.Finished && v.ToMove == on.o.Player && !on.posting
}

// legal returns the actions the server lists, read on s.
func (on *onlineGame) legal(s game.State) []game.Action {
	var out []game.Action
	for _, t := range on.view.Legal {
		if a, err := s.ParseAction(t); err == nil {
			out = append(out, a)
		}
	}
	return out
}

// offer returns the offer of another player that waits for the player's
// answer: "draw", "takeback" or "".
func (on *onlineGame) offer() string {
	v := on.view
	switch {
	case v.Finished:
		return ""
	case v.DrawOffer != "" && v.DrawOffer != on.o.Player:
		return "draw"
	case v.TakebackOffer != "" && v.TakebackOffer != on.o.Player:
		return "takeback"
	}
	return ""
}

// addEvents adds the events that follow the log; it ignores the ones it
// has and reports whether some were missing before these.
func (m *Model) addEvents(es []wire.EventView) (gap bool) {
	on := m.on
	for _, e := range es {
		n := int64(len(on.events))
		switch {
		case e.Seq <= n:
			continue
		case e.Seq > n+1:
			return true
		}
		if on.loaded && e.Kind == "roll" && e.Player != on.o.Player {
			// The replay stands where the dice are rolled: the note
			// says whose roll it is.
			m.syncHistory()
		}
		on.events = append(on.events, e)
		if on.loaded {
			m.noteEvent(e)
		}
	}
	return false
}

// noteEvent notes what another player (or the dice) did.
func (m *Model) noteEvent(e wire.EventView) {
	if e.Player == m.on.o.Player {
		return
	}
	who := i18n.Player(m.lang, e.Player)
	if e.Kind != "roll" {
		m.rolls = nil
	}
	var note string
	switch e.Kind {
	case "move":
		note = i18n.T(m.lang, "tui.played", "player", who, "action", m.entryText(entry{text: e.Action}))
	case "roll":
		st := m.s
		if on := m.on; on.hist != nil {
			st = on.hist
		}
		m.addRoll(m.rollTexts(st, e.Action))
		return
	case "draw-offer":
		note = i18n.T(m.lang, "tui.online.drawoffer", "player", who)
	case "draw-decline":
		note = i18n.T(m.lang, "tui.online.drawdecline", "player", who)
	case "takeback-offer":
		note = i18n.T(m.lang, "tui.online.takebackoffer", "player", who)
	case "takeback-accept":
		note = i18n.T(m.lang, "tui.online.takebackaccept", "player", who)
	case "takeback-decline":
		note = i18n.T(m.lang, "tui.online.takebackdecline", "player", who)
	default:
		return
	}
	m.notes = append(m.notes, note)
}

// adopt takes a view of the server: its events, then its state. A view
// older than the one shown is dropped; one whose history has a hole is
// read again whole.
func (m *Model) adopt(v *wire.View) tea.Cmd {
	on := m.on
	if v.ID != "" && v.ID != on.o.ID {
		return nil // a view of the game before a rematch
	}
	gap := m.addEvents(v.History)
	if on.view != nil && v.Seq < on.view.Seq {
		return nil
	}
	if gap || int64(len(on.events)) < v.Seq {
		return m.call("sync", func(ctx context.Context) (*wire.View, error) { return on.o.View(ctx) })
	}
	s, err := m.g.Setup(game.Options(v.Options), v.Position)
	if err != nil {
		m.message = ErrorText(m.lang, err)
		return nil
	}
	cp := *v
	cp.History = nil
	before := on.view
	on.view, m.s, on.clockAt = &cp, s, m.clockNow()
	if cp.Finished {
		on.ask = ""
	}
	m.syncHistory()
	m.gen++
	m.refresh()
	if cp.Rematch != "" && on.loaded && (before == nil || before.Rematch == "") {
		// Every person asked: the server made the rematch; go there.
		return m.goRematch(cp.Rematch)
	}
	return nil
}

// standing returns the events that make the game's state, in order: the
// moves and rolls not taken back, and the forfeits of a game that goes on
// without a player (as the server plays them).
func (m *Model) standing() []wire.EventView {
	var out []wire.EventView
	_, forfeits := m.s.(game.Forfeiter)
	for _, e := range m.on.events {
		switch e.Kind {
		case "move", "roll":
			out = append(out, e)
		case "takeback-accept":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case "timeout":
			if forfeits {
				out = append(out, e)
			}
		case "resign":
			if forfeits && len(m.s.Players()) > 2 {
				out = append(out, e)
			}
		}
	}
	return out
}

// syncHistory brings the replay of the log, and the move list with it, to
// the events that stand: it plays the new ones, or replays from the start
// after a takeback.
func (m *Model) syncHistory() {
	on := m.on
	st := m.standing()
	if on.hist == nil || len(on.applied) > len(st) || !slices.EqualFunc(on.applied, st[:len(on.applied)], func(a, b wire.EventView) bool { return a.Seq == b.Seq }) {
		h, err := m.g.New(m.s.Options())
		if err != nil {
			m.message = ErrorText(m.lang, err)
			return
		}
		on.hist, on.applied, m.entries = h, nil, newEntries(h, nil, game.NoPlayer)
	}
	for _, e := range st[len(on.applied):] {
		if err := m.replay(e); err != nil {
			m.message = ErrorText(m.lang, err)
			return
		}
		on.applied = append(on.applied, e)
	}
}

// replay plays one standing event on the replay.
func (m *Model) replay(e wire.EventView) error {
	h := m.on.hist
	if e.Kind == "timeout" || e.Kind == "resign" {
		p, ok := game.PlayerByName(h, e.Player)
		if !ok {
			return errors.New("tui: the server names an unknown player " + strconv.Quote(e.Player))
		}
		return h.(game.Forfeiter).Forfeit(p)
	}
	a, err := h.ParseAction(e.Action)
	if err != nil {
		return err
	}
	m.entries, err = playEntries(m.g.Name(), h, m.entries, a)
	return err
}

// call runs a call to the server in a command; its answer comes back as a
// postedMsg.
func (m *Model) call(what string, f func(context.Context) (*wire.View, error)) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		defer cancel()
		v, err := f(ctx)
		return postedMsg{what, v, err}
	}
}

// post sends the player's action to the server.
func (m *Model) post(a game.Action) tea.Cmd {
	on := m.on
	if !on.myTurn() {
		m.message = i18n.T(m.lang, "tui.error.wait")
		return nil
	}
	text, seq := m.s.ActionString(a), on.view.Seq
	// What the move reveals of the seat's dice nonces.
	r, err := on.o.Reveal(on.view)
	if err != nil {
		m.message = ErrorText(m.lang, err)
		return nil
	}
	on.posting = true
	m.message, m.notes, m.rolls = "", nil, nil
	m.selected, m.list, m.choices = nil, false, nil
	return m.call("move", func(ctx context.Context) (*wire.View, error) { return on.o.Act(ctx, text, seq, r) })
}

// takeback asks to take back the player's last move, or accepts the other
// player's request (accept), or declines it.
func (m *Model) takeback(accept bool) tea.Cmd {
	on := m.on
	return m.call("takeback", func(ctx context.Context) (*wire.View, error) { return on.o.Takeback(ctx, accept) })
}

// draw offers or accepts a draw (accept), or declines the offer.
func (m *Model) draw(accept bool) tea.Cmd {
	on := m.on
	return m.call("draw", func(ctx context.Context) (*wire.View, error) { return on.o.Draw(ctx, accept) })
}

// sendChat writes a message to the room the chat pane shows.
func (m *Model) sendChat(text string) tea.Cmd {
	o, room := m.on.o, m.on.room
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		defer cancel()
		msg, err := o.ChatIn(ctx, room, text)
		return chattedMsg{msg, err}
	}
}

// switchRoom switches the chat pane and the chat line between the
// players' room and the spectators', whose messages the feed gets only
// while the pane shows them.
func (m *Model) switchRoom() tea.Cmd {
	on := m.on
	open := on.room != RoomSpectators
	on.room = RoomPlayers
	if open {
		on.room = RoomSpectators
	}
	if on.feed == nil || on.feed.rooms == nil {
		return nil
	}
	rooms, ctx := on.feed.rooms, on.feed.ctx
	return func() tea.Msg {
		rooms.set(ctx, open)
		return nil
	}
}

// addChat adds messages to the chat, each once.
func (on *onlineGame) addChat(msgs []wire.ChatView) {
	for _, c := range msgs {
		if n := len(on.chat); n == 0 || c.Seq > on.chat[n-1].Seq {
			on.chat = append(on.chat, c)
		} else if !slices.ContainsFunc(on.chat, func(x wire.ChatView) bool { return x.Seq == c.Seq }) {
			i, _ := slices.BinarySearchFunc(on.chat, c.Seq, func(x wire.ChatView, seq int64) int { return int(x.Seq - seq) })
			on.chat = slices.Insert(on.chat, i, c)
		}
	}
}

// onlineUpdate handles the feed and the answers of the server.
func (m *Model) onlineUpdate(msg tea.Msg) tea.Cmd {
	on := m.on
	switch msg := msg.(type) {
	case feedMsg:
		if msg.game != "" && msg.game != on.o.ID {
			return nil // the feed of the game before a rematch
		}
		switch {
		case msg.rematch != "":
			return m.goRematch(msg.rematch)
		case msg.room != nil:
			on.spectatorsOpen = *msg.room
		case msg.presence != nil:
			on.online, on.claimAt = msg.presence.Online, map[string]time.Time{}
			for p, ms := range msg.presence.GoneMs {
				on.claimAt[p] = m.clockNow().Add(time.Duration(ms) * time.Millisecond)
			}
		case msg.err != nil:
			on.feedErr = i18n.T(m.lang, "tui.online.feed")
			if msg.fatal {
				m.message = ErrorText(m.lang, msg.err)
			}
			return nil
		case msg.event != nil:
			on.feedErr = ""
			if m.addEvents([]wire.EventView{*msg.event}) {
				return m.call("sync", func(ctx context.Context) (*wire.View, error) { return on.o.View(ctx) })
			}
		case msg.view != nil:
			on.feedErr = ""
			return m.adopt(msg.view)
		case msg.chat != nil:
			on.feedErr = ""
			on.addChat(msg.chat)
		}
	case postedMsg:
		if msg.what == "move" {
			on.posting = false
		}
		if msg.err != nil {
			m.message = ErrorText(m.lang, msg.err)
			m.refresh()
			if msg.what == "move" {
				// The game may have moved on (stale_sequence): read it.
				return m.call("sync", func(ctx context.Context) (*wire.View, error) { return on.o.View(ctx) })
			}
			return nil
		}
		if msg.v.ID != "" && msg.v.ID != on.o.ID {
			return nil
		}
		cmd := m.adopt(msg.v)
		switch msg.what {
		case "resign":
			m.message = i18n.T(m.lang, "tui.online.resigned")
		case "abort":
			m.message = i18n.T(m.lang, "tui.online.aborted")
		case "claim":
			on.claimAt = nil
		}
		// An offer sent is said by lines, from the view, as long as it
		// waits: the answer (on the feed) takes it away.
		return cmd
	case chattedMsg:
		if msg.err != nil {
			m.message = ErrorText(m.lang, msg.err)
			return nil
		}
		on.addChat([]wire.ChatView{*msg.msg})
	case rematchMsg:
		return m.enterRematch(msg)
	case clockTickMsg:
		if m.quitting || on.view.Clock == nil {
			return nil // a rematch keeps the game's clock, or its lack
		}
		return m.clockTick()
	}
	return nil
}

// onlineKey handles the keys of an online game: the answer to a question
// (y or n), the chat line, and t (chat), r (resign), = (draw), and once
// the opponent has been gone for the grace time v (claim the victory) and
// = (call it a draw). done says
// whether the key was taken.
func (m *Model) onlineKey(k tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	on := m.on
	key := k.String()
	if key == "tab" {
		return m.switchRoom(), true
	}
	if on.chatting {
		switch key {
		case "ctrl+c", "backspace":
			return nil, false
		case "esc":
			on.chatting, m.input = false, ""
		case "enter":
			text := strings.TrimSpace(m.input)
			on.chatting, m.input = false, ""
			if text != "" {
				return m.sendChat(text), true
			}
		default:
			m.input += k.Text
		}
		return nil, true
	}
	if m.input != "" || k.Text == "" {
		if key == "esc" && on.ask != "" {
			on.ask = ""
			return nil, true
		}
		return nil, false
	}
	switch key := latinKey(k.Text); key {
	case "y", "n":
		yes := key == "y"
		switch ask, offer := on.ask, on.offer(); {
		case ask != "":
			on.ask = ""
			if !yes {
				return nil, true
			}
			if ask == "abort" {
				return m.call("abort", on.o.Abort), true
			}
			return m.call("resign", on.o.Resign), true
		case offer == "draw":
			return m.draw(yes), true
		case offer == "takeback":
			return m.takeback(yes), true
		}
	case "t":
		on.chatting = true
		return nil, true
	case "r":
		if m.over() {
			return nil, true
		}
		on.ask = "resign"
		if !on.view.Started {
			on.ask = "abort"
		}
		return nil, true
	case "v", "=":
		if m.over() {
			return nil, true
		}
		// The opponent gone for the grace time: v claims the victory, =
		// calls it a draw (an offer to nobody would be pointless).
		if on.claimable(m.clockNow()) {
			what := map[string]string{"v": "victory", "=": "draw"}[key]
			return m.call("claim", func(ctx context.Context) (*wire.View, error) { return on.o.Claim(ctx, what) }), true
		}
		if key == "v" {
			return nil, false
		}
		return m.draw(true), true
	case "m":
		if !m.over() {
			return nil, false
		}
		return m.rematch(), true
	}
	return nil, false
}

// onlineSubmit handles the typed words of an online game: draw, resign,
// abort, say TEXT, claim and claim draw (the opponent gone). done says whether the line was one of them.
func (m *Model) onlineSubmit(text string) (tea.Cmd, bool) {
	lower, _ := commandLine(text)
	switch {
	case lower == "draw":
		return m.draw(true), true
	case lower == "resign":
		m.on.ask = "resign"
		return nil, true
	case lower == "abort":
		m.on.ask = "abort"
		return nil, true
	case (lower == "claim" || lower == "claim draw") && m.on.claimable(m.clockNow()):
		what := "victory"
		if lower == "claim draw" {
			what = "draw"
		}
		return m.call("claim", func(ctx context.Context) (*wire.View, error) { return m.on.o.Claim(ctx, what) }), true
	case strings.HasPrefix(lower, "say "):
		return m.sendChat(strings.TrimSpace(string([]rune(text)[4:]))), true
	case lower == "rematch" && m.over():
		return m.rematch(), true
	}
	return nil, false
}

// prompt is the start of the input line.
func (m *Model) prompt() string {
	if m.on != nil && m.on.chatting {
		if m.on.room == RoomSpectators {
			return i18n.T(m.lang, "tui.online.prompt.spectators") + "> "
		}
		return i18n.T(m.lang, "tui.online.prompt.chat") + "> "
	}
	return "> "
}

// status is the status line: the state's, or for an online game the
// server's.
func (m *Model) status() string {
	if m.on == nil {
		return i18n.Status(m.lang, m.s)
	}
	v := m.on.view
	switch {
	case v.Status == "waiting":
		return i18n.T(m.lang, "tui.online.waiting")
	case !v.Finished:
		return i18n.Status(m.lang, m.s)
	}
	reason := v.Result
	if i := strings.LastIndex(reason, "("); i >= 0 {
		reason = strings.TrimSuffix(reason[i+1:], ")")
	}
	f := strings.Fields(strings.TrimPrefix(v.Status, "over"))
	var text string
	switch {
	case len(f) == 0 || f[0] == "unfinished":
		text = i18n.T(m.lang, "status.unfinished")
	case f[0] == "draw":
		text = i18n.T(m.lang, "status.draw")
		if len(f) > 1 {
			text += ": " + strings.Join(playerNames(m.lang, f[1:]), ", ")
		}
	default:
		var pts float64
		if n := len(f); n > 1 && !slices.Contains(v.Players, f[n-1]) {
			pts, _ = strconv.ParseFloat(f[n-1], 64)
			f = f[:n-1]
		}
		who := strings.Join(playerNames(m.lang, f), ", ")
		if pts != 0 {
			text = i18n.T(m.lang, "status.win.points", "player", who, "n", pts)
		} else {
			text = i18n.T(m.lang, "status.win", "player", who)
		}
	}
	return text + " (" + i18n.GameReason(m.lang, m.g.Name(), reason) + ")"
}

func playerNames(l i18n.Lang, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = i18n.Player(l, n)
	}
	return out
}

// title says whom the player plays.
func (on *onlineGame) title(l i18n.Lang) string {
	var others []string
	for _, s := range on.view.Seats {
		if s.Player == on.o.Player {
			continue
		}
		switch {
		case s.Kind == "ai":
			others = append(others, i18n.T(l, "tui.online.ai", "level", i18n.T(l, levelKeys[s.Level])))
		case s.Kind == "open":
			others = append(others, i18n.T(l, "tui.online.open"))
		case s.Name != "":
			others = append(others, s.Name)
		default:
			others = append(others, i18n.Player(l, s.Player))
		}
	}
	return i18n.T(l, "tui.online.vs", "player", i18n.Player(l, on.o.Player), "opponent", strings.Join(others, ", "))
}

// lines are the panel's lines of an online game: the question awaiting
// an answer, the offers (another player's, and the player's own while
// they wait for the answer), the feed's trouble and the last chat messages.
func (on *onlineGame) lines(l i18n.Lang, w int) []string {
	var out []string
	add := func(s string) { out = append(out, wrap(s, w)...) }
	v := on.view
	switch on.ask {
	case "resign":
		add(i18n.T(l, "tui.online.ask.resign"))
	case "abort":
		add(i18n.T(l, "tui.online.ask.abort"))
	}
	switch on.offer() {
	case "draw":
		add(i18n.T(l, "tui.online.ask.draw", "player", i18n.Player(l, v.DrawOffer)))
	case "takeback":
		add(i18n.T(l, "tui.online.ask.takeback", "player", i18n.Player(l, v.TakebackOffer)))
	}
	if !v.Finished && v.DrawOffer == on.o.Player {
		add(i18n.T(l, "tui.online.drawsent"))
	}
	if !v.Finished && v.TakebackOffer == on.o.Player {
		add(i18n.T(l, "tui.online.takebacksent"))
	}
	if v.Finished {
		switch mine, others := on.rematchWishes(l); {
		case on.rematching != "":
			add(i18n.T(l, "tui.online.rematchopening"))
		case v.Rematch != "":
			add(i18n.T(l, "tui.online.rematchready"))
		case len(others) > 0 && !mine:
			add(i18n.T(l, "tui.online.ask.rematch", "player", strings.Join(others, ", ")))
		case mine:
			add(i18n.T(l, "tui.online.rematchsent"))
		}
	}
	if on.posting && !v.Finished { // the feed may show the end before the move's answer comes
		add(i18n.T(l, "tui.online.sending"))
	}
	if on.feedErr != "" {
		add(on.feedErr)
	}
	room := on.room
	if room == RoomSpectators {
		add(i18n.T(l, "tui.online.room.spectators"))
	}
	var shown []wire.ChatView
	for _, c := range on.chat {
		if c.Room == room || c.Room == "" && room == RoomPlayers {
			shown = append(shown, c)
		}
	}
	for _, c := range shown[max(len(shown)-3, 0):] {
		name := c.Name
		switch {
		case c.Player == "":
			name = i18n.T(l, "chat.spectator")
		case name == "" || name == c.Player:
			name = i18n.Player(l, c.Player)
		}
		add(name + ": " + c.Text)
	}
	return out
}
