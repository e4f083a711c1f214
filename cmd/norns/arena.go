package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// arenaHelp is the long help of norns arena.
const arenaHelp = `Play games between two (or three) agents, in every seat order, in parallel,
and print wins, draws and losses, the score with its 95% confidence interval
and the Elo difference with its interval.

An agent is a level (easy, medium, hard), random, greedy, or an algorithm
(mcts, alphabeta), optionally followed by settings after a colon:
  hard                      the hard level with its time budget
  medium:iters=2000         the medium level's algorithm with 2000 iterations
                            (MCTS) or nodes (alpha-beta) per move
  alphabeta:depth=3         alpha-beta to depth 3
  mcts:iters=500,expand=one,playout=8
                            MCTS with 500 iterations, one new node and an
                            8-ply playout each (expand=all, the default in
                            games with an evaluation, scores every child
                            by the evaluation instead of playing out)
Settings: time, iters, depth, workers, playout, explore, expand, algo, seed.

With iteration, node or depth budgets the run is reproducible from --seed
whatever --workers is; with time budgets it depends on the machine.`

func arenaCmd() *cobra.Command {
	var (
		gameName   string
		sets       []string
		a, b, c    string
		n          int
		workers    int
		seed       uint64
		maxPlies   int
		noProgress bool
		records    string
	)
	cmd := &cobra.Command{
		Use:   "arena",
		Short: "Play AI against AI and report the score",
		Long:  arenaHelp,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := games.ByName(gameName)
			if err != nil {
				return err
			}
			opts, err := setOptions(sets)
			if err != nil {
				return err
			}
			es, err := entrants(a, b, c)
			if err != nil {
				return err
			}
			var out *json.Encoder
			if records != "" {
				f, err := os.Create(records)
				if err != nil {
					return err
				}
				defer f.Close()
				out = json.NewEncoder(f)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			var bar *progressbar.ProgressBar
			if !noProgress {
				bar = arenaBar(n, gameName)
			}
			sum, err := arena.Run(ctx, arena.Config{
				Game: g, Options: opts, Entrants: es, Games: n, Workers: workers,
				Seed: seed, MaxPlies: maxPlies,
				OnGame: func(r arena.Record) {
					if out != nil {
						_ = out.Encode(r)
					}
				},
				OnProgress: func(done, total int) {
					if bar != nil {
						_ = bar.Set(done)
					}
				},
			})
			if bar != nil {
				_ = bar.Finish()
			}
			if sum != nil {
				fmt.Fprint(cmd.OutOrStdout(), sum.String())
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&gameName, "game", "", "game to play (short name)")
	f.StringArrayVar(&sets, "set", nil, "game option as option=value (repeatable)")
	f.StringVar(&a, "a", "hard", "first agent")
	f.StringVar(&b, "b", "random", "second agent")
	f.StringVar(&c, "c", "", "third agent (three-player games)")
	f.IntVar(&n, "games", 20, "number of games")
	f.IntVar(&workers, "workers", 1, "games played at once")
	f.Uint64Var(&seed, "seed", 1, "run seed")
	f.IntVar(&maxPlies, "max-plies", 5000, "stop a game after this many actions as unfinished")
	f.BoolVar(&noProgress, "no-progress", false, "do not draw the progress bar")
	f.StringVar(&records, "records", "", "write every game's record to this file, one JSON object a line")
	_ = cmd.MarkFlagRequired("game")
	return cmd
}

// arenaBar is the progress bar of n games of gameName, on standard error.
func arenaBar(n int, gameName string) *progressbar.ProgressBar {
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(gameName),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
}

// setOptions are the game options of the --set flags (option=value).
func setOptions(sets []string) (game.Options, error) {
	opts := game.Options{}
	for _, kv := range sets {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("--set %q: want option=value", kv)
		}
		opts[k] = v
	}
	return opts, nil
}

// entrants are the agents of the specs given (empty ones skipped); an
// agent named as one before it gets its position after a #.
func entrants(specs ...string) ([]arena.Entrant, error) {
	var es []arena.Entrant
	for _, spec := range specs {
		if spec == "" {
			continue
		}
		e, err := arena.Spec(spec)
		if err != nil {
			return nil, err
		}
		if slicesContainsName(es, e.Name) {
			e.Name += fmt.Sprintf("#%d", len(es)+1)
		}
		es = append(es, e)
	}
	return es, nil
}

func slicesContainsName(es []arena.Entrant, name string) bool {
	for _, e := range es {
		if e.Name == name {
			return true
		}
	}
	return false
}
