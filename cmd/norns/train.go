package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	nordslokisearch "github.com/norns-games/norns/games/nordsloki/search"
)

// Defaults of the train command: a run of four (two players) to six
// (three) minutes of one core of the development machine.
const (
	trainDefaultGames = 10000
	trainDefaultEvery = 1000
)

func trainCmd() *cobra.Command {
	var (
		gameName string
		players  int
		n        int
		seed     uint64
		out      string
		every    int
		alpha    float64
		lambda   float64
		from     string
		keep     bool
	)
	cmd := &cobra.Command{
		Use:   "train",
		Short: "Train a game's learned evaluation by self-play",
		Long: `Train the learned evaluation of Nords Loki, a small neural network, by
TD(λ) self-play: every player chooses its turns one ply ahead with the net
being trained, and the net learns after every turn. The run is
deterministic for its flags (one goroutine) and writes the weights to
--out, also at every checkpoint (--every games), so that a stopped run
keeps its latest; --keep writes each checkpoint to OUT.<games> as well.

The committed weights were made with

  norns train --game nordsloki --players 2 --games 10000 --seed 1 --out games/nordsloki/search/nets/p2.nln
  norns train --game nordsloki --players 3 --games 10000 --seed 1 --out games/nordsloki/search/nets/p3.nln`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if gameName != "nordsloki" {
				return fmt.Errorf("train: only nordsloki has a learned evaluation, not %q", gameName)
			}
			if out == "" {
				return fmt.Errorf("train: --out is required")
			}
			var start *nordslokisearch.Net
			if from != "" {
				data, err := os.ReadFile(from)
				if err != nil {
					return err
				}
				if start, err = nordslokisearch.ReadNet(data); err != nil {
					return fmt.Errorf("train: %s: %w", from, err)
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			w := cmd.ErrOrStderr()
			began := time.Now()
			fmt.Fprintf(w, "train nordsloki: %d players, %d games, seed %d\n", players, n, seed)
			nt, err := nordslokisearch.Train(ctx, nordslokisearch.TrainConfig{
				Players: players, Games: n, Seed: seed, Alpha: alpha, Lambda: lambda, Start: start, Every: every,
				OnCheckpoint: func(games int, nt *nordslokisearch.Net, st nordslokisearch.TrainStats) {
					fmt.Fprintf(w, "games %d/%d  turns/game %.1f  unfinished %d  |TD error| %.4f  %s\n",
						games, n, float64(st.Turns)/float64(st.Games), st.Unfinished, st.AbsError, time.Since(began).Round(time.Second))
					if werr := writeNet(out, nt); werr != nil {
						fmt.Fprintf(w, "train: %v\n", werr)
					}
					if keep {
						if werr := writeNet(fmt.Sprintf("%s.%d", out, games), nt); werr != nil {
							fmt.Fprintf(w, "train: %v\n", werr)
						}
					}
				},
			})
			if nt != nil {
				if werr := writeNet(out, nt); werr != nil {
					return werr
				}
				fmt.Fprintf(w, "wrote %s (%d inputs, %d hidden, %d outputs) in %s\n", out, nt.Inputs, nt.Hidden, nt.Players, time.Since(began).Round(time.Second))
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&gameName, "game", "nordsloki", "game to train (nordsloki)")
	f.IntVar(&players, "players", 2, "number of players (2 or 3)")
	f.IntVar(&n, "games", trainDefaultGames, "self-play games")
	f.Uint64Var(&seed, "seed", 1, "seed of the first weights and the dice")
	f.StringVar(&out, "out", "", "file to write the weights to")
	f.IntVar(&every, "every", trainDefaultEvery, "games between checkpoints and progress lines")
	f.Float64Var(&alpha, "alpha", 0, "learning rate (0: the default)")
	f.Float64Var(&lambda, "lambda", 0, "trace decay λ (0: the default; negative: 0)")
	f.StringVar(&from, "from", "", "weights file to train further instead of new random weights")
	f.BoolVar(&keep, "keep", false, "also write each checkpoint to OUT.<games>")
	return cmd
}

// writeNet writes a net's weights to a file, through a temporary file so
// that a reader never sees half of it.
func writeNet(path string, nt *nordslokisearch.Net) error {
	var buf bytes.Buffer
	if _, err := nt.WriteTo(&buf); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

var _ io.WriterTo = (*nordslokisearch.Net)(nil)
