package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"norns/ai"
	"norns/dice"
	"norns/game"
	"norns/store"
)

// live is a game held in memory: its record, its state rebuilt from the
// log, and the clients watching it. Every change happens under mu, is
// stored before it is answered or broadcast, and then goes to the
// subscribers in order.
type live struct {
	srv *Server
	mu  sync.Mutex

	rec    *store.Game
	g      game.Game
	st     game.State
	events []store.Event
	// autos[i] lists the actions the game applied by itself (passes)
	// right after events[i].
	autos [][]string
	// rolls counts the roll events; roller exists from the first roll.
	rolls  uint64
	roller *dice.Roller
	// timeout is the result of a player running out of time.
	timeout *game.Result
	// clocks holds each seat's remaining time at turnStart, when the
	// player to move began thinking.
	clocks    []time.Duration
	turnStart time.Time
	flag      *time.Timer
	// thinking is the seq at which an AI seat is choosing, or -1.
	thinking int64
	subs     map[*subscriber]struct{}
	// view caches the JSON of the view at viewSeq, and core the view
	// without history and clocks at coreSeq.
	view    []byte
	viewSeq int64
	core    *View
	coreSeq int64
}

// over reports whether the game is over, by its rules or by a clock.
func (l *live) over() bool { return l.timeout != nil || l.st.Terminal() }

// seq is the number of events in the log.
func (l *live) seq() int64 { return int64(len(l.events)) }

// started reports whether every seat is taken: only then does anybody move
// or the dice roll.
func (l *live) started() bool {
	for _, s := range l.rec.Seats {
		if s.Kind == store.SeatOpen {
			return false
		}
	}
	return true
}

// toMove returns the seat index of the player to move, or -1 (chance, game
// over, waiting for players).
func (l *live) toMove() int {
	if l.over() || !l.started() {
		return -1
	}
	p := l.st.Player()
	if p < 0 {
		return -1
	}
	return int(p)
}

// ended wraps a state whose game ended on the clock, so that game.Status
// and game.Describe tell it.
type ended struct {
	game.State
	r game.Result
}

// Player is NoPlayer: the game is over.
func (e ended) Player() game.Player { return game.NoPlayer }

// Terminal is true.
func (e ended) Terminal() bool { return true }

// Result is the result of the clock.
func (e ended) Result() game.Result { return e.r }

// Legal is empty.
func (e ended) Legal() []game.Action { return nil }

// Returns scores the result of the clock.
func (e ended) Returns() []float64 { return game.WinReturns(len(e.Players()), e.r) }

// shown returns the state as clients see it: ended when a clock fell.
func (l *live) shown() game.State {
	if l.timeout != nil {
		return ended{l.st, *l.timeout}
	}
	return l.st
}

// update is the record change that goes with an append.
func (l *live) update() store.Update {
	s := l.shown()
	return store.Update{Status: game.Status(s), Result: game.Describe(s), Finished: l.over()}
}

// seatSeeds returns the seeds in seat order.
func (l *live) seatSeeds() []string {
	out := make([]string, len(l.rec.Seats))
	for i, s := range l.rec.Seats {
		out[i] = s.Seed
	}
	return out
}

// apply plays one event on the state and records it in memory (not in the
// store). It is used both live and when replaying a log.
func (l *live) apply(e store.Event) error {
	switch e.Kind {
	case store.EventMove, store.EventRoll:
		before := len(l.st.History())
		if err := l.st.Apply(game.Action(e.Code)); err != nil {
			return err
		}
		h := l.st.History()
		var autos []string
		for _, a := range h[before+1:] {
			autos = append(autos, l.st.ActionString(a))
		}
		l.autos = append(l.autos, autos)
		if e.Kind == store.EventRoll {
			l.rolls++
		}
	case store.EventTimeout:
		p := slices.Index(l.st.Players(), e.Player)
		if p < 0 {
			return fmt.Errorf("timeout of unknown player %q", e.Player)
		}
		r, err := timeOut(l.st, game.Player(p))
		if err != nil {
			return err
		}
		l.timeout = r
		l.autos = append(l.autos, nil)
	default:
		return fmt.Errorf("unknown event kind %q", e.Kind)
	}
	l.events = append(l.events, e)
	if e.Clocks != nil {
		l.clocks = slices.Clone(e.Clocks)
	}
	return nil
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

// timeLoss is the result when player p runs out of time: with two players
// the other wins; with more, the game ends and the others share a draw.
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

// remaining returns each seat's time left now.
func (l *live) remaining(now time.Time) []time.Duration {
	if l.clocks == nil {
		return nil
	}
	out := slices.Clone(l.clocks)
	if p := l.toMove(); p >= 0 {
		out[p] -= now.Sub(l.turnStart)
	}
	return out
}

// commit plays a batch of new events: applies them, then follows with the
// rolls that come due, stores everything in one append, and broadcasts.
// On a store failure the game is dropped from memory (the store is the
// truth) and the error returned. Callers hold mu.
func (l *live) commit(ctx context.Context, first []store.Event) error {
	start := l.seq()
	for _, e := range first {
		if err := l.apply(e); err != nil {
			l.srv.evict(l)
			return err
		}
	}
	// The server rolls every die as soon as it is due.
	for l.started() && !l.over() && l.st.Player() == game.Chance {
		if l.roller == nil {
			l.roller = dice.NewRoller(l.rec.ServerSeed, l.seatSeeds())
		}
		a, err := l.roller.Roll(l.rolls, l.st.ChanceOutcomes())
		if err != nil {
			l.srv.evict(l)
			return fmt.Errorf("roll %d: %w", l.rolls, err)
		}
		e := store.Event{Seq: l.seq() + 1, Kind: store.EventRoll, Player: "chance", Action: l.st.ActionString(a), Code: uint32(a), Time: first0Time(first)}
		e.Clocks = l.clocksOrNil()
		if err := l.apply(e); err != nil {
			l.srv.evict(l)
			return err
		}
	}
	batch := l.events[start:]
	if len(batch) == 0 {
		return nil
	}
	if err := l.srv.store.Append(ctx, l.rec.ID, batch, l.update()); err != nil {
		l.srv.evict(l)
		return err
	}
	l.rec.Seq = l.seq()
	// The clock of the player now to move starts now (the view broadcast
	// below shows it).
	l.turnStart = time.Now()
	for _, e := range batch {
		l.srv.metrics.events.WithLabelValues(e.Kind).Inc()
	}
	if l.over() {
		l.finish()
	}
	l.broadcast(int(start))
	l.next()
	return nil
}

func first0Time(evs []store.Event) time.Time {
	if len(evs) > 0 {
		return evs[0].Time
	}
	return time.Now()
}

func (l *live) clocksOrNil() []time.Duration {
	if l.clocks == nil {
		return nil
	}
	return slices.Clone(l.clocks)
}

// finish marks the game over in memory: metrics, log, no timers.
func (l *live) finish() {
	l.rec.Finished = true
	if l.flag != nil {
		l.flag.Stop()
	}
	l.srv.metrics.live.Dec()
	l.srv.log.Info("game over", "game", l.rec.ID, "name", l.rec.Game, "result", game.Describe(l.shown()), "events", l.seq())
}

// next arms what follows the last event: the clock of the player to move
// and, for an AI seat, its search. Callers hold mu.
func (l *live) next() {
	p := l.toMove()
	if p < 0 {
		return
	}
	l.turnStart = time.Now()
	if l.clocks != nil {
		if l.flag != nil {
			l.flag.Stop()
		}
		seq := l.seq()
		left := l.clocks[p]
		l.flag = time.AfterFunc(max(left, 0), func() { l.flagFall(seq) })
	}
	if l.rec.Seats[p].Kind == store.SeatAI && l.thinking != l.seq() {
		l.thinking = l.seq()
		l.srv.think(l, l.seq())
	}
}

// flagFall ends the game when the player to move at seq is still to move
// with no time left.
func (l *live) flagFall(seq int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seq() != seq || l.over() || l.srv.closing() {
		return
	}
	p := l.toMove()
	if p < 0 {
		return
	}
	now := time.Now()
	if left := l.remaining(now)[p]; left > 0 {
		l.flag = time.AfterFunc(left, func() { l.flagFall(seq) })
		return
	}
	release, ok := l.srv.claim(l, seq, "clock", true) // one instance only
	if !ok {
		return
	}
	defer release()
	clocks := l.remaining(now)
	clocks[p] = 0
	e := store.Event{Seq: l.seq() + 1, Kind: store.EventTimeout, Player: l.st.Players()[p], Time: now, Clocks: clocks}
	if err := l.commit(context.Background(), []store.Event{e}); err != nil {
		l.srv.log.Error("recording a time loss", "game", l.rec.ID, "err", err)
	}
}

// play applies an action of seat p (already checked to be the seat to
// move). Callers hold mu.
func (l *live) play(ctx context.Context, p int, a game.Action) error {
	now := time.Now()
	e := store.Event{Seq: l.seq() + 1, Kind: store.EventMove, Player: l.st.Players()[p], Action: l.st.ActionString(a), Code: uint32(a), Time: now}
	if l.clocks != nil {
		clocks := l.remaining(now)
		if clocks[p] <= 0 {
			clocks[p] = 0
			e = store.Event{Seq: e.Seq, Kind: store.EventTimeout, Player: e.Player, Time: now, Clocks: clocks}
			if err := l.commit(ctx, []store.Event{e}); err != nil {
				return err
			}
			if !l.over() {
				return apiErr(CodeNotYourTurn, "%s ran out of time and is out of the game", e.Player)
			}
			return apiErr(CodeGameOver, "%s ran out of time", e.Player)
		}
		clocks[p] += l.rec.Clock.Increment
		e.Clocks = clocks
	}
	// Check legality before anything is stored: Apply in commit must not
	// fail for a legal action.
	if !slices.Contains(l.st.Legal(), a) {
		return apiErr(CodeIllegal, "%s is not legal now", l.st.ActionString(a))
	}
	return l.commit(ctx, []store.Event{e})
}

// seatOf returns the seat a token opens, or -1, comparing in constant time.
func (l *live) seatOf(token string) int {
	if token == "" {
		return -1
	}
	h := sha256.Sum256([]byte(token))
	found := -1
	for i, s := range l.rec.Seats {
		if len(s.TokenHash) == len(h) && subtle.ConstantTimeCompare(s.TokenHash, h[:]) == 1 {
			found = i
		}
	}
	return found
}

// think lets the AI seat to move at seq choose and play, in the
// background, within the server's bound on concurrent searches.
func (s *Server) think(l *live, seq int64) {
	p := l.toMove()
	seat := l.rec.Seats[p]
	st := l.st.Clone()
	budget := s.cfg.AITime[seat.Level]
	if l.clocks != nil {
		// Never spend more than a tenth of the time left.
		budget = min(budget, max(l.remaining(time.Now())[p]/10, time.Millisecond))
	}
	id := l.rec.ID
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		release, ok := s.claim(l, seq, "ai", false) // one instance only
		if !ok {
			return
		}
		defer release()
		select {
		case s.aiSlots <- struct{}{}:
		case <-s.ctx.Done():
			return
		}
		start := time.Now()
		a, err := func() (game.Action, error) {
			defer func() { <-s.aiSlots }()
			agent, err := s.cfg.NewAgent(ai.Config{Level: seat.Level, Time: budget, Seed: rand.Uint64()})
			if err != nil {
				return 0, err
			}
			ctx, cancel := context.WithTimeout(s.ctx, 2*budget+time.Second)
			defer cancel()
			return agent.Choose(ctx, st)
		}()
		s.metrics.aiThink.WithLabelValues(seat.Level).Observe(time.Since(start).Seconds())
		if s.ctx.Err() != nil {
			return // shutting down: the turn is taken again after the restart
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.thinking == seq {
			l.thinking = -1
		}
		if l.seq() != seq || l.toMove() != p {
			return
		}
		if err != nil {
			// The game must go on: a failed search plays a random legal
			// action instead.
			s.log.Error("AI search failed; playing a random action", "game", id, "seat", seat.Player, "level", seat.Level, "err", err)
			legal := l.st.Legal()
			a = legal[rand.IntN(len(legal))]
		}
		if err := l.play(s.ctx, p, a); err != nil {
			s.log.Error("AI move", "game", id, "seat", seat.Player, "level", seat.Level, "err", err)
		}
	}()
}

// restore rebuilds a game from its record and log.
func (s *Server) restore(rec *store.Game, events []store.Event) (*live, error) {
	g, err := s.gameByName(rec.Game)
	if err != nil {
		return nil, err
	}
	st, err := g.New(game.Options(rec.Options))
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	l := &live{srv: s, rec: rec, g: g, st: st, thinking: -1, subs: map[*subscriber]struct{}{}, viewSeq: -1}
	if rec.Clock != nil {
		l.clocks = make([]time.Duration, len(rec.Seats))
		for i := range l.clocks {
			l.clocks[i] = rec.Clock.Initial
		}
	}
	for _, e := range events {
		if e.Kind == store.EventRoll && l.roller == nil {
			l.roller = dice.NewRoller(rec.ServerSeed, l.seatSeeds())
		}
		if err := l.apply(e); err != nil {
			return nil, fmt.Errorf("game %s: replaying event %d (%s %s): %w", rec.ID, e.Seq, e.Player, e.Action, err)
		}
	}
	l.turnStart = time.Now()
	return l, nil
}
