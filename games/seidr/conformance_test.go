package seidr

import (
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		opts     game.Options
		playouts int
		deep     int
	}{
		{game.Options{}, 200, 2},
		{game.Options{"quiet-limit": "off"}, 60, 2},
		{game.Options{"quiet-limit": "4"}, 60, 1},
		{game.Options{"dead-draw": "off"}, 60, 2},
	} {
		t.Run(tc.opts.String(), func(t *testing.T) {
			gametest.Run(t, Game, gametest.Config{
				Options:   tc.opts,
				Playouts:  tc.playouts,
				DeepEvery: tc.deep,
				Garbage:   []string{"9", "0", "12", "pass", "O-O", "e1g1", "c2c5", "Ke9", "e7e8k"},
			})
		})
	}
}
