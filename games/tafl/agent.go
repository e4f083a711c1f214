package tafl

import (
	"context"
	"errors"
	"fmt"
	"time"

	"norns/game"
)

// SearchAgent plays a tafl game with the Searcher; the ai package uses it
// for the medium and hard levels (through State.NewSearch). It keeps its
// Searcher, and so its transposition table, from one move to the next, and
// starts afresh when it sees another game.
type SearchAgent struct {
	searcher *Searcher
	bits     int
	seed     uint64
	lim      Limits
	last     SearchInfo
	game     game.GameMark // the game it saw last, to start afresh for a new one
}

// NewSearchAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth plies per move (zero: no bound of
// that kind), with a table of 2^tableBits entries.
func NewSearchAgent(nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *SearchAgent {
	return &SearchAgent{bits: tableBits, seed: seed, lim: Limits{Nodes: int64(nodes), Depth: depth, Time: budget}}
}

// LastSearch returns the nodes and the depth of the last search.
func (a *SearchAgent) LastSearch() (nodes, depth int) { return int(a.last.Nodes), a.last.Depth }

// LastInfo returns what the last search reported.
func (a *SearchAgent) LastInfo() SearchInfo { return a.last }

// Choose searches a tafl game for the side to move.
func (a *SearchAgent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	begin := time.Now()
	st, ok := gs.(*State)
	if !ok {
		return 0, fmt.Errorf("tafl: the search plays tafl games, not %s", gs.Game().Name())
	}
	if st.Terminal() {
		return 0, errors.New("tafl: no decision to make: the game is over")
	}
	same := a.game.Continues(st.hashes[0], len(st.hashes))
	if a.searcher == nil || a.searcher.rules != st.rules {
		a.searcher = NewSearcher(st.rules, a.bits, a.seed)
	} else if !same {
		a.searcher.Clear()
	}
	lim := a.lim
	if lim.Time > 0 {
		// The time budget counts from the call: a new table takes a
		// moment to make.
		lim.Time = max(lim.Time-time.Since(begin), time.Millisecond)
	}
	m, info := a.searcher.Search(ctx, st, lim)
	a.last = info
	return game.Action(m), nil
}
