package server

import (
	"context"
	"fmt"
	"slices"
	"time"

	"norns/game"
	"norns/store"
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
		return max(c.Initial, t.srv.cfg.FirstMoveTime)
	}
	return t.srv.cfg.FirstMoveTime
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
	if t.over() || !t.started() || t.srv.closing() {
		return
	}
	if t.st.Player() == game.Chance {
		t.srv.later(t, t.seq(), workRoll)
		return
	}
	p := t.toMove()
	if p < 0 {
		return
	}
	if t.clocks != nil {
		t.armFlag(p, t.flagIn(p, time.Now()))
	}
	if t.rec.Seats[p].Kind == store.SeatAI && t.thinking != t.seq() {
		t.thinking = t.seq()
		t.srv.think(t, t.seq())
	}
}

// armFlag sets the flag of seat p to fall after left.
func (t *table) armFlag(p int, left time.Duration) {
	if t.flag != nil {
		t.flag.Stop()
	}
	seq := t.seq()
	t.flag = time.AfterFunc(max(left, 0), func() { t.srv.later(t, seq, workClock) })
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
	now := time.Now()
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
	t.armFlag(p, t.flagIn(p, time.Now()))
}

// EventNoHuman is the event that ends a game whose last human seat left
// while AI seats would play on (three-player Nords Loki): the server
// takes no games of AIs only unless told to, and nobody is left to watch
// over this one. Its player is the human seat whose leaving caused it.
const EventNoHuman = "no-human"

// noHumanLeft is the result of a game ended by EventNoHuman: the players
// still in (not in left) share a draw, as the others do when a player of
// a game of more than two runs out of time in a game that cannot go on
// without them (timeLoss).
func noHumanLeft(players []string, left func(string) bool) *game.Result {
	r := &game.Result{Kind: game.Draw, Reason: "no human left"}
	for i, p := range players {
		if !left(p) {
			r.Winners = append(r.Winners, game.Player(i))
		}
	}
	return r
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
	return store.Event{Seq: t.seq() + 1, Kind: EventNoHuman, Player: last, Time: now}, true
}

// aborted is the result of a game a player left before making a move.
var aborted = game.Result{Kind: game.Unfinished, Reason: "aborted"}

// leave plays an event by which player p leaves the game outside its rules
// (kind store.EventTimeout, EventResign or EventAbort). A game whose rules
// let a player leave while the others play on (game.Forfeiter: Nords Loki
// with three players) goes on without p after a timeout or a resignation,
// and leave returns nil; otherwise the game ends with the result leave
// returns: a loss on time, a loss by resignation, or no result at all
// (an abort).
func leave(s game.State, kind string, p game.Player) (*game.Result, error) {
	switch kind {
	case store.EventTimeout:
		return timeOut(s, p)
	case store.EventResign:
		if f, ok := s.(game.Forfeiter); ok && len(s.Players()) > 2 {
			return nil, f.Forfeit(p)
		}
		r := timeLoss(s, p)
		return &game.Result{Kind: r.Kind, Winners: r.Winners, Reason: "resignation"}, nil
	case store.EventAbort:
		r := aborted
		return &r, nil
	}
	return nil, fmt.Errorf("unknown event kind %q", kind)
}

// timeOut plays the timeout of player p, who is to move. A game whose rules
// let a player leave (game.Forfeiter: Nords Loki) goes on without p or ends
// by its own rules, and timeOut returns nil; any other game ends on the
// clock, with the result timeOut returns.
func timeOut(s game.State, p game.Player) (*game.Result, error) {
	if f, ok := s.(game.Forfeiter); ok {
		return nil, f.Forfeit(p)
	}
	return timeLoss(s, p), nil
}

// timeLoss is the result when player p runs out of time (or resigns): with
// two players the other wins; with more, the game ends and the others
// share a draw.
func timeLoss(s game.State, p game.Player) *game.Result {
	var others []game.Player
	for i := range s.Players() {
		if game.Player(i) != p {
			others = append(others, game.Player(i))
		}
	}
	if len(others) == 1 {
		return &game.Result{Kind: game.Win, Winners: others, Reason: "time"}
	}
	return &game.Result{Kind: game.Draw, Winners: others, Reason: "time"}
}
