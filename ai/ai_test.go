package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/searches"
)

// agentConfigs are small-budget agents of every kind, reproducible.
var agentConfigs = []ai.Config{
	{Level: "random"},
	{Level: "greedy"},
	{Level: "easy"},
	{Level: "medium", Iterations: 300},
	{Level: "hard", Iterations: 600},
	{Level: "hard", Algorithm: "mcts", Iterations: 200, Workers: 2, Playout: 4},
	{Level: "hard", Algorithm: "alphabeta", Depth: 2},
}

// playGame plays a game of s between agents for up to plies actions,
// drawing chance outcomes from rng, and calls check before every decision
// with the agent's choice.
func playGame(t *testing.T, s game.State, agents []ai.Agent, rng *rand.Rand, plies int, check func(s game.State, a game.Action)) []game.Action {
	t.Helper()
	for range plies {
		if s.Terminal() {
			break
		}
		p := s.Player()
		if p == game.Chance {
			s.ApplyUnchecked(game.SampleChance(s, rng))
			continue
		}
		a, err := agents[int(p)%len(agents)].Choose(context.Background(), s)
		if err != nil {
			t.Fatalf("Choose(%q) error %v", s.Position(), err)
		}
		if check != nil {
			check(s, a)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("Apply(%s) at %q: %v", s.ActionString(a), s.Position(), err)
		}
	}
	return s.History()
}

func TestAgentsPlayLegalAndLeaveStateAlone(t *testing.T) {
	for _, g := range games.All {
		for i, cfg := range agentConfigs {
			t.Run(fmt.Sprintf("%s/%d-%s-%s", g.Name(), i, cfg.Level, cfg.Algorithm), func(t *testing.T) {
				s, err := g.New(nil)
				if err != nil {
					t.Fatal(err)
				}
				var agents []ai.Agent
				for p := range s.Players() {
					c := cfg
					c.Seed = uint64(p + 1)
					a, err := searches.NewAgent(c)
					if err != nil {
						t.Fatal(err)
					}
					agents = append(agents, a)
				}
				rng := rand.New(rand.NewPCG(7, uint64(i)))
				playGame(t, s, agents, rng, 40, func(s game.State, a game.Action) {
					// Choose has run: the state must be as before.
					if !slices.Contains(s.Legal(), a) {
						t.Fatalf("Choose(%q) = %s, not legal", s.Position(), s.ActionString(a))
					}
				})
			})
		}
	}
}

func TestChooseDoesNotChangeState(t *testing.T) {
	for _, g := range games.All {
		s, _ := g.New(nil)
		rng := rand.New(rand.NewPCG(3, 3))
		for i, cfg := range agentConfigs {
			a, err := searches.NewAgent(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for range 12 {
				if s.Terminal() {
					break
				}
				if s.Player() == game.Chance {
					s.ApplyUnchecked(game.SampleChance(s, rng))
					continue
				}
				pos, hist := s.Position(), s.History()
				act, err := a.Choose(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				if s.Position() != pos || !slices.Equal(s.History(), hist) {
					t.Fatalf("%s agent %d: Choose changed the state from %q to %q", g.Name(), i, pos, s.Position())
				}
				s.ApplyUnchecked(act)
			}
		}
	}
}

func TestMCTSDeterministic(t *testing.T) {
	for _, g := range games.All {
		for _, all := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/expandall=%v", g.Name(), all), func(t *testing.T) {
				run := func() []game.Action {
					s, _ := g.New(nil)
					var agents []ai.Agent
					for p := range s.Players() {
						agents = append(agents, ai.NewMCTS(ai.MCTSConfig{Iterations: 300, Workers: 2, Playout: 3, ExpandAll: all, Seed: uint64(10 + p)}))
					}
					return playGame(t, s, agents, rand.New(rand.NewPCG(5, 5)), 30, nil)
				}
				a, b := run(), run()
				if !slices.Equal(a, b) {
					t.Errorf("two runs with the same seed differ:\n%v\n%v", a, b)
				}
			})
		}
	}
}

func TestAlphaBetaNodeBudgetDeterministic(t *testing.T) {
	for _, g := range games.All {
		run := func() []game.Action {
			s, _ := g.New(nil)
			agents := []ai.Agent{
				ai.NewAlphaBeta(ai.AlphaBetaConfig{Nodes: 3000, Seed: 1}),
				ai.NewAlphaBeta(ai.AlphaBetaConfig{Nodes: 3000, Seed: 2}),
			}
			if len(s.Players()) != 2 {
				return nil
			}
			return playGame(t, s, agents, rand.New(rand.NewPCG(5, 5)), 20, nil)
		}
		if a, b := run(), run(); !slices.Equal(a, b) {
			t.Errorf("%s: two runs with the same seed differ:\n%v\n%v", g.Name(), a, b)
		}
	}
}

func TestMCTSReusesTree(t *testing.T) {
	g, err := games.ByName("chess")
	if err != nil {
		t.Skip(err)
	}
	s, _ := g.New(nil)
	m := ai.NewMCTS(ai.MCTSConfig{Iterations: 2000, Seed: 1})
	a, _ := m.Choose(context.Background(), s)
	s.ApplyUnchecked(a)
	s.ApplyUnchecked(s.Legal()[0])
	if _, err := m.Choose(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if r := m.LastStats().Reused; r == 0 {
		t.Errorf("LastStats().Reused = %d after two plies, want > 0", r)
	}
	// A state from another game start drops the tree.
	s2, _ := g.New(nil)
	s2.ApplyUnchecked(s2.Legal()[5])
	s2.ApplyUnchecked(s2.Legal()[5])
	if _, err := m.Choose(context.Background(), s2); err != nil {
		t.Fatal(err)
	}
	if r := m.LastStats().Reused; r != 0 && s2.Position() != s.Position() {
		t.Errorf("LastStats().Reused = %d for an unrelated position, want 0", r)
	}
}

func TestChooseStopsOnCancel(t *testing.T) {
	g, err := games.ByName("chess")
	if err != nil {
		t.Skip(err)
	}
	s, _ := g.New(nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range []ai.Agent{
		ai.NewMCTS(ai.MCTSConfig{Time: time.Hour}),
		ai.NewAlphaBeta(ai.AlphaBetaConfig{Time: time.Hour}),
	} {
		act, err := a.Choose(ctx, s)
		if err != nil || !slices.Contains(s.Legal(), act) {
			t.Errorf("Choose with a cancelled context = %v, %v; want a legal action", act, err)
		}
	}
}

func TestChooseAtNoDecision(t *testing.T) {
	g, err := games.ByName("chess")
	if err != nil {
		t.Skip(err)
	}
	s, _ := g.Setup(nil, "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1")
	if s == nil || !s.Terminal() {
		t.Skip("position is not over")
	}
	for _, cfg := range agentConfigs {
		a, _ := searches.NewAgent(cfg)
		if _, err := a.Choose(context.Background(), s); err == nil {
			t.Errorf("%+v: Choose at the end = nil error, want one", cfg)
		}
	}
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec string
		want ai.Config
		ok   bool
	}{
		{"hard", ai.Config{Level: "hard"}, true},
		{"random", ai.Config{Level: "random"}, true},
		{"medium:time=200ms", ai.Config{Level: "medium", Time: 200 * time.Millisecond}, true},
		{"mcts:iters=500,workers=2,playout=4", ai.Config{Level: "hard", Algorithm: "mcts", Iterations: 500, Workers: 2, Playout: 4}, true},
		{"alphabeta:depth=3", ai.Config{Level: "hard", Algorithm: "alphabeta", Depth: 3}, true},
		{"easy:algo=mcts,explore=0.5,seed=9", ai.Config{Level: "easy", Algorithm: "mcts", Explore: 0.5, Seed: 9}, true},
		{"expert", ai.Config{}, false},
		{"hard:time", ai.Config{}, false},
		{"hard:color=red", ai.Config{}, false},
		{"hard:algo=minimax", ai.Config{}, false},
		{"mcts:expand=one", ai.Config{Level: "hard", Algorithm: "mcts", Expand: "one"}, true},
		{"mcts:expand=some", ai.Config{}, false},
		{"legacy-hard", ai.Config{Level: "hard", Legacy: true}, true},
		{"legacy-medium:iters=2000", ai.Config{Level: "medium", Legacy: true, Iterations: 2000}, true},
		{"legacy-expert", ai.Config{}, false},
	}
	for _, tt := range tests {
		got, err := ai.ParseSpec(tt.spec)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseSpec(%q) = %+v, %v, want %+v (ok %v)", tt.spec, got, err, tt.want, tt.ok)
		}
	}
}

func TestPlanFor(t *testing.T) {
	want := map[string]map[string]string{
		"chess":     {"easy": "greedy", "medium": "alphabeta", "hard": "alphabeta"},
		"seatafl":   {"easy": "greedy", "medium": "alphabeta", "hard": "alphabeta"},
		"luxumbra":  {"easy": "greedy", "medium": "alphabeta", "hard": "alphabeta"},
		"seidr":     {"easy": "greedy", "medium": "mcts", "hard": "mcts"},
		"nordsloki": {"easy": "greedy", "medium": "mcts", "hard": "mcts"},
		"samurai":   {"easy": "greedy", "medium": "alphabeta", "hard": "alphabeta"},
	}
	for name, levels := range want {
		g, err := games.ByName(name)
		if err != nil {
			continue
		}
		s, _ := g.New(nil)
		for level, algo := range levels {
			if got := ai.PlanFor(ai.Config{Level: level}, s).Algorithm; got != algo {
				t.Errorf("PlanFor(%s, %s).Algorithm = %q, want %q", level, name, got, algo)
			}
		}
	}
}

func TestPlanOverride(t *testing.T) {
	for _, tt := range []struct {
		game       string
		cfg        ai.Config
		time       time.Duration
		iterations int
		expandAll  bool
		playout    int
	}{
		{"chess", ai.Config{Level: "medium"}, ai.MediumTime, 0, true, 0},
		{"luxumbra", ai.Config{Level: "medium"}, 0, 2000, true, 0},
		{"luxumbra", ai.Config{Level: "hard"}, ai.HardTime, 0, true, 0},
		{"seidr", ai.Config{Level: "medium"}, 0, 2000, false, 8},
		{"seidr", ai.Config{Level: "hard"}, ai.HardTime, 0, false, 8},
		{"seidr", ai.Config{Level: "hard", Playout: 2}, ai.HardTime, 0, false, 2},
		{"seidr", ai.Config{Level: "hard", Expand: "all"}, ai.HardTime, 0, true, 8},
		{"nordsloki", ai.Config{Level: "medium"}, 0, 8, true, 0},
		{"nordsloki", ai.Config{Level: "hard"}, ai.HardTime, 0, true, 0},
		{"nordsloki", ai.Config{Level: "medium", Time: time.Second, Expand: "one"}, time.Second, 0, false, 0},
	} {
		g, err := games.ByName(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := g.New(nil)
		p := ai.PlanFor(tt.cfg, s)
		if p.Time != tt.time || p.Iterations != tt.iterations || p.ExpandAll != tt.expandAll || p.Playout != tt.playout {
			t.Errorf("PlanFor(%+v, %s) = time %v, %d iterations, expand all %v, playout %d; want %v, %d, %v, %d",
				tt.cfg, tt.game, p.Time, p.Iterations, p.ExpandAll, p.Playout, tt.time, tt.iterations, tt.expandAll, tt.playout)
		}
	}
}

// TestNativeSearch: orthodox chess brings its own search, which the
// medium and hard levels use and the legacy levels do not.
func TestNativeSearch(t *testing.T) {
	s := setup(t, "chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	if searches.All["chess"].Search == nil {
		t.Fatal("chess has no search of its own in searches.All")
	}
	for _, level := range []string{"hard", "legacy-hard"} {
		a, err := searches.NewAgent(ai.Config{Level: level, Iterations: 20000, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m, err := a.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ActionString(m); got != "d1d8" {
			t.Errorf("%s played %s, want the mate d1d8", level, got)
		}
		st := a.(ai.StatsReporter).LastStats()
		if st.Iterations == 0 || st.Iterations > 20000 {
			t.Errorf("%s searched %d nodes, want 1 to 20,000", level, st.Iterations)
		}
	}
}
