package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
)

// drive runs a command and every command that follows from it, feeding
// the messages to the model as the program would; spinner ticks are
// dropped so that nothing waits.
func drive(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("drive: commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case spinner.TickMsg, tea.QuitMsg, nil:
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// press sends keys: named keys ("enter", "up", "esc", "backspace") or
// text, one character a key.
func press(t *testing.T, m *Model, keys ...string) {
	t.Helper()
	named := map[string]rune{"enter": tea.KeyEnter, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace}
	for _, k := range keys {
		if code, ok := named[k]; ok {
			_, cmd := m.Update(tea.KeyPressMsg{Code: code})
			drive(t, m, cmd)
			continue
		}
		for _, r := range k {
			_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			drive(t, m, cmd)
		}
	}
}

func newModel(t *testing.T, cfg Config) *Model {
	t.Helper()
	if cfg.Lang == "" {
		cfg.Lang = i18n.English
	}
	if cfg.Game == nil && cfg.Resume == nil {
		cfg.Game = mustGame(t, "chess")
	}
	if !cfg.HasSeed {
		cfg.Seed, cfg.HasSeed = 7, true
	}
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	drive(t, m, m.Init())
	return m
}

func mustGame(t *testing.T, name string) game.Game {
	t.Helper()
	g, err := games.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func history(m *Model) string {
	var out []string
	for _, a := range m.State().History() {
		out = append(out, m.State().ActionString(a))
	}
	return strings.Join(out, " ")
}

// moveCursor puts the board's cursor on a square by arrow keys.
func moveCursor(t *testing.T, m *Model, to cell) {
	t.Helper()
	for m.cursor.f < to.f {
		press(t, m, "right")
	}
	for m.cursor.f > to.f {
		press(t, m, "left")
	}
	for m.cursor.r < to.r {
		press(t, m, "up")
	}
	for m.cursor.r > to.r {
		press(t, m, "down")
	}
	if m.cursor != to {
		t.Fatalf("cursor at %v, want %v", m.cursor, to)
	}
}

func TestPointAndTypeChess(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	moveCursor(t, m, cell{4, 1})
	press(t, m, "enter")
	if got := m.targets(); !got[cell{4, 2}] || !got[cell{4, 3}] || len(got) != 2 {
		t.Fatalf("targets after picking e2 = %v, want e3 and e4", got)
	}
	moveCursor(t, m, cell{4, 3})
	press(t, m, "enter")
	press(t, m, "e7e5", "enter")
	press(t, m, "Nf3", "enter") // SAN is read too
	if got, want := history(m), "e2e4 e7e5 g1f3"; got != want {
		t.Errorf("history = %q, want %q", got, want)
	}
	view := m.Render()
	for _, want := range []string{"1. White: e2e4", "1... Black: e7e5", "2. White: g1f3", "Black to move"} {
		if !strings.Contains(view, want) {
			t.Errorf("Render() lacks %q:\n%s", want, view)
		}
	}
}

func TestPaste(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	m.Update(tea.PasteMsg{Content: "d2d4\n"})
	press(t, m, "enter")
	if got := history(m); got != "d2d4" {
		t.Errorf("history after pasting d2d4 = %q", got)
	}
}

func TestBadInputChangesNothing(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	press(t, m, "e2e5", "enter")
	if got := history(m); got != "" {
		t.Errorf("history after e2e5 = %q, want empty", got)
	}
	if !strings.Contains(m.Render(), "e2e5 is not legal now") {
		t.Errorf("Render() lacks the error:\n%s", m.Render())
	}
	// A square with no legal move from it is refused.
	moveCursor(t, m, cell{4, 4})
	press(t, m, "enter")
	if len(m.selected) != 0 || !strings.Contains(m.Render(), "No legal move through e5") {
		t.Errorf("picking e5: selected %v\n%s", m.selected, m.Render())
	}
}

func TestLegalList(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	press(t, m, "?")
	if !strings.Contains(m.Render(), "20 legal moves") {
		t.Fatalf("Render() after ? lacks the 20 legal moves:\n%s", m.Render())
	}
	press(t, m, "down", "down", "enter")
	l := game.Action(0)
	if legal := mustNew(t, "chess").Legal(); len(legal) > 2 {
		l = legal[2]
	}
	if got, want := history(m), mustNew(t, "chess").ActionString(l); got != want {
		t.Errorf("history after the third list entry = %q, want %q", got, want)
	}
	if m.list {
		t.Error("the list stays open after a move")
	}
}

func mustNew(t *testing.T, name string) game.State {
	t.Helper()
	s, err := mustGame(t, name).New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestUndoAgainstAI(t *testing.T) {
	m := newModel(t, Config{Vs: "easy", Agent: ai.NewRandom(1)})
	press(t, m, "e2e4", "enter")
	if got := len(m.State().History()); got != 2 {
		t.Fatalf("after e2e4 the history has %d actions (%s), want 2: the AI replies", got, history(m))
	}
	press(t, m, "u")
	if got := history(m); got != "" {
		t.Errorf("history after undo = %q, want empty", got)
	}
	if m.State().Player() != 0 || m.thinking {
		t.Errorf("after undo: player %d, thinking %v; want White to move", m.State().Player(), m.thinking)
	}
}

func TestAIPlaysFirstForSecondSeat(t *testing.T) {
	m := newModel(t, Config{Vs: "easy", Seat: "black", Agent: ai.NewRandom(3)})
	if got := len(m.State().History()); got != 1 {
		t.Fatalf("history %q: the AI should have played White's first move", history(m))
	}
	if !m.flipped() {
		t.Error("the board is not turned for Black")
	}
	if lines := strings.Split(m.Render(), "\n"); !strings.HasPrefix(lines[1], "1 ") {
		t.Errorf("the turned board should start with rank 1:\n%s", m.Render())
	}
}

func TestUnknownSeat(t *testing.T) {
	_, err := New(Config{Game: mustGame(t, "chess"), Vs: "easy", Seat: "p3"})
	if err == nil || !strings.Contains(err.Error(), `no seat "p3"`) {
		t.Errorf("New with seat p3 = %v, want an error naming the seat", err)
	}
}

func TestSeidrRollsBySeed(t *testing.T) {
	play := func() string {
		m := newModel(t, Config{Game: mustGame(t, "seidr"), Vs: "human", Seed: 42, HasSeed: true})
		press(t, m, "c2c4", "enter")
		if m.State().Player() == game.Chance {
			t.Fatal("the model leaves a roll pending")
		}
		// The note lists every roll of the seiðr, in order.
		var rolls []string
		for _, f := range strings.Fields(history(m))[1:] {
			if f != "pass" && len(f) == 1 {
				// White's faces, with the arrow of rule 2B.1's direction.
				rolls = append(rolls, f+arrows[seidrDirections[f[0]-'1']])
			}
		}
		if want := "Rolled: " + strings.Join(rolls, " "); !strings.Contains(m.Render(), want) {
			t.Errorf("Render() lacks %q:\n%s", want, m.Render())
		}
		return history(m)
	}
	a, b := play(), play()
	if a != b || !strings.HasPrefix(a, "c2c4 ") || len(strings.Fields(a)) < 2 {
		t.Errorf("histories with seed 42 = %q and %q, want equal, c2c4 then rolls", a, b)
	}
}

func TestLokiPointing(t *testing.T) {
	m := newModel(t, Config{Game: mustGame(t, "nordsloki"), Vs: "human"})
	s := m.State()
	if s.Player() < 0 {
		t.Fatalf("Nords Loki waits at %s", game.Status(s))
	}
	// Enter a checker: point at the waiting cell, then at its field.
	text := m.legalText[0]
	cs := m.legalCells[0]
	if len(cs) != 2 {
		t.Fatalf("cells(%q) = %v, want from and to", text, cs)
	}
	n := len(s.History())
	moveCursor(t, m, cs[0])
	press(t, m, "enter")
	moveCursor(t, m, cs[1])
	press(t, m, "enter")
	if m.list {
		// K and W can take the same way: choose in the list.
		press(t, m, "enter")
	}
	if got := len(m.State().History()); got <= n {
		t.Errorf("after pointing at %v the history has %d actions, want more than %d", cs, got, n)
	}
}

func TestEveryGameFits80x24(t *testing.T) {
	for _, g := range games.All {
		for _, l := range i18n.Langs {
			m := newModel(t, Config{Game: g, Vs: "human", Lang: l})
			for _, keys := range [][]string{nil, {"?"}} {
				press(t, m, keys...)
				view := m.Render()
				lines := strings.Split(view, "\n")
				if len(lines) > 24 {
					t.Errorf("%s/%s %v: %d lines, want at most 24:\n%s", g.Name(), l, keys, len(lines), view)
				}
				for i, line := range lines {
					if w := lipgloss.Width(line); w > 80 {
						t.Errorf("%s/%s %v: line %d is %d wide: %q", g.Name(), l, keys, i+1, w, line)
					}
				}
				if strings.Contains(view, "\x1b") {
					t.Errorf("%s/%s: escape codes without colour", g.Name(), l)
				}
				if strings.Contains(view, "tui.") {
					t.Errorf("%s/%s: a message key is shown:\n%s", g.Name(), l, view)
				}
			}
		}
	}
}

func TestLargerTerminal(t *testing.T) {
	m := newModel(t, Config{Vs: "human", Color: true})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	lines := strings.Split(m.Render(), "\n")
	if len(lines) != 40 {
		t.Errorf("Render() at 120x40 has %d lines, want 40", len(lines))
	}
	if !strings.Contains(m.Render(), "\x1b[") {
		t.Error("no colour with Color set")
	}
}

func TestRussian(t *testing.T) {
	m := newModel(t, Config{Vs: "human", Lang: i18n.Russian})
	press(t, m, "e2e4", "enter")
	view := m.Render()
	for _, want := range []string{"Ход: Чёрные", "1. Белые: e2e4", "Ходы"} {
		if !strings.Contains(view, want) {
			t.Errorf("Render() in Russian lacks %q:\n%s", want, view)
		}
	}
}

func TestGameOver(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	press(t, m, "f2f3", "enter", "e7e5", "enter", "g2g4", "enter", "d8h4", "enter")
	if !m.State().Terminal() {
		t.Fatalf("fool's mate does not end the game: %s", history(m))
	}
	if view := m.Render(); !strings.Contains(view, "Black wins (checkmate)") || !strings.Contains(view, "Game over") {
		t.Errorf("Render() at the end lacks the result:\n%s", view)
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if cmd == nil {
		t.Fatal("q at the end does not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q at the end does not quit")
	}
}

func TestSaveAndLoad(t *testing.T) {
	path := t.TempDir() + "/game.txt"
	m := newModel(t, Config{Game: mustGame(t, "seidr"), Vs: "human", SavePath: path})
	press(t, m, "c2c4", "enter")
	r, err := readSaveFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m2 := newModel(t, Config{Resume: &r, Vs: "human"})
	if got, want := m2.State().Position(), m.State().Position(); got != want {
		t.Errorf("loaded position = %q, want %q", got, want)
	}
	if got, want := history(m2), history(m); got != want {
		t.Errorf("loaded history = %q, want %q", got, want)
	}
	if m2.g.Name() != "seidr" {
		t.Errorf("loaded game %q, want seidr", m2.g.Name())
	}
}

func TestLoadRejectsBadRecord(t *testing.T) {
	r := Save{Game: "chess", Actions: []string{"e2e4", "e2e4"}}
	if _, err := New(Config{Resume: &r, Vs: "human"}); !errors.Is(err, ErrSave) {
		t.Errorf("New with an illegal record = %v, want ErrSave", err)
	}
}

// blockingAgent thinks until it is stopped.
type blockingAgent struct{}

func (blockingAgent) Choose(ctx context.Context, _ game.State) (game.Action, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

func TestSpinnerWhileThinkingAndUndoStopsIt(t *testing.T) {
	m, err := New(Config{Game: mustGame(t, "chess"), Vs: "easy", Agent: blockingAgent{}, Seed: 1, HasSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	if cmd := m.Init(); cmd != nil || m.thinking {
		t.Fatal("the AI thinks on White's move")
	}
	for _, r := range "e2e4" {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd == nil || !m.thinking {
		t.Fatal("the AI does not start thinking for Black")
	}
	if view := m.Render(); !strings.Contains(view, "Black is thinking") {
		t.Errorf("Render() lacks the spinner line:\n%s", view)
	}
	// A spinner tick turns the spinner while the AI thinks.
	before := m.spin.View()
	m.Update(m.spin.Tick())
	if m.spin.View() == before {
		t.Error("the spinner does not turn")
	}
	stale := m.gen
	cancel := m.cancel
	ctx, stop := context.WithCancel(context.Background())
	m.cancel = func() { stop(); cancel() }
	m.Update(tea.KeyPressMsg{Code: 'u', Text: "u"})
	if ctx.Err() == nil || m.thinking {
		t.Error("undo does not stop the search")
	}
	if got := history(m); got != "" {
		t.Errorf("history after undo = %q, want empty", got)
	}
	// The answer of the stopped search is dropped.
	m.Update(aiMsg{gen: stale, a: 0, err: context.Canceled})
	if strings.Contains(m.Render(), "The AI failed") || history(m) != "" {
		t.Errorf("a stale AI answer was used:\n%s", m.Render())
	}
}

func TestUndoNeedsADecision(t *testing.T) {
	m := newModel(t, Config{Game: mustGame(t, "luxumbra"), Vs: "human"})
	h := history(m)
	press(t, m, "u")
	if got := history(m); got != h || !strings.Contains(m.Render(), "Nothing to take back") {
		t.Errorf("undo before any move: history %q, want %q (the roll kept)\n%s", got, h, m.Render())
	}
}

func TestPromotionChoice(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	s, err := mustGame(t, "chess").Setup(nil, "8/P7/8/8/8/8/8/k6K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m.s = s
	m.entries = nil
	m.refresh()
	moveCursor(t, m, cell{0, 6})
	press(t, m, "enter")
	moveCursor(t, m, cell{0, 7})
	press(t, m, "enter")
	if !m.list || len(m.choices) != 4 {
		t.Fatalf("after a7 a8: list %v with %d choices, want the 4 promotions", m.list, len(m.choices))
	}
	if view := m.Render(); !strings.Contains(view, "4 legal moves") || !strings.Contains(view, "a7a8q") {
		t.Errorf("Render() lacks the promotion list:\n%s", view)
	}
	var texts []string
	for _, i := range m.choices {
		texts = append(texts, m.legalText[i])
	}
	press(t, m, "down", "enter")
	if got, want := history(m), texts[1]; got != want {
		t.Errorf("history after choosing the second promotion = %q, want %q", got, want)
	}
}

func BenchmarkRenderChess(b *testing.B) {
	m, _ := New(Config{Game: chessGame(b), Vs: "human", Color: true})
	for b.Loop() {
		m.Render()
	}
}

func BenchmarkRenderNordsLoki(b *testing.B) {
	g, _ := games.ByName("nordsloki")
	m, _ := New(Config{Game: g, Vs: "human", Color: true})
	for b.Loop() {
		m.Render()
	}
}

func chessGame(b *testing.B) game.Game {
	g, err := games.ByName("chess")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func TestSeidrRollArrows(t *testing.T) {
	g := mustGame(t, "seidr")
	white, err := g.Setup(nil, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	black, err := g.Setup(nil, "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b - - 1 1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		s       game.State
		face    string
		flipped bool
		want    string
	}{
		{white, "1", false, "1↑"}, {white, "2", false, "2↗"}, {white, "3", false, "3→"}, {white, "8", false, "8↖"},
		{black, "1", false, "1↓"}, {black, "2", false, "2↙"}, {black, "3", false, "3←"},
		{black, "2", true, "2↗"}, {white, "2", true, "2↙"},
		{white, "pass", false, "pass"},
	}
	for _, tc := range tests {
		if got := (seidrRenderer{}).describeRoll(tc.s, tc.face, tc.flipped); got != tc.want {
			t.Errorf("describeRoll(%s, %q, %v) = %q, want %q", tc.s.Position(), tc.face, tc.flipped, got, tc.want)
		}
	}
}

// TestPlayWholeGames plays every game from the list of legal moves, with
// random choices, checking at every step that the screen fits 80x24 and
// that the saved record replays to the same position.
func TestPlayWholeGames(t *testing.T) {
	for _, g := range games.All {
		opts := []game.Options{nil}
		if g.Name() == "nordsloki" {
			opts = append(opts, game.Options{"players": "3"})
		}
		for _, o := range opts {
			m := newModel(t, Config{Game: g, Options: o, Vs: "human", Lang: i18n.Russian})
			rng := uint64(12345)
			for step := 0; step < 400 && !m.State().Terminal(); step++ {
				press(t, m, "?")
				rng = rng*6364136223846793005 + 1442695040888963407
				for range int(rng>>33) % max(len(m.legal), 1) {
					press(t, m, "down")
				}
				n := len(m.State().History())
				press(t, m, "enter")
				if len(m.State().History()) <= n {
					t.Fatalf("%s: step %d played nothing:\n%s", g.Name(), step, m.Render())
				}
				lines := strings.Split(m.Render(), "\n")
				if len(lines) > 24 {
					t.Fatalf("%s: step %d: %d lines", g.Name(), step, len(lines))
				}
				for _, l := range lines {
					if lipgloss.Width(l) > 80 {
						t.Fatalf("%s: step %d: line %q is %d wide", g.Name(), step, l, lipgloss.Width(l))
					}
				}
			}
			t.Logf("%s %v: %d actions, %s", g.Name(), o, len(m.State().History()), game.Status(m.State()))
			s, _, err := Replay(m.Saved())
			if err != nil {
				t.Fatalf("%s: the record does not replay: %v", g.Name(), err)
			}
			if s.Position() != m.State().Position() {
				t.Errorf("%s: replayed position %q, want %q", g.Name(), s.Position(), m.State().Position())
			}
		}
	}
}

func TestSaveCommand(t *testing.T) {
	m := newModel(t, Config{Vs: "human"})
	press(t, m, "save", "enter")
	if !strings.Contains(m.Render(), "Where to? Type: save FILE") {
		t.Errorf("save without a file:\n%s", m.Render())
	}
	path := t.TempDir() + "/g.txt"
	press(t, m, "e2e4", "enter", "save "+path, "enter")
	if !strings.Contains(m.Render(), "Saved to "+path) {
		t.Errorf("save %s:\n%s", path, m.Render())
	}
	r, err := readSaveFile(path)
	if err != nil || strings.Join(r.Actions, " ") != "e2e4" || r.Game != "chess" {
		t.Errorf("saved record = %+v, %v; want chess with e2e4", r, err)
	}
}
