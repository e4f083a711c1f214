package gametest

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// CountingState wraps a state and counts, in *Copied, the actions that
// History and HistorySince copy out of its history; its clones share the
// count. A test of work linear in the length of a game plays n plies
// through it and checks that O(n) actions were copied, not O(n²).
type CountingState struct {
	game.State
	Copied *int
}

// History copies the whole history, and counts it.
func (s *CountingState) History() []game.Action {
	h := s.State.History()
	*s.Copied += len(h)
	return h
}

// HistoryLen copies nothing.
func (s *CountingState) HistoryLen() int { return game.HistoryLen(s.State) }

// HistorySince copies the tail of the history, and counts it.
func (s *CountingState) HistorySince(n int) []game.Action {
	h := game.HistorySince(s.State, n)
	*s.Copied += len(h)
	return h
}

// Clone returns a counting clone that shares the count.
func (s *CountingState) Clone() game.State {
	return &CountingState{State: s.State.Clone(), Copied: s.Copied}
}

// CountingGame is a game whose new states are CountingStates sharing the
// count *Copied.
type CountingGame struct {
	game.Game
	Copied *int
}

// New returns a counting state of the game.
func (g CountingGame) New(opts game.Options) (game.State, error) {
	s, err := g.Game.New(opts)
	if err != nil {
		return nil, err
	}
	return &CountingState{State: s, Copied: g.Copied}, nil
}

// PlayOn plays n random actions on s, each chosen with rng among those
// after which the game goes on, and returns them with their texts (as the
// state wrote them before each was played): a long game for the tests of
// work that must stay linear in the length of a game. It fails tb when
// every action would end the game.
func PlayOn(tb testing.TB, s game.State, rng *rand.Rand, n int) (actions []game.Action, texts []string) {
	tb.Helper()
	for len(actions) < n {
		legal := s.Legal()
		rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		played := false
		for _, a := range legal {
			text := s.ActionString(a)
			if err := s.Apply(a); err != nil {
				tb.Fatal(err)
			}
			if !s.Terminal() {
				actions, texts, played = append(actions, a), append(texts, text), true
				break
			}
			if err := s.Undo(); err != nil {
				tb.Fatal(err)
			}
		}
		if !played {
			tb.Fatalf("every action ends the game after %d", len(actions))
		}
	}
	return actions, texts
}
