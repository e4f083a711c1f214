package arena_test

import (
	"context"
	"math"
	"reflect"
	"sort"
	"sync"
	"testing"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

func entrants(t *testing.T, specs ...string) []arena.Entrant {
	t.Helper()
	var es []arena.Entrant
	for _, s := range specs {
		e, err := arena.Spec(s)
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	return es
}

func collect(t *testing.T, cfg arena.Config) ([]arena.Record, *arena.Summary) {
	t.Helper()
	var mu sync.Mutex
	var recs []arena.Record
	cfg.OnGame = func(r arena.Record) {
		mu.Lock()
		defer mu.Unlock()
		r.Stats = nil // time spent differs between runs
		recs = append(recs, r)
	}
	sum, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })
	return recs, sum
}

func TestRunReproducibleWhateverTheWorkers(t *testing.T) {
	for _, name := range []string{"chess", "luxumbra", "nordsloki"} {
		g, err := games.ByName(name)
		if err != nil {
			continue
		}
		s, _ := g.New(nil)
		specs := []string{"mcts:iters=30", "random", "greedy"}[:len(s.Players())]
		cfg := arena.Config{Game: g, Entrants: entrants(t, specs...), Games: 4, Seed: 42, MaxPlies: 300}
		cfg.Workers = 1
		a, _ := collect(t, cfg)
		cfg.Workers = 3
		b, _ := collect(t, cfg)
		if len(a) != 4 || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: records with 1 and 3 workers differ:\n%+v\n%+v", name, a, b)
		}
		for _, r := range a {
			if r.Err != "" {
				t.Errorf("%s game %d: %s", name, r.Index, r.Err)
			}
			if len(r.Actions) != r.Plies || r.Plies == 0 {
				t.Errorf("%s game %d: %d actions, Plies %d", name, r.Index, len(r.Actions), r.Plies)
			}
			// The record replays to the same result.
			st, _ := g.New(r.Options)
			for _, text := range r.Actions {
				if len(st.History()) > 0 && st.Terminal() {
					break
				}
				if text == "pass" && len(st.History()) > 0 {
					// Passes are applied by the game itself.
					if h := st.History(); st.ActionString(h[len(h)-1]) == "pass" {
						continue
					}
				}
				if err := game.ParseAndApply(st, text); err != nil {
					t.Fatalf("%s game %d: replaying %q: %v", name, r.Index, text, err)
				}
			}
			if r.Kind != game.Unfinished && game.Status(st) != r.Status {
				t.Errorf("%s game %d: replay ends %q, record says %q", name, r.Index, game.Status(st), r.Status)
			}
		}
	}
}

func TestRunSeatsRotate(t *testing.T) {
	g, _ := games.ByName("chess")
	recs, _ := collect(t, arena.Config{Game: g, Entrants: entrants(t, "random", "greedy"), Games: 2, Seed: 1, MaxPlies: 10})
	want := [][]string{{"random", "greedy"}, {"greedy", "random"}}
	for i, r := range recs {
		if !reflect.DeepEqual(r.Seats, want[i]) {
			t.Errorf("game %d: Seats = %v, want %v", i, r.Seats, want[i])
		}
	}
}

func TestRunSkipsAndCancels(t *testing.T) {
	g, _ := games.ByName("chess")
	cfg := arena.Config{Game: g, Entrants: entrants(t, "random", "random"), Games: 6, Seed: 1, MaxPlies: 20,
		Skip: func(i int) bool { return i%2 == 0 }}
	recs, sum := collect(t, cfg)
	var got []int
	for _, r := range recs {
		got = append(got, r.Index)
	}
	if !reflect.DeepEqual(got, []int{1, 3, 5}) || sum.Games != 3 {
		t.Errorf("with even games skipped played %v (summary %d), want [1 3 5]", got, sum.Games)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg.Skip = nil
	sum, err := arena.Run(ctx, cfg)
	if err == nil || sum.Games != 0 {
		t.Errorf("Run with a cancelled context = %d games, %v; want 0 games and an error", sum.Games, err)
	}
}

func TestRunRejectsWrongEntrants(t *testing.T) {
	g, _ := games.ByName("chess")
	if _, err := arena.Run(context.Background(), arena.Config{Game: g, Entrants: entrants(t, "random"), Games: 1}); err == nil {
		t.Error("Run with one entrant for chess = nil error")
	}
}

func TestSummaryScore(t *testing.T) {
	sum := arena.NewSummary(entrants(t, "random", "greedy"))
	// Entrant 0 sits in seat index%2: it wins games 0 and 1, draws game 2,
	// loses game 3.
	sum.Add(arena.Record{Index: 0, Kind: game.Win, Winners: []int{0}})
	sum.Add(arena.Record{Index: 1, Kind: game.Win, Winners: []int{1}})
	sum.Add(arena.Record{Index: 2, Kind: game.Draw})
	sum.Add(arena.Record{Index: 3, Kind: game.Win, Winners: []int{0}})
	sum.Add(arena.Record{Index: 4, Kind: game.Unfinished})
	if sum.Wins[0] != 2 || sum.Draws[0] != 1 || sum.Losses[0] != 1 || sum.Unfinished[0] != 1 {
		t.Errorf("entrant 0: %d/%d/%d/%d, want 2/1/1/1", sum.Wins[0], sum.Draws[0], sum.Losses[0], sum.Unfinished[0])
	}
	m, h := sum.ScoreCI(0)
	// Scores 1, 1, 0.5, 0: mean 0.625, sample variance 0.22917.
	wantH := 1.96 * math.Sqrt(0.2291666/4)
	if math.Abs(m-0.625) > 1e-9 || math.Abs(h-wantH) > 1e-4 {
		t.Errorf("ScoreCI(0) = %v ± %v, want 0.625 ± %v", m, h, wantH)
	}
	if e := arena.Elo(0.75); math.Abs(e-190.85) > 0.01 {
		t.Errorf("Elo(0.75) = %v, want 190.85", e)
	}
	if e := arena.Elo(0.5); e != 0 {
		t.Errorf("Elo(0.5) = %v, want 0", e)
	}
}

func TestGameSeedDiffers(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 1000 {
		s := arena.GameSeed(7, i)
		if seen[s] {
			t.Fatalf("GameSeed(7, %d) repeats", i)
		}
		seen[s] = true
	}
	if arena.GameSeed(7, 3) == arena.GameSeed(8, 3) {
		t.Error("GameSeed ignores the run seed")
	}
}
