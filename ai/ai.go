package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
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

// Algorithms are the names Config.Algorithm accepts; "" and "auto" let the
// agent choose from the game's metadata.
var Algorithms = []string{"auto", "random", "greedy", "mcts", "alphabeta"}

// Config selects an agent.
type Config struct {
	// Level is one of Levels, or "random" or "greedy".
	Level string
	// Time and Iterations override the level's budget when non-zero.
	// Iterations counts MCTS iterations, or the nodes an alpha-beta search
	// may visit; either makes the agent reproducible.
	Time       time.Duration
	Iterations int
	// Seed makes the agent's choices reproducible.
	Seed uint64
	// ClockLeft and ClockIncrement are the mover's game clock when it
	// plays with a Fischer clock: the time it has left and the time added
	// after each of its moves. When ClockLeft is set, an agent whose
	// game brings its own search that can share out a clock (NativeClock:
	// orthodox chess) takes each move's time from the clock, as a player
	// does, instead of spending Time (or the level's time) on every move;
	// its node budget (Iterations, or the level's) still bounds each
	// move. The other agents ignore them. An agent that plays several
	// moves is told the clock before each with SetClock (Clocked).
	ClockLeft, ClockIncrement time.Duration

	// Algorithm overrides the level's choice of algorithm: one of
	// Algorithms.
	Algorithm string
	// Depth bounds the alpha-beta search depth in plies (0: no bound but
	// the budget).
	Depth int
	// Workers is the number of MCTS trees searched in parallel (0: the
	// level's choice).
	Workers int
	// Playout is the number of random plies an MCTS playout makes before
	// it asks the game's evaluation (0: the default for the game; -1:
	// evaluate at once; without an evaluation playouts run to the end).
	Playout int
	// Explore is the MCTS exploration constant (0: the default).
	Explore float64
	// Legacy keeps the generic search where a game brings its own
	// (orthodox chess): the levels as they were before the chess engine,
	// to measure it against. New reads the levels "legacy-easy",
	// "legacy-medium" and "legacy-hard" as a level with Legacy set.
	Legacy bool
	// Expand is how MCTS expands a node in a game with an evaluation:
	// "all" children at once, scored by the evaluation
	// (MCTSConfig.ExpandAll), or "one" child per iteration with a
	// playout; "" is the level's default for the game (all, but for
	// Seiðr's medium and hard levels).
	Expand string
}

// Budget defaults per level. The hard level answers within 2 s; easy at
// once.
const (
	MediumTime = 300 * time.Millisecond
	HardTime   = 1500 * time.Millisecond
)

// New returns the agent for a configuration, with the generic searches
// only: NewWith(cfg, nil). The levels as the players meet them, with each
// game's own search, are games/searches.NewAgent.
func New(cfg Config) (Agent, error) { return NewWith(cfg, nil) }

// NewWith returns the agent for a configuration, whose medium and hard
// levels (and easy, where a Native has Easy) play the games' own searches
// in natives.
func NewWith(cfg Config, natives Natives) (Agent, error) {
	if cfg.Level == "" {
		cfg.Level = "medium"
	}
	if l, ok := strings.CutPrefix(cfg.Level, "legacy-"); ok && slices.Contains(Levels, l) {
		cfg.Level, cfg.Legacy = l, true
	}
	switch cfg.Level {
	case "random":
		return NewRandom(cfg.Seed), nil
	case "greedy":
		return NewGreedy(cfg.Seed), nil
	}
	if !slices.Contains(Levels, cfg.Level) {
		return nil, fmt.Errorf("ai: unknown level %q (levels: random, greedy, %s)", cfg.Level, strings.Join(Levels, ", "))
	}
	if cfg.Algorithm != "" && !slices.Contains(Algorithms, cfg.Algorithm) {
		return nil, fmt.Errorf("ai: unknown algorithm %q (algorithms: %s)", cfg.Algorithm, strings.Join(Algorithms, ", "))
	}
	return &auto{cfg: cfg, natives: natives}, nil
}

// ParseSpec reads an agent specification as the arena and the command line
// write it: a level or algorithm name, then optional settings after a
// colon, separated by commas: "hard", "legacy-hard", "medium:time=200ms",
// "mcts:iters=2000,workers=1", "alphabeta:depth=4". The settings are time,
// iters, seed, depth, workers, playout, explore, expand and algo.
func ParseSpec(spec string) (Config, error) {
	name, rest, _ := strings.Cut(spec, ":")
	var cfg Config
	switch {
	case name == "random" || name == "greedy" || slices.Contains(Levels, name):
		cfg.Level = name
	case strings.HasPrefix(name, "legacy-") && slices.Contains(Levels, name[len("legacy-"):]):
		cfg.Level, cfg.Legacy = name[len("legacy-"):], true
	case slices.Contains(Algorithms, name):
		cfg.Level, cfg.Algorithm = "hard", name
	default:
		return cfg, fmt.Errorf("ai: unknown agent %q (agents: random, greedy, %s, legacy-LEVEL, %s)", name, strings.Join(Levels, ", "), strings.Join(Algorithms[2:], ", "))
	}
	if rest == "" {
		return cfg, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cfg, fmt.Errorf("ai: agent %q: setting %q is not key=value", spec, kv)
		}
		var err error
		switch k {
		case "time":
			cfg.Time, err = time.ParseDuration(v)
		case "iters":
			cfg.Iterations, err = strconv.Atoi(v)
		case "seed":
			cfg.Seed, err = strconv.ParseUint(v, 10, 64)
		case "depth":
			cfg.Depth, err = strconv.Atoi(v)
		case "workers":
			cfg.Workers, err = strconv.Atoi(v)
		case "playout":
			cfg.Playout, err = strconv.Atoi(v)
		case "explore":
			cfg.Explore, err = strconv.ParseFloat(v, 64)
		case "expand":
			if v != "one" && v != "all" {
				err = fmt.Errorf("expand is one or all, not %q", v)
			}
			cfg.Expand = v
		case "algo":
			if !slices.Contains(Algorithms, v) {
				err = fmt.Errorf("unknown algorithm %q", v)
			}
			cfg.Algorithm = v
		default:
			err = fmt.Errorf("unknown setting %q", k)
		}
		if err != nil {
			return cfg, fmt.Errorf("ai: agent %q: %v", spec, err)
		}
	}
	return cfg, nil
}

// Random plays a uniformly random legal action.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rand.New(rand.NewPCG(seed, 0x72616e64))} }

// Choose picks a legal action at random.
func (r *Random) Choose(_ context.Context, s game.State) (game.Action, error) {
	if err := atDecision(s); err != nil {
		return 0, err
	}
	l := s.Legal()
	return l[r.rng.IntN(len(l))], nil
}

// atDecision returns an error unless a player is to move in s.
func atDecision(s game.State) error {
	if s.Player() < 0 {
		return fmt.Errorf("ai: no decision to make (%s)", game.Status(s))
	}
	return nil
}

// auto is a level's agent: it picks its algorithm and budget from the
// game's metadata the first time it is asked to move, and keeps that
// searcher (and its tree) for the rest of the game.
type auto struct {
	cfg     Config
	natives Natives
	inner   Agent
	game    string
}

// Choose picks the algorithm on first use, then delegates.
func (a *auto) Choose(ctx context.Context, s game.State) (game.Action, error) {
	if err := atDecision(s); err != nil {
		return 0, err
	}
	if a.inner == nil || a.game != s.Game().Name() {
		a.inner, a.game = a.build(s), s.Game().Name()
		a.applyClock()
	}
	return a.inner.Choose(ctx, s)
}

// Clocked is implemented by the level agents of New: SetClock tells the
// agent the mover's clock (Config.ClockLeft and ClockIncrement) for its
// next moves; a zero left turns the clock off.
type Clocked interface {
	SetClock(left, increment time.Duration)
}

// SetClock sets the clock for the next moves.
func (a *auto) SetClock(left, increment time.Duration) {
	a.cfg.ClockLeft, a.cfg.ClockIncrement = left, increment
	a.applyClock()
}

// applyClock passes the configured clock on to a search that shares one
// out.
func (a *auto) applyClock() {
	if c, ok := a.inner.(NativeClock); ok {
		c.SetClock(a.cfg.ClockLeft, a.cfg.ClockIncrement)
	}
}

// LastStats returns the statistics of the last search, when the
// algorithm searches.
func (a *auto) LastStats() Stats {
	if r, ok := a.inner.(StatsReporter); ok {
		return r.LastStats()
	}
	return Stats{}
}

// Plan is the algorithm and budget a level uses for a game.
type Plan struct {
	Algorithm  string
	Time       time.Duration
	Iterations int
	Depth      int
	Workers    int
	Playout    int
	Explore    float64
	ExpandAll  bool
}

// PlanFor returns the plan that cfg resolves to for the game of s: the
// algorithm from the game's metadata (alpha-beta for two-player games
// with an evaluation that are deterministic or whose chance events have at
// most ExpectimaxOutcomes outcomes, greedy one-ply search for the easy
// level where the game has an evaluation, MCTS otherwise) and the level's
// budget, each overridden by cfg's non-zero fields.
func PlanFor(cfg Config, s game.State) Plan {
	_, hasEval := s.(game.Evaluator)
	twoPlayer := len(s.Players()) == 2
	deterministic := s.Game().ChanceMode() == game.Deterministic
	p := Plan{Algorithm: "mcts", Workers: 1}
	if twoPlayer && hasEval && (deterministic || chanceFanOut(s) <= ExpectimaxOutcomes) {
		p.Algorithm = "alphabeta"
	}
	switch cfg.Level {
	case "easy":
		if hasEval {
			p.Algorithm = "greedy"
		} else {
			p.Algorithm, p.Iterations = "mcts", 100
		}
	case "medium":
		p.Time = MediumTime
		if n := overrides[s.Game().Name()].MediumIterations; n > 0 {
			p.Time, p.Iterations = 0, n
		}
	case "hard":
		p.Time = HardTime
		p.Workers = 2
	}
	if cfg.Algorithm != "" && cfg.Algorithm != "auto" {
		p.Algorithm = cfg.Algorithm
	}
	if cfg.Time != 0 || cfg.Iterations != 0 {
		p.Time, p.Iterations = cfg.Time, cfg.Iterations
	}
	if cfg.Depth != 0 {
		p.Depth = cfg.Depth
		if cfg.Time == 0 && cfg.Iterations == 0 {
			p.Time = 0
		}
	}
	if cfg.Workers != 0 {
		p.Workers = cfg.Workers
	}
	p.Playout, p.Explore = cfg.Playout, cfg.Explore
	playouts := 0
	if cfg.Level == "medium" || cfg.Level == "hard" {
		playouts = overrides[s.Game().Name()].Playouts
	}
	p.ExpandAll = hasEval && (cfg.Expand == "all" || cfg.Expand == "" && playouts == 0)
	if p.Playout == 0 {
		p.Playout = playouts
	}
	if p.Time == 0 && p.Iterations == 0 && p.Depth == 0 {
		p.Time = MediumTime
	}
	return p
}

// override adjusts a level's plan for one game, where measurement showed
// that the generic choice plays worse or leaves the levels too close.
type override struct {
	// MediumIterations replaces the medium level's MediumTime with a
	// fixed number of MCTS iterations or alpha-beta nodes.
	MediumIterations int
	// Playouts makes the medium and hard levels' MCTS grow one child per
	// iteration and play Playouts random plies before the evaluation,
	// instead of expanding all children.
	Playouts int
	// NativeMediumNodes replaces NativeMediumNodes as the medium level's
	// budget in the game's own search.
	NativeMediumNodes int
	// HardGeneric keeps the hard level on the generic search in a game
	// whose own search plays medium: where the own search is the stronger
	// at a small budget but not at hard's.
	HardGeneric bool
}

// overrides is the per-game table, kept small: each entry is justified by
// an arena measurement (docs/ai-strength.md has the tables).
//
// In the dice games search gains little from time once it looks past the
// first turn: the dice decide more than the depth. At 300 ms medium was
// about as strong as hard, so medium is a smaller, fixed search instead,
// which still beats easy:
//   - luxumbra: legacy-medium searches 2,000 alpha-beta nodes: 83.5% ±
//     5.2 against easy over 200 games, and legacy-hard (at 100,000
//     nodes, fewer than its 1.5 s) scores 72.0% ± 8.8 against it over
//     100, where against 20,000 nodes it scored 53.0% ± 5.6 over 300.
//     Medium and hard now play the game's own search (NativeMediumNodes
//     and HardTime), to which this entry does not apply.
//   - seidr: medium and hard grow one child per iteration and play 8
//     random plies before the evaluation (they reach the opponent's
//     seiðr, after which a king left exposed is taken): against random
//     play that scored 96.8% where expanding all scored 90.5% (5,000
//     iterations, 200 games each, with the earlier hand-set evaluation).
//     Longer playouts were no better: with decisive moves in the
//     playouts, 12, 16 and 24 plies scored 94.1%, 94.3% and 94.0%
//     against 93.3% for 8, and 40 plies 92.8% (5,000 iterations, 1,000
//     games each); 8 is the cheapest.
//     Medium searches 2,000: 55.4% ± 3.1 against easy over 1,000 games.
//   - nordsloki: medium searches 8 iterations (about one turn's steps):
//     80.5% ± 5.5 against easy over 200 games.
//   - chess: medium searches 5,000 nodes with the chess engine, to stand
//     about 400 Elo below hard on Stockfish's scale (about 1800 on its
//     UCI_Elo): against Stockfish 15.1 at UCI_Elo 1800, 5,000 nodes
//     scored 55.0% ± 22.4 over 20 games (about 1835), where 30,000
//     scored 75.0% ± 18.1 (about 1990; scripts/sfmatch,
//     docs/ai-strength.md).
//   - seidr: the game's own search plays medium (30,000 nodes, about
//     70 ms), where against legacy-hard at equal time it scored
//     56.6% ± 3.1 over 1,000 games; at ten times that budget it scored
//     45.0% ± 9.8 over 100, so hard keeps the MCTS (HardGeneric).
var overrides = map[string]override{
	"chess":     {NativeMediumNodes: 5000},
	"luxumbra":  {MediumIterations: 2000},
	"seidr":     {MediumIterations: 2000, Playouts: 8, HardGeneric: true},
	"nordsloki": {MediumIterations: 8},
}

// ExpectimaxOutcomes is the largest number of outcomes of a game's chance
// events for which the levels search it with alpha-beta (expectiminimax)
// rather than MCTS: with few outcomes averaging over all of them is
// cheap, with many (or with chance events in a row) MCTS's sampling goes
// deeper for the same time.
const ExpectimaxOutcomes = 4

// chanceFanOut plays s on (a copy, taking the first action each time) for
// a few dozen actions and returns the largest number of outcomes of the
// chance events it meets, or 0 when it meets none.
func chanceFanOut(s game.State) int {
	if s.Game().ChanceMode() == game.Deterministic {
		return 0
	}
	c := s.Clone()
	most := 0
	for range 64 {
		switch c.Player() {
		case game.Chance:
			most = max(most, len(c.ChanceOutcomes()))
		case game.NoPlayer:
			return most
		}
		c.ApplyUnchecked(c.Legal()[0])
	}
	return most
}

// Searcher is an agent that searches and reports how much it searched:
// the generic searches of this package (AlphaBeta, MCTS) and the games'
// own searches (Native) alike.
type Searcher interface {
	Agent
	StatsReporter
}

var (
	_ Searcher = (*AlphaBeta)(nil)
	_ Searcher = (*MCTS)(nil)
)

// Native is a game's own search (orthodox chess, games/chess/search; Nords
// Loki's learned evaluation, games/nordsloki/search): the medium and hard
// levels play with it unless Config.Legacy or Config.Algorithm says
// otherwise. The list of them is explicit, as the list of games is:
// games/searches pairs each game with its own search and passes them to
// NewWith.
type Native struct {
	// Search returns an agent for the game of s that searches nodes
	// nodes, or for budget, or to depth plies a move, and keeps what it
	// learnt between moves; or nil where the game has no search of its
	// own for the options of s, and the generic search plays.
	Search func(s game.State, nodes int, budget time.Duration, depth int, seed uint64) Searcher
	// Easy, when set, returns the agent of the easy level (orthodox
	// chess: a small search that plays a little below its best), unless
	// Config.Legacy or Config.Algorithm says otherwise; or nil for the
	// generic choice. Without it easy is the greedy one-ply search.
	Easy func(s game.State, seed uint64) Searcher
}

// Natives maps a game's short name to its own search.
type Natives map[string]Native

// NativeClock is implemented by a game's own search (Native) that can
// share out the mover's game clock (Config.ClockLeft): SetClock makes its
// next searches take their time from the time left and the increment
// instead of a fixed budget a move; a zero left turns it off.
type NativeClock interface {
	SetClock(left, increment time.Duration)
}

// NativeMediumNodes is the medium level's node budget in a game with its
// own search, also when Config.Time is set (the server gives every level
// a time): medium is a smaller search than hard, which searches for
// HardTime or Config.Time.
const NativeMediumNodes = 30000

// NativeMediumNodesOf is the medium level's node budget in the own search
// of the game named game: NativeMediumNodes, or the game's override.
func NativeMediumNodesOf(game string) int {
	if n := overrides[game].NativeMediumNodes; n > 0 {
		return n
	}
	return NativeMediumNodes
}

// build makes the searcher of the plan for s.
func (a *auto) build(s game.State) Agent {
	own := !a.cfg.Legacy && (a.cfg.Algorithm == "" || a.cfg.Algorithm == "auto")
	ns := a.natives[s.Game().Name()]
	if ns.Easy != nil && own && a.cfg.Level == "easy" {
		if inner := ns.Easy(s, a.cfg.Seed); inner != nil {
			return inner
		}
	}
	hardGeneric := a.cfg.Level == "hard" && overrides[s.Game().Name()].HardGeneric
	if ns.Search != nil && own && a.cfg.Level != "easy" && !hardGeneric {
		nodes, budget, depth := a.cfg.Iterations, a.cfg.Time, a.cfg.Depth
		if a.cfg.Level == "medium" && nodes == 0 {
			nodes = NativeMediumNodesOf(s.Game().Name()) // within Time too, when it is set
		}
		if nodes == 0 && budget == 0 && depth == 0 {
			budget = HardTime
		}
		// A game may have no search of its own for some options (Nords
		// Loki without konungs): the generic plan plays those.
		if inner := ns.Search(s, nodes, budget, depth, a.cfg.Seed); inner != nil {
			return inner
		}
	}
	p := PlanFor(a.cfg, s)
	switch p.Algorithm {
	case "random":
		return NewRandom(a.cfg.Seed)
	case "greedy":
		return NewGreedy(a.cfg.Seed)
	case "alphabeta":
		return NewAlphaBeta(AlphaBetaConfig{Time: p.Time, Nodes: p.Iterations, Depth: p.Depth, Seed: a.cfg.Seed})
	}
	return NewMCTS(MCTSConfig{Time: p.Time, Iterations: p.Iterations, Workers: p.Workers, Playout: p.Playout, Explore: p.Explore, ExpandAll: p.ExpandAll, Seed: a.cfg.Seed})
}

// deadline returns the time a search of budget d started now must stop,
// or the zero time for no time limit.
func deadline(d time.Duration) time.Time {
	if d <= 0 {
		return time.Time{}
	}
	return time.Now().Add(d)
}
