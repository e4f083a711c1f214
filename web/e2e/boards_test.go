package e2e

// The boards as players expect them: promotion by touch, check, the last
// move, premoves, Nords Loki's flip and hint, Samurai's marks.

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/wire"
)

// act plays an action for a seat through the API, at the game's seq now.
func (a *app) act(id, token, action string) wire.View {
	a.t.Helper()
	v := a.view(id)
	var out wire.View
	if err := a.call("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": action, "seq": v.Seq}, &out); err != nil {
		a.t.Fatalf("%s: %v", action, err)
	}
	return out
}

// tap taps the middle of the element a selector finds, with a finger.
func (u *user) tap(sel string) {
	u.t.Helper()
	x, y := u.center(sel)
	u.do(chromedp.TapXY(x, y))
}

// rect is the page's box of the element a selector finds: x, y of its
// middle, width and height.
func (u *user) rect(sel string) (x, y, w, h float64) {
	u.t.Helper()
	b, _ := json.Marshal(sel)
	s := u.eval(fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return (r.left + r.width / 2 + scrollX) + " " + (r.top + r.height / 2 + scrollY) + " " + r.width + " " + r.height; })()`, b))
	if _, err := fmt.Sscan(s, &x, &y, &w, &h); err != nil {
		u.t.Fatalf("%s: box of %s: %q", u.name, sel, s)
	}
	return
}

// count is the number of elements a selector finds.
func (u *user) count(sel string) string {
	b, _ := json.Marshal(sel)
	return u.eval(fmt.Sprintf(`document.querySelectorAll(%s).length + ""`, b))
}

// promotionMoves play 1.e4 b5 2.a4 a6 3.axb5 Bb7 4.bxa6 Nc6 5.axb7 e6:
// White's pawn on b7 promotes on a8 or b8.
var promotionMoves = []string{"b7b5", "a2a4", "a7a6", "a4b5", "c8b7", "b5a6", "b8c6", "a6b7", "e7e6"}

// TestPromotionTouch: on a phone, the tap on the promotion square opens
// the picker beside it, the queen first, and chooses nothing; the piece
// tapped next is the one chosen.
func TestPromotionTouch(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("phone")
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	a.act(id, grants[0].Token, "e2e4")
	for i, m := range promotionMoves {
		a.act(id, grants[(i+1)%2].Token, m)
	}
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.view(id)
	u.waitPosition(v.Position)
	u.tap(`rect[data-sq="b7"]`)
	u.wait("b7 picked up", `!!document.querySelector(".board .selected")`, 5*time.Second)
	u.tap(`rect[data-sq="b8"]`)
	u.wait("the picker", `!!document.querySelector(".picker .pick")`, 5*time.Second)
	time.Sleep(500 * time.Millisecond)
	if got := a.view(id); got.Seq != v.Seq {
		t.Fatalf("the tap that opened the picker played %s", got.Position)
	}
	if got := u.eval(`[...document.querySelectorAll(".picker .pick")].map((e) => e.dataset.move + ":" + e.getAttribute("aria-label")).join(" ")`); got != "b7b8q:queen b7b8r:rook b7b8b:bishop b7b8n:knight" {
		t.Errorf("the picker's choices are %q, want the queen first", got)
	}
	if got := u.eval(`document.querySelector(".picker").getAttribute("aria-label")`); got != "Promote to" {
		t.Errorf("the picker is named %q", got)
	}
	// Beside the square, not on it: no choice covers b8.
	sx, sy, sw, _ := u.rect(`rect[data-sq="b8"]`)
	for _, m := range []string{"b7b8q", "b7b8r", "b7b8b", "b7b8n"} {
		x, y, w, h := u.rect(fmt.Sprintf(`.pick[data-move="%s"] rect`, m))
		if math.Abs(x-sx) < (w+sw)/2-1 && math.Abs(y-sy) < h-1 {
			t.Errorf("the choice %s covers b8 (%.0f,%.0f against %.0f,%.0f)", m, x, y, sx, sy)
		}
	}
	u.shot("boards-promotion-touch", "")
	u.tap(`.pick[data-move="b7b8r"]`)
	a.waitMoved(id, v.Seq)
	if got := a.view(id).Position; !strings.HasPrefix(got, "rR1qkbnr/") {
		t.Errorf("after the second tap the position is %s, want a rook on b8", got)
	}
}

// TestCheckShown: after a checking move the king's square glows (chess
// and Samurai), the last move is marked, and a spectator reads that they
// are watching.
func TestCheckShown(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	w := b.user("watcher")
	for _, g := range []string{"chess", "samurai"} {
		id, grants := a.create(g, nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
		u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		w.do(chromedp.Navigate(a.url("/games/" + id)))
		u.waitPosition(a.view(id).Position)
		u.clickMove(g, "e2e4")
		a.waitMoved(id, 0)
		a.act(id, grants[1].Token, "f7f6")
		v := a.view(id)
		u.waitPosition(v.Position)
		if got := u.count(".board rect.check"); got != "0" {
			t.Errorf("%s: %s check marks before the check", g, got)
		}
		u.clickMove(g, "d1h5")
		a.waitMoved(id, v.Seq)
		v = a.view(id)
		u.waitPosition(v.Position)
		w.waitPosition(v.Position)
		for _, x := range []*user{u, w} {
			x.wait(g+": the king in check", `!!document.querySelector('.board rect.check[data-sq="e8"]') && !!document.querySelector('.board .pc.check[data-sq="e8"]')`, 5*time.Second)
			if got := x.eval(`[...document.querySelectorAll(".board rect.last")].map((e) => e.dataset.sq).sort().join(" ")`); got != "d1 h5" {
				t.Errorf("%s: %s sees the last move marked on %q, want d1 h5", g, x.name, got)
			}
			if got := x.eval(`document.querySelector('rect.cell[data-cell="e8"]').getAttribute("aria-label")`); !strings.Contains(got, "in check") {
				t.Errorf("%s: e8 is named %q", g, got)
			}
		}
		if got := w.text("#watching"); got != "You are watching" {
			t.Errorf("%s: the spectator reads %q beside the board", g, got)
		}
		if got := u.count("#watching"); got != "0" {
			t.Errorf("%s: the player is told they are watching", g)
		}
		if g == "chess" {
			u.shot("boards-check", ".board-wrap")
		}
		a.act(id, grants[1].Token, "g7g6")
		v = a.view(id)
		u.waitPosition(v.Position)
		u.wait(g+": no check", `!document.querySelector(".board rect.check") && !document.querySelector(".board .pc.check")`, 5*time.Second)
	}
}

// TestPremove: a move made while the opponent is to move is queued and
// shown, played as soon as the opponent has moved, and a click cancels
// one (chess, and Sea Hnefatafl).
func TestPremove(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.waitPosition(a.view(id).Position)
	u.clickMove("chess", "e2e4")
	a.waitMoved(id, 0)
	v := a.view(id)
	u.waitPosition(v.Position)
	// Black to move: d2-d4 is queued.
	u.clickMove("chess", "d2d4")
	u.wait("the premove shown", `document.querySelectorAll(".board rect.premove").length === 2`, 5*time.Second)
	if got := u.eval(`[...document.querySelectorAll(".board rect.premove")].map((e) => e.dataset.sq).sort().join(" ")`); got != "d2 d4" {
		t.Errorf("the premove is shown on %q, want d2 d4", got)
	}
	time.Sleep(300 * time.Millisecond)
	if got := a.view(id); got.Seq != v.Seq {
		t.Fatalf("the premove was sent at once: %s", got.Position)
	}
	a.act(id, grants[1].Token, "e7e5")
	a.waitMoved(id, v.Seq+1)
	v = a.view(id)
	if !strings.HasPrefix(v.Position, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/") || v.ToMove != "black" {
		t.Fatalf("after Black's e5 the premove d4 is not played: %s", v.Position)
	}
	u.waitPosition(v.Position)
	if got := u.count(".board rect.premove"); got != "0" {
		t.Errorf("the premove is still shown after it was played")
	}
	// A premove cancelled by a click is not played.
	u.clickMove("chess", "g1f3")
	u.wait("the second premove", `document.querySelectorAll(".board rect.premove").length === 2`, 5*time.Second)
	u.click(`rect[data-sq="a4"]`)
	u.wait("the premove cancelled", `document.querySelectorAll(".board rect.premove").length === 0`, 5*time.Second)
	a.act(id, grants[1].Token, "b8c6")
	v = a.view(id)
	u.waitPosition(v.Position)
	time.Sleep(700 * time.Millisecond)
	if got := a.view(id); got.Seq != v.Seq || got.ToMove != "white" {
		t.Errorf("a cancelled premove was played: %s", got.Position)
	}
	// An illegal premove is dropped: the knight to a square it cannot reach.
	u.clickMove("chess", "f1c4")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	u.waitPosition(v.Position)
	u.clickMove("chess", "g1g5")
	u.wait("the illegal premove shown", `document.querySelectorAll(".board rect.premove").length === 2`, 5*time.Second)
	a.act(id, grants[1].Token, "g8f6")
	v = a.view(id)
	u.waitPosition(v.Position)
	u.wait("the illegal premove dropped", `document.querySelectorAll(".board rect.premove").length === 0`, 5*time.Second)
	time.Sleep(500 * time.Millisecond)
	if got := a.view(id); got.Seq != v.Seq {
		t.Errorf("an illegal premove was played: %s", got.Position)
	}

	// Sea Hnefatafl: Black (the attackers) moves first; the user holds
	// White and queues a defender's move.
	id, grants = a.create("seatafl", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u.holdSeats(a, id, map[string]string{"white": grants[1].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v = a.view(id)
	u.waitPosition(v.Position)
	// The defender on f8 goes left along its empty row to c8; Black's
	// move leaves that row alone.
	u.clickMove("seatafl", "f8-c8")
	u.wait("the tafl premove", `document.querySelectorAll(".board rect.premove").length === 2`, 5*time.Second)
	black := ""
	for _, m := range v.Legal {
		if !strings.Contains(m, "8") {
			black = m
			break
		}
	}
	a.act(id, grants[0].Token, black)
	a.waitMoved(id, v.Seq+1)
	v = a.view(id)
	if v.ToMove != "black" {
		t.Fatalf("after Black's %s the premove f8-c8 is not played: %s", black, v.Position)
	}
}

// TestLokiBoard: Nords Loki's first turn tells the player to click the
// tray, the flip turns the ring, the last turn's steps are marked, the
// konung is drawn clearly, and the ships are named in Russian.
func TestLokiBoard(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	id, grants := a.create("nordsloki", map[string]string{"players": "2"}, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	v := a.waitTurn(id, 0, "p1", "p2")
	// p2 plays its first turn through the API when it is first.
	for v.ToMove == "p2" {
		v = a.act(id, grants[1].Token, v.Legal[0])
		v = a.waitTurn(id, v.Seq-1, "p1", "p2")
	}
	u.holdSeats(a, id, map[string]string{"p1": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.waitPosition(v.Position)
	if strings.Contains(v.Position, "p1=-/") {
		u.wait("the hint to enter", `!document.querySelector("#loki-hint").hidden && document.querySelector(".tray.to-move button.wait.hinted") !== null`, 5*time.Second)
		if got := u.text("#loki-hint"); !strings.Contains(got, "click the Waiting tray") {
			t.Errorf("the first turn's hint reads %q", got)
		}
	} else {
		t.Errorf("p1 has checkers on the board at its first turn: %s", v.Position)
	}
	// The flip turns the ring: ship 1 goes to the other side.
	x0, y0, _, _ := u.rect(`g.ship[data-field="1"]`)
	cx, cy, _, _ := u.rect(`svg.loki-board`)
	u.click("#flip")
	u.wait("the ring turned", `document.querySelector(".game-board.loki").classList.contains("flipped")`, 5*time.Second)
	x1, y1, _, _ := u.rect(`g.ship[data-field="1"]`)
	if math.Hypot(x1-x0, y1-y0) < 100 || (y0-cy)*(y1-cy) > 0 {
		t.Errorf("after the flip ship 1 is at %.0f,%.0f, before at %.0f,%.0f (centre %.0f,%.0f)", x1, y1, x0, y0, cx, cy)
	}
	u.shot("boards-loki-flipped", "")
	// The konung enters first: the tray, then the ship.
	step := ""
	for _, m := range v.Legal {
		if strings.HasPrefix(m, "K0/") {
			step = m
			break
		}
	}
	if step == "" {
		t.Fatalf("no konung's entry among %v", v.Legal)
	}
	u.clickMove("nordsloki", step)
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	u.waitPosition(v.Position)
	to := strings.TrimPrefix(step, "K0/")
	u.wait("the step marked", fmt.Sprintf(`!!document.querySelector('g.ship.last-to[data-field="%s"]') && !!document.querySelector('path.last-step[data-step="%s"]')`, to, step), 5*time.Second)
	u.wait("the konung's crown", fmt.Sprintf(`!!document.querySelector('g.konung[data-field="%s"]')`, to), 5*time.Second)
	if got := u.count("#loki-hint:not([hidden])"); got != "0" {
		t.Errorf("the hint stays after the first entry")
	}
	// In Russian the ships bear the seed's names of the runes.
	u.click(`button[data-lang="ru"]`)
	u.wait("Russian", `document.documentElement.lang === "ru" && !!document.querySelector('g.ship[data-field="1"]')`, 10*time.Second)
	u.wait("the Russian rune names", `document.querySelector('g.ship[data-field="1"]').getAttribute("aria-label").startsWith("1 Феху") && document.querySelector('g.ship[data-field="16"]').getAttribute("aria-label").startsWith("16 Сол")`, 10*time.Second)
}

// TestSamuraiMarks: the pieces of the player to move without a card are
// faded, those with a card and a legal move glow, those with a card but
// blocked have neither.
func TestSamuraiMarks(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	id, grants := a.create("samurai", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	// 1. Nc3 gives White's only knight card to Black.
	a.act(id, grants[0].Token, "b1c3")
	a.act(id, grants[1].Token, "e7e6")
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.waitPosition(a.view(id).Position)
	cls := func(sq string) string {
		return u.eval(fmt.Sprintf(`[...document.querySelector('.board .pc[data-sq="%s"]').classList].filter((c) => ["nocard", "blocked", "can-move"].includes(c)).join(" ")`, sq))
	}
	for sq, want := range map[string]string{"g1": "nocard", "c3": "nocard", "c1": "blocked", "e2": "can-move", "d1": "blocked", "e1": "blocked"} {
		if got := cls(sq); got != want {
			t.Errorf("%s: marks %q, want %q", sq, got, want)
		}
	}
	style := func(sq string) string {
		return u.eval(fmt.Sprintf(`(() => { const g = document.querySelector('.board .pc[data-sq="%s"]'); return getComputedStyle(g).opacity + " " + getComputedStyle(g.querySelector(".piece-art")).filter; })()`, sq))
	}
	nocard, blocked, moves := style("g1"), style("c1"), style("e2")
	if nocard == blocked || moves == blocked || nocard == moves {
		t.Errorf("the marks look alike: no card %q, blocked %q, can move %q", nocard, blocked, moves)
	}
	if !strings.HasPrefix(nocard, "0.35") || !strings.HasPrefix(blocked, "1 none") || !strings.Contains(moves, "drop-shadow") {
		t.Errorf("no card %q, blocked %q, can move %q", nocard, blocked, moves)
	}
	u.shot("boards-samurai-marks", ".board-wrap")
}

// fenSquares reads the board field of a FEN: the piece on each square by
// its name ("e2": "P").
func fenSquares(fen string) map[string]string {
	out := map[string]string{}
	rows := strings.Split(strings.Fields(fen)[0], "/")
	for i, row := range rows {
		f := 0
		for _, c := range row {
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			out[fmt.Sprintf("%c%d", 'a'+f, 8-i)] = string(c)
			f++
		}
	}
	return out
}

// TestSeidrLastTurn: after a turn of Seiðr, every square the turn changed
// (the quiet move and each swap of its seiðr) is marked until the next
// move.
func TestSeidrLastTurn(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.view(id)
	u.waitPosition(v.Position)
	u.wait("the move box", `!document.querySelector("#move-input").disabled`, 20*time.Second)
	before := fenSquares(v.Position)
	u.clickMove("seidr", "e2e4")
	v = a.waitTurn(id, v.Seq, "black", "white")
	for v.ToMove == "white" && !v.Finished {
		// The seiðr's rolls gave White a capture to make (the call of
		// steel): the turn goes on until it is made.
		if err := a.call("POST", "/api/games/"+id+"/actions", grants[0].Token, map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil); err != nil {
			t.Fatal(err)
		}
		v = a.waitTurn(id, v.Seq, "black", "white")
	}
	u.waitPosition(v.Position)
	after := fenSquares(v.Position)
	want := map[string]bool{"e2": true}
	for _, sq := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		for r := 1; r <= 8; r++ {
			n := fmt.Sprintf("%s%d", sq, r)
			if before[n] != after[n] {
				want[n] = true
			}
		}
	}
	marked := map[string]bool{}
	for _, sq := range strings.Fields(u.eval(`[...document.querySelectorAll(".board rect.last")].map((e) => e.dataset.sq).join(" ")`)) {
		marked[sq] = true
	}
	for sq := range want {
		if !marked[sq] {
			t.Errorf("the turn changed %s, which is not marked (marked: %v; position %s)", sq, marked, v.Position)
		}
	}
	t.Logf("the turn %v marked %v", v.Position, marked)
}
