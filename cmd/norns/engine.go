package main

import (
	"context"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/cobra"

	"norns/ai"
	"norns/engine"
	"norns/game"
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
			e, err := engine.New(engine.Config{Games: games.All, Agent: genmove, Name: "norns", Version: version})
			if err != nil {
				return err
			}
			return e.Run(os.Stdin, cmd.OutOrStdout())
		},
	}
}

// genmove answers the engine's genmove with the AI of the requested level
// (medium by default), seeded from the engine's generator.
func genmove(s game.State, p engine.GenmoveParams, rng *rand.Rand) (game.Action, error) {
	level := p.Level
	if level == "" {
		level = "medium"
	}
	agent, err := ai.New(ai.Config{
		Level:      level,
		Time:       time.Duration(p.TimeMs) * time.Millisecond,
		Iterations: p.Playouts,
		Seed:       rng.Uint64(),
	})
	if err != nil {
		return 0, err
	}
	return agent.Choose(context.Background(), s)
}
