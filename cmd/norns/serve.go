package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"norns/games"
	"norns/server"
	"norns/store"
	"norns/web"
)

func serveCmd() *cobra.Command {
	var (
		addr, db, logLevel, logFormat string
		easy, medium, hard            time.Duration
		aiConc, burst                 int
		rate                          float64
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the game server (JSON API and WebSocket, see docs/api.md)",
		Long: `Run the Norns game server: the JSON API and WebSocket feeds of docs/api.md,
Prometheus metrics at /metrics. With no flags it listens on 127.0.0.1:8080 and
keeps the games in norns.db (SQLite, WAL) in the working directory; with
--db postgres://… several instances can share one PostgreSQL database (see
README, Deployment). Unfinished games are restored at start-up. SIGINT or
SIGTERM stops it gracefully.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var level slog.Level
			if err := level.UnmarshalText([]byte(logLevel)); err != nil {
				return fmt.Errorf("--log-level: %w", err)
			}
			hopts := &slog.HandlerOptions{Level: level}
			var h slog.Handler = slog.NewTextHandler(cmd.ErrOrStderr(), hopts)
			if logFormat == "json" {
				h = slog.NewJSONHandler(cmd.ErrOrStderr(), hopts)
			}
			log := slog.New(h)

			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			st, err := store.Open(ctx, db)
			if err != nil {
				return err
			}
			defer st.Close()
			srv, err := server.New(server.Config{
				Store: st, Games: games.All, Logger: log,
				AITime:        map[string]time.Duration{"easy": easy, "medium": medium, "hard": hard},
				AIConcurrency: aiConc, RateLimit: rate, RateBurst: burst,
				Web: web.Handler(),
			})
			if err != nil {
				return err
			}
			if err := srv.Restore(ctx); err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				srv.Close()
				return err
			}
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(h, slog.LevelWarn)}
			log.Info("listening", "addr", "http://"+ln.Addr().String(), "db", db)
			done := make(chan error, 1)
			go func() { done <- hs.Serve(ln) }()
			select {
			case err := <-done:
				srv.Close()
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
			log.Info("stopped")
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.StringVar(&db, "db", "norns.db", "SQLite database file (created if missing), or postgres:// URL of a PostgreSQL database (migrated at start-up; several instances may share it)")
	f.DurationVar(&easy, "ai-easy", server.DefaultAITime["easy"], "think time of an easy AI seat")
	f.DurationVar(&medium, "ai-medium", server.DefaultAITime["medium"], "think time of a medium AI seat")
	f.DurationVar(&hard, "ai-hard", server.DefaultAITime["hard"], "think time of a hard AI seat")
	f.IntVar(&aiConc, "ai-concurrency", 0, "AI searches running at once (0: one per CPU)")
	f.Float64Var(&rate, "rate", 20, "API requests per second allowed to one client address (0: no limit)")
	f.IntVar(&burst, "burst", 60, "burst of API requests allowed to one client address")
	f.StringVar(&logLevel, "log-level", "info", "log level: debug, info, warn, error")
	f.StringVar(&logFormat, "log-format", "text", "log format: text or json")
	return cmd
}
