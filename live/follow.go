package live

// Several instances on one shared store (store.Shared: PostgreSQL).
//
// Every instance holds the unfinished games in memory and keeps them in
// step with the store: each append notifies {game, seq, version} with the
// events appended; the instance applies them and relays them to its own
// WebSocket clients. It reads the events from the store instead when the
// notification did not carry them (too big), when they do not continue the
// log it holds, or while the game's seats may change (the version must come
// with the seats of that version). A resync every few
// seconds, and after the listener reconnects, compares the games held with
// the store's heads, so a missed notification is caught up.
//
// Work that must happen once (an AI seat's move, a clock's flag fall, a roll
// left due) is claimed in the store before it is done: the instance that
// gets the claim does it, the others try again a moment later, and take it
// over when the holder dies (its claims end with its connection). After
// taking a claim an instance first catches up with the store, so work done
// by the previous holder is never done twice. And should two instances
// still decide on the same copy, the store takes the write of one only
// (every write is conditional on the version it was decided on).

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/norns-games/norns/store"
)

// Cluster timings.
const (
	// claimRetry is how long an instance waits before trying again a
	// claim another instance holds.
	claimRetry = time.Second
	// resyncEvery is the period of the comparison with the store's heads.
	resyncEvery = 2 * time.Second
	// adoptAfter is the age from which a game that this instance does not
	// hold is loaded by the resync (a younger one is still being created
	// by its instance, which announces it with its first append).
	adoptAfter = 5 * time.Second
	// followers is the number of goroutines that apply changes.
	followers = 4
)

// work is a kind of work done once across instances.
type work string

const (
	workRoll  work = "work" // a roll left due
	workClock work = "clock"
	workAI    work = "ai"
)

// relay queues the changes to follow, at most one per game (merged), so
// the listener never blocks.
type relay struct {
	mu      sync.Mutex
	pending map[string]store.Change
	ids     chan string
	resync  chan struct{}
}

func (r *relay) push(c store.Change) {
	if c.Resync {
		select {
		case r.resync <- struct{}{}:
		default:
		}
		return
	}
	r.mu.Lock()
	old, queued := r.pending[c.Game]
	if queued {
		c.Events, c.Version = mergeEvents(old, c)
		c.Seq = max(c.Seq, old.Seq)
		c.Seats = c.Seats || old.Seats
		c.Chat = max(c.Chat, old.Chat)
	}
	r.pending[c.Game] = c
	r.mu.Unlock()
	if queued {
		return
	}
	select {
	case r.ids <- c.Game:
	default:
		// Too many at once: the resync will find what this one said.
		r.mu.Lock()
		delete(r.pending, c.Game)
		r.mu.Unlock()
		select {
		case r.resync <- struct{}{}:
		default:
		}
	}
}

// mergeEvents returns the events and version of two changes of a game
// merged: those of the later one (the higher seq), with the earlier one's
// before them when they continue each other. The follower reads from the
// store whatever they do not cover.
func mergeEvents(old, c store.Change) ([]store.Event, int64) {
	hi, lo := c, old
	if old.Seq > c.Seq || old.Seq == c.Seq && len(c.Events) == 0 {
		hi, lo = old, c
	}
	if len(hi.Events) == 0 {
		return nil, hi.Version
	}
	if len(lo.Events) > 0 && hi.Events[0].Seq == lo.Seq+1 {
		return append(slices.Clip(lo.Events), hi.Events...), hi.Version
	}
	return hi.Events, hi.Version
}

func (r *relay) pop(id string) store.Change {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.pending[id]
	delete(r.pending, id)
	return c
}

// shared returns the store as a shared one, if it is.
func (s *Hall) shared() (store.Shared, bool) {
	sh, ok := s.store.(store.Shared)
	return sh, ok
}

// startCluster starts following the other instances when the store is
// shared; it does nothing otherwise.
func (s *Hall) startCluster() {
	sh, ok := s.shared()
	if !ok {
		return
	}
	r := &relay{pending: map[string]store.Change{}, ids: make(chan string, 1<<16), resync: make(chan struct{}, 1)}
	s.wg.Add(2 + followers)
	go func() {
		defer s.wg.Done()
		sh.Listen(s.ctx, func(c store.Change) {
			if c.Presence != "" {
				s.presence.heard(c) // a count of spectators (watchers.go)
				return
			}
			if c.Seeks {
				s.pokeLobby() // the seeks changed (lobby.go)
				return
			}
			r.push(c)
		})
	}()
	for range followers {
		go func() {
			defer s.wg.Done()
			for {
				select {
				case <-s.ctx.Done():
					return
				case id := <-r.ids:
					s.follow(r.pop(id))
				}
			}
		}()
	}
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(resyncEvery)
		defer t.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-t.C:
				s.resync(sh, r)
			case <-r.resync:
				// The listener (re)connected: notifications may have been
				// missed, the chat's among them.
				s.resync(sh, r)
				s.resyncChat()
			}
		}
	}()
}

// follow applies a change another instance (or this one) made.
func (s *Hall) follow(c store.Change) {
	if c.Game == "" || s.closing() {
		return
	}
	if s.held(c.Game) == nil {
		if c.Seq > 0 || c.Seats {
			s.adopt(c.Game)
		}
		return
	}
	err := s.with(s.ctx, c.Game, func(t *table) error {
		if c.Chat > t.chatSeq {
			s.followChat(t)
		}
		if t.seq() >= c.Seq && !c.Seats {
			return nil // this instance made it, or has caught up already
		}
		if events, ok := noted(t, c); ok {
			return s.caughtUp(t, events, c.Version, false, false)
		}
		return s.catchUp(s.ctx, t, c.Seats)
	})
	if err != nil && !s.closing() {
		s.log.Error("following a change", "game", c.Game, "seq", c.Seq, "err", err)
	}
}

// adopt loads a game this instance does not hold and takes up its work.
func (s *Hall) adopt(id string) {
	err := s.with(s.ctx, id, func(t *table) error {
		if !t.over() {
			t.next()
			t.clockFromLog()
		}
		return nil
	})
	if err != nil && !s.closing() {
		s.log.Error("loading a game of another instance", "game", id, "err", err)
	}
}

// catchUp reads the events after the ones held (and the record, when
// seats is set or the seats may have changed: the seats, the version,
// whether it ended), applies them, relays them to the subscribers and arms
// what follows. A table that cannot follow the log is dropped, to be
// loaded again. Callers hold t.mu.
//
// The version taken from the store always comes with the seats of that
// version: a table at the store's version with older seats (a seed it has
// not heard of yet) would roll from the wrong seeds, and the store would
// take those rolls.
func (s *Hall) catchUp(ctx context.Context, t *table, seats bool) error {
	if _, ok := s.shared(); !ok {
		return nil // alone on its store, an instance is never behind
	}
	if t.phase == phaseOver {
		return s.catchUpOver(ctx, t)
	}
	seats = seats || t.seatsOpen()
	var (
		events  []store.Event
		version int64
		ended   bool
		changed bool
	)
	if seats {
		rec, evs, err := s.store.Load(ctx, t.rec.ID)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(rec.Seats, t.rec.Seats) {
			t.rec.Seats = rec.Seats
			t.roller = nil
			t.invalidate()
			changed = true
		}
		if int64(len(evs)) > t.seq() {
			events = evs[t.seq():]
		}
		version, ended = rec.Version, rec.Finished
	} else {
		evs, v, err := s.store.Events(ctx, t.rec.ID, t.seq())
		if err != nil {
			return err
		}
		events, version = evs, v
	}
	if version == t.rec.Version && len(events) == 0 && !changed && !ended {
		return nil
	}
	return s.caughtUp(t, events, version, ended, changed)
}

// noted returns the events of a change that the table lacks, when the
// change's notification carried them and they are all the table needs to
// catch up: it is live, its seats are settled (the version comes with the
// seats of that version), and the events continue its log. Otherwise ok is
// false and the table reads the store. Callers hold t.mu.
func noted(t *table, c store.Change) (events []store.Event, ok bool) {
	n := len(c.Events)
	if n == 0 || c.Seats || t.phase != phaseLive || t.seatsOpen() {
		return nil, false
	}
	first := c.Events[0].Seq
	if c.Events[n-1].Seq != c.Seq || first > t.seq()+1 || c.Seq <= t.seq() || c.Version <= t.rec.Version {
		return nil, false
	}
	return c.Events[t.seq()+1-first:], true
}

// caughtUp applies the events read after the ones held, sets the version
// read with them, relays them to the subscribers and arms what follows
// (see catchUp). Callers hold t.mu.
func (s *Hall) caughtUp(t *table, events []store.Event, version int64, ended, changed bool) error {
	start := t.seq()
	for _, e := range events {
		if e.Seq != t.seq()+1 {
			err := fmt.Errorf("game %s: event %d after %d", t.rec.ID, e.Seq, t.seq())
			t.drop(err)
			return err
		}
		if err := t.apply(e); err != nil {
			t.drop(err)
			return err
		}
	}
	t.rec.Version, t.rec.Seq = version, t.seq()
	// What the store holds is what another instance stored: a game over
	// in the events read is finished in the store.
	if ended || t.ending != nil || t.st.Terminal() {
		t.finish()
	}
	t.broadcast(int(start))
	if !t.over() {
		t.next()
		if len(events) > 0 {
			t.clockFromLog()
		}
	}
	return nil
}

// catchUpOver follows the writes to a finished game: its seats, where the
// players ask for a rematch and the rematch's id is written. The
// subscribers get the new state and, when the rematch has just been made,
// the message that takes them there. Callers hold t.mu.
func (s *Hall) catchUpOver(ctx context.Context, t *table) error {
	_, version, err := s.store.Events(ctx, t.rec.ID, t.seq())
	if err != nil || version == t.rec.Version {
		return err
	}
	rec, _, err := s.store.Load(ctx, t.rec.ID)
	if err != nil {
		return err
	}
	was := t.madeRematch()
	t.rec.Version = rec.Version
	if rec.Ratings != nil && t.rec.Ratings == nil {
		// Another instance rated the game.
		t.rec.Ratings = rec.Ratings
		t.invalidate()
		t.broadcast(int(t.seq()))
	}
	if reflect.DeepEqual(rec.Seats, t.rec.Seats) {
		return nil
	}
	t.rec.Seats = rec.Seats
	t.invalidate()
	t.broadcast(int(t.seq()))
	if id := t.madeRematch(); id != "" && id != was {
		for sub := range t.subs {
			sub.send(rematchMessage(id))
		}
	}
	return nil
}

// resync compares the games held with the store's heads: it catches up the
// games behind, adopts the unfinished games it does not hold, and arms the
// work of every game held.
func (s *Hall) resync(sh store.Shared, r *relay) {
	heads, err := sh.Heads(s.ctx)
	if err != nil {
		if !s.closing() {
			s.log.Warn("resync", "err", err)
		}
		return
	}
	unfinished := map[string]bool{}
	for _, h := range heads {
		unfinished[h.ID] = true
		t := s.held(h.ID)
		if t == nil {
			// A game not held is taken up once its creator had time to
			// announce it, unless it is idle: no change for a while and
			// no clock to watch (its work, if any, was due long ago and
			// is taken up when somebody loads it).
			// A game this instance put to sleep with its clock running
			// is loaded again by the sweep before its flag falls.
			idle := s.cfg.Now().Sub(h.Updated) >= s.cfg.IdleAfter && !h.Clocked || s.isAsleep(h.ID)
			if s.cfg.Now().Sub(h.Created) >= adoptAfter && !idle {
				r.push(store.Change{Game: h.ID, Seq: h.Seq})
			}
			continue
		}
		t.mu.Lock()
		behind := t.seq() < h.Seq
		// A change of seats missed is looked for while they may change.
		seats := t.phase == phaseLive && !t.over() && t.seatsOpen()
		if !behind && !seats && t.phase == phaseLive && t.thinking < 0 && (t.clocks == nil || t.flag == nil) {
			t.next()
		}
		t.mu.Unlock()
		if behind || seats {
			r.push(store.Change{Game: h.ID, Seq: h.Seq, Seats: seats})
		}
	}
	// A game held as unfinished that the store no longer lists as such
	// ended on another instance.
	s.mu.Lock()
	var others []*table
	for id, t := range s.games {
		if !unfinished[id] {
			others = append(others, t)
		}
	}
	s.mu.Unlock()
	for _, t := range others {
		t.mu.Lock()
		ended := t.phase == phaseLive
		// A finished game watched, whose rematch may still come: a
		// missed change of its seats is looked for.
		rematch := t.phase == phaseOver && len(t.subs) > 0 && t.madeRematch() == ""
		// A rated game held over but not rated yet: its rating, made on
		// another instance, is looked for.
		unrated := t.phase == phaseOver && t.rec.Rated != "" && t.rec.Ratings == nil
		t.mu.Unlock()
		if ended || rematch || unrated {
			r.push(store.Change{Game: t.rec.ID, Seq: 1 << 62, Seats: true})
		}
	}
}

// resyncChat sends the subscribers of every game held the chat messages
// they may have missed while the listener was away.
func (s *Hall) resyncChat() {
	all := s.tables()
	for _, t := range all {
		t.mu.Lock()
		if t.phase != phaseStale && len(t.subs) > 0 {
			s.followChat(t)
		}
		t.mu.Unlock()
	}
}

// later does a piece of work of game id that is due at seq, in the
// background and once across instances: a roll, a flag fall.
func (s *Hall) later(t *table, seq int64, kind work) {
	id := t.rec.ID
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		release, ok := s.claim(id, kind)
		if !ok {
			s.retry(id, seq, kind)
			return
		}
		defer release()
		err := s.with(s.ctx, id, func(t *table) error {
			// The previous holder of the claim may have done the work.
			if err := s.catchUp(s.ctx, t, false); err != nil {
				return err
			}
			if t.seq() != seq || t.over() || s.closing() {
				return nil
			}
			switch kind {
			case workRoll:
				return t.commit(s.ctx, nil)
			case workClock:
				return t.flagFall(s.ctx)
			}
			return nil
		})
		if err != nil && !s.closing() {
			s.log.Error("doing the work of a game", "game", id, "work", kind, "err", err)
		}
	}()
}

// claim makes sure one instance only does the work kind of game id. With
// ok the caller does it and calls release after storing it; without,
// another instance holds it.
func (s *Hall) claim(id string, kind work) (release func(), ok bool) {
	sh, shared := s.shared()
	if !shared {
		return func() {}, true
	}
	release, ok, err := sh.TryLock(s.ctx, id+"/"+string(kind))
	if err != nil && !s.closing() {
		s.log.Warn("claiming work", "game", id, "work", kind, "err", err)
	}
	if err != nil || !ok {
		return nil, false
	}
	return release, true
}

// retry tries a claimed piece of work again after claimRetry, if it is
// still due.
func (s *Hall) retry(id string, seq int64, kind work) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(claimRetry):
		}
		t := s.held(id)
		if t == nil {
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.phase != phaseLive || t.seq() != seq || t.over() {
			return
		}
		if kind != workAI {
			s.later(t, seq, kind)
			return
		}
		t.thinking = -1
		t.next()
	}()
}
