package server

// Several instances on one shared store (store.Shared: PostgreSQL).
//
// Every instance holds every unfinished game in memory and keeps it in step
// with the store: each append notifies {game, seq}; the instance reads the
// new events from the store (never from the notification), applies them and
// relays them to its own WebSocket clients. A resync every few seconds, and
// after the listener reconnects, compares the games held with the store's
// heads, so a missed notification is caught up.
//
// Work that must happen once (an AI seat's move, a clock's flag fall, a roll
// left due) is claimed in the store before it is done: the instance that
// gets the claim does it, the others try again a moment later, and take it
// over when the holder dies (its claims end with its connection). After
// taking a claim an instance first catches up with the store, so work done
// by the previous holder is never done twice.

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"time"

	"norns/dice"
	"norns/game"
	"norns/store"
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
		c.Seq = max(c.Seq, old.Seq)
		c.Seats = c.Seats || old.Seats
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

func (r *relay) pop(id string) store.Change {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.pending[id]
	delete(r.pending, id)
	return c
}

// startCluster starts following the other instances when the store is
// shared; it does nothing otherwise.
func (s *Server) startCluster() {
	sh, ok := s.store.(store.Shared)
	if !ok {
		return
	}
	r := &relay{pending: map[string]store.Change{}, ids: make(chan string, 1<<16), resync: make(chan struct{}, 1)}
	s.wg.Add(2 + followers)
	go func() {
		defer s.wg.Done()
		sh.Listen(s.ctx, r.push)
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
			case <-r.resync:
			}
			s.resync(sh, r)
		}
	}()
}

// held returns the game held in memory, or nil.
func (s *Server) held(id string) *live {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// follow applies a change another instance (or this one) made.
func (s *Server) follow(c store.Change) {
	if c.Game == "" || s.closing() {
		return
	}
	ctx := s.ctx
	l := s.held(c.Game)
	if l == nil {
		s.adopt(ctx, c.Game)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seq() >= c.Seq && !c.Seats {
		return // this instance made it, or has caught up already
	}
	if err := s.catchUp(ctx, l, c.Seats); err != nil {
		s.log.Error("following a change", "game", c.Game, "seq", c.Seq, "err", err)
	}
}

// adopt loads a game this instance does not hold and takes up its work.
func (s *Server) adopt(ctx context.Context, id string) {
	l, err := s.load(ctx, id)
	if err != nil {
		s.log.Error("loading a game of another instance", "game", id, "err", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.over() {
		l.next()
		l.clockFromLog()
	}
}

// clockFromLog counts the current turn from the last event's time rather
// than from now: another instance ran the clock until this one took the
// game up. Callers hold l.mu, right after next.
func (l *live) clockFromLog() {
	if l.clocks == nil || l.flag == nil || len(l.events) == 0 {
		return
	}
	p := l.toMove()
	last := l.events[len(l.events)-1].Time
	if p < 0 || !last.Before(l.turnStart) {
		return
	}
	l.turnStart = last
	l.flag.Reset(max(l.remaining(time.Now())[p], 0))
}

// catchUp reads the events after the ones held (and the seats, when they
// changed), applies them, relays them to the subscribers and arms what
// follows. On a failure the game is dropped from memory, to be reloaded.
// Callers hold l.mu.
func (s *Server) catchUp(ctx context.Context, l *live, seats bool) error {
	if _, shared := s.store.(store.Shared); !shared || l.over() {
		return nil // alone on its store, an instance is never behind
	}
	var events []store.Event
	changed := false
	if seats {
		rec, evs, err := s.store.Load(ctx, l.rec.ID)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(rec.Seats, l.rec.Seats) {
			l.rec.Seats = rec.Seats
			if l.rolls == 0 {
				l.roller = nil // made again from the seeds at the first roll
			}
			l.invalidate()
			changed = true
		}
		if int64(len(evs)) > l.seq() {
			events = evs[l.seq():]
		}
	} else {
		evs, err := s.store.Events(ctx, l.rec.ID, l.seq())
		if err != nil {
			return err
		}
		events = evs
	}
	if len(events) == 0 && !changed {
		return nil
	}
	start := l.seq()
	for _, e := range events {
		if e.Seq != l.seq()+1 {
			s.evict(l)
			return fmt.Errorf("game %s: event %d after %d", l.rec.ID, e.Seq, l.seq())
		}
		if e.Kind == store.EventRoll && l.roller == nil {
			l.roller = dice.NewRoller(l.rec.ServerSeed, l.seatSeeds())
		}
		if err := l.apply(e); err != nil {
			s.evict(l)
			return err
		}
	}
	l.rec.Seq = l.seq()
	if l.over() && !l.rec.Finished {
		l.finish()
	}
	l.broadcast(int(start))
	if !l.over() {
		l.next()
		if len(events) > 0 {
			l.clockFromLog()
		}
	}
	return nil
}

// resync compares the games held with the store's heads: it catches up the
// games behind, adopts the unfinished games it does not hold, and arms the
// work of every game held.
func (s *Server) resync(sh store.Shared, r *relay) {
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
		l := s.held(h.ID)
		if l == nil {
			if time.Since(h.Created) >= adoptAfter {
				r.push(store.Change{Game: h.ID, Seq: h.Seq})
			}
			continue
		}
		l.mu.Lock()
		behind := l.seq() < h.Seq
		// Seats change only while players are awaited, and seeds only
		// before the first roll: a change missed then is looked for.
		seats := !l.over() && (!l.started() || (l.rolls == 0 && l.g.ChanceMode() == game.ExplicitStochastic))
		if !behind && !seats {
			s.arm(l)
		}
		l.mu.Unlock()
		if behind || seats {
			r.push(store.Change{Game: h.ID, Seq: h.Seq, Seats: seats})
		}
	}
	// A game held as unfinished that the store no longer lists as such
	// ended on another instance.
	s.mu.Lock()
	var others []*live
	for id, l := range s.games {
		if !unfinished[id] {
			others = append(others, l)
		}
	}
	s.mu.Unlock()
	for _, l := range others {
		l.mu.Lock()
		ended := !l.rec.Finished
		l.mu.Unlock()
		if ended {
			r.push(store.Change{Game: l.rec.ID, Seq: 1 << 62})
		}
	}
}

// arm starts the work of a game held that nothing has started on this
// instance (a game loaded by a request): the AI seat to move, the clock,
// a roll left due. Every piece is claimed before it is done. Callers hold
// l.mu.
func (s *Server) arm(l *live) {
	if l.over() || !l.started() || s.closing() {
		return
	}
	if l.st.Player() == game.Chance {
		release, ok := s.claim(l, l.seq(), "work", true)
		if !ok {
			return
		}
		defer release()
		if l.st.Player() == game.Chance {
			if err := l.commit(s.ctx, nil); err != nil {
				s.log.Error("rolling", "game", l.rec.ID, "err", err)
			}
		}
		return
	}
	p := l.toMove()
	if p < 0 {
		return
	}
	if l.rec.Seats[p].Kind == store.SeatAI && l.thinking != l.seq() {
		l.thinking = l.seq()
		s.think(l, l.seq())
	}
	if l.clocks != nil && l.flag == nil {
		seq := l.seq()
		l.flag = time.AfterFunc(max(l.remaining(time.Now())[p], 0), func() { l.flagFall(seq) })
	}
}

// claim makes sure one instance only does the work kind ("ai", "clock",
// "work") of game l at seq. With ok the caller does it and calls release
// after storing it; without, another instance holds it (or the work is
// done) and a retry is scheduled. held says whether the caller holds l.mu.
func (s *Server) claim(l *live, seq int64, kind string, held bool) (release func(), ok bool) {
	sh, shared := s.store.(store.Shared)
	if !shared {
		return func() {}, true
	}
	release, ok, err := sh.TryLock(s.ctx, l.rec.ID+"/"+kind)
	if err != nil || !ok {
		if err != nil && !s.closing() {
			s.log.Warn("claiming work", "game", l.rec.ID, "work", kind, "err", err)
		}
		s.retry(l, seq, kind)
		return nil, false
	}
	if !held {
		l.mu.Lock()
		defer l.mu.Unlock()
	}
	// The previous holder may have done the work before it let go.
	if err := s.catchUp(s.ctx, l, false); err != nil {
		release()
		s.log.Error("catching up before work", "game", l.rec.ID, "err", err)
		return nil, false
	}
	if l.seq() != seq || l.over() {
		release()
		return nil, false
	}
	return release, true
}

// retry tries a claimed piece of work again after claimRetry, if it is
// still due.
func (s *Server) retry(l *live, seq int64, kind string) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(claimRetry):
		}
		switch kind {
		case "clock":
			l.flagFall(seq)
		case "ai":
			l.mu.Lock()
			defer l.mu.Unlock()
			if s.held(l.rec.ID) != l || l.seq() != seq || l.closingOrOver() {
				return
			}
			if p := l.toMove(); p >= 0 && l.rec.Seats[p].Kind == store.SeatAI {
				l.thinking = seq
				s.think(l, seq)
			}
		case "work":
			l.mu.Lock()
			defer l.mu.Unlock()
			if s.held(l.rec.ID) == l && l.seq() == seq {
				s.arm(l)
			}
		}
	}()
}

func (l *live) closingOrOver() bool { return l.over() || l.srv.closing() }
