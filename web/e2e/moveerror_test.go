package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/i18n"
)

// TestMoveErrors: a typed move the server refuses gets a sentence for
// people in the reader's language, never the game's internal message: a
// move not in the game's notation is "not a move of this game" with an
// example, a move not legal now is "not legal now", and in a game with
// dice the moves the roll allows are named. The sentence goes away with
// the next action: a click on the board, a move played.
func TestMoveErrors(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		u := b.user("player-" + string(lang))
		u.inLang(a, lang, "Ann")
		id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
		u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		v := a.waitTurn(id, -1, "white")
		u.waitPosition(v.Position)
		u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)

		u.typeMove("zz9")
		want := tr(lang, "move.malformed", "move", "zz9") + " " + tr(lang, "move.example", "example", v.Legal[0])
		u.wait("the malformed move's sentence", fmt.Sprintf(`document.querySelector("#error").innerText === %q`, want), 10*time.Second)
		u.typeMove("e2e5")
		want = tr(lang, "move.illegal", "move", "e2e5")
		u.wait("the illegal move's sentence", fmt.Sprintf(`document.querySelector("#error").innerText === %q`, want), 10*time.Second)
		// A click on the board is the next action: the sentence goes.
		u.click(`rect[data-sq="e2"]`)
		u.wait("the sentence gone after a click", `document.querySelector("#error").innerText === ""`, 5*time.Second)
		u.click(`rect[data-sq="e2"]`)
		u.typeMove("e2e5")
		u.wait("the sentence again", `document.querySelector("#error").innerText !== ""`, 10*time.Second)
		// A move played is the next action too.
		u.typeMove("e2e4")
		a.waitMoved(id, v.Seq)
		u.wait("the sentence gone after a move", `document.querySelector("#error").innerText === ""`, 5*time.Second)
		if got := u.text("#error"); strings.Contains(got, "chess:") {
			t.Errorf("%s: the error shows internals: %q", lang, got)
		}
	}

	// Nords Loki: after the dice, a move they do not allow names what
	// they allow.
	u := b.user("loki")
	id, grants := a.create("nordsloki", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	u.holdSeats(a, id, map[string]string{"p1": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "p1")
	u.waitPosition(v.Position)
	u.wait("the move box", `!document.querySelector("#move-input").disabled`, 20*time.Second)
	illegal := ""
	for _, m := range []string{"W22/off", "W21/off", "K22/off", "W20/off"} {
		if !contains(v.Legal, m) {
			illegal = m
			break
		}
	}
	u.typeMove(illegal)
	list := strings.Join(v.Legal[:min(len(v.Legal), 12)], ", ")
	if len(v.Legal) > 12 {
		list += ", …"
	}
	want := tr(i18n.English, "move.illegal.dice", "move", illegal, "list", list)
	u.wait("a sentence", `document.querySelector("#error").innerText !== ""`, 10*time.Second)
	if got := u.text("#error"); got != want {
		t.Errorf("nordsloki: the sentence is %q, want %q", got, want)
	}
	u.shot("web-move-error", "#app")
	// The keyboard on the board is an action too.
	u.eval(`document.querySelector(".board-box").dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})), "ok"`)
	u.wait("the sentence gone", `document.querySelector("#error").innerText === ""`, 5*time.Second)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
