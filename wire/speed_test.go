package wire_test

import (
	"testing"
	"time"

	"github.com/norns-games/norns/wire"
)

// TestSpeed checks the speed class of lichess's presets, the edges and
// the clocks without a time limit.
func TestSpeed(t *testing.T) {
	for _, tc := range []struct {
		min, inc float64
		days     int
		want     string
	}{
		{1, 0, 0, "bullet"}, {2, 1, 0, "bullet"}, {3, 0, 0, "blitz"}, {3, 2, 0, "blitz"},
		{5, 0, 0, "blitz"}, {5, 3, 0, "blitz"}, {10, 0, 0, "rapid"}, {10, 5, 0, "rapid"},
		{15, 10, 0, "rapid"}, {30, 0, 0, "classical"}, {30, 20, 0, "classical"},
		{0, 0, 0, "correspondence"}, {0, 0, 3, "correspondence"},
		// 179 s is bullet, 180 s blitz; 479 s blitz, 480 s rapid; 1499 s
		// rapid, 1500 s classical (initial + 40 × increment).
		{2, 1.475, 0, "bullet"}, {2, 1.5, 0, "blitz"}, {7, 1.475, 0, "blitz"}, {8, 0, 0, "rapid"},
		{24, 1.475, 0, "rapid"}, {25, 0, 0, "classical"}, {0.25, 0, 0, "bullet"},
	} {
		initial := time.Duration(tc.min * float64(time.Minute))
		inc := time.Duration(tc.inc * float64(time.Second))
		if got := wire.Speed(initial, inc, tc.days); got != tc.want {
			t.Errorf("Speed(%v, %v, %d) = %q, want %q", initial, inc, tc.days, got, tc.want)
		}
	}
}
