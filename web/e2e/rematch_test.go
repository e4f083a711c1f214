package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rematchOf is the id of a game's rematch, once it exists.
func (a *app) rematchOf(id string) string {
	a.t.Helper()
	return a.view(id).Rematch
}

// TestRematch finishes an invitation chess game (White resigns after e4),
// then both players ask for a rematch: Black's page shows the offer with
// the button to accept it, and once Black accepts, both pages and a
// spectator's land on the new game, the colours swapped; the new White
// (Black before) and the new Black play a move each.
func TestRematch(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	ann := b.user("ann")
	ann.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	ann.do(chromedp.Navigate(a.url("/games/" + id)))
	bob := b.user("bob")
	bob.acceptInvite(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", id, grants[1].Invite)))
	bob.wait("the seat", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	spectator := b.user("spectator")
	spectator.do(chromedp.Navigate(a.url("/games/" + id)))

	v := a.waitTurn(id, -1, "white")
	ann.waitPosition(v.Position)
	ann.clickMove("chess", "e2e4")
	a.waitMoved(id, v.Seq)
	v = a.view(id)
	for _, u := range []*user{ann, bob, spectator} {
		u.waitPosition(v.Position)
	}
	if got := ann.eval(`document.querySelector("#rematch-box").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("the rematch is offered during the game")
	}
	ann.click("#leave-offer")
	ann.click("#leave-confirm")
	for _, u := range []*user{ann, bob} {
		u.wait("the rematch button", `(() => { const e = document.querySelector("#rematch"); return !!e && !e.disabled && !document.querySelector("#rematch-box").hidden; })()`, 10*time.Second)
		if got := u.text("#rematch"); got != "Rematch" {
			t.Errorf("%s: the button reads %q, want Rematch", u.name, got)
		}
	}
	spectator.wait("the result", `!document.querySelector("#result").hidden`, 10*time.Second)
	if got := spectator.eval(`document.querySelector("#rematch-box").hidden ? "hidden" : "shown"`); got != "hidden" {
		t.Errorf("a spectator is offered a rematch")
	}

	// Ann asks: her page says the offer is sent, Bob's offers to accept.
	ann.click("#rematch")
	ann.wait("the offer sent", `document.querySelector("#rematch").dataset.state === "sent" && document.querySelector("#rematch").disabled`, 10*time.Second)
	if got := ann.text("#rematch-note"); got != "Rematch offer sent" {
		t.Errorf("Ann's page says %q", got)
	}
	bob.wait("the offer", `document.querySelector("#rematch").dataset.state === "offered"`, 10*time.Second)
	if got, button := bob.text("#rematch-note"), bob.text("#rematch"); got != "Rematch offered" || button != "Accept rematch" {
		t.Errorf("Bob's page says %q with the button %q", got, button)
	}
	if next := a.rematchOf(id); next != "" {
		t.Fatalf("the rematch %s exists before Bob accepted", next)
	}
	bob.click("#rematch")

	// Every page goes to the new game; the colours are swapped.
	deadline := time.Now().Add(10 * time.Second)
	next := a.rematchOf(id)
	for ; next == "" && time.Now().Before(deadline); next = a.rematchOf(id) {
		time.Sleep(50 * time.Millisecond)
	}
	if next == "" {
		t.Fatal("no rematch after both asked")
	}
	for _, u := range []*user{ann, bob, spectator} {
		u.wait("the new game", fmt.Sprintf(`location.pathname === "/games/%s" && !!document.querySelector(".game-board")`, next), 10*time.Second)
	}
	bob.wait("Bob as White", `document.querySelector('.player[data-player="white"] .you') !== null && document.querySelector('.player[data-player="black"] .you') === null`, 10*time.Second)
	ann.wait("Ann as Black", `document.querySelector('.player[data-player="black"] .you') !== null && document.querySelector('.player[data-player="white"] .you') === null`, 10*time.Second)
	if got := spectator.eval(`document.querySelectorAll(".player .you").length + ""`); got != "0" {
		t.Errorf("the spectator holds %s seats of the new game", got)
	}

	// Both play on.
	v = a.waitTurn(next, -1, "white")
	for _, u := range []*user{ann, bob, spectator} {
		u.waitPosition(v.Position)
	}
	bob.clickMove("chess", "d2d4")
	a.waitMoved(next, v.Seq)
	v = a.waitTurn(next, v.Seq, "black")
	ann.waitPosition(v.Position)
	ann.clickMove("chess", "d7d5")
	a.waitMoved(next, v.Seq)
	v = a.view(next)
	for _, u := range []*user{ann, bob, spectator} {
		u.waitPosition(v.Position)
	}
	if v.Position != "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2" {
		t.Errorf("the new game is at %q", v.Position)
	}
}

// TestRematchAI: against the computer the button reads "Play again" and
// the new game starts at once, the person's colour swapped.
func TestRematchAI(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	u := b.user("ann")
	u.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "white")
	u.waitPosition(v.Position)
	u.click("#leave-offer")
	u.click("#leave-confirm")
	u.wait("the button", `(() => { const e = document.querySelector("#rematch"); return !!e && !e.disabled; })()`, 10*time.Second)
	if got := u.text("#rematch"); got != "Play again" {
		t.Errorf("the button reads %q, want Play again", got)
	}
	u.click("#rematch")
	u.wait("the new game", fmt.Sprintf(`location.pathname !== "/games/%s" && document.querySelector('.player[data-player="black"] .you') !== null`, id), 10*time.Second)
	next := a.rematchOf(id)
	if got := u.eval(`location.pathname`); got != "/games/"+next {
		t.Errorf("the page is at %s, want the rematch %s", got, next)
	}
	// The computer, White now, moves; then Ann can.
	v = a.waitTurn(next, -1, "black")
	u.waitPosition(v.Position)
	u.clickMove("chess", v.Legal[0])
	a.waitMoved(next, v.Seq)
}

// TestRematchDeclined: Ann asks for a rematch, Bob declines it on his
// page: Ann's page says so, in a line beside the button, which asks again;
// asked again, her page says the offer is sent, and declined again, it says
// so in Russian. No game is made.
func TestRematchDeclined(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	ann, bob := b.user("ann"), b.user("bob")
	ann.holdSeats(a, id, map[string]string{"white": tok["white"]})
	bob.holdSeats(a, id, map[string]string{"black": tok["black"]})
	v := a.view(id)
	a.play(id, tok["white"], "e2e4", v.Seq)
	if err := a.call("POST", "/api/games/"+id+"/resign", tok["black"], nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, u := range []*user{ann, bob} {
		u.desktop()
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.wait("the rematch button", `(() => { const e = document.querySelector("#rematch"); return !!e && !e.disabled && !document.querySelector("#rematch-box").hidden; })()`, 10*time.Second)
	}
	for round, want := range []string{"Your opponent declined the rematch", "Соперник отклонил реванш"} {
		if round == 1 {
			ann.click(`button[data-lang="ru"]`)
			ann.wait("Russian", `document.documentElement.lang === "ru" && !!document.querySelector("#rematch") && !document.querySelector("#rematch").disabled`, 10*time.Second)
		}
		ann.click("#rematch")
		ann.wait("the offer sent", `document.querySelector("#rematch").dataset.state === "sent"`, 10*time.Second)
		if got := ann.eval(`(document.querySelector("#rematch-note") || {}).dataset.note || ""`); got == "declined" {
			t.Errorf("round %d: Ann's page says declined before Bob answered", round+1)
		}
		bob.wait("the offer", `!!document.querySelector("#rematch-decline")`, 10*time.Second)
		bob.click("#rematch-decline")
		ann.wait("the decline said", `(document.querySelector("#rematch-note") || {}).dataset.note === "declined"`, 10*time.Second)
		if got := ann.text("#rematch-note"); got != want {
			t.Errorf("round %d: Ann's page says %q, want %q", round+1, got, want)
		}
		if got := ann.eval(`document.querySelector("#rematch").disabled ? "disabled" : document.querySelector("#rematch").dataset.state`); got != "ask" {
			t.Errorf("round %d: after the decline Ann's button is %s, want ask", round+1, got)
		}
		if got := bob.eval(`document.querySelector("#rematch-note") ? document.querySelector("#rematch-note").innerText : ""`); got != "" {
			t.Errorf("round %d: Bob's page says %q after declining", round+1, got)
		}
	}
	if next := a.rematchOf(id); next != "" {
		t.Errorf("a rematch %s was made", next)
	}
}
