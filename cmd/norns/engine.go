package main

import (
	"os"

	"github.com/spf13/cobra"

	"norns/engine"
	"norns/games"
)

func engineCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "engine",
		Short: "Speak the engine protocol on standard input and output",
		Long: `Speak the Norns engine protocol (GTP framing) on standard input and output,
so that scripts and other programs can play every game. Type list_commands
for the commands; see the engine package documentation for each one.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			e, err := engine.New(engine.Config{Games: games.All, Name: "norns", Version: version})
			if err != nil {
				return err
			}
			return e.Run(os.Stdin, cmd.OutOrStdout())
		},
	}
}
