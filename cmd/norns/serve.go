package main

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/web"
)

// httpLimits are the limits of the HTTP server of norns serve.
type httpLimits struct {
	readHeader, read, write, idle time.Duration
	maxHeaderBytes                int
	connsPerAddr                  int
}

// check refuses limits that make no sense.
func (l httpLimits) check() error {
	for _, d := range []struct {
		flag string
		d    time.Duration
	}{{"--read-header-timeout", l.readHeader}, {"--read-timeout", l.read}, {"--write-timeout", l.write}, {"--idle-timeout", l.idle}} {
		if d.d < 0 {
			return fmt.Errorf("%s %s: a timeout cannot be negative (0: none)", d.flag, d.d)
		}
	}
	if l.maxHeaderBytes < 1024 {
		return fmt.Errorf("--max-header-bytes %d: at least 1024", l.maxHeaderBytes)
	}
	if l.connsPerAddr < 0 {
		return fmt.Errorf("--conns-per-addr %d: cannot be negative (0: no cap)", l.connsPerAddr)
	}
	return nil
}

// server returns the http.Server of a handler with these limits.
//
// The write timeout does not cut the WebSocket feeds: net/http clears a
// connection's deadlines when the feed takes the connection over
// (server.TestHttpxWebSocketOutlivesDeadlines checks it).
func (l httpLimits) server(h http.Handler, errorLog slog.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.readHeader,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    l.maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(errorLog, slog.LevelWarn),
	}
}

// redacted is a database address fit for logs: a PostgreSQL URL without
// its password.
func redacted(db string) string {
	if u, err := url.Parse(db); err == nil && store.IsPostgres(db) {
		return u.Redacted()
	}
	return db
}

// openWritable opens the store and checks with a real write that it can
// be written: a server on a read-only database would accept games it
// cannot keep.
func openWritable(ctx context.Context, db string) (store.Store, error) {
	st, err := store.Open(ctx, db)
	if err == nil {
		if p, ok := st.(store.Prober); ok {
			if err = p.Probe(ctx); err != nil {
				st.Close()
			}
		}
	}
	switch {
	case err == nil:
		return st, nil
	case store.IsReadOnly(err):
		return nil, fmt.Errorf("serve: not starting: the database %s is read-only, and the server must write its games: %w", redacted(db), err)
	default:
		return nil, fmt.Errorf("serve: not starting: the database %s: %w", redacted(db), err)
	}
}

// gameLimits are the flags of what the server allows and keeps of games.
type gameLimits struct {
	aiOnly                      bool
	aiPerClient                 int
	liveTTL, corrTTL, idleAfter time.Duration
	firstMove                   time.Duration
	goneGrace                   time.Duration
	analysisActions             int
}

// serveOptions are the flags of norns serve.
type serveOptions struct {
	addr, db, logLevel, logFormat string
	publicURL                     string
	metricsAddr                   string
	pprof                         bool
	easy, medium, hard            time.Duration
	aiConc, burst                 int
	rate                          float64
	limits                        httpLimits
	gl                            gameLimits
}

func serveCmd() *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the game server (JSON API and WebSocket, see docs/api.md)",
		Long: `Run the Norns game server: the web app, the JSON API and WebSocket feeds of
docs/api.md, GET /healthz (liveness) and GET /readyz (readiness: the database
takes a write). With no flags it listens on 127.0.0.1:8080 and keeps the games
in norns.db (SQLite, WAL) in the working directory; with --db postgres://…
several instances can share one PostgreSQL database (see README, Deployment).
It refuses to start on a database it cannot write. Unfinished games are
restored at start-up. SIGINT or SIGTERM stops it gracefully.

--public-url is the origin players reach the server at (https://norns.example
behind a reverse proxy): the links it gives, such as invitations, name it.
Without it they name the address each request came to (http://127.0.0.1:8080),
never the Host header a client sent.

Prometheus metrics are served only with --metrics-addr, on a listener of their
own (keep it private: 127.0.0.1:9091, say). The timeouts bound slow and idle
clients (0 turns one off); they do not cut WebSocket feeds. --conns-per-addr
caps the open connections of one client address (behind a reverse proxy every
client has the proxy's address: raise it or set 0). --rate limits each
address's API requests; POST /web/replay gets a quarter of it, in tokens of a
thousand actions replayed, and every other path ten times it (--rate 0: no
limits at all).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.StringVar(&o.db, "db", "norns.db", "SQLite database file (created if missing), or postgres:// URL of a PostgreSQL database (migrated at start-up; several instances may share it)")
	f.StringVar(&o.publicURL, "public-url", "", "origin of the links the server gives (invite_url), as players reach it: https://norns.example (empty: the address each request came to, never its Host header)")
	f.StringVar(&o.metricsAddr, "metrics-addr", "", "address of a listener of its own for the Prometheus metrics at /metrics (empty: no metrics)")
	f.BoolVar(&o.pprof, "pprof", false, "serve Go's profiles at /debug/pprof/ on the --metrics-addr listener too")
	f.DurationVar(&o.easy, "ai-easy", live.DefaultAITime["easy"], "think time of an easy AI seat")
	f.DurationVar(&o.medium, "ai-medium", live.DefaultAITime["medium"], "think time of a medium AI seat")
	f.DurationVar(&o.hard, "ai-hard", live.DefaultAITime["hard"], "think time of a hard AI seat")
	f.IntVar(&o.aiConc, "ai-concurrency", 0, "AI searches running at once (0: one per CPU)")
	f.Float64Var(&o.rate, "rate", 20, "API requests per second allowed to one client address; POST /web/replay gets 1/4 of it in tokens of 1,000 actions, other paths 10 times it (0: no limits)")
	f.IntVar(&o.burst, "burst", 60, "burst of API requests allowed to one client address (1/2 of it for POST /web/replay, 10 times it for other paths)")
	f.IntVar(&o.limits.connsPerAddr, "conns-per-addr", 64, "open connections allowed to one client address; more are closed at once (0: no cap)")
	f.DurationVar(&o.limits.readHeader, "read-header-timeout", 5*time.Second, "time allowed to read a request's headers")
	f.DurationVar(&o.limits.read, "read-timeout", 15*time.Second, "time allowed to read a whole request, body included (bounds slow uploads)")
	f.DurationVar(&o.limits.write, "write-timeout", 30*time.Second, "time allowed to answer a request, from the end of its headers (WebSocket feeds are not cut)")
	f.DurationVar(&o.limits.idle, "idle-timeout", 60*time.Second, "time a keep-alive connection may wait for its next request")
	f.IntVar(&o.limits.maxHeaderBytes, "max-header-bytes", 16<<10, "largest request header accepted, in bytes")
	f.BoolVar(&o.gl.aiOnly, "ai-games", false, "allow games in which every seat is an AI's (otherwise the balance lab's alone)")
	f.IntVar(&o.gl.aiPerClient, "ai-games-per-client", 4, "unfinished games against the computer that one client address may have in play (-1: no bound)")
	f.IntVar(&o.gl.analysisActions, "analysis-actions", live.DefaultAnalysisActions, "the first actions of a finished game that its analysis covers; a longer game's analysis says it is partial (-1: all)")
	f.DurationVar(&o.gl.liveTTL, "live-ttl", 24*time.Hour, "how long a game with a clock waits for players (an open seat, a seed) before it expires")
	f.DurationVar(&o.gl.corrTTL, "correspondence-ttl", 30*24*time.Hour, "how long a game without a clock waits for players before it expires")
	f.DurationVar(&o.gl.idleAfter, "idle-after", 10*time.Minute, "how long a game nobody plays or watches stays in memory")
	f.DurationVar(&o.gl.firstMove, "first-move-time", time.Minute, "time a player of a game with a clock has for their first move, which the clock does not count; the game is aborted after it")
	f.DurationVar(&o.gl.goneGrace, "gone-grace", 0, "how long a player of a live game must be gone (no page or terminal connected) before the opponent may claim the victory or a draw (0: scaled by the clock, as lichess's: a tenth of the initial time plus 40 increments, within 10 s to 60 s)")
	f.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	f.StringVar(&o.logFormat, "log-format", "text", "log format: text or json")
	return cmd
}

// run checks the flags, then serves until SIGINT or SIGTERM, or until a
// listener fails.
func (o *serveOptions) run(cmd *cobra.Command) error {
	h, err := o.check(cmd)
	if err != nil {
		return err
	}
	log := slog.New(h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := openWritable(ctx, o.db)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := o.newServer(ctx, st, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		srv.Close()
		return err
	}
	hs := o.limits.server(srv.Handler(), h)
	done := make(chan error, 2)
	ms, err := o.serveMetrics(srv, h, log, done)
	if err != nil {
		ln.Close()
		srv.Close()
		return err
	}
	links := o.publicURL
	if links == "" {
		links = "none (links name the address each request came to)"
	}
	log.Info("listening", "addr", "http://"+ln.Addr().String(), "db", redacted(o.db), "public_url", links)
	go func() { done <- hs.Serve(server.LimitListener(ln, o.limits.connsPerAddr)) }()
	select {
	case err := <-done:
		srv.Close()
		hs.Close()
		if ms != nil {
			ms.Close()
		}
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv.Close() // AI searches, clocks and WebSocket feeds end first
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("shutdown", "err", err)
	}
	if ms != nil {
		ms.Shutdown(sctx)
	}
	log.Info("stopped")
	return nil
}

// check checks the flags, makes --public-url an origin, and returns the
// log handler they ask for.
func (o *serveOptions) check(cmd *cobra.Command) (slog.Handler, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	if err := o.limits.check(); err != nil {
		return nil, err
	}
	if o.pprof && o.metricsAddr == "" {
		return nil, fmt.Errorf("--pprof: the profiles are served on the --metrics-addr listener: give it too")
	}
	if o.publicURL != "" {
		origin, err := server.PublicOrigin(o.publicURL)
		if err != nil {
			return nil, fmt.Errorf("--public-url: %w", err)
		}
		o.publicURL = origin
	}
	if o.gl.goneGrace < 0 {
		return nil, fmt.Errorf("--gone-grace %s: cannot be negative (0: scaled by the clock)", o.gl.goneGrace)
	}
	if o.gl.analysisActions == 0 || o.gl.analysisActions < -1 {
		return nil, fmt.Errorf("--analysis-actions %d: at least 1 (-1: all)", o.gl.analysisActions)
	}
	hopts := &slog.HandlerOptions{Level: level}
	if o.logFormat == "json" {
		return slog.NewJSONHandler(cmd.ErrOrStderr(), hopts), nil
	}
	return slog.NewTextHandler(cmd.ErrOrStderr(), hopts), nil
}

// newServer makes the server over st, restores its unfinished games and
// logs its signing key.
func (o *serveOptions) newServer(ctx context.Context, st store.Store, log *slog.Logger) (*server.Server, error) {
	srv, err := server.New(server.Config{
		Config: live.Config{
			Store: st, Games: games.All, Logger: log,
			AITime:        map[string]time.Duration{"easy": o.easy, "medium": o.medium, "hard": o.hard},
			AIConcurrency: o.aiConc,
			AIOnlyGames:   o.gl.aiOnly, AIGamesPerClient: o.gl.aiPerClient, AnalysisActions: o.gl.analysisActions,
			LiveTTL: o.gl.liveTTL, CorrespondenceTTL: o.gl.corrTTL, IdleAfter: o.gl.idleAfter, FirstMoveTime: o.gl.firstMove,
			GoneGrace: o.gl.goneGrace,
		},
		RateLimit: o.rate, RateBurst: o.burst, Web: web.Handler(), PublicURL: o.publicURL,
	})
	if err != nil {
		return nil, err
	}
	if err := srv.Restore(ctx); err != nil {
		srv.Close()
		return nil, err
	}
	pub, err := srv.PublicKey(ctx)
	if err != nil {
		srv.Close()
		return nil, err
	}
	log.Info("records signed", "alg", record.SigningAlg, "key", hex.EncodeToString(pub))
	return srv, nil
}

// serveMetrics serves the metrics on --metrics-addr, if given, its end
// sent on done; it returns nil without the flag.
func (o *serveOptions) serveMetrics(srv *server.Server, h slog.Handler, log *slog.Logger, done chan<- error) (*http.Server, error) {
	if o.metricsAddr == "" {
		return nil, nil
	}
	mln, err := net.Listen("tcp", o.metricsAddr)
	if err != nil {
		return nil, fmt.Errorf("--metrics-addr: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", srv.MetricsHandler())
	if o.pprof {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		log.Info("profiles", "addr", "http://"+mln.Addr().String()+"/debug/pprof/")
	}
	ms := o.limits.server(mux, h)
	log.Info("metrics", "addr", "http://"+mln.Addr().String()+"/metrics")
	go func() { done <- ms.Serve(mln) }()
	return ms, nil
}
