package nordsloki

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestGameDescription(t *testing.T) {
	g := Game{}
	if g.Name() != "nordsloki" || g.Title() != "Nords Loki" {
		t.Errorf("Name(), Title() = %q, %q", g.Name(), g.Title())
	}
	if got := g.Players(); !slices.Equal(got, []string{"p1", "p2", "p3"}) {
		t.Errorf("Players() = %v", got)
	}
	if g.ChanceMode() != game.ExplicitStochastic {
		t.Errorf("ChanceMode() = %v", g.ChanceMode())
	}
	var opts []string
	for _, o := range g.Options() {
		opts = append(opts, o.Name+"="+o.Default)
	}
	if got, want := strings.Join(opts, " "), "players=2 konungs=on max-turns=off"; got != want {
		t.Errorf("Options() = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		opts    game.Options
		players []string
	}{{on2, []string{"p1", "p2"}}, {on3, []string{"p1", "p2", "p3"}}} {
		s, err := g.New(tc.opts)
		if err != nil || !slices.Equal(s.Players(), tc.players) {
			t.Errorf("New(%v).Players() = %v, %v, want %v", tc.opts, s.Players(), err, tc.players)
		}
	}
	for _, bad := range []game.Options{{"players": "4"}, {"konungs": "yes"}, {"max-turns": "0"}, {"colour": "red"}} {
		if _, err := g.New(bad); !errors.Is(err, game.ErrOption) {
			t.Errorf("New(%v) = %v, want ErrOption", bad, err)
		}
	}
}

func TestString(t *testing.T) {
	s := setup(t, on2, "p1=6:K,7:W,11:4W,21:3W,24:4W/-/0/7 "+P2+" ghosts=5 first=p1 turns=9 move:p1:2-1:-")
	text := s.String()
	for _, want := range []string{"Att 1", " 5 Raidho    ghost", " 6 Kenaz     upright p1 K", "24 Othala    upright p1 4W",
		"p2: waiting K12W, borne off 0, konung lives 7", "turn p1, dice 2 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("String() = %q, want it to contain %q", text, want)
		}
	}
}
