package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/loadtest"
	"github.com/norns-games/norns/store"
)

func loadtestCmd() *cobra.Command {
	var (
		urls, names     []string
		metrics         []string
		games, idle     int
		duration, think time.Duration
		allowRemote     bool
		db              string
		seed            uint64
		asJSON          bool
		cpuProfile      string
	)
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Play many games against norns serve with WebSocket clients and measure it",
		Long: `Play --games games at once against one or more norns serve instances for
--duration: every seat is a client of its own that follows the game's WebSocket
feed and sends a random legal action on its turn (after --think); a finished
game is followed by a new one, cycling through every game of the catalog.
With several --url the clients of each game are spread over the instances.

It prints moves/s, the move round trip (sent → the opponent's feed delivers
it) at p50/p95/p99/max, errors, the CPU seconds per 1,000 moves of the
servers (read from their metrics: start each with --metrics-addr and pass
the addresses as --metrics) and of the clients, each server's peak resident
memory, and then checks every game's log (in the store of
--db, else through the API) against what the clients played: no move lost,
none unexpected. The exit status is 1 when there were errors, lost or
unexpected moves.

With --idle N it first creates N games without clients and reports the memory
an idle game takes on the first instance, read from its metrics: start that
instance with --metrics-addr and pass the address as --metrics.

Only loopback URLs are accepted unless --allow-remote. Run the servers with
--rate 0 --conns-per-addr 0: the load comes from one address.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list, mlist := splitList(urls), splitList(metrics)
			for _, u := range list {
				if err := loadtest.CheckURL(u, allowRemote); err != nil {
					return err
				}
			}
			if len(mlist) > len(list) {
				return fmt.Errorf("loadtest: %d --metrics URLs for %d --url", len(mlist), len(list))
			}
			for _, u := range mlist {
				if _, err := loadtest.MetricsURL(u, allowRemote); err != nil {
					return err
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			cfg := loadtest.Config{
				URLs: list, Metrics: mlist, Games: games, Duration: duration, Think: think, Names: names,
				AllowRemote: allowRemote, IdleGames: idle, Seed: seed, Log: cmd.ErrOrStderr(),
			}
			if db != "" {
				st, err := store.Open(ctx, db)
				if err != nil {
					return err
				}
				defer st.Close()
				cfg.Store = st
			}
			if cpuProfile != "" {
				f, err := os.Create(cpuProfile)
				if err != nil {
					return fmt.Errorf("loadtest: --cpuprofile: %w", err)
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					return fmt.Errorf("loadtest: --cpuprofile: %w", err)
				}
			}
			rep, err := loadtest.Run(ctx, cfg)
			if cpuProfile != "" {
				pprof.StopCPUProfile()
			}
			if err != nil {
				return err
			}
			if asJSON {
				if err := printJSON(cmd, cfg, rep); err != nil {
					return err
				}
			} else {
				printReport(cmd, cfg, rep)
			}
			if rep.Errors > 0 || rep.Lost > 0 || rep.Unexpected > 0 {
				return fmt.Errorf("loadtest: %d errors, %d lost and %d unexpected moves", rep.Errors, rep.Lost, rep.Unexpected)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&urls, "url", []string{"http://127.0.0.1:8080"}, "base URL of an instance (repeat, or separate with commas)")
	f.IntVar(&games, "games", 10, "games played at once (one client per seat)")
	f.DurationVar(&duration, "duration", 10*time.Second, "measured time")
	f.DurationVar(&think, "think", 0, "each client's pause before a move (±25%)")
	f.StringSliceVar(&names, "game", nil, "games to play in turn (default: every game of the catalog)")
	f.BoolVar(&allowRemote, "allow-remote", false, "allow URLs outside the loopback network")
	f.StringVar(&db, "db", "", "check the logs in this store (SQLite file or postgres:// URL) instead of through the API")
	f.StringSliceVar(&metrics, "metrics", nil, "metrics URL of each instance, in the order of --url (norns serve --metrics-addr; the path /metrics is added when missing)")
	f.IntVar(&idle, "idle", 0, "idle games created first, to measure the memory of an idle game (needs --metrics)")
	f.Uint64Var(&seed, "seed", 1, "seed of the clients' choices")
	f.BoolVar(&asJSON, "json", false, "print the report as one JSON object")
	f.StringVar(&cpuProfile, "cpuprofile", "", "write the clients' CPU profile to this file (go tool pprof)")
	return cmd
}

func printReport(cmd *cobra.Command, cfg loadtest.Config, r *loadtest.Report) {
	w := cmd.OutOrStdout()
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	fmt.Fprintf(w, "instances:    %s\n", strings.Join(cfg.URLs, " "))
	fmt.Fprintf(w, "games:        %d at once, %d played, %d finished\n", cfg.Games, r.Games, r.Finished)
	fmt.Fprintf(w, "clients:      %d connected at most\n", r.Clients)
	fmt.Fprintf(w, "setup:        %s\n", r.Setup.Round(time.Millisecond))
	fmt.Fprintf(w, "moves:        %d in %s: %.0f moves/s\n", r.Moves, r.Elapsed.Round(time.Millisecond), r.MovesPerSec)
	fmt.Fprintf(w, "round trip:   p50 %s, p95 %s, p99 %s, max %s (%d measured)\n", ms(r.P50), ms(r.P95), ms(r.P99), ms(r.Max), r.RoundTrips)
	fmt.Fprintf(w, "errors:       %d\n", r.Errors)
	for _, s := range r.ErrorSamples {
		fmt.Fprintf(w, "  %s\n", s)
	}
	fmt.Fprintf(w, "reconnects:   %d\n", r.Reconnects)
	if r.ServerMeasured {
		peaks := make([]string, len(r.ServerPeakRSS))
		for i, p := range r.ServerPeakRSS {
			peaks[i] = fmt.Sprintf("%.0f MB", p/1e6)
		}
		fmt.Fprintf(w, "server CPU:   %.3f s per 1,000 moves (%.1f s in all); peak resident %s\n", r.CPUPer1000(r.ServerCPU), r.ServerCPU.Seconds(), strings.Join(peaks, ", "))
	} else {
		fmt.Fprintf(w, "server CPU:   not measured (start each instance with --metrics-addr and pass those addresses as --metrics)\n")
	}
	if r.ClientMeasured {
		fmt.Fprintf(w, "client CPU:   %.3f s per 1,000 moves (%.1f s in all)\n", r.CPUPer1000(r.ClientCPU), r.ClientCPU.Seconds())
	}
	fmt.Fprintf(w, "logs checked: %d games: %d lost, %d unexpected moves\n", r.Checked, r.Lost, r.Unexpected)
	for _, s := range r.Problems {
		fmt.Fprintf(w, "  %s\n", s)
	}
	switch {
	case r.IdleMeasured:
		fmt.Fprintf(w, "idle game:    %.0f bytes of Go heap, %.0f bytes resident (%d games)\n", r.IdleHeapPerGame, r.IdleRSSPerGame, cfg.IdleGames)
	case cfg.IdleGames > 0:
		fmt.Fprintf(w, "idle game:    not measured (no --metrics URL)\n")
	}
}

// jsonReport is the report of --json: times in milliseconds or seconds as
// their names say, memory in bytes; the server's figures are null when
// not measured.
type jsonReport struct {
	Instances            []string  `json:"instances"`
	GamesAtOnce          int       `json:"games_at_once"`
	Games                int       `json:"games"`
	Finished             int       `json:"finished"`
	Clients              int       `json:"clients"`
	SetupS               float64   `json:"setup_s"`
	ElapsedS             float64   `json:"elapsed_s"`
	Moves                int64     `json:"moves"`
	MovesPerS            float64   `json:"moves_per_s"`
	P50MS                float64   `json:"p50_ms"`
	P95MS                float64   `json:"p95_ms"`
	P99MS                float64   `json:"p99_ms"`
	MaxMS                float64   `json:"max_ms"`
	RoundTrips           int       `json:"round_trips"`
	Errors               int64     `json:"errors"`
	ErrorSamples         []string  `json:"error_samples"`
	Reconnects           int64     `json:"reconnects"`
	Checked              int       `json:"checked"`
	Lost                 int       `json:"lost"`
	Unexpected           int       `json:"unexpected"`
	Problems             []string  `json:"problems"`
	ServerCPUS           *float64  `json:"server_cpu_s"`
	ServerCPUSPer1000    *float64  `json:"server_cpu_s_per_1000_moves"`
	ServerPeakRSSBytes   []float64 `json:"server_peak_rss_bytes"`
	ClientCPUS           *float64  `json:"client_cpu_s"`
	ClientCPUSPer1000    *float64  `json:"client_cpu_s_per_1000_moves"`
	IdleHeapBytesPerGame *float64  `json:"idle_heap_bytes_per_game"`
	IdleRSSBytesPerGame  *float64  `json:"idle_rss_bytes_per_game"`
	IdleCollected        *bool     `json:"idle_collected,omitempty"`
}

// printJSON prints the report as one JSON object.
func printJSON(cmd *cobra.Command, cfg loadtest.Config, r *loadtest.Report) error {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	ptr := func(x float64) *float64 { return &x }
	j := jsonReport{
		Instances: cfg.URLs, GamesAtOnce: cfg.Games, Games: r.Games, Finished: r.Finished, Clients: r.Clients,
		SetupS: r.Setup.Seconds(), ElapsedS: r.Elapsed.Seconds(), Moves: r.Moves, MovesPerS: r.MovesPerSec,
		P50MS: ms(r.P50), P95MS: ms(r.P95), P99MS: ms(r.P99), MaxMS: ms(r.Max), RoundTrips: r.RoundTrips,
		Errors: r.Errors, ErrorSamples: r.ErrorSamples, Reconnects: r.Reconnects,
		Checked: r.Checked, Lost: r.Lost, Unexpected: r.Unexpected, Problems: r.Problems,
	}
	if r.ServerMeasured {
		j.ServerCPUS, j.ServerCPUSPer1000, j.ServerPeakRSSBytes = ptr(r.ServerCPU.Seconds()), ptr(r.CPUPer1000(r.ServerCPU)), r.ServerPeakRSS
	}
	if r.ClientMeasured {
		j.ClientCPUS, j.ClientCPUSPer1000 = ptr(r.ClientCPU.Seconds()), ptr(r.CPUPer1000(r.ClientCPU))
	}
	if r.IdleMeasured {
		j.IdleHeapBytesPerGame, j.IdleRSSBytesPerGame, j.IdleCollected = ptr(r.IdleHeapPerGame), ptr(r.IdleRSSPerGame), &r.IdleCollected
	}
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// splitList splits the values of a repeated flag at commas too, dropping
// empty ones.
func splitList(values []string) []string {
	var out []string
	for _, v := range values {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
