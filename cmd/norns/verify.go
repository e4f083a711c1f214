package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"norns/games"
	"norns/server"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify RECORD",
		Short: "Check the dice of a game record against its revealed seed",
		Long: `Read a Norns record (GET /api/games/{id}/record?format=norns; "-" reads
standard input), check the revealed server seed against the commitment,
recompute every roll from the seeds (docs/fair-dice.md), check every move is
legal, and say whether the record matches. The exit status is 1 when it does
not.`,
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
			rec, err := server.ParseRecord(r)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			v, err := server.Verify(rec, games.All)
			if err != nil {
				return fmt.Errorf("%s: does not match: %w", args[0], err)
			}
			out := cmd.OutOrStdout()
			if !v.Revealed {
				fmt.Fprintf(out, "%s: %s, %d events legal; the server seed is not revealed yet (game not over), %d rolls not checked\n", args[0], v.Game, v.Events, v.Rolls)
				return nil
			}
			fmt.Fprintf(out, "%s: ok: %s, %d events legal, %d rolls match the revealed seed, %s\n", args[0], v.Game, v.Events, v.Rolls, v.Status)
			return nil
		},
	}
}
