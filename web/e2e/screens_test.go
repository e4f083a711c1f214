package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/i18n"
)

// inLang has a user choose a language with the switch of the lobby, and
// a name the pages send with a seat taken, as a person would once.
func (u *user) inLang(a *app, lang i18n.Lang, name string) {
	u.t.Helper()
	u.do(chromedp.EmulateViewport(1280, 800))
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("the language switch", `!!document.querySelector('button[data-lang="ru"]')`, 10*time.Second)
	u.click(fmt.Sprintf(`button[data-lang=%q]`, lang))
	u.wait("the language", fmt.Sprintf(`document.documentElement.lang === %q`, lang), 10*time.Second)
	k, _ := json.Marshal(name)
	u.eval(fmt.Sprintf(`localStorage.setItem("norns.name", %s), "ok"`, k))
}

// screen saves a screenshot of the viewport (1280 x 800) as a person sees
// it with the element a selector finds in view: the top of the page,
// scrolled down no more than it takes to show the element whole. The
// file goes where shot puts it ($NORNS_SCREENSHOTS, else a temporary
// directory).
func (u *user) screen(name, sel string) {
	u.t.Helper()
	b, _ := json.Marshal(sel)
	// The mouse rests on the page's empty margin: no button is hovered.
	u.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1260, 790))
	u.eval(`window.scrollTo(0, 0), document.activeElement && document.activeElement.blur && document.activeElement.blur(), "ok"`)
	u.eval(fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); if (r.bottom > innerHeight) window.scrollTo(0, Math.min(r.top - 8, r.bottom - innerHeight + 16)); return "ok"; })()`, b))
	u.wait("the element in view", fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 || r.top >= 0 && r.top < innerHeight; })()`, b), 5*time.Second)
	time.Sleep(200 * time.Millisecond)
	dir := os.Getenv("NORNS_SCREENSHOTS")
	switch {
	case dir == "":
		dir = u.t.TempDir()
	case !filepath.IsAbs(dir):
		dir = filepath.Join("..", "..", dir)
	}
	ctx, cancel := context.WithTimeout(u.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		u.t.Fatalf("%s: screenshot %s: %v", u.name, name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		u.t.Fatal(err)
	}
}

// tr is a catalog text.
func tr(lang i18n.Lang, key string, kv ...any) string { return i18n.T(lang, key, kv...) }

// names are the players' names of the screenshots, in each language.
var screenNames = map[i18n.Lang][3]string{
	i18n.English: {"Ann", "Bob", "Carl"},
	i18n.Russian: {"Анна", "Борис", "Кирилл"},
}

// duo is a chess game between two people in a language: White created
// it, Black joined by the invitation link.
func duo(t *testing.T, b *browser, a *app, lang i18n.Lang, scene string) (id string, white, black *user) {
	t.Helper()
	names := screenNames[lang]
	id, grants := a.create("chess", nil, map[string]string{"type": "human", "name": names[0]}, map[string]string{"type": "open"})
	white = b.user(scene + "/" + string(lang) + "/white")
	white.t = t
	white.inLang(a, lang, names[0])
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	black = b.user(scene + "/" + string(lang) + "/black")
	black.t = t
	black.inLang(a, lang, names[1])
	black.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	black.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	v := a.waitTurn(id, -1, "white")
	white.waitPosition(v.Position)
	black.waitPosition(v.Position)
	return id, white, black
}

// moves plays moves by clicks, White's and Black's in turn from White's,
// and waits until both pages show the last.
func moves(t *testing.T, a *app, id string, white, black *user, actions ...string) {
	t.Helper()
	for i, m := range actions {
		u := white
		if i%2 == 1 {
			u = black
		}
		v := a.view(id)
		u.waitPosition(v.Position)
		u.clickMove("chess", m)
		a.waitMoved(id, v.Seq)
	}
	v := a.view(id)
	white.waitPosition(v.Position)
	black.waitPosition(v.Position)
}

// TestScreenshots shows, in English and Russian, the waiting page of a
// game for a friend (the invitation link and Copy), a draw offer as the
// other player sees it, the players' chat with a few messages beside the
// Spectators room's tab, and the rematch offered once a game
// is over; it checks what each shows and takes the screenshots of the
// README (web-waiting-en.png, web-draw-offer-ru.png, …; 1280 x 800).
func TestScreenshots(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		names := screenNames[lang]
		t.Run("waiting-"+string(lang), func(t *testing.T) {
			u := b.user("waiting/" + string(lang))
			u.t = t
			u.inLang(a, lang, names[0])
			u.do(chromedp.Navigate(a.url("/new/chess")))
			u.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
			u.firstSeat() // the creator first, not a random colour
			u.click("#create-game")
			u.wait("the waiting page", `location.pathname.startsWith("/games/") && !!document.querySelector('#invites:not([hidden]) input[data-invite="black"]') && document.querySelector("main").dataset.idle === "true"`, 10*time.Second)
			id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
			if link := u.eval(`document.querySelector('input[data-invite="black"]').value`); !strings.HasPrefix(link, a.url("/games/"+id+"?seat=black&invite=")) {
				t.Errorf("the invitation link is %q", link)
			}
			if got, want := u.text(`button[data-copy="black"]`), tr(lang, "create.copy"); got != want {
				t.Errorf("the copy button reads %q, want %q", got, want)
			}
			if got, want := u.text("#invites h2"), tr(lang, "create.invites"); got != want {
				t.Errorf("the invitations are headed %q, want %q", got, want)
			}
			if got := u.eval(`document.querySelector(".board-box").hidden ? "hidden" : "shown"`); got != "hidden" {
				t.Errorf("the board is %s while the game waits", got)
			}
			u.screen("web-waiting-"+string(lang), "#invites")
		})

		t.Run("draw-offer-"+string(lang), func(t *testing.T) {
			id, white, black := duo(t, b, a, lang, "draw")
			moves(t, a, id, white, black, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5")
			white.click("#draw-offer")
			white.click("#draw-confirm")
			black.wait("the draw prompt", `!!document.querySelector("#draw-accept") && document.querySelector("main").dataset.idle !== "false"`, 10*time.Second)
			if got, want := black.text("#draw-prompt .question"), tr(lang, "game.line.draw-offer", "player", tr(lang, "player.white")); got != want {
				t.Errorf("Black's prompt says %q, want %q", got, want)
			}
			if got, want := black.text("#draw-accept")+" / "+black.text("#draw-decline"), tr(lang, "game.offer.accept")+" / "+tr(lang, "game.offer.decline"); got != want {
				t.Errorf("Black's buttons read %q, want %q", got, want)
			}
			black.screen("web-draw-offer-"+string(lang), "#offer-prompts")
		})

		t.Run("chat-"+string(lang), func(t *testing.T) {
			id, white, black := duo(t, b, a, lang, "chat")
			moves(t, a, id, white, black, "d2d4", "d7d5", "c2c4")
			spectator := b.user("chat/" + string(lang) + "/spectator")
			spectator.t = t
			spectator.inLang(a, lang, names[2])
			spectator.do(chromedp.Navigate(a.url("/games/" + id)))
			spectator.wait("the spectators' room", `!!document.querySelector("#chat-panel") && document.querySelector("#chat-panel").dataset.spectators === "open"`, 10*time.Second)
			for _, u := range []*user{white, black} {
				u.wait("the seat on the feed", fmt.Sprintf(`(document.querySelector("#conn") || {dataset: {}}).dataset.player === %q`, strings.TrimPrefix(u.name, "chat/"+string(lang)+"/")), 10*time.Second)
			}
			texts := map[i18n.Lang][3]string{
				i18n.English: {"Thanks, you too! The Queen's Gambit, then?", "Let's see if you take it", "What a game already"},
				i18n.Russian: {"Спасибо, и вам! Ферзевый гамбит, значит?", "Посмотрим, примете ли вы его", "Интересная партия"},
			}[lang]
			say := func(u *user, text string, n int) {
				t.Helper()
				u.do(chromedp.SendKeys(chromedp.CSS("#chat-input"), text+"\r"))
				for _, p := range []*user{white, black} {
					p.wait("the message", fmt.Sprintf(`document.querySelectorAll("#chat-log li.chat-msg").length === %d`, n), 10*time.Second)
				}
			}
			white.click(`.chat-canned button[data-phrase="goodluck"]`)
			for _, p := range []*user{white, black} {
				p.wait("the message", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
			}
			say(black, texts[0], 2)
			say(white, texts[1], 3)
			spectator.do(chromedp.SendKeys(chromedp.CSS("#chat-input"), texts[2]+"\r"))
			spectator.wait("the spectator's message", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
			want := fmt.Sprintf("%s %s | %s %s | %s %s", names[0], tr(lang, "chat.phrase.goodluck"), names[1], texts[0], names[0], texts[1])
			for _, u := range []*user{white, black} {
				if got := u.chatLog(); got != want {
					t.Errorf("%s: the chat shows %q, want %q", u.name, got, want)
				}
			}
			// The players' room is shown, the Spectators room a tab away.
			if got := white.eval(`document.querySelector("#chat-tabs").hidden ? "hidden" : document.querySelector("#chat-tab-players").getAttribute("aria-pressed")`); got != "true" {
				t.Errorf("the players' room is not the one shown (%s)", got)
			}
			if got, want := white.text("#chat-tab-spectators"), tr(lang, "chat.spectators"); got != want {
				t.Errorf("the Spectators tab reads %q, want %q", got, want)
			}
			if got := spectator.chatLog(); got != names[2]+" "+texts[2] && got != tr(lang, "chat.spectator")+" "+texts[2] {
				t.Errorf("the spectator's chat shows %q", got)
			}
			white.screen("web-chat-"+string(lang), "#chat-panel")
		})

		t.Run("rematch-"+string(lang), func(t *testing.T) {
			id, white, black := duo(t, b, a, lang, "rematch")
			// The fool's mate: Black wins, and asks for a rematch.
			moves(t, a, id, white, black, "f2f3", "e7e5", "g2g4", "d8h4")
			if v := a.view(id); !v.Finished || !strings.Contains(v.Result, "checkmate") {
				t.Fatalf("the game is %q", v.Result)
			}
			// A word after the game, on both pages.
			white.click(`.chat-canned button[data-phrase="wellplayed"]`)
			white.wait("the message", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
			black.click(`.chat-canned button[data-phrase="thanks"]`)
			white.wait("the answer", `document.querySelectorAll("#chat-log li.chat-msg").length === 2`, 10*time.Second)
			if got, want := white.chatLog(), fmt.Sprintf("%s %s | %s %s", names[0], tr(lang, "chat.phrase.wellplayed"), names[1], tr(lang, "chat.phrase.thanks")); got != want {
				t.Errorf("the chat shows %q, want %q", got, want)
			}
			black.wait("the rematch button", `(() => { const e = document.querySelector("#rematch"); return !!e && !e.disabled && !document.querySelector("#rematch-box").hidden; })()`, 10*time.Second)
			black.click("#rematch")
			white.wait("the offer", `document.querySelector("#rematch").dataset.state === "offered" && document.querySelector("main").dataset.idle !== "false"`, 10*time.Second)
			if got, want := white.text("#rematch-note"), tr(lang, "game.rematch.offered"); got != want {
				t.Errorf("White's page says %q, want %q", got, want)
			}
			if got, want := white.text("#rematch"), tr(lang, "game.rematch.accept"); got != want {
				t.Errorf("White's button reads %q, want %q", got, want)
			}
			if got := white.eval(`document.querySelector("#result").hidden ? "" : document.querySelector("#result").innerText`); got == "" {
				t.Errorf("White's page shows no result")
			}
			white.screen("web-rematch-"+string(lang), "#rematch-box")
		})
	}
}
