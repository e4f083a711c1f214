package lab

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
	"github.com/norns-games/norns/games"
)

// longRecord is the record of a Sea Hnefatafl game of n plies without
// repetition rule: random moves, each chosen among those after which the
// game goes on. The same n gives the same record.
func longRecord(tb testing.TB, n int) Record {
	tb.Helper()
	g, err := games.ByName("seatafl")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := g.New(game.Options{"repetition": "off", "move-limit": "30000"})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	r := Record{Record: arena.Record{Game: g.Name(), Options: s.Options()}}
	_, r.Actions = gametest.PlayOn(tb, s, rng, n)
	r.Plies = len(r.Actions)
	return r
}

// TestAnalyzeLinear: replaying a record of n plies copies O(n) actions out
// of the history, not O(n²) as reading the whole history at each ply does
// (about 3,000² = 9,000,000 here), and counts the same as without the
// wrapper.
func TestAnalyzeLinear(t *testing.T) {
	const n = 3000
	g, err := games.ByName("seatafl")
	if err != nil {
		t.Fatal(err)
	}
	want := longRecord(t, n)
	if err := Analyze(g, &want); err != nil {
		t.Fatal(err)
	}
	if want.First != 0 || want.Moves != n || want.Passes != 0 || want.Rolls != 0 {
		t.Errorf("Analyze of %d moves: first %d, %d moves, %d passes, %d rolls; want 0, %d, 0, 0", n, want.First, want.Moves, want.Passes, want.Rolls, n)
	}
	copied := 0
	got := longRecord(t, n)
	if err := Analyze(gametest.CountingGame{Game: g, Copied: &copied}, &got); err != nil {
		t.Fatal(err)
	}
	if copied > 2*n {
		t.Errorf("Analyze of %d plies copied %d actions out of the history, want at most %d", n, copied, 2*n)
	}
	if got.First != want.First || got.Moves != want.Moves || got.Passes != want.Passes || got.Rolls != want.Rolls {
		t.Errorf("Analyze through a wrapper: first %d, %d moves, %d passes, %d rolls; want %d, %d, %d, %d",
			got.First, got.Moves, got.Passes, got.Rolls, want.First, want.Moves, want.Passes, want.Rolls)
	}
}

// BenchmarkAnalyzeLongGame replays a Sea Hnefatafl record of 5,000 plies
// (the arena's default limit), as the lab does for every game it writes.
func BenchmarkAnalyzeLongGame(b *testing.B) {
	g, err := games.ByName("seatafl")
	if err != nil {
		b.Fatal(err)
	}
	r := longRecord(b, 5000)
	for b.Loop() {
		if err := Analyze(g, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReplayAutoPasses: a pass the game applied by itself after an action
// is a step of its own, marked Auto, with the player of that action; a
// record without it is an error.
func TestReplayAutoPasses(t *testing.T) {
	g, err := games.ByName("seidr")
	if err != nil {
		t.Fatal(err)
	}
	// The worked example: the game passes by itself after the last roll.
	r := arena.Record{Game: "seidr", Actions: []string{"c2c4", "2", "8", "6", "1", "8", "pass", "g8f6"}}
	var got []Step
	if _, err := Replay(g, &r, func(st Step) error {
		st.State = nil
		got = append(got, st)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []Step{
		{Ply: 1, Player: 0, Text: "c2c4"},
		{Ply: 2, Player: game.Chance, Text: "2"},
		{Ply: 3, Player: game.Chance, Text: "8"},
		{Ply: 4, Player: game.Chance, Text: "6"},
		{Ply: 5, Player: game.Chance, Text: "1"},
		{Ply: 6, Player: game.Chance, Text: "8"},
		{Ply: 7, Player: game.Chance, Text: "pass", Auto: true},
		{Ply: 8, Player: 1, Text: "g8f6"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Replay steps = %+v, want %+v", got, want)
	}
	r.Actions = r.Actions[:6]
	if _, err := Replay(g, &r, nil); err == nil || !strings.Contains(err.Error(), "misses a pass after action 6") {
		t.Errorf("Replay without the pass: error %v, want one about the missing pass", err)
	}
}
