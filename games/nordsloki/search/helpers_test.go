package search

import (
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
)

var (
	on2 = game.Options{}
	on3 = game.Options{"players": "3"}
)

// setup returns the state of a position in the game's notation.
func setup(t *testing.T, opts game.Options, position string) *nordsloki.State {
	t.Helper()
	s, err := nordsloki.Game{}.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q) = %v", position, err)
	}
	return s.(*nordsloki.State)
}
