package e2e

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// createFromForm fills in the create form of chess (a mode, a clock; the
// creator in the first seat) and returns the new game's id once its page
// shows.
func (u *user) createFromForm(a *app, mode, clock string) string {
	u.t.Helper()
	u.do(chromedp.Navigate(a.url("/new/chess")))
	u.wait("the form", `!!document.querySelector("#create-game") && !!document.querySelector("#clock")`, 10*time.Second)
	u.click(`input[value="` + mode + `"]`)
	u.eval(`(() => { const s = document.querySelector("#clock"); s.value = "` + clock + `"; s.dispatchEvent(new Event("change")); return s.value; })()`)
	if mode == "friend" || mode == "ai" {
		u.firstSeat()
	}
	u.click("#create-game")
	u.wait("the game page", `location.pathname.startsWith("/games/")`, 10*time.Second)
	return strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
}

// TestClockPresets creates a hot-seat game at 3+2 and one by
// correspondence, 3 days per move, through the create form: the first
// clock reads 3:00, the second days and hours (in English and Russian), and the server has the
// clocks asked for. A hot-seat page holds every seat: its tab says it is
// your turn.
func TestClockPresets(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")

	u.do(chromedp.Navigate(a.url("/new/chess")))
	u.wait("the clocks", `document.querySelectorAll("#clock option").length === 20`, 10*time.Second)
	if got := u.eval(`[...document.querySelectorAll("#clock option")].map((o) => o.value + "=" + o.innerText).join("|")`); got != "none=No clock|1+0=1+0 (Bullet)|2+1=2+1 (Bullet)|3+0=3+0 (Blitz)|3+2=3+2 (Blitz)|5+0=5+0 (Blitz)|5+3=5+3 (Blitz)|10+0=10+0 (Rapid)|10+5=10+5 (Rapid)|15+10=15+10 (Rapid)|30+0=30+0 (Classical)|30+20=30+20 (Classical)|custom=Custom|corr-1=Correspondence: 1 day per move|corr-2=Correspondence: 2 days per move|corr-3=Correspondence: 3 days per move|corr-5=Correspondence: 5 days per move|corr-7=Correspondence: 7 days per move|corr-10=Correspondence: 10 days per move|corr-14=Correspondence: 14 days per move" {
		t.Errorf("the clock presets are %s", got)
	}
	if got := u.eval(`document.querySelector("#clock").value`); got != "none" {
		t.Errorf("the clock chosen at first is %q, want none", got)
	}

	id := u.createFromForm(a, "hotseat", "3+2")
	u.wait("the clock at 3:00", `(document.querySelector('[data-clock="white"]') || {}).innerText === "3:00"`, 10*time.Second)
	v := a.view(id)
	if v.Clock == nil || v.Clock.InitialMs != 180000 || v.Clock.IncrementMs != 2000 || v.Clock.DaysPerMove != 0 {
		t.Errorf("the 3+2 game's clock is %+v", v.Clock)
	}
	u.wait("your turn in the title", `document.title.startsWith("Your turn — ")`, 10*time.Second)

	id = u.createFromForm(a, "hotseat", "corr-3")
	// A correspondence clock does not time a player's first move either:
	// both wait at three days.
	u.wait("the clocks in days", `(document.querySelector('[data-clock="white"]') || {}).innerText === "3 d 0 h" && document.querySelector('[data-clock="black"]').innerText === "3 d 0 h"`, 10*time.Second)
	v = a.view(id)
	if v.Clock == nil || v.Clock.DaysPerMove != 3 {
		t.Errorf("the correspondence game's clock is %+v", v.Clock)
	}
	// In Russian, after each side's first move: White's clock runs, from
	// three days.
	u.waitPosition(a.view(id).Position)
	u.clickMove("chess", "e2e4")
	a.waitMoved(id, 0)
	u.waitPosition(a.view(id).Position)
	u.clickMove("chess", "e7e5")
	a.waitMoved(id, 1)
	u.click(`button[data-lang="ru"]`)
	u.wait("the clock in Russian", `document.documentElement.lang === "ru" && (document.querySelector('[data-clock="white"]') || {}).innerText === "2 д 23 ч" && document.querySelector('[data-clock="black"]').innerText === "3 д 0 ч"`, 10*time.Second)
	u.wait("your turn in Russian", `document.title.startsWith("Ваш ход — ")`, 10*time.Second)
}

// TestMyGames: a browser creates two games for a friend, who joins both;
// it moves in the second. The lobby lists both under My games, the first
// (its turn) before the second (the friend's turn), each a link to its
// game; the tab of a game says "Your turn" only when it is.
func TestMyGames(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("ann")
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("the lobby", `!!document.querySelector(".game-card")`, 10*time.Second)
	if got := u.eval(`document.querySelector("#my-games").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("My games is %s for a browser with no games", got)
	}

	var ids []string
	for i := 0; i < 2; i++ {
		id := u.createFromForm(a, "friend", "none")
		u.wait("the invitation", `!!document.querySelector('input[data-invite="black"]')`, 10*time.Second)
		if strings.HasPrefix(u.eval(`document.title`), "Your turn") {
			t.Errorf("the tab of a game waiting for a player says %q", u.eval(`document.title`))
		}
		link, err := url.Parse(u.eval(`document.querySelector('input[data-invite="black"]').value`))
		if err != nil {
			t.Fatal(err)
		}
		q := link.Query()
		if err := a.call("POST", "/api/games/"+id+"/join", "", map[string]string{"seat": q.Get("seat"), "invite": q.Get("invite"), "seed": "friend seed"}, nil); err != nil {
			t.Fatal(err)
		}
		u.wait("your turn in the title", `document.title.startsWith("Your turn — ")`, 10*time.Second)
		ids = append(ids, id)
	}
	// The second game's page is open: White moves, and it is Black's turn.
	u.waitPosition(a.view(ids[1]).Position)
	u.clickMove("chess", "e2e4")
	a.waitMoved(ids[1], 0)
	u.wait("the title without your turn", `document.title !== "" && !document.title.startsWith("Your turn") && document.title.includes("Norns")`, 10*time.Second)

	u.do(chromedp.Navigate(a.url("/")))
	u.wait("My games", `!!document.querySelector("#my-games:not([hidden])") && document.querySelectorAll("#my-games li").length === 2`, 10*time.Second)
	if got := u.eval(`[...document.querySelectorAll("#my-games li")].map((l) => l.dataset.game + ":" + l.className).join(" ")`); got != ids[0]+":your-turn "+ids[1]+":" {
		t.Errorf("My games = %q, want %s (your turn) then %s", got, ids[0], ids[1])
	}
	if got := u.text("#my-games li"); !strings.Contains(got, "Chess") || !strings.Contains(got, "Your turn") {
		t.Errorf("the first of My games reads %q", got)
	}
	u.click(`#my-games li[data-game="` + ids[0] + `"] a`)
	u.wait("the game of the link", `location.pathname === "/games/`+ids[0]+`" && document.title.startsWith("Your turn — ")`, 10*time.Second)
}

// firstSeat chooses the first seat for the creator on the create form,
// where the colour is random unless chosen.
func (u *user) firstSeat() {
	u.t.Helper()
	u.wait("the seat choice", `!!document.querySelector("#my-seat option[value='0']")`, 10*time.Second)
	u.eval(`(() => { const s = document.querySelector("#my-seat"); s.value = "0"; s.dispatchEvent(new Event("change")); return s.value; })()`)
}
