package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// signUp signs a user up through the sign-up page.
func (u *user) signUp(a *app, name, password string) {
	u.t.Helper()
	u.do(chromedp.Navigate(a.url("/signup")))
	u.fill("#account-name", name)
	u.fill("#account-password", password)
	u.click("#account-submit")
	u.wait("the account page", `location.pathname === "/account" && !!document.querySelector("#sessions li")`, 10*time.Second)
}

// TestRatedGame: Ann (in English) creates a rated 3+2 game of chess;
// Carol, not signed in, is asked to sign in to join; Bob, signed in on a
// 390 px phone in Russian, joins it by its invitation; after a move each, Bob resigns from the page: both pages
// show both rating changes, which are the server's; Ann opens Bob's page
// (his rating, provisional, its graph, his loss and the game) and the
// leaderboards; Bob his own page, in Russian, as wide as his screen.
// (Bob resigns: his page shows his loss.)
func TestRatedGame(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	ann, bob := b.user("ann"), b.user("bob")
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	bob.do(chromedp.Navigate(a.url("/")))
	bob.eval(`localStorage.setItem("lang", "ru"), "ok"`)
	ann.signUp(a, "Ann", "correct horse")
	bob.signUp(a, "Bob", "battery staple")
	if got := bob.eval(`document.querySelector("#account-profile").getAttribute("href")`); got != "/@/Bob" {
		t.Errorf("the account page's link to the player's page = %q", got)
	}

	ann.do(chromedp.Navigate(a.url("/new/chess")))
	ann.wait("the form", `!!document.querySelector("#clock") && !document.querySelector("#rated-box").hidden`, 10*time.Second)
	ann.eval(`(s => { s.value = "3+2"; s.dispatchEvent(new Event("change")); })(document.querySelector("#clock")), "ok"`)
	ann.click("#rated")
	ann.click("#create-game")
	ann.wait("the game's page", `/^\/games\/[a-z0-9]+$/.test(location.pathname)`, 10*time.Second)
	id := ann.eval(`location.pathname.split("/")[2]`)
	if v := a.view(id); v.Rated != "chess/blitz" {
		t.Fatalf("the game's key = %q, want chess/blitz", v.Rated)
	}
	ann.wait("the rated mark", `document.querySelector("#rated-mark")?.textContent === " · Rated"`, 10*time.Second)
	held := map[string]string{}
	if err := json.Unmarshal([]byte(ann.eval(`localStorage.getItem("norns.seats.`+id+`")`)), &held); err != nil || len(held) != 1 {
		t.Fatalf("Ann's seats = %v, %v", held, err)
	}
	var annSeat, annToken string
	for p, tok := range held {
		annSeat, annToken = p, tok
	}
	var inv wire.InvitesResponse
	if err := a.call("GET", "/api/games/"+id+"/invites", annToken, nil, &inv); err != nil || len(inv.Invites) != 1 {
		t.Fatalf("invites = %+v, %v", inv, err)
	}
	link := a.url(fmt.Sprintf("/games/%s?seat=%s&invite=%s", id, inv.Invites[0].Player, inv.Invites[0].Invite))
	// Somebody not signed in is asked to sign in.
	carol := b.user("carol")
	carol.do(chromedp.Navigate(link))
	carol.click("#join-accept")
	carol.wait("the sign-in link", `!!document.querySelector("#join-signin")`, 10*time.Second)
	bob.acceptInvite(link)
	bobSeat := inv.Invites[0].Player
	held = map[string]string{}
	json.Unmarshal([]byte(bob.eval(`localStorage.getItem("norns.seats.`+id+`")`)), &held)
	tokens := map[string]string{annSeat: annToken, bobSeat: held[bobSeat]}
	for i, mv := range []string{"e2e4", "e7e5"} {
		seq := int64(i)
		p := "white"
		if i == 1 {
			p = "black"
		}
		if err := a.call("POST", "/api/games/"+id+"/actions", tokens[p], wire.PlayRequest{Action: mv, Seq: &seq}, nil); err != nil {
			t.Fatal(err)
		}
	}
	bob.wait("the resign button", `!!document.querySelector("#leave-offer[data-leave=resign]")`, 10*time.Second)
	bob.click("#leave-offer")
	bob.click("#leave-confirm")
	for _, u := range []*user{ann, bob} {
		u.wait("the rating changes", `document.querySelectorAll("#rating-changes li").length === 2`, 15*time.Second)
	}
	v := a.view(id)
	if len(v.Ratings) != 2 {
		t.Fatalf("the view's ratings = %+v", v.Ratings)
	}
	for _, r := range v.Ratings {
		if r.Change == 0 || r.Before != 1500 {
			t.Errorf("%s's rating change = %+v", r.Player, r)
		}
		want := (r.Player == bobSeat) == (r.Change < 0)
		if !want {
			t.Errorf("%s's change %+d: the loser (Bob, %s) must lose points, the winner gain", r.Player, r.Change, bobSeat)
		}
		for _, u := range []*user{ann, bob} {
			if got := u.eval(fmt.Sprintf(`document.querySelector('#rating-changes li[data-player=%q]').dataset.change`, r.Player)); got != strconv.Itoa(r.Change) {
				t.Errorf("%s's page shows %s's change %s, want %d", u.name, r.Player, got, r.Change)
			}
		}
	}
	bob.shot("web-rated-end-ru-phone", "")
	if got := bob.eval(`document.querySelector("#rating-changes").getAttribute("aria-label")`); got != "Изменения рейтинга" {
		t.Errorf("Bob's page names the changes %q", got)
	}
	if w := bob.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
		t.Errorf("the game's page is %s px wide on a 390 px screen", w)
	}

	// Bob's page, seen by Ann: his rating, provisional, his graph, his loss.
	ann.do(chromedp.Navigate(a.url("/@/Bob")))
	ann.wait("Bob's page", `!!document.querySelector("#rating-history circle") && !!document.querySelector("#player-games li")`, 10*time.Second)
	var bobChange wire.RatingChange
	for _, r := range v.Ratings {
		if r.Player == bobSeat {
			bobChange = r
		}
	}
	if got := ann.eval(`document.querySelector('#player-ratings li[data-key="chess/blitz"]').dataset.rating`); got != strconv.Itoa(bobChange.After) {
		t.Errorf("Bob's rating on his page = %s, want %d", got, bobChange.After)
	}
	if got := ann.text(`#player-ratings li[data-key="chess/blitz"] strong`); got != strconv.Itoa(bobChange.After)+"?" {
		t.Errorf("Bob's rating shows %q, want %d? (provisional)", got, bobChange.After)
	}
	if got := ann.eval(`document.querySelectorAll("#rating-history circle").length + "/" + document.querySelector("#player-games li").dataset.result`); got != "1/loss" {
		t.Errorf("Bob's graph points / game result = %s, want 1/loss", got)
	}
	if got := ann.text("#player-record"); got != "0 wins · 0 draws · 1 loss" {
		t.Errorf("Bob's record = %q", got)
	}
	ann.click("#player-games li a")
	ann.wait("the replay", fmt.Sprintf(`location.pathname === "/replay/%s"`, id), 10*time.Second)

	// The leaderboards: Ann and Bob are provisional; two settled players
	// who played an hour ago are on it, best first.
	settled(t, a, "Cid", 1900.5, "g-cid")
	settled(t, a, "Dee", 1700.2, "g-dee")
	ann.do(chromedp.Navigate(a.url("/leaderboard")))
	ann.wait("the leaderboard", `!!document.querySelector('#leaderboard [data-key="chess/blitz"]')`, 10*time.Second)
	if got := ann.eval(`[...document.querySelectorAll("#leaderboard li")].map(li => li.dataset.name + " " + li.dataset.rating).join(", ")`); got != "Cid 1900, Dee 1700" {
		t.Errorf("the leaderboard = %q, want Cid 1900, Dee 1700", got)
	}
	ann.shot("web-leaderboard", "main")
	ann.eval(`(s => { s.value = "seidr"; s.dispatchEvent(new Event("change")); })(document.querySelector("#leaderboard-game")), "ok"`)
	ann.wait("Seiðr's leaderboard", `!!document.querySelector('#leaderboard [data-key="seidr/blitz"]') && location.search === "?key=seidr/blitz"`, 10*time.Second)

	// Bob's own page, in Russian, on his phone.
	bob.do(chromedp.Navigate(a.url("/@/bob")))
	bob.wait("his page", `!!document.querySelector("#rating-history circle")`, 10*time.Second)
	if got := bob.text("#player-record"); !strings.Contains(got, "1 поражение") {
		t.Errorf("Bob's record in Russian = %q", got)
	}
	if w := bob.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
		t.Errorf("the player's page is %s px wide on a 390 px screen", w)
	}
	bob.shot("web-profile-ru-phone", "main")
}

// settled gives a new account name a settled chess/blitz rating (deviation
// 60) from a rated game that ended an hour ago, written to the store as
// a rating of the game would.
func settled(t *testing.T, a *app, name string, r float64, game string) {
	t.Helper()
	ctx := context.Background()
	id := "acc-" + strings.ToLower(name)
	key := strings.ToLower(name)
	if err := a.st.(store.Accounts).CreateAccount(ctx, &store.Account{ID: id, Name: name, Key: key, Skeleton: key, Password: "x"}); err != nil {
		t.Fatal(err)
	}
	end := time.Now().Add(-time.Hour)
	if err := a.st.Create(ctx, &store.Game{ID: game, Game: "chess", ServerSeed: []byte{1}, Rated: "chess/blitz", Created: end, Updated: end}); err != nil {
		t.Fatal(err)
	}
	if err := a.st.Append(ctx, game, 0, nil, store.Update{Status: "over white", Finished: true}); err != nil {
		t.Fatal(err)
	}
	row := store.Perf{Player: id, Key: "chess/blitz", Rating: r, Deviation: 60, Volatility: 0.06, Games: 30, Latest: end}
	if _, err := a.st.(store.Ratings).RateGame(ctx, store.RatedGame{Game: game, Key: "chess/blitz", End: end, Before: []store.Perf{{Player: id, Key: "chess/blitz"}}, After: []store.Perf{row},
		Record: []store.GameRating{{Player: "white", Account: id}}}); err != nil {
		t.Fatal(err)
	}
}
