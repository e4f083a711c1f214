package live

// A table owns one game held in memory for its whole life (doc.go lists
// the files of its concerns). Every change of a table happens under its
// mu, is stored before it is answered or broadcast, and then goes to the
// subscribers in order.

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
)

// phase is where a table is in its life.
type phase int8

const (
	// phaseLive: the game goes on, and the table is in step with the
	// store as far as this instance knows.
	phaseLive phase = iota
	// phaseOver: the store holds the game as finished. Only then is the
	// server seed revealed.
	phaseOver
	// phaseStale: a write failed or was refused, or the log could not be
	// followed, so the copy may differ from the store. Nothing is read
	// from a stale table or done on it: it has left the server's map, and
	// whoever holds it loads the game again.
	phaseStale
)

// table is a game held in memory. Every field is guarded by mu.
type table struct {
	deps *deps
	mu   sync.Mutex

	phase phase
	// rec is the game's record as stored: its Seq, Version and Finished
	// change only after a write succeeded.
	rec *store.Game
	g   game.Game
	st  game.State
	// hlen is the length of st's history.
	hlen int
	// takers is, for each action of st's history, the index in events of
	// the event that took it, -1 for an action the game took by itself or
	// that was there from the start (the clocks of a PGN record).
	takers []int
	events []store.Event
	// autos[i] lists the actions the game applied by itself (passes)
	// right after events[i].
	autos [][]string
	// rolls counts the roll events; roller exists from the first roll.
	rolls  uint64
	roller *dice.Roller
	// chain follows the players' nonces (dice scheme v2, commands.go).
	chain record.Chain
	// ending is the result of a game ended outside its rules: a clock, a
	// resignation, an abort, an agreed draw.
	ending *game.Result
	// offers are the pending draw and takeback offers.
	offers ending.Offers
	// movers are the seats (players) that have made a move.
	movers map[string]bool
	// left are the seats (players) that left a game that goes on without
	// them (three-player Nords Loki: a timeout or a resignation).
	left map[string]bool
	// chatSeq is the seq of the last chat message the subscribers were
	// sent or need not be (stored before the table was loaded); -1 when
	// unknown (alone on its store, an instance follows no chat).
	chatSeq int64
	// clocks holds each seat's remaining time at turnStart, when the
	// player to move began thinking.
	clocks    []time.Duration
	turnStart time.Time
	flag      *time.Timer
	// thinking is the seq at which an AI seat is choosing, or -1.
	thinking int64
	// owner is the client the game's AI work is scheduled for: the
	// address of its creator, or the game's id when this instance does not
	// know it (a game created before a restart, or elsewhere).
	owner string
	// used is the last time a request or an event touched the table.
	used time.Time
	subs map[*Subscriber]struct{}
	// countDue says a count of the spectators is about to be sent to the
	// subscribers (watchers.go).
	countDue bool
	// online are the players online as last sent to the subscribers, and
	// offSince when each human seat offline went so (gone.go); nil while
	// nobody here follows presence.
	online   []string
	offSince map[string]time.Time
	// view caches the JSON of the view at viewSeq, and core the JSON of
	// the view without history and clocks at coreSeq.
	view    []byte
	viewSeq int64
	core    []byte
	coreSeq int64
}

// over reports whether the game is over: by its rules, a clock, a
// resignation or an abort (in memory, about to be or already stored), or
// as the store holds it.
func (t *table) over() bool {
	return t.phase == phaseOver || t.ending != nil || t.st.Terminal()
}

// revealed reports whether the server seed may be shown: only once the
// store holds the game as finished.
func (t *table) revealed() bool { return t.phase == phaseOver && t.rec.Finished }

// seq is the number of events in the log.
func (t *table) seq() int64 { return int64(len(t.events)) }

// seated reports whether every seat is taken.
func (t *table) seated() bool {
	return !slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return s.Kind == store.SeatOpen })
}

// awaitingSeeds lists the human seats whose dice seed the first roll waits
// for (none in a game without dice, or once the dice have rolled).
func (t *table) awaitingSeeds() []string {
	if t.g.ChanceMode() != game.ExplicitStochastic || t.rolls > 0 {
		return nil
	}
	var out []string
	for _, s := range t.rec.Seats {
		if s.Kind == store.SeatHuman && s.Seed == "" {
			out = append(out, s.Player)
		}
	}
	return out
}

// seatsOpen reports whether the seats may still change while the game
// goes on: players are awaited, or, in a game with dice, the seeds until
// the first roll.
func (t *table) seatsOpen() bool {
	return !t.seated() || t.rolls == 0 && t.g.ChanceMode() == game.ExplicitStochastic
}

// started reports whether play has begun: every seat is taken and, in a
// game with dice, every human seat has given its seed (the server's
// commitment was published before any of them). Only then does anybody
// move or the dice roll.
func (t *table) started() bool {
	return t.seated() && (t.rolls > 0 || len(t.awaitingSeeds()) == 0)
}

// toMove returns the seat index of the player to move, or -1 (chance, game
// over, waiting for players).
func (t *table) toMove() int {
	if t.over() || !t.started() {
		return -1
	}
	p := t.st.Player()
	if p < 0 {
		return -1
	}
	return int(p)
}

// shown returns the state as clients see it: ended when a clock fell, a
// player resigned or aborted, or the game expired.
func (t *table) shown() game.State {
	switch {
	case t.ending != nil:
		return ending.End(t.st, *t.ending)
	case t.phase == phaseOver && !t.st.Terminal():
		return ending.End(t.st, ending.Expired)
	}
	return t.st
}

// seatSeeds returns the seeds in seat order.
func (t *table) seatSeeds() []string {
	out := make([]string, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		out[i] = s.Seed
	}
	return out
}

// seatOf returns the seat a token opens, or -1, comparing in constant time.
func (t *table) seatOf(token string) int {
	if token == "" {
		return -1
	}
	h := sha256.Sum256([]byte(token))
	found := -1
	for i, s := range t.rec.Seats {
		if len(s.TokenHash) == len(h) && subtle.ConstantTimeCompare(s.TokenHash, h[:]) == 1 {
			found = i
		}
		for _, d := range s.DeviceHashes {
			if len(d) == len(h) && subtle.ConstantTimeCompare(d, h[:]) == 1 {
				found = i
			}
		}
	}
	return found
}

// clocksSet returns the time of the last event that set the clocks (a
// move, a roll, a player leaving; not an offer), when there is one.
func (t *table) clocksSet() (time.Time, bool) {
	for i := len(t.events) - 1; i >= 0; i-- {
		if t.events[i].Clocks != nil {
			return t.events[i].Time, true
		}
	}
	return time.Time{}, false
}

// errRetry asks with to load the game again and run the command anew: the
// table it ran on went stale before anything was written.
var errRetry = errors.New("server: the game changed meanwhile")

// drop makes the table stale and takes it out of the server's map, so
// that the next request loads the game from the store (the truth). Its
// subscribers are closed: they reconnect and catch up from their last
// seq. Callers hold t.mu.
func (t *table) drop(why error) {
	if t.phase == phaseStale {
		return
	}
	wasLive := !t.rec.Finished
	t.phase = phaseStale
	t.deps.forget(t, wasLive)
	if t.flag != nil {
		t.flag.Stop()
	}
	for sub := range t.subs {
		sub.drop()
	}
	t.subs = nil
	t.invalidate()
	if !errors.Is(why, store.ErrConflict) && t.deps.ctx.Err() == nil {
		t.deps.log.Warn("game dropped from memory, to be loaded again", "game", t.rec.ID, "err", why)
	}
}

// finish notes in memory that the store now holds the game as finished.
// Callers hold t.mu.
func (t *table) finish() {
	t.phase = phaseOver
	t.rec.Finished = true
	if t.flag != nil {
		t.flag.Stop()
	}
	t.deps.metrics.live.Dec()
	t.deps.gameOver(t.rec.ID)
	t.deps.log.Info("game over", "game", t.rec.ID, "name", t.rec.Game, "result", game.Describe(t.shown()), "events", t.seq())
}

// idle reports whether the table can leave memory without anything being
// lost or left undone: nobody watches it, no AI thinks or is to move, no
// roll is due, and it was not used for a while. It is loaded again when
// asked for; a game whose clock runs (a correspondence game, a live one
// left alone) leaves only when its flag falls after three sweeps, and
// wake is when the flag falls, by which time the sweep loads it again.
// Callers hold t.mu.
func (t *table) idle(now time.Time, after time.Duration) (idle bool, wake time.Time) {
	if len(t.subs) > 0 || now.Sub(t.used) < after || t.thinking >= 0 {
		return false, time.Time{}
	}
	if t.over() || !t.started() {
		return true, time.Time{}
	}
	p := t.toMove()
	if t.st.Player() == game.Chance || p >= 0 && t.rec.Seats[p].Kind == store.SeatAI {
		return false, time.Time{}
	}
	if t.clocks == nil || p < 0 {
		return true, time.Time{}
	}
	left := t.flagIn(p, now)
	if left < 3*t.deps.cfg.SweepEvery {
		return false, time.Time{}
	}
	return true, now.Add(left)
}
