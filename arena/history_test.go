package arena_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
	"github.com/norns-games/norns/games"
)

// survivor plays a random action after which the game goes on, so that
// its games last as many plies as they are allowed.
type survivor struct{ rng *rand.Rand }

func (a survivor) Choose(_ context.Context, s game.State) (game.Action, error) {
	legal := s.Legal()
	a.rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
	for _, x := range legal {
		if err := s.Apply(x); err != nil {
			return 0, err
		}
		over := s.Terminal()
		if err := s.Undo(); err != nil {
			return 0, err
		}
		if !over {
			return x, nil
		}
	}
	return legal[0], nil
}

// longGame is a Sea Hnefatafl game between survivors, without repetition
// rule, stopped after plies actions.
func longGame(g game.Game, plies int) arena.Config {
	s := arena.Entrant{Name: "survivor", New: func(seed uint64) (ai.Agent, error) {
		return survivor{rand.New(rand.NewPCG(seed, 1))}, nil
	}}
	return arena.Config{
		Game:     g,
		Options:  game.Options{"repetition": "off", "move-limit": "30000"},
		Entrants: []arena.Entrant{s, s},
		Seed:     1,
		MaxPlies: plies,
	}
}

// TestPlayLinear: a game of n plies copies O(n) actions out of the
// history, not O(n²) as reading the whole history at each ply does (about
// 2 × 3,000²/2 = 9,000,000 actions here), and its record is the one
// played without the wrapper.
func TestPlayLinear(t *testing.T) {
	g, err := games.ByName("seatafl")
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000
	copied := 0
	got, ok := arena.Play(context.Background(), longGame(gametest.CountingGame{Game: g, Copied: &copied}, n), 0)
	if !ok || got.Err != "" || got.Plies != n {
		t.Fatalf("Play = %d plies, error %q, ok %v; want %d plies", got.Plies, got.Err, ok, n)
	}
	if copied > 2*n {
		t.Errorf("a game of %d plies copied %d actions out of the history, want at most %d", n, copied, 2*n)
	}
	want, _ := arena.Play(context.Background(), longGame(g, n), 0)
	got.Stats, want.Stats = nil, nil // time spent differs between runs
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Play through a wrapper = %+v, want %+v", got, want)
	}
}

// TestPlayRecordsPasses: the passes a game applies by itself after an
// action follow it in the record, as in the game's history.
func TestPlayRecordsPasses(t *testing.T) {
	g, err := games.ByName("seidr")
	if err != nil {
		t.Fatal(err)
	}
	cfg := arena.Config{Game: g, Entrants: entrants(t, "random", "random"), Seed: 3, MaxPlies: 400}
	passes := 0
	for i := range 4 {
		rec, ok := arena.Play(context.Background(), cfg, i)
		if !ok || rec.Err != "" {
			t.Fatalf("game %d: ok %v, error %q", i, ok, rec.Err)
		}
		s, err := g.New(rec.Options)
		if err != nil {
			t.Fatal(err)
		}
		for j, text := range rec.Actions {
			if j < game.HistoryLen(s) {
				continue // applied by the game after the action before
			}
			if err := game.ParseAndApply(s, text); err != nil {
				t.Fatalf("game %d, action %d %q: %v", i, j+1, text, err)
			}
		}
		var want []string
		for _, a := range s.History() {
			want = append(want, s.ActionString(a))
		}
		if !slices.Equal(rec.Actions, want) {
			t.Errorf("game %d: record %v, want the history %v", i, rec.Actions, want)
		}
		if slices.Contains(rec.Actions, "pass") {
			passes++
		}
	}
	if passes == 0 {
		t.Error("no game has a pass: the test checks nothing")
	}
}

// BenchmarkPlayLongGame plays a Sea Hnefatafl game of 5,000 plies (the
// default limit) between survivors.
func BenchmarkPlayLongGame(b *testing.B) {
	g, err := games.ByName("seatafl")
	if err != nil {
		b.Fatal(err)
	}
	cfg := longGame(g, 5000)
	for b.Loop() {
		if rec, _ := arena.Play(context.Background(), cfg, 0); rec.Plies != 5000 {
			b.Fatalf("Play = %d plies, want 5000", rec.Plies)
		}
	}
}
