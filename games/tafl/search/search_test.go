package search

import (
	"context"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

// TestSearchTactics: the search finds the moves that decide a game at
// once or stop its end, in each kind of escape and king capture, at a
// small node budget.
func TestSearchTactics(t *testing.T) {
	tests := []struct {
		name     string
		rules    tafl.Rules
		position string
		want     []string // any of these moves
		status   string   // the state's status after the move
	}{
		// A king with open lines escapes at once.
		{"edge escape", tafl.SeaRules, diagram(11, "w", "Kf6 Tf5 Te6 Tg6 ta1 tb2 tk11 tj10"), []string{"f6-f11"}, "over white (king escaped)"},
		{"corner escape", tafl.CopenhagenRules, diagram(11, "w", "Ka5 Ta6 Tb5 te7 tf6 tk3"), []string{"a5-a1"}, "over white (king escaped)"},
		{"Tablut edge escape", tafl.TablutRules, diagram(9, "w", "Kc3 Tc4 Td3 Tb3 ta9 ti9 ti8"), []string{"c3-c1"}, "over white (king escaped)"},
		// One open line: Black must block it.
		{"block an edge line", tafl.SeaRules, diagram(11, "b", "Kf9 Te9 Tg9 Tf8 ta11 ta10 tk1 tk2 tj2"), []string{"a11-f11", "a10-f10"}, "turn white"},
		{"block a corner line", tafl.CopenhagenRules, diagram(11, "b", "Ka5 Ta6 Tb5 td3 tk8 tj9 tk9"), []string{"d3-a3"}, "turn white"},
		// The king can be taken: Black takes him.
		{"king taken by four", tafl.SeaRules, diagram(11, "b", "Kf6 te6 tg6 tf5 tf10 Tb2 Tc3 ta11"), []string{"f10-f7"}, "over black (king captured)"},
		{"king taken by two", tafl.BrandubhRules, diagram(7, "b", "Kb5 tb6 tb1 Tf6 Te2"), []string{"b1-b4"}, "over black (king captured)"},
		{"king taken against the throne", tafl.BrandubhRules, diagram(7, "b", "Kd5 tc5 te5 td7 Tb1 Tf2"), []string{"d7-d6"}, "over black (king captured)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := setupRules(t, tt.rules, tt.position)
			if s.Terminal() {
				t.Fatalf("%q is over: %s", tt.position, status(s))
			}
			sr := NewSearcher(s.Rules(), 16, 1)
			m, info := sr.Search(context.Background(), s, Limits{Nodes: 20000})
			got := s.ActionString(game.Action(m))
			if !slices.Contains(tt.want, got) {
				t.Fatalf("Search(%q) = %s (%+v), want one of %v", tt.position, got, info, tt.want)
			}
			s.ApplyUnchecked(game.Action(m))
			if st := status(s); st != tt.status {
				t.Errorf("after %s: %s, want %s", got, st, tt.status)
			}
		})
	}
}

// TestSearchSeesAFork: with White to move and a square from which the
// king sees two edges, the search plays there and scores a win.
func TestSearchSeesAFork(t *testing.T) {
	// The king on f6 boxed in on three sides; d6... f7 is open to f9,
	// whose rank is open both ways; every other line is closed.
	s := setupRules(t, tafl.SeaRules, diagram(11, "w", "Kf6 Te6 Tg6 Tf5 tf11 ta1 tk1 tj3"))
	sr := NewSearcher(s.Rules(), 16, 1)
	m, info := sr.Search(context.Background(), s, Limits{Nodes: 50000})
	if info.Score < scoreWon {
		t.Errorf("Search = %s with score %d, want a forced win (> %d)", s.ActionString(game.Action(m)), info.Score, scoreWon)
	}
}

// TestSearchReproducible: at a node budget, two searchers with the same
// seed play the same moves through a game with the same nodes, depths
// and scores, keeping their tables from move to move; another seed may
// differ but searches as deep.
func TestSearchReproducible(t *testing.T) {
	run := func(seed uint64) []SearchInfo {
		gs, _ := tafl.Sea.New(nil)
		s := gs.(*tafl.State)
		a := NewAgent(5000, 0, 0, seed, 16)
		var out []SearchInfo
		for range 8 {
			if s.Terminal() {
				break
			}
			m, err := a.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, a.LastInfo())
			s.ApplyUnchecked(m)
		}
		return out
	}
	first, again := run(3), run(3)
	if len(first) != 8 {
		t.Fatalf("%d moves, want 8", len(first))
	}
	for i := range first {
		x, y := first[i], again[i]
		x.Elapsed, y.Elapsed = 0, 0
		if x != y {
			t.Errorf("move %d: %+v, then %+v", i, x, y)
		}
		if x.Nodes < 5000 || x.Nodes > 5000 {
			t.Errorf("move %d searched %d nodes, want 5000", i, x.Nodes)
		}
		if x.Depth < 2 {
			t.Errorf("move %d reached depth %d, want 2 or more", i, x.Depth)
		}
	}
}

// TestSearchKeepsItsTable: a second search of the same position finds
// the first one's work in the table and goes deeper for the same nodes.
func TestSearchKeepsItsTable(t *testing.T) {
	gs, _ := tafl.Sea.New(nil)
	s := gs.(*tafl.State)
	sr := NewSearcher(s.Rules(), 18, 1)
	_, first := sr.Search(context.Background(), s, Limits{Nodes: 30000})
	_, second := sr.Search(context.Background(), s, Limits{Nodes: 30000})
	if second.Depth <= first.Depth {
		t.Errorf("depth %d, then %d with the table kept; want deeper", first.Depth, second.Depth)
	}
	sr.Clear()
	_, cleared := sr.Search(context.Background(), s, Limits{Nodes: 30000})
	if cleared.Depth != first.Depth {
		t.Errorf("depth %d after Clear, want %d as at first", cleared.Depth, first.Depth)
	}
}

// TestSearchAgentRefuses: the agent plays tafl states only, and only
// while the game goes on.
func TestSearchAgentRefuses(t *testing.T) {
	s := setupRules(t, tafl.SeaRules, diagram(11, "b", "Kf11 ta1"))
	if !s.Terminal() {
		t.Fatalf("%s: want the game over", status(s))
	}
	if _, err := NewAgent(100, 0, 0, 1, 10).Choose(context.Background(), s); err == nil {
		t.Error("Choose on a finished game: no error")
	}
}

// TestSearchStopsWhenAsked: with its context already done the search
// still finishes its first iteration, and so plays a legal move, and
// goes no deeper.
func TestSearchStopsWhenAsked(t *testing.T) {
	gs, _ := tafl.Sea.New(nil)
	s := gs.(*tafl.State)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sr := NewSearcher(s.Rules(), 16, 1)
	m, info := sr.Search(ctx, s, Limits{})
	if !slices.Contains(s.Legal(), game.Action(m)) {
		t.Fatalf("Search = %d, not a legal move", m)
	}
	if info.Depth != 1 {
		t.Errorf("depth %d with the context done, want 1", info.Depth)
	}
}
