package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/web"
	"github.com/norns-games/norns/wire"
)

// app is the real server (package server: its API, WebSocket feeds and
// the web app, as norns serve runs it) on a loopback port, over a SQLite
// file that outlives a restart.
type app struct {
	t    *testing.T
	db   string
	addr string
	srv  *server.Server
	st   store.Store
	http *http.Server
	// dice says which games roll dice (the catalog's chance), read once.
	dice map[string]bool
	// mod, when not nil, changes the server's configuration.
	mod func(*server.Config)
}

func startApp(t *testing.T) *app {
	t.Helper()
	return startAppWith(t, nil)
}

// startAppWith is startApp with mod changing the server's configuration.
func startAppWith(t *testing.T, mod func(*server.Config)) *app {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, db: filepath.Join(t.TempDir(), "norns.db"), addr: l.Addr().String(), mod: mod}
	a.start(l)
	t.Cleanup(a.stop)
	return a
}

func (a *app) start(l net.Listener) {
	t := a.t
	ctx := context.Background()
	st, err := store.Open(ctx, a.db)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{
		Config: live.Config{
			Store:  st,
			Games:  games.All,
			AITime: map[string]time.Duration{"easy": 20 * time.Millisecond, "medium": 40 * time.Millisecond, "hard": 80 * time.Millisecond},
		},
		// The web app answers every path outside the API, as in norns serve.
		Web: web.Handler(),
	}
	if a.mod != nil {
		a.mod(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	a.srv, a.st = srv, st
	a.http = &http.Server{Handler: srv.Handler()}
	go a.http.Serve(l)
}

func (a *app) stop() {
	if a.http == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	a.srv.Close()
	a.http.Shutdown(ctx)
	a.http.Close()
	if c, ok := a.st.(interface{ Close() error }); ok {
		c.Close()
	}
	a.http = nil
}

// restart stops the server and starts it again on the same port and
// database.
func (a *app) restart() {
	a.stop()
	var l net.Listener
	var err error
	for i := 0; i < 50; i++ {
		if l, err = net.Listen("tcp", a.addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		a.t.Fatal(err)
	}
	a.start(l)
}

func (a *app) url(path string) string { return "http://" + a.addr + path }

// call sends a request to the API and decodes the answer into out.
func (a *app) call(method, path, token string, body, out any) error {
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, a.url(path), rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, buf.String())
	}
	if out != nil {
		return json.Unmarshal(buf.Bytes(), out)
	}
	return nil
}

// create creates a game and, in a game with dice, gives a seed for every
// seat it gets a token for (as the web app does after creating a game:
// the server publishes its commitment first, then takes the seeds).
func (a *app) create(game string, options map[string]string, seats ...map[string]string) (string, []wire.SeatGrant) {
	a.t.Helper()
	var out wire.CreateResponse
	if err := a.call("POST", "/api/games", "", map[string]any{"game": game, "options": options, "seats": seats}, &out); err != nil {
		a.t.Fatal(err)
	}
	if a.hasDice(game) {
		for _, g := range out.Seats {
			if g.Token != "" {
				a.giveSeed(out.ID, g.Token, "seed of "+g.Player)
			}
		}
	}
	return out.ID, out.Seats
}

// giveSeed gives the dice seed of the seat a token holds.
func (a *app) giveSeed(id, token, seed string) {
	a.t.Helper()
	if err := a.call("POST", "/api/games/"+id+"/seed", token, map[string]string{"seed": seed}, nil); err != nil {
		a.t.Fatal(err)
	}
}

// hasDice says whether a game rolls dice, from the catalog.
func (a *app) hasDice(game string) bool {
	a.t.Helper()
	if a.dice == nil {
		var cat wire.CatalogResponse
		if err := a.call("GET", "/api/catalog", "", nil, &cat); err != nil {
			a.t.Fatal(err)
		}
		a.dice = map[string]bool{}
		for _, g := range cat.Games {
			a.dice[g.Name] = g.Chance
		}
	}
	return a.dice[game]
}

// createWith creates a game from a whole request body, and gives no seed
// (the seats' pages give theirs).
func (a *app) createWith(req map[string]any) (string, []wire.SeatGrant) {
	a.t.Helper()
	var out wire.CreateResponse
	if err := a.call("POST", "/api/games", "", req, &out); err != nil {
		a.t.Fatal(err)
	}
	return out.ID, out.Seats
}

func (a *app) view(id string) wire.View {
	a.t.Helper()
	var v wire.View
	if err := a.call("GET", "/api/games/"+id, "", nil, &v); err != nil {
		a.t.Fatal(err)
	}
	return v
}

// chromium finds the browser, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser tests skipped: no chromium in PATH (Debian: apt-get install -y chromium)")
	return ""
}

// browser starts a headless Chromium; each user gets its own browser
// context (its own storage), like a separate person.
type browser struct {
	t    *testing.T
	root context.Context
}

func newBrowser(t *testing.T) *browser {
	path := chromium(t)
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Two players' pages run side by side: neither may have its timers
		// and animations slowed down as a page in the background.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(t.TempDir()),
		// A viewport of about 1280 x 910: the top of a game page, header
		// to the board's last rank, fits in a screenshot.
		chromedp.WindowSize(1280, 1000),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(root, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		acancel()
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		acancel()
	})
	return &browser{t: t, root: root}
}

// user is one person: a tab in a browser context of its own.
type user struct {
	// t is the test the user acts in; a subtest sets its own.
	t    *testing.T
	name string
	ctx  context.Context
	net  *netLog
}

// netLog is what a user's tab sent and received, as the DevTools protocol
// reports it, and the Content-Security-Policy violations it reported.
type netLog struct {
	mu       sync.Mutex
	requests []netRequest
	// sockets are the URLs of the WebSockets the page opened; sent and
	// received the text of their messages, in order.
	sockets        []string
	sent, received []string
	csp            []string
}

// netRequest is one request of the page.
type netRequest struct {
	id      network.RequestID
	method  string
	url     string
	headers network.Headers
}

// record keeps an event of the tab. It runs in the loop that reads the
// tab's messages: it only appends.
func (n *netLog) record(ev any) {
	n.mu.Lock()
	defer n.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		n.requests = append(n.requests, netRequest{ev.RequestID, ev.Request.Method, ev.Request.URL, ev.Request.Headers})
	case *network.EventWebSocketCreated:
		n.sockets = append(n.sockets, ev.URL)
	case *network.EventWebSocketFrameSent:
		n.sent = append(n.sent, string(ev.Response.PayloadData))
	case *network.EventWebSocketFrameReceived:
		n.received = append(n.received, string(ev.Response.PayloadData))
	case *log.EventEntryAdded:
		if strings.Contains(ev.Entry.Text, "Content Security Policy") {
			n.csp = append(n.csp, ev.Entry.Text)
		}
	}
}

// snapshot returns a copy of the log.
func (n *netLog) snapshot() netLog {
	n.mu.Lock()
	defer n.mu.Unlock()
	return netLog{
		requests: slices.Clone(n.requests), sockets: slices.Clone(n.sockets),
		sent: slices.Clone(n.sent), received: slices.Clone(n.received), csp: slices.Clone(n.csp),
	}
}

// user opens a tab for a person. Every page the tab shows must keep to the
// server's Content-Security-Policy: a violation it reports fails the test.
func (b *browser) user(name string) *user {
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	// The first Run opens the tab, which lives as long as the context of
	// that Run: it gets the user's context itself, with no time limit.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.t.Fatalf("%s: opening a tab: %v", name, err)
	}
	u := &user{t: b.t, name: name, ctx: ctx, net: &netLog{}}
	if err := chromedp.Listen(ctx, u.net.record); err != nil {
		b.t.Fatalf("%s: listening to the tab: %v", name, err)
	}
	b.t.Cleanup(func() {
		for _, m := range u.net.snapshot().csp {
			b.t.Errorf("%s: the page broke the Content-Security-Policy: %s", name, m)
		}
	})
	return u
}

// requestBody is the body of a request of the page.
func (u *user) requestBody(id network.RequestID) string {
	u.t.Helper()
	r, err := chromedp.Call(u.ctx, network.GetRequestPostData, network.GetRequestPostDataParams{RequestID: id})
	if err != nil {
		u.t.Fatalf("%s: the body of request %s: %v", u.name, id, err)
	}
	return string(r.PostData)
}

// responseBody is the body of the answer to a request of the page.
func (u *user) responseBody(id network.RequestID) string {
	u.t.Helper()
	r, err := chromedp.Call(u.ctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
	if err != nil {
		u.t.Fatalf("%s: the answer to request %s: %v", u.name, id, err)
	}
	return string(r.Body)
}

// do runs actions with a time limit, failing the test on an error.
func (u *user) do(actions ...chromedp.Action[chromedp.Void]) {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(u.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		u.t.Fatalf("%s: %v", u.name, err)
	}
}

// eval evaluates JavaScript and returns its value as a string.
func (u *user) eval(js string) string {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(u.ctx, 30*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		u.t.Fatalf("%s: eval %s: %v", u.name, js, err)
	}
	return s
}

// wait polls a JavaScript condition until it is true.
func (u *user) wait(what, js string, limit time.Duration) {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(u.ctx, limit+5*time.Second)
	defer cancel()
	deadline := time.Now().Add(limit)
	var err error
	for {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(50*time.Millisecond)))
		// A page that is still loading has no JavaScript context yet.
		if err == nil || !strings.Contains(err.Error(), "context") || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		u.t.Fatalf("%s: waiting for %s: %v (state: %s)", u.name, what, err, u.eval(`JSON.stringify({idle: (document.querySelector("main") || {dataset: {}}).dataset.idle, position: (document.querySelector(".game-board") || {dataset: {}}).dataset.position, turn: (document.querySelector("#turn") || {}).innerText})`))
	}
}

// shot saves a screenshot of an element (or of the top of the page, as
// one opening it sees it, when sel is empty) under the screenshot
// directory: $NORNS_SCREENSHOTS (a relative path is taken from the
// repository's root), or the test's temporary directory.
func (u *user) shot(name, sel string) {
	u.t.Helper()
	dir := os.Getenv("NORNS_SCREENSHOTS")
	switch {
	case dir == "":
		dir = u.t.TempDir()
	case !filepath.IsAbs(dir):
		// go test runs in web/e2e.
		dir = filepath.Join("..", "..", dir)
	}
	if sel == "" {
		// Clicks scroll the page; the picture shows the header, with the
		// language switch, and what follows it.
		u.eval(`window.scrollTo(0, 0), document.activeElement && document.activeElement.blur && document.activeElement.blur(), "ok"`)
		u.wait("the page at its top", `window.scrollY === 0`, 5*time.Second)
	}
	ctx, cancel := context.WithTimeout(u.ctx, 30*time.Second)
	defer cancel()
	var b []byte
	var err error
	if sel == "" {
		b, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	} else {
		b, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	}
	if err != nil {
		u.t.Fatalf("%s: screenshot %s: %v", u.name, name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
		u.t.Fatal(err)
	}
}

// boardPosition is the position the user's board shows.
func (u *user) boardPosition() string {
	return u.eval(`(document.querySelector(".game-board") || {dataset: {}}).dataset.position || ""`)
}

// waitPosition waits until the user's board shows the position. A long
// seiðr is shown roll by roll; on a loaded machine that once took more
// than 20 s.
func (u *user) waitPosition(pos string) {
	u.t.Helper()
	b, _ := json.Marshal(pos)
	u.wait("position "+pos, fmt.Sprintf(`(document.querySelector(".game-board") || {dataset: {}}).dataset.position === %s && document.querySelector("main").dataset.idle !== "false"`, b), 40*time.Second)
}

// clickMove plays a legal action by clicking the board: the piece (or
// stack, or the waiting tray), then the target, then the choice in a
// picker if there is one.
func (u *user) clickMove(game, action string) {
	u.t.Helper()
	click := u.click
	switch game {
	case "nordsloki":
		// W5/9, K0/3, W22/off, W22/off:5
		kind, rest := action[:1], action[1:]
		from, to, _ := strings.Cut(rest, "/")
		_ = kind
		if from == "0" {
			click(`.tray.to-move button.wait`)
		} else {
			click(fmt.Sprintf(`svg g.ship[data-field="%s"]`, from))
		}
		if strings.HasPrefix(to, "off") {
			click(`g[data-off]`)
		} else {
			click(fmt.Sprintf(`svg g.ship[data-field="%s"]`, to))
		}
		u.pickIfAsked(fmt.Sprintf(`button.step-choice[data-move="%s"]`, action))
	case "seatafl":
		from, to, _ := strings.Cut(action, "-")
		click(fmt.Sprintf(`rect[data-sq="%s"]`, from))
		click(fmt.Sprintf(`rect[data-sq="%s"]`, to))
	default:
		click(fmt.Sprintf(`rect[data-sq="%s"]`, action[:2]))
		click(fmt.Sprintf(`rect[data-sq="%s"]`, action[2:4]))
		if len(action) == 5 {
			click(fmt.Sprintf(`.pick[data-move="%s"]`, action))
		}
	}
}

func (u *user) pickIfAsked(sel string) {
	b, _ := json.Marshal(sel)
	if u.eval(fmt.Sprintf(`document.querySelector(%s) ? "yes" : "no"`, b)) == "yes" {
		u.click(sel)
	}
}

// click clicks the middle of the element a selector finds, as a mouse
// would (pointer events included), after scrolling it into view.
func (u *user) click(sel string) {
	u.t.Helper()
	b, _ := json.Marshal(sel)
	u.wait("element "+sel, fmt.Sprintf(`!!document.querySelector(%s)`, b), 10*time.Second)
	// The mouse clicks the element's centre once it stays put: a page
	// still laying itself out (a board being redrawn, a scroll) must not
	// move the element away from under the click.
	locate := fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return (r.left + r.width / 2) + " " + (r.top + r.height / 2); })()`, b)
	pos := u.eval(locate)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		again := u.eval(locate)
		if again == pos {
			break
		}
		pos = again
	}
	var x, y float64
	if _, err := fmt.Sscan(pos, &x, &y); err != nil {
		u.t.Fatalf("%s: position of %s: %q", u.name, sel, pos)
	}
	u.do(chromedp.MouseClickXY(x, y))
}

// waitTurn waits until the server says it is the turn of one of the seats
// (the dice rolled, the AI moved) and returns the view, or the finished
// view.
func (a *app) waitTurn(id string, seq int64, seats ...string) wire.View {
	a.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		v := a.view(id)
		if v.Finished || (v.Seq > seq && slices.Contains(seats, v.ToMove) && len(v.Legal) > 0) {
			return v
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.t.Fatalf("game %s: no turn after seq %d", id, seq)
	return wire.View{}
}

// holdSeats gives the user's browser the seat tokens of a game, as if it
// had created the game.
func (u *user) holdSeats(a *app, id string, tokens map[string]string) {
	u.t.Helper()
	u.do(chromedp.Navigate(a.url("/healthz")))
	b, _ := json.Marshal(tokens)
	k, _ := json.Marshal("norns.seats." + id)
	v, _ := json.Marshal(string(b))
	u.eval(fmt.Sprintf(`localStorage.setItem(%s, %s), "ok"`, k, v))
}

// typeMove types an action into the move box and presses Enter.
func (u *user) typeMove(action string) {
	u.t.Helper()
	u.eval(`document.querySelector("#move-input").value = "", "ok"`)
	u.do(chromedp.SendKeys(chromedp.CSS("#move-input"), action+"\r"))
}

// text is the visible text of the first element a selector finds.
func (u *user) text(sel string) string {
	b, _ := json.Marshal(sel)
	return u.eval(fmt.Sprintf(`(document.querySelector(%s) || {innerText: ""}).innerText`, b))
}

// waitMoved waits until the game's seq passes seq.
func (a *app) waitMoved(id string, seq int64) {
	a.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if a.view(id).Seq > seq {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.t.Fatalf("game %s did not move past seq %d", id, seq)
}

// center scrolls an element into view and returns the middle of it.
func (u *user) center(sel string) (float64, float64) {
	u.t.Helper()
	b, _ := json.Marshal(sel)
	u.wait("element "+sel, fmt.Sprintf(`!!document.querySelector(%s)`, b), 10*time.Second)
	pos := u.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return (r.left + r.width / 2) + " " + (r.top + r.height / 2); })()`, b))
	var x, y float64
	if _, err := fmt.Sscan(pos, &x, &y); err != nil {
		u.t.Fatalf("%s: position of %s: %q", u.name, sel, pos)
	}
	return x, y
}

// dragMove plays a chess move by dragging the piece to its square.
func (u *user) dragMove(action string) {
	u.t.Helper()
	fx, fy := u.center(fmt.Sprintf(`rect[data-sq="%s"]`, action[:2]))
	tx, ty := u.center(fmt.Sprintf(`rect[data-sq="%s"]`, action[2:4]))
	u.do(chromedp.DragAndDropXY(fx, fy, tx, ty, 8))
}

// press presses a key (a kb constant) n times.
func (u *user) press(key string, n int, opts ...chromedp.KeyOption) {
	u.t.Helper()
	for i := 0; i < n; i++ {
		u.do(chromedp.KeyEvent(key, opts...))
	}
}

// focused describes the element that has the focus: its square, field or
// move (data-cell, data-ring, data-move), else its id.
func (u *user) focused() string {
	return u.eval(`(() => { const e = document.activeElement; if (!e) return ""; const d = e.dataset || {}; return d.cell || d.ring || d.move || e.id || e.tagName; })()`)
}

// focusedLabel is the accessible name of the element that has the focus.
func (u *user) focusedLabel() string {
	return u.eval(`(document.activeElement && document.activeElement.getAttribute("aria-label")) || ""`)
}
