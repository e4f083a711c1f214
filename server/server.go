// Package server is the Norns game server: a JSON API and WebSocket feeds
// over the games of package games, with every game kept as an event log in
// a store.Store.
//
// # Games
//
// The server knows games only through the game interface: it validates
// every action with the game's State, rolls every die itself (package
// dice), plays the AI seats (package ai) and writes records in the game's
// notation (PGN for the chess games that implement game.PGNWriter).
//
// # Durability
//
// A game is its options, seats, dice commitment and log of events. Every
// event is stored, in one transaction with the rolls that follow it,
// before the request that caused it is answered or any subscriber hears of
// it. At start-up Restore replays the log of every unfinished game; an AI
// turn or a roll that was due when the server stopped is taken again (rolls
// are derived from the seeds and the roll's number, so a roll taken again
// comes out the same).
//
// # Seats and tokens
//
// Creating a game or joining an open seat returns a seat token, 128 bits
// from crypto/rand; the store keeps only its SHA-256, compared in constant
// time. Open seats are joined with an invitation of the same strength.
//
// See docs/api.md for the endpoints and docs/fair-dice.md for the dice.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"norns/ai"
	"norns/game"
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
	// NewAgent returns the agent of an AI seat (ai.New when nil).
	NewAgent func(ai.Config) (ai.Agent, error)
	// MaxBody bounds a request body and a WebSocket message, in bytes
	// (64 KiB when 0).
	MaxBody int64
	// Web serves every path outside the API, /metrics and /healthz: the
	// web app (package web). Nil leaves those paths unanswered (404).
	Web http.Handler
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
	// aiSlots bounds the AI searches running at once.
	aiSlots chan struct{}

	mu    sync.Mutex
	games map[string]*live
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
		cfg.NewAgent = ai.New
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	s := &Server{
		cfg: cfg, store: cfg.Store, log: cfg.Logger, metrics: newMetrics(),
		aiSlots: make(chan struct{}, cfg.AIConcurrency), games: map[string]*live{},
	}
	if cfg.RateLimit > 0 {
		s.limiter = newLimiter(cfg.RateLimit, max(cfg.RateBurst, 1))
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	s.startCluster()
	return s, nil
}

// Restore loads every unfinished game from the store, replays its log, and
// takes up what was due: rolls, AI turns, clocks.
func (s *Server) Restore(ctx context.Context) error {
	ids, err := s.store.Unfinished(ctx)
	if err != nil {
		return fmt.Errorf("server: restore: %w", err)
	}
	for _, id := range ids {
		l, err := s.load(ctx, id)
		if err != nil {
			s.log.Error("restoring a game", "game", id, "err", err)
			continue
		}
		l.mu.Lock()
		err = l.commit(ctx, nil) // the rolls that were due
		if err == nil {
			l.next()
		}
		l.mu.Unlock()
		if err != nil {
			s.log.Error("restoring a game", "game", id, "err", err)
		}
	}
	s.log.Info("games restored", "count", len(ids))
	return nil
}

// Close stops the AI searches and the clocks, closes the WebSocket feeds
// and waits for the background work to end. It does not close the store.
func (s *Server) Close() {
	s.cancel()
	s.mu.Lock()
	all := make([]*live, 0, len(s.games))
	for _, l := range s.games {
		all = append(all, l)
	}
	s.mu.Unlock()
	for _, l := range all {
		l.mu.Lock()
		if l.flag != nil {
			l.flag.Stop()
		}
		for sub := range l.subs {
			sub.drop()
		}
		l.mu.Unlock()
	}
	s.wg.Wait()
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

// load returns a game held in memory, loading and replaying it on first use.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l, ok := s.games[id]; ok {
		return l, nil
	}
	rec, events, err := s.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apiErr(CodeGameNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, err
	}
	l, err := s.restore(rec, events)
	if err != nil {
		return nil, err
	}
	s.games[id] = l
	if !l.over() {
		s.metrics.live.Inc()
	}
	if len(s.games) > maxHeld {
		s.forget()
	}
	return l, nil
}

// maxHeld is the number of games held in memory above which the finished
// ones nobody watches are dropped (they are loaded again when asked for).
const maxHeld = 2000

// forget drops from memory the finished games without subscribers.
// Callers hold s.mu.
func (s *Server) forget() {
	for id, l := range s.games {
		if !l.mu.TryLock() {
			continue
		}
		if l.over() && len(l.subs) == 0 {
			delete(s.games, id)
		}
		l.mu.Unlock()
	}
}

// evict drops a game from memory after a failure, so that the next request
// reloads it from the store. Callers hold l.mu.
func (s *Server) evict(l *live) {
	s.mu.Lock()
	if s.games[l.rec.ID] == l {
		delete(s.games, l.rec.ID)
		if !l.rec.Finished {
			s.metrics.live.Dec()
		}
	}
	s.mu.Unlock()
	if l.flag != nil {
		l.flag.Stop()
	}
	for sub := range l.subs {
		sub.drop()
	}
	l.rec.Finished = true // a stale copy: nothing more happens on it
	l.timeout = &game.Result{Kind: game.Unfinished, Reason: "reloading"}
	l.invalidate()
}
