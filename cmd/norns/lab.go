package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/lab"
)

func labCmd() *cobra.Command {
	var (
		p          lab.Plan
		sets       []string
		compare    string
		agents     string
		workers    int
		shard      string
		out        string
		noProgress bool
	)
	cmd := &cobra.Command{
		Use:   "lab",
		Short: "Measure a game's balance with many AI games: win rates, first-player advantage, lengths",
		Long: `Play a balance study: many games between AI agents, with per-seat results,
the first player's advantage, game lengths and termination reasons, each
with its 95% interval, and optionally the difference between values of an
option (--compare). The study's directory gets games.jsonl (one line per
game, enough to replay it with norns replay), summary.json, report.md and
report.html (with charts).

Game i of a study has a seed derived from --seed and i, so a study gives the
same games whatever --workers is. Each game is appended to games.jsonl when
it ends: a stopped study (Ctrl-C) resumes where it was when run again with
the same command. --shard i/n plays the games whose index is i modulo n;
"norns lab merge" combines shard directories into the report of the whole
study.

In a pod of a Kubernetes Indexed Job, without --shard, the shard is
$JOB_COMPLETION_INDEX/$NORNS_SHARDS: the manifest sets NORNS_SHARDS to the
Job's completions (deploy/k8s/lab-job.yaml). An explicit --shard wins. See
docs/lab.md.

Agents: ` + lab.AgentHelp() + `.
One agent plays every seat; a list gives one per seat, rotated over the seats
game by game.`,
		Example: `  norns lab --game luxumbra --compare balance=off,on --agents medium --games 2000 --seed 1 --out lux-balance
  norns lab --game chess --agents easy,medium --games 200 --workers 2 --out chess-levels
  norns lab --game seatafl --agents easy --games 1000 --shard 0/4 --out shard0`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := completePlan(&p, sets, compare, agents); err != nil {
				return err
			}
			var err error
			cfg := lab.Config{Plan: p, Workers: workers, Dir: out}
			if cfg.Shard, err = shardOf(shard, os.Getenv, cmd.ErrOrStderr()); err != nil {
				return err
			}
			if strings.Contains(out, "$(") {
				return fmt.Errorf("--out %q: nothing expanded its $(…) (Kubernetes expands $(JOB_COMPLETION_INDEX) in a container's args; a shell wants $JOB_COMPLETION_INDEX)", out)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			lp := &labProgress{dir: out, game: p.Game, bar: !noProgress, start: time.Now()}
			cfg.OnStart, cfg.OnProgress = lp.onStart, lp.onProgress
			sum, err := lab.Run(ctx, cfg)
			lp.finish(workers)
			if sum != nil {
				printSummary(cmd, sum, out)
			}
			if err != nil && ctx.Err() != nil {
				return fmt.Errorf("stopped; run the same command again to resume")
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&p.Game, "game", "", "game to study (short name)")
	f.StringArrayVar(&sets, "set", nil, "game option as option=value for every game (repeatable)")
	f.StringVar(&compare, "compare", "", "option and the values to compare, as option=v1,v2,…")
	f.StringVar(&agents, "agents", "medium", "agent for every seat, or one per seat separated by commas")
	f.IntVar(&p.Games, "games", 100, "games per variant")
	f.Uint64Var(&p.Seed, "seed", 1, "study seed")
	f.IntVar(&p.MaxPlies, "max-plies", 5000, "stop a game after this many actions as unfinished")
	f.IntVar(&workers, "workers", 1, "games played at once")
	f.StringVar(&shard, "shard", "", "play only shard i/n: the games whose index is i modulo n (default: $JOB_COMPLETION_INDEX/$NORNS_SHARDS when set)")
	f.StringVar(&out, "out", "", "study directory (created; resumed when it holds the same study)")
	f.BoolVar(&noProgress, "no-progress", false, "do not draw the progress bar")
	_ = cmd.MarkFlagRequired("game")
	_ = cmd.MarkFlagRequired("out")
	cmd.AddCommand(labMergeCmd(), labReportCmd())
	return cmd
}

// completePlan sets p's options from the --set flags, its compared
// option and values from --compare (option=v1,v2,…) and its agents from
// --agents (comma-separated).
func completePlan(p *lab.Plan, sets []string, compare, agents string) error {
	var err error
	if p.Options, err = game.ParseOptions(sets); err != nil {
		return err
	}
	if len(p.Options) == 0 {
		p.Options = nil
	}
	if compare != "" {
		name, vals, ok := strings.Cut(compare, "=")
		if !ok || name == "" || vals == "" {
			return fmt.Errorf("--compare %q: want option=v1,v2,…", compare)
		}
		p.Compare, p.Values = name, strings.Split(vals, ",")
	}
	p.Agents = strings.Split(agents, ",")
	return nil
}

// labProgress tells on standard error how a study goes: what a resumed
// study holds, a progress bar (bar), and the rate at the end.
type labProgress struct {
	dir, game string
	bar       bool
	start     time.Time
	pb        *progressbar.ProgressBar
	played    int
}

func (lp *labProgress) onStart(todo, done int) {
	if done > 0 {
		fmt.Fprintf(os.Stderr, "%s holds %d games; playing the %d left\n", lp.dir, done, todo)
	}
	if lp.bar && todo > 0 {
		lp.pb = progressbar.NewOptions(todo,
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription(lp.game),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionFullWidth(),
			progressbar.OptionThrottle(200*time.Millisecond),
		)
	}
}

func (lp *labProgress) onProgress(done int) {
	lp.played = done
	if lp.pb != nil {
		_ = lp.pb.Set(done)
	}
}

// finish ends the bar and tells the rate of the games played.
func (lp *labProgress) finish(workers int) {
	if lp.pb != nil {
		_ = lp.pb.Exit()
		fmt.Fprintln(os.Stderr)
	}
	if el := time.Since(lp.start); lp.played > 0 {
		fmt.Fprintf(os.Stderr, "played %d games in %v: %.1f games per minute with %d workers\n",
			lp.played, el.Round(time.Second), float64(lp.played)/el.Minutes(), max(workers, 1))
	}
}

func labMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge DIR…",
		Short: "Combine the shards of a study into its whole report",
		Long: `Combine study directories of the same study (its shards, or copies) into a new
directory: every game once, in order, with the summary and the reports a
single run of the whole study would have written.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			sum, err := lab.Merge(out, dirs)
			if err != nil {
				return err
			}
			if miss := lab.MissingShards(dirs); len(miss) > 0 {
				names := make([]string, len(miss))
				for i, s := range miss {
					names[i] = s.String()
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: no directory holds shard %s: the merged study is partial; merge again with them (a Job with fewer completions than NORNS_SHARDS never plays the last shards)\n",
					strings.Join(names, ", "))
			}
			printSummary(cmd, sum, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "directory of the merged study")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

func labReportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "report DIR",
		Short: "Write a study's summary and reports again from its games",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sum, err := lab.Report(args[0])
			if err != nil {
				return err
			}
			printSummary(cmd, sum, args[0])
			return nil
		},
	}
}

// shardOf returns the shard of a run: the --shard flag when it is given,
// else the shard of a Kubernetes Indexed Job's pod from the environment
// (lab.ShardFromEnv), else the whole study. It says on log where a shard
// came from when the environment gave it or the flag overrode it.
func shardOf(flag string, getenv func(string) string, log io.Writer) (lab.Shard, error) {
	if flag != "" {
		s, err := lab.ParseShard(flag)
		if err == nil && getenv(lab.EnvIndex) != "" {
			fmt.Fprintf(log, "shard %s from --shard; %s=%s is ignored\n", s, lab.EnvIndex, getenv(lab.EnvIndex))
		}
		return s, err
	}
	s, ok, err := lab.ShardFromEnv(getenv)
	if err != nil || !ok {
		return lab.Shard{}, err
	}
	fmt.Fprintf(log, "shard %s from %s=%s and %s=%s\n", s, lab.EnvIndex, getenv(lab.EnvIndex), lab.EnvShards, getenv(lab.EnvShards))
	return s, nil
}

// printSummary writes the study's headline figures.
func printSummary(cmd *cobra.Command, s *lab.Summary, dir string) {
	w := cmd.OutOrStdout()
	for _, v := range s.Variants {
		name := v.Name
		if name == "" {
			name = s.Game
		}
		fmt.Fprintf(w, "%s: %d games (%d finished, %d unfinished, %d errors), %.1f moves per game\n",
			name, v.Games, v.Finished, v.Unfinished, v.Errors, v.Moves.Mean)
		for _, seat := range v.Seats {
			fmt.Fprintf(w, "  %-8s wins %5.1f%% [%.1f, %.1f]  draws %5.1f%%  losses %5.1f%%\n", seat.Name,
				100*seat.Wins.Rate, 100*seat.Wins.Lo, 100*seat.Wins.Hi, 100*seat.Draws.Rate, 100*seat.Losses.Rate)
		}
		fp := v.First
		fmt.Fprintf(w, "  first player wins %.1f%% [%.1f, %.1f] of %d decisive games (fair %.1f%%, p = %.4g)\n",
			100*fp.DecisiveWins.Rate, 100*fp.DecisiveWins.Lo, 100*fp.DecisiveWins.Hi, fp.Decisive, 100*fp.Fair, fp.P)
	}
	for _, c := range s.Comparisons {
		d := c.FirstWins
		fmt.Fprintf(w, "%s − %s: first player's share %+.1f points [%+.1f, %+.1f], p = %.4g\n",
			c.Variant, c.Baseline, 100*d.D, 100*d.Lo, 100*d.Hi, d.P)
	}
	fmt.Fprintf(w, "report: %s/%s\n", dir, lab.ReportHTML)
}
