package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/engine"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/searches"
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
			g := &genmover{}
			e, err := engine.New(engine.Config{Games: games.All, Agent: g.genmove, Name: "norns", Version: version})
			if err != nil {
				return err
			}
			return e.Run(os.Stdin, cmd.OutOrStdout())
		},
	}
}

// genmover answers the engine's genmove with the AI of the requested level
// (medium by default), seeded from the engine's generator. It keeps its
// agent, and so what the agent learnt (a transposition table, a tree),
// from one genmove to the next of a game: a new agent comes with another
// game, level or budget, or when the game is shorter than at the last
// genmove (a new game, an undo).
type genmover struct {
	agent ai.Agent
	key   string
	plies int
}

func (g *genmover) genmove(s game.State, p engine.GenmoveParams, rng *rand.Rand) (game.Action, error) {
	level := p.Level
	if level == "" {
		level = "medium"
	}
	key := fmt.Sprintf("%s %s %d %d", s.Game().Name(), level, p.TimeMs, p.Playouts)
	plies := len(s.History())
	if g.agent == nil || key != g.key || plies < g.plies {
		agent, err := searches.NewAgent(ai.Config{
			Level:      level,
			Time:       time.Duration(p.TimeMs) * time.Millisecond,
			Iterations: p.Playouts,
			Seed:       rng.Uint64(),
		})
		if err != nil {
			return 0, err
		}
		g.agent, g.key = agent, key
	}
	g.plies = plies
	return g.agent.Choose(context.Background(), s)
}
