package luxumbra

import (
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

var garbage = []string{"LLS", "ls", "Ls", "l", "s", "--", "e1g1", "O-O", "e2e4e5", "pass"}

// TestConformance runs the generic suite under every option value that
// changes the rules.
func TestConformance(t *testing.T) {
	for _, opts := range []game.Options{
		nil,
		{"balance": "on"},
		{"max-turns": "30"},
		{"balance": "on", "max-turns": "1"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			gametest.Run(t, Game, gametest.Config{Options: opts, Playouts: 20, DeepEvery: 3, Garbage: garbage})
		})
	}
}

// fromPosition starts the suite from a given position, to reach endings that
// random games from the start reach rarely.
type fromPosition struct {
	game.Game
	position string
}

func (g fromPosition) New(opts game.Options) (game.State, error) {
	return g.Game.Setup(opts, g.position)
}

func TestConformanceFromPositions(t *testing.T) {
	for _, pos := range []string{
		"4k2n/8/8/8/8/8/8/4K2N w - - 0 1 --",
		"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 30 --",
		"r3k2r/8/8/8/8/8/8/R3K2R w - - 7 12 lS",
	} {
		t.Run(pos, func(t *testing.T) {
			gametest.Run(t, fromPosition{Game, pos}, gametest.Config{Playouts: 10, Garbage: garbage})
		})
	}
}
