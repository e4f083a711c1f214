package live

import (
	"fmt"
	"slices"

	"norns/ending"
	"norns/game"
	"norns/store"
)

// apply plays one event on the state and records it in memory (not in the
// store). It serves live play, loading a game and following another
// instance; its cost does not grow with the length of the log.
func (t *table) apply(e store.Event) error {
	switch e.Kind {
	case store.EventMove, store.EventRoll:
		if err := t.st.Apply(game.Action(e.Code)); err != nil {
			return err
		}
		var autos []string
		for _, a := range game.HistorySince(t.st, t.hlen+1) {
			autos = append(autos, t.st.ActionString(a))
		}
		t.hlen += 1 + len(autos)
		t.autos = append(t.autos, autos)
		if e.Kind == store.EventRoll {
			t.rolls++
		}
		t.offers.Played(e)
		if e.Kind == store.EventMove {
			if t.movers == nil {
				t.movers = map[string]bool{}
			}
			t.movers[e.Player] = true
		}
	case store.EventTimeout, store.EventResign, store.EventAbort:
		p := slices.Index(t.st.Players(), e.Player)
		if p < 0 {
			return fmt.Errorf("%s of unknown player %q", e.Kind, e.Player)
		}
		r, err := ending.Leave(t.st, e.Kind, game.Player(p))
		if err != nil {
			return err
		}
		t.ending = r
		if r == nil {
			if t.left == nil {
				t.left = map[string]bool{}
			}
			t.left[e.Player] = true
		}
		t.hlen = game.HistoryLen(t.st)
		t.autos = append(t.autos, nil)
	case ending.EventNoHuman:
		if !t.left[e.Player] {
			return fmt.Errorf("%s of %q, who has not left", e.Kind, e.Player)
		}
		t.ending = ending.NoHumanLeft(t.st.Players(), func(p string) bool { return t.left[p] })
		t.hlen = game.HistoryLen(t.st)
		t.autos = append(t.autos, nil)
	case ending.EventDrawOffer, ending.EventDrawAccept, ending.EventDrawDecline, ending.EventTakebackOffer, ending.EventTakebackAccept, ending.EventTakebackDecline:
		r, err := t.offers.Event(t.st, e.Kind, e.Player)
		if err != nil {
			return err
		}
		if r != nil {
			t.ending = r
		}
		t.hlen = game.HistoryLen(t.st)
		t.autos = append(t.autos, nil)
	default:
		return fmt.Errorf("unknown event kind %q", e.Kind)
	}
	t.chain.Follow(e)
	t.events = append(t.events, e)
	if e.Clocks != nil {
		t.clocks = slices.Clone(e.Clocks)
	}
	return nil
}
