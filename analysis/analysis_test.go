package analysis_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/analysis"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/nordsloki"
)

// play returns a new game of g with the moves applied.
func play(t *testing.T, g game.Game, moves ...string) game.State {
	t.Helper()
	s, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// TestChessBlunder: Black's queen checks from e4 where the knight takes
// it: a blunder, and the AI keeps the queen.
func TestChessBlunder(t *testing.T) {
	s := play(t, chess.Game, "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e4", "c3e4")
	an, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 5000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Steps) != 7 {
		t.Fatalf("%d steps, want 7", len(an.Steps))
	}
	for _, st := range an.Steps {
		t.Logf("%d %s %s %.3f→%.3f best %s loss %.3f %s", st.Ply, st.Player, st.Move, st.Before[0], st.After[0], st.Best, st.Loss, st.Mark)
	}
	bl := an.Steps[5]
	if bl.Mark != analysis.MarkBlunder || bl.Best == "" || bl.Best == "d5e4" {
		t.Errorf("d5e4: mark %q, best %q, want a blunder and another move", bl.Mark, bl.Best)
	}
	if c := an.Steps[6]; c.Mark != "" {
		t.Errorf("c3e4 (taking the queen) marked %q", c.Mark)
	}
	if b := an.Summary[1]; b.Blunders != 1 || b.Accuracy >= an.Summary[0].Accuracy {
		t.Errorf("black's summary %+v, white's %+v", b, an.Summary[0])
	}
	for k := 1; k < len(an.Steps); k++ {
		if an.Steps[k-1].After[0] != an.Steps[k].Before[0] {
			t.Errorf("step %d ends at %v, the next starts at %v", k-1, an.Steps[k-1].After, an.Steps[k].Before)
		}
	}
}

// TestDiceLuck: in a game of Nords Loki the rolls have luck, each roll's
// luck sums to zero over the players, and the luck adds up in the summary.
func TestDiceLuck(t *testing.T) {
	s, err := nordsloki.Game{}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 40 && !s.Terminal(); n++ {
		if s.Player() == game.Chance {
			s.Apply(game.SampleChance(s, rng))
			continue
		}
		l := s.Legal()
		s.Apply(l[rng.IntN(len(l))])
	}
	an, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 200}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rolls, lucky := 0, 0
	sum := make([]float64, len(an.Players))
	for _, st := range an.Steps {
		if !st.Chance {
			continue
		}
		rolls++
		tot := 0.0
		for j, l := range st.Luck {
			tot += l
			sum[j] += l
			if math.Abs(l) > 1e-9 {
				lucky++
			}
		}
		if math.Abs(tot) > 1e-9 {
			t.Errorf("ply %d: the luck %v sums to %g", st.Ply, st.Luck, tot)
		}
	}
	if rolls == 0 || lucky == 0 {
		t.Fatalf("%d rolls, %d with luck", rolls, lucky)
	}
	for j, su := range an.Summary {
		if math.Abs(su.Luck-sum[j]) > 1e-9 {
			t.Errorf("%s's luck %g, the rolls add up to %g", su.Player, su.Luck, sum[j])
		}
	}
	t.Logf("%d steps, %d rolls, summary %+v", len(an.Steps), rolls, an.Summary)
}

// TestThreePlayers: in three-player Nords Loki every value shares the
// win among the three (it sums to 1), and each roll's luck sums to zero.
func TestThreePlayers(t *testing.T) {
	s, err := nordsloki.Game{}.New(game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 30 && !s.Terminal(); n++ {
		if s.Player() == game.Chance {
			s.Apply(game.SampleChance(s, rng))
			continue
		}
		l := s.Legal()
		s.Apply(l[rng.IntN(len(l))])
	}
	an, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 200}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Players) != 3 || len(an.Summary) != 3 {
		t.Fatalf("players %v, summary %+v", an.Players, an.Summary)
	}
	sum := func(xs []float64) float64 {
		t := 0.0
		for _, x := range xs {
			t += x
		}
		return t
	}
	for _, st := range an.Steps {
		if math.Abs(sum(st.Before)-1) > 1e-9 || math.Abs(sum(st.After)-1) > 1e-9 {
			t.Errorf("ply %d: before %v, after %v: not a share of 1", st.Ply, st.Before, st.After)
		}
		if st.Chance && math.Abs(sum(st.Luck)) > 1e-9 {
			t.Errorf("ply %d: luck %v sums to %g", st.Ply, st.Luck, sum(st.Luck))
		}
	}
}

// TestForfeit: a three-player game of Nords Loki that went on after a
// player left is replayed with the forfeit at its place; without it the
// history does not replay.
func TestForfeit(t *testing.T) {
	s, err := nordsloki.Game{}.New(game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	at := -1
	for n := 0; n < 60 && !s.Terminal(); n++ {
		if n == 20 {
			at = len(s.History())
			if err := s.(game.Forfeiter).Forfeit(1); err != nil {
				t.Fatal(err)
			}
		}
		if s.Player() == game.Chance {
			s.Apply(game.SampleChance(s, rng))
			continue
		}
		l := s.Legal()
		s.Apply(l[rng.IntN(len(l))])
	}
	if _, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 200}, nil); err == nil {
		t.Log("the history replays without the forfeit")
	}
	an, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 200, Forfeits: []analysis.Forfeit{{Ply: at, Player: 1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range an.Steps[at:] {
		if st.Player == "p2" {
			t.Errorf("ply %d: p2 moves after leaving", st.Ply)
		}
	}
}

// TestActionsBound: with Config.Actions below the game's length only the
// first actions are analysed, as the whole game's analysis has them, and
// the result says it is partial; at or above the length it is whole.
func TestActionsBound(t *testing.T) {
	s := play(t, chess.Game, "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e4", "c3e4")
	whole, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 500}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		actions, steps int
		partial        bool
	}{
		{0, 7, false},
		{3, 3, true},
		{6, 6, true},
		{7, 7, false},
		{100, 7, false},
	}
	for _, tc := range tests {
		var calls []int
		an, err := analysis.Analyze(context.Background(), s, analysis.Config{Budget: 500, Actions: tc.actions}, func(done, total int) {
			calls = append(calls, done)
			if total != tc.steps {
				t.Errorf("Actions %d: progress total %d, want %d", tc.actions, total, tc.steps)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(an.Steps) != tc.steps || an.Analysed != tc.steps || an.Actions != 7 || an.Partial != tc.partial {
			t.Errorf("Actions %d: %d steps, analysed %d of %d, partial %v; want %d steps, analysed %d of 7, partial %v",
				tc.actions, len(an.Steps), an.Analysed, an.Actions, an.Partial, tc.steps, tc.steps, tc.partial)
			continue
		}
		if len(calls) != tc.steps || calls[len(calls)-1] != tc.steps {
			t.Errorf("Actions %d: progress %v, want 1 to %d", tc.actions, calls, tc.steps)
		}
		for k, st := range an.Steps {
			w := whole.Steps[k]
			if st.Move != w.Move || st.Best != w.Best || st.Mark != w.Mark || st.Before[0] != w.Before[0] {
				t.Errorf("Actions %d: step %d = %+v, the whole game's %+v", tc.actions, k, st, w)
			}
		}
		if last := an.Steps[len(an.Steps)-1]; len(last.After) != 2 {
			t.Errorf("Actions %d: the last step has no After: %+v", tc.actions, last)
		}
	}
}
