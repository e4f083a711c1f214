package search

import (
	"context"
	"time"

	"norns/ai"
	"norns/game"
	"norns/games/nordsloki"
)

// Native is Nords Loki's own player for the ai package's levels, the
// learned evaluation (ai.Native; games/searches lists it).
var Native = ai.Native{Search: NewLevelSearch}

// NewLevelSearch returns nordsloki.NewNetSearch for s as an ai.Searcher,
// or nil where the game has no net for the options of s (konungs off).
func NewLevelSearch(s game.State, nodes int, budget time.Duration, depth int, _ uint64) ai.Searcher {
	st, ok := s.(*nordsloki.State)
	if !ok {
		return nil
	}
	n := nordsloki.NewNetSearch(st, nodes, budget, depth)
	if n == nil {
		return nil
	}
	return &Agent{NetSearch: n}
}

// Agent is the net's player (nordsloki.NetSearch) as an ai.Searcher.
type Agent struct {
	*nordsloki.NetSearch
	stats ai.Stats
}

// Choose picks the step of the best turn the net finds.
func (a *Agent) Choose(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	act, err := a.NetSearch.Choose(ctx, s)
	nodes, depth := a.LastSearch()
	a.stats = ai.Stats{Iterations: nodes, Depth: depth, Elapsed: time.Since(start)}
	return act, err
}

// LastStats returns the depth, in plies, and the time of the last search
// (no node count: the net values whole turns).
func (a *Agent) LastStats() ai.Stats { return a.stats }
