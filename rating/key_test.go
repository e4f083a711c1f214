package rating_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/rating"
)

// TestSpeedOf checks the speed classes at their boundaries: initial +
// 40 × increment under 180 s is bullet, under 480 s blitz, under 1500 s
// rapid, classical from 1500 s; days per move, and no clock, are
// correspondence.
func TestSpeedOf(t *testing.T) {
	for _, tc := range []struct {
		initial, inc time.Duration
		days         int
		want         rating.Speed
	}{
		{15 * time.Second, 0, 0, rating.Bullet},
		{time.Minute, 0, 0, rating.Bullet},
		{179 * time.Second, 0, 0, rating.Bullet},
		{180 * time.Second, 0, 0, rating.Blitz},
		{2 * time.Minute, 1475 * time.Millisecond, 0, rating.Bullet}, // 179 s
		{2 * time.Minute, 1500 * time.Millisecond, 0, rating.Blitz},  // 180 s
		{3 * time.Minute, 2 * time.Second, 0, rating.Blitz},
		{479 * time.Second, 0, 0, rating.Blitz},
		{480 * time.Second, 0, 0, rating.Rapid},
		{7 * time.Minute, 1475 * time.Millisecond, 0, rating.Blitz}, // 479 s
		{7 * time.Minute, 1500 * time.Millisecond, 0, rating.Rapid}, // 480 s
		{10 * time.Minute, 5 * time.Second, 0, rating.Rapid},
		{1499 * time.Second, 0, 0, rating.Rapid},
		{1500 * time.Second, 0, 0, rating.Classical},
		{5 * time.Minute, 30 * time.Second, 0, rating.Classical}, // 1500 s
		{30 * time.Minute, 20 * time.Second, 0, rating.Classical},
		{0, 0, 1, rating.Correspondence},
		{3 * 24 * time.Hour, 0, 3, rating.Correspondence},
		{0, 0, 0, rating.Correspondence},
	} {
		if got := rating.SpeedOf(tc.initial, tc.inc, tc.days); got != tc.want {
			t.Errorf("SpeedOf(%v, %v, %d) = %q, want %q", tc.initial, tc.inc, tc.days, got, tc.want)
		}
	}
}

// TestRuleSetOf checks the rule set of every game at its defaults, Nords
// Loki's two, and that other options make a game casual.
func TestRuleSetOf(t *testing.T) {
	seen := map[rating.RuleSet]bool{}
	for _, g := range games.All {
		name := g.Name()
		var opts []game.Options
		if name == "nordsloki" {
			opts = []game.Options{{"players": "2"}, {"players": "3"}}
		} else {
			opts = []game.Options{nil}
		}
		for _, o := range opts {
			rs, err := rating.RuleSetOf(name, o)
			if err != nil || !rs.Valid() {
				t.Errorf("RuleSetOf(%q, %v) = %q, %v", name, o, rs, err)
				continue
			}
			seen[rs] = true
			// The rule set leads back to its game and options.
			n, back := rs.Game()
			if again, err := rating.RuleSetOf(n, back); n != name || again != rs || err != nil {
				t.Errorf("%q.Game() = %q, %v: RuleSetOf gives %q, %v", rs, n, back, again, err)
			}
		}
	}
	if len(seen) != len(rating.RuleSets) {
		t.Errorf("the games give %d rule sets, RuleSets lists %d", len(seen), len(rating.RuleSets))
	}
	for _, tc := range []struct {
		name string
		opts game.Options
		want rating.RuleSet
	}{
		{"chess", nil, rating.Chess},
		{"nordsloki", nil, rating.NordsLoki2},
		{"nordsloki", game.Options{"players": "3", "konungs": "on"}, rating.NordsLoki3},
		{"seatafl", game.Options{"layout": "sea11", "repetition": "white-loses", "move-limit": "400"}, rating.SeaTafl},
		{"fetlar", game.Options{"repetition": "draw"}, rating.Fetlar},
	} {
		if got, err := rating.RuleSetOf(tc.name, tc.opts); got != tc.want || err != nil {
			t.Errorf("RuleSetOf(%q, %v) = %q, %v; want %q", tc.name, tc.opts, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		opts game.Options
		want error
	}{
		{"luxumbra", game.Options{"balance": "on"}, rating.ErrCasual},
		{"luxumbra", game.Options{"max-turns": "40"}, rating.ErrCasual},
		{"samurai", game.Options{"deck": "QQ"}, rating.ErrCasual},
		{"samurai", game.Options{"no-card": "lose"}, rating.ErrCasual},
		{"seidr", game.Options{"quiet-limit": "off"}, rating.ErrCasual},
		{"seatafl", game.Options{"layout": "sea9"}, rating.ErrCasual},
		{"copenhagen", game.Options{"move-limit": "200"}, rating.ErrCasual},
		{"nordsloki", game.Options{"players": "3", "konungs": "off"}, rating.ErrCasual},
		{"go", nil, rating.ErrInvalid},
		{"chess", game.Options{"balance": "on"}, rating.ErrInvalid},
		{"nordsloki", game.Options{"players": "4"}, game.ErrOption},
	} {
		if got, err := rating.RuleSetOf(tc.name, tc.opts); !errors.Is(err, tc.want) || got != "" {
			t.Errorf("RuleSetOf(%q, %v) = %q, %v; want %v", tc.name, tc.opts, got, err, tc.want)
		}
	}
}

// TestKeyOf checks keys from a game and its clock, and that a game
// without a clock is casual.
func TestKeyOf(t *testing.T) {
	for _, tc := range []struct {
		name         string
		opts         game.Options
		initial, inc time.Duration
		days         int
		want         string
	}{
		{"chess", nil, 3 * time.Minute, 2 * time.Second, 0, "chess/blitz"},
		{"seidr", nil, time.Minute, 0, 0, "seidr/bullet"},
		{"brandubh", nil, 15 * time.Minute, 10 * time.Second, 0, "brandubh/rapid"},
		{"nordsloki", game.Options{"players": "3"}, 0, 0, 2, "nordsloki3/correspondence"},
		{"tablut", nil, 30 * time.Minute, 0, 0, "tablut/classical"},
	} {
		k, err := rating.KeyOf(tc.name, tc.opts, tc.initial, tc.inc, tc.days)
		if err != nil || k.String() != tc.want {
			t.Errorf("KeyOf(%q, %v, %v, %v, %d) = %v, %v; want %s", tc.name, tc.opts, tc.initial, tc.inc, tc.days, k, err, tc.want)
		}
	}
	if _, err := rating.KeyOf("chess", nil, 0, 0, 0); !errors.Is(err, rating.ErrCasual) {
		t.Errorf("KeyOf without a clock = %v, want ErrCasual", err)
	}
	if _, err := rating.KeyOf("chess", nil, time.Minute, -time.Second, 0); !errors.Is(err, rating.ErrInvalid) {
		t.Errorf("KeyOf with a negative increment = %v, want ErrInvalid", err)
	}
	if _, err := rating.KeyOf("luxumbra", game.Options{"balance": "on"}, time.Minute, 0, 0); !errors.Is(err, rating.ErrCasual) {
		t.Errorf("KeyOf of Lux et Umbra with balance = %v, want ErrCasual", err)
	}
}

// TestParseKey checks that every key reads back from its text, and that
// other texts are refused.
func TestParseKey(t *testing.T) {
	n := 0
	for _, rs := range rating.RuleSets {
		for _, sp := range rating.Speeds {
			k := rating.Key{RuleSet: rs, Speed: sp}
			got, err := rating.ParseKey(k.String())
			if err != nil || got != k {
				t.Errorf("ParseKey(%q) = %v, %v; want %v", k.String(), got, err, k)
			}
			n++
		}
	}
	if n != 55 {
		t.Errorf("%d keys, want 11 rule sets × 5 speeds = 55", n)
	}
	for _, bad := range []string{"", "chess", "chess/", "/blitz", "chess/ultrabullet", "nordsloki/blitz", "chess/blitz/x", "Chess/Blitz"} {
		if _, err := rating.ParseKey(bad); !errors.Is(err, rating.ErrInvalid) || !strings.Contains(err.Error(), "rule sets:") {
			t.Errorf("ParseKey(%q) = %v, want ErrInvalid listing the rule sets", bad, err)
		}
	}
}
