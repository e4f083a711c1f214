package samurai

import (
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, opts := range []game.Options{
		nil,
		{"deck": "-"},
		{"deck": "QQRRBBNN"},
		{"castling": "off"},
		{"en-passant": "off"},
		{"no-card": "lose"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			gametest.Run(t, Game, gametest.Config{Options: opts, Playouts: 8, DeepEvery: 3, Garbage: []string{"pass", "--", "e2e5", "Kxe9"}})
		})
	}
}
