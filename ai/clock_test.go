package ai_test

import (
	"testing"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	"github.com/norns-games/norns/games/searches"
	"github.com/norns-games/norns/games/seidr"
	seidrsearch "github.com/norns-games/norns/games/seidr/search"
)

// TestClockReachesNativeSearch: the clock of Config (and of SetClock)
// reaches orthodox chess's own search, which then gives itself a small
// share of a short clock and a larger one of a long clock, within the
// level's nodes; without a clock it keeps its time per move.
func TestClockReachesNativeSearch(t *testing.T) {
	st, err := chess.Game.Setup(nil, chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	searchOf := func(a ai.Agent) *chesssearch.Agent {
		t.Helper()
		inner := ai.Build(a, st)
		sa, ok := inner.(*chesssearch.Agent)
		if !ok {
			t.Fatalf("agent %T, want the native search", inner)
		}
		return sa
	}
	tests := []struct {
		cfg              ai.Config
		softMin, softMax time.Duration
		nodes            int64
	}{
		{ai.Config{Level: "hard", ClockLeft: time.Second}, time.Millisecond, 50 * time.Millisecond, 0},
		{ai.Config{Level: "hard", ClockLeft: 10 * time.Minute}, 10 * time.Second, 30 * time.Second, 0},
		{ai.Config{Level: "hard", Time: 200 * time.Millisecond, ClockLeft: 10 * time.Minute, ClockIncrement: 5 * time.Second}, 20 * time.Second, 30 * time.Second, 0},
		{ai.Config{Level: "medium", ClockLeft: 10 * time.Minute}, 10 * time.Second, 30 * time.Second, int64(ai.NativeMediumNodesOf("chess"))},
	}
	for _, tc := range tests {
		a, err := searches.NewAgent(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		lim := searchOf(a).Limits()
		soft, _ := chesssearch.TimeBudget(lim.Time, lim.Inc, lim.MovesToGo, lim.Overhead)
		if lim.MoveTime != 0 || lim.Time != tc.cfg.ClockLeft || soft < tc.softMin || soft > tc.softMax || lim.Nodes != tc.nodes {
			t.Errorf("NewAgent(%+v): limits %+v, a share of %v; want the clock, a share in [%v, %v], %d nodes", tc.cfg, lim, soft, tc.softMin, tc.softMax, tc.nodes)
		}
	}

	// SetClock on a level agent, then off again.
	a, _ := searches.NewAgent(ai.Config{Level: "hard", Time: 300 * time.Millisecond})
	sa := searchOf(a)
	if lim := sa.Limits(); lim.Time != 0 || lim.MoveTime != 300*time.Millisecond {
		t.Errorf("without a clock: limits %+v, want MoveTime 300ms", lim)
	}
	a.(ai.Clocked).SetClock(3*time.Second, time.Second)
	if lim := sa.Limits(); lim.Time != 3*time.Second || lim.Inc != time.Second || lim.MoveTime != 0 {
		t.Errorf("after SetClock(3s, 1s): limits %+v", lim)
	}
	a.(ai.Clocked).SetClock(0, 0)
	if lim := sa.Limits(); lim.Time != 0 || lim.MoveTime != 300*time.Millisecond {
		t.Errorf("after SetClock(0, 0): limits %+v, want MoveTime 300ms again", lim)
	}
}

// TestChessEasyLevel: the easy level of orthodox chess is the engine's
// easy search (chesssearch.EasyNodes with chesssearch.EasyMargin); legacy-easy and
// the easy level of a game without its own easy search stay greedy.
func TestChessEasyLevel(t *testing.T) {
	st, err := chess.Game.Setup(nil, chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := searches.NewAgent(ai.Config{Level: "easy", Seed: 3})
	inner := ai.Build(a, st)
	sa, ok := inner.(*chesssearch.Agent)
	if !ok {
		t.Fatalf("easy chess search is %T, want *chesssearch.Agent", inner)
	}
	if lim := sa.Limits(); lim.Nodes != chesssearch.EasyNodes || lim.Margin != chesssearch.EasyMargin {
		t.Errorf("easy chess limits %+v, want %d nodes, margin %d", lim, chesssearch.EasyNodes, chesssearch.EasyMargin)
	}
	legacy, _ := searches.NewAgent(ai.Config{Level: "legacy-easy"})
	if got := ai.Build(legacy, st); got == nil {
		t.Fatal("legacy-easy built nothing")
	} else if _, ok := got.(*ai.Greedy); !ok {
		t.Errorf("legacy-easy chess agent is %T, want *ai.Greedy", got)
	}
}

// TestNativeMediumNodes: chess's medium level searches its own, smaller
// budget (measured against Stockfish); the other games keep
// ai.NativeMediumNodes.
func TestNativeMediumNodes(t *testing.T) {
	for _, tc := range []struct {
		game string
		want int
	}{{"chess", 5000}, {"nordsloki", ai.NativeMediumNodes}, {"seatafl", ai.NativeMediumNodes}} {
		if got := ai.NativeMediumNodesOf(tc.game); got != tc.want {
			t.Errorf("ai.NativeMediumNodesOf(%q) = %d, want %d", tc.game, got, tc.want)
		}
	}
}

// TestSeidrLevels: Seiðr's own search plays medium, and hard keeps the
// MCTS (HardGeneric), which measured stronger at hard's budget.
func TestSeidrLevels(t *testing.T) {
	st, err := seidr.Game.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		level  string
		native bool
	}{{"medium", true}, {"hard", false}, {"legacy-medium", false}} {
		a, err := searches.NewAgent(ai.Config{Level: tc.level, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := ai.Build(a, st)
		_, isMCTS := got.(*ai.MCTS)
		if _, isNative := got.(*seidrsearch.Agent); isNative != tc.native {
			t.Errorf("Seiðr's %s agent is %T, want the game's own search: %v", tc.level, got, tc.native)
		} else if !tc.native && !isMCTS {
			t.Errorf("Seiðr's %s agent is %T, want *MCTS", tc.level, got)
		}
	}
}
