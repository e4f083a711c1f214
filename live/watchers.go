package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// The spectators of a game are its WebSocket subscribers that hold no seat
// (they sent no AuthMessage, or one that opened no seat). Each subscriber
// gets their count, {"type":"watchers","count":N}, when a subscriber comes,
// goes or proves its seat: a moment after, so that a player's client, a
// spectator until its first message, does not make the count flicker.
//
// The same message names the players online: the seats whose client
// proved its seat on a feed (gone.go), counted the same way, with the
// spectators: an instance's rows in the store carry both.
//
// An instance alone on its store counts its own subscribers, in memory.
// Instances sharing a store (store.Presence: PostgreSQL) count them all
// together. Each keeps in the store, under an id of its own drawn at
// start, how many spectators it has of each game: a moment after its count
// of a game changed it writes it (the writes of that moment together, one
// statement), which notifies the other instances; each then reads how many
// the others have and sends its subscribers the total, its own count
// added as it stands. Every presenceBeat an instance refreshes its rows
// (store.KeepPresence: what it holds, nothing else) and reads the totals of
// its games again, sending those that changed: the rows of an instance that
// died stop counting after store.PresenceTTL, and a notification missed
// costs only a beat. An instance that stops removes its rows.
//
// The store is written by one goroutine of the instance (watchPresence),
// never by a request: a presence write that fails or hangs is logged and
// fails or delays no move, join or feed, and the next beat makes it up.
// The writes of a game are at most one per watchersDelay and per beat,
// whatever its spectators do.

// Timings of the count of spectators.
const (
	// watchersDelay is how long a change of the count waits before it is
	// sent (or, with several instances, stored).
	watchersDelay = 500 * time.Millisecond
	// presenceLinger is how long the presence goroutine waits, once woken,
	// for the changes that come together.
	presenceLinger = 50 * time.Millisecond
	// presenceBeat is the period of the refresh of this instance's rows,
	// well within store.PresenceTTL.
	presenceBeat = store.PresenceTTL / 3
	// presenceTimeout bounds each presence statement.
	presenceTimeout = 5 * time.Second
)

// watchersMessage is the WebSocket message of the count of spectators,
// the players online and the players gone (gone.go).
func watchersMessage(w store.Watch, gone map[string]int64) []byte {
	online := w.Players
	if online == nil {
		online = []string{}
	}
	b, _ := json.Marshal(wire.WatchersMessage{Count: w.Spectators, Online: online, GoneMs: gone, Type: wire.MessageWatchers})
	return b
}

// spectators counts the subscribers that hold no seat. Callers hold mu.
func (t *table) spectators() int {
	n := 0
	for sub := range t.subs {
		if !sub.player.Load() {
			n++
		}
	}
	return n
}

// countWatchers sends the count of spectators to every subscriber a moment
// from now, unless a sending is due already; with several instances it
// hands the change to the presence goroutine instead. Callers hold mu.
func (t *table) countWatchers() {
	shared := t.deps.shared
	p := t.deps.presence
	if shared && p == nil || t.countDue || t.deps.ctx.Err() != nil {
		return // a shared store without presence: no count rather than a wrong one
	}
	t.countDue = true
	time.AfterFunc(watchersDelay, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.countDue = false
		if p != nil {
			p.changed(t.rec.ID)
			return
		}
		t.sendWatchers(t.localWatch())
	})
}

// sendWatchers sends the count of spectators and the players online, w
// (all instances' together), to every subscriber, and notes who of the
// players is online (gone.go). Callers hold mu.
func (t *table) sendWatchers(w store.Watch) {
	t.notePresence(w.Players)
	msg := watchersMessage(w, t.goneMs())
	for sub := range t.subs {
		if !sub.send(msg) {
			delete(t.subs, sub)
		}
	}
}

// presence is the count of spectators, and the players online, of an
// instance that shares its store.
type presence struct {
	st store.Presence
	// id names this instance in the store.
	id string

	mu sync.Mutex
	// dirty are the games whose count changed here, to store and send;
	// elsewhere those whose count changed on another instance, to send.
	dirty, elsewhere map[string]bool
	wake             chan struct{}

	// Owned by the presence goroutine: what this instance has of each
	// game as last stored (absent: nothing), what the other instances
	// have as last read, and the total last sent to the game's
	// subscribers.
	written, others, sent map[string]store.Watch
	// gone, when the store keeps them, are the players gone of the games
	// this instance follows, as it last stored them (gone.go); owned by
	// the presence goroutine.
	gone       store.Gone
	goneStored map[string]map[string]time.Time
}

func newPresence(st store.Presence) *presence {
	b := make([]byte, 8)
	rand.Read(b)
	return &presence{
		st: st, id: hex.EncodeToString(b),
		dirty: map[string]bool{}, elsewhere: map[string]bool{}, wake: make(chan struct{}, 1),
		written: map[string]store.Watch{}, others: map[string]store.Watch{}, sent: map[string]store.Watch{},
	}
}

// changed notes that this instance's count of a game may have changed.
func (p *presence) changed(id string) {
	p.mu.Lock()
	p.dirty[id] = true
	p.mu.Unlock()
	p.signal()
}

// heard takes a notification of another instance's count (its own are
// ignored: the goroutine sent the total already).
func (p *presence) heard(c store.Change) {
	if p == nil || c.Presence == p.id {
		return
	}
	p.mu.Lock()
	p.elsewhere[c.Game] = true
	p.mu.Unlock()
	p.signal()
}

func (p *presence) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// take returns the changes noted so far and forgets them.
func (p *presence) take() (dirty, elsewhere map[string]bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	dirty, elsewhere = p.dirty, p.elsewhere
	p.dirty, p.elsewhere = map[string]bool{}, map[string]bool{}
	return dirty, elsewhere
}

// startPresence starts the presence goroutine when the store is shared and
// keeps presence; it does nothing otherwise.
func (s *Hall) startPresence() {
	_, shared := s.shared()
	ps, ok := s.store.(store.Presence)
	if !shared || !ok {
		return
	}
	s.presence = newPresence(ps)
	if g, ok := s.store.(store.Gone); ok {
		s.presence.gone, s.presence.goneStored = g, map[string]map[string]time.Time{}
	}
	s.wg.Add(1)
	go s.watchPresence(s.presence)
}

// watchPresence stores this instance's counts and sends the totals, as
// they change and every presenceBeat, until the server closes.
func (s *Hall) watchPresence(p *presence) {
	defer s.wg.Done()
	beat := time.NewTicker(presenceBeat)
	defer beat.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-p.wake:
			select {
			case <-s.ctx.Done():
				return
			case <-time.After(presenceLinger):
			}
			dirty, elsewhere := p.take()
			s.presenceChanged(p, dirty, elsewhere)
		case <-beat.C:
			s.presenceBeat(p)
		}
	}
}

// localWatch is what this instance has of a game's feeds (nothing for a
// game not held), and whether it has subscribers.
func (s *Hall) localWatch(id string) (w store.Watch, subscribed bool) {
	t := s.held(id)
	if t == nil {
		return w, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.localWatch(), len(t.subs) > 0
}

// presenceChanged stores the counts of the games that changed here, and
// sends the subscribers of those and of the games that changed elsewhere
// their totals.
func (s *Hall) presenceChanged(p *presence, dirty, elsewhere map[string]bool) {
	write := map[string]store.Watch{}
	for id := range dirty {
		if w, _ := s.localWatch(id); !w.Equal(p.written[id]) {
			write[id] = w
		}
	}
	if len(write) > 0 {
		ctx, cancel := context.WithTimeout(s.ctx, presenceTimeout)
		err := p.st.SetPresence(ctx, p.id, write)
		cancel()
		if err != nil {
			s.presenceFailed("storing the count of spectators", err)
		} else {
			p.noteWritten(write)
		}
	}
	games := make([]string, 0, len(dirty)+len(elsewhere))
	for id := range dirty {
		games = append(games, id)
	}
	for id := range elsewhere {
		if _, subscribed := s.localWatch(id); subscribed && !dirty[id] {
			games = append(games, id)
		}
	}
	s.sendTotals(p, games, true)
}

// presenceBeat refreshes this instance's rows to what it holds (storing,
// and notifying, the counts that differ from those written), then sends
// the totals that changed.
func (s *Hall) presenceBeat(p *presence) {
	counts := map[string]store.Watch{}
	var subscribed []string
	for _, t := range s.tables() {
		t.mu.Lock()
		switch {
		case t.phase == phaseStale || len(t.subs) == 0:
		case t.countDue:
			// A change is on its way (a player's client not yet proved,
			// say): the row stays as it is, and the change will send.
			if w := p.written[t.rec.ID]; !w.Empty() {
				counts[t.rec.ID] = w
			}
		default:
			subscribed = append(subscribed, t.rec.ID)
			if w := t.localWatch(); !w.Empty() {
				counts[t.rec.ID] = w
			}
		}
		t.mu.Unlock()
	}
	write := map[string]store.Watch{}
	for id, w := range counts {
		if !p.written[id].Equal(w) {
			write[id] = w
		}
	}
	for id := range p.written {
		if counts[id].Empty() {
			write[id] = store.Watch{}
		}
	}
	ctx, cancel := context.WithTimeout(s.ctx, presenceTimeout)
	defer cancel()
	if len(write) > 0 {
		if err := p.st.SetPresence(ctx, p.id, write); err != nil {
			s.presenceFailed("storing the count of spectators", err)
		}
	}
	if err := p.st.KeepPresence(ctx, p.id, counts); err != nil {
		s.presenceFailed("refreshing the count of spectators", err)
	} else {
		p.written = counts
	}
	for id := range p.sent {
		if _, held := counts[id]; !held && !slices.Contains(subscribed, id) {
			delete(p.sent, id)
			delete(p.others, id)
		}
	}
	s.sendTotals(p, subscribed, false)
}

// noteWritten records watches as stored.
func (p *presence) noteWritten(watches map[string]store.Watch) {
	for id, w := range watches {
		if w.Empty() {
			delete(p.written, id)
		} else {
			p.written[id] = w
		}
	}
}

// sendTotals reads what the other instances have of the games (their
// spectators, their players online) and sends each game's subscribers the
// total with this instance's own; always, or only the totals that changed since last sent. When the
// store cannot be read the totals are sent with the others' last known.
func (s *Hall) sendTotals(p *presence, games []string, always bool) {
	if len(games) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, presenceTimeout)
	others, err := p.st.Watchers(ctx, games, p.id)
	cancel()
	if err != nil {
		s.presenceFailed("reading the count of spectators", err)
		if !always {
			return
		}
	} else {
		for _, id := range games {
			p.others[id] = others[id]
		}
	}
	gone := map[string]map[string]time.Time{}
	for _, id := range games {
		t := s.held(id)
		if t == nil {
			delete(p.sent, id)
			delete(p.others, id)
			delete(p.goneStored, id)
			continue
		}
		t.mu.Lock()
		if t.phase != phaseStale && len(t.subs) > 0 && (always || !t.countDue) {
			total := t.localWatch().Add(p.others[id])
			if sent, ok := p.sent[id]; always || !ok || !total.Equal(sent) {
				t.sendWatchers(total)
				p.sent[id] = total
			}
			if p.gone != nil && t.offSince != nil && !maps.Equal(t.offSince, p.goneStored[id]) {
				gone[id] = maps.Clone(t.offSince)
			}
		}
		t.mu.Unlock()
	}
	s.storeGone(p, gone)
}

// storeGone stores the players gone of the games that changed here, for
// a claim made on another instance (gone.go).
func (s *Hall) storeGone(p *presence, gone map[string]map[string]time.Time) {
	if len(gone) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, presenceTimeout)
	defer cancel()
	if err := p.gone.SetGone(ctx, gone); err != nil {
		s.presenceFailed("storing the players gone", err)
		return
	}
	for id, g := range gone {
		p.goneStored[id] = g
	}
}

// presenceFailed logs a presence statement that failed, unless the server
// is closing.
func (s *Hall) presenceFailed(what string, err error) {
	if !s.closing() {
		s.log.Warn(what, "err", err)
	}
}

// stopPresence removes this instance's rows from the store, which tells
// the other instances; the server is closed already.
func (s *Hall) stopPresence() {
	p := s.presence
	if p == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := p.st.ClearPresence(ctx, p.id); err != nil {
		s.log.Warn("removing the count of spectators", "err", err)
	}
}
