package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// cheapPasswords keeps the hashing of the tests fast.
func cheapPasswords(c *server.Config) {
	c.PasswordParams = account.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32}
}

// browser is a client that keeps cookies and, like a browser on the
// server's page, sends Origin and Sec-Fetch-Site with its requests, and
// the session's CSRF token once it knows it.
type browser struct {
	e      *env
	client *http.Client
	csrf   string
	// site is the Sec-Fetch-Site the browser sends ("same-origin");
	// origin its Origin (the server's).
	site, origin string
}

func (e *env) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{e: e, client: &http.Client{Jar: jar}, site: "same-origin", origin: e.base}
}

// on returns a browser with the same cookies on another instance.
func (b *browser) on(e *env) *browser {
	o := *b
	o.e, o.origin = e, e.base
	return &o
}

// do makes a request and decodes a JSON answer into out; it returns the
// status, the error body and the answer's headers.
func (b *browser) do(method, path string, body, out any) (int, apiError, http.Header) {
	b.e.t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, b.e.base+path, rd)
	if b.site != "" {
		req.Header.Set("Sec-Fetch-Site", b.site)
	}
	if b.origin != "" && method != http.MethodGet {
		req.Header.Set("Origin", b.origin)
	}
	if b.csrf != "" {
		req.Header.Set("X-CSRF-Token", b.csrf)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		var eb struct {
			Error apiError `json:"error"`
		}
		if err := json.Unmarshal(data, &eb); err != nil {
			b.e.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
		}
		eb.Error.RetryAfter = resp.Header.Get("Retry-After")
		return resp.StatusCode, eb.Error, resp.Header
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			b.e.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, apiError{}, resp.Header
}

// must makes a request that must succeed.
func (b *browser) must(method, path string, body, out any) http.Header {
	b.e.t.Helper()
	st, ae, h := b.do(method, path, body, out)
	if st >= 300 {
		b.e.t.Fatalf("%s %s = %d %+v", method, path, st, ae)
	}
	return h
}

// signIn signs up (up) or in and keeps the CSRF token.
func (b *browser) signIn(up bool, name, password string, seats ...wire.SeatProof) wire.AccountResponse {
	b.e.t.Helper()
	path := "/api/account/signin"
	if up {
		path = "/api/account/signup"
	}
	var out wire.AccountResponse
	b.must("POST", path, wire.SignUpRequest{Name: name, Password: password, Seats: seats}, &out)
	b.csrf = out.Account.CSRF
	return out
}

// TestSignUpSignIn: a sign-up sets the session cookie (HttpOnly,
// SameSite=Lax) and answers the account; the name is then taken, also in
// another case or with a confusable letter; a sign-in opens a second
// session; a wrong password and an unknown name get the same answer.
func TestSignUpSignIn(t *testing.T) {
	e := start(t, cheapPasswords)
	b := e.browser()
	var out wire.AccountResponse
	h := b.must("POST", "/api/account/signup", wire.SignUpRequest{Name: "Ann", Password: "correct horse"}, &out)
	if out.Account.Name != "Ann" || out.Account.CSRF == "" || out.Account.Session == "" || out.Token != "" {
		t.Fatalf("sign-up = %+v", out)
	}
	b.csrf = out.Account.CSRF
	cookie := h.Get("Set-Cookie")
	for _, want := range []string{"norns_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("Set-Cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("Set-Cookie %q is Secure on plain HTTP", cookie)
	}
	var me wire.AccountResponse
	b.must("GET", "/api/account", nil, &me)
	if me.Account.Name != "Ann" || me.Account.ID != out.Account.ID || me.Account.CSRF != out.Account.CSRF {
		t.Errorf("GET /api/account = %+v", me)
	}
	for _, tt := range []struct{ name, password, code string }{
		{"ann", "correct horse", wire.CodeNameTaken},
		{"ANN", "correct horse", wire.CodeNameTaken},
		{"Аnn", "correct horse", wire.CodeBadName},   // Cyrillic А with Latin nn
		{"Апп", "correct horse", wire.CodeNameTaken}, // Cyrillic А, п, п
		{"A", "correct horse", wire.CodeBadName},
		{"Bob", "password", wire.CodeWeakPassword},
		{"Bob", "short", wire.CodeWeakPassword},
	} {
		st, ae, _ := e.browser().do("POST", "/api/account/signup", wire.SignUpRequest{Name: tt.name, Password: tt.password}, nil)
		if ae.Code != tt.code {
			t.Errorf("sign-up %q/%q = %d %+v, want %s", tt.name, tt.password, st, ae, tt.code)
		}
	}
	// Sign in another browser, in another case.
	c := e.browser()
	in := c.signIn(false, "aNN", "correct horse")
	if in.Account.ID != out.Account.ID || in.Account.Session == out.Account.Session {
		t.Errorf("sign-in = %+v", in)
	}
	// A client that is not a browser asks for the token and sends it in
	// a header.
	var tok wire.AccountResponse
	e.browser().must("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "correct horse", WantToken: true}, &tok)
	if len(tok.Token) != 43 {
		t.Fatalf("token = %q", tok.Token)
	}
	req, _ := http.NewRequest("GET", e.base+"/api/account", nil)
	req.Header.Set("X-Norns-Session", tok.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET /api/account with the header = %d", resp.StatusCode)
	}

	// Wrong password, unknown name: one answer.
	st1, wrong, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "wrong horse"}, nil)
	st2, unknown, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "nobody", Password: "wrong horse"}, nil)
	if st1 != http.StatusUnauthorized || st1 != st2 || wrong != unknown || wrong.Code != wire.CodeBadCredentials {
		t.Errorf("wrong password = %d %+v; unknown name = %d %+v; want the same 401 bad_credentials", st1, wrong, st2, unknown)
	}
}

// TestSignInThrottled: past its burst, an account's sign-ins are refused
// with Retry-After, whatever the password, from any address; an address
// is throttled whatever the names.
func TestSignInThrottled(t *testing.T) {
	e := start(t, func(c *server.Config) {
		cheapPasswords(c)
		c.SignInPerAccount = ratelimit.New(1.0/60, 3)
		c.SignInPerAddress = ratelimit.New(1.0/60, 6)
	})
	e.browser().signIn(true, "Ann", "correct horse") // one try of the address
	for i := range 3 {
		if st, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "wrong horse"}, nil); ae.Code != wire.CodeBadCredentials {
			t.Fatalf("try %d = %d %+v", i, st, ae)
		}
	}
	st, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "correct horse"}, nil)
	if st != http.StatusTooManyRequests || ae.Code != wire.CodeRateLimited || ae.RetryAfter != "60" {
		t.Errorf("fourth sign-in = %d %+v, want 429 rate_limited, Retry-After 60", st, ae)
	}
	// The address has had 5 tries: one more, then it waits.
	if _, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "bob", Password: "x"}, nil); ae.Code != wire.CodeBadCredentials {
		t.Errorf("sixth try of the address = %+v", ae)
	}
	if st, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "carl", Password: "x"}, nil); st != http.StatusTooManyRequests {
		t.Errorf("seventh try of the address = %d %+v, want 429", st, ae)
	}
}

// TestSessions: the account lists its sessions, the request's marked;
// one is signed out by its id, then all of them everywhere.
func TestSessions(t *testing.T) {
	e := start(t, func(c *server.Config) {
		cheapPasswords(c)
		c.SignInPerAccount = ratelimit.New(1, 100)
	})
	a, b, c := e.browser(), e.browser(), e.browser()
	a.signIn(true, "Ann", "correct horse")
	b.signIn(false, "ann", "correct horse")
	in := c.signIn(false, "ann", "correct horse")
	var list wire.SessionsResponse
	a.must("GET", "/api/account/sessions", nil, &list)
	current := 0
	for _, s := range list.Sessions {
		if s.Current {
			current++
		}
		if s.Addr != "127.0.0.1" || !strings.Contains(s.Agent, "Go-http-client") {
			t.Errorf("session %+v: want address 127.0.0.1 and the agent", s)
		}
	}
	if len(list.Sessions) != 3 || current != 1 {
		t.Fatalf("sessions = %+v, want 3, one current", list.Sessions)
	}
	a.must("DELETE", "/api/account/sessions/"+in.Account.Session, nil, nil)
	if st, ae, _ := c.do("GET", "/api/account", nil, nil); st != http.StatusUnauthorized || ae.Code != wire.CodeNotSignedIn {
		t.Errorf("the session signed out from another = %d %+v", st, ae)
	}
	if st, ae, _ := a.do("DELETE", "/api/account/sessions/"+in.Account.Session, nil, nil); ae.Code != wire.CodeSessionNotFound {
		t.Errorf("signing out a session twice = %d %+v", st, ae)
	}
	var ended wire.SignedOutResponse
	b.must("POST", "/api/account/signout-everywhere", nil, &ended)
	if ended.Ended != 2 {
		t.Errorf("sign-out everywhere ended %d, want 2", ended.Ended)
	}
	for name, x := range map[string]*browser{"a": a, "b": b} {
		if st, _, _ := x.do("GET", "/api/account", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("browser %s after sign-out everywhere = %d, want 401", name, st)
		}
	}
	// A browser that signs in again ends its former session.
	g := e.browser()
	g.signIn(false, "ann", "correct horse")
	g.signIn(false, "ann", "correct horse")
	g.must("GET", "/api/account/sessions", nil, &list)
	if len(list.Sessions) != 1 {
		t.Errorf("sessions after signing in twice in one browser = %d, want 1", len(list.Sessions))
	}
	g.must("POST", "/api/account/signout", nil, nil)
	// A sign-out of one session ends it alone.
	d, f := e.browser(), e.browser()
	d.signIn(false, "ann", "correct horse")
	f.signIn(false, "ann", "correct horse")
	d.must("POST", "/api/account/signout", nil, nil)
	if st, _, _ := d.do("GET", "/api/account", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("after sign-out = %d", st)
	}
	f.must("GET", "/api/account", nil, nil)
}

// TestCSRF: a state-changing request with the session cookie is refused
// without the session's CSRF token, with another token, or from another
// site (Sec-Fetch-Site, Origin); a sign-in from another site is refused;
// a create from another site is played anonymously.
func TestCSRF(t *testing.T) {
	e := start(t, cheapPasswords)
	b := e.browser()
	b.signIn(true, "Ann", "correct horse")
	token := b.csrf
	for _, tt := range []struct {
		name, csrf, site, origin string
	}{
		{"no token", "", "same-origin", e.base},
		{"another token", "0123456789abcdef0123456789abcdef", "same-origin", e.base},
		{"another site", token, "cross-site", "https://evil.example"},
		{"another origin", token, "", "https://evil.example"},
	} {
		x := *b
		x.csrf, x.site, x.origin = tt.csrf, tt.site, tt.origin
		if st, ae, _ := x.do("POST", "/api/account/signout-everywhere", nil, nil); st != http.StatusForbidden || ae.Code != wire.CodeCSRF {
			t.Errorf("%s: sign-out everywhere = %d %+v, want 403 csrf", tt.name, st, ae)
		}
		var c created
		x.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &c)
		if c.Game.Seats[0].Name != "" {
			t.Errorf("%s: a game created from another site has the account's name %q", tt.name, c.Game.Seats[0].Name)
		}
	}
	b.must("GET", "/api/account", nil, nil) // still signed in
	evil := e.browser()
	evil.site, evil.origin = "cross-site", "https://evil.example"
	if st, ae, _ := evil.do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "correct horse"}, nil); st != http.StatusForbidden || ae.Code != wire.CodeCSRF {
		t.Errorf("sign-in from another site = %d %+v, want 403 csrf", st, ae)
	}
	// Seat tokens work as before, with or without the cookie.
	var c created
	b.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &c)
	if c.Game.Seats[0].Name != "Ann" {
		t.Errorf("a signed-in create: seat name %q, want Ann", c.Game.Seats[0].Name)
	}
	e.must("POST", "/api/games/"+c.ID+"/abort", tokensOf(c)["white"], nil, nil)
}

// TestAccountGames: the seats a browser took anonymously are taken into
// the account at sign-up; a signed-in player's new games carry the
// account; "my games" lists them all, from another browser too.
func TestAccountGames(t *testing.T) {
	e := start(t, cheapPasswords)
	anon := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	other := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	b := e.browser()
	out := b.signIn(true, "Ann", "correct horse",
		wire.SeatProof{Game: anon.ID, Token: tokensOf(anon)["white"]},
		wire.SeatProof{Game: other.ID, Token: "not the token"},
		wire.SeatProof{Game: "nosuchgame", Token: "x"})
	want := []wire.ClaimResult{{Game: anon.ID, Player: "white"}, {Game: other.ID, Code: wire.CodeBadToken}, {Game: "nosuchgame", Code: wire.CodeGameNotFound}}
	if len(out.Claimed) != 3 || out.Claimed[0] != want[0] || out.Claimed[1] != want[1] || out.Claimed[2] != want[2] {
		t.Errorf("claimed = %+v, want %+v", out.Claimed, want)
	}
	if v := e.view(anon.ID); v.Seats[0].Name != "Ann" {
		t.Errorf("claimed seat's name = %q, want Ann", v.Seats[0].Name)
	}
	// A finished game is taken too.
	done := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	e.must("POST", "/api/games/"+done.ID+"/abort", tokensOf(done)["white"], nil, nil)
	var cl0 wire.ClaimResponse
	b.must("POST", "/api/account/claim", wire.ClaimRequest{Seats: []wire.SeatProof{{Game: done.ID, Token: tokensOf(done)["white"]}}}, &cl0)
	if v := e.view(done.ID); len(cl0.Claimed) != 1 || cl0.Claimed[0].Player != "white" || !v.Finished || v.Seats[0].Name != "Ann" {
		t.Errorf("claim of a finished game = %+v; finished %v, name %q", cl0.Claimed, v.Finished, v.Seats[0].Name)
	}
	// Bob cannot take Ann's seat, even with its token.
	bob := e.browser()
	bob.signIn(true, "Bob", "battery staple")
	var cl wire.ClaimResponse
	bob.must("POST", "/api/account/claim", wire.ClaimRequest{Seats: []wire.SeatProof{{Game: anon.ID, Token: tokensOf(anon)["white"]}}}, &cl)
	if len(cl.Claimed) != 1 || cl.Claimed[0].Code != wire.CodeSeatClaimed {
		t.Errorf("Bob's claim of Ann's seat = %+v", cl)
	}
	// Ann creates a game; Bob joins one of Ann's signed in.
	var mine created
	b.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &mine)
	var joined wire.JoinResponse
	bob.must("POST", "/api/games/"+mine.ID+"/join", wire.JoinRequest{Invite: mine.Seats[1].Invite, Name: "whoever"}, &joined)
	if v := e.view(mine.ID); v.Seats[1].Name != "Bob" {
		t.Errorf("joined seat's name = %q, want Bob", v.Seats[1].Name)
	}
	// One person, one seat: of a hot-seat game played anonymously, the
	// first seat is taken, not the second.
	hotAnon := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	ht := tokensOf(hotAnon)
	b.must("POST", "/api/account/claim", wire.ClaimRequest{Seats: []wire.SeatProof{{Game: hotAnon.ID, Token: ht["white"]}, {Game: hotAnon.ID, Token: ht["black"]}}}, &cl)
	if len(cl.Claimed) != 2 || cl.Claimed[0].Player != "white" || cl.Claimed[1].Code != wire.CodeSeatClaimed {
		t.Errorf("claim of both seats of a hot-seat game = %+v", cl.Claimed)
	}
	// From another browser.
	c := e.browser()
	c.signIn(false, "ann", "correct horse")
	var list wire.ListResponse
	c.must("GET", "/api/account/games", nil, &list)
	var ids []string
	for _, g := range list.Games {
		ids = append(ids, g.ID)
	}
	if want := []string{hotAnon.ID, mine.ID, done.ID, anon.ID}; !slices.Equal(ids, want) {
		t.Errorf("Ann's games = %v, want %v", ids, want)
	}
	bob.must("GET", "/api/account/games", nil, &list)
	if len(list.Games) != 1 || list.Games[0].ID != mine.ID {
		t.Errorf("Bob's games = %+v", list.Games)
	}
	// Hot seat stays anonymous.
	var hot created
	b.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "h")}, &hot)
	if hot.Game.Seats[0].Name != "" || hot.Game.Seats[1].Name != "" {
		t.Errorf("hot seat names = %q, %q", hot.Game.Seats[0].Name, hot.Game.Seats[1].Name)
	}
}

// annsGame signs Ann up in a new browser on e, and has her create a game
// of chess with an open seat.
func annsGame(e *env) (*browser, created) {
	e.t.Helper()
	b := e.browser()
	b.signIn(true, "Ann", "correct horse")
	var g created
	b.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &g)
	return b, g
}

// TestDeleteAccount: a deletion needs the password; the account's games
// stay with its seats nameless, its sessions end, its name stays taken.
func TestDeleteAccount(t *testing.T) {
	e := start(t, cheapPasswords)
	b, g := annsGame(e)
	if st, ae, _ := b.do("POST", "/api/account/delete", wire.DeleteAccountRequest{Password: "wrong horse"}, nil); ae.Code != wire.CodeBadCredentials {
		t.Errorf("delete with a wrong password = %d %+v", st, ae)
	}
	if st, _, _ := b.do("POST", "/api/account/delete", wire.DeleteAccountRequest{Password: "correct horse"}, nil); st != http.StatusNoContent {
		t.Fatalf("delete = %d", st)
	}
	v := e.view(g.ID)
	if v.Seats[0].Name != "" {
		t.Errorf("the deleted account's seat is named %q", v.Seats[0].Name)
	}
	if st, _, _ := b.do("GET", "/api/account", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("GET /api/account after delete = %d", st)
	}
	if st, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "correct horse"}, nil); ae.Code != wire.CodeBadCredentials {
		t.Errorf("sign-in after delete = %d %+v", st, ae)
	}
	if _, ae, _ := e.browser().do("POST", "/api/account/signup", wire.SignUpRequest{Name: "ANN", Password: "correct horse"}, nil); ae.Code != wire.CodeNameTaken {
		t.Errorf("sign-up with the deleted name = %+v, want name_taken", ae)
	}
	// The game goes on: the seat token still plays.
	e.must("POST", "/api/games/"+g.ID+"/abort", tokensOf(g)["white"], nil, nil)
}

// TestSecureCookie: behind a public URL in https the cookie is Secure.
func TestSecureCookie(t *testing.T) {
	e := start(t, func(c *server.Config) {
		cheapPasswords(c)
		c.PublicURL = "https://norns.example"
	})
	b := e.browser()
	b.origin = "https://norns.example"
	h := b.must("POST", "/api/account/signup", wire.SignUpRequest{Name: "Ann", Password: "correct horse"}, nil)
	if c := h.Get("Set-Cookie"); !strings.Contains(c, "; Secure") {
		t.Errorf("Set-Cookie %q is not Secure", c)
	}
}

// TestAccountsTwoInstances: a session opened on one instance works on
// the other; a sign-out everywhere on one takes effect on both.
func TestAccountsTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	open := func() *env {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		return startStore(t, st, cheapPasswords)
	}
	a, b := open(), open()
	x := a.browser()
	x.signIn(true, "Ann", "correct horse")
	y := a.browser()
	y.signIn(false, "ann", "correct horse")
	var me wire.AccountResponse
	x.on(b).must("GET", "/api/account", nil, &me)
	if me.Account.Name != "Ann" {
		t.Fatalf("on the other instance: %+v", me)
	}
	var g created
	x.on(b).must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &g)
	var list wire.ListResponse
	y.must("GET", "/api/account/games", nil, &list)
	if len(list.Games) != 1 || list.Games[0].ID != g.ID {
		t.Errorf("games on a of a game created on b = %+v", list.Games)
	}
	y.on(b).must("POST", "/api/account/signout-everywhere", nil, nil)
	for name, z := range map[string]*browser{"x on a": x, "y on a": y, "x on b": x.on(b)} {
		if st, _, _ := z.do("GET", "/api/account", nil, nil); st != http.StatusUnauthorized {
			t.Errorf("%s after sign-out everywhere on b = %d, want 401", name, st)
		}
	}
}

// TestSignInThrottledTwoInstances: the sign-in throttle of an account is
// shared by two instances on one PostgreSQL: tries alternating between
// them are counted together.
func TestSignInThrottledTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	open := func() *env {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		return startStore(t, st, func(c *server.Config) {
			cheapPasswords(c)
			c.SignInPerAccount = ratelimit.New(1.0/60, 3)
		})
	}
	a, b := open(), open()
	a.browser().signIn(true, "Ann", "correct horse")
	for i, e := range []*env{a, b, a} {
		if st, ae, _ := e.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "wrong horse"}, nil); ae.Code != wire.CodeBadCredentials {
			t.Fatalf("try %d = %d %+v", i, st, ae)
		}
	}
	st, ae, _ := b.browser().do("POST", "/api/account/signin", wire.SignUpRequest{Name: "ann", Password: "correct horse"}, nil)
	if st != http.StatusTooManyRequests || ae.Code != wire.CodeRateLimited {
		t.Errorf("the fourth sign-in, on the other instance = %d %+v, want 429 rate_limited", st, ae)
	}
}
