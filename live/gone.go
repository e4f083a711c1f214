package live

import (
	"context"
	"slices"
	"time"

	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// A player is online while a feed of theirs, one that proved their seat
// (AuthMessage), is connected to any instance: the players online of a
// game go with its count of spectators (watchers.go), in memory alone,
// in the store's presence with several instances, and reach the
// subscribers in the same message (wire.WatchersMessage).
//
// A table that has subscribers follows its players' presence: it notes
// when each human seat went offline (offSince), from the totals it sends.
// The opponent of a player gone for the grace time (ending.GoneGrace, or
// Config.GoneGrace) in a live game may then claim the victory or call it
// a draw (claim), as on lichess. A table without subscribers here does
// not follow presence and forgets what it noted. With several instances
// the ones that follow store the players gone (store.Gone, by the
// presence goroutine): a claim made on an instance that follows no feed
// of the game reads there, and in the others' presence rows, who is
// online and since when the opponent is gone.

// localWatch is what this instance has of the table's feeds: its
// spectators, and the players whose feed proved their seat. Callers hold
// mu.
func (t *table) localWatch() store.Watch {
	w := store.Watch{Spectators: t.spectators()}
	for sub := range t.subs {
		if sub.seat != "" {
			w.Players = append(w.Players, sub.seat)
		}
	}
	slices.Sort(w.Players)
	w.Players = slices.Compact(w.Players)
	return w
}

// notePresence notes the players online, of all instances: a human seat
// offline since now unless it was already. Callers hold mu.
func (t *table) notePresence(online []string) {
	if len(t.subs) == 0 {
		t.offSince = nil // nobody here follows presence
		return
	}
	if t.offSince == nil {
		t.offSince = map[string]time.Time{}
	}
	now := t.deps.now()
	for _, s := range t.rec.Seats {
		switch {
		case s.Kind != store.SeatHuman || slices.Contains(online, s.Player):
			delete(t.offSince, s.Player)
		case t.offSince[s.Player].IsZero():
			t.offSince[s.Player] = now
		}
	}
	t.online = slices.Clone(online)
}

// claimable reports whether a player may claim against a gone opponent in
// this game now, time aside: a live game of two human players that has
// started and is not over. Callers hold mu.
func (t *table) claimable() bool {
	return ending.Claimable(t.rec.Clock) && len(t.rec.Seats) == 2 && t.started() && !t.over() &&
		t.rec.Seats[0].Kind == store.SeatHuman && t.rec.Seats[1].Kind == store.SeatHuman
}

// goneGrace is how long an opponent must be gone before a claim.
func (t *table) goneGrace() time.Duration {
	if g := t.deps.cfg.GoneGrace; g > 0 {
		return g
	}
	return ending.GoneGrace(t.rec.Clock)
}

// goneMs gives, for each player offline in a game where claims may be
// made, the time in ms before their opponent may claim (0: now); nil when
// none is. Callers hold mu.
func (t *table) goneMs() map[string]int64 {
	if !t.claimable() || len(t.offSince) == 0 {
		return nil
	}
	now, grace := t.deps.now(), t.goneGrace()
	out := map[string]int64{}
	for p, since := range t.offSince {
		out[p] = max(grace-now.Sub(since), 0).Milliseconds()
	}
	return out
}

// storedPresence is what the store says of a game's presence, for a
// claim on an instance that does not follow it: the other instances'
// players online and the players gone with the time since.
type storedPresence struct {
	others store.Watch
	since  map[string]time.Time
}

// storedPresence reads a game's presence from the store when the store is
// shared and keeps the players gone; nil otherwise, or when the store
// cannot be read (the claim is then judged as this instance sees it).
func (s *Hall) storedPresence(ctx context.Context, id string) *storedPresence {
	p := s.presence
	if p == nil || p.gone == nil {
		return nil
	}
	if t := s.held(id); t != nil {
		t.mu.Lock()
		follows := t.offSince != nil
		t.mu.Unlock()
		if follows {
			return nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, presenceTimeout)
	defer cancel()
	others, err := p.st.Watchers(ctx, []string{id}, p.id)
	if err != nil {
		s.presenceFailed("reading the players online for a claim", err)
		return nil
	}
	since, err := p.gone.GoneSince(ctx, id)
	if err != nil {
		s.presenceFailed("reading the players gone for a claim", err)
		return nil
	}
	return &storedPresence{others: others[id], since: since}
}

// claim ends the game for seat p, whose opponent is gone, with kind
// (ending.EventClaimVictory or ending.EventClaimDraw); stored, when this
// instance does not follow the game's presence, is what the store says
// of it.
func (t *table) claim(ctx context.Context, p int, kind string, stored *storedPresence) error {
	switch {
	case t.over():
		return Errorf(wire.CodeGameOver, "%s", game.Describe(t.shown()))
	case !t.started():
		return Errorf(wire.CodeNotStarted, "the game has not started: abort it instead")
	case !t.claimable():
		return Errorf(wire.CodeCannotClaim, "a claim is made in a live game (not correspondence) between two people")
	}
	player, other := t.rec.Seats[p].Player, t.rec.Seats[1-p].Player
	online, offSince := t.online, t.offSince
	if offSince == nil && stored != nil {
		// Nobody follows the game here: the others' presence and the
		// players gone as stored.
		online = t.localWatch().Add(stored.others).Players
		offSince = map[string]time.Time{}
		if since, ok := stored.since[other]; ok && !slices.Contains(online, other) {
			offSince[other] = since
		}
	}
	since, gone := offSince[other]
	switch {
	case offSince == nil || !slices.Contains(online, player):
		return Errorf(wire.CodeCannotClaim, "%s is not connected to this game here: claims are made from the game's page", player)
	case !gone:
		return Errorf(wire.CodeCannotClaim, "%s is online", other)
	}
	if left := t.goneGrace() - t.deps.now().Sub(since); left > 0 {
		return Errorf(wire.CodeCannotClaim, "%s left %s ago: a claim is possible in %s", other, t.deps.now().Sub(since).Round(time.Second), left.Round(time.Second))
	}
	return retryable(t.commit(ctx, []store.Event{t.leaving(kind, p)}))
}

// ClaimVictory ends game id with the victory of the seat token opens,
// whose opponent left (gone for the grace time), and returns the view.
func (s *Hall) ClaimVictory(ctx context.Context, id, token string) ([]byte, error) {
	stored := s.storedPresence(ctx, id)
	return s.seatCommand(ctx, id, token, func(t *table, p int) error { return t.claim(ctx, p, ending.EventClaimVictory, stored) })
}

// ClaimDraw ends game id in a draw called by the seat token opens, whose
// opponent left (gone for the grace time), and returns the view.
func (s *Hall) ClaimDraw(ctx context.Context, id, token string) ([]byte, error) {
	stored := s.storedPresence(ctx, id)
	return s.seatCommand(ctx, id, token, func(t *table, p int) error { return t.claim(ctx, p, ending.EventClaimDraw, stored) })
}
