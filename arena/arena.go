// Package arena plays batches of games between agents, in parallel and
// reproducibly, and sums up the results.
//
// # Seeds
//
// Game i of a run with seed S gets its own seed, GameSeed(S, i). From it
// come the generator that draws the game's chance outcomes and each
// seat's agent seed. A game's course therefore depends only on the run
// seed, its index and the agents (when their budgets are in iterations or
// nodes, not time), never on the number of workers or on which games ran
// before it.
//
// # Seats
//
// Game i seats the entrants rotated by i: entrant j plays seat
// (j + i) mod n. Over n consecutive games every entrant plays every seat
// once (both seat orders for two players, the three rotations for three).
//
// # Records
//
// Run calls Config.OnGame with each finished game's Record: the seed, the
// options, who sat where, every action and chance outcome in the game's
// notation, the result, its reason and the number of plies. A caller that
// stores records can resume a stopped run by passing the indexes it has
// in Config.Skip.
package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/searches"
)

// Entrant is an agent taking part in a run.
type Entrant struct {
	// Name identifies the entrant in records and summaries.
	Name string
	// New makes the entrant's agent for one game, from the seed the game
	// gives its seat.
	New func(seed uint64) (ai.Agent, error)
}

// Spec returns the entrant that the agent specification spec (see
// ai.ParseSpec) describes, named by spec.
func Spec(spec string) (Entrant, error) {
	cfg, err := ai.ParseSpec(spec)
	if err != nil {
		return Entrant{}, err
	}
	return Entrant{Name: spec, New: func(seed uint64) (ai.Agent, error) {
		c := cfg
		if c.Seed == 0 {
			c.Seed = seed
		} else {
			c.Seed ^= seed
		}
		return searches.NewAgent(c)
	}}, nil
}

// Config describes a run.
type Config struct {
	Game    game.Game
	Options game.Options
	// Entrants are the agents, as many as the game's states have seats.
	Entrants []Entrant
	// Games is the number of games (indexes 0 … Games-1).
	Games int
	// Workers is the number of games played at once (default 1).
	Workers int
	// Seed is the run seed.
	Seed uint64
	// MaxPlies stops a game after that many actions (chance outcomes
	// included) as unfinished (default 5000).
	MaxPlies int
	// Skip tells which game indexes are already done; they are not
	// played again and not reported.
	Skip func(index int) bool
	// OnGame is called with every finished game, one call at a time, in
	// the order the games finish.
	OnGame func(Record)
	// OnProgress is called after every finished game with the number of
	// games finished and the number to play in this run (skipped ones
	// left out), one call at a time.
	OnProgress func(done, total int)
}

// Record is one finished game.
type Record struct {
	Index   int          `json:"index"`
	Seed    uint64       `json:"seed"`
	Game    string       `json:"game"`
	Options game.Options `json:"options"`
	// Seats names the entrant in each seat, in seat order.
	Seats []string `json:"seats"`
	// Actions is every action and chance outcome, in the game's notation,
	// passes included.
	Actions []string `json:"actions"`
	// Status is the game's status line (game.Status): "over white",
	// "over draw", "over unfinished"…
	Status string          `json:"status"`
	Kind   game.ResultKind `json:"kind"`
	// Winners are seat indexes.
	Winners []int     `json:"winners,omitempty"`
	Points  float64   `json:"points,omitempty"`
	Reason  string    `json:"reason"`
	Plies   int       `json:"plies"`
	Returns []float64 `json:"returns"`
	// Stats holds each seat's search statistics, summed over its moves.
	Stats []SeatStats `json:"stats,omitempty"`
	// Err is set when the game could not be played to its end because an
	// agent or the game failed.
	Err string `json:"error,omitempty"`
}

// SeatStats sums a seat's search statistics over a game.
type SeatStats struct {
	Moves int `json:"moves"`
	// Iterations and Depth add up ai.Stats of agents that report them.
	Iterations int64 `json:"iterations"`
	Depth      int64 `json:"depth"`
	// Time is the time spent choosing, in nanoseconds.
	Time time.Duration `json:"time"`
}

// GameSeed derives the seed of game index from the run seed.
func GameSeed(run uint64, index int) uint64 {
	return game.SplitMix64(game.SplitMix64(run) ^ uint64(index)*0x9e3779b97f4a7c15)
}

// Run plays the games of cfg and returns their summary. It stops early,
// with the games finished so far, when ctx is done; the games being
// played at that moment are dropped.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Game == nil {
		return nil, fmt.Errorf("arena: no game")
	}
	probe, err := cfg.Game.New(cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	if n := len(probe.Players()); len(cfg.Entrants) != n {
		return nil, fmt.Errorf("arena: %s has %d seats, got %d entrants", cfg.Game.Name(), n, len(cfg.Entrants))
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 5000
	}
	var todo []int
	for i := range cfg.Games {
		if cfg.Skip == nil || !cfg.Skip(i) {
			todo = append(todo, i)
		}
	}
	sum := NewSummary(cfg.Entrants)
	jobs := make(chan int)
	results := make(chan Record)
	var wg sync.WaitGroup
	for range min(cfg.Workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r, ok := Play(ctx, cfg, i)
				if !ok {
					continue
				}
				select {
				case results <- r:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	done := 0
	for r := range results {
		done++
		sum.Add(r)
		if cfg.OnGame != nil {
			cfg.OnGame(r)
		}
		if cfg.OnProgress != nil {
			cfg.OnProgress(done, len(todo))
		}
	}
	return sum, ctx.Err()
}

// Play plays game index of cfg and returns its record; ok is false when
// ctx was done before the game ended.
func Play(ctx context.Context, cfg Config, index int) (rec Record, ok bool) {
	seed := GameSeed(cfg.Seed, index)
	rec = Record{Index: index, Seed: seed, Game: cfg.Game.Name()}
	s, err := cfg.Game.New(cfg.Options)
	if err != nil {
		rec.Err = err.Error()
		return rec, true
	}
	rec.Options = s.Options()
	n := len(s.Players())
	agents := make([]ai.Agent, n)
	rec.Seats = make([]string, n)
	for j, e := range cfg.Entrants {
		seat := (j + index) % n
		rec.Seats[seat] = e.Name
		a, err := e.New(game.SplitMix64(seed ^ uint64(seat+1)))
		if err != nil {
			rec.Err = err.Error()
			return rec, true
		}
		agents[seat] = a
	}
	dice := rand.New(rand.NewPCG(seed, 0x64696365))
	stats := make([]SeatStats, n)
	// The actions the starting state already holds (a lost turn), then
	// hlen counts the history's length as it grows.
	initial := s.History()
	for _, x := range initial {
		rec.Actions = append(rec.Actions, s.ActionString(x))
	}
	hlen := len(initial)
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 5000
	}
	for !s.Terminal() && len(rec.Actions) < maxPlies {
		if ctx.Err() != nil {
			return rec, false
		}
		p := s.Player()
		var a game.Action
		if p == game.Chance {
			a = game.SampleChance(s, dice)
		} else {
			start := time.Now()
			a, err = agents[p].Choose(ctx, s)
			if err != nil {
				if ctx.Err() != nil {
					return rec, false
				}
				rec.Err = err.Error()
				break
			}
			stats[p].Time += time.Since(start)
			stats[p].Moves++
			if sr, ok := agents[p].(ai.StatsReporter); ok {
				st := sr.LastStats()
				stats[p].Iterations += int64(st.Iterations)
				stats[p].Depth += int64(st.Depth)
			}
		}
		text := s.ActionString(a)
		if err := s.Apply(a); err != nil {
			rec.Err = fmt.Sprintf("seat %d played %s: %v", p, text, err)
			break
		}
		// The history grew by a, then by the passes the game applied by
		// itself; game.HistorySince copies only those, so that n plies
		// cost O(n).
		autos := game.HistorySince(s, hlen+1)
		hlen += 1 + len(autos)
		rec.Actions = append(rec.Actions, text)
		for _, x := range autos {
			rec.Actions = append(rec.Actions, s.ActionString(x))
		}
	}
	rec.Plies = len(rec.Actions)
	res := s.Result()
	if !s.Terminal() {
		res = game.Result{Kind: game.Unfinished, Reason: "max plies"}
		if rec.Err != "" {
			res.Reason = "error"
		}
		rec.Status = "over unfinished"
		rec.Returns = make([]float64, n)
	} else {
		rec.Status = game.Status(s)
		rec.Returns = s.Returns()
	}
	rec.Kind, rec.Points, rec.Reason = res.Kind, res.Points, res.Reason
	for _, w := range res.Winners {
		rec.Winners = append(rec.Winners, int(w))
	}
	rec.Stats = stats
	return rec, true
}
