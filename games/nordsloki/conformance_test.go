package nordsloki

import (
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

// Random play without konungs can last thousands of turns (nothing ends
// the game early), so those runs are bounded by max-turns; the runs with
// konungs end by their own rules.
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		opts     game.Options
		playouts int
		deep     int
	}{
		{game.Options{}, 80, 2},
		{game.Options{"players": "3"}, 80, 2},
		{game.Options{"konungs": "off", "max-turns": "600"}, 8, 4},
		{game.Options{"players": "3", "konungs": "off", "max-turns": "600"}, 8, 4},
		{game.Options{"konungs": "off"}, 3, 10},
	} {
		t.Run(tc.opts.String(), func(t *testing.T) {
			gametest.Run(t, Game{}, gametest.Config{
				Options:   tc.opts,
				Playouts:  tc.playouts,
				DeepEvery: tc.deep,
				MaxPlies:  40000,
				Garbage:   []string{"W0/7", "K1/8", "W22/off:3", "W24/off:0", "W0/3x", "w0/3", "1-2", "1-2-3-4", "p4", "X1/2"},
			})
		})
	}
}
