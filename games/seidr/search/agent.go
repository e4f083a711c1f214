package search

import (
	"context"
	"fmt"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/seidr"
)

// Agent plays Seiðr chess with the Searcher; the ai package uses it
// for the medium and hard levels (through Native). It keeps its
// Searcher, and so its transposition table, from one move to the next of
// a game, and clears it for another game.
type Agent struct {
	searcher *Searcher
	cfg      SearchConfig
	bits     int
	nodes    int64
	budget   time.Duration
	depth    int
	seed     uint64
	last     Result
	stats    ai.Stats
	game     game.GameMark // the game it saw last, to clear the table for a new one
}

// NewAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth turns per move (zero: no bound),
// with a table of 2^tableBits entries.
func NewAgent(cfg SearchConfig, nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *Agent {
	return &Agent{cfg: cfg, bits: tableBits, nodes: int64(nodes), budget: budget, depth: depth, seed: seed}
}

// Native is Seiðr chess's own search for the ai package's levels
// (ai.Native; games/searches lists it).
var Native = ai.Native{Search: NewLevelSearch}

// NewLevelSearch returns the search's agent for the ai package's levels: nodes,
// time and depth budgets as in NewAgent, with a table that fits the
// budget (2^16 to 2^20 entries, 1 to 16 MB).
func NewLevelSearch(s game.State, nodes int, budget time.Duration, depth int, seed uint64) ai.Searcher {
	return NewAgent(DefaultSearchConfig, nodes, budget, depth, seed, game.TableBits(nodes))
}

// LastStats returns the nodes, the depth in turns and the time of the
// last search.
func (a *Agent) LastStats() ai.Stats { return a.stats }

// LastResult returns the last search's result.
func (a *Agent) LastResult() Result { return a.last }

// Choose searches a game of Seiðr chess for the player to move, in the
// quiet move (2A) or the call of steel (2C); it returns one of
// State.Legal's actions.
func (a *Agent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	start := time.Now()
	st, ok := gs.(*seidr.State)
	if !ok {
		return 0, fmt.Errorf("seidr: the search plays Seiðr chess, not %s", gs.Game().Name())
	}
	if st.Terminal() {
		return 0, fmt.Errorf("seidr: no decision to make: %w", game.ErrOver)
	}
	if st.Phase() == seidr.Seidr {
		return 0, fmt.Errorf("seidr: no decision to make: the die is to be rolled")
	}
	legal := st.LegalMoves()
	if len(legal) == 0 {
		return 0, fmt.Errorf("seidr: no legal move")
	}
	same := a.game.Continues(st.StartHash(), st.HistoryLen())
	if a.searcher == nil || a.searcher.quietLimit != st.QuietLimit() || a.searcher.deadDraw != st.DeadDraw() {
		a.searcher = NewSearcher(a.cfg, a.bits, st.QuietLimit(), st.DeadDraw(), a.seed)
	} else if !same {
		a.searcher.Clear()
	}
	var deadline time.Time
	if a.budget > 0 {
		deadline = time.Now().Add(a.budget)
	}
	c := st.Core()
	a.last = a.searcher.Search(ctx, &c, a.nodes, deadline, a.depth)
	a.stats = ai.Stats{Iterations: int(a.last.Nodes), Depth: a.last.Depth, Elapsed: time.Since(start)}
	// Only a legal move leaves: the search's move is checked against the
	// state's list.
	for _, m := range legal {
		if m == a.last.Move {
			return game.Action(m), nil
		}
	}
	return game.Action(legal[0]), nil
}
