package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTaflPresets opens a game of Brandubh (7x7) and one of Copenhagen
// Hnefatafl (11x11): each page draws a tafl board of its size, not a chess
// board, with its corners marked as special squares and its pieces counted
// beside it; and the rules page of each opens in English and in Russian.
func TestTaflPresets(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	for _, tc := range []struct {
		game     string
		n        int
		counts   string
		en, ru   []string
		enTitle  string
		ruTitle  string
		lastFile string
	}{
		{"brandubh", 7, "8 attackers · 4 defenders",
			[]string{"Brandubh — rules", "There is no encirclement"},
			[]string{"Брандуб — правила", "Окружения нет", "король"},
			"Brandubh", "Брандуб", "g"},
		{"copenhagen", 11, "24 attackers · 12 defenders",
			[]string{"Copenhagen Hnefatafl — rules", "Shieldwall", "Edge fort"},
			[]string{"Копенгагенский Хнефатафл — правила", "Стена щитов", "Крепость на краю доски"},
			"Copenhagen Hnefatafl", "Копенгагенский Хнефатафл", "k"},
	} {
		id, _ := a.create(tc.game, nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.waitPosition(a.view(id).Position)
		if u.eval(`document.querySelector(".game-board.tafl") ? "yes" : "no"`) != "yes" {
			t.Errorf("%s: the game page draws no tafl board (%s)", tc.game, u.eval(`(document.querySelector(".game-board") || {className: ""}).className`))
		}
		if got := u.eval(`document.querySelectorAll(".game-board .board rect.sq").length + ""`); got != fmt.Sprint(tc.n*tc.n) {
			t.Errorf("%s: the board has %s squares, want %d", tc.game, got, tc.n*tc.n)
		}
		for _, sq := range []string{"a1", fmt.Sprintf("%s%d", tc.lastFile, tc.n)} {
			if u.eval(fmt.Sprintf(`document.querySelector('.game-board rect.sq[data-sq="%s"]') ? "yes" : "no"`, sq)) != "yes" {
				t.Errorf("%s: no square %s", tc.game, sq)
			}
		}
		if u.eval(fmt.Sprintf(`document.querySelector('.game-board rect.sq[data-sq="%s%d"]') ? "yes" : "no"`, tc.lastFile, tc.n+1)) != "no" {
			t.Errorf("%s: the board goes beyond %d ranks", tc.game, tc.n)
		}
		corner := u.eval(`document.querySelector('.game-board rect.sq[data-sq="a1"]').getAttribute("fill")`)
		plain := u.eval(`document.querySelector('.game-board rect.sq[data-sq="b1"]').getAttribute("fill")`)
		if corner == plain {
			t.Errorf("%s: the corner a1 is drawn as an ordinary square (%s)", tc.game, corner)
		}
		if got := u.text(".game-board .counts"); got != tc.counts {
			t.Errorf("%s: the counts beside the board = %q, want %q", tc.game, got, tc.counts)
		}

		u.do(chromedp.Navigate(a.url("/rules/" + tc.game)))
		for _, lang := range []string{"en", "ru"} {
			phrases, title := tc.en, tc.enTitle
			if lang == "ru" {
				u.click(`button[data-lang="ru"]`)
				phrases, title = tc.ru, tc.ruTitle
			}
			cond := fmt.Sprintf(`document.documentElement.lang === %q && !!document.querySelector(".rules") && document.querySelectorAll(".rules .ruling").length >= 2 && document.querySelectorAll(".rules .house").length >= 1`, lang)
			for _, p := range phrases {
				cond += fmt.Sprintf(` && document.querySelector(".rules").innerText.includes(%q)`, p)
			}
			u.wait(fmt.Sprintf("the %s rules of %s", lang, tc.game), cond, 10*time.Second)
			if h1 := u.text("main h1"); !strings.Contains(h1, title) {
				t.Errorf("%s: the %s rules page is headed %q, want %q in it", tc.game, lang, h1, title)
			}
			text := u.text(".rules")
			for _, bad := range []string{"[ruling", "[house rule", "[решение", "[домашнее правило", "Source:", "engine"} {
				if strings.Contains(text, bad) {
					t.Errorf("the %s rules of %s show %q", lang, tc.game, bad)
				}
			}
		}
		u.click(`button[data-lang="en"]`)
		u.wait("English again", `document.documentElement.lang === "en"`, 10*time.Second)
	}
}
