package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chatLog is the text of the messages a user's chat shows, joined by
// " | ", each as "name text".
func (u *user) chatLog() string {
	return u.eval(`[...document.querySelectorAll("#chat-log li.chat-msg")].map((e) => e.innerText).join(" | ")`)
}

// TestChat has the two players of an invitation chess game and a
// spectator chat: White's canned "Good luck!" reaches Black and never the
// spectator; the spectator's message reaches the players only once they
// open the Spectators room; a reload reads the room again; a refused
// message shows the server's error; the switch hides the chat and is
// remembered.
func TestChat(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	white := b.user("white")
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	black := b.user("black")
	black.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	for _, u := range []*user{white, black} {
		u.wait("the seat on the feed", fmt.Sprintf(`(document.querySelector("#conn") || {dataset: {}}).dataset.player === %q`, u.name), 10*time.Second)
		if got := u.eval(`document.querySelector("#chat-tabs").hidden ? "hidden" : document.querySelector("#chat-tab-players").getAttribute("aria-pressed")`); got != "true" {
			t.Errorf("%s: the players' room is not the one shown (%s)", u.name, got)
		}
	}
	spectator := b.user("spectator")
	spectator.do(chromedp.Navigate(a.url("/games/" + id)))
	spectator.wait("the spectators' room", `!!document.querySelector("#chat-log") && document.querySelector("#chat-log").dataset.room === "spectators"`, 10*time.Second)
	if got := spectator.eval(`document.querySelector("#chat-tabs").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("a spectator is offered the players' room")
	}
	spectator.wait("the room open on the feed", `document.querySelector("#chat-panel").dataset.spectators === "open"`, 10*time.Second)

	// White's canned phrase reaches Black, in the players' room.
	white.click(`.chat-canned button[data-phrase="goodluck"]`)
	black.wait("White's message", `[...document.querySelectorAll("#chat-log li")].some((e) => e.innerText.includes("Good luck!"))`, 10*time.Second)
	for _, u := range []*user{white, black} {
		u.wait("the message shown", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
		if got := u.chatLog(); got != "White Good luck!" {
			t.Errorf("%s: the chat shows %q, want %q", u.name, got, "White Good luck!")
		}
	}

	// The spectator writes, by keyboard: the players' room does not show
	// it.
	spectator.do(chromedp.SendKeys(chromedp.CSS("#chat-input"), "Nice opening\r"))
	spectator.wait("the spectator's message", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
	if got := spectator.chatLog(); got != "Spectator Nice opening" {
		t.Errorf("the spectator's chat shows %q", got)
	}
	if got := spectator.eval(`document.querySelector("#chat-input").value`); got != "" {
		t.Errorf("the input keeps %q after sending", got)
	}
	time.Sleep(300 * time.Millisecond)
	if got := black.chatLog(); got != "White Good luck!" {
		t.Errorf("before opening the Spectators room Black's chat shows %q", got)
	}
	black.click("#chat-tab-spectators")
	black.wait("the room open on the feed", `document.querySelector("#chat-panel").dataset.spectators === "open"`, 10*time.Second)
	black.wait("the spectators' room", `document.querySelector("#chat-log").dataset.room === "spectators" && document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
	if got := black.chatLog(); got != "Spectator Nice opening" {
		t.Errorf("Black's Spectators room shows %q", got)
	}
	// Black answers there, under the seat's name; the spectator reads it
	// live.
	black.do(chromedp.SendKeys(chromedp.CSS("#chat-input"), "Thank you\r"))
	spectator.wait("Black's answer", `document.querySelectorAll("#chat-log li.chat-msg").length === 2`, 10*time.Second)
	if got := spectator.chatLog(); got != "Spectator Nice opening | Black Thank you" {
		t.Errorf("the spectator's chat shows %q", got)
	}
	// White, who has not opened the room, sees the players' room only.
	black.click("#chat-tab-players")
	black.wait("the players' room again", `document.querySelector("#chat-log").dataset.room === "players"`, 10*time.Second)
	if got := black.chatLog(); got != "White Good luck!" {
		t.Errorf("Black's players' room shows %q", got)
	}
	if got := white.chatLog(); got != "White Good luck!" {
		t.Errorf("White's chat shows %q", got)
	}
	for _, m := range spectator.net.snapshot().received {
		if strings.Contains(m, "Good luck!") {
			t.Errorf("the spectator's feed got the players' message: %s", m)
		}
	}
	if got := spectator.text("#chat-log"); strings.Contains(got, "Good luck!") {
		t.Errorf("the spectator's chat shows the players' message: %q", got)
	}

	// A reload reads the room again.
	black.do(chromedp.Navigate(a.url("/games/" + id)))
	black.wait("the players' room read again", `document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)
	if got := black.chatLog(); got != "White Good luck!" {
		t.Errorf("after a reload Black's chat shows %q", got)
	}

	// A message the server refuses: its error in the page's error box.
	white.eval(`document.querySelector("#chat-input").value = "\u200b", "ok"`)
	white.click("#chat-send")
	white.wait("the error", `document.querySelector("#error").innerText !== ""`, 10*time.Second)
	if got := white.text("#error"); !strings.HasPrefix(got, "The message must be 1 to 300 characters") {
		t.Errorf("the error reads %q", got)
	}

	// The switch hides the chat, and stays off after a reload.
	white.click("#chat-toggle")
	white.wait("the chat hidden", `document.querySelector("#chat-body").hidden && document.querySelector("#chat-toggle").getAttribute("aria-pressed") === "false"`, 10*time.Second)
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	white.wait("the page", `!!document.querySelector("#chat-toggle") && document.querySelector("main").dataset.idle === "true"`, 10*time.Second)
	if got := white.eval(`document.querySelector("#chat-body").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("after a reload the chat switched off is %s", got)
	}
	white.click("#chat-toggle")
	white.wait("the chat again", `!document.querySelector("#chat-body").hidden && document.querySelectorAll("#chat-log li.chat-msg").length === 1`, 10*time.Second)

	// On a phone the chat fits.
	spectator.do(chromedp.EmulateViewport(360, 740))
	spectator.wait("the layout", `document.documentElement.scrollWidth === 360`, 10*time.Second)
	spectator.eval(`document.querySelector("#chat-panel").scrollIntoView(), "ok"`)
	spectator.shot("web-chat-360", "#chat-panel")
}
