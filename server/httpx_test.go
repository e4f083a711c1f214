package server_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/web"
	"github.com/norns-games/norns/wire"
)

// answer is a response as the tests look at it.
type answer struct {
	status int
	header http.Header
	body   string
}

// fetch sends a request with a body (a string, sent as is) and returns the
// answer, whatever its status.
func (e *env) fetch(method, path, body string) answer {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.base+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	client := e.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(b)}
}

// TestSecurityHeaders: a page, the static files, the API (answers and
// errors) and the health checks all carry the security headers.
func TestSecurityHeaders(t *testing.T) {
	e := start(t, func(c *server.Config) { c.Web = web.Handler() })
	want := map[string]string{
		"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
	}
	tests := []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/", "", http.StatusOK},
		{"GET", "/games/abcdef", "", http.StatusOK},
		{"GET", "/nowhere", "", http.StatusNotFound},
		{"GET", "/app.js", "", http.StatusOK},
		{"GET", "/app.css", "", http.StatusOK},
		{"GET", "/favicon.svg", "", http.StatusOK},
		{"GET", "/i18n/en.json", "", http.StatusOK},
		{"POST", "/web/replay", `{"game":"chess","actions":["e2e4"]}`, http.StatusOK},
		{"GET", "/api/catalog", "", http.StatusOK},
		{"GET", "/api/games/nosuchgame", "", http.StatusNotFound},
		{"GET", "/healthz", "", http.StatusOK},
		{"GET", "/readyz", "", http.StatusOK},
	}
	for _, tc := range tests {
		a := e.fetch(tc.method, tc.path, tc.body)
		if a.status != tc.status {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, a.status, tc.status)
		}
		for k, v := range want {
			if got := a.header.Values(k); len(got) != 1 || got[0] != v {
				t.Errorf("%s %s: %s = %q, want %q", tc.method, tc.path, k, got, v)
			}
		}
	}
}

// TestHttpxRateLimits: outside the API every path is limited per client
// address, POST /web/replay by its work (a token a thousand actions, at a
// quarter of the API's rate and half its burst) and the rest generously
// (ten times the API's); the API's requests are counted by the API's
// limit only; a refusal is 429 rate_limited with Retry-After.
func TestHttpxRateLimits(t *testing.T) {
	// API: 0.002 requests a second, bursts of 12; replay: 0.0005 tokens a
	// second, bursts of 6; pages: 0.02 a second, bursts of 120. The
	// buckets refill nothing during the test, however slow the machine.
	e := start(t, func(c *server.Config) {
		c.RateLimit, c.RateBurst = 0.002, 12
		c.Web = web.Handler()
	})
	a, b := e, e.from("127.0.0.2")
	const replay = `{"game":"chess","actions":["e2e4","e7e5"]}`
	// 2,500 actions (the replay stops at the first illegal one) cost 3.
	long := `{"game":"chess","actions":["e2e4"` + strings.Repeat(`,"e2e4"`, 2499) + `]}`
	refused := func(who *env, method, path, body, retry string) {
		t.Helper()
		r := who.fetch(method, path, body)
		if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, `"code":"rate_limited"`) || r.header.Get("Retry-After") != retry {
			t.Errorf("%s %s over the limit = %d %s (Retry-After %q), want 429 rate_limited, Retry-After %s",
				method, path, r.status, r.body, r.header.Get("Retry-After"), retry)
		}
	}
	served := func(who *env, method, path, body string, n int) {
		t.Helper()
		for i := range n {
			if r := who.fetch(method, path, body); r.status != http.StatusOK {
				t.Fatalf("%s %s #%d of %d = %d %s, want 200", method, path, i+1, n, r.status, r.body)
			}
		}
	}

	// A: six short replays, then refused for 2,000 s.
	served(a, "POST", "/web/replay", replay, 6)
	refused(a, "POST", "/web/replay", replay, "2000")
	// A spends its API burst (and more, refused by the API's limit)...
	served(a, "GET", "/api/catalog", "", 12)
	refused(a, "GET", "/api/catalog", "", "1")
	refused(a, "GET", "/api/games", "", "1")
	// ... which took nothing from its pages' burst: 120 pages, static
	// files and health checks (the replays count apart too), then refused
	// for 50 s.
	for i := range 30 {
		served(a, "GET", []string{"/", "/app.js", "/healthz", "/readyz"}[i%4], "", 4)
	}
	refused(a, "GET", "/app.css", "", "50")
	refused(a, "GET", "/healthz", "", "50")
	// B has buckets of its own; its pages take nothing from its API
	// burst.
	served(b, "GET", "/games/abcdef", "", 120)
	refused(b, "GET", "/readyz", "", "50")
	served(b, "GET", "/api/catalog", "", 12)
	refused(b, "GET", "/api/catalog", "", "1")
	// Two long replays spend B's replay burst; a third waits 6,000 s.
	served(b, "POST", "/web/replay", long, 2)
	refused(b, "POST", "/web/replay", long, "6000")
	refused(b, "POST", "/web/replay", replay, "2000")
}

// TestHttpxNoRateLimit: RateLimit 0 limits nothing, in the API or out of
// it.
func TestHttpxNoRateLimit(t *testing.T) {
	e := start(t, func(c *server.Config) { c.Web = web.Handler() })
	for i := range 100 {
		for _, r := range []struct{ method, path, body string }{
			{"POST", "/web/replay", `{"game":"chess","actions":["e2e4"]}`},
			{"GET", "/app.js", ""},
			{"GET", "/api/catalog", ""},
		} {
			if a := e.fetch(r.method, r.path, r.body); a.status != http.StatusOK {
				t.Fatalf("%s %s #%d without a rate limit = %d %s, want 200", r.method, r.path, i+1, a.status, a.body)
			}
		}
	}
}

// dialFrom opens a TCP connection to addr from the local IP address ip,
// skipping the test where the system cannot send from ip.
func dialFrom(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		if ip != "127.0.0.1" {
			t.Skipf("cannot use %s as a second client address: %v", ip, err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedByPeer reports whether the other end closed c (it reads the end of
// the stream or a reset); it waits at most 10 s for that.
func closedByPeer(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

func remoteHost(c net.Conn) string {
	host, _, _ := net.SplitHostPort(c.RemoteAddr().String())
	return host
}

// TestLimitListener: with a cap of 2, a third connection from the same
// address is closed at once, a connection from another address is
// accepted, and closing one (twice, too) frees one place.
func TestLimitListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := server.LimitListener(ln, 2)
	defer l.Close()
	accepted := make(chan net.Conn)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	next := func(from string) net.Conn {
		t.Helper()
		select {
		case c := <-accepted:
			t.Cleanup(func() { c.Close() })
			if got := remoteHost(c); got != from {
				t.Fatalf("accepted a connection from %s, want %s", got, from)
			}
			return c
		case <-time.After(10 * time.Second):
			t.Fatalf("no connection from %s accepted", from)
			return nil
		}
	}
	addr := ln.Addr().String()
	dialFrom(t, "127.0.0.1", addr)
	s1 := next("127.0.0.1")
	c2 := dialFrom(t, "127.0.0.1", addr)
	s2 := next("127.0.0.1")
	if c3 := dialFrom(t, "127.0.0.1", addr); !closedByPeer(c3) {
		t.Fatalf("the third connection from 127.0.0.1 is open, want it closed")
	}
	dialFrom(t, "127.0.0.2", addr)
	next("127.0.0.2")

	s1.Close()
	s1.Close()
	c4 := dialFrom(t, "127.0.0.1", addr)
	s4 := next("127.0.0.1")
	if c5 := dialFrom(t, "127.0.0.1", addr); !closedByPeer(c5) {
		t.Fatalf("a connection from 127.0.0.1 beyond the cap after a close is open, want it closed")
	}
	// The connections kept work both ways.
	for _, p := range [][2]net.Conn{{s2, c2}, {s4, c4}} {
		if _, err := p[0].Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 1)
		p[1].SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.ReadFull(p[1], b); err != nil || b[0] != 'x' {
			t.Errorf("reading from a kept connection = %q, %v", b, err)
		}
	}
	if server.LimitListener(ln, 0) != ln {
		t.Errorf("LimitListener(ln, 0) is not ln")
	}
}

// TestLimitListenerHTTP: an HTTP server on a listener capped at 2
// connections an address keeps serving two keep-alive clients, closes a
// third at once, serves another address, and serves a new client once one
// has left.
func TestLimitListenerHTTP(t *testing.T) {
	e := start(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: e.srv.Handler()}
	go hs.Serve(server.LimitListener(ln, 2))
	defer hs.Close()
	addr := ln.Addr().String()
	// health asks for /healthz on c and reports whether it was answered
	// 200 "ok".
	health := func(c net.Conn) bool {
		c.SetDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: norns\r\n\r\n"); err != nil {
			return false
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK && string(b) == "ok\n"
	}
	c1 := dialFrom(t, "127.0.0.1", addr)
	c2 := dialFrom(t, "127.0.0.1", addr)
	if !health(c1) || !health(c2) {
		t.Fatal("two connections from 127.0.0.1 are not served")
	}
	if c3 := dialFrom(t, "127.0.0.1", addr); health(c3) {
		t.Errorf("a third connection from 127.0.0.1 is served, want it closed")
	}
	if c := dialFrom(t, "127.0.0.2", addr); !health(c) {
		t.Errorf("a connection from 127.0.0.2 is not served")
	}
	if !health(c1) || !health(c2) {
		t.Errorf("the first two connections are not served any more")
	}
	// The server closes its end once it reads c1's; until then a new
	// connection may still be refused.
	c1.Close()
	for i := 0; ; i++ {
		if health(dialFrom(t, "127.0.0.1", addr)) {
			break
		}
		if i == 100 {
			t.Fatal("no new connection from 127.0.0.1 served after the first was closed")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHttpxWebSocketOutlivesDeadlines: the http.Server's read, write and
// idle timeouts do not cut a WebSocket feed (net/http clears a
// connection's deadlines when the feed takes it over): a feed opened on a
// server whose timeouts are 100 ms still gets a move made long after.
func TestHttpxWebSocketOutlivesDeadlines(t *testing.T) {
	e := start(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const d = 100 * time.Millisecond
	hs := &http.Server{Handler: e.srv.Handler(), ReadHeaderTimeout: d, ReadTimeout: d, WriteTimeout: d, IdleTimeout: d}
	go hs.Serve(ln)
	defer hs.Close()
	short := *e
	short.base = "http://" + ln.Addr().String()
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	f := short.subscribe(c.ID, 0, "")
	if m := f.read(); m.Type != "state" {
		t.Fatalf("first message = %q, want the state", m.Type)
	}
	time.Sleep(6 * d)
	e.must("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"action": "e2e4", "seq": 0}, nil)
	evs, v := f.until(func(v wire.View) bool { return v.Seq >= 1 })
	if len(evs) != 1 || evs[0].Action != "e4" && evs[0].Action != "e2e4" || v.Seq != 1 {
		t.Errorf("feed after the timeouts = %+v, seq %d; want the move e2e4 at seq 1", evs, v.Seq)
	}
	// A plain request on that server is still answered within its
	// timeouts.
	if a := short.fetch("GET", "/healthz", ""); a.status != http.StatusOK {
		t.Errorf("GET /healthz = %d", a.status)
	}
}
