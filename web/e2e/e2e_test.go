// Package e2e tests the web app in headless Chromium against the real
// server: invitations, clicks on every board, play by keyboard, the AI,
// hot seat, replays, reconnection after a restart, the rules pages and the
// Russian screens.
// The tests skip when no chromium is installed. Set NORNS_SCREENSHOTS to a
// directory to keep the screenshots (docs/screenshots holds a current set).
package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/norns-games/norns/games/luxumbra"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// TestLobby opens the home page: the five games with their pictures.
func TestLobby(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("visitor")
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("game cards", `document.querySelectorAll(".game-card").length >= 5`, 10*time.Second)
	for _, g := range []string{"seidr", "luxumbra", "samurai", "seatafl", "nordsloki"} {
		if u.eval(fmt.Sprintf(`document.querySelector('.game-card[data-game="%s"] svg') ? "yes" : "no"`, g)) != "yes" {
			t.Errorf("lobby: no picture of %s", g)
		}
	}
	// The games' options by their labels, in each language.
	u.wait("the options", `!!document.querySelector('.game-card[data-game="seidr"] .opts')`, 10*time.Second)
	if got, want := u.text(`.game-card[data-game="seidr"] .opts`), "Options: Quiet-turn limit, Bare kings (on / off)"; got != want {
		t.Errorf("Seiðr's options in English = %q, want %q", got, want)
	}
	u.shot("web-lobby", "")
	u.click(`button[data-lang="ru"]`)
	u.wait("the Russian options", `document.documentElement.lang === "ru" && !!document.querySelector('.game-card[data-game="seidr"] .opts')`, 10*time.Second)
	for game, want := range map[string]string{
		"seidr": "Настройки: Предел ходов без взятия, Одни короли (да / нет)",
		// The repetition has five values (OpenTafl's two among them): the
		// card names it without them.
		"seatafl":   "Настройки: Доска и расстановка, Третье повторение позиции, Предел ходов",
		"nordsloki": "Настройки: Число игроков (2 / 3), Конунги (да / нет)",
	} {
		if got := u.text(fmt.Sprintf(`.game-card[data-game="%s"] .opts`, game)); got != want {
			t.Errorf("options of %s in Russian = %q, want %q", game, got, want)
		}
	}
	u.click(`button[data-lang="en"]`)
	u.wait("English again", `document.documentElement.lang === "en"`, 10*time.Second)
}

// TestPlayComputer: a first visit reaches a board in two clicks. The
// visitor clicks "Play the computer" on the chess card of the lobby, and
// White in its dialog (medium level and no clock chosen first, Random
// focused), lands on a new game as White against the computer at medium
// level, plays a
// move by clicking and sees the computer's reply. At 360 pixels wide the
// Nords Loki card starts a game the same way: two players (its default),
// the visitor against the computer.
func TestPlayComputer(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("visitor")
	u.do(chromedp.Navigate(a.url("/")))
	sel := `.game-card[data-game="chess"] button[data-play-ai="chess"]`
	u.wait("the button", fmt.Sprintf(`!!document.querySelector(%q)`, sel), 10*time.Second)
	if got := u.text(sel); got != "Play the computer" {
		t.Errorf("the button says %q, want %q", got, "Play the computer")
	}
	if got := u.eval(fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, sel)); got != "Play the computer at Chess" {
		t.Errorf("the button's label = %q, want %q", got, "Play the computer at Chess")
	}
	if got := u.text(`.game-card[data-game="chess"] a[data-new="chess"]`); got != "More ways to play…" {
		t.Errorf("the link to the create page says %q", got)
	}
	u.click(sel)
	u.wait("the dialog", `!!document.querySelector("dialog.play-ai-dialog[open]")`, 10*time.Second)
	if got := u.eval(`[document.querySelector("#play-ai-level").value, document.querySelector("#play-ai-clock").value, [...document.querySelectorAll("dialog [data-color]")].map((b) => b.innerText).join("/"), document.activeElement.dataset.color].join(" ")`); got != "medium none White/Random/Black random" {
		t.Errorf("the dialog: level, clock, colours and focus = %q", got)
	}
	u.click(`dialog [data-color="white"]`)
	u.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")

	// The game the create page makes for "The computer": the default
	// options, the visitor White, the computer Black at medium level.
	full := a.view(id)
	if got := seatLevels(full); full.Game != "chess" || got != "[{white human } {black ai medium}]" || full.Clock != nil {
		t.Errorf("game %s: seats %s, clock %v; want chess, [{white human } {black ai medium}], no clock", full.Game, got, full.Clock)
	}

	// The page: the visitor's seat, the computer's, the visitor's turn.
	u.wait("the visitor's seat", `document.querySelector('.player[data-player="white"] .you') !== null`, 10*time.Second)
	if got := u.text(`.player[data-player="black"]`); !strings.Contains(got, "Norns AI (medium)") || strings.Contains(got, "you") {
		t.Errorf("Black's seat reads %q, want Norns AI (medium)", got)
	}
	u.wait("the visitor's turn", `document.querySelector("#turn").innerText === "White to move — your move"`, 10*time.Second)
	v := a.view(id)
	u.waitPosition(v.Position)
	u.clickMove("chess", "e2e4")
	a.waitMoved(id, v.Seq)
	u.wait("the move in the list", `(document.querySelector('#moves [data-ply="0"]') || {}).innerText === "e4"`, 10*time.Second)

	// The computer replies, and it is the visitor's turn again.
	v = a.waitTurn(id, v.Seq, "white")
	if v.Finished || len(v.Legal) == 0 {
		t.Fatalf("after 1. e4 the game is %q", v.Status)
	}
	u.waitPosition(v.Position)
	u.wait("the reply in the list", `document.querySelectorAll("#moves li").length === 1 && !!document.querySelector('#moves [data-ply="1"]')`, 10*time.Second)
	u.wait("the visitor's turn again", `document.querySelector("#turn").innerText === "White to move — your move"`, 10*time.Second)
	t.Logf("the computer replied %s", u.text(`#moves [data-ply="1"]`))

	// On a phone, Nords Loki: two players by default, the visitor first.
	u.do(chromedp.EmulateViewport(360, 740))
	u.do(chromedp.Navigate(a.url("/")))
	sel = `button[data-play-ai="nordsloki"]`
	u.wait("the button", fmt.Sprintf(`!!document.querySelector(%q) && document.querySelectorAll(".game-card").length >= 5`, sel), 10*time.Second)
	if w := u.eval(`document.documentElement.scrollWidth + ""`); w != "360" {
		t.Errorf("at 360 px the lobby is %s px wide", w)
	}
	// Every card's buttons lie inside its card.
	if bad := u.eval(`[...document.querySelectorAll(".game-card .actions > *")].filter((e) => { const r = e.getBoundingClientRect(), c = e.closest(".game-card").getBoundingClientRect(); return r.left < c.left || r.right > c.right; }).map((e) => e.innerText).join(", ")`); bad != "" {
		t.Errorf("at 360 px these buttons stick out of their card: %s", bad)
	}
	u.click(sel)
	u.click(`dialog [data-color="p1"]`)
	u.wait("the Nords Loki page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id = strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	full = a.view(id)
	if got := seatLevels(full); full.Game != "nordsloki" || got != "[{p1 human } {p2 ai medium}]" || full.Options["players"] != "2" {
		t.Errorf("Nords Loki from the lobby: seats %s, options %v; want [{p1 human } {p2 ai medium}], 2 players", got, full.Options)
	}
	u.wait("the visitor's seat", `document.querySelector('.player[data-player="p1"] .you') !== null`, 10*time.Second)
}

// seatLevels is a game's seats as "[{player kind level} …]".
func seatLevels(v wire.View) string {
	var seats []string
	for _, s := range v.Seats {
		seats = append(seats, fmt.Sprintf("{%s %s %s}", s.Player, s.Kind, s.Level))
	}
	return fmt.Sprint(seats)
}

// TestInvites: for each game two people open the invitation links of a
// new game and join on the join step, play moves by clicking, and both see
// the same position.
func TestInvites(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	for _, tc := range []struct {
		game    string
		options map[string]string
		moves   int
	}{
		{"seidr", nil, 4},
		{"luxumbra", nil, 4},
		{"samurai", nil, 4},
		{"seatafl", nil, 4},
		{"nordsloki", map[string]string{"players": "3"}, 6},
	} {
		t.Run(tc.game, func(t *testing.T) {
			seats := []map[string]string{{"type": "open"}, {"type": "open"}}
			if tc.options["players"] == "3" {
				seats = append(seats, map[string]string{"type": "ai", "level": "easy"})
			}
			id, grants := a.create(tc.game, tc.options, seats...)
			users := map[string]*user{}
			for _, g := range grants {
				if g.Kind != "open" {
					continue
				}
				u := b.user(tc.game + "/" + g.Player)
				u.t = t
				u.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=%s&invite=%s", id, g.Player, g.Invite)))
				u.wait("the board", `!!document.querySelector(".game-board")`, 10*time.Second)
				users[g.Player] = u
			}
			seq := int64(-1)
			for i := 0; i < tc.moves; i++ {
				v := a.waitTurn(id, seq, slices.Collect(maps.Keys(users))...)
				if v.Finished {
					break
				}
				u := users[v.ToMove]
				if u == nil {
					t.Fatalf("no browser for %s", v.ToMove)
				}
				u.waitPosition(v.Position)
				action := v.Legal[len(v.Legal)/2]
				u.clickMove(tc.game, action)
				seq = v.Seq
				// The click was played: the server moved on.
				deadline := time.Now().Add(10 * time.Second)
				for a.view(id).Seq == v.Seq && time.Now().Before(deadline) {
					time.Sleep(50 * time.Millisecond)
				}
				if a.view(id).Seq == v.Seq {
					t.Fatalf("move %d: clicking %s did not play it", i, action)
				}
			}
			// At the next turn of a person the game stands still: every
			// browser shows the same position.
			v := a.waitTurn(id, seq, slices.Collect(maps.Keys(users))...)
			for _, u := range users {
				u.waitPosition(v.Position)
			}
			if v.Seq < int64(tc.moves) {
				t.Errorf("only %d events", v.Seq)
			}
			for _, u := range users {
				u.shot("web-game-"+tc.game, ".game-board")
				break
			}
		})
	}
}

// TestAIToTheEnd plays Lux et Umbra against the easy AI until the game
// ends with a result (a king captured, or a player without a move), the
// person's moves (any legal one) made by clicks and by typing; checks the
// result banner, the dice's fairness and the replay of the game. Such a
// game takes some 30 actions, rolls included; rarely more than 70.
func TestAIToTheEnd(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	start, err := luxumbra.Game.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	me := grants[0].Player
	u := b.user("player")
	u.holdSeats(a, id, map[string]string{me: grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	seq := int64(-1)
	for i := 0; ; i++ {
		v := a.waitTurn(id, seq, me)
		if v.Finished {
			break
		}
		if i > 150 {
			t.Fatal("the game does not end")
		}
		u.waitPosition(v.Position)
		u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
		action := v.Legal[rand.IntN(len(v.Legal))]
		if i%2 == 0 {
			u.clickMove("luxumbra", action)
		} else {
			u.typeMove(action)
		}
		a.waitMoved(id, v.Seq)
		seq = v.Seq
	}
	v := a.view(id)
	// A real result: a win or a draw, with its reason ("white wins (king
	// captured)"), and the banner says it in words.
	m := regexp.MustCompile(`\(([^)]+)\)$`).FindStringSubmatch(v.Result)
	if m == nil || !strings.HasPrefix(v.Status, "over ") || strings.HasPrefix(v.Status, "over unfinished") {
		t.Fatalf("the game ended with status %q, result %q: want a win or a draw with its reason", v.Status, v.Result)
	}
	reason := i18n.Reason(i18n.English, m[1])
	u.wait("the result banner", `!document.querySelector("#result").hidden`, 20*time.Second)
	got := u.text("#result")
	if !strings.Contains(got, " wins") && !strings.HasPrefix(got, "Draw") || !strings.HasSuffix(got, "— "+reason) {
		t.Errorf("result banner = %q, want a win or a draw and the reason %q (result %q)", got, reason, v.Result)
	}
	t.Logf("result %q after %d actions; banner %q", v.Result, v.Seq, got)
	u.waitPosition(v.Position)
	u.wait("the server seed", `!!document.querySelector("#server-seed")`, 5*time.Second)
	// The page checks every roll by itself once the game is over; the
	// button checks again.
	u.wait("the verification", `document.querySelector("#verify-result").dataset.ok === "true"`, 20*time.Second)
	u.click("#verify")
	u.wait("the verification again", `document.querySelector("#verify-result").dataset.ok === "true" && document.querySelector("#verify-result").innerText.includes("all match") && document.querySelector("#verify-result").innerText.includes("Signed by this server's key")`, 20*time.Second)
	u.shot("web-game-luxumbra-end", "#app")

	// The replay of the finished game.
	u.do(chromedp.Navigate(a.url("/replay/" + id)))
	u.waitPosition(v.Position)
	n, _ := strconv.Atoi(u.eval(`document.querySelectorAll("#moves li").length + ""`))
	if n < 5 {
		t.Fatalf("the replay has %d plies", n)
	}
	u.click("#first")
	u.waitPosition(start.Position())
	u.click("#forward")
	u.wait("one step", `document.querySelector("#replay-at").innerText.startsWith("1 /")`, 5*time.Second)
	u.click("#back")
	u.wait("back at the start", `document.querySelector("#replay-at").innerText.startsWith("0 /")`, 5*time.Second)
	u.click(`#moves li[data-ply="2"]`)
	u.wait("a jump", `document.querySelector("#replay-at").innerText.startsWith("3 /")`, 5*time.Second)
	// The arrow keys step once per press.
	u.do(chromedp.KeyEvent(kb.ArrowRight))
	u.wait("a step by the keyboard", `document.querySelector("#replay-at").innerText.startsWith("4 /")`, 5*time.Second)
	u.do(chromedp.KeyEvent(kb.ArrowLeft))
	u.wait("a step back by the keyboard", `document.querySelector("#replay-at").innerText.startsWith("3 /")`, 5*time.Second)
	// The autoplay, from a few plies before the end, runs to the end and
	// stops there.
	u.click(fmt.Sprintf(`#moves li[data-ply="%d"]`, n-5))
	u.wait("a jump near the end", fmt.Sprintf(`document.querySelector("#replay-at").innerText.startsWith("%d /")`, n-4), 5*time.Second)
	u.click("#autoplay")
	u.wait("the autoplay to the end", fmt.Sprintf(`document.querySelector("#replay-at").innerText.startsWith("%d /")`, n), 10*time.Second)
	u.waitPosition(v.Position)
	u.wait("the autoplay to stop", `document.querySelector("#autoplay").innerText === "Autoplay"`, 5*time.Second)
	u.shot("web-replay", "#app")
}

// TestReplayRecord loads a record as the lab writes it (a games.jsonl
// line) into the lab's replay page.
func TestReplayRecord(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("reader")
	u.do(chromedp.Navigate(a.url("/replay/lab")))
	u.wait("the record box", `!!document.querySelector("#record")`, 10*time.Second)
	rec := `{"game":"chess","options":{},"actions":["e2e4","e7e5","g1f3","b8c6"],"result":"unfinished"}\n{"game":"seatafl","actions":["d11-d8"]}`
	u.eval(fmt.Sprintf(`document.querySelector("#record").value = "%s", "ok"`, strings.ReplaceAll(rec, `"`, `\"`)))
	u.click("#load-record")
	u.waitPosition("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if got := u.text("#moves"); !strings.Contains(got, "Nf3") || !strings.Contains(got, "Nc6") {
		t.Errorf("move list = %q, want SAN", got)
	}
	u.eval(`(() => { const s = document.querySelector(".record-lines select"); s.value = "1"; s.dispatchEvent(new Event("change")); return "ok"; })()`)
	u.waitPosition("/4tttt3/5t5/5T5/t2t1T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ w 1")
}

// TestHotSeatRussian creates a hot-seat chess game on the create page, in
// Russian, plays a fool's mate by clicks for both sides, and checks the
// Russian turn indicator and result banner. The screenshots: the page
// before the mate in Russian and in English, the rules in Russian, and the
// finished game at 360 pixels wide.
func TestHotSeatRussian(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("hotseat")
	u.do(chromedp.Navigate(a.url("/new/chess")))
	u.wait("the language switch", `!!document.querySelector('button[data-lang="ru"]')`, 10*time.Second)
	u.click(`button[data-lang="ru"]`)
	u.wait("Russian", `document.documentElement.lang === "ru" && !!document.querySelector('input[value="hotseat"]')`, 10*time.Second)
	u.click(`input[value="hotseat"]`)
	u.click("#create-game")
	u.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	u.wait("the turn", `document.querySelector("#turn").innerText.startsWith("Ход: Белые")`, 10*time.Second)
	seq := int64(-1)
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		v := a.waitTurn(id, seq, "white", "black")
		u.waitPosition(v.Position)
		if m == "d8h4" {
			// The page before the last move, in Russian and in English.
			u.wait("Black's turn", `document.querySelector("#turn").innerText.startsWith("Ход: Чёрные")`, 10*time.Second)
			u.shot("web-game-ru", "")
			u.click(`button[data-lang="en"]`)
			u.wait("the turn in English", `document.documentElement.lang === "en" && document.querySelector("#turn") && document.querySelector("#turn").innerText.startsWith("Black to move")`, 10*time.Second)
			u.waitPosition(v.Position)
			u.shot("web-game-en", "")
			u.click(`button[data-lang="ru"]`)
			u.wait("Russian again", `document.documentElement.lang === "ru" && document.querySelector("#turn") && document.querySelector("#turn").innerText.startsWith("Ход: Чёрные")`, 10*time.Second)
			u.waitPosition(v.Position)
		}
		if m == "e7e5" {
			u.dragMove(m) // a piece can be dragged too
		} else {
			u.clickMove("chess", m)
		}
		a.waitMoved(id, v.Seq)
		seq = v.Seq
	}
	u.wait("the result banner", `!document.querySelector("#result").hidden`, 10*time.Second)
	if got := u.text("#result"); !strings.Contains(got, "Победа: Чёрные") || !strings.Contains(got, "мат") {
		t.Errorf("Russian result banner = %q", got)
	}
	// SAN with the Russian piece letters, as Russian chess books write it.
	if got := u.text(".moves"); !strings.Contains(got, "Фh4#") || strings.Contains(got, "Qh4") {
		t.Errorf("move list = %q, want Фh4#", got)
	}
	// The rules pages in Russian, with the rulings marked.
	u.do(chromedp.Navigate(a.url("/rules/nordsloki")))
	u.wait("the Russian rules", `document.querySelector(".rules") && document.querySelector(".rules").innerText.includes("корабль-призрак") && document.querySelectorAll(".rules .ruling").length > 3`, 10*time.Second)
	u.shot("web-rules-ru", "")
	// The choice is remembered.
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("Russian again", `document.documentElement.lang === "ru" && document.querySelector("#result") && !document.querySelector("#result").hidden`, 10*time.Second)
	u.click(`button[data-lang="en"]`)
	u.wait("English", `document.querySelector("#result") && document.querySelector("#result").innerText.includes("Black wins")`, 10*time.Second)
	u.do(chromedp.EmulateViewport(360, 740))
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the board", `!!document.querySelector(".game-board")`, 10*time.Second)
	if w := u.eval(`document.documentElement.scrollWidth + ""`); w != "360" {
		t.Errorf("at 360 px the page is %s px wide", w)
	}
	u.shot("web-phone-360", "")
}

// TestRules opens the English rules page of each game: the page written
// for players, with every ruling and house rule shown as a badge (none
// left as bracketed text, also in list items and with a note after a
// comma), and a screenshot of Seiðr's.
func TestRules(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("reader")
	for _, tc := range []struct{ game, phrase string }{
		{"seidr", "call of steel"},
		{"luxumbra", "Light"},
		{"samurai", "retired deck"},
		{"seatafl", "Brave piece"},
		{"nordsloki", "ghost ship"},
	} {
		u.do(chromedp.Navigate(a.url("/rules/" + tc.game)))
		u.wait("the rules of "+tc.game, fmt.Sprintf(`document.documentElement.lang === "en" && !!document.querySelector(".rules") && document.querySelector(".rules").innerText.includes(%q) && document.querySelectorAll(".rules .ruling").length >= 2 && document.querySelectorAll(".rules .house").length >= 1`, tc.phrase), 10*time.Second)
		text := u.text(".rules")
		for _, bad := range []string{"[ruling", "[house rule", "Source:", "engine"} {
			if strings.Contains(text, bad) {
				t.Errorf("rules of %s show %q", tc.game, bad)
			}
		}
		if tc.game == "seidr" {
			u.shot("web-rules-en", "")
		}
	}
}

// TestReconnect restarts the server under an open game page: the page
// reconnects by itself and shows the moves made meanwhile.
func TestReconnect(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.createWith(map[string]any{
		"game":  "seatafl",
		"seats": []map[string]string{{"type": "human"}, {"type": "human"}},
		"clock": map[string]int{"initial_ms": 300000, "increment_ms": 2000},
	})
	u := b.user("white")
	u.holdSeats(a, id, map[string]string{grants[1].Player: grants[1].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the clocks", `/^[45]:\d\d$/.test((document.querySelector('[data-clock="white"]') || {}).innerText || "")`, 10*time.Second)
	u.wait("live", `document.querySelector("#conn") && !document.querySelector("#conn").classList.contains("down") && document.querySelector("#conn").innerText === "live"`, 10*time.Second)
	a.restart()
	// The page counts the drops it notices (the "reconnecting" state may
	// last less than a look at the page takes).
	u.wait("the drop to be noticed", `Number(document.querySelector("#conn").dataset.drops || 0) >= 1`, 10*time.Second)
	// Black moves while the page reconnects.
	v := a.view(id)
	if err := a.call("POST", "/api/games/"+id+"/actions", grants[0].Token, map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil); err != nil {
		t.Fatal(err)
	}
	u.wait("live again", `!document.querySelector("#conn").classList.contains("down")`, 20*time.Second)
	v = a.view(id)
	u.waitPosition(v.Position)
	u.clickMove("seatafl", v.Legal[0])
	a.waitMoved(id, v.Seq)
}

// TestCreateLoki creates a three-player Nords Loki on the create page, in
// Russian, with one seat for the creator, one for a friend and one for
// the AI: the invitation link of the friend's seat takes the seat (on
// the join step).
func TestCreateLoki(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("creator")
	u.do(chromedp.Navigate(a.url("/new/nordsloki")))
	u.wait("the form", `!!document.querySelector("#opt-players")`, 10*time.Second)
	u.click(`button[data-lang="ru"]`)
	u.wait("the Russian form", `document.documentElement.lang === "ru" && !!document.querySelector("#opt-players")`, 10*time.Second)
	u.eval(`(() => { const s = document.querySelector("#opt-players"); s.value = "3"; s.dispatchEvent(new Event("change")); return "ok"; })()`)
	u.click(`input[value="custom"]`)
	u.wait("three seats", `document.querySelectorAll("select[data-seat]").length === 3`, 5*time.Second)
	u.eval(`(() => { const s = document.querySelector('select[data-seat="p3"]'); s.value = "ai:easy"; s.dispatchEvent(new Event("change")); return "ok"; })()`)
	if got := u.text(`label[for="clock"]`); !strings.HasPrefix(got, "Контроль времени") {
		t.Errorf("the clock's label = %q", got)
	}
	u.shot("web-create-ru", "")
	u.click("#create-game")
	u.wait("the invitation", `!!document.querySelector('input[data-invite="p2"]')`, 10*time.Second)
	if n := u.eval(`document.querySelectorAll("input[data-invite]").length + ""`); n != "1" {
		t.Errorf("%s invitations, want 1 (p2)", n)
	}
	link := u.eval(`document.querySelector('input[data-invite="p2"]').value`)
	u.wait("the board", `!!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	friend := b.user("friend")
	friend.acceptInvite(link)
	friend.wait("the seat", `document.querySelector('.player[data-player="p2"] .you') !== null`, 10*time.Second)
	v := a.view(id)
	if len(v.Players) != 3 {
		t.Fatalf("players = %v", v.Players)
	}
	var seats []string
	for _, s := range v.Seats {
		seats = append(seats, fmt.Sprintf("{%s %s}", s.Player, s.Kind))
	}
	if fmt.Sprint(seats) != "[{p1 human} {p2 human} {p3 ai}]" {
		t.Errorf("seats = %v", seats)
	}
	u.wait("the game to start", `!document.querySelector("#turn").innerText.includes("Ждём")`, 10*time.Second)
}

// TestPublicSeat: one person creates a game whose open seat anyone may
// join; a second person, in another browser context, finds it in the
// lobby and joins by clicking (Join, then the join step's Join, Seiðr
// having dice); the seat leaves the lobby's list, a move by
// clicking reaches both, and both boards show the same position.
func TestPublicSeat(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("creator")
	u.do(chromedp.Navigate(a.url("/new/seidr")))
	u.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
	u.click("#public")
	u.firstSeat() // the creator first, not a random colour
	u.click("#create-game")
	u.wait("the invitation", `!!document.querySelector("input[data-invite]")`, 10*time.Second)
	u.wait("the board", `!!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	v := a.view(id)
	creator, guest := v.Players[0], v.Players[1]
	u.wait("the creator's seat", fmt.Sprintf(`document.querySelector('.player[data-player="%s"] .you') !== null`, creator), 10*time.Second)

	other := b.user("guest")
	other.do(chromedp.Navigate(a.url("/")))
	sel := fmt.Sprintf(`button.join[data-game="%s"][data-join="%s"]`, id, guest)
	other.wait("the Join button", fmt.Sprintf(`!!document.querySelector(%q)`, sel), 10*time.Second)
	other.shot("web-lobby-join", "table.list")
	other.click(sel)
	// Seiðr rolls dice: the Join leads to the join step, with its seed.
	other.wait("the join step", `!!document.querySelector("#join-step #join-seed")`, 10*time.Second)
	other.click("#join-accept")
	other.wait("the game as "+guest, fmt.Sprintf(`location.pathname === "/games/%s" && document.querySelector('.player[data-player="%s"] .you') !== null`, id, guest), 10*time.Second)

	// The seat is taken: the list has no public seat for it any more.
	var list wire.ListResponse
	if err := a.call("GET", "/api/games?state=live", "", nil, &list); err != nil {
		t.Fatal(err)
	}
	for _, g := range list.Games {
		for _, s := range g.Seats {
			if g.ID == id && (s.Kind != "human" || s.Public || s.Invite != "") {
				t.Errorf("listed seat %s after the join = %+v, want a human seat without invitation", s.Player, s)
			}
		}
	}

	// Both play the same game: the creator moves, both boards follow.
	v = a.waitTurn(id, -1, creator)
	u.waitPosition(v.Position)
	other.waitPosition(v.Position)
	u.clickMove("seidr", v.Legal[len(v.Legal)/2])
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	u.waitPosition(v.Position)
	other.waitPosition(v.Position)
}

// TestKeyboard plays with the keyboard only. Chess: the board is one Tab
// stop; the arrows go to e2, Enter picks the pawn up, the arrows go to e4,
// Enter plays e4; later a promotion is chosen in the picker with the
// arrows. Nords Loki: a step from the waiting tray or a ship to a ship,
// the ring of ships also one Tab stop.
func TestKeyboard(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("keyboard")
	shift := chromedp.KeyModifiers(chromedp.ModifierShift)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u.holdSeats(a, id, map[string]string{grants[0].Player: grants[0].Token, grants[1].Player: grants[1].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.view(id)
	u.waitPosition(v.Position)

	if n := u.eval(`document.querySelectorAll('.board [role="grid"] [tabindex="0"]').length + ""`); n != "1" {
		t.Errorf("%s squares are Tab stops, want 1", n)
	}
	// The square before the Flip button in the Tab order: the board's
	// corner at the bottom left, with the focus ring shown.
	u.do(chromedp.Focus(chromedp.CSS("#flip")))
	u.press(kb.Tab, 1, shift)
	if got := u.focused(); got != "a1" {
		t.Fatalf("Shift+Tab from Flip focuses %q, want the square a1", got)
	}
	if got := u.eval(`getComputedStyle(document.querySelector(".board .focus-ring")).display`); got == "none" {
		t.Errorf("no focus ring on the focused square")
	}
	u.press(kb.ArrowRight, 4)
	u.press(kb.ArrowUp, 1)
	if got, want := u.focusedLabel(), "e2, white pawn, can move"; got != want {
		t.Errorf("e2 is named %q, want %q", got, want)
	}
	u.press(kb.Enter, 1)
	u.wait("e2 picked up", `document.activeElement.getAttribute("aria-selected") === "true" && !!document.querySelector(".board .selected")`, 5*time.Second)
	u.press(kb.ArrowUp, 2)
	if got, want := u.focusedLabel(), "e4, empty, move here"; got != want {
		t.Errorf("e4 is named %q, want %q", got, want)
	}
	u.press(kb.Enter, 1)
	a.waitMoved(id, v.Seq)
	u.wait("the move in the list", `(document.querySelector('#moves [data-ply="0"]') || {}).innerText === "e4"`, 10*time.Second)
	v = a.view(id)
	if !strings.HasPrefix(v.Position, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b") {
		t.Fatalf("after the keyboard's e2e4 the position is %s", v.Position)
	}
	u.waitPosition(v.Position)
	if got := u.focused(); got != "e4" {
		t.Errorf("after the move the focus is on %q, want e4", got)
	}

	// A pawn to promote: 1...b5 2.a4 a6 3.axb5 Bb7 4.bxa6 Nc6 5.axb7 e6.
	for _, m := range []string{"b7b5", "a2a4", "a7a6", "a4b5", "c8b7", "b5a6", "b8c6", "a6b7", "e7e6"} {
		v = a.view(id)
		token := grants[0].Token
		if v.ToMove == grants[1].Player {
			token = grants[1].Token
		}
		if err := a.call("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": m, "seq": v.Seq}, nil); err != nil {
			t.Fatal(err)
		}
	}
	v = a.view(id)
	u.waitPosition(v.Position)
	// From e4 to b7; Escape puts the pawn down again.
	u.press(kb.ArrowLeft, 3)
	u.press(kb.ArrowUp, 3)
	if got := u.focused(); got != "b7" {
		t.Fatalf("the focus is on %q, want b7", got)
	}
	u.press(kb.Enter, 1)
	u.wait("b7 picked up", `!!document.querySelector(".board .selected")`, 5*time.Second)
	u.press(kb.Escape, 1)
	u.wait("b7 put down", `!document.querySelector(".board .selected") && document.activeElement.getAttribute("aria-selected") === "false"`, 5*time.Second)
	u.press(kb.Enter, 1)
	u.press(kb.ArrowUp, 1)
	u.press(kb.Enter, 1)
	// The picker has the focus; the arrows go to the knight.
	u.wait("the promotion picker", `!!document.activeElement.closest(".picker")`, 5*time.Second)
	for i := 0; i < 4 && u.focused() != "b7b8n"; i++ {
		u.press(kb.ArrowDown, 1)
	}
	if got := u.focused(); got != "b7b8n" {
		t.Fatalf("the arrows in the picker reach %q, not b7b8n", got)
	}
	if got := u.eval(`document.activeElement.getAttribute("role") + " " + document.activeElement.getAttribute("aria-label")`); got != "button knight" {
		t.Errorf("the knight's choice is %q, want a button named knight", got)
	}
	u.press(kb.Enter, 1)
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	if !strings.HasPrefix(v.Position, "rN1qkbnr/") {
		t.Errorf("after b7b8n the position is %s", v.Position)
	}
	u.waitPosition(v.Position)
	if got := u.focused(); got != "b8" {
		t.Errorf("after the promotion the focus is on %q, want b8", got)
	}

	// Nords Loki, two players, both seats in this browser.
	id, grants = a.create("nordsloki", map[string]string{"players": "2"}, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u.holdSeats(a, id, map[string]string{grants[0].Player: grants[0].Token, grants[1].Player: grants[1].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v = a.waitTurn(id, -1, grants[0].Player, grants[1].Player)
	u.waitPosition(v.Position)
	step := regexp.MustCompile(`^[KWR](\d+)/(\d+)$`)
	var action string
	var from, to int
	for _, l := range v.Legal {
		if m := step.FindStringSubmatch(l); m != nil {
			action = l
			from, _ = strconv.Atoi(m[1])
			to, _ = strconv.Atoi(m[2])
			break
		}
	}
	if action == "" {
		t.Fatalf("no step to a ship among %v", v.Legal)
	}
	if n := u.eval(`document.querySelectorAll('.loki-board [data-ring][tabindex="0"]').length + ""`); n != "1" {
		t.Errorf("%s ships are Tab stops, want 1", n)
	}
	// The ring is the Tab stop before the waiting trays; on the ring the
	// arrows go from ship to ship, the harbour (25) after ship 24.
	ring := func(f int) {
		t.Helper()
		cur, err := strconv.Atoi(u.focused())
		if err != nil {
			t.Fatalf("the focus is not on the ring: %q", u.focused())
		}
		u.press(kb.ArrowRight, ((f-cur)%25+25)%25)
		if got := u.focused(); got != strconv.Itoa(f) {
			t.Fatalf("the arrows reach %q, want ship %d", got, f)
		}
	}
	if from == 0 {
		u.do(chromedp.Focus(chromedp.CSS(".tray.to-move button.wait")))
		u.press(kb.Enter, 1)
		u.wait("the waiting tray chosen", `document.querySelector(".tray.to-move button.wait").getAttribute("aria-pressed") === "true"`, 5*time.Second)
		u.press(kb.Tab, 1, shift)
	} else {
		u.do(chromedp.Focus(chromedp.CSS(`.loki-board [data-ring][tabindex="0"]`)))
		ring(from)
		u.press(kb.Enter, 1)
		u.wait("the ship chosen", fmt.Sprintf(`document.querySelector('g.ship[data-field="%d"]').getAttribute("aria-pressed") === "true"`, from), 5*time.Second)
	}
	ring(to)
	if got := u.focusedLabel(); !strings.Contains(got, runeName(to)) || !strings.HasSuffix(got, "move here") {
		t.Errorf("ship %d is named %q", to, got)
	}
	if got := u.eval(`getComputedStyle(document.activeElement.querySelector(".focus-outer")).display`); got == "none" {
		t.Errorf("no focus ring on the focused ship")
	}
	u.press(kb.Enter, 1)
	// Two kinds of checker may make the step: the choice has the focus.
	if u.eval(`document.querySelector("button.step-choice") ? "yes" : "no"`) == "yes" {
		for i := 0; i < 4 && u.focused() != action; i++ {
			u.press(kb.Tab, 1)
		}
		u.press(kb.Enter, 1)
	}
	a.waitMoved(id, v.Seq)
	played := ""
	for _, e := range a.view(id).History {
		if e.Seq == v.Seq+1 {
			played = e.Action
		}
	}
	if played != action {
		t.Errorf("the keyboard played %q, want %s", played, action)
	}
}

// runeName is the name of the rune of ship f (web/src/boards/loki.ts).
func runeName(f int) string {
	return []string{"Fehu", "Uruz", "Thurisaz", "Ansuz", "Raidho", "Kenaz", "Gebo", "Wunjo", "Hagalaz", "Naudiz", "Isa", "Jera", "Eihwaz", "Perthro", "Algiz", "Sowilo", "Tiwaz", "Berkano", "Ehwaz", "Mannaz", "Laguz", "Ingwaz", "Dagaz", "Othala"}[f-1]
}

// TestFairDice: the dice of a game against the computer are fair from the
// first roll, and no seat token travels in a URL.
//
// The visitor clicks "Play the computer" on the Nords Loki card. The
// create answer the browser received holds the server's commitment and no
// roll; the browser then posts its seat's seed (16 random bytes in 22
// base64url characters, the seat's token in the Authorization header), and
// only then does the game start with the first-player roll, rolled from
// that seed; the fairness panel shows it. The page's WebSocket URL carries
// no token: the page names its seat in the feed's first message, and the
// server answers with the seat.
//
// A second visitor holds one seat of a Seiðr chess game created elsewhere,
// with no seed given: the page gives it, and says it waits for the other
// player's seed until that one comes. A third holds a token the game does
// not know: the feed answers with an error the page shows, and the page
// follows the game as a spectator (no token sent again).
func TestFairDice(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("visitor")
	u.do(chromedp.Navigate(a.url("/")))
	sel := `button[data-play-ai="nordsloki"]`
	u.wait("the button", fmt.Sprintf(`!!document.querySelector(%q)`, sel), 10*time.Second)
	u.click(sel)
	u.click(`dialog [data-color="p1"]`)
	u.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	token := u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s") || "{}").p1 || ""`, id))
	if token == "" {
		t.Fatalf("the browser holds no token for p1 of game %s", id)
	}

	// The create answer: the commitment, no seed, no roll.
	log := u.net.snapshot()
	var create, seed []netRequest
	for _, r := range log.requests {
		switch {
		case r.method == "POST" && r.url == a.url("/api/games"):
			create = append(create, r)
		case r.method == "POST" && r.url == a.url("/api/games/"+id+"/seed"):
			seed = append(seed, r)
		}
	}
	if len(create) != 1 || len(seed) != 1 {
		t.Fatalf("the page sent %d create requests and %d seed requests, want 1 and 1", len(create), len(seed))
	}
	var created wire.CreateResponse
	if err := json.Unmarshal([]byte(u.responseBody(create[0].id)), &created); err != nil {
		t.Fatal(err)
	}
	var c wire.View
	if err := json.Unmarshal(created.Game, &c); err != nil {
		t.Fatal(err)
	}
	if created.ID != id || !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(c.Fairness.Commitment) {
		t.Errorf("create answer: game %q, commitment %q; want %s and 64 hex digits", created.ID, c.Fairness.Commitment, id)
	}
	if c.Started || c.Status != "waiting" || c.Seq != 0 || len(c.History) != 0 || c.Fairness.Rolls != 0 || len(c.Fairness.SeatSeeds) != 0 || fmt.Sprint(c.AwaitingSeeds) != "[p1]" {
		t.Errorf("create answer: started %v, status %q, seq %d, %d events, %d rolls, seeds %v, awaiting %v; want a game waiting for p1's seed, no roll",
			c.Started, c.Status, c.Seq, len(c.History), c.Fairness.Rolls, c.Fairness.SeatSeeds, c.AwaitingSeeds)
	}

	// The seed the browser posted, with the seat's token.
	if got := seed[0].headers["Authorization"]; got != "Bearer "+token {
		t.Errorf("the seed request's Authorization = %q, want the seat's token", got)
	}
	var posted wire.SeedRequest
	if err := json.Unmarshal([]byte(u.requestBody(seed[0].id)), &posted); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`).MatchString(posted.Seed) {
		t.Errorf("the seed posted is %q, want 22 base64url characters", posted.Seed)
	}

	// The game started and rolled from that seed, under the commitment of
	// the create answer.
	var v wire.View
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if err := a.call("GET", "/api/games/"+id, "", nil, &v); err != nil {
			t.Fatal(err)
		}
		if v.Fairness.Rolls > 0 || time.Now().After(deadline) {
			break
		}
	}
	if !v.Started || v.Fairness.Rolls == 0 || len(v.History) == 0 || v.History[0].Kind != "roll" {
		t.Fatalf("after the seed: started %v, %d rolls, history %v; want the game started with a roll", v.Started, v.Fairness.Rolls, v.History)
	}
	if v.Fairness.Commitment != c.Fairness.Commitment || v.Fairness.SeatSeeds["p1"] != posted.Seed || len(v.AwaitingSeeds) != 0 {
		t.Errorf("after the seed: commitment %s, seeds %v, awaiting %v; want %s, p1's seed %s, none awaited", v.Fairness.Commitment, v.Fairness.SeatSeeds, v.AwaitingSeeds, c.Fairness.Commitment, posted.Seed)
	}
	u.wait("the seed in the fairness panel", fmt.Sprintf(`((document.querySelector("#fairness") || {}).innerText || "").includes("Seed of Player 1: %s")`, posted.Seed), 10*time.Second)
	u.wait("the seat named on the feed", `(document.querySelector("#conn") || {dataset: {}}).dataset.player === "p1"`, 10*time.Second)

	// The WebSocket: no token in its URL, the token in its first message,
	// the seat in the server's answer.
	log = u.net.snapshot()
	if len(log.sockets) == 0 {
		t.Fatal("the page opened no WebSocket")
	}
	wsURL := regexp.MustCompile(`^ws://` + regexp.QuoteMeta(a.addr) + `/api/games/` + id + `/ws\?since=\d+$`)
	for _, s := range log.sockets {
		// The lobby's feed (the seeks) carries no token either.
		if s == "ws://"+a.addr+"/api/lobby/ws" {
			continue
		}
		if !wsURL.MatchString(s) {
			t.Errorf("the page opened the WebSocket %s, want %s", s, wsURL)
		}
	}
	for _, r := range log.requests {
		if strings.Contains(r.url, token) || strings.Contains(r.url, "token=") {
			t.Errorf("a request's URL carries a token: %s %s", r.method, r.url)
		}
	}
	auth, _ := json.Marshal(wire.AuthMessage{Type: wire.MessageAuth, Token: token})
	if len(log.sent) == 0 || log.sent[0] != string(auth) {
		t.Errorf("the page's first WebSocket messages are %q, want %s", log.sent, auth)
	}
	seated := slices.ContainsFunc(log.received, func(m string) bool {
		var r wire.AuthReply
		return json.Unmarshal([]byte(m), &r) == nil && r.Type == wire.MessageAuth && r.Player == "p1"
	})
	if !seated {
		t.Errorf("the server did not answer the auth message with the seat p1: received %d messages", len(log.received))
	}

	// A game created elsewhere: the page gives its seat's seed, and waits
	// for the other's.
	id2, grants := a.createWith(map[string]any{"game": "seidr", "seats": []map[string]string{{"type": "human"}, {"type": "human"}}})
	white := b.user("white")
	white.holdSeats(a, id2, map[string]string{grants[0].Player: grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id2)))
	white.wait("the seeds awaited", `(document.querySelector("#turn") || {}).innerText === "Waiting for the players' dice seeds"`, 10*time.Second)
	var w wire.View
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if err := a.call("GET", "/api/games/"+id2, "", nil, &w); err != nil {
			t.Fatal(err)
		}
		if w.Fairness.SeatSeeds["white"] != "" || time.Now().After(deadline) {
			break
		}
	}
	if w.Started || fmt.Sprint(w.AwaitingSeeds) != "[black]" || !regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`).MatchString(w.Fairness.SeatSeeds["white"]) {
		t.Fatalf("after the page opened: started %v, awaiting %v, seeds %v; want White's seed given and Black's awaited", w.Started, w.AwaitingSeeds, w.Fairness.SeatSeeds)
	}
	white.wait("White's seed in the fairness panel", fmt.Sprintf(`((document.querySelector("#fairness") || {}).innerText || "").includes("Seed of White: %s")`, w.Fairness.SeatSeeds["white"]), 10*time.Second)
	a.giveSeed(id2, grants[1].Token, "black's luck")
	v2 := a.waitTurn(id2, -1, "white", "black")
	white.waitPosition(v2.Position)
	white.wait("the game under way", `/( to move|your move)$/.test((document.querySelector("#turn") || {}).innerText || "")`, 10*time.Second)

	// A token the game does not know: the feed's error is shown, and the
	// page follows as a spectator.
	stranger := b.user("stranger")
	stranger.holdSeats(a, id2, map[string]string{"white": "not-a-token"})
	stranger.do(chromedp.Navigate(a.url("/games/" + id2)))
	stranger.wait("a second feed", `!!document.querySelector("#conn") && Number(document.querySelector("#conn").dataset.drops || 0) >= 1 && document.querySelector("#conn").innerText === "live"`, 20*time.Second)
	// The feed's error, with its detail (a refused GET has none).
	if got, want := stranger.text("#error"), "The seat token does not belong to this game. — the token opens no seat of this game"; got != want {
		t.Errorf("the page's error = %q, want %q", got, want)
	}
	log = stranger.net.snapshot()
	refused := slices.ContainsFunc(log.received, func(m string) bool {
		return strings.HasPrefix(m, `{"type":"error",`) && strings.Contains(m, `"code":"bad_token"`)
	})
	// The page as a spectator opens the spectators' chat room on its feed,
	// and sends no token.
	auths := 0
	for _, m := range log.sent {
		if strings.Contains(m, `"type":"auth"`) {
			auths++
		}
	}
	if !refused || len(log.sockets) < 2 || auths != 1 {
		t.Errorf("the stranger's feeds: refused %v, %d sockets, sent %q; want the token refused once and no token sent again", refused, len(log.sockets), log.sent)
	}
}

// TestLeave: a player leaves a game from its page, as on lichess. In an
// invitation chess game the creator's page offers Abort before any move;
// once White has moved, White's page offers Resign and Black's still
// Abort; once Black has moved too, Black resigns with the keyboard and
// the mouse through the button and its confirmation ("Are you sure?", a
// first try cancelled with Escape), and both pages show White's win by
// resignation, the resignation in the move list (in Russian too), and no
// button any more. On a phone, a creator aborts a game still waiting for
// its opponent.
func TestLeave(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	offers := func(u *user, kind string) {
		u.t.Helper()
		u.wait("the "+kind+" button", fmt.Sprintf(`(() => { const e = document.querySelector("#leave-offer"); return !!e && !document.querySelector("#leave").hidden && e.dataset.leave === %q && document.querySelector("main").dataset.idle !== "false"; })()`, kind), 10*time.Second)
	}
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	white := b.user("white")
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	offers(white, "abort")
	if got := white.text("#leave-offer"); got != "Abort" {
		t.Errorf("the creator's button says %q, want Abort", got)
	}
	if got := white.eval(`document.querySelector("#leave-offer").getAttribute("aria-label")`); got != "Abort (White)" {
		t.Errorf("the creator's button is labelled %q, want %q", got, "Abort (White)")
	}
	black := b.user("black")
	black.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	black.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	offers(black, "abort")

	// White moves: White may only resign now, Black may still abort.
	v := a.waitTurn(id, -1, "white")
	white.waitPosition(v.Position)
	white.clickMove("chess", "e2e4")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	white.waitPosition(v.Position)
	black.waitPosition(v.Position)
	offers(white, "resign")
	if got := white.text("#leave-offer"); got != "Resign" {
		t.Errorf("White's button after e4 says %q, want Resign", got)
	}
	offers(black, "abort")

	// Black moves, then resigns: the first press asks, Escape takes the
	// question back, and the focus returns to the button.
	black.clickMove("chess", "e7e5")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	black.waitPosition(v.Position)
	offers(black, "resign")
	black.click("#leave-offer")
	black.wait("the question", `!!document.querySelector("#leave-confirm")`, 10*time.Second)
	if got := black.text("#leave"); !strings.Contains(got, "Are you sure?") || black.text("#leave-confirm") != "Yes, resign" || black.text("#leave-cancel") != "Cancel" {
		t.Errorf("the confirmation reads %q", got)
	}
	if got := black.focused(); got != "leave-cancel" {
		t.Errorf("the focus after the first press is on %q, want Cancel", got)
	}
	black.press(kb.Escape, 1)
	black.wait("the button again", `!document.querySelector("#leave-confirm") && !!document.querySelector("#leave-offer")`, 10*time.Second)
	if got := black.focused(); got != "leave-offer" {
		t.Errorf("the focus after Escape is on %q, want the Resign button", got)
	}
	if w := a.view(id); w.Finished {
		t.Fatalf("the game ended without a confirmation: %q", w.Result)
	}
	black.press(kb.Enter, 1)
	black.wait("the question again", `!!document.querySelector("#leave-confirm")`, 10*time.Second)
	black.shot("web-resign-confirm", ".game-main")
	black.click("#leave-confirm")

	deadline := time.Now().Add(10 * time.Second)
	for v = a.view(id); !v.Finished && time.Now().Before(deadline); v = a.view(id) {
		time.Sleep(50 * time.Millisecond)
	}
	if v.Status != "over white" || v.Result != "white wins (resignation)" {
		t.Fatalf("after Black's resignation the game is %q, %q; want over white, white wins (resignation)", v.Status, v.Result)
	}
	for _, u := range []*user{white, black} {
		u.wait("the result", `!document.querySelector("#result").hidden && document.querySelector("main").dataset.idle !== "false"`, 10*time.Second)
		// The banner says who resigned, as lichess does.
		if got := u.text("#result"); got != "Black resigned" {
			t.Errorf("%s: the banner = %q, want %q", u.name, got, "Black resigned")
		}
		if got := u.text(`#moves li[data-event="resign"]`); got != "Black resigns" {
			t.Errorf("%s: the resignation in the move list = %q, want %q", u.name, got, "Black resigns")
		}
		if got := u.moveList(); got != "1. e4 e5 | Black resigns" {
			t.Errorf("%s: the move list = %q", u.name, got)
		}
		if got := u.eval(`document.querySelector("#leave").hidden && !document.querySelector("#leave button") ? "none" : document.querySelector("#leave").innerText`); got != "none" {
			t.Errorf("%s: after the end the page still offers %q", u.name, got)
		}
	}
	black.click(`button[data-lang="ru"]`)
	black.wait("the Russian page", `document.documentElement.lang === "ru" && !!document.querySelector('#moves li[data-event="resign"]') && !document.querySelector("#result").hidden`, 10*time.Second)
	if got, want := black.text(`#moves li[data-event="resign"]`), "Чёрные сдались"; got != want {
		t.Errorf("the resignation in Russian = %q, want %q", got, want)
	}
	if got, want := black.text("#result"), "Чёрные сдались"; got != want {
		t.Errorf("the Russian banner = %q, want %q", got, want)
	}

	// A game waiting for its opponent: its creator calls it off, on a
	// phone.
	id, grants = a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	creator := b.user("creator")
	creator.do(chromedp.EmulateViewport(360, 740))
	creator.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	creator.do(chromedp.Navigate(a.url("/games/" + id)))
	offers(creator, "abort")
	creator.click("#leave-offer")
	creator.wait("the question", `!!document.querySelector("#leave-confirm")`, 10*time.Second)
	if got := creator.text("#leave-confirm"); got != "Yes, abort" {
		t.Errorf("the confirm button says %q, want %q", got, "Yes, abort")
	}
	if w := creator.eval(`document.documentElement.scrollWidth + ""`); w != "360" {
		t.Errorf("at 360 px the page asking to abort is %s px wide", w)
	}
	if bad := creator.eval(`[...document.querySelectorAll("#leave > *")].filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > 360; }).map((e) => e.innerText).join(", ")`); bad != "" {
		t.Errorf("at 360 px these stick out of the page: %s", bad)
	}
	creator.shot("web-abort-360", ".game-main")
	creator.click("#leave-confirm")
	creator.wait("the result", `!document.querySelector("#result").hidden && !!document.querySelector('#moves li[data-event="abort"]')`, 10*time.Second)
	if got := creator.text("#result"); got != "Unfinished — aborted" {
		t.Errorf("the banner of the aborted game = %q, want %q", got, "Unfinished — aborted")
	}
	if got := creator.text(`#moves li[data-event="abort"]`); got != "White aborted the game" {
		t.Errorf("the abort in the move list = %q, want %q", got, "White aborted the game")
	}
	if got := creator.eval(`document.querySelector("#leave").hidden ? "none" : document.querySelector("#leave").innerText`); got != "none" {
		t.Errorf("after the abort the page still offers %q", got)
	}
	if w := a.view(id); w.Status != "over unfinished" || w.Result != "unfinished (aborted)" {
		t.Errorf("the aborted game is %q, %q; want over unfinished, unfinished (aborted)", w.Status, w.Result)
	}
}
