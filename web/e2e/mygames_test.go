package e2e

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/wire"
)

// TestMyGamesDetails: My games says, for each game this browser holds a
// seat of, your colour, the opponent, whose turn, the clocks, and for a
// finished game the result from your side: a game at 5+3 nobody joined
// says "waiting for an opponent" with both clocks at 5:00; a game Bo
// joined and resigned says "you won" against Bo and links to its replay.
// Each has a mini-board.
// Then the same in Russian.
func TestMyGamesDetails(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("ann")
	waiting := u.createFromForm(a, "friend", "5+3")
	u.wait("the invitation", `!!document.querySelector('input[data-invite="black"]')`, 10*time.Second)
	won := u.createFromForm(a, "friend", "none")
	u.wait("the invitation", `!!document.querySelector('input[data-invite="black"]')`, 10*time.Second)
	link, err := url.Parse(u.eval(`document.querySelector('input[data-invite="black"]').value`))
	if err != nil {
		t.Fatal(err)
	}
	q := link.Query()
	var joined wire.JoinResponse
	if err := a.call("POST", "/api/games/"+won+"/join", "", map[string]string{"seat": q.Get("seat"), "invite": q.Get("invite"), "name": "Bo", "seed": "bo's seed"}, &joined); err != nil {
		t.Fatal(err)
	}
	u.waitPosition(a.view(won).Position)
	u.clickMove("chess", "e2e4")
	a.waitMoved(won, 0)
	if err := a.call("POST", "/api/games/"+won+"/resign", joined.Token, nil, nil); err != nil {
		t.Fatal(err)
	}

	u.do(chromedp.Navigate(a.url("/")))
	u.wait("My games", `document.querySelectorAll("#my-games li").length === 2`, 10*time.Second)
	item := func(id string) string { return u.text(`#my-games li[data-game="` + id + `"]`) }
	for _, want := range []string{"Chess", "waiting for an opponent", "you: White", "White 5:00 – Black 5:00"} {
		if got := item(waiting); !strings.Contains(got, want) {
			t.Errorf("My games, the waiting game: %q, want %q", got, want)
		}
	}
	if got := item(waiting); strings.Contains(got, "to move") {
		t.Errorf("My games, the waiting game: %q says whose move it is", got)
	}
	for _, want := range []string{"you won", "you: White", "against Bo"} {
		if got := item(won); !strings.Contains(got, want) {
			t.Errorf("My games, the game won: %q, want %q", got, want)
		}
	}
	if got := u.eval(`[...document.querySelectorAll("#my-games li .mini-board svg.board")].length + ""`); got != "2" {
		t.Errorf("My games has %s mini-boards, want 2", got)
	}
	if got := u.eval(`document.querySelector('#my-games li[data-game="` + won + `"] a').getAttribute("href")`); got != "/replay/"+won {
		t.Errorf("the link of a finished game = %q, want its replay", got)
	}

	u.click(`button[data-lang="ru"]`)
	u.wait("Russian", `document.documentElement.lang === "ru"`, 10*time.Second)
	u.do(chromedp.Navigate(a.url("/")))
	u.wait("Мои партии", `document.querySelectorAll("#my-games li").length === 2`, 10*time.Second)
	for id, wants := range map[string][]string{waiting: {"ждём соперника", "вы: Белые"}, won: {"вы выиграли", "против: Bo"}} {
		for _, want := range wants {
			if got := item(id); !strings.Contains(got, want) {
				t.Errorf("Мои партии, %s: %q, want %q", id, got, want)
			}
		}
	}
}
