package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"norns/game"
)

// Agent chooses actions for the player to move.
type Agent interface {
	// Choose returns a legal action for the player to move in s (which
	// must be at a decision, not a chance event or the end). It never
	// changes s. It stops early, with its best choice so far, when ctx is
	// done.
	Choose(ctx context.Context, s game.State) (game.Action, error)
}

// Levels are the strength names, weakest first.
var Levels = []string{"easy", "medium", "hard"}

// Config selects an agent.
type Config struct {
	// Level is one of Levels, or "random".
	Level string
	// Time and Iterations override the level's budget when non-zero.
	Time       time.Duration
	Iterations int
	// Seed makes the agent's choices reproducible.
	Seed uint64
}

// New returns the agent for a configuration.
func New(cfg Config) (Agent, error) {
	switch {
	case cfg.Level == "random":
		return NewRandom(cfg.Seed), nil
	case slices.Contains(Levels, cfg.Level):
		// Every level plays at random until the search agents land.
		return NewRandom(cfg.Seed), nil
	}
	return nil, fmt.Errorf("ai: unknown level %q (levels: random, %s)", cfg.Level, strings.Join(Levels, ", "))
}

// Random plays a uniformly random legal action.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rand.New(rand.NewPCG(seed, 0x72616e64))} }

// Choose picks a legal action at random.
func (r *Random) Choose(_ context.Context, s game.State) (game.Action, error) {
	if s.Player() < 0 {
		return 0, fmt.Errorf("ai: no decision to make (%s)", game.Status(s))
	}
	l := s.Legal()
	return l[r.rng.IntN(len(l))], nil
}
