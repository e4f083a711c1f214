package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/wire"
)

// moveList is the text of the lines of a user's move list, joined by " | ".
func (u *user) moveList() string {
	return u.eval(`[...document.querySelectorAll("#moves li")].map((e) => e.innerText.replace(/\s+/g, " ").trim()).join(" | ")`)
}

// TestOffers plays an invitation chess game in two browsers: White asks
// to take back e4 and Black grants it from the prompt, so White is to move
// again at the start; White offers a draw through the confirmation and
// Black declines it; then Black offers one and White accepts: the game is
// drawn by agreement on both pages.
func TestOffers(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	white := b.user("white")
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	black := b.user("black")
	black.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	black.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	start := a.waitTurn(id, -1, "white")
	white.waitPosition(start.Position)
	// enabled waits until a button is there and can be pressed, or not.
	enabled := func(u *user, sel string, want bool) {
		u.t.Helper()
		u.wait(fmt.Sprintf("%s enabled=%v", sel, want), fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.offsetParent !== null && e.disabled === %v && document.querySelector("main").dataset.idle !== "false"; })()`, sel, !want), 10*time.Second)
	}
	enabled(white, "#draw-offer", true)
	enabled(white, "#takeback-offer", false)

	// White plays e4 and asks for it back; Black grants it.
	white.clickMove("chess", "e2e4")
	a.waitMoved(id, start.Seq)
	v := a.view(id)
	white.waitPosition(v.Position)
	black.waitPosition(v.Position)
	enabled(white, "#takeback-offer", true)
	enabled(black, "#takeback-offer", false)
	if got := white.eval(`document.querySelector("#takeback-offer").getAttribute("aria-label")`); got != "Takeback (White)" {
		t.Errorf("the takeback button is labelled %q", got)
	}
	white.click("#takeback-offer")
	black.wait("the takeback prompt", `!!document.querySelector("#takeback-accept")`, 10*time.Second)
	if got := black.text("#takeback-prompt .question"); got != "White asks for a takeback" {
		t.Errorf("Black's prompt says %q", got)
	}
	white.wait("the request sent", `!!document.querySelector("#takeback-sent")`, 10*time.Second)
	if got := white.text("#takeback-sent"); got != "Takeback requested" {
		t.Errorf("White's page says %q, want Takeback requested", got)
	}
	if white.eval(`document.querySelector("#takeback-accept") ? "yes" : "no"`) != "no" {
		t.Error("White may accept White's own request")
	}
	black.click("#takeback-accept")
	for _, u := range []*user{white, black} {
		u.waitPosition(start.Position)
		u.wait("White to move", `document.querySelector("#turn").dataset.toMove === "white" && !document.querySelector("#takeback-prompt") && !document.querySelector("#takeback-sent")`, 10*time.Second)
		if got, want := u.moveList(), "White asks for a takeback | Takeback accepted"; got != want {
			t.Errorf("%s: the move list after the takeback = %q, want %q", u.name, got, want)
		}
	}
	if v = a.view(id); v.ToMove != "white" || v.Position != start.Position {
		t.Fatalf("after the takeback the server has %q to move at %q", v.ToMove, v.Position)
	}

	// White plays d4 and offers a draw, through the confirmation; Black
	// declines it.
	white.clickMove("chess", "d2d4")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	black.waitPosition(v.Position)
	white.waitPosition(v.Position)
	if got, want := white.moveList(), "White asks for a takeback | Takeback accepted | 1. d4"; got != want {
		t.Errorf("the move list after d4 = %q, want %q", got, want)
	}
	white.click("#draw-offer")
	white.wait("the question", `!!document.querySelector("#draw-confirm")`, 10*time.Second)
	if got := white.text("#offers"); !strings.Contains(got, "Offer a draw?") || white.text("#draw-confirm") != "Yes, offer a draw" {
		t.Errorf("the confirmation reads %q", got)
	}
	if got := white.focused(); got != "draw-cancel" {
		t.Errorf("the focus after ½ is on %q, want Cancel", got)
	}
	if a.view(id).Seq != v.Seq {
		t.Fatal("the draw was offered without a confirmation")
	}
	white.click("#draw-confirm")
	black.wait("the draw prompt", `!!document.querySelector("#draw-decline")`, 10*time.Second)
	if got := black.text("#draw-prompt .question"); got != "White offers a draw" {
		t.Errorf("Black's prompt says %q", got)
	}
	white.wait("the offer sent", `!!document.querySelector("#draw-sent")`, 10*time.Second)
	if got := white.text("#draw-sent"); got != "Draw offer sent" {
		t.Errorf("White's page says %q", got)
	}
	enabled(white, "#draw-offer", false)
	black.click("#draw-decline")
	white.wait("the answer", `!document.querySelector("#draw-sent") && !!document.querySelector('#moves li[data-event="draw-decline"]')`, 10*time.Second)
	if got, want := white.moveList(), "White asks for a takeback | Takeback accepted | 1. d4 | White offers a draw | Draw offer declined"; got != want {
		t.Errorf("the move list after the refusal = %q, want %q", got, want)
	}
	// White may not offer a draw again for a while (can_offer_draw).
	enabled(white, "#draw-offer", false)

	// Black plays d5 and offers a draw; White accepts.
	v = a.view(id)
	black.clickMove("chess", "d7d5")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	black.waitPosition(v.Position)
	white.waitPosition(v.Position)
	black.click("#draw-offer")
	black.click("#draw-confirm")
	white.wait("the draw prompt", `!!document.querySelector("#draw-accept")`, 10*time.Second)
	if got := white.text("#draw-prompt .question"); got != "Black offers a draw" {
		t.Errorf("White's prompt says %q", got)
	}
	white.click("#draw-accept")
	deadline := time.Now().Add(10 * time.Second)
	for v = a.view(id); !v.Finished && time.Now().Before(deadline); v = a.view(id) {
		time.Sleep(50 * time.Millisecond)
	}
	if v.Status != "over draw" || v.Result != "draw (agreement)" {
		t.Fatalf("the game is %q, %q; want over draw, draw (agreement)", v.Status, v.Result)
	}
	for _, u := range []*user{white, black} {
		u.wait("the result", `!document.querySelector("#result").hidden && document.querySelector("main").dataset.idle !== "false"`, 10*time.Second)
		if got := u.text("#result"); got != "Draw — agreement" {
			t.Errorf("%s: the banner = %q, want %q", u.name, got, "Draw — agreement")
		}
		if got, want := u.moveList(), "White asks for a takeback | Takeback accepted | 1. d4 | White offers a draw | Draw offer declined | 1. … d5 | Black offers a draw | Draw offer accepted"; got != want {
			t.Errorf("%s: the move list = %q, want %q", u.name, got, want)
		}
		if got := u.eval(`document.querySelector("#offers").hidden && document.querySelector("#offer-prompts").children.length === 0 ? "none" : document.querySelector("#offers").innerText`); got != "none" {
			t.Errorf("%s: after the end the page still offers %q", u.name, got)
		}
	}
	black.click(`button[data-lang="ru"]`)
	black.wait("the Russian page", `document.documentElement.lang === "ru" && !!document.querySelector('#moves li[data-event="draw-accept"]') && !document.querySelector("#result").hidden`, 10*time.Second)
	if got, want := black.moveList(), "Белые просят вернуть ход | Ход возвращён | 1. d4 | Белые предлагают ничью | Предложение ничьей отклонено | 1. … d5 | Чёрные предлагают ничью | Предложение ничьей принято"; got != want {
		t.Errorf("the Russian move list = %q, want %q", got, want)
	}
}

// TestOffersAI offers the computer a draw, declined at once, on a phone:
// the buttons fit at 360 px.
func TestOffersAI(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "ai", "level": "easy"}, map[string]string{"type": "human"})
	u := b.user("black")
	u.do(chromedp.EmulateViewport(360, 740))
	u.holdSeats(a, id, map[string]string{"black": grants[1].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "black")
	u.waitPosition(v.Position)
	u.click("#draw-offer")
	u.wait("the question", `!!document.querySelector("#draw-confirm")`, 10*time.Second)
	if w := u.eval(`document.documentElement.scrollWidth + ""`); w != "360" {
		t.Errorf("at 360 px the page asking for a draw is %s px wide", w)
	}
	if bad := u.eval(`[...document.querySelectorAll("#offers > *, #leave > *")].filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > 360; }).map((e) => e.innerText).join(", ")`); bad != "" {
		t.Errorf("at 360 px these stick out of the page: %s", bad)
	}
	u.shot("web-draw-confirm-360", ".game-main")
	u.click("#draw-confirm")
	u.wait("the refusal", `!!document.querySelector('#moves li[data-event="draw-decline"]') && !document.querySelector("#draw-sent")`, 10*time.Second)
	if got := u.text(`#moves li[data-event="draw-decline"]`); got != "Draw offer declined" {
		t.Errorf("the computer's answer reads %q", got)
	}
	if got := u.text(`#moves li[data-event="draw-offer"]`); got != "Black offers a draw" {
		t.Errorf("the offer reads %q", got)
	}
	if v := a.view(id); v.Finished {
		t.Errorf("the computer accepted a draw: %q", v.Result)
	}
}

// TestLuxUmbraNoDrawButton: Lux et Umbra has no draws (rules 1.1), so
// neither player's page shows the ½ button, while the takeback button is
// there; after a move of White's it is still missing on both pages, and
// the spectator has no offer buttons at all.
func TestLuxUmbraNoDrawButton(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	var users []*user
	for _, g := range grants {
		u := b.user(g.Player)
		u.holdSeats(a, id, map[string]string{g.Player: g.Token})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		users = append(users, u)
	}
	watcher := b.user("spectator")
	watcher.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "white")
	check := func(v wire.View) {
		t.Helper()
		if !v.NoDrawOffers || len(v.CanOfferDraw) != 0 {
			t.Errorf("the view: no_draw_offers %v, can_offer_draw %v", v.NoDrawOffers, v.CanOfferDraw)
		}
		for _, u := range users {
			u.waitPosition(v.Position)
			u.wait("the takeback button", `(() => { const e = document.querySelector("#takeback-offer"); return !!e && e.offsetParent !== null; })()`, 10*time.Second)
			if got := u.eval(`String(document.querySelectorAll("#draw-offer, #draw-confirm, .offers .half").length)`); got != "0" {
				t.Errorf("%s: %s draw buttons on the page", u.name, got)
			}
		}
		watcher.waitPosition(v.Position)
		if got := watcher.eval(`(() => { const e = document.querySelector("#offers"); return !e || e.hidden ? "none" : e.innerText; })()`); got != "none" {
			t.Errorf("the spectator's offers: %q", got)
		}
	}
	check(v)
	users[0].clickMove("luxumbra", v.Legal[0])
	v = a.waitTurn(id, v.Seq, "white", "black")
	check(v)
}
