package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/engine/uci"
)

func uciCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "uci",
		Short: "Play orthodox chess over the Universal Chess Interface",
		Long: `Speak the Universal Chess Interface (UCI) on standard input and output, so
that chess GUIs and match programs play Norns's chess engine: uci, isready,
ucinewgame, position (startpos or fen, then moves), go (wtime, btime, winc,
binc, movestogo, movetime, nodes, depth, infinite, searchmoves), stop and
quit. Input is read while the engine thinks; every error is one "info
string" line. The options Hash (megabytes of transposition table), Threads
(one thread only) and Move Overhead (milliseconds kept on the clock on
every move, default 10) are accepted; Level (hard, medium or easy) plays as the app's level
does (medium and easy search at most their nodes a move, easy with its
random margin), and Margin (centipawns) lets the engine play a move up to
that much worse than its best. UCI_Variant samurai plays Samurai chess:
position takes its notation (FEN with the cards in brackets after the
board) and its moves, and the app's level (Level) answers go.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return uci.New(uci.Config{Name: "Norns", Version: version}).Run(os.Stdin, cmd.OutOrStdout())
		},
	}
}
