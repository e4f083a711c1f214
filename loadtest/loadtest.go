// Package loadtest drives Norns servers with real clients: each game is
// created through the JSON API, every seat is played by its own client
// following the game's WebSocket feed and sending random legal actions, and
// at the end every game's log is checked against what the clients played.
//
// # What is measured
//
//   - moves/s: actions the server acknowledged, over the measured window
//     (after every game of the first round is created, joined and
//     connected, until the duration ends);
//   - the move round trip: from the moment a client sends its action to the
//     moment an opponent's feed delivers it (p50, p95, p99, max);
//   - errors: every refused action, failed request or unreadable message;
//   - lost moves (acknowledged but not in the log) and unexpected moves (in
//     the log at a seat the clients played, but never acknowledged to them).
//   - the CPU time per 1,000 moves of the instances (from the growth of
//     their process_cpu_seconds_total, with a Metrics URL for each) and of
//     the clients (this process's rusage), and each instance's peak
//     resident memory (process_resident_memory_bytes, sampled every
//     250 ms), all over the measured window;
//   - with IdleGames and Metrics, the memory of an idle game: the growth of
//     the first instance's Go heap and resident memory, read from its
//     metrics listener (norns serve --metrics-addr), per game created.
//
// # Bounds
//
// A run is bounded in clients (Games games at once, one client a seat) and
// in time (Duration, plus a grace for the last answers). Targets must be on
// the loopback network unless AllowRemote is set.
package loadtest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Config configures a run.
type Config struct {
	// URLs are the base URLs of the instances (http://127.0.0.1:8080);
	// the clients of a game are spread over them.
	URLs []string
	// Metrics are the metrics URLs of the instances, in the order of URLs
	// (norns serve --metrics-addr 127.0.0.1:9091 serves
	// http://127.0.0.1:9091/metrics; a URL without a path gets /metrics).
	// The memory of an idle game is read from the first; without it,
	// IdleGames is not measured.
	Metrics []string
	// Games is the number of games played at once; a finished game is
	// followed by a new one until the duration ends.
	Games int
	// Duration is the measured window.
	Duration time.Duration
	// Think is each client's pause before a move (±25%); 0 plays at once.
	Think time.Duration
	// Names lists the games to play in turn; empty means every game of
	// the catalog.
	Names []string
	// AllowRemote allows URLs outside the loopback network.
	AllowRemote bool
	// Store, when set, is where the logs are checked; else they are read
	// through the API of the first instance.
	Store store.Store
	// IdleGames, when positive, is the number of games created without
	// clients before the run, to measure the memory of an idle game
	// (which needs Metrics).
	IdleGames int
	// Seed seeds the clients' choices.
	Seed uint64
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Report is the outcome of a run.
type Report struct {
	// Games counts the games played (created), Finished those that ended.
	Games, Finished int
	// Clients is the most clients connected at once.
	Clients int
	// Setup is the time taken to create, join and connect the first round.
	Setup   time.Duration
	Elapsed time.Duration
	Moves   int64
	// MovesPerSec is Moves over Elapsed.
	MovesPerSec        float64
	P50, P95, P99, Max time.Duration
	// RoundTrips counts the round trips measured.
	RoundTrips int
	Errors     int64
	// ErrorSamples are the first errors' messages.
	ErrorSamples []string
	Reconnects   int64
	// Checked counts the games whose log was checked; Lost and Unexpected
	// count the moves that differ, Problems describes the first ones.
	Checked, Lost, Unexpected int
	Problems                  []string
	// IdleHeapPerGame and IdleRSSPerGame are the growth of the first
	// instance's Go heap allocated and resident memory per idle game
	// (IdleGames > 0 and Metrics given; IdleMeasured says they were).
	// IdleCollected says the instance collected its garbage before each
	// reading (it serves Go's profiles: norns serve --pprof); without it
	// the heap's garbage comes and goes between the readings.
	IdleHeapPerGame, IdleRSSPerGame float64
	IdleMeasured, IdleCollected     bool
	// ServerCPU is the CPU time the instances spent in the measured
	// window, the sum of the growth of their process_cpu_seconds_total
	// (ServerMeasured: with a metrics URL for every instance), and
	// ServerPeakRSS each instance's largest resident memory sampled in the
	// window (every 250 ms).
	ServerCPU      time.Duration
	ServerPeakRSS  []float64
	ServerMeasured bool
	// ClientCPU is the CPU time (user + system) of this process, the
	// clients, in the measured window (ClientMeasured: the system gives
	// it).
	ClientCPU      time.Duration
	ClientMeasured bool
}

// CPUPer1000 returns a CPU time per 1,000 moves of the run, in seconds.
func (r *Report) CPUPer1000(cpu time.Duration) float64 {
	if r.Moves == 0 {
		return 0
	}
	return cpu.Seconds() * 1000 / float64(r.Moves)
}

// Bounds of a run.
const (
	MaxGames    = 10000
	MaxDuration = time.Hour
)

// CheckURL refuses a URL outside the loopback network unless allowRemote.
func CheckURL(raw string, allowRemote bool) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("loadtest: %s: the URL must be http:// or https://", raw)
	}
	if allowRemote {
		return nil
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("loadtest: %s is not on the loopback network (127.0.0.0/8, ::1, localhost); pass --allow-remote to load a remote server", raw)
}

// Run runs a load test.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := checkConfig(&cfg); err != nil {
		return nil, err
	}
	client := NewClient(cfg.Games * 2)
	names := cfg.Names
	if len(names) == 0 {
		var err error
		if names, err = client.Catalog(ctx, cfg.URLs[0]); err != nil {
			return nil, fmt.Errorf("loadtest: catalog: %w", err)
		}
	}
	rep := &Report{}
	switch {
	case cfg.IdleGames > 0 && len(cfg.Metrics) == 0:
		cfg.logf("idle: no metrics URL for %s (start it with --metrics-addr and pass that address as --metrics): the memory of an idle game is not measured", cfg.URLs[0])
	case cfg.IdleGames > 0:
		if err := idle(ctx, client, cfg, names, rep); err != nil {
			return nil, err
		}
		cfg.logf("idle: %d games: %.0f bytes of heap, %.0f bytes resident per game", cfg.IdleGames, rep.IdleHeapPerGame, rep.IdleRSSPerGame)
	}

	l := &load{
		cfg: cfg, client: client, names: names, stats: &Stats{},
		goCh: make(chan struct{}), stop: make(chan struct{}),
		sem: make(chan struct{}, 32), // creates and joins at once
	}
	l.ready.Add(cfg.Games)
	start := time.Now()
	for slot := range cfg.Games {
		l.wg.Add(1)
		go l.playSlot(ctx, slot)
	}
	setupCtx, cancel := context.WithTimeout(ctx, setupLimit)
	waitOr(&l.ready, setupCtx.Done())
	cancel()
	rep.Setup = time.Since(start)
	if rep.Setup >= setupLimit {
		l.stats.fail("setup not done after %s: starting anyway", setupLimit)
	}
	cfg.logf("setup: %d games, %d clients connected in %s", cfg.Games, l.stats.connected.Load(), rep.Setup.Round(time.Millisecond))
	l.measure(ctx, rep)
	l.report(rep)
	recs := l.recorded()
	rep.Games = len(recs)
	for _, r := range recs {
		if r.Finished() {
			rep.Finished++
		}
	}
	cfg.logf("checking %d games' logs", len(recs))
	Check(ctx, client, cfg, recs, rep)
	rep.Errors = l.stats.errors.Load()
	l.stats.mu.Lock()
	rep.ErrorSamples = slices.Clone(l.stats.samples)
	l.stats.mu.Unlock()
	return rep, nil
}

// checkConfig checks cfg's URLs (trimmed of a final slash in place), its
// metrics URLs (made full in place) and its bounds.
func checkConfig(cfg *Config) error {
	if len(cfg.URLs) == 0 {
		return errors.New("loadtest: no URL")
	}
	for i, u := range cfg.URLs {
		if err := CheckURL(u, cfg.AllowRemote); err != nil {
			return err
		}
		cfg.URLs[i] = strings.TrimRight(u, "/")
	}
	if len(cfg.Metrics) > len(cfg.URLs) {
		return fmt.Errorf("loadtest: %d metrics URLs for %d instances", len(cfg.Metrics), len(cfg.URLs))
	}
	metrics := make([]string, len(cfg.Metrics))
	for i, u := range cfg.Metrics {
		var err error
		if metrics[i], err = MetricsURL(u, cfg.AllowRemote); err != nil {
			return err
		}
	}
	cfg.Metrics = metrics
	if cfg.Games <= 0 || cfg.Games > MaxGames || cfg.Duration <= 0 || cfg.Duration > MaxDuration || cfg.IdleGames > MaxGames {
		return fmt.Errorf("loadtest: games must be 1 to %d (idle games at most %d) and the duration at most %s", MaxGames, MaxGames, MaxDuration)
	}
	return nil
}

// logf writes a line to cfg.Log, if any.
func (cfg Config) logf(format string, args ...any) {
	if cfg.Log != nil {
		fmt.Fprintf(cfg.Log, format+"\n", args...)
	}
}

// load is a running load test: its game slots, the signals they share
// and what they record.
type load struct {
	cfg    Config
	client *Client
	names  []string
	stats  *Stats
	goCh   chan struct{}  // closed when the measured window starts
	stop   chan struct{}  // closed when it ends
	sem    chan struct{}  // bounds the creates and joins at once
	ready  sync.WaitGroup // a slot's first game connected, or failed
	wg     sync.WaitGroup // the slots

	recMu   sync.Mutex
	records []*Record
}

// playSlot plays game after game in one slot until stop: the slot's
// first game marks it ready once its clients are connected (or its
// create failed) and starts at its offset in the think time.
func (l *load) playSlot(ctx context.Context, slot int) {
	defer l.wg.Done()
	rng := rand.New(rand.NewPCG(l.cfg.Seed, uint64(slot)))
	first := true
	for round := 0; ; round++ {
		select {
		case <-l.stop:
			if first {
				l.ready.Done()
			}
			return
		default:
		}
		name := l.names[(slot+round)%len(l.names)]
		l.sem <- struct{}{}
		ps, rec, err := setup(ctx, l.client, l.cfg, name, slot+round, rng, l.stats)
		<-l.sem
		if err != nil {
			l.stats.fail("create %s: %v", name, err)
			if first {
				l.ready.Done()
				first = false
			}
			select {
			case <-l.stop:
				return
			case <-time.After(time.Second):
			}
			continue
		}
		l.recMu.Lock()
		l.records = append(l.records, rec)
		l.recMu.Unlock()
		l.playGame(ctx, slot, ps, first)
		first = false
	}
}

// playGame runs the clients of one game until it ends or stop. The
// first game of a slot waits for the start of the measured window, at
// the slot's offset, and marks the slot ready once its clients connect.
func (l *load) playGame(ctx context.Context, slot int, ps []*Player, first bool) {
	var gwg sync.WaitGroup
	var connected sync.WaitGroup
	connected.Add(len(ps))
	var gameGo <-chan struct{}
	if first {
		gameGo = offset(l.goCh, l.stop, l.cfg.Think*time.Duration(slot)/time.Duration(l.cfg.Games))
	}
	for _, p := range ps {
		if first {
			p.Go = gameGo
		}
		p.Ready = func() { connected.Done() }
		gwg.Add(1)
		go func() {
			defer gwg.Done()
			if err := p.Run(ctx, l.stop); err != nil {
				l.stats.fail("%v", err)
			}
		}()
	}
	if first {
		waitOr(&connected, l.stop)
		l.ready.Done()
	}
	gwg.Wait()
}

// measure opens the measured window, logs progress every 5 s until the
// duration ends or ctx is done, then stops the slots and waits for them
// (30 s at most). It fills rep's window and moves.
func (l *load) measure(ctx context.Context, rep *Report) {
	l.stats.moves.Store(0)
	l.stats.peak.Store(l.stats.connected.Load())
	res := startResources(ctx, l.client, l.cfg)
	t0 := time.Now()
	close(l.goCh)
	tick := time.NewTicker(5 * time.Second)
	end := time.After(l.cfg.Duration)
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-end:
			break loop
		case <-tick.C:
			el := time.Since(t0).Seconds()
			l.cfg.logf("%4.0fs: %d moves (%.0f/s), %d clients, %d errors", el, l.stats.moves.Load(), float64(l.stats.moves.Load())/el, l.stats.connected.Load(), l.stats.errors.Load())
		}
	}
	tick.Stop()
	close(l.stop)
	rep.Elapsed = time.Since(t0)
	rep.Moves = l.stats.moves.Load()
	res.finish(ctx, rep)
	done := make(chan struct{})
	go func() { l.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		l.stats.fail("clients still running 30 s after the end")
	}
}

// report fills rep's rates, clients, reconnects and round-trip quantiles.
func (l *load) report(rep *Report) {
	rep.MovesPerSec = float64(rep.Moves) / rep.Elapsed.Seconds()
	rep.Clients = int(l.stats.peak.Load())
	rep.Reconnects = l.stats.reconnect.Load()
	l.stats.mu.Lock()
	lat := slices.Clone(l.stats.lat)
	l.stats.mu.Unlock()
	slices.Sort(lat)
	rep.RoundTrips = len(lat)
	if len(lat) > 0 {
		q := func(f float64) time.Duration { return lat[min(len(lat)-1, int(f*float64(len(lat))))] }
		rep.P50, rep.P95, rep.P99, rep.Max = q(0.50), q(0.95), q(0.99), lat[len(lat)-1]
	}
}

// recorded returns the games created so far.
func (l *load) recorded() []*Record {
	l.recMu.Lock()
	defer l.recMu.Unlock()
	return slices.Clone(l.records)
}

// offset returns a channel closed d after start is, or when stop is.
//
// The games of the first round start one after the other over a think
// time (game n of N after n/N of it), as if they had been going on for a
// while: started all at once, their moves would come in waves, at twice
// the rate for the first seconds.
func offset(start, stop <-chan struct{}, d time.Duration) <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		select {
		case <-start:
		case <-stop:
			return
		}
		select {
		case <-time.After(d):
		case <-stop:
		}
	}()
	return ch
}

// setupLimit bounds the time to create, join and connect the first round.
const setupLimit = 2 * time.Minute

// waitOr waits for wg or for stop.
func waitOr(wg *sync.WaitGroup, stop <-chan struct{}) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-stop:
	}
}

// setup creates a game on one instance and joins its open seats on the
// others, returning a player for every seat.
func setup(ctx context.Context, c *Client, cfg Config, name string, n int, rng *rand.Rand, stats *Stats) ([]*Player, *Record, error) {
	urls := cfg.URLs
	base := urls[n%len(urls)]
	cr, err := c.Create(ctx, base, name, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	rec := newRecord(cr.ID, name)
	var ps []*Player
	for i, s := range cr.Seats {
		// Seat i plays on instance n+i: the clients of a game are on
		// different instances when there are several.
		order := make([]string, len(urls))
		for j := range urls {
			order[j] = urls[(n+i+j)%len(urls)]
		}
		// In a game with dice every seat commits to its nonces and
		// reveals one with each move (dice scheme norns-dice-v2), as the
		// web app and the terminal client do.
		tok, secret := s.Token, cr.Secrets[s.Player]
		if tok == "" {
			if s.Invite == "" {
				continue
			}
			if cr.HasDice() {
				if secret, err = NewSecret(); err != nil {
					return nil, nil, err
				}
			}
			if tok, err = c.Join(ctx, order[0], cr.ID, s.Player, s.Invite, secret); err != nil {
				return nil, nil, fmt.Errorf("join %s %s: %w", cr.ID, s.Player, err)
			}
		}
		rec.Seats = append(rec.Seats, s.Player)
		ps = append(ps, &Player{
			Client: c, URLs: order, ID: cr.ID, Seat: s.Player, Token: tok, Secret: secret,
			Rand: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())), Think: cfg.Think, Rec: rec, Stats: stats,
		})
	}
	return ps, rec, nil
}

// Check compares every game's log with the moves its clients played: every
// acknowledged move must be in the log at its seq, once, and every move in
// the log at a seat the clients played must have been acknowledged.
func Check(ctx context.Context, c *Client, cfg Config, recs []*Record, rep *Report) {
	problem := func(format string, args ...any) {
		if len(rep.Problems) < 20 {
			rep.Problems = append(rep.Problems, fmt.Sprintf(format, args...))
		}
	}
	type result struct {
		rec *Record
		evs []wire.EventView
		err error
	}
	results := make(chan result)
	sem := make(chan struct{}, 8)
	go func() {
		var wg sync.WaitGroup
		for _, r := range recs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				evs, err := logOf(ctx, c, cfg, r.ID)
				results <- result{r, evs, err}
			}()
		}
		wg.Wait()
		close(results)
	}()
	for res := range results {
		r := res.rec
		if res.err != nil {
			problem("game %s: reading the log: %v", r.ID, res.err)
			rep.Lost += len(r.Played())
			continue
		}
		rep.Checked++
		ours := map[string]bool{}
		for _, s := range r.Seats {
			ours[s] = true
		}
		played := r.Played()
		for i, e := range res.evs {
			if e.Seq != int64(i)+1 {
				problem("game %s: event %d has seq %d", r.ID, i+1, e.Seq)
			}
			if e.Kind != "move" || !ours[e.Player] {
				continue
			}
			if p, ok := played[e.Seq]; !ok || p.Player != e.Player || p.Action != e.Action {
				rep.Unexpected++
				problem("game %s: the log has %d %s %s, the clients never had it acknowledged", r.ID, e.Seq, e.Player, e.Action)
			}
		}
		for seq, p := range played {
			if seq < 1 || seq > int64(len(res.evs)) {
				rep.Lost++
				problem("game %s: %d %s %s was acknowledged but the log ends at %d", r.ID, seq, p.Player, p.Action, len(res.evs))
				continue
			}
			if e := res.evs[seq-1]; e.Kind != "move" || e.Player != p.Player || e.Action != p.Action {
				rep.Lost++
				problem("game %s: %d %s %s was acknowledged but the log has %s %s %s", r.ID, seq, p.Player, p.Action, e.Kind, e.Player, e.Action)
			}
		}
	}
}

// logOf reads a game's log from the store, or through the API.
func logOf(ctx context.Context, c *Client, cfg Config, id string) ([]wire.EventView, error) {
	if cfg.Store != nil {
		_, evs, err := cfg.Store.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		out := make([]wire.EventView, len(evs))
		for i, e := range evs {
			out[i] = wire.EventView{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action}
		}
		return out, nil
	}
	return c.Events(ctx, cfg.URLs[0], id)
}

// MetricsURL checks a metrics URL as CheckURL does, and gives it the path
// /metrics when it has none.
func MetricsURL(raw string, allowRemote bool) (string, error) {
	if err := CheckURL(raw, allowRemote); err != nil {
		return "", err
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/metrics"
	}
	return u.String(), nil
}

// idle measures the memory of games without clients on the first instance,
// read from its metrics URL.
func idle(ctx context.Context, c *Client, cfg Config, names []string, rep *Report) error {
	rep.IdleCollected = collect(ctx, c, cfg.Metrics[0])
	if !rep.IdleCollected {
		cfg.logf("idle: %s serves no profiles (norns serve --pprof): its garbage is counted with the idle games, and the figures move with it", cfg.Metrics[0])
	}
	before, err := memory(ctx, c, cfg.Metrics[0])
	if err != nil {
		return fmt.Errorf("loadtest: idle games: %w", err)
	}
	for i := range cfg.IdleGames {
		if _, err := c.Create(ctx, cfg.URLs[0], names[i%len(names)], nil, nil); err != nil {
			return fmt.Errorf("loadtest: idle games: %w", err)
		}
	}
	time.Sleep(time.Second)
	if rep.IdleCollected {
		collect(ctx, c, cfg.Metrics[0])
	}
	after, err := memory(ctx, c, cfg.Metrics[0])
	if err != nil {
		return fmt.Errorf("loadtest: idle games: %w", err)
	}
	rep.IdleHeapPerGame = (after[0] - before[0]) / float64(cfg.IdleGames)
	rep.IdleRSSPerGame = (after[1] - before[1]) / float64(cfg.IdleGames)
	rep.IdleMeasured = true
	return nil
}

// collect has the instance of metricsURL collect its garbage, through Go's
// heap profile with gc=1, which norns serve --pprof serves on the metrics'
// listener. It reports whether the instance did.
func collect(ctx context.Context, c *Client, metricsURL string) bool {
	u, err := url.Parse(metricsURL)
	if err != nil {
		return false
	}
	u.Path, u.RawQuery = "/debug/pprof/heap", "gc=1"
	req, err := newGet(ctx, u.String())
	if err != nil {
		return false
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode == http.StatusOK
}

// memory reads the Go heap allocated and the resident memory of an instance
// from its metrics URL.
func memory(ctx context.Context, c *Client, metricsURL string) ([2]float64, error) {
	v, err := scrape(ctx, c, metricsURL, "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes")
	if err != nil {
		return [2]float64{}, err
	}
	return [2]float64{v[0], v[1]}, nil
}

// scrape reads the values of the named metrics (untyped, gauges or
// counters without labels) from an instance's metrics URL, in the order
// of names; it fails when one is missing.
func scrape(ctx context.Context, c *Client, metricsURL string, names ...string) ([]float64, error) {
	out := make([]float64, len(names))
	req, err := newGet(ctx, metricsURL)
	if err != nil {
		return out, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return out, fmt.Errorf("GET %s: %s (the metrics are on the listener of norns serve --metrics-addr)", metricsURL, resp.Status)
	}
	found := make([]bool, len(names))
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		if i := slices.Index(names, f[0]); i >= 0 {
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return out, err
			}
			out[i], found[i] = v, true
		}
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	for i, ok := range found {
		if !ok {
			return out, fmt.Errorf("%s lacks %s", metricsURL, names[i])
		}
	}
	return out, nil
}
