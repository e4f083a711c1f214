package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fill types a value into a field, after emptying it.
func (u *user) fill(sel, value string) {
	u.t.Helper()
	u.wait(sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel), 10*time.Second)
	u.eval(fmt.Sprintf(`document.querySelector(%q).value = "", "ok"`, sel))
	u.do(chromedp.SendKeys(chromedp.CSS(sel), value))
}

// TestAccount: on a 390 px phone, in Russian, Ann signs up, taking the
// game her browser played anonymously into the account; the header names
// her and the account page lists her session; she signs out, is refused
// a wrong password, signs in from another browser, where "My games" shows
// the game and its page plays her seat (Bo has joined): the browser gets
// a token of its own; she signs out everywhere, signs in again and deletes
// the account.
func TestAccount(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "open"})
	ann := b.user("ann")
	ann.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	ann.holdSeats(a, id, map[string]string{"white": grants[0].Token})
	ann.eval(`localStorage.setItem("lang", "ru"), "ok"`)
	ann.do(chromedp.Navigate(a.url("/")))
	ann.wait("the sign-in link", `!!document.querySelector("#account-link")`, 10*time.Second)
	if got := ann.text("#account-link"); got != "Войти" {
		t.Errorf("the header's link = %q, want Войти", got)
	}
	ann.click("#account-link")
	ann.wait("the sign-in page", `location.pathname === "/signin"`, 5*time.Second)
	ann.click("#account-other")
	ann.wait("the sign-up page", `location.pathname === "/signup" && !!document.querySelector("#account-claim")`, 5*time.Second)
	if got := ann.text("h1"); got != "Регистрация" {
		t.Errorf("the sign-up title = %q", got)
	}
	ann.shot("web-signup-ru-390", "")
	ann.fill("#account-name", "Ann")
	ann.fill("#account-password", "password")
	ann.click("#account-submit")
	ann.wait("the refusal", `document.querySelector(".account-form .error").textContent !== ""`, 10*time.Second)
	if got := ann.text(".account-form .error"); !strings.Contains(got, "не короче 8 символов") {
		t.Errorf("a common password: the page says %q", got)
	}
	ann.fill("#account-password", "correct horse")
	ann.click("#account-submit")
	ann.wait("the account page", `location.pathname === "/account" && !!document.querySelector("#sessions li")`, 10*time.Second)
	ann.shot("web-account-ru-390", "")
	if got := ann.text("#account-title"); got != "Ann" {
		t.Errorf("the account page's title = %q", got)
	}
	if got := ann.text("#account-notice"); got != "Партий добавлено в аккаунт: 1" {
		t.Errorf("the notice = %q", got)
	}
	if got := ann.text("#account-link"); got != "Ann" {
		t.Errorf("the header's link = %q, want Ann", got)
	}
	if got := ann.text("#sessions li.current strong"); got != "этот браузер" {
		t.Errorf("the current session = %q", got)
	}
	if w := ann.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
		t.Errorf("the account page is %s px wide on a 390 px screen", w)
	}
	if v := a.view(id); v.Seats[0].Name != "Ann" {
		t.Errorf("the claimed seat's name = %q", v.Seats[0].Name)
	}
	ann.click("#signout")
	ann.wait("signed out", `location.pathname === "/" && document.querySelector("#account-link").textContent === "Войти"`, 10*time.Second)

	// A wrong password, then the right one, from another browser.
	other := b.user("ann elsewhere")
	other.do(chromedp.Navigate(a.url("/signin")))
	other.fill("#account-name", "ann")
	other.fill("#account-password", "wrong horse")
	other.click("#account-submit")
	other.wait("the refusal", `document.querySelector(".account-form .error").textContent !== ""`, 10*time.Second)
	if got := other.text(".account-form .error"); got != "Wrong user name or password." {
		t.Errorf("a wrong password: the page says %q", got)
	}
	other.fill("#account-password", "correct horse")
	other.click("#account-submit")
	other.wait("the account page", `location.pathname === "/account" && !!document.querySelector("#sessions li")`, 10*time.Second)
	other.do(chromedp.Navigate(a.url("/")))
	other.wait("my games", fmt.Sprintf(`!!document.querySelector('#my-games li[data-game="%s"]')`, id), 15*time.Second)
	if got := other.eval(`(e => e.value + (e.readOnly ? " (read-only)" : ""))(document.querySelector("#player-name"))`); got != "Ann (read-only)" {
		t.Errorf("the name field of a signed-in player = %q, want Ann (read-only)", got)
	}
	if err := a.call("POST", "/api/games/"+id+"/join", "", map[string]string{"seat": "black", "invite": grants[1].Invite, "name": "Bo"}, nil); err != nil {
		t.Fatal(err)
	}
	other.click(fmt.Sprintf(`#my-games li[data-game="%s"] a`, id))
	other.wait("the seat on this browser", `document.querySelector("#conn")?.dataset.player === "white"`, 10*time.Second)
	if got := other.eval(`Object.keys(JSON.parse(localStorage.getItem("norns.seats.` + id + `") ?? "{}")).join()`); got != "white" {
		t.Errorf("the seats this browser holds = %q, want white", got)
	}
	other.clickMove("chess", "e2e4")
	a.waitMoved(id, 0)

	// Ann signs in again on the phone: two sessions; she signs out
	// everywhere, which signs the other browser out too.
	ann.do(chromedp.Navigate(a.url("/signin")))
	ann.fill("#account-name", "ANN")
	ann.fill("#account-password", "correct horse")
	ann.click("#account-submit")
	ann.wait("two sessions", `document.querySelectorAll("#sessions li").length === 2`, 10*time.Second)
	ann.click("#signout-everywhere")
	ann.wait("signed out", `location.pathname === "/"`, 10*time.Second)
	other.do(chromedp.Navigate(a.url("/account")))
	other.wait("sent to sign in", `location.pathname === "/signin"`, 10*time.Second)

	// The deletion: the game stays, without her name.
	other.fill("#account-name", "ann")
	other.fill("#account-password", "correct horse")
	other.click("#account-submit")
	other.wait("the account page", `location.pathname === "/account" && !!document.querySelector("#delete-form")`, 10*time.Second)
	other.fill("#delete-password", "correct horse")
	other.click("#delete-form button")
	other.wait("deleted", `location.pathname === "/" && document.querySelector("#account-link").textContent === "Sign in"`, 10*time.Second)
	if v := a.view(id); v.Seats[0].Name != "" {
		t.Errorf("the deleted account's seat is named %q", v.Seats[0].Name)
	}
}
