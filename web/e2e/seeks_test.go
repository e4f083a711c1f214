package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chooseSeekGame picks a game in the lobby's section of games with
// strangers.
func (u *user) chooseSeekGame(game string) {
	u.t.Helper()
	u.wait("the seek form", fmt.Sprintf(`!!document.querySelector('#seek-game option[value="%s"]') && !!document.querySelector("button.pool")`, game), 10*time.Second)
	u.eval(fmt.Sprintf(`(() => { const s = document.querySelector("#seek-game"); s.value = %q; s.dispatchEvent(new Event("change")); return ""; })()`, game))
}

// inGame waits for the user's page to be the game's, as one of its
// players, and returns the game's id.
func (u *user) inGame() string {
	u.t.Helper()
	u.wait("the game as a player", `location.pathname.startsWith("/games/") && document.querySelector(".player .you") !== null`, 20*time.Second)
	return strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
}

// TestSeekAccept: a player creates a seek in the lobby (Seiðr, 5+3, White);
// it appears live in another player's lobby, who accepts it with a click;
// both pages go to the same game, the poster as White.
func TestSeekAccept(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	poster, taker := b.user("poster"), b.user("taker")
	taker.do(chromedp.Navigate(a.url("/")))
	taker.wait("no seeks", `!!document.querySelector("#seek-list p")`, 10*time.Second)
	poster.do(chromedp.Navigate(a.url("/")))
	poster.chooseSeekGame("seidr")
	poster.eval(`(() => { document.querySelector("#seek-clock").value = "5+3"; document.querySelector("#seek-color").value = "white"; return ""; })()`)
	poster.click("#seek-create")
	poster.wait("the seek waiting", `!!document.querySelector(".seek-mine button.seek-cancel")`, 10*time.Second)
	taker.wait("the seek listed", `!!document.querySelector("#seek-list tr[data-seek] button.seek-accept")`, 10*time.Second)
	row := taker.text("#seek-list tr[data-seek]")
	if !strings.Contains(row, "5+3") || !strings.Contains(row, "Black") {
		t.Errorf("the seek's row %q, want 5+3 and the taker's colour, Black", row)
	}
	taker.shot("web-lobby-seeks", "#strangers")
	taker.click("#seek-list button.seek-accept")
	id := taker.inGame()
	if got := poster.inGame(); got != id {
		t.Fatalf("the poster is in game %s, the taker in %s", got, id)
	}
	v := a.view(id)
	if v.Game != "seidr" || v.Clock == nil || v.Clock.InitialMs != 300_000 || v.Clock.IncrementMs != 3_000 {
		t.Fatalf("the game made: %s, clock %+v", v.Game, v.Clock)
	}
	poster.wait("the poster as White", `document.querySelector('.player[data-player="white"] .you') !== null`, 10*time.Second)
}

// TestQuickPairingRussianPhone: two players on 390 px phones, in Russian,
// press the same quick-pairing button (chess 3+2); both pages go to the
// same game, with a seat each.
func TestQuickPairingRussianPhone(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	var ids []string
	us := []*user{b.user("one"), b.user("two")}
	for _, u := range us {
		u.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
		u.do(chromedp.Navigate(a.url("/?lang=ru")))
		u.wait("the language switch", `!!document.querySelector('button[data-lang="ru"]')`, 10*time.Second)
		if u.eval(`document.documentElement.lang`) != "ru" {
			u.click(`button[data-lang="ru"]`)
		}
		u.wait("Russian", `document.documentElement.lang === "ru" && document.querySelector("#strangers h2")?.textContent === "Игра с незнакомцем"`, 10*time.Second)
		u.chooseSeekGame("chess")
		if w := u.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
			t.Errorf("%s: the lobby is %s px wide at 390 px", u.name, w)
		}
		u.click(`button.pool[data-pool="3+2"]`)
	}
	us[0].wait("searching", `document.querySelector(".seek-mine")?.textContent.includes("Ищем соперника") || location.pathname.startsWith("/games/")`, 10*time.Second)
	for _, u := range us {
		ids = append(ids, u.inGame())
	}
	if ids[0] != ids[1] {
		t.Fatalf("paired into games %v, want one", ids)
	}
	v := a.view(ids[0])
	if v.Game != "chess" || v.Clock == nil || v.Clock.InitialMs != 180_000 || v.Clock.IncrementMs != 2_000 {
		t.Fatalf("the game made: %s, clock %+v", v.Game, v.Clock)
	}
}

// TestRatedQuickPairing: two signed-in players press the same
// quick-pairing button (Seiðr 5+3), rated by default for accounts; both
// pages go to one rated game, each seat under its account.
func TestRatedQuickPairing(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	us := []*user{b.user("ann"), b.user("bob")}
	for i, u := range us {
		u.signUp(a, []string{"Ann", "Bob"}[i], "correct horse battery")
		u.do(chromedp.Navigate(a.url("/")))
		u.chooseSeekGame("seidr")
		u.wait("the rated box", `!document.querySelector(".seek-rated").hidden && document.querySelector("#seek-rated").checked`, 10*time.Second)
		u.click(`button.pool[data-pool="5+3"]`)
	}
	id := us[0].inGame()
	if got := us[1].inGame(); got != id {
		t.Fatalf("paired into games %s and %s, want one", id, got)
	}
	v := a.view(id)
	if v.Rated != "seidr/blitz" {
		t.Fatalf("the game made: rated %q, want seidr/blitz", v.Rated)
	}
	names := []string{v.Seats[0].Name, v.Seats[1].Name}
	if !(names[0] == "Ann" && names[1] == "Bob" || names[0] == "Bob" && names[1] == "Ann") {
		t.Fatalf("the seats' names %v, want Ann and Bob", names)
	}
}
