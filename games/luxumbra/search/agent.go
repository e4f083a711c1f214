package search

import (
	"context"
	"fmt"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/luxumbra"
)

// Agent plays Lux et Umbra with the Searcher; the ai package uses it
// for the medium and hard levels (through Native). It keeps its
// Searcher, and so its transposition table, from one move to the next of
// a game, and clears it when it is given another game.
type Agent struct {
	searcher *Searcher
	lim      Limits
	last     Result
	stats    ai.Stats
	game     game.GameMark // the game it saw last, to clear the table for a new one
}

// NewAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth single moves per move (zero: no
// bound; with none, depth 4), with a table of 2^tableBits entries.
func NewAgent(nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *Agent {
	return &Agent{
		searcher: NewSearcher(tableBits, seed),
		lim:      Limits{Nodes: nodes, Time: budget, Depth: depth},
	}
}

// Native is Lux et Umbra's own search for the ai package's levels
// (ai.Native; games/searches lists it).
var Native = ai.Native{Search: NewLevelSearch}

// NewLevelSearch returns the game's own search for the ai package's levels
// (Native): nodes, time and depth budgets as in NewAgent,
// with a table that fits the budget (2^16 to 2^20 entries of 24 bytes).
func NewLevelSearch(s game.State, nodes int, budget time.Duration, depth int, seed uint64) ai.Searcher {
	return NewAgent(nodes, budget, depth, seed, game.TableBits(nodes))
}

// Searcher returns the agent's searcher.
func (a *Agent) Searcher() *Searcher { return a.searcher }

// LastStats returns the nodes, the depth and the time of the last search.
func (a *Agent) LastStats() ai.Stats { return a.stats }

// Choose searches the decision of a game of Lux et Umbra and returns one
// of its legal moves.
func (a *Agent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	start := time.Now()
	st, ok := gs.(*luxumbra.State)
	if !ok {
		return 0, fmt.Errorf("luxumbra: the search plays Lux et Umbra, not %s", gs.Game().Name())
	}
	if st.Terminal() || st.Rolled().Roll > 0 || len(st.LegalMoves()) == 0 {
		return 0, fmt.Errorf("luxumbra: no decision to make (%s)", game.Status(st))
	}
	if !a.game.Continues(st.StartHash(), st.HistoryLen()) {
		a.searcher.Clear()
	}
	a.last = a.searcher.Search(ctx, st, a.lim)
	a.stats = ai.Stats{Iterations: a.last.Nodes, Depth: a.last.Depth, Elapsed: time.Since(start)}
	return game.Action(a.last.Move), nil
}
