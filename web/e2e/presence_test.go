package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/server"
)

// TestPresenceAndClaim: two players' pages and a spectator's show both
// players online beside their names; when Black's tab closes, the others
// show Black offline within 5 s, White's page (a 390 px phone) counts the
// grace time down (3 s here) over the board, its claim buttons disabled,
// then offers to claim the victory, the board staying where it was, the
// buttons in sight on the phone and at 1280 x 800, in English and
// Russian; the claim ends the game "opponent left".
func TestPresenceAndClaim(t *testing.T) {
	b := newBrowser(t)
	a := startAppWith(t, func(c *server.Config) { c.GoneGrace = 3 * time.Second })
	id, grants := a.createWith(map[string]any{
		"game":  "chess",
		"seats": []map[string]string{{"type": "human"}, {"type": "human"}},
		"clock": map[string]int{"initial_ms": 300000},
	})
	white, black, watcher := b.user("white"), b.user("black"), b.user("spectator")
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	black.holdSeats(a, id, map[string]string{"black": grants[1].Token})
	for _, u := range []*user{white, black, watcher} {
		u.do(chromedp.Navigate(a.url("/games/" + id)))
	}
	both := `document.querySelectorAll('#strip-top [data-presence][data-online="true"], #strip-bottom [data-presence][data-online="true"]').length === 2`
	for _, u := range []*user{white, black, watcher} {
		u.wait("both players online", both, 10*time.Second)
	}
	if got := white.eval(`document.querySelector('#players [data-presence="black"]').title`); got != "online" {
		t.Errorf("the title of Black's mark = %q, want online", got)
	}
	if got := white.eval(`document.querySelector("#gone").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("the claim bar with both online is %s", got)
	}

	// White's page is a 390 px phone from here on: the claim bar comes
	// over the board, which stays where it was (a click on it never lands
	// elsewhere).
	white.phone()
	boardTop := `String(Math.round(document.querySelector(".game-board").getBoundingClientRect().top + scrollY))`
	white.wait("the board", `!!document.querySelector(".game-board")`, 5*time.Second)
	before := white.eval(boardTop)
	closed := time.Now()
	if err := chromedp.Cancel(black.ctx); err != nil {
		t.Fatal(err)
	}
	offline := `!!document.querySelector('#strip-top [data-presence="black"][data-online="false"]')`
	white.wait("Black offline within 5 s", offline, 5*time.Second)
	t.Logf("Black shown offline %v after the tab closed", time.Since(closed).Round(time.Millisecond))
	watcher.wait("Black offline for the spectator", `!!document.querySelector('[data-presence="black"][data-online="false"]')`, 5*time.Second)
	if got := watcher.eval(`document.querySelector("#gone").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("the spectator's claim bar is %s", got)
	}
	// The countdown, with the claim's buttons there but disabled, then
	// the claim.
	white.wait("the countdown", `!document.querySelector("#gone").hidden && /^Your opponent left the game: you can claim victory in 0:0[1-3]\.$/.test(document.querySelector("#gone-text").innerText) && document.querySelector("#claim-victory").disabled && document.querySelector("#claim-draw").disabled`, 5*time.Second)
	white.wait("the claim offered", `!!document.querySelector("#claim-victory") && !document.querySelector("#claim-victory").disabled && !document.querySelector("#claim-draw").disabled`, 10*time.Second)
	if got := white.text("#gone-text"); got != "Your opponent left the game." {
		t.Errorf("the claim bar says %q", got)
	}
	if after := white.eval(boardTop); after != before {
		t.Errorf("the board's top moved from %s px to %s px with the claim bar", before, after)
	}
	// In sight without scrolling, on the phone and at 1280 x 800.
	inSight := `(() => { window.scrollTo(0, 0); const r = document.querySelector("#claim-victory").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth ? "in" : "out " + r.top + " " + r.right; })()`
	if got := white.eval(inSight); got != "in" {
		t.Errorf("at 390 x 844 Claim victory is %s of the viewport", got)
	}
	white.desktop()
	if got := white.eval(inSight); got != "in" {
		t.Errorf("at 1280 x 800 Claim victory is %s of the viewport", got)
	}
	white.click(`button[data-lang="ru"]`)
	white.wait("the claim in Russian", `document.documentElement.lang === "ru" && (document.querySelector("#claim-victory") || {}).innerText === "Потребовать победу" && document.querySelector("#claim-draw").innerText === "Объявить ничью" && document.querySelector("#gone-text").innerText === "Соперник покинул партию."`, 10*time.Second)
	white.click("#claim-victory")
	white.wait("the game over", `document.querySelector("#gone").hidden && !document.querySelector("#result").hidden`, 10*time.Second)
	if v := a.view(id); !v.Finished || v.Result != "white wins (opponent left)" {
		t.Errorf("after the claim: finished %v, result %q; want white wins (opponent left)", v.Finished, v.Result)
	}
	if got := white.text("#result"); !strings.Contains(got, "техническое поражение: соперник покинул партию") {
		t.Errorf("the result banner in Russian says %q", got)
	}
}
