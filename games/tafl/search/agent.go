package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

// Agent plays a tafl game with the Searcher; the ai package uses it
// for the medium and hard levels (through Native). It keeps its
// Searcher, and so its transposition table, from one move to the next, and
// starts afresh when it sees another game.
type Agent struct {
	searcher *Searcher
	bits     int
	seed     uint64
	lim      Limits
	last     SearchInfo
	stats    ai.Stats
	game     game.GameMark // the game it saw last, to start afresh for a new one
}

// NewAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth plies per move (zero: no bound of
// that kind), with a table of 2^tableBits entries.
func NewAgent(nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *Agent {
	return &Agent{bits: tableBits, seed: seed, lim: Limits{Nodes: int64(nodes), Depth: depth, Time: budget}}
}

// Native is the tafl games' own search for the ai package's levels
// (ai.Native; games/searches lists it for every tafl game).
var Native = ai.Native{Search: NewLevelSearch}

// NewLevelSearch returns the engine's agent for the ai package's levels:
// budgets as in NewAgent, with a table that fits the budget (2^16 to
// 2^20 entries of 16 bytes).
func NewLevelSearch(_ game.State, nodes int, budget time.Duration, depth int, seed uint64) ai.Searcher {
	return NewAgent(nodes, budget, depth, seed, game.TableBits(nodes))
}

// LastStats returns the nodes, the depth and the time of the last search.
func (a *Agent) LastStats() ai.Stats { return a.stats }

// LastInfo returns what the last search reported.
func (a *Agent) LastInfo() SearchInfo { return a.last }

// Choose searches a tafl game for the side to move.
func (a *Agent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	begin := time.Now()
	st, ok := gs.(*tafl.State)
	if !ok {
		return 0, fmt.Errorf("tafl: the search plays tafl games, not %s", gs.Game().Name())
	}
	if st.Terminal() {
		return 0, errors.New("tafl: no decision to make: the game is over")
	}
	same := a.game.Continues(st.StartHash(), st.HistoryLen())
	if a.searcher == nil || a.searcher.rules != st.Rules() {
		a.searcher = NewSearcher(st.Rules(), a.bits, a.seed)
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
	a.stats = ai.Stats{Iterations: int(info.Nodes), Depth: info.Depth, Elapsed: time.Since(begin)}
	return game.Action(m), nil
}
