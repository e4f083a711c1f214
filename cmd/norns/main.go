// Command norns plays the Norns games: the engine protocol, perft, and (as
// they land) the server, the terminal client and the balance lab.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// version is the program's version, answered by `norns --version` and the
// engine protocol.
const version = "0.1.0"

func main() {
	l := cliLang(os.Args[1:])
	root := rootCmd()
	localize(root, l)
	if c, err := root.ExecuteC(); err != nil {
		fmt.Fprintln(os.Stderr, errorText(l, c, err))
		os.Exit(1)
	}
}

func rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "norns",
		Short:         "Norns plays Seiðr chess, Lux et Umbra, Samurai chess, Sea Hnefatafl and Nords Loki",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true, // main prints them, in the language of the command line
	}
	root.PersistentFlags().String("lang", "", "language of the command line and the screens: en or ru (default from LC_ALL, LC_MESSAGES or LANG)")
	root.AddCommand(engineCmd(), perftCmd(), serveCmd(), verifyCmd(), arenaCmd(), playCmd(), migrateCmd(), loadtestCmd(), labCmd(), replayCmd(), uciCmd(), trainCmd(), otepCmd(), analyzeCmd(), loginCmd())
	return root
}
