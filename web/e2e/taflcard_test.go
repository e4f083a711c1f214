package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTaflCard: the lobby shows the tafl games as one card with a choice of
// rule set, Sea Hnefatafl first and chosen; choosing Brandubh shows its
// 7×7 board, title and ways to play, which lead to its create page.
func TestTaflCard(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("visitor")
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("the tafl card", `!!document.querySelector('.game-card select.rule-set')`, 10*time.Second)
	if got := u.eval(`document.querySelectorAll('.game-card select.rule-set').length + " " + document.querySelectorAll('.game-card').length`); got != "1 6" {
		t.Errorf("rule-set choices and cards = %s, want one tafl card among six", got)
	}
	if got := u.eval(`[...document.querySelectorAll('select.rule-set option')].map((o) => o.value).join(" ")`); got != "seatafl copenhagen fetlar brandubh tablut" {
		t.Errorf("rule sets = %q, want Sea Hnefatafl first", got)
	}
	if got := u.eval(`document.querySelector('select.rule-set').closest('.game-card').dataset.game`); got != "seatafl" {
		t.Errorf("the tafl card shows %q, want seatafl", got)
	}
	u.eval(`(() => { const s = document.querySelector('select.rule-set'); s.value = "brandubh"; s.dispatchEvent(new Event("change")); return "" })()`)
	u.wait("the Brandubh card", `(document.querySelector('select.rule-set') || {}).value === "brandubh" && document.querySelector('select.rule-set').closest('.game-card').dataset.game === "brandubh"`, 10*time.Second)
	if got := u.eval(`(() => { const c = document.querySelector('.game-card[data-game="brandubh"]'); return c.querySelector("h3").innerText + " | " + c.querySelector("a[data-new]").getAttribute("href") })()`); got != "Brandubh | /new/brandubh" {
		t.Errorf("the Brandubh card: %q", got)
	}
	u.click(`button[data-lang="ru"]`)
	u.wait("the Russian label", `document.documentElement.lang === "ru" && document.querySelector('label.rule-sets').innerText.startsWith("Правила тафла:")`, 10*time.Second)
}
