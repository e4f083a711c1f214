package tui

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// screenNotation are the Latin words a Russian screen may show: the
// program's name and the keys. Moves, squares, dice and stacks (e2e4,
// Nf3, W0/3, 6-3-1, K12W) hold digits or are one letter, and are
// notation too.
var screenNotation = []string{"Norns", "Enter", "Esc", "Tab", "Ctrl", "O-O", "O-O-O"}

var latinToken = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9/\-]*`)

// englishOn returns the Latin words of a screen that are not notation.
func englishOn(screen string) []string {
	var out []string
	// The games' own names after their Russian ones, as the seeds give
	// them: «Сейд (Seiðr)», «Шахматы Света и Тени (Lux et Umbra)».
	for _, o := range []string{"(Seiðr)", "(Lux et Umbra)"} {
		screen = strings.ReplaceAll(screen, o, "")
	}
	for _, w := range latinToken.FindAllString(screen, -1) {
		w = strings.Trim(w, "-/")
		if len(w) < 2 || strings.ContainsAny(w, "0123456789/") || slices.Contains(screenNotation, w) || strings.Trim(w, "KWR") == "" {
			continue
		}
		out = append(out, w)
	}
	return out
}

// noEnglish fails the test when a Russian screen shows English.
func noEnglish(t *testing.T, what, screen string) {
	t.Helper()
	if w := englishOn(screen); len(w) > 0 {
		t.Errorf("%s: English on the Russian screen: %q\n%s", what, w, screen)
	}
}

func TestEnglishOn(t *testing.T) {
	got := englishOn("Ход e2e4 · Nf3 W0/3 6-3-1 K12W O-O Ctrl+C: выход · (nordsloki: malformed notation)")
	if want := []string{"nordsloki", "malformed", "notation"}; !slices.Equal(got, want) {
		t.Errorf("englishOn = %q, want %q", got, want)
	}
}

// TestRussianErrors drives the error paths of local play in Russian: a
// malformed typed move, an illegal one, a move out of turn, keys that do
// nothing, the AI's failure, a file that cannot be saved, a save file that
// cannot be resumed; no screen shows an English word outside notation,
// and each says what happened.
func TestRussianErrors(t *testing.T) {
	ru := i18n.Russian
	for _, name := range []string{"chess", "seidr", "luxumbra", "samurai", "seatafl", "nordsloki"} {
		m := newModel(t, Config{Game: mustGame(t, name), Vs: "human", Lang: ru})
		check := func(what, want string) {
			t.Helper()
			scr := m.Render()
			noEnglish(t, name+": "+what, scr)
			if want != "" && !strings.Contains(m.message, want) {
				t.Errorf("%s: %s: the message %q lacks %q:\n%s", name, what, m.message, want, scr)
			}
		}
		check("the start", "")
		press(t, m, "zz9", "enter")
		check("a malformed move", "zz9 — не ход этой игры (ходы записываются так: ")
		// A move of the notation that is not legal: a legal one's text
		// with its last character changed.
		bad := ""
		for _, text := range m.legalText {
			for _, c := range "12345678" {
				if x := text[:len(text)-1] + string(c); !slices.Contains(m.legalText, x) {
					if _, err := m.s.ParseAction(x); errors.Is(err, game.ErrIllegal) {
						bad = x
					}
				}
			}
		}
		if bad != "" {
			press(t, m, bad, "enter")
			check("an illegal move "+bad, "Ход "+bad+" сейчас невозможен")
		}
		press(t, m, "привет", "enter")
		check("a Russian word", "привет — не ход этой игры")
		press(t, m, "u")
		check("u before any move", "Нечего отменять")
		if files, _ := m.r.dims(m.s); files > 0 {
			// A square no legal action goes through: the first that
			// none does.
			var empty cell
		search:
			for f := range files {
				for r := range files {
					c := cell{f, r}
					if len(m.matching([]cell{c})) == 0 {
						empty = c
						break search
					}
				}
			}
			moveCursor(t, m, empty)
			press(t, m, "enter")
			check("Enter on a square without a move", "нет допустимого хода")
		}
		press(t, m, "?", "down", "esc", "x", "backspace", "esc")
		check("keys that do nothing", "")
		m.Update(aiMsg{gen: m.gen, err: errors.New("search: out of memory")})
		check("the AI's failure", "")
		press(t, m, "save "+filepath.Join(t.TempDir(), "no", "such", "dir.txt"), "enter")
		check("a save into no folder", "Не удалось сохранить: нет такой папки")
	}

	// Out of turn: the AI thinks.
	m, err := New(Config{Game: mustGame(t, "chess"), Vs: "easy", Seat: "black", Agent: blockingAgent{}, Lang: ru, HasSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	m.Init()
	for _, r := range "e7e5" {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if scr := m.Render(); !strings.Contains(scr, "Сейчас не ваш ход") {
		t.Errorf("a move out of turn:\n%s", scr)
	}
	noEnglish(t, "out of turn", m.Render())
	m.Update(aiMsg{gen: m.gen, err: errors.New("search: out of memory")})
	if scr := m.Render(); !strings.Contains(scr, "ИИ не смог сделать ход") {
		t.Errorf("the AI's failure:\n%s", scr)
	}
	noEnglish(t, "the AI's failure", m.Render())
	m.stopThinking()

	// A save file that cannot be resumed (--load) says why in Russian.
	for _, text := range []string{
		"", "game chess\nhistory\n", "norns save 1\ngame chess\nbogus\nhistory\n",
		"norns save 1\ngame go\nhistory\n", "norns save 1\ngame chess\noption x=y\nhistory\n",
		"norns save 1\ngame chess\nhistory\ne2e5\n", "norns save 1\ngame chess\nhistory\nzz\n",
		"norns save 1\ngame chess\nhistory\nf2f3\ne7e5\ng2g4\nd8h4\na2a3\n",
		"norns save 1\ngame seidr\nhistory\na2a3\n8\na3a4\n",
	} {
		r, err := ReadSave(strings.NewReader(text))
		if err == nil {
			_, err = New(Config{Resume: &r, Vs: "human", Lang: ru})
		}
		if !errors.Is(err, ErrSave) {
			t.Errorf("save %q: %v, want ErrSave", text, err)
			continue
		}
		msg := ErrorText(ru, err)
		// The save's own words (a game "go", an action "zz") are
		// quoted as they are.
		if msg == "" || len(englishOn(strings.NewReplacer("go", "", "zz", "").Replace(msg))) > 0 {
			t.Errorf("save %q: %q (%v)", text, msg, err)
		}
		if en := ErrorText(i18n.English, err); en == "" || en == msg {
			t.Errorf("save %q: English %q", text, en)
		}
	}
}

// TestRussianRolls: the chance outcomes that are codes are said in
// words: Lux et Umbra's dice, Nords Loki's first player; a roll of Nords
// Loki's dice says whose it is.
func TestRussianRolls(t *testing.T) {
	ru := i18n.Russian
	lux := newModel(t, Config{Game: mustGame(t, "luxumbra"), Vs: "human", Lang: ru})
	for roll, want := range map[string]string{"LL": "Свет и Свет", "LS": "Свет и Тень", "SS": "Тень и Тень", "L": "Свет", "S": "Тень"} {
		if got := lux.entryText(entry{text: roll, chance: true}); got != want {
			t.Errorf("Lux et Umbra's roll %s = %q, want %q", roll, got, want)
		}
	}
	scr := lux.Render()
	noEnglish(t, "Lux et Umbra", scr)
	if !regexp.MustCompile(`Выпало: (Свет|Тень) и (Свет|Тень)`).MatchString(scr) || !regexp.MustCompile(`1\. Белые: (Свет|Тень) и (Свет|Тень)`).MatchString(scr) {
		t.Errorf("Lux et Umbra's roll is not in words:\n%s", scr)
	}
	for seed := range uint64(4) {
		loki := newModel(t, Config{Game: mustGame(t, "nordsloki"), Vs: "human", Lang: ru, Seed: seed, HasSeed: true})
		scr := loki.Render()
		noEnglish(t, "Nords Loki", scr)
		first := loki.s.Players()[loki.s.Player()]
		who := i18n.Player(ru, first)
		notes := strings.Join(loki.notes, "\n")
		if !strings.Contains(notes, "Первым ходит "+who) || !regexp.MustCompile(who+`: выпало \d-\d-\d`).MatchString(notes) {
			t.Errorf("Nords Loki's first rolls: notes %q", loki.notes)
		}
		if ml := strings.Join(loki.moveLines(80), "\n"); !strings.HasPrefix(ml, "Кубики: Первым ходит "+who+"\n1. "+who+": ") {
			t.Errorf("Nords Loki's move list:\n%s", ml)
		}
		if strings.Contains(scr, "Выпало: p") || strings.Contains(scr, "Кости") {
			t.Errorf("Nords Loki's rolls as codes:\n%s", scr)
		}
		// A few turns between people: every roll's note and the move
		// list in Russian.
		for range 6 {
			if loki.s.Terminal() {
				break
			}
			press(t, loki, "?", "enter")
			noEnglish(t, "Nords Loki's turns", loki.Render())
		}
	}
}

// TestKeyboardLayouts: the keys and the typed moves are read with the
// Russian layout too: «у2у4» is e2e4, «Та3» Nf3, «г» undoes, «й» quits
// a finished game, «Ц0/3» is a step W0/3.
func TestKeyboardLayouts(t *testing.T) {
	m := newModel(t, Config{Vs: "human", Lang: i18n.Russian})
	press(t, m, "у2у4", "enter", "у7у5", "enter", "Та3", "enter")
	if got, want := history(m), "e2e4 e7e5 g1f3"; got != want {
		t.Errorf("history after у2у4 у7у5 Та3 = %q, want %q\n%s", got, want, m.Render())
	}
	press(t, m, "у2у5", "enter")
	if !strings.Contains(m.message, "Ход e2e5 сейчас невозможен") {
		t.Errorf("у2у5: %q, want e2e5 refused", m.message)
	}
	press(t, m, "г")
	if got, want := history(m), "e2e4 e7e5"; got != want || m.input != "" {
		t.Errorf("after г: history %q, input %q; want %q and none", got, m.input, want)
	}
	press(t, m, "гтвщ", "enter")
	if got, want := history(m), "e2e4"; got != want {
		t.Errorf("after гтвщ (undo): history %q, want %q", got, want)
	}
	press(t, m, "й")
	if m.quitting || m.input != "й" {
		t.Errorf("й during the game: quitting %v, input %q; want a letter typed", m.quitting, m.input)
	}
	press(t, m, "esc")
	// Fool's mate typed in the Russian layout.
	press(t, m, "г", "а2а3", "enter", "у7у5", "enter", "п2п4", "enter", "в8р4", "enter")
	if !m.State().Terminal() {
		t.Fatalf("fool's mate typed in the Russian layout: %s\n%s", history(m), m.Render())
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'й', Text: "й"})
	if cmd == nil {
		t.Fatal("й at the end does not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("й at the end does not quit")
	}

	// Nords Loki: a step with its letter in the Russian layout.
	cyr := map[rune]rune{}
	for c, l := range latinKeys {
		cyr[l] = c
	}
	loki := newModel(t, Config{Game: mustGame(t, "nordsloki"), Vs: "human", Seed: 3, HasSeed: true})
	step := ""
	for range 20 {
		for _, text := range loki.legalText {
			if strings.HasPrefix(text, "W0/") {
				step = text
			}
		}
		if step != "" {
			break
		}
		press(t, loki, "?", "enter")
	}
	if step == "" {
		t.Fatalf("no W0/ step among %v", loki.legalText)
	}
	typed := strings.Map(func(r rune) rune {
		if c, ok := cyr[r]; ok {
			return c
		}
		return r
	}, step)
	if !strings.HasPrefix(typed, "Ц0/") {
		t.Fatalf("%s in the Russian layout is %q", step, typed)
	}
	n := len(loki.entries)
	press(t, loki, typed, "enter")
	if len(loki.entries) <= n || loki.entries[n].text != step {
		t.Errorf("typing %q did not play %s: %s\n%s", typed, step, history(loki), loki.Render())
	}

	// Online, the keys of the Russian layout answer too: «е» opens the
	// chat line (t), «к» asks to resign (r).
	om := fakeOnline(t, i18n.Russian)
	press(t, om, "е")
	if !om.on.chatting {
		t.Error("е does not open the chat line")
	}
	press(t, om, "привет", "esc", "к")
	if om.on.ask != "resign" || om.on.chatting {
		t.Errorf("к: ask %q, chatting %v; want resign", om.on.ask, om.on.chatting)
	}
	press(t, om, "т")
	if om.on.ask != "" {
		t.Errorf("т (n) does not cancel the resignation: ask %q", om.on.ask)
	}
}

// fakeOnline is the model of an online game of chess as White against
// the AI, from a view made here (no server: the keys that call none).
func fakeOnline(t *testing.T, l i18n.Lang) *Model {
	t.Helper()
	s := mustNew(t, "chess")
	var legal []string
	for _, a := range s.Legal() {
		legal = append(legal, s.ActionString(a))
	}
	v := &wire.View{ID: "g1", Game: "chess", Players: []string{"white", "black"}, You: "white", Started: true, ToMove: "white", Status: "turn white",
		Seats:    []wire.SeatView{{Player: "white", Kind: "human", Name: "Ann"}, {Player: "black", Kind: "ai", Level: "hard"}},
		Position: s.Position(), Legal: legal}
	m, err := NewOnline(Config{Lang: l}, &Online{Base: "http://127.0.0.1:1", ID: "g1", Player: "white", Token: "t"}, v)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestWidth60 draws every game, local and online, in both languages at
// 60 columns: no line is wider, the title is all there (on two lines),
// and no key is parted from its action.
func TestWidth60(t *testing.T) {
	for _, l := range i18n.Langs {
		var models []*Model
		for _, name := range []string{"chess", "seidr", "luxumbra", "samurai", "seatafl", "nordsloki"} {
			models = append(models, newModel(t, Config{Game: mustGame(t, name), Vs: "medium", Lang: l}))
		}
		models = append(models, fakeOnline(t, l))
		wrapped := 0
		for _, m := range models {
			m.Update(tea.WindowSizeMsg{Width: 60, Height: 24})
			for _, keys := range [][]string{nil, {"?"}} {
				press(t, m, keys...)
				what := m.g.Name() + "/" + string(l)
				if m.on != nil {
					what += " online"
				}
				if checkWidth(t, what, m, 60) {
					wrapped++
				}
			}
			press(t, m, "esc")
		}
		if wrapped == 0 {
			t.Errorf("%s: no title is wider than 60 columns: the wrapping of the title is not tested", l)
		}
	}
}

// checkWidth checks the model's view at width w; it reports whether the
// title was too wide for one line.
func checkWidth(t *testing.T, what string, m *Model, w int) bool {
	t.Helper()
	scr := m.View().Content
	lines := strings.Split(scr, "\n")
	for i, line := range lines {
		if n := lipgloss.Width(line); n > w {
			t.Errorf("%s: line %d is %d wide: %q", what, i+1, n, line)
		}
		if f := strings.Fields(line); len(f) > 0 && len(f[len(f)-1]) > 1 && strings.HasSuffix(f[len(f)-1], ":") {
			t.Errorf("%s: line %d ends with a key without its action: %q", what, i+1, line)
		}
	}
	title := m.title()
	if lipgloss.Width(title) <= w {
		if lines[0] != title {
			t.Errorf("%s: the title's line is %q, want %q", what, lines[0], title)
		}
		return false
	}
	// The line breaks between the title's items, in place of a " · ".
	words := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "·", " ")), " ") }
	if got := words(lines[0] + " " + lines[1]); got != words(title) || strings.HasPrefix(lines[2], "  ") {
		t.Errorf("%s: the title's two lines are %q and %q, want %q", what, lines[0], lines[1], title)
	}
	for _, item := range strings.Split(m.help(), itemSep) {
		if strings.Contains(item, ":") && !strings.Contains(scr, item) {
			t.Errorf("%s: the help's %q is not on one line:\n%s", what, item, scr)
		}
	}
	return true
}

// TestOnlineRussianErrors plays against a real server in Russian and
// drives the error answers: a malformed action and a stale one posted,
// a takeback with no move to take back, a chat line too long, a move out
// of turn, the feed down, a used invitation, a server that is not there.
// The screen shows the server's Russian message, never its English
// detail.
func TestOnlineRussianErrors(t *testing.T) {
	ru := i18n.Russian
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "human", "name": "Аня"}, map[string]string{"type": "open"})
	ann := g.Seats[0].Token
	m, ch := joinModel(t, Config{Lang: ru}, g.Seats[1].InviteURL, "Боря")
	await(t, m, ch, "Ход: Белые")
	shows := func(what, want string) {
		t.Helper()
		scr := m.Render()
		noEnglish(t, what, scr)
		if !strings.Contains(m.message, want) {
			t.Errorf("%s: the message %q lacks %q\n%s", what, m.message, want, scr)
		}
	}
	press(t, m, "e7e5", "enter")
	shows("a move out of turn", i18n.T(ru, "tui.error.wait"))
	api(t, "POST", base+"/api/games/"+g.ID+"/actions", ann, map[string]any{"action": "e2e4", "seq": 0}, nil)
	await(t, m, ch, "Ход: Чёрные — ваш ход")

	// The answers of the server: each has an English detail.
	post := func(action string, seq int64) *APIError {
		t.Helper()
		_, err := m.on.o.Act(context.Background(), action, seq, wire.Reveal{})
		var ae *APIError
		if !errors.As(err, &ae) || ae.Detail == "" || ae.Message == "" {
			t.Fatalf("posting %s at %d: %v, want an error answer with a message and a detail", action, seq, err)
		}
		if strings.Contains(err.Error(), ae.Detail) {
			t.Errorf("the error of a Russian answer has the English detail: %q", err.Error())
		}
		drive(t, m, m.call("move", func(ctx context.Context) (*wire.View, error) { return m.on.o.Act(ctx, action, seq, wire.Reveal{}) }))
		if strings.Contains(m.Render(), ae.Detail) {
			t.Errorf("the screen shows the detail %q:\n%s", ae.Detail, m.Render())
		}
		return ae
	}
	post("zz9", m.on.view.Seq)
	shows("a malformed action", i18n.T(ru, "error.malformed_action"))
	post("e7e6", 0)
	shows("a stale action", i18n.T(ru, "error.stale_sequence"))
	press(t, m, "zz9", "enter")
	shows("a malformed typed move", "zz9 — не ход этой игры")
	press(t, m, "u")
	awaitModel(t, m, ch, "the takeback's answer", func() bool { return m.message != "" })
	shows("a takeback with no move", i18n.T(ru, "error.cannot_offer"))
	press(t, m, "е", strings.Repeat("я", 301), "enter")
	awaitModel(t, m, ch, "the chat's answer", func() bool { return m.message != i18n.T(ru, "error.cannot_offer") })
	shows("a chat line too long", i18n.T(ru, "error.bad_chat_text"))
	m.Update(feedMsg{game: m.on.o.ID, err: &ReachError{Base: base, Err: errors.New("dial tcp: connection refused")}})
	if scr := m.Render(); !strings.Contains(scr, i18n.T(ru, "tui.online.feed")) {
		t.Errorf("the feed down:\n%s", scr)
	}
	noEnglish(t, "the feed down", m.Render())

	// The errors of a join and of a server that is not there.
	_, _, err := Join(context.Background(), g.Seats[1].InviteURL, "", "", ru, nil)
	if msg := ErrorText(ru, err); msg != i18n.T(ru, "error.seat_not_open") || len(englishOn(err.Error())) > 0 {
		t.Errorf("a used invitation: %q (%v)", msg, err)
	}
	ln := httptest.NewServer(http.NotFoundHandler())
	gone := ln.URL
	ln.Close()
	_, _, err = Join(context.Background(), gone+"/games/abc?seat=black&invite=x", "", "", ru, nil)
	if msg := ErrorText(ru, err); msg != i18n.T(ru, "tui.error.reach", "server", gone) {
		t.Errorf("a server that is not there: %q (%v)", msg, err)
	}
}

// TestOnlineRussianRolls plays Nords Loki and Lux et Umbra on a real
// server in Russian against its AI: the rolls the feed brings are said as
// at home (whose roll, the first player, the dice in words), and no
// screen shows English.
func TestOnlineRussianRolls(t *testing.T) {
	ru := i18n.Russian
	base := testServer(t)
	for _, tc := range []struct{ game, want string }{
		{"nordsloki", `Игрок 2: выпало \d-\d-\d`},
		{"luxumbra", `Выпало: (Свет|Тень)( и (Свет|Тень))?`},
	} {
		g := createGame(t, base, tc.game, map[string]string{"type": "open"}, map[string]string{"type": "ai", "level": "easy"})
		m, ch := joinModel(t, Config{Lang: ru}, g.Seats[0].InviteURL, "Боря")
		await(t, m, ch, "ваш ход")
		noEnglish(t, tc.game+" online", m.Render())
		if tc.game == "nordsloki" {
			if ml := strings.Join(m.moveLines(80), "\n"); !strings.HasPrefix(ml, "Кубики: Первым ходит Игрок") {
				t.Errorf("the move list of Nords Loki online:\n%s", ml)
			}
		}
		re := regexp.MustCompile(tc.want)
		awaitModel(t, m, ch, "the AI's roll", func() bool {
			if m.human() {
				press(t, m, "?", "enter")
			}
			noEnglish(t, tc.game+" online", m.Render())
			return re.MatchString(strings.Join(m.notes, "\n")) || m.over()
		})
	}
}
