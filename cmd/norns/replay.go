package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/lab"
)

func replayCmd() *cobra.Command {
	var (
		index   int
		variant string
		step    bool
	)
	cmd := &cobra.Command{
		Use:   "replay FILE|DIR",
		Short: "Show a game recorded by norns lab move by move",
		Long: `Replay a game of a study's games.jsonl: the board after every action and chance
outcome, then the result. FILE is a games.jsonl, DIR a study directory
holding one. --game-index picks the game (its index in the
study); with --compare studies --variant picks the variant ("balance=on"),
by default the first with that index. --step waits for Enter between moves.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if fi, err := os.Stat(path); err == nil && fi.IsDir() {
				path = filepath.Join(path, lab.GamesFile)
			}
			recs, err := lab.ReadFile(path)
			if err != nil {
				return err
			}
			var rec *lab.Record
			for i := range recs {
				r := &recs[i]
				if r.Index == index && (variant == "" || r.Variant == variant) {
					rec = r
					break
				}
			}
			if rec == nil {
				return fmt.Errorf("replay: %s has no game %d%s", args[0], index, map[bool]string{true: " of variant " + variant}[variant != ""])
			}
			g, err := games.ByName(rec.Game)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			in := bufio.NewReader(cmd.InOrStdin())
			seats := ""
			for i, s := range rec.Seats {
				if i > 0 {
					seats += ", "
				}
				seats += s
			}
			fmt.Fprintf(w, "%s, game %d %s(seed %d), seats: %s\n", g.Title(), rec.Index, variantLabel(rec.Variant), rec.Seed, seats)
			start, err := g.New(rec.Options)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\n%s\n", start.String())
			final, err := lab.Replay(g, &rec.Record, func(st lab.Step) error {
				who := "chance"
				if st.Player >= 0 {
					who = st.State.Players()[st.Player]
				}
				if st.Auto {
					who += ", by itself"
				}
				fmt.Fprintf(w, "\n%d. %s (%s)\n", st.Ply, st.Text, who)
				// A pass the game made by itself is already on the board
				// drawn after the action before it.
				if !st.Auto {
					fmt.Fprintf(w, "%s\n", st.State.String())
				}
				if step {
					if _, err := in.ReadString('\n'); err == io.EOF {
						step = false
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\n%s\n", describeRecord(final, rec))
			return nil
		},
	}
	cmd.Flags().IntVar(&index, "game-index", 0, "index of the game in the study")
	cmd.Flags().StringVar(&variant, "variant", "", "variant of a --compare study (option=value)")
	cmd.Flags().BoolVar(&step, "step", false, "wait for Enter after each move")
	return cmd
}

func variantLabel(v string) string {
	if v == "" {
		return ""
	}
	return v + " "
}

// describeRecord writes the game's result.
func describeRecord(s game.State, rec *lab.Record) string {
	if !s.Terminal() {
		return fmt.Sprintf("unfinished (%s) after %d actions", rec.Reason, len(rec.Actions))
	}
	return game.Describe(s)
}
