package search

import (
	"context"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
)

// Native is Nords Loki's own player for the ai package's levels, the
// learned evaluation (ai.Native; games/searches lists it).
var Native = ai.Native{Search: NewLevelSearch}

// TwoPlyNodes is the size of search from which NewLevelSearch plays two
// plies deep: the hard level's (a time, or the lab's 50,000 nodes); a
// smaller search (the medium level's) plays one ply.
const TwoPlyNodes = 50000

// NewLevelSearch returns the game's own player for the AI's medium and
// hard levels: the learned evaluation (NetPlayer), two plies deep for a
// search of a time, or of TwoPlyNodes nodes or more, one ply for a
// smaller one. With konungs off, for which no net is trained, it returns
// nil, and the AI plays its generic search. A search of a time stops
// within it with the best turn found.
func NewLevelSearch(s game.State, nodes int, budget time.Duration, depth int, _ uint64) ai.Searcher {
	st, ok := s.(*nordsloki.State)
	if !ok || !st.Konungs() {
		return nil
	}
	ply := 1
	if nodes == 0 || nodes >= TwoPlyNodes || depth >= 2 {
		ply = 2
	}
	return &Agent{player: NetPlayer{Ply: ply}, budget: budget}
}

// Agent adapts a NetPlayer to the AI's levels: a time budget, and the
// statistics of its search.
type Agent struct {
	player NetPlayer
	budget time.Duration
	stats  ai.Stats
}

// Choose picks the first step of the best turn the net finds, within the
// time budget.
func (n *Agent) Choose(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	if n.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, n.budget)
		defer cancel()
	}
	a, err := n.player.Choose(ctx, s)
	n.stats = ai.Stats{Depth: max(n.player.Ply, 1), Elapsed: time.Since(start)}
	return a, err
}

// LastStats reports no node count (the net values whole turns), the
// search's depth in plies and its time.
func (n *Agent) LastStats() ai.Stats { return n.stats }
