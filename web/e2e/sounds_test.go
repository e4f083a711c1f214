package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// soundRecorder, run in every page of a tab before its own script, keeps
// in window.__sounds each sound the page records on the body
// (data-sound, with data-sound-count counting them).
const soundRecorder = `window.__sounds = [];
new MutationObserver(() => {
  const b = document.body;
  if (b && b.dataset.soundCount && b.dataset.soundCount !== window.__soundCount) {
    window.__soundCount = b.dataset.soundCount;
    window.__sounds.push(b.dataset.sound);
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-sound-count"]});`

// recordSounds makes the user's tab keep the sounds its pages play.
func (u *user) recordSounds() {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(u.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: soundRecorder}); err != nil {
		u.t.Fatalf("%s: recording the sounds: %v", u.name, err)
	}
}

// sounds are the sounds the user's page played since it was loaded, or
// since the last clearSounds, joined by spaces.
func (u *user) sounds() string {
	return u.eval(`(window.__sounds || []).join(" ")`)
}

func (u *user) clearSounds() { u.eval(`window.__sounds = [], "ok"`) }

// waitIcon waits until the tab's icon is the one of a player to move, or
// the plain one.
func (u *user) waitIcon(turn bool) {
	u.t.Helper()
	want := "/favicon.svg"
	if turn {
		want = "/favicon-turn.svg"
	}
	u.wait("the icon "+want, fmt.Sprintf(`document.querySelector('link[rel="icon"]').getAttribute("href") === %q && document.querySelector("main").dataset.idle !== "false"`, want), 10*time.Second)
}

// soundSwitch is the sound switch's text and aria-pressed.
func (u *user) soundSwitch() string {
	return u.eval(`(() => { const e = document.querySelector("#sound"); return e ? e.innerText + " " + e.getAttribute("aria-pressed") : "none"; })()`)
}

// TestSoundSwitch: the game page's sound switch is on at first, says so,
// turns off and on, and is remembered after a reload; in Russian it says
// so in Russian.
func TestSoundSwitch(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	u := b.user("ann")
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the switch", `!!document.querySelector("#sound") && document.querySelector("main").dataset.idle === "true"`, 10*time.Second)
	if got := u.soundSwitch(); got != "Sound: on true" {
		t.Errorf("at first the switch reads %q, want Sound: on, pressed", got)
	}
	if got := u.eval(`document.querySelector("#sound").closest(".toolbar") ? "toolbar" : "elsewhere"`); got != "toolbar" {
		t.Errorf("the switch is not in the toolbar")
	}
	u.click("#sound")
	u.wait("the switch off", `document.querySelector("#sound").getAttribute("aria-pressed") === "false"`, 5*time.Second)
	if got, stored := u.soundSwitch(), u.eval(`localStorage.getItem("norns.sound")`); got != "Sound: off false" || stored != "off" {
		t.Errorf("switched off, the switch reads %q and localStorage keeps %q", got, stored)
	}
	u.do(chromedp.Reload())
	u.wait("the switch", `!!document.querySelector("#sound") && document.querySelector("main").dataset.idle === "true"`, 10*time.Second)
	if got := u.soundSwitch(); got != "Sound: off false" {
		t.Errorf("after a reload the switch reads %q, want Sound: off", got)
	}
	u.click(`button[data-lang="ru"]`)
	u.wait("Russian", `document.documentElement.lang === "ru" && !!document.querySelector("#sound")`, 10*time.Second)
	if got := u.soundSwitch(); got != "Звук: выкл. false" {
		t.Errorf("in Russian the switch reads %q", got)
	}
	u.click("#sound")
	u.wait("the switch on", `document.querySelector("#sound").getAttribute("aria-pressed") === "true"`, 5*time.Second)
	if got := u.soundSwitch(); got != "Звук: вкл. true" {
		t.Errorf("switched on in Russian, the switch reads %q", got)
	}
	u.do(chromedp.Reload())
	u.wait("the switch", `!!document.querySelector("#sound") && document.querySelector("main").dataset.idle === "true"`, 10*time.Second)
	if got, stored := u.soundSwitch(), u.eval(`localStorage.getItem("norns.sound")`); got != "Звук: вкл. true" || stored != "on" {
		t.Errorf("after a reload the switch reads %q, localStorage %q", got, stored)
	}
}

// TestSounds plays an invitation chess game in two browsers, 1. e4 f5
// 2. exf5 g5 3. Qh5#: each page plays the move sound for a move, the
// capture sound for exf5 and the end's for the mate; Black's page,
// its sound switched off for g5, plays nothing then. The tab's icon shows
// a dot while the browser's seat is to move, and not after its move or
// at the end.
func TestSounds(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	white := b.user("white")
	white.recordSounds()
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	black := b.user("black")
	black.recordSounds()
	black.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	black.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	v := a.waitTurn(id, -1, "white")
	for _, u := range []*user{white, black} {
		u.waitPosition(v.Position)
	}
	white.waitIcon(true)
	black.waitIcon(false)
	// The icon of a player to move is served, an SVG of its own.
	for _, icon := range []string{"/favicon.svg", "/favicon-turn.svg"} {
		resp, err := http.Get(a.url(icon))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, "image/svg+xml") || !strings.HasPrefix(string(body), "<svg") {
			t.Errorf("GET %s: %d %s %.40q", icon, resp.StatusCode, ct, body)
		}
	}
	for _, u := range []*user{white, black} {
		if got := u.sounds(); got != "" {
			t.Errorf("%s: before any move the page played %q", u.name, got)
		}
		if got := u.eval(`document.body.dataset.sound || ""`); got != "" {
			t.Errorf("%s: before any move the page recorded the sound %q", u.name, got)
		}
	}

	// play makes a move on the page of the player to move and waits until
	// both pages show it.
	play := func(u *user, action string) {
		t.Helper()
		for _, p := range []*user{white, black} {
			p.clearSounds()
		}
		v := a.view(id)
		u.waitPosition(v.Position)
		u.clickMove("chess", action)
		a.waitMoved(id, v.Seq)
		v = a.view(id)
		for _, p := range []*user{white, black} {
			p.waitPosition(v.Position)
		}
	}
	// heard checks the sounds each page played for the last move.
	heard := func(what string, want map[*user]string) {
		t.Helper()
		for u, w := range want {
			if w != "" {
				u.wait("the sound "+w, `(window.__sounds || []).length > 0`, 5*time.Second)
			}
			if got := u.sounds(); got != w {
				t.Errorf("%s: %s played %q, want %q", u.name, what, got, w)
			}
		}
	}

	play(white, "e2e4")
	heard("1. e4", map[*user]string{white: "move", black: "move"})
	if got := white.eval(`document.body.dataset.sound + " " + document.body.dataset.soundCount`); got != "move 1" {
		t.Errorf("after e4 White's page records %q, want move 1", got)
	}
	white.waitIcon(false)
	black.waitIcon(true)

	play(black, "f7f5")
	heard("1... f5", map[*user]string{white: "move", black: "move"})
	white.waitIcon(true)
	black.waitIcon(false)

	play(white, "e4f5")
	heard("2. exf5", map[*user]string{white: "capture", black: "capture"})
	black.waitIcon(true)

	// Black switches the sound off: g5 records nothing on Black's page.
	black.click("#sound")
	black.wait("the sound off", `document.querySelector("#sound").getAttribute("aria-pressed") === "false"`, 5*time.Second)
	count := black.eval(`document.body.dataset.soundCount`)
	play(black, "g7g5")
	heard("2... g5", map[*user]string{white: "move"})
	time.Sleep(500 * time.Millisecond)
	if got, n := black.sounds(), black.eval(`document.body.dataset.soundCount`); got != "" || n != count {
		t.Errorf("with the sound off Black's page recorded %q (count %s, was %s)", got, n, count)
	}
	black.click("#sound")
	black.wait("the sound on", `document.querySelector("#sound").getAttribute("aria-pressed") === "true"`, 5*time.Second)

	// Mate: the end's sound on both pages, no dot on either icon.
	play(white, "d1h5")
	if v := a.view(id); !v.Finished || !strings.Contains(v.Result, "checkmate") {
		t.Fatalf("after Qh5 the game is %q", v.Result)
	}
	for _, u := range []*user{white, black} {
		u.wait("the result", `!document.querySelector("#result").hidden`, 10*time.Second)
	}
	heard("3. Qh5#", map[*user]string{white: "end", black: "end"})
	white.waitIcon(false)
	black.waitIcon(false)

	// A page opened on the finished game plays nothing.
	black.do(chromedp.Reload())
	black.waitPosition(a.view(id).Position)
	time.Sleep(300 * time.Millisecond)
	if got := black.sounds(); got != "" {
		t.Errorf("the finished game, reloaded, played %q", got)
	}
}

// TestSoundRoll plays Lux et Umbra against the computer: a turn is a
// roll and one or two moves; the person's moves play the move sound, and
// once the turn is over the dice rolled for the computer's turn, then for
// the person's, play the roll sound.
func TestSoundRoll(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	me := grants[0].Player
	u := b.user("player")
	u.recordSounds()
	u.holdSeats(a, id, map[string]string{me: grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, me)
	u.waitPosition(v.Position)
	u.waitIcon(true)
	u.clearSounds()
	// The person moves whenever it is their turn (one or two moves a
	// turn), until the page has played a roll: the computer's, once the
	// person's turn is over.
	for i := 0; ; i++ {
		if i == 6 {
			t.Fatalf("no roll sound after %d moves: %q", i, u.sounds())
		}
		u.waitPosition(v.Position)
		if strings.Contains(u.sounds(), "roll") {
			break
		}
		u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
		u.typeMove(v.Legal[0])
		a.waitMoved(id, v.Seq)
		if v = a.waitTurn(id, v.Seq, me); v.Finished {
			t.Fatalf("the game ended: %q", v.Result)
		}
	}
	got := strings.Fields(u.sounds())
	if got[0] != "move" || got[len(got)-1] != "roll" {
		t.Errorf("the page played %q: want the person's moves first, a roll last (the person's turn begins)", got)
	}
	for _, s := range got {
		if s != "move" && s != "capture" && s != "roll" {
			t.Errorf("the page played %q", s)
		}
	}
	u.waitIcon(true)
	t.Logf("sounds: %v", got)
}
