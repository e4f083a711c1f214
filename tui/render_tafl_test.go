package tui

import (
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/i18n"
)

// TestTaflRendererForEveryPreset checks that every game whose states are
// tafl states is drawn by the tafl renderer, not as plain text: Sea
// Hnefatafl and the presets added after it alike.
func TestTaflRendererForEveryPreset(t *testing.T) {
	n := 0
	for _, g := range games.All {
		s, err := g.New(nil)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		if _, ok := s.(*tafl.State); !ok {
			continue
		}
		n++
		if _, ok := rendererFor(g.Name()).(taflRenderer); !ok {
			t.Errorf("rendererFor(%q) = %T, want taflRenderer", g.Name(), rendererFor(g.Name()))
		}
	}
	if n != len(tafl.Presets) || n < 5 {
		t.Errorf("%d tafl games in games.All, %d presets", n, len(tafl.Presets))
	}
}

// TestTaflRestrictedSquares checks the boards of the presets: their size,
// and + on the empty squares only the king may stop on (Brandubh's corners
// and throne, Tablut's throne, none in Sea Hnefatafl).
func TestTaflRestrictedSquares(t *testing.T) {
	for _, tc := range []struct {
		game, pos string
		lines     map[int]string
		info      int
	}{
		{"brandubh", "", map[int]string{
			0: "7  +  .  .  ●  .  .  + ",
			3: "4  ●  ●  ○  ♔  ○  ●  ● ",
			6: "1  +  .  .  ●  .  .  + ",
			7: "   a  b  c  d  e  f  g ",
		}, 2},
		{"copenhagen", "", map[int]string{
			0:  "11  +  .  .  ●  ●  ●  ●  ●  .  .  + ",
			11: "    a  b  c  d  e  f  g  h  i  j  k ",
		}, 2},
		{"tablut", "/9/9/9/9/9/9/9/9/K8/ w", map[int]string{
			0: "9  .  .  .  .  .  .  .  .  . ",
			4: "5  .  .  .  .  +  .  .  .  . ",
			8: "1  ♔  .  .  .  .  .  .  .  . ",
		}, 2},
		{"seatafl", "/9/9/9/9/9/9/9/9/K8/ w", map[int]string{
			0: "9  .  .  .  .  .  .  .  .  . ",
			4: "5  .  .  .  .  .  .  .  .  . ",
		}, 1},
	} {
		g, err := games.ByName(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		var s game.State
		if tc.pos == "" {
			s, err = g.New(nil)
		} else {
			s, err = g.Setup(nil, tc.pos)
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		r := rendererFor(tc.game)
		got := r.board(s, marks{})
		if f, rk := r.dims(s); f != len(got)-1 || rk != len(got)-1 {
			t.Errorf("%s: dims %d, %d for %d lines", tc.game, f, rk, len(got))
		}
		for i, want := range tc.lines {
			if i >= len(got) || got[i] != want {
				t.Errorf("%s line %d:\n%s\nwant %q", tc.game, i+1, strings.Join(got, "\n"), want)
				break
			}
		}
		if info := r.info(s, i18n.English); len(info) != tc.info {
			t.Errorf("%s: info %q, want %d lines", tc.game, info, tc.info)
		}
	}
}
