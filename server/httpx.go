package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/wire"
)

// securityHeaders are set on every response.
//
// The Content-Security-Policy lets the page load its script, style sheet,
// icon, catalog and rules only from its own origin, and connect only to
// it: 'self' covers the WebSocket feed on the same host and port (ws: for
// an http: page, wss: for https:, as CSP Level 3 says and browsers do). No
// inline script or style (the app sets styles through the CSSOM, which the
// policy allows), no eval, no data: URL, no plugin, no <base>, no framing.
// X-Frame-Options says the last for older browsers. Referrer-Policy keeps
// the URL of a page, which may be an invitation carrying its secret, from
// the sites it links to.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
		"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Frame-Options", "DENY"},
}

// The rate limits outside the API, as factors of Config.RateLimit and
// RateBurst (the API's: 20 requests per second and bursts of 60 by
// default, from norns serve's flags). RateLimit 0 means no limit anywhere.
//
//   - POST /web/replay replays a record at each request (the game page asks
//     at each change, the replay page once): it is charged by its work, a
//     token for each started thousand actions (1 to 10), at a quarter of
//     the API's rate and half its burst (5 tokens per second, bursts of
//     30 by default). A game page stays well within it; replays of the
//     longest records (10,000 actions) get one every two seconds.
//   - Every other path outside /api/ (the page, its script and style sheet,
//     the catalog, the rules, /healthz, /readyz) is cheap: ten times the
//     API's rate and burst, which a person's browser never reaches.
//
// The API's own limit is applied by guard, which protect leaves alone.
const (
	replayRateFactor  = 1.0 / 4
	replayBurstFactor = 1.0 / 2
	replayActions     = 1000 // actions a token of the replay limit pays for
	pageFactor        = 10
)

// protect wraps every response of the server's handler: the security
// headers, then the rate limits outside the API (see pageFactor). Each
// handler it returns has limiters of its own.
func (s *Server) protect(h http.Handler) http.Handler {
	var replay, pages *ratelimit.Limiter
	if s.cfg.RateLimit > 0 {
		burst := max(s.cfg.RateBurst, 1)
		replay = ratelimit.New(s.cfg.RateLimit*replayRateFactor, max(1, int(float64(burst)*replayBurstFactor)))
		pages = ratelimit.New(s.cfg.RateLimit*pageFactor, burst*pageFactor)
	}
	rc := &readyCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		for _, kv := range securityHeaders {
			hd.Set(kv[0], kv[1])
		}
		if pages != nil && !strings.HasPrefix(r.URL.Path, "/api/") {
			l, cost := pages, 1.0
			if r.URL.Path == "/web/replay" && r.Method == http.MethodPost {
				l, cost = replay, replayCost(r)
			}
			if ok, wait := l.TakeN(clientAddr(r), time.Now(), cost); !ok {
				hd.Set("Retry-After", strconv.Itoa(ratelimit.RetryAfter(wait)))
				writeError(w, r, live.Errorf(wire.CodeRateLimited, "more than %g requests per second to %s from %s", l.Rate(), r.URL.Path, clientAddr(r)))
				return
			}
		}
		if r.URL.Path == "/readyz" {
			r = r.WithContext(context.WithValue(r.Context(), readyKey{}, rc))
		}
		h.ServeHTTP(w, r)
	})
}

// replayCost is the number of tokens a replay request pays: one for each
// started thousand actions in its body. It reads the body (up to the
// replay's own limit) and puts it back for the handler, which refuses
// what is too large or malformed; such a request pays one token.
func replayCost(r *http.Request) float64 {
	const limit = 1 << 20 // web's maxReplayBody
	b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
	var req struct{ Actions []json.RawMessage }
	if err != nil || json.Unmarshal(b, &req) != nil {
		return 1
	}
	return float64(max(1, (len(req.Actions)+replayActions-1)/replayActions))
}

// LimitListener returns a listener that keeps at most perAddr connections
// open from one remote IP address: a connection beyond that is closed as
// soon as it is accepted, before anything is read from it. A connection
// counts until it is closed, whether by the HTTP server or, for a
// WebSocket, by the feed that took it over. perAddr <= 0 returns ln.
//
// Behind a reverse proxy every connection comes from the proxy's address:
// raise the cap or turn it off there.
func LimitListener(ln net.Listener, perAddr int) net.Listener {
	if perAddr <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, perAddr: perAddr, open: map[string]int{}}
}

type limitListener struct {
	net.Listener
	perAddr int
	mu      sync.Mutex
	open    map[string]int
}

// Accept returns the next connection whose address is under its cap.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := remoteIP(c)
		l.mu.Lock()
		if l.open[addr] >= l.perAddr {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, l: l, addr: addr}, nil
	}
}

// release gives back addr's place.
func (l *limitListener) release(addr string) {
	l.mu.Lock()
	if l.open[addr]--; l.open[addr] <= 0 {
		delete(l.open, addr)
	}
	l.mu.Unlock()
}

// remoteIP is the IP address of a connection's remote end (its whole
// address when it has no port).
func remoteIP(c net.Conn) string {
	a := c.RemoteAddr().String()
	if host, _, err := net.SplitHostPort(a); err == nil {
		return host
	}
	return a
}

// limitedConn gives back its place when first closed.
type limitedConn struct {
	net.Conn
	l    *limitListener
	addr string
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.addr) })
	return err
}
