package tui

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
	"github.com/norns-games/norns/games"
)

// longSave is the save of a Sea Hnefatafl game of n plies without
// repetition rule: random moves, each chosen among those after which the
// game goes on. The same n gives the same save.
func longSave(tb testing.TB, n int) Save {
	tb.Helper()
	r := Save{Game: "seatafl", Options: game.Options{"repetition": "off", "move-limit": "30000"}}
	g, err := games.ByName(r.Game)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := g.New(r.Options)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	_, r.Actions = gametest.PlayOn(tb, s, rng, n)
	return r
}

// TestReplayLinear: replaying a record of n plies copies O(n) actions out
// of the history, not O(n²) as reading the whole history at each ply does
// (about 3,000²/2 = 4,500,000 here), and gives every action's text.
func TestReplayLinear(t *testing.T) {
	const n = 3000
	r := longSave(t, n)
	g, err := games.ByName(r.Game)
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	s, err := gametest.CountingGame{Game: g, Copied: &copied}.New(r.Options)
	if err != nil {
		t.Fatal(err)
	}
	_, texts, err := replay(s, r)
	if err != nil {
		t.Fatal(err)
	}
	if copied > 2*n {
		t.Errorf("replay of %d plies copied %d actions out of the history, want at most %d", n, copied, 2*n)
	}
	if !slices.Equal(texts, r.Actions) {
		t.Errorf("replay gives %d texts, want the record's %d actions", len(texts), len(r.Actions))
	}
}

// TestReplayPasses: a pass the game applied by itself is in the texts
// Replay returns, after the action it follows, and a record without it is
// refused.
func TestReplayPasses(t *testing.T) {
	// The worked example: the game passes by itself after the last roll.
	r := Save{Game: "seidr", Actions: []string{"c2c4", "2", "8", "6", "1", "8", "pass", "g8f6"}}
	_, texts, err := Replay(r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(texts, r.Actions) {
		t.Errorf("Replay texts = %v, want %v", texts, r.Actions)
	}
	r.Actions = slices.Delete(r.Actions, 6, 7)
	if _, _, err := Replay(r); err == nil {
		t.Errorf("Replay of %v without the pass: no error", r.Actions)
	}
}

// TestModelPlayLinear: playing n plies in the terminal client copies O(n)
// actions out of the history (not about n²/2 = 4,500,000), and its record
// is the game's.
func TestModelPlayLinear(t *testing.T) {
	const n = 3000
	r := longSave(t, n)
	g, err := games.ByName(r.Game)
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	m, err := New(Config{Game: gametest.CountingGame{Game: g, Copied: &copied}, Options: r.Options, Vs: "human", HasSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range r.Actions {
		a, err := m.s.ParseAction(text)
		if err == nil {
			err = m.play(a)
		}
		if err != nil {
			t.Fatalf("action %d %q: %v", i+1, text, err)
		}
	}
	if copied > 2*n {
		t.Errorf("playing %d plies copied %d actions out of the history, want at most %d", n, copied, 2*n)
	}
	if got := m.Saved().Actions; !slices.Equal(got, r.Actions) {
		t.Errorf("the model's record has %d actions, want the %d played", len(got), len(r.Actions))
	}
}

// BenchmarkReplayLongGame replays a Sea Hnefatafl record of 5,000 plies.
func BenchmarkReplayLongGame(b *testing.B) {
	r := longSave(b, 5000)
	for b.Loop() {
		if _, _, err := Replay(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadLongGame opens the terminal client on a Sea Hnefatafl
// record of 5,000 plies: the record's check, then every ply into the move
// list.
func BenchmarkLoadLongGame(b *testing.B) {
	r := longSave(b, 5000)
	for b.Loop() {
		if _, err := New(Config{Resume: &r, Vs: "human", HasSeed: true}); err != nil {
			b.Fatal(err)
		}
	}
}
