package rating_test

import (
	"errors"
	"math"
	"testing"

	"github.com/norns-games/norns/rating"
)

// FuzzUpdate checks that Update never panics or hangs, and that what it
// accepts it answers with finite numbers, a positive deviation no larger
// than the pre-period one, and a positive volatility. Seeds: Glickman's
// example, two new players, a mismatch of 2,500 points, and bad input.
func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 1.0, 0.5)
	f.Add(1500.0, 500.0, 0.09, 1500.0, 500.0, 0.0, 0.75)
	f.Add(400.0, 45.0, 0.1, 2900.0, 45.0, 1.0, 0.75)
	f.Add(1500.0, -1.0, 0.06, 1500.0, 30.0, 0.5, 0.75)
	f.Add(math.Inf(1), 200.0, 0.06, 1500.0, 30.0, 0.5, 0.75)
	f.Fuzz(func(t *testing.T, r, rd, vol, or, ord, score, tau float64) {
		p := rating.Glicko{Rating: r, Deviation: rd, Volatility: vol}
		g, err := rating.Update(p, []rating.Result{{rating.Glicko{Rating: or, Deviation: ord, Volatility: 0.06}, score}}, tau, 0)
		if err != nil {
			if !errors.Is(err, rating.ErrInvalid) && !errors.Is(err, rating.ErrConvergence) {
				t.Fatalf("Update(%v, %v/%v %v, τ %v) = %v, an error of no kind", p, or, ord, score, tau, err)
			}
			return
		}
		if math.IsNaN(g.Rating) || math.IsInf(g.Rating, 0) || !(g.Deviation > 0) || g.Deviation > rd*(1+1e-12) || !(g.Volatility > 0) || math.IsInf(g.Volatility, 0) {
			t.Fatalf("Update(%v, %v/%v %v, τ %v) = %v", p, or, ord, score, tau, g)
		}
	})
}
