package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRussianScreens: the Russian screens show no English. /?lang=ru
// switches the language even after English was chosen; the create page
// names options, tafl layouts and Samurai decks in Russian, their
// identifiers only in tooltips; a game page says «вы играете белыми» and,
// over, hides the move box and tells that the records are in English; the
// replay of a dice game says its rolls in words and its date in Russian;
// Nords Loki's turn lines and trays read as Russian.
func TestRussianScreens(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("russian")
	u.do(chromedp.EmulateViewport(1280, 800))
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("the app", `!!document.querySelector('button[data-lang="en"]')`, 10*time.Second)
	u.eval(`localStorage.setItem("lang", "en"), "ok"`)

	// The address's ?lang=ru wins over the remembered English, and is
	// remembered.
	u.do(chromedp.Navigate(a.url("/?lang=ru")))
	u.wait("Russian", `document.documentElement.lang === "ru" && !!document.querySelector(".game-card")`, 10*time.Second)
	if got := u.eval(`localStorage.getItem("lang")`); got != "ru" {
		t.Errorf("after /?lang=ru the remembered language is %q, want ru", got)
	}

	// The create pages: labels and values in Russian.
	for _, tc := range []struct {
		game string
		want []string
	}{
		{"seatafl", []string{"крест 11×11", "ромб 11×11", "круг 9×9"}},
		{"samurai", []string{"1 ферзь, 1 ладья, 1 слон, 1 конь", "2 ферзя, 2 ладьи, 2 слона, 2 коня", "пустая"}},
		{"seidr", []string{"Предел ходов без взятия"}},
		{"nordsloki", []string{"Число игроков", "Конунги"}},
	} {
		u.do(chromedp.Navigate(a.url("/new/" + tc.game)))
		u.wait("the create page of "+tc.game, `!!document.querySelector("#create-game")`, 10*time.Second)
		form := u.eval(`[...document.querySelectorAll("main label, main option, main legend")].map((e) => e.textContent).join("\n")`)
		for _, w := range tc.want {
			if !strings.Contains(form, w) {
				t.Errorf("/new/%s does not say %q:\n%s", tc.game, w, form)
			}
		}
		for _, w := range []string{"quiet-limit", "dead-draw", "players", "konungs", "layout", "repetition", "move-limit", "balance", "sea11", "copenhagen11", "QRBN", "QQRRBBNN"} {
			if strings.Contains(form, w) {
				t.Errorf("/new/%s shows the identifier %q:\n%s", tc.game, w, form)
			}
		}
		if got := u.eval(`String(document.querySelectorAll("main label code").length)`); got != "0" {
			t.Errorf("/new/%s: %s identifiers beside the labels", tc.game, got)
		}
	}

	// A game of Lux et Umbra of this browser, over by resignation.
	id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	v := a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], v.Legal[0], v.Seq)
	u.holdSeats(a, id, map[string]string{"white": tok["white"]})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the game", `!!document.querySelector(".game-board") && !!document.querySelector('.player[data-player="white"] .you')`, 10*time.Second)
	if got := u.text(`.player[data-player="white"]`); !strings.Contains(got, "вы играете белыми") || strings.Contains(got, "игрок") {
		t.Errorf("the player's own seat reads %q, want «вы играете белыми»", got)
	}
	if err := a.call("POST", "/api/games/"+id+"/resign", tok["white"], nil, nil); err != nil {
		t.Fatal(err)
	}
	u.wait("the result", `!document.querySelector("#result").hidden && document.querySelector("#result").textContent.length > 0`, 10*time.Second)
	if got := u.text("#result"); got != "Белые сдались" {
		t.Errorf("the result reads %q, want «Белые сдались»", got)
	}
	if got := u.eval(`String(document.querySelector(".input-panel").hidden)`); got != "true" {
		t.Errorf("the «Ваш ход» panel of a game over: hidden = %s", got)
	}
	u.wait("the records", `!!document.querySelector("#records .record-lang")`, 10*time.Second)
	if got := u.text("#records"); !strings.Contains(got, "на английском") {
		t.Errorf("the records do not say they are in English: %q", got)
	}

	// Nords Loki: a turn's line reads «Игрок 1: выпало …», the waiting
	// checkers are named in lower case after the player.
	loki, lkg := a.create("nordsloki", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	ltok := tokensOf(lkg)
	u.holdSeats(a, loki, ltok)
	u.do(chromedp.Navigate(a.url("/games/" + loki)))
	u.wait("the turn's line", `!!document.querySelector("#moves li.turn-line .who") && !!document.querySelector("button.wait[data-wait]")`, 15*time.Second)
	if got := u.text("#moves li.turn-line .who"); !strings.HasSuffix(got, ":") {
		t.Errorf("Nords Loki's turn line names its player %q, want a colon after the name", got)
	}
	if got := u.eval(`document.querySelector("button.wait[data-wait]").getAttribute("aria-label")`); !strings.HasPrefix(got, "Игрок 1, ждут входа: ") {
		t.Errorf("the waiting checkers read %q, want «Игрок 1, ждут входа: …»", got)
	}

	// The replays of this browser: the date in Russian; the replay of the
	// game: its roll in words, not «Бросок: LS».
	u.do(chromedp.Navigate(a.url("/replay")))
	u.wait("my games", `!!document.querySelector("#my-replays li")`, 10*time.Second)
	want := u.eval(`new Date().toLocaleDateString("ru")`)
	if got := u.text("#my-replays li"); !strings.Contains(got, want) {
		t.Errorf("the list of my games reads %q, want the date %q", got, want)
	}
	u.do(chromedp.Navigate(a.url("/replay/" + id)))
	u.wait("the replay", `!!document.querySelector("li.roll")`, 10*time.Second)
	roll := u.text("li.roll")
	if !strings.HasPrefix(roll, "Бросок: ") || !(strings.Contains(roll, "Свет") || strings.Contains(roll, "Тень")) {
		t.Errorf("the replay's roll reads %q, want it in words", roll)
	}
}
