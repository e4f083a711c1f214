package web

import (
	"testing"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// TestReplayOutcomes: a replay that asks for them lists, for each roll,
// the chance outcomes of the game in its order, with their probabilities
// (what the web app's dice check maps a roll's number to); one that does
// not ask lists none. The outcomes give dice.Exact the denominators of
// docs/fair-dice.md.
func TestReplayOutcomes(t *testing.T) {
	for _, tc := range []struct {
		game    string
		options map[string]string
		actions []string
		rolls   int
		d       int64
	}{
		{"seidr", nil, []string{"e2e4", "3"}, 1, 8},
		{"nordsloki", nil, []string{"p1", "6-4-1"}, 2, 216},
	} {
		req := ReplayRequest{Game: tc.game, Options: tc.options, Actions: tc.actions, Outcomes: true}
		r, err := Replay(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		if r.Error != "" {
			t.Fatalf("%s: replay error %s", tc.game, r.Error)
		}
		rolls := 0
		for i, p := range r.Plies {
			if p.Player != "chance" {
				if p.Outcomes != nil {
					t.Errorf("%s: ply %d (%s) lists outcomes", tc.game, i, p.Action)
				}
				continue
			}
			rolls++
			probs := make([]float64, len(p.Outcomes))
			found := false
			for k, o := range p.Outcomes {
				probs[k] = o.Prob
				found = found || o.Action == p.Action
			}
			if !found {
				t.Errorf("%s: ply %d: roll %s is not among its outcomes %v", tc.game, i, p.Action, p.Outcomes)
			}
			if d, _, err := dice.Exact(probs); err != nil || (rolls == tc.rolls && d != tc.d) {
				t.Errorf("%s: ply %d: outcomes give D = %d (%v)", tc.game, i, d, err)
			}
		}
		if rolls != tc.rolls {
			t.Errorf("%s: %d rolls, want %d", tc.game, rolls, tc.rolls)
		}
		// The same order as the game's.
		g, _ := games.ByName(tc.game)
		st, _ := g.New(game.Options(tc.options))
		_ = st
		first := 0
		for r.Plies[first].Player != "chance" {
			st.Apply(mustParse(t, st, r.Plies[first].Action))
			first++
		}
		want := st.ChanceOutcomes()
		if len(want) != len(r.Plies[first].Outcomes) || st.ActionString(want[0].Action) != r.Plies[first].Outcomes[0].Action {
			t.Errorf("%s: the first roll's outcomes %v, the game's %v", tc.game, r.Plies[first].Outcomes, want)
		}
		req.Outcomes = false
		r, _ = Replay(t.Context(), req)
		for _, p := range r.Plies {
			if p.Outcomes != nil {
				t.Errorf("%s: outcomes not asked for, listed", tc.game)
			}
		}
	}
}

func mustParse(t *testing.T, st game.State, text string) game.Action {
	t.Helper()
	a, err := st.ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
