package live

import (
	"context"
	"slices"
	"time"

	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
)

// remaining returns each seat's time left now.
func (t *table) remaining(now time.Time) []time.Duration {
	if t.clocks == nil {
		return nil
	}
	out := slices.Clone(t.clocks)
	if p := t.toMove(); p >= 0 && t.timed(p) {
		out[p] -= now.Sub(t.turnStart)
	}
	return out
}

// timed reports whether seat p's clock runs on its turn: from its first
// move on. A player's first move is not timed, as on a chess site, but
// must come within firstMoveTime or the game is aborted; once the dice
// have rolled, the player loses on time instead (flagFall).
func (t *table) timed(p int) bool {
	return t.rec.Clock != nil && t.moved(p)
}

// firstMoveTime is the time a player has for their first move:
// Config.FirstMoveTime, or with a correspondence clock its days per move.
func (t *table) firstMoveTime() time.Duration {
	if c := t.rec.Clock; c != nil && c.PerMove {
		return max(c.Initial, t.deps.cfg.FirstMoveTime)
	}
	return t.deps.cfg.FirstMoveTime
}

// flagIn is the time from now until seat p's flag falls, on its turn:
// its time left, or what is left of the time for its first move.
func (t *table) flagIn(p int, now time.Time) time.Duration {
	if t.timed(p) {
		return t.remaining(now)[p]
	}
	return t.firstMoveTime() - now.Sub(t.turnStart)
}

// next arms what follows the last event: the clock of the player to move,
// an AI seat's search, or a roll left due. Callers hold mu.
func (t *table) next() {
	if t.over() || !t.started() || t.deps.ctx.Err() != nil {
		return
	}
	if t.st.Player() == game.Chance {
		t.deps.later(t, t.seq(), workRoll)
		return
	}
	p := t.toMove()
	if p < 0 {
		return
	}
	if t.clocks != nil {
		t.armFlag(p, t.flagIn(p, t.deps.now()))
	}
	if t.rec.Seats[p].Kind == store.SeatAI && t.thinking != t.seq() {
		t.thinking = t.seq()
		t.deps.think(t, t.seq())
	}
}

// armFlag sets the flag of seat p to fall after left.
func (t *table) armFlag(p int, left time.Duration) {
	if t.flag != nil {
		t.flag.Stop()
	}
	seq := t.seq()
	t.flag = time.AfterFunc(max(left, 0), func() { t.deps.later(t, seq, workClock) })
}

// flagged stores that seat p, to move, ran out of time. Callers hold mu.
func (t *table) flagged(ctx context.Context, p int, now time.Time) error {
	clocks := t.remaining(now)
	clocks[p] = 0
	e := store.Event{Seq: t.seq() + 1, Kind: store.EventTimeout, Player: t.st.Players()[p], Time: now, Clocks: clocks}
	return t.commit(ctx, []store.Event{e})
}

// flagFall ends the turn of the player to move at seq if their time is up,
// or arms the flag again. When it was the time for their first move the
// game is aborted, as on a chess site, unless a roll has been shown: a
// player must not get a new opening roll by waiting until the game is
// called off, so they run out of time as on any other move (a loss on
// time; in three-player Nords Loki, out of the game). Callers hold mu and
// the claim of the work.
func (t *table) flagFall(ctx context.Context) error {
	p := t.toMove()
	if p < 0 || t.clocks == nil {
		return nil
	}
	now := t.deps.now()
	if left := t.flagIn(p, now); left > 0 {
		t.armFlag(p, left)
		return nil
	}
	if !t.timed(p) && t.rolls == 0 {
		return t.commit(ctx, []store.Event{t.leaving(store.EventAbort, p)})
	}
	return t.flagged(ctx, p, now)
}

// clockFromLog counts the current turn from the last event's time rather
// than from now: another instance ran the clock until this one took the
// game up. Callers hold mu, right after next.
func (t *table) clockFromLog() {
	if t.clocks == nil || t.flag == nil || len(t.events) == 0 {
		return
	}
	p := t.toMove()
	last, ok := t.clocksSet()
	if p < 0 || !ok || !last.Before(t.turnStart) {
		return
	}
	t.turnStart = last
	t.armFlag(p, t.flagIn(p, t.deps.now()))
}

// humansGone returns the event that ends a game whose human seats have
// all left while AI seats play on, or false: a game without human seats
// (an AI-only game the server was told to take) goes on. Its player is
// the last human seat to leave. Callers hold mu.
func (t *table) humansGone(now time.Time) (store.Event, bool) {
	if t.over() || !t.started() || len(t.left) == 0 {
		return store.Event{}, false
	}
	humans := 0
	for _, s := range t.rec.Seats {
		if s.Kind == store.SeatHuman {
			humans++
			if !t.left[s.Player] {
				return store.Event{}, false
			}
		}
	}
	if humans == 0 {
		return store.Event{}, false
	}
	last := ""
	for i := len(t.events) - 1; i >= 0 && last == ""; i-- {
		if e := t.events[i]; (e.Kind == store.EventResign || e.Kind == store.EventTimeout) && t.left[e.Player] {
			last = e.Player
		}
	}
	return store.Event{Seq: t.seq() + 1, Kind: ending.EventNoHuman, Player: last, Time: now}, true
}
