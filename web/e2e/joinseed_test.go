package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/record"
)

// acceptInvite opens an invitation link and takes its seat on the join
// step, with the name and the dice seed the step offers.
func (u *user) acceptInvite(link string) {
	u.t.Helper()
	u.do(chromedp.Navigate(link))
	u.click("#join-accept")
	u.wait("the game's page", `!document.querySelector("#join-step") && location.search === "" && !!document.querySelector("#players")`, 10*time.Second)
}

// seatSeeds are the seat seeds of a game as its view gives them.
func (a *app) seatSeeds(id string) map[string]string {
	a.t.Helper()
	return a.view(id).Fairness.SeatSeeds
}

// seatOpen says whether a game's seat is still open.
func (a *app) seatOpen(id, player string) bool {
	a.t.Helper()
	for _, s := range a.view(id).Seats {
		if s.Player == player {
			return s.Kind == "open"
		}
	}
	return false
}

// base64url22 is a seed the browser makes: 16 random bytes in base64url.
var base64url22 = regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`)

// joinStepLayout checks the join step at 1280 x 800 and at 390 x 844: the
// page is no wider than the screen, and the game's picture, its facts, the
// name, the seed and the Join button are on the screen without scrolling.
func (u *user) joinStepLayout(t *testing.T, dice bool) {
	t.Helper()
	parts := []string{"#join-step .thumb svg", "#join-facts", "#player-name", "#join-accept"}
	if dice {
		parts = append(parts, "#join-seed", "#join-fair")
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		if size[0] < 600 {
			u.do(chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateTouch))
		} else {
			u.do(chromedp.EmulateViewport(size[0], size[1]))
		}
		u.wait("the layout", fmt.Sprintf(`innerWidth === %d`, size[0]), 5*time.Second)
		time.Sleep(200 * time.Millisecond)
		got := u.eval(fmt.Sprintf(`(() => {
			window.scrollTo(0, 0);
			const out = [];
			const w = document.documentElement.scrollWidth;
			if (w > innerWidth) out.push("the page is " + w + " px wide");
			for (const sel of %s) {
				const e = document.querySelector(sel);
				if (!e) { out.push(sel + " missing"); continue; }
				const r = e.getBoundingClientRect();
				if (r.width === 0 || r.height === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
					out.push(sel + " at " + Math.round(r.left) + "," + Math.round(r.top) + "–" + Math.round(r.right) + "," + Math.round(r.bottom));
			}
			return out.join("; ");
		})()`, jsList(parts)))
		if got != "" {
			t.Errorf("%s: the join step at %dx%d: %s", u.name, size[0], size[1], got)
		}
	}
	u.do(chromedp.EmulateViewport(1280, 800))
}

// jsList writes strings as a JavaScript array.
func jsList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// TestJoinSeed: Ann creates a Nords Loki game for a friend with a dice
// seed of her own; Bob opens the invitation and gets the join step, not
// the seat: the game, his seat, the clock, his name and a dice seed of
// his own, prefilled with a random one that differs from one page load to
// the next, with a line on what it is for and a link to the dice's check.
// He types "bob-seed-1" and joins; the first rolls come at once from both
// seeds. Bob resigns: the record carries both seeds, norns verify and the
// page's own check find every roll matching, and the record with another
// seed for Bob does not verify (his seed made the rolls). In Russian, the
// lobby's Join of a Lux et Umbra game leads to the same step, which joins
// with its random seed; an invitation to a chess game has the step
// without a seed.
func TestJoinSeed(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	en := i18n.English

	ann := b.user("ann")
	ann.inLang(a, en, "Ann")
	ann.do(chromedp.Navigate(a.url("/new/nordsloki")))
	ann.wait("the form", `!!document.querySelector("#create-game") && !!document.querySelector("#create-seed")`, 10*time.Second)
	ann.do(chromedp.SendKeys(chromedp.CSS("#create-seed"), "ann-seed-1"))
	ann.firstSeat() // the creator first, not a random colour
	ann.click("#create-game")
	ann.wait("the invitation", `!!document.querySelector('#invites:not([hidden]) input[data-invite="p2"]')`, 10*time.Second)
	link := ann.eval(`document.querySelector('input[data-invite="p2"]').value`)
	id := strings.TrimPrefix(ann.eval(`location.pathname`), "/games/")
	if !strings.HasPrefix(link, a.url("/games/"+id+"?seat=p2&invite=")) {
		t.Fatalf("the invitation link is %q", link)
	}

	// Bob opens the link: the join step, and the seat still open.
	bob := b.user("bob")
	bob.inLang(a, en, "Bob")
	bob.do(chromedp.Navigate(link))
	bob.wait("the join step", `!!document.querySelector("#join-step #join-seed")`, 10*time.Second)
	if !a.seatOpen(id, "p2") {
		t.Fatal("opening the invitation took the seat before Join")
	}
	if n := bob.eval(`document.querySelectorAll(".game-board, #move-input").length + ""`); n != "0" {
		t.Errorf("the join step shows %s boards or move boxes of the game page", n)
	}
	if got, want := bob.text("main h1"), tr(en, "join.title")+": "+tr(en, "game.nordsloki"); got != want {
		t.Errorf("the step's title is %q, want %q", got, want)
	}
	for fact, want := range map[string]string{"seat": tr(en, "player.p2"), "clock": tr(en, "create.clock.none")} {
		if got := bob.text(fmt.Sprintf(`#join-facts dd[data-fact=%q]`, fact)); got != want {
			t.Errorf("the step's %s reads %q, want %q", fact, got, want)
		}
	}
	if got := bob.text(`#join-facts dd[data-fact="players"]`); !strings.Contains(got, "Ann") || !strings.Contains(got, tr(en, "seat.open")) {
		t.Errorf("the step's players read %q, want Ann and an open seat", got)
	}
	if got := bob.eval(`document.querySelector("#player-name").value`); got != "Bob" {
		t.Errorf("the name field holds %q, want the name remembered", got)
	}
	if got, want := bob.text(`label[for="join-seed"]`), tr(en, "seed.label"); got != want {
		t.Errorf("the seed's label reads %q, want %q", got, want)
	}
	if got := bob.text("#join-seed-help"); !strings.HasPrefix(got, tr(en, "join.seed.help")) || !strings.HasSuffix(got, tr(en, "join.seed.fair")) {
		t.Errorf("the seed's help reads %q", got)
	}
	if got := bob.eval(`document.querySelector("#join-fair").getAttribute("href")`); got != "/verify" {
		t.Errorf("the fair dice link goes to %q", got)
	}
	if got, want := bob.text("#join-accept"), tr(en, "join.accept"); got != want {
		t.Errorf("the button reads %q, want %q", got, want)
	}
	first := bob.eval(`document.querySelector("#join-seed").value`)
	bob.do(chromedp.Reload())
	bob.wait("the join step again", `!!document.querySelector("#join-seed")`, 10*time.Second)
	second := bob.eval(`document.querySelector("#join-seed").value`)
	if !base64url22.MatchString(first) || !base64url22.MatchString(second) || first == second {
		t.Errorf("the prefilled seeds of two loads are %q and %q, want two different random seeds", first, second)
	}
	bob.joinStepLayout(t, true)
	bob.shot("web-join-seed", "")

	// Bob's own seed; a seed the server would refuse is refused first.
	bob.eval(`document.querySelector("#join-seed").value = "", "ok"`)
	bob.do(chromedp.SendKeys(chromedp.CSS("#join-seed"), `bad"seed`))
	bob.click("#join-accept")
	bob.wait("the seed refused", fmt.Sprintf(`document.querySelector("#join-error").innerText === %q`, tr(en, "seed.invalid")), 5*time.Second)
	if !a.seatOpen(id, "p2") {
		t.Fatal("a refused seed took the seat")
	}
	bob.eval(`document.querySelector("#join-seed").value = "", "ok"`)
	bob.do(chromedp.SendKeys(chromedp.CSS("#join-seed"), "bob-seed-1"))
	bob.click("#join-accept")
	bob.wait("the game as p2", fmt.Sprintf(`location.pathname === "/games/%s" && location.search === "" && document.querySelector('.player[data-player="p2"] .you') !== null`, id), 10*time.Second)
	if got := a.seatSeeds(id); got["p1"] != "ann-seed-1" || got["p2"] != "bob-seed-1" {
		t.Fatalf("the seat seeds are %v, want Ann's and Bob's typed", got)
	}
	// The dice roll at once: the game starts.
	a.waitTurn(id, -1, "p1", "p2")

	// Bob resigns; the record carries his seed and every roll checks.
	tok := bob.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).p2`, id))
	if err := a.call("POST", "/api/games/"+id+"/resign", tok, nil, nil); err != nil {
		t.Fatal(err)
	}
	rec := a.record(id, "norns")
	if !strings.Contains(rec, `[Seed p1 "ann-seed-1"]`) || !strings.Contains(rec, `[Seed p2 "bob-seed-1"]`) {
		t.Fatalf("the record's tags:\n%s\nwant both seeds typed", rec)
	}
	// Bob's join committed to his first nonce, from his browser's secret.
	if want := dice.CommitNonce(dice.Nonce(bob.secretOf(id, "p2"), id, 0)); !strings.Contains(rec, `[Commit p2 "`+want+`"]`) {
		t.Fatalf("the record's tags:\n%s\nwant Bob's commitment %s", rec, want)
	}
	ver := verified(t, rec)
	if ver.Rolls < 1 || !ver.Over {
		t.Fatalf("the record verifies with %d rolls, over %v", ver.Rolls, ver.Over)
	}
	other, err := record.Parse(strings.NewReader(strings.Replace(rec, `"bob-seed-1"`, `"bob-seed-2"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.Verify(other, games.All); err == nil {
		t.Errorf("the record with another seed for Bob verifies too: his seed made no roll")
	}
	bob.wait("the page's check", `(document.querySelector("#verify-result") || {dataset: {}}).dataset.ok !== undefined`, 20*time.Second)
	if got, want := bob.text("#verify-result"), tr(en, "verify.ok.v2", "n", ver.Rolls, "caused", ver.Caused)+" · "+tr(en, "verify.signed", "key", ver.Key); got != want || !ver.Signed {
		t.Errorf("the page's check says %q, want %q", got, want)
	}

	// The lobby's Join of a game with dice, in Russian: the same step.
	ru := i18n.Russian
	lux, _ := a.createWith(map[string]any{"game": "luxumbra", "seats": []map[string]any{{"type": "human", "name": "Анна"}, {"type": "open", "public": true}}})
	carl := b.user("carl")
	carl.inLang(a, ru, "Кирилл")
	sel := fmt.Sprintf(`button.join[data-game="%s"][data-join="black"]`, lux)
	carl.wait("the Join button", fmt.Sprintf(`!!document.querySelector(%q)`, sel), 15*time.Second)
	carl.click(sel)
	carl.wait("the join step", `!!document.querySelector("#join-step #join-seed")`, 10*time.Second)
	if !a.seatOpen(lux, "black") {
		t.Fatal("the lobby's Join took the seat before the step's Join")
	}
	if got, want := carl.text("main h1"), tr(ru, "join.title")+": "+tr(ru, "game.luxumbra"); got != want {
		t.Errorf("the Russian step's title is %q, want %q", got, want)
	}
	if got, want := carl.text(`#join-facts dd[data-fact="seat"]`), tr(ru, "player.black"); got != want {
		t.Errorf("the Russian step's seat reads %q, want %q", got, want)
	}
	if got := carl.text("#join-seed-help"); !strings.HasPrefix(got, tr(ru, "join.seed.help")) || !strings.HasSuffix(got, tr(ru, "join.seed.fair")) {
		t.Errorf("the Russian seed's help reads %q", got)
	}
	if got, want := carl.text("#join-accept"), tr(ru, "join.accept"); got != want {
		t.Errorf("the Russian button reads %q, want %q", got, want)
	}
	carl.joinStepLayout(t, true)
	carl.shot("web-join-seed-ru", "")
	seed := carl.eval(`document.querySelector("#join-seed").value`)
	carl.click("#join-accept")
	carl.wait("the game as Black", fmt.Sprintf(`location.pathname === "/games/%s" && document.querySelector('.player[data-player="black"] .you') !== null`, lux), 10*time.Second)
	if got := a.seatSeeds(lux)["black"]; got != seed || !base64url22.MatchString(seed) {
		t.Errorf("Carl's seat seed is %q, want the step's random %q", got, seed)
	}

	// An invitation to a chess game: the step, without a seed.
	chess, grants := a.create("chess", nil, map[string]string{"type": "human", "name": "Ann"}, map[string]string{"type": "open"})
	dan := b.user("dan")
	dan.inLang(a, en, "Dan")
	dan.do(chromedp.Navigate(a.url(fmt.Sprintf("/games/%s?seat=black&invite=%s", chess, grants[1].Invite))))
	dan.wait("the join step", `!!document.querySelector("#join-step #join-accept")`, 10*time.Second)
	if n := dan.eval(`document.querySelectorAll("#join-seed").length + ""`); n != "0" {
		t.Errorf("the chess invitation asks for a dice seed")
	}
	if !a.seatOpen(chess, "black") {
		t.Fatal("the chess invitation took the seat before Join")
	}
	dan.joinStepLayout(t, false)
	dan.click("#join-accept")
	dan.wait("the game as Black", `document.querySelector('.player[data-player="black"] .you') !== null`, 10*time.Second)
	if a.seatOpen(chess, "black") {
		t.Error("Join left the chess seat open")
	}
}
