package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// typeName types a name into the page's name field, after emptying it.
func (u *user) typeName(name string) {
	u.t.Helper()
	u.wait("the name field", `!!document.querySelector("#player-name")`, 10*time.Second)
	u.eval(`(() => { const e = document.querySelector("#player-name"); e.value = ""; e.dispatchEvent(new Event("input")); return "ok"; })()`)
	u.do(chromedp.SendKeys(chromedp.CSS("#player-name"), name))
}

// TestNames: Ann creates a chess game with a seat anyone may join under
// her name (a name the server would refuse is stopped by the page first),
// Bob, whose name the lobby remembers, joins it from the lobby; both
// pages, and a spectator's, show both names beside the board, and the
// lobby's list shows them too.
func TestNames(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	ann := b.user("ann")
	ann.do(chromedp.Navigate(a.url("/new/chess")))
	ann.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
	ann.typeName(" Ann")
	ann.wait("the name refused", `!document.querySelector("#player-name-error").hidden`, 5*time.Second)
	if got := ann.text("#player-name-error"); !strings.Contains(got, "1 to 24") {
		t.Errorf("the page says %q of a name beginning with a space", got)
	}
	ann.firstSeat() // the creator first, not a random colour
	ann.click("#create-game")
	time.Sleep(300 * time.Millisecond)
	if got := ann.eval(`location.pathname`); got != "/new/chess" {
		t.Fatalf("a bad name created a game: the page went to %s", got)
	}
	ann.typeName("Ann Lee")
	ann.wait("the name taken", `document.querySelector("#player-name-error").hidden`, 5*time.Second)
	ann.click("#public")
	ann.click("#create-game")
	ann.wait("the invitation", `!!document.querySelector('input[data-invite="black"]')`, 10*time.Second)
	link := ann.eval(`document.querySelector('input[data-invite="black"]').value`)
	id := strings.TrimPrefix(strings.SplitN(link, "?", 2)[0], a.url("/games/"))
	if len(id) != 16 {
		t.Fatalf("the invitation %q names no game", link)
	}

	bob := b.user("bob")
	bob.do(chromedp.Navigate(a.url("/")))
	bob.typeName("Bob_2")
	bob.do(chromedp.Reload())
	bob.wait("the name remembered", `document.querySelector("#player-name") && document.querySelector("#player-name").value === "Bob_2"`, 10*time.Second)
	sel := fmt.Sprintf(`button.join[data-game="%s"][data-join="black"]`, id)
	bob.wait("the Join button", fmt.Sprintf(`!!document.querySelector(%q)`, sel), 15*time.Second)
	bob.click(sel)
	bob.wait("the game as Black", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)

	if ann.eval(`location.pathname`) != "/games/"+id {
		ann.do(chromedp.Navigate(a.url("/games/" + id)))
	}
	spectator := b.user("spectator")
	spectator.do(chromedp.Navigate(a.url("/games/" + id)))
	for _, u := range []*user{ann, bob, spectator} {
		u.wait("both names", `(document.querySelector('.player[data-player="black"]') || {innerText: ""}).innerText.includes("Bob_2")`, 10*time.Second)
		if w, bl := u.text(`.player[data-player="white"]`), u.text(`.player[data-player="black"]`); !strings.Contains(w, "Ann Lee") || !strings.Contains(bl, "Bob_2") {
			t.Errorf("%s: the seats read %q and %q", u.name, w, bl)
		}
	}
	spectator.do(chromedp.Navigate(a.url("/")))
	row := fmt.Sprintf(`[...document.querySelectorAll("table.list tr")].find((r) => r.querySelector('a[href="/games/%s"]'))`, id)
	spectator.wait("the game in the list", "!!"+row, 15*time.Second)
	if got := spectator.eval(row + `.innerText`); !strings.Contains(got, "White: Ann Lee, Black: Bob_2") {
		t.Errorf("the lobby lists the game as %q", got)
	}
}
