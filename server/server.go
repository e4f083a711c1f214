package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/ratelimit"
)

// Config configures a Server: the hall of its games (package live) and
// what the HTTP layer adds.
type Config struct {
	live.Config
	// RateLimit is the requests per second allowed to one client address,
	// with bursts of RateBurst; 0 means no limit.
	RateLimit float64
	RateBurst int
	// MaxBody bounds a request body and a WebSocket message, in bytes
	// (64 KiB when 0).
	MaxBody int64
	// Web serves every path outside the API, /healthz and /readyz: the
	// web app (package web). Nil leaves those paths unanswered (404).
	Web http.Handler
	// PublicURL is the origin the server's absolute URLs (invite_url)
	// name: a scheme, http or https, and a host, "https://norns.example".
	// When empty they name the address the request came to, the local
	// side of its connection ("http://127.0.0.1:8080"). The Host header,
	// which the client writes, is never used.
	PublicURL string
	// PasswordParams hash new passwords (account.DefaultParams when
	// zero); SignInPerAccount and SignInPerAddress throttle the sign-ins
	// (account.DefaultPerAccount and DefaultPerAddress when nil).
	PasswordParams                     account.Params
	SignInPerAccount, SignInPerAddress *ratelimit.Limiter
}

// Server is the game server's HTTP and WebSocket layer over a hall of
// live games. Create it with New, call Restore, serve its Handler, and
// Close it at the end.
type Server struct {
	cfg     Config
	hall    *live.Hall
	log     *slog.Logger
	metrics *metrics
	limiter *ratelimit.Limiter
	mux     *http.ServeMux
	// accounts signs players in (nil when the store keeps no accounts);
	// crossOrigin tells a browser's request from another site.
	accounts    *account.Service
	crossOrigin *http.CrossOriginProtection

	// ctx ends when the server closes: the WebSocket feeds end with it.
	ctx    context.Context
	cancel context.CancelFunc
}

// New returns a server on a store.
func New(cfg Config) (*Server, error) {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.PublicURL != "" {
		o, err := PublicOrigin(cfg.PublicURL)
		if err != nil {
			return nil, err
		}
		cfg.PublicURL = o
	}
	m := newMetrics()
	lc := cfg.Config
	lc.Metrics = m.reg
	h, err := live.New(lc)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, hall: h, log: cfg.Logger, metrics: m}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if cfg.RateLimit > 0 {
		s.limiter = ratelimit.New(cfg.RateLimit, max(cfg.RateBurst, 1))
	}
	s.accounts = newAccounts(cfg)
	s.crossOrigin = http.NewCrossOriginProtection()
	if cfg.PublicURL != "" {
		if err := s.crossOrigin.AddTrustedOrigin(cfg.PublicURL); err != nil {
			return nil, err
		}
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	return s, nil
}

// Restore takes up the unfinished games of the store (live.Hall.Restore).
func (s *Server) Restore(ctx context.Context) error { return s.hall.Restore(ctx) }

// Sweep expires the games that waited too long for players and takes the
// idle ones out of memory (live.Hall.Sweep).
func (s *Server) Sweep(ctx context.Context, now time.Time) error { return s.hall.Sweep(ctx, now) }

// Close stops the AI searches and the clocks, closes the WebSocket feeds
// and waits for the background work to end. It does not close the store.
func (s *Server) Close() {
	s.cancel()
	s.hall.Close()
}

// Handler returns the HTTP handler: the API under /api/, /healthz,
// /readyz and the web app.
func (s *Server) Handler() http.Handler { return s.protect(s.mux) }

// MetricsHandler returns the Prometheus metrics handler, for a listener of
// its own (norns serve --metrics-addr): it is not on the public port.
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }
