package e2e

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWatchersAndFirstMove: a player's page says how many spectators watch
// (in the player's language, by the plural rules), and before a player's
// first move, which the clock does not time, the time left for it.
func TestWatchersAndFirstMove(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.createWith(map[string]any{
		"game":  "chess",
		"seats": []map[string]string{{"type": "human"}, {"type": "human"}},
		"clock": map[string]int{"initial_ms": 180000, "increment_ms": 2000},
	})
	white := b.user("white")
	white.holdSeats(a, id, map[string]string{"white": grants[0].Token, "black": grants[1].Token})
	white.do(chromedp.Navigate(a.url("/games/" + id)))
	white.wait("the first move's time", `!!document.querySelector("#first-move")`, 10*time.Second)
	if got := white.eval(`document.querySelector("#first-move").innerText`); !regexp.MustCompile(`^first move: (1:00|0:[0-5]\d) left$`).MatchString(got) {
		t.Errorf("the first move's line = %q, want first move: 0:ss left", got)
	}
	if got := white.eval(`document.querySelector("#watchers").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("with nobody watching the count is %s", got)
	}
	for i, name := range []string{"one", "two"} {
		s := b.user(name)
		s.do(chromedp.Navigate(a.url("/games/" + id)))
		want := map[int]string{0: "1 spectator", 1: "2 spectators"}[i]
		white.wait("the count of "+want, `!document.querySelector("#watchers").hidden && document.querySelector("#watchers").innerText === "`+want+`"`, 10*time.Second)
	}
	white.click(`button[data-lang="ru"]`)
	white.wait("the count in Russian", `document.documentElement.lang === "ru" && document.querySelector("#watchers").innerText === "2 зрителя"`, 10*time.Second)
	white.wait("the first move in Russian", `(document.querySelector("#first-move") || {}).innerText?.startsWith("первый ход: осталось ")`, 10*time.Second)
}
