package tafl

import (
	"testing"

	"norns/game"
	"norns/game/gametest"
)

// TestConformance runs the generic suite on every layout and every
// repetition value.
func TestConformance(t *testing.T) {
	for _, l := range SeaLayouts {
		for _, rep := range []string{"white-loses", "draw", "off"} {
			t.Run(l.Name+"/"+rep, func(t *testing.T) {
				gametest.Run(t, Sea, gametest.Config{
					Options:   game.Options{"layout": l.Name, "repetition": rep},
					Playouts:  4,
					DeepEvery: 7,
					Garbage:   []string{"f3-f1x", "f3-f1xx", "f3f1", "a1-a1-a1", "t1-a1", "a20-a1", "a1-a0"},
				})
			})
		}
	}
}
