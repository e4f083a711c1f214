package luxumbra

import (
	"context"
	"fmt"
	"time"

	"github.com/norns-games/norns/game"
)

// SearchAgent plays Lux et Umbra with the Searcher; the ai package uses it
// for the medium and hard levels (through State.NewSearch). It keeps its
// Searcher, and so its transposition table, from one move to the next of
// a game, and clears it when it is given another game.
type SearchAgent struct {
	searcher *Searcher
	lim      Limits
	last     Result
	game     game.GameMark // the game it saw last, to clear the table for a new one
}

// NewSearchAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth single moves per move (zero: no
// bound; with none, depth 4), with a table of 2^tableBits entries.
func NewSearchAgent(nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *SearchAgent {
	return &SearchAgent{
		searcher: NewSearcher(tableBits, seed),
		lim:      Limits{Nodes: nodes, Time: budget, Depth: depth},
	}
}

// NewSearch returns the game's own search for the ai package's levels
// (ai.NativeSearcher): nodes, time and depth budgets as in NewSearchAgent,
// with a table that fits the budget (2^16 to 2^20 entries of 24 bytes).
func (s *State) NewSearch(nodes int, budget time.Duration, depth int, seed uint64) interface {
	Choose(context.Context, game.State) (game.Action, error)
	LastSearch() (nodes, depth int)
} {
	return NewSearchAgent(nodes, budget, depth, seed, game.TableBits(nodes))
}

// Searcher returns the agent's searcher.
func (a *SearchAgent) Searcher() *Searcher { return a.searcher }

// LastSearch returns the nodes and the depth of the last search.
func (a *SearchAgent) LastSearch() (nodes, depth int) { return a.last.Nodes, a.last.Depth }

// Choose searches the decision of a game of Lux et Umbra and returns one
// of its legal moves.
func (a *SearchAgent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	st, ok := gs.(*State)
	if !ok {
		return 0, fmt.Errorf("luxumbra: the search plays Lux et Umbra, not %s", gs.Game().Name())
	}
	if st.Terminal() || st.cur.d.roll > 0 || len(st.legal) == 0 {
		return 0, fmt.Errorf("luxumbra: no decision to make (%s)", game.Status(st))
	}
	start := st.start.pos.Hash() ^ diceKeys[st.start.d.key()]
	if !a.game.Continues(start, st.log.Len()) {
		a.searcher.Clear()
	}
	a.last = a.searcher.Search(ctx, st, a.lim)
	return game.Action(a.last.Move), nil
}
