package search

import (
	"context"
	"fmt"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Agent plays orthodox chess with the Searcher; the ai package
// uses it for the levels (through Native). It keeps its
// Searcher, and so its transposition table, from one move to the next.
type Agent struct {
	searcher *Searcher
	lim      Limits
	budget   time.Duration // the fixed time per move, without a clock
	last     Info
	stats    ai.Stats
	game     game.GameMark // the game it saw last, to clear the table for a new one
}

// NewAgent returns an agent that searches at most nodes nodes, for
// at most budget and to at most depth plies per move (zero: no bound),
// with a table of 2^tableBits entries.
func NewAgent(nodes int, budget time.Duration, depth int, seed uint64, tableBits int) *Agent {
	return &Agent{
		searcher: NewSearcher(tableBits, seed),
		lim:      Limits{Nodes: int64(nodes), MoveTime: budget, Depth: depth},
		budget:   budget,
	}
}

// The easy level of orthodox chess (NewEasySearch, and `norns uci`
// with its Level option): the engine's search held to EasyNodes nodes a
// move, each move at the root given a random bonus of up to EasyMargin
// centipawns (Limits.Margin), so that it sees short tactics but often
// plays a move a little worse than its best. docs/ai-strength.md gives
// its measurement against Stockfish.
const (
	EasyNodes  = 1750
	EasyMargin = 110
)

// Native is the chess engine as orthodox chess's own search for the ai
// package's levels (ai.Native; games/searches lists it).
var Native = ai.Native{Search: NewLevelSearch, Easy: NewEasySearch}

// NewEasySearch returns the agent of the easy level (EasyNodes,
// EasyMargin).
func NewEasySearch(_ game.State, seed uint64) ai.Searcher {
	a := NewAgent(EasyNodes, 0, 0, seed, 16)
	a.SetMargin(EasyMargin)
	return a
}

// NewLevelSearch returns the chess engine's agent for the ai package's
// medium and hard levels: nodes, time and depth budgets as in NewAgent,
// with a table that fits the budget (2^16 to 2^20 entries, 1 to 16 MB).
func NewLevelSearch(_ game.State, nodes int, budget time.Duration, depth int, seed uint64) ai.Searcher {
	bits := game.TableBits(nodes)
	if nodes <= 0 && budget > 0 && budget < 500*time.Millisecond {
		bits = 18
	}
	return NewAgent(nodes, budget, depth, seed, bits)
}

// Searcher returns the agent's searcher.
func (a *Agent) Searcher() *Searcher { return a.searcher }

// LastStats returns the nodes, the depth and the time of the last search.
func (a *Agent) LastStats() ai.Stats { return a.stats }

// ClockOverhead is the time an Agent on a clock (SetClock) keeps back on
// every move for its answer to reach the clock (TimeBudget's overhead).
const ClockOverhead = 50 * time.Millisecond

// SetClock makes the next searches share out the mover's clock (time
// left and increment, TimeBudget, keeping ClockOverhead back) instead of
// a fixed budget per move; the node and depth budgets still bound them.
// A zero left turns it off.
func (a *Agent) SetClock(left, inc time.Duration) {
	a.lim.Time, a.lim.Inc, a.lim.MoveTime, a.lim.Overhead = left, inc, a.budget, ClockOverhead
	if left > 0 {
		a.lim.MoveTime = 0
	} else {
		a.lim.Inc = 0
	}
}

// SetMargin makes the next searches play up to margin centipawns below
// their best (Limits.Margin); zero plays the best move found.
func (a *Agent) SetMargin(margin int) { a.lim.Margin = margin }

// Limits returns the limits of the agent's next search.
func (a *Agent) Limits() Limits { return a.lim }

// Choose searches a game of orthodox chess for the side to move.
func (a *Agent) Choose(ctx context.Context, gs game.State) (game.Action, error) {
	st, ok := gs.(*chess.State)
	if !ok {
		return 0, fmt.Errorf("chess: the search plays orthodox chess, not %s", gs.Game().Name())
	}
	if st.Terminal() {
		return 0, fmt.Errorf("chess: no decision to make: the game is over")
	}
	if !a.game.Continues(st.StartHash(), st.HistoryLen()) {
		a.searcher.Clear()
	}
	start := time.Now()
	past := st.Reversible(make([]uint64, 0, 100))
	pos := *st.Board()
	m, info := a.searcher.Search(ctx, &pos, past, a.lim)
	a.last = info
	a.stats = ai.Stats{Iterations: int(info.Nodes), Depth: info.Depth, Elapsed: time.Since(start)}
	if m == chess.NoMove {
		return 0, fmt.Errorf("chess: no legal move")
	}
	return game.Action(m), nil
}
