package seidr

import (
	"context"
	"fmt"
	"time"

	"github.com/norns-games/norns/game"
)

// SearchAgent plays Seiðr chess with the Searcher; the ai package uses it
// for the medium and hard levels (through State.NewSearch). It keeps its
// Searcher, and so its transposition table, from one move to the next of
// a game, and clears it for another game.
type SearchAgent struct {
	searcher *Searcher
	cfg      SearchConfig
	bits     int
	nodes    int64
	budget   time.Duration
	depth    int
	seed     uint64
	last     Result
	game     game.GameMark // the game it saw last, to clear the table for a new one
}

// NewSearchAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth turns per move (zero: no bound),
// with a table of 2^tableBits entries.
func NewSearchAgent(cfg SearchConfig, nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *SearchAgent {
	return &SearchAgent{cfg: cfg, bits: tableBits, nodes: int64(nodes), budget: budget, depth: depth, seed: seed}
}

// NewSearch returns the search's agent for the ai package's levels: nodes,
// time and depth budgets as in NewSearchAgent, with a table that fits the
// budget (2^16 to 2^20 entries, 1 to 16 MB).
func (s *State) NewSearch(nodes int, budget time.Duration, depth int, seed uint64) interface {
	Choose(context.Context, game.State) (game.Action, error)
	LastSearch() (nodes, depth int)
} {
	return NewSearchAgent(DefaultSearchConfig, nodes, budget, depth, seed, game.TableBits(nodes))
}

// LastSearch returns the nodes and the depth, in turns, of the last search.
func (a *SearchAgent) LastSearch() (nodes, depth int) { return int(a.last.Nodes), a.last.Depth }

// LastResult returns the last search's result.
func (a *SearchAgent) LastResult() Result { return a.last }

// Choose searches a game of Seiðr chess for the player to move, in the
// quiet move (2A) or the call of steel (2C); it returns one of
// State.Legal's actions.
func (a *SearchAgent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	st, ok := gs.(*State)
	if !ok {
		return 0, fmt.Errorf("seidr: the search plays Seiðr chess, not %s", gs.Game().Name())
	}
	if st.Terminal() {
		return 0, fmt.Errorf("seidr: no decision to make: %w", game.ErrOver)
	}
	if st.cur.phase == Seidr {
		return 0, fmt.Errorf("seidr: no decision to make: the die is to be rolled")
	}
	legal := st.LegalMoves()
	if len(legal) == 0 {
		return 0, fmt.Errorf("seidr: no legal move")
	}
	same := a.game.Continues(st.start.pos.Hash(), st.log.Len())
	if a.searcher == nil || a.searcher.quietLimit != st.quietLimit || a.searcher.deadDraw != st.deadDraw {
		a.searcher = NewSearcher(a.cfg, a.bits, st.quietLimit, st.deadDraw, a.seed)
	} else if !same {
		a.searcher.Clear()
	}
	var deadline time.Time
	if a.budget > 0 {
		deadline = time.Now().Add(a.budget)
	}
	c := st.cur
	a.last = a.searcher.Search(ctx, &c, a.nodes, deadline, a.depth)
	// Only a legal move leaves: the search's move is checked against the
	// state's list.
	for _, m := range legal {
		if m == a.last.Move {
			return game.Action(m), nil
		}
	}
	return game.Action(legal[0]), nil
}
