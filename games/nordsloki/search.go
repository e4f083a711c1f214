package nordsloki

import (
	"context"
	"time"

	"norns/game"
)

// TwoPlyNodes is the size of search from which NewNetSearch plays two plies
// deep: the hard level's (a time, or the lab's 50,000 nodes); a smaller
// search (the medium level's) plays one ply.
const TwoPlyNodes = 50000

// NewNetSearch returns the game's own player for the AI's medium and hard
// levels (games/nordsloki/search adapts it to ai.Native): the learned
// evaluation (NetPlayer), two plies deep for a search of a time, or of
// TwoPlyNodes nodes or more, one ply for a smaller one. With konungs off, for which no net is trained,
// it returns nil, and the AI plays its generic search. A search of a time
// stops within it with the best turn found.
func NewNetSearch(s *State, nodes int, budget time.Duration, depth int) *NetSearch {
	if !s.cfg.konungs {
		return nil
	}
	ply := 1
	if nodes == 0 || nodes >= TwoPlyNodes || depth >= 2 {
		ply = 2
	}
	return &NetSearch{player: NetPlayer{Ply: ply}, budget: budget}
}

// NetSearch adapts a NetPlayer to the AI's own searches: a time budget,
// and the depth of its search.
type NetSearch struct {
	player NetPlayer
	budget time.Duration
}

func (n *NetSearch) Choose(ctx context.Context, s game.State) (game.Action, error) {
	if n.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, n.budget)
		defer cancel()
	}
	return n.player.Choose(ctx, s)
}

// LastSearch reports no node count (the net values whole turns) and the
// search's depth in plies.
func (n *NetSearch) LastSearch() (nodes, depth int) { return 0, max(n.player.Ply, 1) }
