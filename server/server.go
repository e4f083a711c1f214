package server

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"norns/ai"
	"norns/game"
	"norns/games/searches"
	"norns/store"
)

// DefaultAITime is the think time of each AI level.
var DefaultAITime = map[string]time.Duration{
	"easy":   50 * time.Millisecond,
	"medium": 300 * time.Millisecond,
	"hard":   1500 * time.Millisecond,
}

// Config configures a Server.
type Config struct {
	Store store.Store
	// Games lists the games the server offers.
	Games []game.Game
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// AITime is the think time of each AI level (DefaultAITime when nil).
	AITime map[string]time.Duration
	// AIConcurrency bounds the AI searches running at once (GOMAXPROCS
	// when 0).
	AIConcurrency int
	// RateLimit is the requests per second allowed to one client address,
	// with bursts of RateBurst; 0 means no limit.
	RateLimit float64
	RateBurst int
	// NewAgent returns the agent of an AI seat (searches.NewAgent when nil).
	NewAgent func(ai.Config) (ai.Agent, error)
	// MaxBody bounds a request body and a WebSocket message, in bytes
	// (64 KiB when 0).
	MaxBody int64
	// Web serves every path outside the API, /healthz and /readyz: the
	// web app (package web). Nil leaves those paths unanswered (404).
	Web http.Handler
	// AIOnlyGames allows games with no seat for a person (every seat an
	// AI's), which otherwise only the balance lab plays.
	AIOnlyGames bool
	// AIGamesPerClient bounds the unfinished games with an AI seat that
	// one client address may have created on this instance (4 when 0; -1
	// for no bound).
	AIGamesPerClient int
	// WaitingTTL is how long a game waits for players (an open seat, a
	// seed) before it expires: LiveTTL for a game with a clock (24 h when
	// 0), CorrespondenceTTL for one without (30 days when 0).
	LiveTTL, CorrespondenceTTL time.Duration
	// IdleAfter is how long a game nobody watches or plays stays in memory
	// (10 minutes when 0); it is loaded again when asked for.
	IdleAfter time.Duration
	// SweepEvery is the period of the sweep that expires waiting games and
	// unloads idle ones (a minute when 0).
	SweepEvery time.Duration
	// FirstMoveTime is the time a player of a game with a clock has for
	// their first move, which their clock does not count; the game is
	// aborted after it (a minute when 0).
	FirstMoveTime time.Duration
	// PublicURL is the origin the server's absolute URLs (invite_url)
	// name: a scheme, http or https, and a host, "https://norns.example".
	// When empty they name the address the request came to, the local
	// side of its connection ("http://127.0.0.1:8080"). The Host header,
	// which the client writes, is never used.
	PublicURL string
	// AnalysisActions bounds the analysis of a finished game to its first
	// AnalysisActions actions, the result saying it is partial
	// (DefaultAnalysisActions when 0; -1 for no bound).
	AnalysisActions int
}

// Server is the game server. Create it with New, call Restore, serve its
// Handler, and Close it at the end.
type Server struct {
	cfg     Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics
	limiter *limiter
	mux     *http.ServeMux

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// sched hands out the slots of the AI searches.
	sched *scheduler

	mu    sync.Mutex
	games map[string]*table
	// aiOwner maps the unfinished games with an AI seat created on this
	// instance to their creator's address; aiCount counts them per
	// address.
	aiOwner map[string]string
	aiCount map[string]int
	// asleep holds the games taken out of memory while a clock runs (a
	// correspondence game, a live one left alone) and when the sweep must
	// load each again, before its flag falls.
	asleep map[string]time.Time
	// started is when this server began: the turn of a game loaded later
	// is timed from its log when the server ran all through it.
	started time.Time
	// presence counts the spectators with the other instances of a shared
	// store (watchers.go); nil otherwise.
	presence *presence

	// keyMu guards key, the signing key once the store gave it
	// (signingKey).
	keyMu sync.Mutex
	key   ed25519.PrivateKey
	// analyses are the analyses asked for (analysis.go).
	analyses *analysisQueue
	// analysisBudget is the AI's search of an analysis (AnalysisBudget;
	// the tests make it small); analysisHook, when not nil, is called
	// after each piece of an analysis's work, which waits for it.
	analysisBudget int
	analysisHook   func(id string, done, total int)
}

// New returns a server on a store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if len(cfg.Games) == 0 {
		return nil, errors.New("server: no games")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.AITime == nil {
		cfg.AITime = DefaultAITime
	}
	if cfg.AIConcurrency <= 0 {
		cfg.AIConcurrency = runtime.GOMAXPROCS(0)
	}
	if cfg.NewAgent == nil {
		cfg.NewAgent = searches.NewAgent
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.AIGamesPerClient == 0 {
		cfg.AIGamesPerClient = 4
	}
	if cfg.LiveTTL <= 0 {
		cfg.LiveTTL = 24 * time.Hour
	}
	if cfg.CorrespondenceTTL <= 0 {
		cfg.CorrespondenceTTL = 30 * 24 * time.Hour
	}
	if cfg.IdleAfter <= 0 {
		cfg.IdleAfter = 10 * time.Minute
	}
	if cfg.SweepEvery <= 0 {
		cfg.SweepEvery = time.Minute
	}
	if cfg.FirstMoveTime <= 0 {
		cfg.FirstMoveTime = time.Minute
	}
	if cfg.PublicURL != "" {
		o, err := PublicOrigin(cfg.PublicURL)
		if err != nil {
			return nil, err
		}
		cfg.PublicURL = o
	}
	if cfg.AnalysisActions == 0 {
		cfg.AnalysisActions = DefaultAnalysisActions
	}
	s := &Server{
		cfg: cfg, store: cfg.Store, log: cfg.Logger, metrics: newMetrics(),
		sched: newScheduler(cfg.AIConcurrency), games: map[string]*table{},
		aiOwner: map[string]string{}, aiCount: map[string]int{}, asleep: map[string]time.Time{},
		started: time.Now(), analyses: newAnalysisQueue(), analysisBudget: AnalysisBudget,
	}
	if cfg.RateLimit > 0 {
		s.limiter = newLimiter(cfg.RateLimit, max(cfg.RateBurst, 1))
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	s.startPresence()
	s.startCluster()
	s.wg.Add(1)
	go s.sweeper()
	return s, nil
}

// Restore takes up the unfinished games of the store: it lists them, and
// loads each in the background, replaying its log and taking up what was
// due (rolls, AI turns, clocks). It returns once the list is read, so the
// server can listen at once; a request for a game not yet loaded loads it.
func (s *Server) Restore(ctx context.Context) error {
	ids, err := s.store.Unfinished(ctx)
	if err != nil {
		return fmt.Errorf("server: restore: %w", err)
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for _, id := range ids {
			if s.closing() {
				return
			}
			err := s.with(s.ctx, id, func(t *table) error {
				if t.over() {
					return nil
				}
				if err := t.commit(s.ctx, nil); err != nil { // the rolls that were due
					return err
				}
				t.next()
				return nil
			})
			if err != nil && !s.closing() {
				s.log.Error("restoring a game", "game", id, "err", err)
			}
		}
		s.log.Info("games restored", "count", len(ids))
	}()
	return nil
}

// Close stops the AI searches and the clocks, closes the WebSocket feeds,
// waits for the background work to end and removes this instance's count
// of spectators from a shared store. It does not close the store.
func (s *Server) Close() {
	s.cancel()
	all := s.tables()
	for _, t := range all {
		t.mu.Lock()
		if t.flag != nil {
			t.flag.Stop()
		}
		for sub := range t.subs {
			sub.drop()
		}
		t.mu.Unlock()
	}
	s.wg.Wait()
	s.stopPresence()
}

// closing reports whether Close has begun.
func (s *Server) closing() bool { return s.ctx.Err() != nil }

// Handler returns the HTTP handler: the API under /api/, /healthz,
// /readyz and the web app.
func (s *Server) Handler() http.Handler { return s.protect(s.mux) }

// MetricsHandler returns the Prometheus metrics handler, for a listener of
// its own (norns serve --metrics-addr): it is not on the public port.
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

func (s *Server) gameByName(name string) (game.Game, error) {
	for _, g := range s.cfg.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, apiErr(CodeUnknownGame, "unknown game %q", name)
}

// sweeper expires the games that waited too long for players and
// unloads the idle ones, every SweepEvery.
func (s *Server) sweeper() {
	defer s.wg.Done()
	tick := time.NewTicker(s.cfg.SweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		if err := s.Sweep(s.ctx, time.Now()); err != nil && !s.closing() {
			s.log.Warn("sweep", "err", err)
		}
	}
}

// Sweep expires every game that has waited for players (an open seat, a
// seed) longer than its time to live, as of now, and takes the idle games
// out of memory. The sweeper calls it; tests may too.
func (s *Server) Sweep(ctx context.Context, now time.Time) error {
	unfinished := false
	// A game waiting for players has no event yet: nobody moves and no
	// die rolls before every seat is taken and every seed is in.
	gs, err := s.store.List(ctx, store.Filter{Finished: &unfinished, NoEvents: true, UpdatedBefore: now.Add(-min(s.cfg.LiveTTL, s.cfg.CorrespondenceTTL)), Limit: 1000})
	if err != nil {
		return err
	}
	for _, g := range gs {
		ttl := s.cfg.CorrespondenceTTL
		if g.Clock != nil && !g.Clock.PerMove {
			ttl = s.cfg.LiveTTL
		}
		if now.Sub(g.Updated) < ttl {
			continue
		}
		err := s.with(ctx, g.ID, func(t *table) error {
			if t.over() || t.started() || now.Sub(t.rec.Updated) < ttl {
				return nil
			}
			s.log.Info("game expired: nobody came", "game", t.rec.ID, "waited", now.Sub(t.rec.Updated).Round(time.Second))
			return retryable(t.expire(ctx))
		})
		if err != nil {
			s.log.Warn("expiring a game", "game", g.ID, "err", err)
		}
	}
	// The games asleep whose flag falls within two sweeps are loaded
	// again, which arms their flag.
	for _, id := range s.waking(now.Add(2 * s.cfg.SweepEvery)) {
		if err := s.with(ctx, id, func(*table) error { return nil }); err != nil && !s.closing() {
			s.log.Warn("loading a game whose clock runs", "game", id, "err", err)
		}
	}
	all := s.tables()
	for _, t := range all {
		t.mu.Lock()
		if t.phase == phaseStale {
			t.mu.Unlock()
			continue
		}
		if idle, wake := t.idle(now, s.cfg.IdleAfter); idle {
			s.mu.Lock()
			if s.games[t.rec.ID] == t {
				delete(s.games, t.rec.ID)
				if t.phase == phaseLive {
					s.metrics.live.Dec()
				}
				if !wake.IsZero() {
					s.asleep[t.rec.ID] = wake
				}
			}
			s.mu.Unlock()
			s.uncountAI(t.rec.ID)
			t.phase = phaseStale // whoever still holds it loads the game again
		}
		t.mu.Unlock()
	}
	return nil
}

// waking takes out of asleep the games to be loaded by the time before.
func (s *Server) waking(before time.Time) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, at := range s.asleep {
		if at.Before(before) {
			ids = append(ids, id)
			delete(s.asleep, id)
		}
	}
	return ids
}

// isAsleep reports whether the game was taken out of memory with its clock
// running, to be loaded again by the sweep.
func (s *Server) isAsleep(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.asleep[id]
	return ok
}
