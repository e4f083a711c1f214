package search

import (
	"context"
	"time"

	"norns/ai"
	"norns/game"
	"norns/games/tafl"
)

// Native is the tafl games' own search for the ai package's levels
// (ai.Native; games/searches lists it for every tafl game).
var Native = ai.Native{Search: NewLevelSearch}

// NewLevelSearch returns the engine's agent for the ai package's levels:
// budgets as in tafl.NewSearchAgent, with a table that fits the budget
// (2^16 to 2^20 entries of 16 bytes).
func NewLevelSearch(_ game.State, nodes int, budget time.Duration, depth int, seed uint64) ai.Searcher {
	return &Agent{SearchAgent: tafl.NewSearchAgent(nodes, budget, depth, seed, game.TableBits(nodes))}
}

// Agent is the engine's agent (tafl.SearchAgent) as an ai.Searcher.
type Agent struct {
	*tafl.SearchAgent
	stats ai.Stats
}

// Choose searches the position for the side to move.
func (a *Agent) Choose(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	act, err := a.SearchAgent.Choose(ctx, s)
	nodes, depth := a.LastSearch()
	a.stats = ai.Stats{Iterations: nodes, Depth: depth, Elapsed: time.Since(start)}
	return act, err
}

// LastStats returns the nodes, the depth and the time of the last search.
func (a *Agent) LastStats() ai.Stats { return a.stats }
