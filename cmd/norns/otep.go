package main

import (
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/engine/otep"
)

func otepCmd() *cobra.Command {
	var level string
	var moveTime time.Duration
	cmd := &cobra.Command{
		Use:   "otep",
		Short: "Play tafl inside OpenTafl over the OpenTafl Engine Protocol",
		Long: `Speak the OpenTafl Engine Protocol (OTEP) on standard input and output, so
that OpenTafl plays Norns's tafl AI as an external engine. The engine says
hello, then follows OpenTafl's commands: rules (an OpenTafl Notation rules
string: a Norns preset or any other rules the tafl engine plays; others are
answered with error 0), position, side, start, clock (milliseconds), play
(answered with move), move (OpenTafl's acknowledgement), opponent-move,
analyze (answered with analysis), error, finish and goodbye. Moves are
written in simple notation (a4-a1) and read in simple or full notation;
positions are OpenTafl Notation position records, rank 1 first.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			e, err := otep.New(otep.Config{Level: level, MoveTime: moveTime})
			if err != nil {
				return err
			}
			return e.Run(os.Stdin, cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&level, "level", "hard", "strength of the AI: easy, medium or hard")
	cmd.Flags().DurationVar(&moveTime, "time", 0, "most time to think per move (default: the level's)")
	return cmd
}
