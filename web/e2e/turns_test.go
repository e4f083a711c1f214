package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/web"
	"github.com/norns-games/norns/wire"
)

// play plays an action for a seat through the API and returns the view.
func (a *app) play(id, token, action string, seq int64) wire.View {
	a.t.Helper()
	var v wire.View
	if err := a.call("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": action, "seq": seq}, &v); err != nil {
		a.t.Fatal(err)
	}
	return v
}

// settle waits until the page shows the game's state: the position, and
// nothing left to show.
func (u *user) settle(a *app, id string) wire.View {
	u.t.Helper()
	v := a.view(id)
	u.waitPosition(v.Position)
	u.wait("the page settled", `document.querySelector("main").dataset.settled !== "false" && document.querySelector("main").dataset.idle !== "false"`, 20*time.Second)
	return v
}

// phone makes the user's tab a 390 x 844 touch screen; desktop a 1280 x
// 800 one with a mouse.
func (u *user) phone() {
	u.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
}

func (u *user) desktop() { u.do(chromedp.EmulateViewport(1280, 800)) }

// seats is the tokens of a game's grants by seat.
func tokensOf(grants []wire.SeatGrant) map[string]string {
	out := map[string]string{}
	for _, g := range grants {
		if g.Token != "" {
			out[g.Player] = g.Token
		}
	}
	return out
}

// TestRollStatus plays a Seiðr quiet move in a hot-seat game and records
// the page while it shows the move and the seiðr's rolls: the move box is
// disabled and the status never says "your move" until the state is
// there; the status says what each roll did, and the move list explains
// every roll in words. A click skips what is left.
func TestRollStatus(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u := b.user("hotseat")
	u.holdSeats(a, id, tokensOf(grants))
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "white")
	u.settle(a, id)
	// Every change of the status while the page is on its way to a
	// state: the text, and whether a move could be typed.
	u.eval(`(() => {
		window.__samples = [];
		const turn = document.querySelector("#turn");
		new MutationObserver(() => {
			if (document.querySelector("main").dataset.settled === "false")
				window.__samples.push({text: turn.innerText, disabled: document.querySelector("#move-input").disabled, showing: turn.dataset.showing || ""});
		}).observe(turn, {childList: true, characterData: true, subtree: true});
		return "ok";
	})()`)
	for turn := 0; turn < 3; turn++ {
		v = a.view(id)
		// A quiet move from the list: a knight's or a pawn's.
		action := v.Legal[0]
		for _, m := range v.Legal {
			if strings.HasPrefix(m, "b1") || strings.HasPrefix(m, "g8") || strings.HasPrefix(m, "e2") || strings.HasPrefix(m, "e7") {
				action = m
				break
			}
		}
		u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
		u.typeMove(action)
		a.waitMoved(id, v.Seq)
		// Play the call of steel too, if the roll left one, from the page.
		for {
			w := u.settle(a, id)
			if w.Finished || w.ToMove == v.ToMove && len(w.Legal) > 0 && strings.Contains(w.Position, " steel ") {
				if w.Finished {
					break
				}
				got := u.text("#turn")
				if !strings.Contains(got, "Call of steel: you must capture") {
					t.Errorf("in the call of steel the status says %q", got)
				}
				u.typeMove(w.Legal[0])
				a.waitMoved(id, w.Seq)
				continue
			}
			break
		}
		if a.view(id).Finished {
			break
		}
	}
	var samples []struct {
		Text     string `json:"text"`
		Disabled bool   `json:"disabled"`
		Showing  string `json:"showing"`
	}
	if err := json.Unmarshal([]byte(u.eval(`JSON.stringify(window.__samples)`)), &samples); err != nil {
		t.Fatal(err)
	}
	rolls := 0
	for _, s := range samples {
		if !s.Disabled {
			t.Errorf("the move box was enabled while the page showed %q", s.Text)
		}
		if strings.Contains(s.Text, "your move") {
			t.Errorf("while the page was on its way to the state the status said %q", s.Text)
		}
		if strings.HasPrefix(s.Text, "Seiðr: d8=") {
			rolls++
		}
	}
	t.Logf("%d samples, %d of rolls; e.g. %v", len(samples), rolls, samples[:min(len(samples), 6)])
	if rolls == 0 {
		t.Errorf("no status said what a roll did: %v", samples)
	}
	// The move list explains every roll in words: a die and its
	// direction, then a slide, a swap or the edge.
	list := u.eval(`[...document.querySelectorAll("#moves li")].map((e) => e.innerText.replace(/\n/g, " / ")).join(" | ")`)
	t.Logf("moves: %s", list)
	if !strings.Contains(list, "d8=") || strings.Contains(list, "Roll:") {
		t.Errorf("the move list does not explain the rolls: %s", list)
	}
	if n := u.eval(`[...document.querySelectorAll("#moves button.ply")].filter((b) => /^d8=\d [↑↗→↘↓↙←↖]: (.* [⇄→] .*|the edge of the board, the seiðr ends)$/.test(b.firstChild.textContent)).length + ""`); n == "0" {
		t.Errorf("no roll line reads as a slide, a swap or the edge")
	}

	// A click skips what is left of an animation: Black's (or White's)
	// next quiet move is shown settled within a second of the click.
	v = u.settle(a, id)
	if v.Finished {
		return
	}
	u.typeMove(v.Legal[0])
	a.waitMoved(id, v.Seq)
	u.eval(`(() => { const b = document.querySelector("#skip"); if (b && !b.hidden) b.click(); return "ok"; })()`)
	u.settle(a, id)
}

// TestAnimationsSwitch: the switch turns the animations off, and the page
// remembers it.
func TestAnimationsSwitch(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u := b.user("switch")
	u.holdSeats(a, id, tokensOf(grants))
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.settle(a, id)
	if got := u.text("#animations"); got != "Animations: on" {
		t.Errorf("the switch reads %q", got)
	}
	u.click("#animations")
	u.wait("off", `document.querySelector("#animations").getAttribute("aria-pressed") === "false"`, 5*time.Second)
	u.do(chromedp.Reload())
	u.settle(a, id)
	if got := u.text("#animations"); got != "Animations: off" {
		t.Errorf("after a reload the switch reads %q", got)
	}
	// Off: a move and its rolls are shown at once, never one by one.
	u.eval(`(() => { window.__showing = 0; const turn = document.querySelector("#turn"); new MutationObserver(() => { if (turn.dataset.showing) window.__showing++; }).observe(turn, {attributes: true, childList: true, subtree: true}); return "ok"; })()`)
	v := a.view(id)
	u.typeMove(v.Legal[0])
	a.waitMoved(id, v.Seq)
	u.settle(a, id)
	if got := u.eval(`window.__showing + ""`); got != "0" {
		t.Errorf("with the animations off the page showed %s plies one by one", got)
	}
}

// inView reports the elements a selector finds that are not wholly
// inside the viewport of a page scrolled to its top (none found is an
// error too).
func (u *user) inView(sel string) string {
	u.t.Helper()
	b, _ := json.Marshal(sel)
	return u.eval(fmt.Sprintf(`(() => {
		window.scrollTo(0, 0);
		const els = [...document.querySelectorAll(%s)].filter((e) => e.getClientRects().length > 0);
		if (els.length === 0) return "none shown";
		return els.filter((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5; })
			.map((e) => { const r = e.getBoundingClientRect(); return (e.id || e.className.baseVal || e.className) + " at " + Math.round(r.left) + "," + Math.round(r.top) + "–" + Math.round(r.right) + "," + Math.round(r.bottom); }).join("; ");
	})()`, b))
}

// TestTurnOnScreen opens each dice game in the middle of a turn, in
// English and Russian, on a 1280 x 800 screen and a 390 x 844 touch
// screen: the board, the dice (Seiðr's die and phases, Lux et Umbra's
// colour dice, Nords Loki's dice and waiting trays), whose turn it is and
// the clocks are inside the viewport without scrolling, measured by their
// boxes; on the phone the clocks are above and below the board. The last
// roll is explained in the move list. The screenshots:
// web-<game>-<en|ru>-<desktop|phone>.png.
func TestTurnOnScreen(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	clock := map[string]any{"initial_ms": 600000, "increment_ms": 5000}
	type scene struct {
		game  string
		dice  []string
		setup func(id string, tok map[string]string)
	}
	scenes := []scene{
		{"seidr", []string{".phases", ".rolls"}, func(id string, tok map[string]string) {
			// Two turns, so that the list shows a whole seiðr.
			for i := 0; i < 2; i++ {
				v := a.waitTurn(id, -1, "white", "black")
				for _, m := range v.Legal {
					if m == "e2e4" || m == "d7d5" || m == "g1f3" || m == "b8c6" {
						v.Legal[0] = m
						break
					}
				}
				a.play(id, tok[v.ToMove], v.Legal[0], v.Seq)
				for w := a.view(id); !w.Finished && strings.Contains(w.Position, " steel "); w = a.view(id) {
					a.play(id, tok[w.ToMove], w.Legal[0], w.Seq)
				}
			}
		}},
		{"luxumbra", []string{".lux-dice"}, func(id string, tok map[string]string) {
			v := a.waitTurn(id, -1, "white")
			a.play(id, tok["white"], v.Legal[len(v.Legal)/2], v.Seq)
			v = a.waitTurn(id, v.Seq, "white", "black")
			if v.ToMove == "white" {
				a.play(id, tok["white"], v.Legal[0], v.Seq)
			}
			a.waitTurn(id, v.Seq, "black")
		}},
		{"nordsloki", []string{".loki-trays", "svg g.dice", ".tray.to-move button.wait"}, func(id string, tok map[string]string) {
			// A turn and a half: the first player's steps, then the next
			// player's first step.
			v := a.waitTurn(id, -1, "p1", "p2")
			first := v.ToMove
			for {
				a.play(id, tok[v.ToMove], v.Legal[0], v.Seq)
				v = a.waitTurn(id, v.Seq, "p1", "p2")
				if v.Finished || v.ToMove != first {
					break
				}
			}
			a.play(id, tok[v.ToMove], v.Legal[0], v.Seq)
		}},
	}
	// The games without dice: a few moves, the board and the clocks.
	for _, g := range []struct {
		game  string
		extra []string
	}{{"samurai", []string{".hand"}}, {"seatafl", nil}, {"chess", nil}} {
		scenes = append(scenes, scene{g.game, g.extra, func(id string, tok map[string]string) {
			for i := 0; i < 3; i++ {
				v := a.waitTurn(id, -1, "white", "black")
				a.play(id, tok[v.ToMove], v.Legal[(len(v.Legal)*(i+1))/4], v.Seq)
			}
		}})
	}
	for _, sc := range scenes {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
			t.Run(sc.game+"-"+string(lang), func(t *testing.T) {
				names := screenNames[lang]
				id, grants := a.createWith(map[string]any{"game": sc.game, "seats": []map[string]string{{"type": "human", "name": names[0]}, {"type": "human", "name": names[1]}}, "clock": clock})
				tok := tokensOf(grants)
				u := b.user(sc.game + "/" + string(lang))
				u.t = t
				u.inLang(a, lang, names[0])
				u.holdSeats(a, id, tok)
				for p, s := range tok {
					a.giveSeed(id, s, "seed of "+p)
				}
				sc.setup(id, tok)
				for _, size := range []string{"desktop", "phone"} {
					if size == "phone" {
						u.phone()
					} else {
						u.desktop()
					}
					u.do(chromedp.Navigate(a.url("/games/" + id)))
					u.settle(a, id)
					sels := append([]string{".board-wrap", "#turn"}, sc.dice...)
					if size == "phone" {
						sels = append(sels, ".clock-strip.top .clock", ".clock-strip.bottom .clock")
						// The clocks above and below the board.
						if bad := u.eval(`(() => { const b = document.querySelector(".board-wrap").getBoundingClientRect(), t = document.querySelector(".clock-strip.top").getBoundingClientRect(), d = document.querySelector(".clock-strip.bottom").getBoundingClientRect(); return t.bottom <= b.top + 1 && d.top >= b.bottom - 1 ? "" : "top " + t.bottom + ", board " + b.top + "–" + b.bottom + ", bottom " + d.top; })()`); bad != "" {
							t.Errorf("%s: the clocks are not above and below the board: %s", size, bad)
						}
					} else {
						sels = append(sels, ".players .clock")
					}
					for _, sel := range sels {
						if bad := u.inView(sel); bad != "" {
							t.Errorf("%s: %s is not on screen: %s", size, sel, bad)
						}
					}
					if w := u.eval(`document.documentElement.scrollWidth > innerWidth ? document.documentElement.scrollWidth + " > " + innerWidth : ""`); w != "" {
						t.Errorf("%s: the page is wider than the screen: %s", size, w)
					}
					// The roll is explained in words: no bare code.
					list := u.eval(`[...document.querySelectorAll("#moves li")].map((e) => e.innerText.replace(/\n/g, " / ")).join(" | ")`)
					t.Logf("%s %s moves: %s", sc.game, lang, list)
					for _, raw := range []string{"Roll:", "Бросок:", "Выпало: p"} {
						if strings.Contains(list, raw) {
							t.Errorf("the move list says %q: %s", raw, list)
						}
					}
					u.screen(fmt.Sprintf("web-%s-%s-%s", sc.game, lang, size), ".board-wrap")
				}
			})
		}
	}
}

// lokiTurns plays a two-player Nords Loki game of two people (without
// konungs, so that no konung dies seven times) through the API, the first
// legal step each time, until it has had n turns; it returns the game's
// id and tokens, or "" when the game ended before.
func (a *app) lokiTurns(n int) (string, map[string]string) {
	a.t.Helper()
	id, grants := a.create("nordsloki", map[string]string{"konungs": "off"}, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	turns := 0
	for turns <= n {
		v := a.waitTurn(id, -1, "p1", "p2")
		if v.Finished {
			return "", nil
		}
		a.play(id, tok[v.ToMove], v.Legal[0], v.Seq)
		var ev wire.EventsResponse
		if err := a.call("GET", fmt.Sprintf("/api/games/%s/events?since=%d", id, v.Seq), "", nil, &ev); err != nil {
			a.t.Fatal(err)
		}
		for _, e := range ev.Events {
			if e.Kind == "roll" && strings.Contains(e.Action, "-") {
				turns++
			}
		}
	}
	return id, tok
}

// TestLongMoveList: a Nords Loki game of more than 100 turns shows every
// turn's number whole, at 1280 x 800 and at 390 x 844; a click on an
// earlier step shows its position with a banner, while the game goes on,
// and one click comes back to the live position.
func TestLongMoveList(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	var id string
	var tok map[string]string
	for try := 0; try < 5 && id == ""; try++ {
		id, tok = a.lokiTurns(105)
	}
	if id == "" {
		t.Fatal("every game ended before 105 turns")
	}
	u := b.user("long")
	u.holdSeats(a, id, tok)
	for _, size := range []string{"desktop", "phone"} {
		if size == "phone" {
			u.phone()
		} else {
			u.desktop()
		}
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.settle(a, id)
		// Every number is whole: its box holds its text, inside the list.
		got := u.eval(`(() => {
			const list = document.querySelector("#moves").getBoundingClientRect();
			const nums = [...document.querySelectorAll("#moves .num")].filter((e) => e.innerText !== "");
			const bad = nums.filter((e) => { const r = e.getBoundingClientRect(); return e.scrollWidth > e.clientWidth + 0.5 || r.left < list.left - 0.5 || r.right > list.right + 0.5; }).map((e) => e.innerText);
			return nums.length + " " + nums[nums.length - 1].innerText + " " + JSON.stringify(bad);
		})()`)
		f := strings.Fields(got)
		if len(f) != 3 || f[2] != "[]" {
			t.Errorf("%s: the numbers %s", size, got)
		}
		if n, _ := strconv.Atoi(strings.TrimSuffix(f[1], ".")); n < 101 {
			t.Errorf("%s: the last turn is numbered %q", size, f[1])
		}
		// The numbers follow one another: 1., 2., … with no gap.
		if bad := u.eval(`(() => { const nums = [...document.querySelectorAll("#moves .num")].map((e) => e.innerText).filter((x) => x !== ""); return nums.filter((x, i) => x !== (i + 1) + ".").slice(0, 3).join(" "); })()`); bad != "" {
			t.Errorf("%s: numbers out of order: %s", size, bad)
		}
		t.Logf("%s: %s", size, got)
	}

	// An earlier position: a step inside an early turn.
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	live := u.settle(a, id)
	var ev wire.EventsResponse
	if err := a.call("GET", "/api/games/"+id+"/events?since=0", "", nil, &ev); err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range ev.Events {
		if e.Action != "" {
			actions = append(actions, e.Action)
		}
	}
	var r web.ReplayResponse
	if err := a.call("POST", "/web/replay", "", map[string]any{"game": "nordsloki", "options": map[string]string{"konungs": "off"}, "actions": actions}, &r); err != nil {
		t.Fatal(err)
	}
	// The first turn from the fifth on with two steps or more (a turn whose
	// dice allow nothing has only its roll).
	turn := u.eval(`(() => { for (const li of document.querySelectorAll("#moves li[data-turn]")) { if (+li.dataset.turn >= 5 && li.querySelectorAll("button.ply").length >= 2) return li.dataset.turn; } return ""; })()`)
	if turn == "" {
		t.Fatal("no turn from the fifth on has two steps")
	}
	sel := fmt.Sprintf(`#moves li[data-turn=%q] button.ply:nth-of-type(2)`, turn)
	i, _ := strconv.Atoi(u.eval(fmt.Sprintf(`document.querySelector(%q).dataset.ply`, sel)))
	u.click(sel)
	u.wait("the banner", `!document.querySelector("#browse-banner").hidden`, 5*time.Second)
	if got := u.boardPosition(); got != r.Plies[i].Position {
		t.Errorf("the board shows %q, want the position after ply %d, %q", got, i, r.Plies[i].Position)
	}
	if got := u.text("#browse-banner"); !strings.Contains(got, "An earlier position") || !strings.Contains(got, "Back to the game") {
		t.Errorf("the banner reads %q", got)
	}
	if u.eval(`document.querySelector("#move-input").disabled + ""`) != "true" {
		t.Error("a move can be typed while an earlier position is shown")
	}
	// The game goes on meanwhile: the board stays where the player looks.
	live = a.play(id, tok[live.ToMove], live.Legal[0], live.Seq)
	live = a.view(id)
	u.wait("the new state", fmt.Sprintf(`document.querySelectorAll("#moves button.ply").length === %d`, len(r.Plies)+int(live.Seq)-len(ev.Events)), 10*time.Second)
	if got := u.boardPosition(); got != r.Plies[i].Position {
		t.Errorf("a move of the game took the board away from the earlier position: %q", got)
	}
	u.click("#back-to-live")
	u.wait("the live position", `document.querySelector("#browse-banner").hidden`, 5*time.Second)
	u.waitPosition(live.Position)
	u.shot("web-movelist-long", "#moves")
}

// TestNarrowPages: at 360 px wide no page is wider than the screen, in
// English and Russian: the lobby (with its lists of games), the create
// page, a game page with the move box, the rules and the replay.
func TestNarrowPages(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	// Games for the lobby's lists: one waiting for a player, one under
	// way, one over, with long names.
	a.createWith(map[string]any{"game": "nordsloki", "seats": []map[string]any{{"type": "human", "name": "Брунгильда-Могучая"}, {"type": "open", "public": true}}})
	id, grants := a.create("seidr", nil, map[string]string{"type": "human", "name": "Hrafnhildur_Thorvalds"}, map[string]string{"type": "human", "name": "Святополк Окаянный"})
	tok := tokensOf(grants)
	v := a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], "e2e4", v.Seq)
	over, og := a.create("chess", nil, map[string]string{"type": "human", "name": "Ann"}, map[string]string{"type": "human", "name": "Bob"})
	if err := a.call("POST", "/api/games/"+over+"/resign", og[0].Token, nil, nil); err != nil {
		t.Fatal(err)
	}
	// A game of a dice game over and analysed, for the analysis page's
	// summary table (the luck and the loss per move).
	lux, lg := a.create("luxumbra", nil, map[string]string{"type": "human", "name": "Брунгильда-Могучая"}, map[string]string{"type": "human", "name": "Святополк Окаянный"})
	ltok := tokensOf(lg)
	for moves := 0; moves < 6; {
		lv := a.view(lux)
		if lv.Finished {
			break
		}
		tk, ok := ltok[lv.ToMove]
		if !ok || len(lv.Legal) == 0 {
			a.waitMoved(lux, lv.Seq)
			continue
		}
		a.play(lux, tk, lv.Legal[0], lv.Seq)
		moves++
	}
	if lv := a.view(lux); !lv.Finished {
		if err := a.call("POST", "/api/games/"+lux+"/resign", ltok["white"], nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.call("POST", "/api/games/"+lux+"/analysis", "", nil, nil); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(120 * time.Second); ; {
		var av struct {
			Status string `json:"status"`
		}
		if err := a.call("GET", "/api/games/"+lux+"/analysis", "", nil, &av); err != nil {
			t.Fatal(err)
		}
		if av.Status == "done" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the analysis of %s: %q after 120 s", lux, av.Status)
		}
		time.Sleep(200 * time.Millisecond)
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		t.Run(string(lang), func(t *testing.T) {
			u := b.user("narrow/" + string(lang))
			u.t = t
			u.inLang(a, lang, screenNames[lang][0])
			u.holdSeats(a, id, tok)
			u.do(chromedp.EmulateViewport(360, 740, chromedp.EmulateTouch))
			for _, page := range []struct{ path, ready string }{
				{"/", `document.querySelectorAll(".game-card").length >= 5 && document.querySelectorAll("table.list tr").length > 2`},
				{"/new/nordsloki", `!!document.querySelector("#create-game")`},
				{"/new/luxumbra", `!!document.querySelector("#create-game")`},
				{"/games/" + id, `!!document.querySelector(".game-board") && document.querySelector("main").dataset.settled === "true" && !document.querySelector("#move-input").disabled`},
				{"/games/" + over, `!!document.querySelector(".game-board") && !document.querySelector("#result").hidden`},
				{"/rules/nordsloki", `!!document.querySelector(".rules h2")`},
				{"/rules/seidr", `!!document.querySelector(".rules h2")`},
				{"/replay/" + over, `!!document.querySelector(".game-board")`},
				{"/replay", `!!document.querySelector("main h1")`},
				{"/games/" + lux, `!!document.querySelector("#analysis-summary") && !!document.querySelector("#analysis-graph")`},
			} {
				u.do(chromedp.Navigate(a.url(page.path)))
				u.wait(page.path, page.ready, 15*time.Second)
				time.Sleep(300 * time.Millisecond)
				got := u.eval(`(() => {
					const w = document.documentElement.scrollWidth;
					if (w <= innerWidth) return "";
					const wide = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).slice(-4).map((e) => e.tagName + "." + (e.className.baseVal ?? e.className) + "#" + e.id + " " + Math.round(e.getBoundingClientRect().right));
					const spill = [...document.querySelectorAll("body *")].filter((e) => e.scrollWidth > e.clientWidth + 1 && e.getBoundingClientRect().left + e.scrollWidth > innerWidth + 0.5 && getComputedStyle(e).overflowX === "visible").slice(-4).map((e) => e.tagName + "." + (e.className.baseVal ?? e.className) + "#" + e.id + " spills to " + Math.round(e.getBoundingClientRect().left + e.scrollWidth));
					return w + " px: " + wide.concat(spill).join(", ");
				})()`)
				if got != "" {
					t.Errorf("%s is wider than 360 px: %s", page.path, got)
				}
				// No placeholder is clipped by its field (the move's, the
				// chat's), and no name in a list is cut with an ellipsis.
				if bad := u.eval(clippedPlaceholders); bad != "" {
					t.Errorf("%s: placeholders clipped: %s", page.path, bad)
				}
				if bad := u.eval(`[...document.querySelectorAll("main select")].filter((e) => e.offsetParent !== null && e.selectedIndex >= 0).filter((e) => {
					const cs = getComputedStyle(e), c = document.createElement("canvas").getContext("2d");
					c.font = cs.font;
					// The arrow takes about 20 px of a select.
					return c.measureText(e.options[e.selectedIndex].text).width > e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
				}).map((e) => e.options[e.selectedIndex].text).join("; ")`); bad != "" {
					t.Errorf("%s: choices cut in their select: %s", page.path, bad)
				}
				if bad := u.eval(`[...document.querySelectorAll("main *")].filter((e) => e.children.length === 0 && e.offsetParent !== null && getComputedStyle(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 0.5).map((e) => e.innerText).slice(0, 3).join("; ")`); bad != "" {
					t.Errorf("%s: names cut with an ellipsis: %s", page.path, bad)
				}
				// Nothing sticks out of a lobby card: its words break.
				if bad := u.eval(`[...document.querySelectorAll(".game-card *")].filter((e) => { const r = e.getBoundingClientRect(), c = e.closest(".game-card").getBoundingClientRect(); return r.width > 0 && (r.left < c.left - 0.5 || r.right > c.right + 0.5); }).map((e) => e.tagName + " " + e.innerText).slice(0, 3).join("; ")`); bad != "" {
					t.Errorf("%s: these stick out of their card: %s", page.path, bad)
				}
			}
			// On a desktop too, the game page's fields show their whole
			// placeholders.
			u.do(chromedp.EmulateViewport(1280, 800))
			u.do(chromedp.Navigate(a.url("/games/" + id)))
			u.wait("the game", `!!document.querySelector(".game-board") && document.querySelector("main").dataset.settled === "true"`, 15*time.Second)
			if bad := u.eval(clippedPlaceholders); bad != "" {
				t.Errorf("/games/%s at 1280 px: placeholders clipped: %s", id, bad)
			}
		})
	}
}

// clippedPlaceholders lists the visible fields whose placeholder is wider
// than their room for text.
const clippedPlaceholders = `[...document.querySelectorAll("input[placeholder], textarea[placeholder]")].filter((e) => e.offsetParent !== null).filter((e) => {
	const cs = getComputedStyle(e), c = document.createElement("canvas").getContext("2d");
	c.font = cs.font;
	const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
	return c.measureText(e.placeholder).width > room + 0.5;
}).map((e) => e.id + " " + e.placeholder).join("; ")`

// TestLuxSecondMove: between the two moves of a Lux et Umbra turn the
// status says from which squares the second may come.
func TestLuxSecondMove(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("lux")
	u.desktop()
	for try := 0; try < 8; try++ {
		id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
		tok := tokensOf(grants)
		v := a.waitTurn(id, -1, "white")
		v = a.play(id, tok["white"], v.Legal[0], v.Seq)
		v = a.view(id)
		if v.ToMove != "white" {
			continue
		}
		dice := strings.Fields(v.Position)[6]
		want := "a move from a dark square"
		if strings.Contains(dice, "L") {
			want = "a move from a light square"
		}
		u.holdSeats(a, id, tok)
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.settle(a, id)
		if got := u.text("#turn"); got != "White to move — "+want+" — your move" {
			t.Errorf("with the dice %s the status says %q, want %q", dice, got, want)
		}
		return
	}
	t.Skip("no turn with a second move in 8 games")
}
