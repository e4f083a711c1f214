// Command norns plays the Norns games: the engine protocol, perft, and (as
// they land) the server, the terminal client and the balance lab.
package main

import (
	"os"

	"github.com/spf13/cobra"
)

// version is the program's version, answered by `norns --version` and the
// engine protocol.
const version = "0.1.0"

func main() {
	if err := rootCmd().Execute(); err != nil {
		os.Exit(1)
	}
}

func rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "norns",
		Short:         "Norns plays Seiðr chess, Lux et Umbra, Samurai chess, Sea Hnefatafl and Nords Loki",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: false,
	}
	root.AddCommand(engineCmd(), perftCmd(), serveCmd(), verifyCmd(), arenaCmd(), playCmd(), migrateCmd(), loadtestCmd(), labCmd(), replayCmd(), uciCmd())
	return root
}
