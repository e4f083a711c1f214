package live

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
)

// Every write of a game names the version of the record it was decided
// on (store.Game.Version): a write decided on a copy that another
// instance has overtaken is refused by the store, and the copy is dropped
// (stale) and loaded again. So a seat cannot be given twice, a seed cannot
// change under rolls already made, and two instances cannot both extend
// the log.

// update is the record change that goes with an append.
func (t *table) update() store.Update {
	s := t.shown()
	return store.Update{Status: game.Status(s), Result: game.Describe(s), Finished: t.ending != nil || t.st.Terminal()}
}

// commit plays a batch of new events: applies them, follows them with the
// rolls that come due, stores everything in one conditional append, then
// broadcasts and arms what comes next. On any failure the table is
// dropped (the store is the truth) and the error returned: a refused
// append wraps store.ErrConflict. Callers hold mu.
func (t *table) commit(ctx context.Context, first []store.Event) error {
	start := t.seq()
	// A roll due already comes first: this instance has heard the seeds
	// that made it due but not yet the roll another instance is storing
	// (the append below then conflicts, and the command is retried on
	// the stored log), or the instance that was to store it died. Either
	// way the roll is the one the stored seeds give.
	if err := t.rollDue(t.firstTime(first)); err != nil {
		return err
	}
	for i, e := range first {
		e.Seq = t.seq() + 1 // after those rolls
		first[i] = e
		if err := t.apply(e); err != nil {
			t.drop(err)
			return err
		}
	}
	// A game whose last human seat just left (or left before this change
	// was made) ends here, before an AI seat or the dice play on.
	if e, ok := t.humansGone(t.firstTime(first)); ok {
		if err := t.apply(e); err != nil {
			t.drop(err)
			return err
		}
	}
	// The server rolls every die as soon as it is due.
	if err := t.rollDue(t.firstTime(first)); err != nil {
		return err
	}
	batch := t.events[start:]
	if len(batch) == 0 {
		return nil
	}
	t.endTurn(batch)
	u := t.update()
	if err := t.deps.store.Append(ctx, t.rec.ID, t.rec.Version, batch, u); err != nil {
		t.drop(err)
		return err
	}
	t.rec.Version++
	t.rec.Seq, t.rec.Updated = t.seq(), t.deps.now()
	// The clock of the player now to move starts now (the view broadcast
	// below shows it), unless the events left the clocks as they ran (an
	// offer, an answer that changes no turn).
	if t.clocks == nil || slices.ContainsFunc(batch, func(e store.Event) bool { return e.Clocks != nil }) {
		t.turnStart = t.deps.now()
	}
	for _, e := range batch {
		t.deps.metrics.events.WithLabelValues(e.Kind).Inc()
	}
	if u.Finished {
		t.finish()
		t.rateAtEnd(ctx)
	}
	t.broadcast(int(start))
	t.next()
	return nil
}

// endTurn credits a player whose turn the batch ended (the first move of
// the batch was theirs, and someone else is to move now, or nobody) with
// the clock's increment, once a turn however many actions it took; a
// correspondence clock gives them its whole time per move afresh. The
// clocks the batch's events carry from that move on say so.
func (t *table) endTurn(batch []store.Event) {
	c := t.rec.Clock
	if c == nil || len(batch) == 0 || batch[0].Kind != store.EventMove {
		return
	}
	p := slices.Index(t.st.Players(), batch[0].Player)
	if p < 0 || t.toMove() == p {
		return
	}
	credit := func(clocks []time.Duration) {
		if c.PerMove {
			clocks[p] = c.Initial
		} else {
			clocks[p] += c.Increment
		}
	}
	for _, e := range batch {
		if e.Clocks != nil {
			credit(e.Clocks)
		}
	}
	credit(t.clocks)
}

// rollDue makes the rolls that are due, if any; a roll that fails drops
// the table (the log is as stored).
func (t *table) rollDue(now time.Time) error {
	for t.started() && !t.over() && t.st.Player() == game.Chance {
		if err := t.roll(now); err != nil {
			t.drop(err)
			return err
		}
	}
	return nil
}

// roll draws the pending chance outcome from the seeds and applies it.
func (t *table) roll(now time.Time) error {
	if t.roller == nil || t.rolls == 0 {
		// The seeds are final from the first roll on.
		r, err := dice.ForScheme(t.scheme(), t.rec.ServerSeed, t.seatSeeds())
		if err != nil {
			return err
		}
		t.roller = r
	}
	a, err := t.roller.RollCaused(t.rolls, t.chain.Cause(), t.st.ChanceOutcomes())
	if err != nil {
		return fmt.Errorf("roll %d: %w", t.rolls, err)
	}
	e := store.Event{Seq: t.seq() + 1, Kind: store.EventRoll, Player: "chance", Action: t.st.ActionString(a), Code: uint32(a), Time: now}
	if t.clocks != nil {
		e.Clocks = append([]time.Duration(nil), t.clocks...)
	}
	return t.apply(e)
}

func (t *table) firstTime(evs []store.Event) time.Time {
	if len(evs) > 0 {
		return evs[0].Time
	}
	return t.deps.now()
}

// setSeats stores new seats, conditional on the version read. Callers hold
// mu.
func (t *table) setSeats(ctx context.Context, seats []store.Seat) error {
	if err := t.deps.store.SetSeats(ctx, t.rec.ID, t.rec.Version, seats); err != nil {
		t.drop(err)
		return err
	}
	t.rec.Version++
	t.rec.Seats, t.rec.Updated = seats, t.deps.now()
	t.invalidate()
	return nil
}

// expire ends a game nobody joined in time: the store holds it as
// finished, unfinished (expired), with nothing appended to its log.
// Callers hold mu.
func (t *table) expire(ctx context.Context) error {
	u := store.Update{Status: game.Status(ending.End(t.st, ending.Expired)), Result: game.Describe(ending.End(t.st, ending.Expired)), Finished: true}
	if err := t.deps.store.Append(ctx, t.rec.ID, t.rec.Version, nil, u); err != nil {
		t.drop(err)
		return err
	}
	t.rec.Version++
	t.finish()
	t.rateAtEnd(ctx) // a rated game that nobody joined is marked as having nothing to rate
	t.invalidate()
	t.broadcast(int(t.seq()))
	return nil
}

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
		for len(t.takers) < t.hlen {
			t.takers = append(t.takers, -1)
		}
		t.takers = append(t.takers[:t.hlen], len(t.events))
		for range autos {
			t.takers = append(t.takers, -1)
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
		t.takers = t.takers[:min(t.hlen, len(t.takers))]
		t.autos = append(t.autos, nil)
	case ending.EventNoHuman:
		if !t.left[e.Player] {
			return fmt.Errorf("%s of %q, who has not left", e.Kind, e.Player)
		}
		t.ending = ending.NoHumanLeft(t.st.Players(), func(p string) bool { return t.left[p] })
		t.hlen = game.HistoryLen(t.st)
		t.takers = t.takers[:min(t.hlen, len(t.takers))]
		t.autos = append(t.autos, nil)
	case ending.EventClaimVictory, ending.EventClaimDraw:
		p := slices.Index(t.st.Players(), e.Player)
		if p < 0 {
			return fmt.Errorf("%s of unknown player %q", e.Kind, e.Player)
		}
		r, err := ending.Claim(t.st, t.rec.Clock, e.Kind, game.Player(p))
		if err != nil {
			return err
		}
		t.ending = r
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
		t.takers = t.takers[:min(t.hlen, len(t.takers))]
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
