package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/wire"
)

// heldSeats lists the seats the browser holds in game id.
func (u *user) heldSeats(id string) string {
	return u.eval(fmt.Sprintf(`Object.keys(JSON.parse(localStorage.getItem("norns.seats.%s") || "{}")).sort().join(",")`, id))
}

// gameID is the id of the game page shown.
func (u *user) gameID() string {
	u.t.Helper()
	u.wait("the game page", `location.pathname.startsWith("/games/")`, 10*time.Second)
	return strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
}

// TestRandomColor: the create page's colour is random unless chosen, as
// lichess's: games for a friend made with the form as it comes give the
// creator White and Black over several games. In the lobby's dialog
// against the computer, Black at easy level with 3+2 makes that game, and
// Random gives both colours too (in Russian).
func TestRandomColor(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("ann")
	seen := map[string]int{}
	for i := 0; i < 30 && (seen["white"] == 0 || seen["black"] == 0); i++ {
		u.do(chromedp.Navigate(a.url("/new/chess")))
		u.wait("the form", `!!document.querySelector("#create-game") && !!document.querySelector("#my-seat")`, 10*time.Second)
		if got := u.eval(`[...document.querySelectorAll("#my-seat option")].map((o) => (o.selected ? "*" : "") + o.innerText).join("/")`); got != "*Random/White/Black" {
			t.Fatalf("the colours offered: %q, want *Random/White/Black", got)
		}
		u.click("#create-game")
		id := u.gameID()
		held := u.heldSeats(id)
		v := a.view(id)
		for _, s := range v.Seats {
			if want := map[bool]string{true: "human", false: "open"}[s.Player == held]; s.Kind != want {
				t.Errorf("game %s: the browser holds %s, seat %s is %s", id, held, s.Player, s.Kind)
			}
		}
		seen[held]++
	}
	if seen["white"] == 0 || seen["black"] == 0 {
		t.Errorf("random colour on the create page: %v, want both", seen)
	}
	t.Logf("the create page: %v", seen)

	// The lobby's dialog: Black, easy, 3+2.
	u.do(chromedp.Navigate(a.url("/")))
	u.click(`button[data-play-ai="chess"]`)
	u.wait("the dialog", `!!document.querySelector("dialog.play-ai-dialog[open]")`, 10*time.Second)
	u.eval(`(() => { for (const [id, v] of [["#play-ai-level", "easy"], ["#play-ai-clock", "3+2"]]) { const s = document.querySelector(id); s.value = v; s.dispatchEvent(new Event("change")); } return "ok"; })()`)
	if got := u.text("#play-ai-speed"); got != "Speed: Blitz" {
		t.Errorf("the dialog's speed at 3+2 = %q", got)
	}
	u.click(`dialog [data-color="black"]`)
	id := u.gameID()
	v := a.view(id)
	if got := seatLevels(v); got != "[{white ai easy} {black human }]" || v.Clock == nil || v.Clock.InitialMs != 180000 || v.Clock.IncrementMs != 2000 || v.Speed != wire.SpeedBlitz {
		t.Errorf("Black, easy, 3+2 from the lobby: seats %s, clock %+v, speed %q", got, v.Clock, v.Speed)
	}
	if held := u.heldSeats(id); held != "black" {
		t.Errorf("the browser holds %q, want black", held)
	}
	if err := a.call("POST", "/api/games/"+id+"/resign", u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).black`, id)), nil, nil); err != nil {
		t.Logf("resign: %v", err) // the AI may not have moved yet: abort
		a.call("POST", "/api/games/"+id+"/abort", u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).black`, id)), nil, nil)
	}

	// Random in the dialog, in Russian, until both colours came (each
	// game aborted, so that the games against the computer stay few).
	u.click(`button[data-lang="ru"]`)
	u.wait("Russian", `document.documentElement.lang === "ru"`, 10*time.Second)
	seen = map[string]int{}
	for i := 0; i < 30 && (seen["white"] == 0 || seen["black"] == 0); i++ {
		u.do(chromedp.Navigate(a.url("/")))
		u.click(`button[data-play-ai="chess"]`)
		u.wait("the dialog", `!!document.querySelector("dialog.play-ai-dialog[open]")`, 10*time.Second)
		if got := u.eval(`[...document.querySelectorAll("dialog [data-color]")].map((b) => b.innerText).join("/")`); got != "Белые/Случайно/Чёрные" {
			t.Fatalf("the colours in Russian: %q", got)
		}
		u.click(`dialog [data-color="random"]`)
		id := u.gameID()
		held := u.heldSeats(id)
		seen[held]++
		tok := u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).%s`, id, held))
		if err := a.call("POST", "/api/games/"+id+"/abort", tok, nil, nil); err != nil {
			a.call("POST", "/api/games/"+id+"/resign", tok, nil, nil)
		}
	}
	if seen["white"] == 0 || seen["black"] == 0 {
		t.Errorf("random colour in the lobby's dialog: %v, want both", seen)
	}
	t.Logf("the lobby's dialog: %v", seen)
}

// TestEveryClockPreset: each of lichess's time controls on the create page
// says its speed class and makes a game with that clock; a custom one (7
// minutes + 2 seconds) and the longest correspondence one too. The lobby
// lists the hot-seat games as hot seat, with their speed.
func TestEveryClockPreset(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	for _, tc := range []struct {
		preset      string
		initial     int64
		inc         int64
		days        int
		speed, text string
	}{
		{"1+0", 60000, 0, 0, "bullet", "Bullet"},
		{"2+1", 120000, 1000, 0, "bullet", "Bullet"},
		{"3+0", 180000, 0, 0, "blitz", "Blitz"},
		{"3+2", 180000, 2000, 0, "blitz", "Blitz"},
		{"5+0", 300000, 0, 0, "blitz", "Blitz"},
		{"5+3", 300000, 3000, 0, "blitz", "Blitz"},
		{"10+0", 600000, 0, 0, "rapid", "Rapid"},
		{"10+5", 600000, 5000, 0, "rapid", "Rapid"},
		{"15+10", 900000, 10000, 0, "rapid", "Rapid"},
		{"30+0", 1800000, 0, 0, "classical", "Classical"},
		{"30+20", 1800000, 20000, 0, "classical", "Classical"},
		{"custom", 420000, 2000, 0, "rapid", "Rapid"},
		{"corr-14", 14 * 86400000, 0, 14, "correspondence", "Correspondence"},
	} {
		u.do(chromedp.Navigate(a.url("/new/chess")))
		u.wait("the form", `!!document.querySelector("#create-game") && !!document.querySelector("#clock")`, 10*time.Second)
		u.click(`input[value="hotseat"]`)
		u.eval(`(() => { const s = document.querySelector("#clock"); s.value = "` + tc.preset + `"; s.dispatchEvent(new Event("change")); return s.value; })()`)
		if tc.preset == "custom" {
			u.wait("the custom fields", `!document.querySelector(".clock-custom").hidden`, 10*time.Second)
			u.eval(`(() => { const m = document.querySelector("#clock-minutes"), i = document.querySelector("#clock-increment"); m.value = "7"; i.value = "2"; i.dispatchEvent(new Event("input")); return "ok"; })()`)
		} else if u.eval(`document.querySelector(".clock-custom").hidden ? "hidden" : "shown"`) != "hidden" {
			t.Errorf("%s: the custom fields show", tc.preset)
		}
		if got := u.text("#clock-speed"); got != "Speed: "+tc.text {
			t.Errorf("%s: the form says %q, want %q", tc.preset, got, "Speed: "+tc.text)
		}
		u.click("#create-game")
		id := u.gameID()
		v := a.view(id)
		want := fmt.Sprintf("%d+%d/%d %s", tc.initial, tc.inc, tc.days, tc.speed)
		got := "no clock " + v.Speed
		if v.Clock != nil {
			got = fmt.Sprintf("%d+%d/%d %s", v.Clock.InitialMs, v.Clock.IncrementMs, v.Clock.DaysPerMove, v.Speed)
		}
		if got != want || !v.HotSeat {
			t.Errorf("%s: the game's clock %s, hot seat %v; want %s, hot seat", tc.preset, got, v.HotSeat, want)
		}
		if tc.preset == "custom" {
			// The lobby lists it as hot seat, rapid.
			u.do(chromedp.Navigate(a.url("/")))
			row := fmt.Sprintf(`document.querySelector('tr a[href="/games/%s"]')?.closest("tr")`, id)
			u.wait("the game in the list", "!!"+row, 15*time.Second)
			if got := u.eval(row + `.innerText.replace(/\s+/g, " ").trim()`); !strings.Contains(got, "Chess · Rapid") || !strings.Contains(got, "Hot seat (one device)") || strings.Contains(got, "player") {
				t.Errorf("the lobby's row of the hot-seat game: %q", got)
			}
		}
	}
}

// TestPlayAICustomClock: the lobby's dialog to play the computer offers a
// custom clock beside the presets: its minutes and increment show only
// when it is chosen, the speed follows what is typed (7+4: rapid), and
// the game gets that clock.
func TestPlayAICustomClock(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	u.desktop()
	u.do(chromedp.Navigate(a.url("/")))
	u.click(`button[data-play-ai="chess"]`)
	u.wait("the dialog", `!!document.querySelector("dialog.play-ai-dialog[open]")`, 10*time.Second)
	if got := u.eval(`document.querySelector("#play-ai-minutes").closest(".clock-custom").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("with no clock chosen the custom fields are %s", got)
	}
	u.eval(`(() => { const s = document.querySelector("#play-ai-clock"); s.value = "custom"; s.dispatchEvent(new Event("change")); return "ok"; })()`)
	u.wait("the custom fields", `!document.querySelector("#play-ai-minutes").closest(".clock-custom").hidden`, 5*time.Second)
	for id, value := range map[string]string{"#play-ai-minutes": "7", "#play-ai-increment": "4"} {
		u.eval(fmt.Sprintf(`document.querySelector(%q).value = "", "ok"`, id))
		u.do(chromedp.SendKeys(chromedp.CSS(id), value))
	}
	u.wait("the speed of 7+4", `document.querySelector("#play-ai-speed").dataset.speed === "rapid"`, 5*time.Second)
	if got := u.text("#play-ai-speed"); got != "Speed: Rapid" {
		t.Errorf("the dialog's speed at 7+4 = %q", got)
	}
	u.click(`dialog [data-color="white"]`)
	id := u.gameID()
	v := a.view(id)
	if v.Clock == nil || v.Clock.InitialMs != 7*60000 || v.Clock.IncrementMs != 4000 || v.Speed != wire.SpeedRapid {
		t.Errorf("7+4 from the lobby's dialog: clock %+v, speed %q", v.Clock, v.Speed)
	}
	if held := u.heldSeats(id); held != "white" {
		t.Errorf("the browser holds %q, want white", held)
	}
	tok := u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).white`, id))
	if err := a.call("POST", "/api/games/"+id+"/abort", tok, nil, nil); err != nil {
		t.Logf("abort: %v", err)
	}
}
