package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/norns-games/norns/analysis"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/record"
)

func analyzeCmd() *cobra.Command {
	var (
		cfg        analysis.Config
		asJSON     bool
		noProgress bool
	)
	cmd := &cobra.Command{
		Use:   "analyze RECORD",
		Short: "Look back at a game: each move's win probability, its mistakes and blunders, and the luck of the dice",
		Long: `Read a Norns record (GET /api/games/{id}/record?format=norns or format=json;
"-" reads standard input), replay it as norns verify does, and look back at
every action of the game: each player's win probability before and after it,
the AI's preferred move where it differs from the move played, and the moves
that lost most in win probability marked ?! (an inaccuracy, 0.1), ? (a
mistake, 0.2) or ?? (a blunder, 0.3). In the dice games a roll's luck is the
win probability the roll gave each player against the expectation over all
its outcomes, apart from the skill of the choices. The summary gives each
player's accuracy, the win probability their choices lost and their luck.

The analysis is reproducible: the AI searches a fixed --budget and the
positions are valued by a search --depth plies deep (docs/api.md,
package analysis).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var r io.Reader = cmd.InOrStdin()
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				r = f
			}
			rec, err := record.Parse(r)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			v, err := record.Verify(rec, games.All)
			if err != nil {
				return verifyError(cmdLang(cmd), args[0], err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			var bar *progressbar.ProgressBar
			if !noProgress {
				bar = progressbar.NewOptions(len(v.State.History()),
					progressbar.OptionSetWriter(os.Stderr),
					progressbar.OptionSetDescription(v.Game),
					progressbar.OptionShowCount(),
					progressbar.OptionSetPredictTime(true),
					progressbar.OptionClearOnFinish(),
				)
			}
			for _, l := range v.Left {
				cfg.Forfeits = append(cfg.Forfeits, analysis.Forfeit{Ply: l.Ply, Player: l.Player})
			}
			an, err := analysis.Analyze(ctx, v.State, cfg, func(done, total int) {
				if bar != nil {
					_ = bar.Set(done)
				}
			})
			if bar != nil {
				_ = bar.Finish()
			}
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				e := json.NewEncoder(out)
				e.SetIndent("", "  ")
				return e.Encode(an)
			}
			writeAnalysis(out, an, cmdLang(cmd))
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&cfg.Budget, "budget", 20000, "the AI's search for its preferred move, in nodes (an MCTS search makes a twentieth of it in iterations)")
	f.IntVar(&cfg.Depth, "depth", 2, "plies of the search that values the positions")
	f.Uint64Var(&cfg.Seed, "seed", 1, "seed of the AI's search")
	f.BoolVar(&asJSON, "json", false, "print the analysis as JSON")
	f.BoolVar(&noProgress, "no-progress", false, "do not draw the progress bar")
	return cmd
}

// markSign is a mark as annotators write it.
func markSign(m string) string {
	switch m {
	case analysis.MarkInaccuracy:
		return "?!"
	case analysis.MarkMistake:
		return "?"
	case analysis.MarkBlunder:
		return "??"
	}
	return ""
}

// pct writes a probability in percent.
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// writeAnalysis prints the table of the steps and the summary in
// language l: its headings, the players, the marks and the notes.
func writeAnalysis(w io.Writer, an *analysis.Analysis, l i18n.Lang) {
	player := func(name string) string {
		if l == i18n.English {
			return name
		}
		return i18n.Player(l, name)
	}
	row := func(key string) string { return i18n.T(l, key) + "\t\n" }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, row("cli.analyze.columns"))
	for _, st := range an.Steps {
		if st.Chance {
			var luck []string
			for j, lk := range st.Luck {
				luck = append(luck, fmt.Sprintf("%s %+.0f%%", player(an.Players[j]), 100*lk))
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t\t\t\t%s\t\n", st.Ply+1, player(st.Player), st.Move, i18n.T(l, "cli.analyze.luck", "list", strings.Join(luck, ", ")))
			continue
		}
		j := indexOf(an.Players, st.Player)
		best, m := st.Best, markSign(st.Mark)
		switch {
		case st.Forced:
			m = i18n.T(l, "cli.analyze.forced")
		case m != "" && l == i18n.English:
			m += " " + st.Mark
		case m != "":
			m += " " + i18n.T(l, "analysis.mark."+st.Mark)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", st.Ply+1, player(st.Player), st.Move, pct(st.Before[j]), pct(st.After[j]), best, m)
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "\n"+i18n.T(l, "cli.analyze.legend"))
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, row("cli.analyze.summary"))
	for _, s := range an.Summary {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%d\t%d\t%d\t%.0f%%\t%+.0f%%\t\n", player(s.Player), s.Moves, s.Accuracy, s.Inaccuracies, s.Mistakes, s.Blunders, 100*s.Loss, 100*s.Luck)
	}
	_ = tw.Flush()
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return 0
}
