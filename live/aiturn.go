package live

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// think lets the AI seat to move at seq choose and play, in the
// background: the search waits for a slot of the scheduler, which serves
// the clients round-robin. Callers hold t.mu.
func (s *Hall) think(t *table, seq int64) {
	p := t.toMove()
	seat := t.rec.Seats[p]
	st := t.st.Clone()
	budget := s.cfg.AITime[seat.Level]
	// With a Fischer clock, an agent that can shares out the seat's time
	// (until its flag falls: on its first move, the time for that move)
	// and increment; the others spend at most a tenth of it.
	var left, inc time.Duration
	now := s.cfg.Now()
	if t.clocks != nil {
		left = max(t.flagIn(p, now), time.Millisecond)
		budget = min(budget, max(left/10, time.Millisecond))
		if c := t.rec.Clock; c != nil && !c.PerMove {
			inc = c.Increment
		} else {
			left = 0
		}
	}
	id, owner := t.rec.ID, t.owner
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		release, ok := s.claim(id, workAI) // one instance only
		if !ok {
			s.retry(id, seq, workAI)
			return
		}
		defer release()
		due := false
		s.with(s.ctx, id, func(t *table) error {
			// The previous holder of the claim may have moved.
			if err := s.catchUp(s.ctx, t, false); err != nil {
				return err
			}
			due = t.seq() == seq && t.toMove() == p
			if !due && t.thinking == seq {
				t.thinking = -1
			}
			return nil
		})
		if !due {
			return
		}
		if s.sched.acquire(s.ctx, owner) != nil {
			return // shutting down: the turn is taken again after the restart
		}
		start := time.Now()
		a, err := func() (game.Action, error) {
			defer s.sched.release()
			cfg := ai.Config{Level: seat.Level, Time: budget, Seed: rand.Uint64()}
			wait := 2*budget + time.Second
			if left > 0 {
				// The wait for a slot ran on the clock.
				cfg.ClockLeft = max(left-s.cfg.Now().Sub(now), time.Millisecond)
				cfg.ClockIncrement = inc
				wait = max(wait, cfg.ClockLeft)
			}
			agent, err := s.cfg.NewAgent(cfg)
			if err != nil {
				return 0, err
			}
			ctx, cancel := context.WithTimeout(s.ctx, wait)
			defer cancel()
			return agent.Choose(ctx, st)
		}()
		s.metrics.aiThink.WithLabelValues(seat.Level).Observe(time.Since(start).Seconds())
		if s.closing() {
			return
		}
		err = s.with(s.ctx, id, func(t *table) error {
			if t.thinking == seq {
				t.thinking = -1
			}
			if t.seq() != seq || t.toMove() != p {
				return nil
			}
			if err != nil {
				// The game must go on: a failed search plays a random
				// legal action instead.
				s.log.Error("AI search failed; playing a random action", "game", id, "seat", seat.Player, "level", seat.Level, "err", err)
				legal := t.st.Legal()
				a = legal[rand.IntN(len(legal))]
			}
			return retryable(t.move(s.ctx, p, a, wire.Reveal{}))
		})
		if err != nil && !s.closing() {
			s.log.Error("AI move", "game", id, "seat", seat.Player, "level", seat.Level, "err", err)
		}
	}()
}

// scheduler hands out the slots of the AI searches. Searches wait in a
// queue per client (the creator of the game), and a freed slot goes to the
// next client in turn, so that one client's many games cannot starve
// another's one.
type scheduler struct {
	mu   sync.Mutex
	free int
	// waiting are the searches waiting, in turns of their clients.
	waiting turns[chan struct{}]
}

func newScheduler(slots int) *scheduler {
	return &scheduler{free: slots}
}

// acquire waits for a slot for client owner. It returns ctx's error if ctx
// ends first, holding no slot.
func (q *scheduler) acquire(ctx context.Context, owner string) error {
	q.mu.Lock()
	if q.free > 0 && q.waiting.empty() {
		q.free--
		q.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	q.waiting.push(owner, ch)
	q.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	select {
	case <-ch: // granted meanwhile: give it on
		q.releaseLocked()
		return ctx.Err()
	default:
	}
	q.waiting.remove(owner, ch)
	return ctx.Err()
}

// release frees a slot: it goes to the first search of the next client in
// turn.
func (q *scheduler) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked()
}

func (q *scheduler) releaseLocked() {
	ch, ok := q.waiting.pop()
	if !ok {
		q.free++
		return
	}
	close(ch)
}

// hasAI reports whether any seat is an AI's.
func hasAI(seats []store.Seat) bool {
	for _, s := range seats {
		if s.Kind == store.SeatAI {
			return true
		}
	}
	return false
}

// countAI notes a new game with an AI seat created by client owner, unless
// the client has Config.AIGamesPerClient of them unfinished in memory
// already.
func (s *Hall) countAI(id, owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := s.cfg.AIGamesPerClient; n > 0 && s.aiCount[owner] >= n {
		return Errorf(wire.CodeTooManyGames, "%d unfinished games against the computer from %s; finish or leave one first", n, owner)
	}
	s.aiOwner[id] = owner
	s.aiCount[owner]++
	return nil
}

// uncountAI takes a game out of the count of its creator's games against
// the computer: it ended, or it left memory for want of play (the bound is
// on the games being played).
func (s *Hall) uncountAI(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if owner, ok := s.aiOwner[id]; ok {
		delete(s.aiOwner, id)
		if s.aiCount[owner]--; s.aiCount[owner] <= 0 {
			delete(s.aiCount, owner)
		}
	}
}

// ownerOf is the client a game's AI work is scheduled for.
func (s *Hall) ownerOf(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.aiOwner[id]; ok {
		return o
	}
	return id
}
