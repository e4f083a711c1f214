package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

func openPostgres(t *testing.T, u string) *store.Postgres {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// lockedBuffer is a log sink safe for concurrent writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startLogged starts an instance whose error logs go to errs.
func startLogged(t *testing.T, st store.Store, errs io.Writer) *instance {
	t.Helper()
	srv, err := server.New(server.Config{
		Config: live.Config{
			Store: st, Games: games.All, AITime: fastAI, AIConcurrency: 2,
			Logger: slog.New(slog.NewTextHandler(errs, &slog.HandlerOptions{Level: slog.LevelError})),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	in := &instance{srv: srv}
	in.http = newHTTP(srv)
	in.url = in.http.URL
	t.Cleanup(in.stop)
	return in
}

// game creates a chess game on base with the seats given, joins the open
// ones on the join URLs (one per open seat, in order) and returns a player
// for every human seat, the n-th playing on urls[n].
func newGame(t *testing.T, c *Client, base string, seats []wire.SeatRequest, urls [][]string, stats *Stats) ([]*Player, *Record) {
	t.Helper()
	ctx := context.Background()
	cr, err := c.Create(ctx, base, "chess", nil, seats)
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecord(cr.ID, "chess")
	var ps []*Player
	for _, s := range cr.Seats {
		if s.Kind == "ai" {
			continue
		}
		u := urls[len(ps)]
		tok := s.Token
		if tok == "" {
			if tok, err = c.Join(ctx, u[0], cr.ID, s.Player, s.Invite, nil); err != nil {
				t.Fatal(err)
			}
		}
		rec.Seats = append(rec.Seats, s.Player)
		ps = append(ps, &Player{Client: c, URLs: u, ID: cr.ID, Seat: s.Player, Token: tok,
			Rand: mrand.New(mrand.NewPCG(uint64(len(ps)), 7)), Rec: rec, Stats: stats})
	}
	return ps, rec
}

// playAll runs the players until their games end.
func playAll(t *testing.T, ps []*Player, think time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	for _, p := range ps {
		p.Think = think
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Run(ctx, nil); err != nil {
				t.Errorf("player %s of %s: %v", p.Seat, p.ID, err)
			}
		}()
	}
	wg.Wait()
}

// checkGames checks that the games ended and that their logs hold exactly
// what the clients played, and that the clients met no error.
func checkGames(t *testing.T, st store.Store, stats *Stats, recs ...*Record) {
	t.Helper()
	var rep Report
	Check(context.Background(), NewClient(1), Config{Store: st}, recs, &rep)
	if rep.Checked != len(recs) || rep.Lost != 0 || rep.Unexpected != 0 {
		t.Errorf("check = %d of %d games, %d lost, %d unexpected: %v; want all, 0, 0", rep.Checked, len(recs), rep.Lost, rep.Unexpected, rep.Problems)
	}
	for _, r := range recs {
		g, evs, err := st.Load(context.Background(), r.ID)
		if err != nil || !g.Finished || !r.Finished() || len(r.Played()) == 0 {
			t.Errorf("game %s: finished %v (clients saw it %v), %d events, %d played, %v; want a finished game", r.ID, g != nil && g.Finished, r.Finished(), len(evs), len(r.Played()), err)
		}
	}
	if n := stats.errors.Load(); n != 0 {
		t.Errorf("clients met %d errors: %v", n, stats.samples)
	}
}

// TestClusterTwoInstances: two instances on one PostgreSQL database. A
// player on each plays a whole game; a player on the second instance plays
// against an AI seat of a game created on the first. Every move reaches the
// other instance's clients, each AI move is made once, and neither instance
// logs an error (a conflict between instances would).
func TestClusterTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	var errsA, errsB lockedBuffer
	a := startLogged(t, openPostgres(t, u), &errsA)
	b := startLogged(t, openPostgres(t, u), &errsB)
	c := NewClient(8)
	stats := &Stats{}
	p1, r1 := newGame(t, c, a.url, nil, [][]string{{a.url}, {b.url}}, stats)
	p2, r2 := newGame(t, c, a.url, []wire.SeatRequest{{Type: "human"}, {Type: "ai", Level: "easy"}}, [][]string{{b.url}}, stats)
	playAll(t, append(p1, p2...), 0)
	st := openPostgres(t, u)
	checkGames(t, st, stats, r1, r2)
	if len(stats.lat) == 0 {
		t.Errorf("no round trip measured between the instances")
	}
	_, evs, _ := st.Load(context.Background(), r2.ID)
	ai := 0
	for _, e := range evs {
		if e.Player == "black" {
			ai++
		}
	}
	if ai == 0 {
		t.Errorf("game %s: no AI move in %d events", r2.ID, len(evs))
	}
	for name, buf := range map[string]*lockedBuffer{"first": &errsA, "second": &errsB} {
		if s := buf.String(); s != "" {
			t.Errorf("the %s instance logged errors:\n%s", name, s)
		}
	}
}

// buildNorns builds the norns program once for the tests that run it.
var buildNorns = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "norns-loadtest")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "norns")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/norns-games/norns/cmd/norns").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build norns/cmd/norns: %v\n%s", err, out)
	}
	return bin, nil
})

var listening = regexp.MustCompile(`addr=(http://\S+)`)

// proc is a `norns serve` subprocess.
type proc struct {
	cmd *exec.Cmd
	// url is the public URL, metrics the URL of the metrics listener.
	url, metrics string
	logs         *lockedBuffer
}

// serve starts `norns serve` on db and waits until it listens. Its clients
// all come from one address: it runs with no rate limit and no cap on the
// connections of one address, and with its metrics on a listener of their
// own; extra are more flags.
func serve(t *testing.T, db string, extra ...string) *proc {
	t.Helper()
	bin, err := buildNorns()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--rate", "0", "--conns-per-addr", "0",
		"--metrics-addr", "127.0.0.1:0", "--ai-easy", "5ms"}, extra...)...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, logs: &lockedBuffer{}}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.logs.Write([]byte(line + "\n"))
			// The metrics line comes first.
			if m := listening.FindStringSubmatch(line); m != nil && strings.Contains(line, "msg=metrics") {
				p.metrics = m[1]
			}
			if m := listening.FindStringSubmatch(line); m != nil && strings.Contains(line, "listening") {
				found <- m[1]
			}
		}
	}()
	select {
	case p.url = <-found:
	case <-time.After(60 * time.Second):
		t.Fatalf("norns serve did not start:\n%s", p.logs)
	}
	return p
}

// TestIdleMemoryFromMetrics: the memory figures are read from the metrics
// listener of `norns serve --metrics-addr`; its public port does not serve
// them. A run given that listener measures idle games and the server's CPU
// time and peak memory; a run without it says it does not, and plays on.
// Both measure the clients' CPU time.
func TestIdleMemoryFromMetrics(t *testing.T) {
	p := serve(t, filepath.Join(t.TempDir(), "norns.db"))
	c := NewClient(4)
	ctx := context.Background()
	if mem, err := memory(ctx, c, p.metrics); err != nil || mem[0] <= 0 || mem[1] <= 0 {
		t.Errorf("memory(%s) = %v, %v; want the heap and resident sizes", p.metrics, mem, err)
	}
	if mem, err := memory(ctx, c, p.url+"/metrics"); err == nil {
		t.Errorf("memory(%s/metrics) = %v, want an error: the public port has no metrics", p.url, mem)
	}
	for _, metrics := range [][]string{{strings.TrimSuffix(p.metrics, "/metrics")}, nil} {
		var log lockedBuffer
		rep, err := Run(ctx, Config{URLs: []string{p.url}, Metrics: metrics, Games: 1, Duration: 300 * time.Millisecond,
			Names: []string{"chess"}, IdleGames: 10, Log: &log})
		if err != nil {
			t.Fatalf("Run with metrics %q = %v\n%s", metrics, err, log.String())
		}
		skipped := strings.Contains(log.String(), "the memory of an idle game is not measured")
		if rep.IdleMeasured != (metrics != nil) || skipped == (metrics != nil) || rep.Moves == 0 {
			t.Errorf("Run with metrics %q: idle measured %v, %d moves, log:\n%s", metrics, rep.IdleMeasured, rep.Moves, log.String())
		}
		if rep.ServerMeasured != (metrics != nil) || (metrics != nil && (rep.ServerCPU < 0 || len(rep.ServerPeakRSS) != 1 || rep.ServerPeakRSS[0] <= 0)) {
			t.Errorf("Run with metrics %q: server measured %v, CPU %v, peak resident %v; want the server's CPU time (at the 10 ms of /proc, it may be 0 in 300 ms) and memory with metrics only", metrics, rep.ServerMeasured, rep.ServerCPU, rep.ServerPeakRSS)
		}
		if !rep.ClientMeasured || rep.ClientCPU <= 0 || rep.CPUPer1000(rep.ClientCPU) <= 0 {
			t.Errorf("Run with metrics %q: client measured %v, CPU %v; want the clients' CPU time", metrics, rep.ClientMeasured, rep.ClientCPU)
		}
		if said := strings.Contains(log.String(), "serves no profiles"); rep.IdleCollected || said != (metrics != nil) {
			t.Errorf("Run with metrics %q of a server without --pprof: garbage collected %v, said so %v; want not collected, said when measured", metrics, rep.IdleCollected, said)
		}
	}
	// With --pprof, the server collects its garbage before each reading,
	// and an idle game's heap is what it holds.
	q := serve(t, filepath.Join(t.TempDir(), "norns.db"), "--pprof")
	var log lockedBuffer
	rep, err := Run(ctx, Config{URLs: []string{q.url}, Metrics: []string{q.metrics}, Games: 1, Duration: 300 * time.Millisecond,
		Names: []string{"chess"}, IdleGames: 200, Log: &log})
	if err != nil {
		t.Fatalf("Run with --pprof = %v\n%s", err, log.String())
	}
	if !rep.IdleCollected || rep.IdleHeapPerGame <= 0 {
		t.Errorf("Run with --pprof: garbage collected %v, %.0f bytes of heap per idle game; want collected and a positive size", rep.IdleCollected, rep.IdleHeapPerGame)
	}
}

// TestClusterKill: two `norns serve` instances share one database. A
// player on each plays a game, and a player on the first plays against an
// AI seat. The first instance is killed (SIGKILL) in the middle: the
// players reconnect to the second and finish, the AI seat keeps moving
// there, and no action is lost or doubled.
func TestClusterKill(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := serve(t, u), serve(t, u)
	c := NewClient(8)
	stats := &Stats{}
	p1, r1 := newGame(t, c, a.url, nil, [][]string{{a.url, b.url}, {b.url, a.url}}, stats)
	p2, r2 := newGame(t, c, a.url, []wire.SeatRequest{{Type: "human"}, {Type: "ai", Level: "easy"}}, [][]string{{a.url, b.url}}, stats)
	st := openPostgres(t, u)
	kills := make(chan map[string]int64, 1)
	done := make(chan struct{})
	defer close(done)
	var headsErr atomic.Value // the last error reading the heads, as text
	go func() {
		// Kill the first instance once both games are under way (two
		// moves each).
		for {
			select {
			case <-done:
				return
			default:
			}
			heads, err := st.Heads(context.Background())
			if err != nil {
				headsErr.Store(err.Error())
				time.Sleep(5 * time.Millisecond)
				continue
			}
			n := 0
			for _, h := range heads {
				if (h.ID == r1.ID || h.ID == r2.ID) && h.Seq >= 4 {
					n++
				}
			}
			if n == 2 {
				at := map[string]int64{}
				for _, h := range heads {
					at[h.ID] = h.Seq
				}
				a.cmd.Process.Signal(syscall.SIGKILL)
				kills <- at
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	// The players think 20 ms a move, so the game against the AI (whose
	// moves are instant) cannot end before the watcher, polling every 5 ms
	// even on a busy machine, sees both games under way.
	playAll(t, append(p1, p2...), 20*time.Millisecond)
	var killedAt map[string]int64
	select {
	case killedAt = <-kills:
	default:
		t.Fatalf("the games ended before the first instance was killed (last error reading the heads: %v)", headsErr.Load())
	}
	if err := a.cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Errorf("the first instance ended with %v, want killed", err)
	}
	checkGames(t, st, stats, r1, r2)
	_, evs, _ := st.Load(context.Background(), r2.ID)
	after := 0
	for _, e := range evs {
		if e.Player == "black" && e.Seq > killedAt[r2.ID] {
			after++
		}
	}
	if after == 0 {
		t.Errorf("game %s: no AI move after the kill at seq %d (%d events)", r2.ID, killedAt[r2.ID], len(evs))
	}
	if stats.reconnect.Load() == 0 {
		t.Errorf("no client reconnected after the kill")
	}
	t.Logf("killed at seq %v; games of %d and %d events; %d reconnects; AI moves after the kill: %d", killedAt, len(r1.Played()), len(evs), stats.reconnect.Load(), after)
}

// TestClusterClock: a clock that runs out on a game followed by two
// instances is flagged once, by one of them, and both tell their clients.
func TestClusterClock(t *testing.T) {
	u := storetest.PostgresURL(t)
	var errsA, errsB lockedBuffer
	a := startLogged(t, openPostgres(t, u), &errsA)
	b := startLogged(t, openPostgres(t, u), &errsB)
	c := NewClient(4)
	ctx := context.Background()
	var cr Created
	req := map[string]any{"game": "chess", "clock": map[string]int64{"initial_ms": 1000, "increment_ms": 0}}
	if err := c.Do(ctx, "POST", a.url+"/api/games", "", req, &cr); err != nil {
		t.Fatal(err)
	}
	black, err := c.Join(ctx, b.url, cr.ID, cr.Seats[1].Player, cr.Seats[1].Invite, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The first move of each side is not timed; then nobody moves: white's
	// second runs out.
	if err := c.Play(ctx, a.url, cr.ID, cr.Seats[0].Token, "e2e4", 0, wire.Reveal{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Play(ctx, b.url, cr.ID, black, "e7e5", 1, wire.Reveal{}); err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{a.url, b.url} {
		deadline := time.Now().Add(20 * time.Second)
		for {
			var v wire.View
			if err := c.Do(ctx, "GET", base+"/api/games/"+cr.ID, "", nil, &v); err != nil {
				t.Fatal(err)
			}
			if v.Finished {
				if v.Seq != 3 {
					t.Errorf("%s: the game ended at seq %d, want 3 (the timeout)", base, v.Seq)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the game is not over 20 s after white's clock ran out: %s", base, v.Status)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	_, evs, err := openPostgres(t, u).Load(ctx, cr.ID)
	if err != nil || len(evs) != 3 || evs[2].Kind != store.EventTimeout || evs[2].Player != "white" {
		t.Errorf("log = %+v, %v, want two moves and a timeout of white", evs, err)
	}
	for name, buf := range map[string]*lockedBuffer{"first": &errsA, "second": &errsB} {
		if s := buf.String(); s != "" {
			t.Errorf("the %s instance logged errors:\n%s", name, s)
		}
	}
}

// TestClusterMissedNotification: the listeners' connections are cut and a
// move is made while they reconnect, so its notification is lost: the
// other instance still relays the move to its client (its resync catches
// up), and later moves are relayed as usual.
func TestClusterMissedNotification(t *testing.T) {
	u := storetest.PostgresURL(t)
	var errsA, errsB lockedBuffer
	stA := openPostgres(t, u)
	a := startLogged(t, stA, &errsA)
	b := startLogged(t, openPostgres(t, u), &errsB)
	c := NewClient(4)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	listen := `LISTEN "norns_` + stA.Schema() + `"`
	// listeners counts the instances listening.
	listeners := func() int {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE query = $1`, listen).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for deadline := time.Now().Add(10 * time.Second); listeners() != 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d instances listen after 10 s, want 2", listeners())
		}
	}
	cr, white, black := chessGame(t, c, a.url, b.url)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, err := dialFeed(wctx, b.url, cr.ID, black, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	// until reads B's feed until the event at seq arrives.
	until := func(seq int64) {
		t.Helper()
		for {
			_, data, err := ws.Read(wctx)
			if err != nil {
				t.Fatalf("waiting on the second instance for event %d: %v", seq, err)
			}
			var m wire.FeedMessage
			if json.Unmarshal(data, &m) == nil && m.Type == wire.MessageEvent && m.Event != nil && m.Event.Seq == seq {
				return
			}
		}
	}
	// The seats changed with the join: both instances know it before the
	// listeners are cut.
	if _, err := readUntilStarted(wctx, ws); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var v wire.View
		if err := c.Do(ctx, "GET", a.url+"/api/games/"+cr.ID, "", nil, &v); err != nil {
			t.Fatal(err)
		}
		if v.Started {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first instance does not see the join after 10 s")
		}
	}
	var cut int
	if err := conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = $1`, listen).Scan(&cut); err != nil || cut != 2 {
		t.Fatalf("cutting the listeners = %d, %v, want 2", cut, err)
	}
	if err := c.Play(ctx, a.url, cr.ID, white, "e4", 0, wire.Reveal{}); err != nil {
		t.Fatal(err)
	}
	until(1)
	if err := c.Play(ctx, b.url, cr.ID, black, "e5", 1, wire.Reveal{}); err != nil {
		t.Fatal(err)
	}
	until(2)
	if err := c.Play(ctx, a.url, cr.ID, white, "Nf3", 2, wire.Reveal{}); err != nil {
		t.Fatal(err)
	}
	until(3)
	for name, buf := range map[string]*lockedBuffer{"first": &errsA, "second": &errsB} {
		if s := buf.String(); s != "" {
			t.Errorf("the %s instance logged errors:\n%s", name, s)
		}
	}
}

// readUntilStarted reads a feed until a state message of a started game.
func readUntilStarted(ctx context.Context, ws *websocket.Conn) (wire.View, error) {
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return wire.View{}, err
		}
		var m wire.FeedMessage
		if json.Unmarshal(data, &m) == nil && m.Type == wire.MessageState && m.Game != nil && m.Game.Started {
			return *m.Game, nil
		}
	}
}

// TestClusterAppendedElsewhere: a move is stored by another writer (here
// straight into the tables, with no notification) and the player to move,
// who has not seen it, sends an action at the old seq: the instance
// answers stale_sequence, stores nothing, and then goes on from the stored
// move.
func TestClusterAppendedElsewhere(t *testing.T) {
	u := storetest.PostgresURL(t)
	var errs lockedBuffer
	a := startLogged(t, openPostgres(t, u), &errs)
	c := NewClient(4)
	ctx := context.Background()
	cr, white, black := chessGame(t, c, a.url, a.url)
	g, err := games.ByName("chess")
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	e4, err := st.ParseAction("e4")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	now := time.Now().UnixMilli()
	if _, err := conn.Exec(ctx, `INSERT INTO events (game_id, seq, kind, player, action, code, time) VALUES ($1, 1, 'move', 'white', $2, $3, $4)`, cr.ID, st.ActionString(e4), int64(e4), now); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `UPDATE games SET seq = 1, updated = $2 WHERE id = $1`, cr.ID, now); err != nil {
		t.Fatal(err)
	}
	err = c.Play(ctx, a.url, cr.ID, white, "d4", 0, wire.Reveal{})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != "stale_sequence" {
		t.Fatalf("Play(d4 at 0) = %v, want stale_sequence", err)
	}
	if err := c.Play(ctx, a.url, cr.ID, black, "e7e5", 1, wire.Reveal{}); err != nil {
		t.Fatalf("Play(e7e5 at 1) = %v, want nil", err)
	}
	evs, err := c.Events(ctx, a.url, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range evs {
		got = append(got, fmt.Sprintf("%d %s %s", e.Seq, e.Player, e.Action))
	}
	if want := []string{"1 white " + st.ActionString(e4), "2 black e7e5"}; !slices.Equal(got, want) {
		t.Errorf("events = %q, want %q", got, want)
	}
	if s := errs.String(); s != "" {
		t.Errorf("the instance logged errors:\n%s", s)
	}
}

// chessGame creates a chess game with two open seats on the instance at
// createURL and joins Black's on the one at joinURL; it returns the game
// and the two seat tokens.
func chessGame(t *testing.T, c *Client, createURL, joinURL string) (cr *Created, white, black string) {
	t.Helper()
	ctx := context.Background()
	cr, err := c.Create(ctx, createURL, "chess", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	black, err = c.Join(ctx, joinURL, cr.ID, "black", cr.Seats[1].Invite, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cr, cr.Seats[0].Token, black
}
