package main

import (
	"fmt"
	"io"
	"norns/dice"
	"os"

	"github.com/spf13/cobra"

	"norns/games"
	"norns/server"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify RECORD",
		Short: "Check the dice and moves of a game record against its revealed seed",
		Long: `Read a Norns record (GET /api/games/{id}/record?format=norns; "-" reads
standard input), check the revealed server seed against the commitment,
recompute every roll from the seeds (docs/fair-dice.md), check every move is
legal and that the record's Status and Result tags are where the replay ends.

The record must be whole: every required tag (Game, Options, Scheme,
Commitment, Status, ServerSeed, a Seed tag per player), the blank line after
the tags, every line ended by a newline. When the game is over the record
must reveal the server seed and the events must end the game. A record of a
game not over yet has ServerSeed "?": its moves are checked, its rolls cannot
be, and verify says so and prints the commitment to compare later.

The exit status is 0 when the record verifies (or is of a game not over whose
moves are legal), 1 when anything does not match.`,
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
				fmt.Fprintf(out, "%s: not over yet: %d rolls cannot be checked until the server reveals its seed (commitment %s: keep it and verify the record again when the game is over); %s, %d events legal, %s\n",
					args[0], v.Rolls, v.Commitment, v.Game, v.Events, v.Status)
				return nil
			}
			caused := ""
			if v.Scheme != dice.SchemeV1 {
				caused = fmt.Sprintf(", %d of them with the nonce revealed by the move that caused them", v.Caused)
			}
			fmt.Fprintf(out, "%s: ok: %s, %d events legal, %d rolls match the revealed seed%s (commitment %s, the SHA-256 of server seed %s), %s\n",
				args[0], v.Game, v.Events, v.Rolls, caused, v.Commitment, v.ServerSeed, v.Result)
			return nil
		},
	}
}
