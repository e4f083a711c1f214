package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// fastAI is the think time of every level in the tests: they test the
// server, not the AI's strength.
var fastAI = map[string]time.Duration{"easy": 5 * time.Millisecond, "medium": 5 * time.Millisecond, "hard": 5 * time.Millisecond}

// env is a running server on a temporary SQLite database.
type env struct {
	t    testing.TB
	srv  *server.Server
	st   store.Store
	http *httptest.Server
	base string
	// client makes the calls; nil means http.DefaultClient.
	client *http.Client
}

// start runs a server with real HTTP on a temporary database; mod may
// change the configuration.
func start(t testing.TB, mod func(*server.Config)) *env {
	t.Helper()
	dir := t.TempDir()
	return startOn(t, filepath.Join(dir, "norns.db"), mod)
}

func startOn(t testing.TB, path string, mod func(*server.Config)) *env {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return startStore(t, st, mod)
}

// startStore runs a server with real HTTP on a store, which it closes at
// the end.
func startStore(t testing.TB, st store.Store, mod func(*server.Config)) *env {
	t.Helper()
	cfg := server.Config{Config: live.Config{Store: st, Games: games.All, AITime: fastAI, AIConcurrency: 2, AIGamesPerClient: -1}}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	e := &env{t: t, srv: srv, st: st, http: hs, base: hs.URL}
	t.Cleanup(e.stop)
	return e
}

// from returns a view of the same server whose calls come from the local
// IP address ip (127.0.0.2, say: Linux routes all of 127.0.0.0/8 to the
// loopback), so that the server sees another client. It skips the test
// where the system cannot send from ip.
func (e *env) from(ip string) *env {
	e.t.Helper()
	local := &net.TCPAddr{IP: net.ParseIP(ip)}
	ln, err := net.ListenTCP("tcp", local)
	if err != nil {
		e.t.Skipf("cannot use %s as a second client address: %v", ip, err)
	}
	ln.Close()
	dialer := &net.Dialer{LocalAddr: local, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: dialer.DialContext}
	e.t.Cleanup(tr.CloseIdleConnections)
	other := *e
	other.client = &http.Client{Transport: tr}
	return &other
}

func (e *env) stop() {
	if e.http == nil {
		return
	}
	e.srv.Close()
	e.http.CloseClientConnections()
	e.http.Close()
	e.st.Close()
	e.http = nil
}

// apiError is the error of an answer.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Detail  string `json:"detail"`
	// RetryAfter is the answer's Retry-After header.
	RetryAfter string `json:"-"`
}

// call makes a request with a JSON body (a string is sent as is) and
// decodes a JSON answer into out. It returns the status and the error body.
func (e *env) call(method, path, token string, body, out any) (int, apiError) {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, e.base+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
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
	data, _ := io.ReadAll(resp.Body)
	var eb struct {
		Error apiError `json:"error"`
	}
	if resp.StatusCode >= 300 {
		if err := json.Unmarshal(data, &eb); err != nil {
			e.t.Fatalf("%s %s: %d with a body that is not a JSON error: %s", method, path, resp.StatusCode, data)
		}
		eb.Error.RetryAfter = resp.Header.Get("Retry-After")
		return resp.StatusCode, eb.Error
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			e.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, apiError{}
}

// playRandom plays a random legal action of the game id, seen as v, with
// the token of the player to move, and returns the view it answers with.
func (e *env) playRandom(rng *rand.Rand, id string, tokens map[string]string, v wire.View) wire.View {
	a := v.Legal[rng.IntN(len(v.Legal))]
	var after wire.View
	e.must("POST", "/api/games/"+id+"/actions", tokens[v.ToMove], map[string]any{"action": a, "seq": v.Seq}, &after)
	return after
}

// must makes a call that must succeed.
func (e *env) must(method, path, token string, body, out any) {
	e.t.Helper()
	if st, ae := e.call(method, path, token, body, out); st >= 300 {
		e.t.Fatalf("%s %s = %d %+v", method, path, st, ae)
	}
}

// created is the answer to a create.
type created struct {
	ID    string           `json:"id"`
	Seats []wire.SeatGrant `json:"seats"`
	Game  wire.View        `json:"game"`
}

// create creates a game and, in a game with dice, gives each seat it
// holds a seed ("seed of <seat>"), so that the game can start.
func (e *env) create(req wire.CreateRequest) created {
	e.t.Helper()
	c := e.createOnly(req)
	g, err := games.ByName(req.Game)
	if err != nil || g.ChanceMode() != game.ExplicitStochastic {
		return c
	}
	for _, s := range c.Seats {
		if s.Token != "" {
			e.must("POST", "/api/games/"+c.ID+"/seed", s.Token, map[string]string{"seed": "seed of " + s.Player}, nil)
		}
	}
	return c
}

// createOnly creates a game, and nothing more.
func (e *env) createOnly(req wire.CreateRequest) created {
	e.t.Helper()
	var c created
	e.must("POST", "/api/games", "", req, &c)
	return c
}

// joined is the answer to a join.
type joined struct {
	Player string    `json:"player"`
	Token  string    `json:"token"`
	Game   wire.View `json:"game"`
}

// join takes an open seat with its invitation, giving the seed "seed of
// <seat>".
func (e *env) join(id, seat, invite, name string) joined {
	e.t.Helper()
	var j joined
	e.must("POST", "/api/games/"+id+"/join", "", map[string]string{"seat": seat, "invite": invite, "name": name, "seed": "seed of " + seat}, &j)
	return j
}

func (e *env) view(id string) wire.View {
	e.t.Helper()
	var v wire.View
	e.must("GET", "/api/games/"+id, "", nil, &v)
	return v
}

// seats builds seat requests from kinds: "h" human, "o" open, "e" easy AI.
func seats(kinds ...string) []wire.SeatRequest {
	var out []wire.SeatRequest
	for _, k := range kinds {
		switch k {
		case "h":
			out = append(out, wire.SeatRequest{Type: "human"})
		case "o":
			out = append(out, wire.SeatRequest{Type: "open"})
		case "e":
			out = append(out, wire.SeatRequest{Type: "ai", Level: "easy"})
		}
	}
	return out
}

// player plays random legal actions for the seats whose tokens it holds
// (seat name → token), waiting through the AI's moves and the rolls, until
// the game is over or limit actions were played. It returns the view at
// the end.
func (e *env) player(id string, tokens map[string]string, rng *rand.Rand, limit int) wire.View {
	e.t.Helper()
	v := e.view(id)
	played := 0
	deadline := time.Now().Add(60 * time.Second)
	for !v.Finished && played < limit {
		if time.Now().After(deadline) {
			e.t.Fatalf("game %s: no end after %d actions: %s", id, played, v.Status)
		}
		tok, mine := tokens[v.ToMove]
		if !mine {
			time.Sleep(2 * time.Millisecond)
			v = e.view(id)
			continue
		}
		if len(v.Legal) == 0 {
			e.t.Fatalf("game %s: %s to move with no legal action", id, v.ToMove)
		}
		a := v.Legal[rng.IntN(len(v.Legal))]
		var after wire.View
		e.must("POST", "/api/games/"+id+"/actions", tok, map[string]any{"action": a, "seq": v.Seq}, &after)
		if after.Seq <= v.Seq {
			e.t.Fatalf("game %s: %s played %s at seq %d, the answer is at seq %d", id, v.ToMove, a, v.Seq, after.Seq)
		}
		played++
		v = after
		if !v.Finished {
			v = e.view(id)
		}
	}
	return e.view(id)
}

// tokensOf maps the seat names of a create answer to their tokens.
func tokensOf(c created) map[string]string {
	out := map[string]string{}
	for _, s := range c.Seats {
		if s.Token != "" {
			out[s.Player] = s.Token
		}
	}
	return out
}

// feed is a WebSocket subscription.
type feed struct {
	t testing.TB
	c *websocket.Conn
}

// message is a WebSocket message.
type message struct {
	Type   string           `json:"type"`
	Seq    int64            `json:"seq"`
	Event  wire.EventView   `json:"event"`
	Game   wire.View        `json:"game"`
	Player string           `json:"player"`
	Error  apiError         `json:"error"`
	Count  int              `json:"count"`
	Online []string         `json:"online"`
	GoneMs map[string]int64 `json:"gone_ms"`
}

// subscribe opens a game's feed; with a token, it sends it in the first
// message (the answer naming the seat comes after the state).
func (e *env) subscribe(id string, since int64, token string) *feed {
	e.t.Helper()
	url := "ws" + strings.TrimPrefix(e.base, "http") + fmt.Sprintf("/api/games/%s/ws?since=%d", id, since)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		e.t.Fatalf("dial %s: %v", url, err)
	}
	c.SetReadLimit(8 << 20)
	f := &feed{t: e.t, c: c}
	e.t.Cleanup(func() { c.CloseNow() })
	if token != "" {
		f.auth(token)
	}
	return f
}

// auth sends a seat token on the feed.
func (f *feed) auth(token string) {
	f.t.Helper()
	b, _ := json.Marshal(wire.AuthMessage{Type: "auth", Token: token})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.c.Write(ctx, websocket.MessageText, b); err != nil {
		f.t.Fatalf("websocket auth: %v", err)
	}
}

func (f *feed) read() message {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, b, err := f.c.Read(ctx)
	if err != nil {
		f.t.Fatalf("websocket read: %v", err)
	}
	var m message
	if err := json.Unmarshal(b, &m); err != nil {
		f.t.Fatalf("websocket message %s: %v", b, err)
	}
	return m
}

// until reads messages until a state message satisfying ok arrives,
// returning the events read on the way.
func (f *feed) until(ok func(wire.View) bool) ([]wire.EventView, wire.View) {
	f.t.Helper()
	var evs []wire.EventView
	for {
		m := f.read()
		switch m.Type {
		case "event":
			evs = append(evs, m.Event)
		case "state":
			if ok(m.Game) {
				return evs, m.Game
			}
		}
	}
}

func mustGame(t testing.TB, name string) game.Game {
	t.Helper()
	g, err := games.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func optsOf(s string) game.Options {
	o, _ := game.ParseOptions(strings.Fields(s))
	return o
}

// playSeat is one client playing one seat with random legal actions: it
// follows the game's feed and acts when the feed says it is its turn,
// until the game is over. It runs in its own goroutine with its own HTTP
// client, and reports problems as its error.
func (e *env) playSeat(id, seat, token string, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 11))
	client := &http.Client{Timeout: 20 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.base, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		return fmt.Errorf("%s: dial: %w", seat, err)
	}
	defer c.CloseNow()
	c.SetReadLimit(8 << 20)
	auth, _ := json.Marshal(wire.AuthMessage{Type: "auth", Token: token})
	if err := c.Write(ctx, websocket.MessageText, auth); err != nil {
		return fmt.Errorf("%s: auth: %w", seat, err)
	}
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return fmt.Errorf("%s: feed: %w", seat, err)
		}
		var m message
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("%s: feed message %s: %w", seat, b, err)
		}
		if m.Type != "state" {
			continue
		}
		v := m.Game
		if v.Finished {
			return nil
		}
		if v.ToMove != seat {
			continue
		}
		body, _ := json.Marshal(map[string]any{"action": v.Legal[rng.IntN(len(v.Legal))], "seq": v.Seq})
		req, _ := http.NewRequest("POST", e.base+"/api/games/"+id+"/actions", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: %w", seat, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: action at seq %d: %d %s", seat, v.Seq, resp.StatusCode, data)
		}
	}
}

// playSeats runs a client per seat (seat name → token) until the game is
// over.
func (e *env) playSeats(id string, tokens map[string]string, seed uint64) {
	e.t.Helper()
	errs := make(chan error, len(tokens))
	for seat, tok := range tokens {
		seed++
		s := seed
		go func() { errs <- e.playSeat(id, seat, tok, s) }()
	}
	for range tokens {
		if err := <-errs; err != nil {
			e.t.Error(err)
		}
	}
}
