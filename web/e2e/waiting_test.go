package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/wire"
)

// TestWaitingPage: a chess game for a friend leads to its own page, which
// shows the invitation link in place of the board, again after a reload
// (from the server); the friend opens the link in another browser, joins
// on the join step, and both pages show the board, the creator's by itself. The game, private,
// is in none of the lobby's lists. The used invitation, opened again,
// says so with a link to watch the game, and so do a mistyped one and
// one of no game, in Russian too.
func TestWaitingPage(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	ann := b.user("ann")
	ann.do(chromedp.Navigate(a.url("/new/chess")))
	ann.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
	if got := ann.eval(`document.querySelector("#listed").checked ? "on" : "off"`); got != "off" {
		t.Errorf("the game is listed by default")
	}
	if got := ann.text(`label:has(#listed)`); got != "Public (listed for anybody to watch)" {
		t.Errorf("the checkbox reads %q", got)
	}
	ann.firstSeat() // the creator first, not a random colour
	ann.click("#create-game")
	ann.wait("the waiting page", `location.pathname.startsWith("/games/") && !!document.querySelector('#invites:not([hidden]) input[data-invite="black"]')`, 10*time.Second)
	id := strings.TrimPrefix(ann.eval(`location.pathname`), "/games/")
	link := ann.eval(`document.querySelector('input[data-invite="black"]').value`)
	if !strings.HasPrefix(link, a.url("/games/"+id+"?seat=black&invite=")) {
		t.Errorf("the invitation link is %q", link)
	}
	if got := ann.eval(`document.querySelector(".board-box").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("the board is %s while the game waits", got)
	}
	if got := ann.text(`button[data-copy="black"]`); got != "Copy" {
		t.Errorf("the copy button reads %q", got)
	}
	ann.do(chromedp.Reload())
	ann.wait("the link after a reload", `!!document.querySelector('#invites:not([hidden]) input[data-invite="black"]')`, 10*time.Second)
	if got := ann.eval(`document.querySelector('input[data-invite="black"]').value`); got != link {
		t.Errorf("after a reload the link is %q, want %q", got, link)
	}

	// Private: in none of the lobby's lists.
	var list wire.ListResponse
	if err := a.call("GET", "/api/games?state=live", "", nil, &list); err != nil {
		t.Fatal(err)
	}
	for _, g := range list.Games {
		if g.ID == id {
			t.Errorf("the private game %s is listed", id)
		}
	}
	other := b.user("other")
	other.do(chromedp.Navigate(a.url("/")))
	other.wait("the lists", `!document.body.innerText.includes("Loading")`, 10*time.Second)
	if n := other.eval(fmt.Sprintf(`document.querySelectorAll('a[href="/games/%s"]').length + ""`, id)); n != "0" {
		t.Errorf("the lobby links the private game %s times", n)
	}

	// Bob opens the link and joins: both pages show the board.
	bob := b.user("bob")
	bob.acceptInvite(link)
	bob.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	v := a.waitTurn(id, -1, "white")
	for _, u := range []*user{ann, bob} {
		u.wait("the board", `!document.querySelector(".board-box").hidden && document.querySelector("#invites").hidden`, 10*time.Second)
		u.waitPosition(v.Position)
	}
	ann.clickMove("chess", "e2e4")
	a.waitMoved(id, v.Seq)
	bob.waitPosition(a.view(id).Position)

	// The used invitation, opened again in another browser.
	carl := b.user("carl")
	carl.do(chromedp.Navigate(link))
	carl.wait("the message", `!!document.querySelector("#invite-problem")`, 10*time.Second)
	if got := carl.text("#invite-problem p"); got != "The seat of this invitation has been taken already. You can still watch the game." {
		t.Errorf("the used invitation says %q", got)
	}
	if n := carl.eval(`document.querySelectorAll(".game-board").length + ""`); n != "0" {
		t.Errorf("the used invitation shows a board")
	}
	carl.click("#invite-watch")
	carl.waitPosition(a.view(id).Position)
	if got := carl.eval(`document.querySelectorAll(".player .you").length + ""`); got != "0" {
		t.Errorf("the watcher holds %s seats", got)
	}

	// A mistyped invitation, in Russian; an invitation of no game.
	carl.click(`button[data-lang="ru"]`)
	carl.wait("Russian", `document.documentElement.lang === "ru"`, 10*time.Second)
	carl.do(chromedp.Navigate(a.url(fmt.Sprintf("/games/%s?seat=black&invite=AAAAAAAAAAAAAAAAAAAAAA", id))))
	carl.wait("the message", `!!document.querySelector("#invite-problem")`, 10*time.Second)
	if got := carl.eval(`document.querySelector("#invite-problem").dataset.code`); got != "bad_invite" && got != "seat_not_open" {
		t.Errorf("a mistyped invitation is %q", got)
	}
	if got := carl.text("#invite-watch"); got != "Смотреть партию" {
		t.Errorf("the Russian link reads %q", got)
	}
	carl.do(chromedp.Navigate(a.url("/games/aaaaaaaaaaaaaaaa?seat=black&invite=AAAAAAAAAAAAAAAAAAAAAA")))
	carl.wait("the message", `!!document.querySelector("#invite-problem")`, 10*time.Second)
	if got := carl.text("#invite-problem p"); got != "Такой партии нет: возможно, ссылка неполная." {
		t.Errorf("an invitation of no game says %q", got)
	}
}
