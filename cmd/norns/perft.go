package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/games/chess"
)

func perftCmd() *cobra.Command {
	var (
		fen    string
		depth  int
		divide bool
		full   bool
	)
	cmd := &cobra.Command{
		Use:   "perft",
		Short: "Count the legal move tree of a chess position",
		Long: `Count the leaf nodes of the legal move tree of an orthodox chess position
to a depth, and the speed in nodes per second (one core). By default the
last ply is counted without being made (bulk counting); --full makes every
move down to the leaves. --divide prints the count below each root move.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := chess.ParseFEN(fen)
			if err != nil {
				return err
			}
			if err := p.Validate(); err != nil {
				return err
			}
			if depth < 1 || depth > 12 {
				return fmt.Errorf("--depth %d: want 1 to 12", depth)
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var nodes uint64
			if divide {
				for _, d := range chess.Divide(&p, depth) {
					fmt.Fprintf(out, "%s %d\n", d.Move, d.Nodes)
					nodes += d.Nodes
				}
			} else if full {
				nodes = chess.Perft(&p, depth)
			} else {
				nodes = chess.PerftBulk(&p, depth)
			}
			el := time.Since(start)
			fmt.Fprintf(out, "nodes %d\ntime %.3fs\nnps %.0f\n", nodes, el.Seconds(), float64(nodes)/el.Seconds())
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", chess.StartFEN, "position in FEN")
	cmd.Flags().IntVar(&depth, "depth", 5, "depth in plies (1 to 12)")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each root move")
	cmd.Flags().BoolVar(&full, "full", false, "make every move down to the leaves instead of counting the last ply")
	return cmd
}
