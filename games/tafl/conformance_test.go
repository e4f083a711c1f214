package tafl

import (
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
)

// TestConformance runs the generic suite on every layout and every
// repetition value (OpenTafl's repeater-loses and repeater-wins on the
// first layout only).
func TestConformance(t *testing.T) {
	for i, l := range SeaLayouts {
		for _, rep := range repetitionNames {
			if i > 0 && Repetition(slices.Index(repetitionNames, rep)) > RepetitionOff {
				continue
			}
			t.Run(l.Name+"/"+rep, func(t *testing.T) {
				gametest.Run(t, Sea, gametest.Config{
					Options:   game.Options{"layout": l.Name, "repetition": rep},
					Playouts:  12,
					DeepEvery: 3,
					Garbage:   []string{"f3-f1x", "f3-f1xx", "f3f1", "a1-a1-a1", "t1-a1", "a20-a1", "a1-a0"},
				})
			})
		}
	}
}

// fromPosition is Sea Hnefatafl starting from a given position, so that the
// suite also plays through enclosures, blocked sides and repetitions, which
// random games from the layouts rarely reach.
type fromPosition struct {
	*Game
	position string
}

func (g fromPosition) New(opts game.Options) (game.State, error) {
	return g.Game.Setup(opts, g.position)
}

func TestConformanceFromPositions(t *testing.T) {
	const packed = "/ttttt1T/ttttttt/ttTTTtt/ttTKTtt/ttTTTtt/ttttttt/1tttttt/ b"
	tests := []struct {
		name, position string
		opts           game.Options
	}{
		{"ring", diagram(9, "b", "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te1 tb8 th2"), nil},
		{"corner", diagram(7, "b", "Kb2 Ta2 Tb1 ta1 ta3 tc1 tc2 tb6 tf6"), nil},
		// A packed board with two holes: games end by every rule, the
		// repetition included.
		{"packed", packed, nil},
		{"packed draw", packed, game.Options{"repetition": "draw"}},
		{"packed off", packed, game.Options{"repetition": "off", "move-limit": "100"}},
		{"big board", diagram(19, "b", "Kj10 tj12 th10 tl10 tj8 Tb2 Tr18 ta19 ts1"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, fromPosition{Sea, tc.position}, gametest.Config{Options: tc.opts, Playouts: 20, DeepEvery: 3})
		})
	}
}

// TestConformancePresets runs the generic suite on the other presets at
// their default options.
func TestConformancePresets(t *testing.T) {
	for _, g := range Presets[1:] {
		t.Run(g.Name(), func(t *testing.T) {
			gametest.Run(t, g, gametest.Config{Playouts: 12, DeepEvery: 3,
				Garbage: []string{"f3-f1x", "f3f1", "a1-a1-a1", "t1-a1", "a20-a1"}})
		})
	}
}
