package nordsloki

import "github.com/norns-games/norns/game"

// TurnEnd is one way to finish the turn in progress: the steps that lead
// there (at least one) and the state where the turn has ended (a player is
// to roll, or the game is over).
type TurnEnd struct {
	Steps []game.Action
	End   *State
}

// TurnEnds lists the distinct positions in which the mover's turn can end
// from s (at a decision), each with steps that lead there, in the order a
// depth-first walk over the legal steps meets them. Two orders of the same
// steps that end in the same position count once. The states have no
// history.
func (s *State) TurnEnds() []TurnEnd {
	if s.phase != phaseMove {
		return nil
	}
	seen := make(map[pos]struct{})
	var out []TurnEnd
	var walk func(cur *State, path []game.Action)
	walk = func(cur *State, path []game.Action) {
		for _, a := range cur.Legal() {
			nx := &State{cfg: cur.cfg, pos: cur.pos}
			nx.ApplyUnchecked(a)
			nx.log = nil
			if _, ok := seen[nx.pos]; ok {
				continue
			}
			seen[nx.pos] = struct{}{}
			p := append(path[:len(path):len(path)], a)
			if nx.phase != phaseMove {
				out = append(out, TurnEnd{Steps: p, End: nx})
				continue
			}
			walk(nx, p)
		}
	}
	walk(&State{cfg: s.cfg, pos: s.pos}, nil)
	return out
}
