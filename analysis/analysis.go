package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/searches"
)

// Marks of a move, by the win probability it lost.
const (
	MarkInaccuracy = "inaccuracy"
	MarkMistake    = "mistake"
	MarkBlunder    = "blunder"
)

// Thresholds of the marks, in win probability lost (as lichess draws
// them, roughly).
const (
	Inaccuracy = 0.1
	Mistake    = 0.2
	Blunder    = 0.3
)

// Sharpness turns an evaluation score into a win probability (see the
// package documentation).
const Sharpness = 8

// Config is the budget of an analysis. Zero fields take the defaults.
type Config struct {
	// Budget is the AI's search for its preferred move: alpha-beta (or
	// the chess engine's) nodes, or a MCTSShare-th of it in MCTS
	// iterations (default 20,000).
	Budget int
	// Depth is the plies of the value search of the positions after the
	// move played and after the preferred move (default 2).
	Depth int
	// ChanceDepth is the plies of the value search of each outcome of a
	// roll (default 1: the roller's best choice with it).
	ChanceDepth int
	// MaxNodes caps a value search (default 50,000 nodes, each
	// evaluation of the quiescence search counted as one).
	MaxNodes int
	// Seed makes the AI's choices reproducible.
	Seed uint64
	// Actions bounds the analysis to the game's first Actions actions
	// (0: all of them). The first rather than the last: the analysis
	// walks the game from its start, its steps and graph begin where the
	// game did, and a longer bound's analysis begins with a shorter one's.
	Actions int
	// Forfeits are the players who left a game that went on without them
	// (game.Forfeiter: three-player Nords Loki), which its history does
	// not list.
	Forfeits []Forfeit
}

// Forfeit is a player who left the game once Ply actions of its history
// were played.
type Forfeit struct {
	Ply    int
	Player game.Player
}

func (c Config) withDefaults() Config {
	if c.Budget <= 0 {
		c.Budget = 20000
	}
	if c.Depth <= 0 {
		c.Depth = 2
	}
	if c.ChanceDepth <= 0 {
		c.ChanceDepth = 1
	}
	if c.MaxNodes <= 0 {
		c.MaxNodes = 50000
	}
	return c
}

// Step is one action of the game looked back at: a move or a roll.
type Step struct {
	// Ply is the action's index in the game's history.
	Ply int `json:"ply"`
	// Player is the mover's seat name, or "chance" for a roll.
	Player string `json:"player"`
	// Move is the action in the game's notation.
	Move string `json:"move"`
	// Chance says the step is a roll.
	Chance bool `json:"chance,omitempty"`
	// Forced says the mover had no other choice.
	Forced bool `json:"forced,omitempty"`
	// Before and After are each player's win probability before and after
	// the step.
	Before []float64 `json:"before"`
	After  []float64 `json:"after"`
	// Best is the AI's preferred move where it differs from the move
	// played, and BestValue the mover's win probability after it.
	Best      string  `json:"best,omitempty"`
	BestValue float64 `json:"best_value,omitempty"`
	// Loss is the mover's win probability lost against the better of the
	// move played and the AI's.
	Loss float64 `json:"loss,omitempty"`
	// Mark is MarkInaccuracy, MarkMistake, MarkBlunder or empty.
	Mark string `json:"mark,omitempty"`
	// Luck is each player's win probability gained by the roll against
	// the expectation over its outcomes (rolls only).
	Luck []float64 `json:"luck,omitempty"`
}

// Summary is a player's account of a game.
type Summary struct {
	Player string `json:"player"`
	// Moves counts the choices (forced moves aside).
	Moves int `json:"moves"`
	// Loss adds up the win probability the choices lost (skill), Luck the
	// win probability the rolls gave (negative: taken).
	Loss float64 `json:"loss"`
	Luck float64 `json:"luck"`
	// Accuracy is in percent: 100 when every choice was as good as the
	// AI's.
	Accuracy     float64 `json:"accuracy"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// Analysis is a game looked back at.
type Analysis struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	// Actions counts the game's actions; Analysed the first ones the
	// analysis covers (Config.Actions), and Partial says they are not
	// all of them.
	Actions  int  `json:"actions"`
	Analysed int  `json:"analysed"`
	Partial  bool `json:"partial,omitempty"`
	// Start is each player's win probability at the start.
	Start   []float64 `json:"start"`
	Steps   []Step    `json:"steps"`
	Summary []Summary `json:"summary"`
}

// Progress is told how many of the game's actions are done, of how many.
type Progress func(done, total int)

// Analyze looks back at the game that led to final, from the position it
// was created from. progress, when not nil, is called after each action.
// It stops with ctx's error when ctx is done.
func Analyze(ctx context.Context, final game.State, cfg Config, progress Progress) (*Analysis, error) {
	a, err := NewAnalyzer(final, cfg)
	if err != nil {
		return nil, err
	}
	for !a.Finished() {
		if err := a.Step(ctx); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(a.Progress())
		}
	}
	return a.Result(), nil
}

// Analyzer looks back at a game an action at a time, so that its work can
// be cut into pieces and shared out: NewAnalyzer, Step until Finished,
// then Result. It is not safe for concurrent use.
type Analyzer struct {
	cfg   Config
	hist  []game.Action
	end   int // the actions analysed: the first end of hist
	s     game.State
	agent ai.Agent
	v     *valuer
	an    *Analysis
}

// NewAnalyzer prepares the analysis of the game that led to final: its
// first cfg.Actions actions, or all of them.
func NewAnalyzer(final game.State, cfg Config) (*Analyzer, error) {
	cfg = cfg.withDefaults()
	hist := final.History()
	s := final.Clone()
	for {
		err := s.Undo()
		if errors.Is(err, game.ErrNoHistory) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("analysis: %v", err)
		}
	}
	if len(s.History()) != 0 {
		return nil, errors.New("analysis: the game's start cannot be reached by undoing")
	}
	agent, err := newAgent(s, cfg)
	if err != nil {
		return nil, err
	}
	end := len(hist)
	if cfg.Actions > 0 {
		end = min(end, cfg.Actions)
	}
	return &Analyzer{
		cfg: cfg, hist: hist, end: end, s: s, agent: agent,
		v:  &valuer{max: cfg.MaxNodes},
		an: &Analysis{Game: s.Game().Name(), Players: s.Players(), Actions: len(hist)},
	}, nil
}

// Finished reports whether every action to analyse is.
func (a *Analyzer) Finished() bool { return len(a.s.History()) >= a.end }

// Progress is the actions analysed, of how many.
func (a *Analyzer) Progress() (done, total int) {
	return min(len(a.s.History()), a.end), a.end
}

// Step analyses the next action. It returns ctx's error when ctx is done.
func (a *Analyzer) Step(ctx context.Context) error {
	s, hist, cfg, v := a.s, a.hist, a.cfg, a.v
	names := a.an.Players
	i := len(s.History())
	if i >= a.end {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := forfeit(s, cfg.Forfeits, i); err != nil {
		return err
	}
	st := Step{Ply: i, Move: s.ActionString(hist[i])}
	p := s.Player()
	switch {
	case p == game.Chance:
		st.Player, st.Chance = "chance", true
		exp := make([]float64, len(names))
		var got []float64
		for _, o := range s.ChanceOutcomes() {
			c := s.Clone()
			c.ApplyUnchecked(o.Action)
			x := v.value(c, cfg.ChanceDepth)
			for j := range exp {
				exp[j] += o.Prob * x[j]
			}
			if o.Action == hist[i] {
				got = x
			}
		}
		if got == nil {
			return fmt.Errorf("analysis: ply %d: %s is no outcome of the roll", i, st.Move)
		}
		st.Before = exp
		st.Luck = make([]float64, len(names))
		for j := range exp {
			st.Luck[j] = got[j] - exp[j]
		}
	case p >= 0:
		st.Player = names[p]
		legal := s.Legal()
		played := child(s, hist[i])
		pv := v.value(played, cfg.Depth)
		st.Before = pv
		if len(legal) < 2 {
			st.Forced = true
			break
		}
		best, err := a.agent.Choose(ctx, s)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("analysis: ply %d: %v", i, err)
		}
		if best == hist[i] {
			break
		}
		bv := v.value(child(s, best), cfg.Depth)
		st.Best, st.BestValue = s.ActionString(best), bv[p]
		if bv[p] > pv[p] {
			st.Before = bv
			st.Loss = bv[p] - pv[p]
		}
		st.Mark = mark(st.Loss)
	default:
		return fmt.Errorf("analysis: ply %d: the game is over before its history ends", i)
	}
	if len(a.an.Steps) == 0 {
		a.an.Start = st.Before
	}
	if err := s.Apply(hist[i]); err != nil {
		return fmt.Errorf("analysis: ply %d: %s: %v", i, st.Move, err)
	}
	a.an.Steps = append(a.an.Steps, st)
	return nil
}

// Result is the analysis once Finished: each step's After is the next
// one's Before, the last one's the value of the position it leads to (the
// end of the game, or of the part analysed).
func (a *Analyzer) Result() *Analysis {
	an := a.an
	for k := range an.Steps {
		if k+1 < len(an.Steps) {
			an.Steps[k].After = an.Steps[k+1].Before
		} else {
			an.Steps[k].After = a.v.value(a.s, a.cfg.Depth)
		}
	}
	if an.Start == nil {
		an.Start = a.v.value(a.s, a.cfg.Depth)
	}
	an.Analysed = min(len(a.s.History()), len(a.hist))
	an.Partial = an.Analysed < an.Actions
	an.Summary = summarize(an.Players, an.Steps)
	return an
}

// MCTSShare is the part of the budget an MCTS agent searches, in
// iterations: an iteration expands a node and evaluates its children, so
// that it costs about as much as that many alpha-beta nodes.
const MCTSShare = 20

// newAgent is the agent that names its preferred moves in the game of s:
// the hard level, searching cfg.Budget nodes (or cfg.Budget/MCTSShare
// MCTS iterations) with one worker, so that it is reproducible.
func newAgent(s game.State, cfg Config) (ai.Agent, error) {
	ac := ai.Config{Level: "hard", Iterations: cfg.Budget, Workers: 1, Seed: cfg.Seed}
	if ai.PlanFor(ac, s).Algorithm == "mcts" {
		ac.Iterations = max(1, cfg.Budget/MCTSShare)
	}
	return searches.NewAgent(ac)
}

// forfeit takes out of s the players who left after ply actions.
func forfeit(s game.State, fs []Forfeit, ply int) error {
	for _, f := range fs {
		if f.Ply != ply {
			continue
		}
		ff, ok := s.(game.Forfeiter)
		if !ok {
			return fmt.Errorf("analysis: %s has no forfeits", s.Game().Name())
		}
		if err := ff.Forfeit(f.Player); err != nil {
			return fmt.Errorf("analysis: ply %d: forfeit of %s: %v", ply, s.Players()[f.Player], err)
		}
	}
	return nil
}

// child returns a copy of s with a applied.
func child(s game.State, a game.Action) game.State {
	c := s.Clone()
	c.ApplyUnchecked(a)
	return c
}

// mark names a loss.
func mark(loss float64) string {
	switch {
	case loss >= Blunder:
		return MarkBlunder
	case loss >= Mistake:
		return MarkMistake
	case loss >= Inaccuracy:
		return MarkInaccuracy
	}
	return ""
}

// MoveAccuracy is the accuracy in percent of a move that lost loss in win
// probability: lichess's formula, 100 for no loss, about 70 for a loss of
// 0.1 and 25 for 0.3.
func MoveAccuracy(loss float64) float64 {
	a := 103.1668*math.Exp(-0.04354*loss*100) - 3.1669
	return max(0, min(100, a))
}

// summarize adds up each player's steps.
func summarize(names []string, steps []Step) []Summary {
	out := make([]Summary, len(names))
	acc := make([]float64, len(names))
	for j, n := range names {
		out[j].Player = n
	}
	for _, st := range steps {
		if st.Chance {
			for j, l := range st.Luck {
				out[j].Luck += l
			}
			continue
		}
		if st.Forced {
			continue
		}
		j := index(names, st.Player)
		out[j].Moves++
		out[j].Loss += st.Loss
		acc[j] += MoveAccuracy(st.Loss)
		switch st.Mark {
		case MarkInaccuracy:
			out[j].Inaccuracies++
		case MarkMistake:
			out[j].Mistakes++
		case MarkBlunder:
			out[j].Blunders++
		}
	}
	for j := range out {
		out[j].Accuracy = 100
		if out[j].Moves > 0 {
			out[j].Accuracy = acc[j] / float64(out[j].Moves)
		}
	}
	return out
}

func index(names []string, n string) int {
	for i, x := range names {
		if x == n {
			return i
		}
	}
	return -1
}
