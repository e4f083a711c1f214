package rating

import (
	"math"
	"testing"
)

// round rounds x to d decimals.
func round(x float64, d int) float64 {
	p := math.Pow(10, float64(d))
	return math.Round(x*p) / p
}

// TestGlickmanExample is the example of Glickman's "Example of the
// Glicko-2 system": a player rated 1500, RD 200, σ 0.06, τ = 0.5, beats
// a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in
// one rating period.
//
// The paper prints v = 1.7785, Δ = −0.4834, σ' = 0.05999, μ' = −0.2069,
// φ' = 0.8722, r' = 1464.06 and RD' = 151.52. It rounds as it goes (g
// to four decimals, E to three): exact arithmetic gives v = 1.77898 and
// Δ = −0.48393, within 0.001 of its figures, and the same μ' and φ' to
// its four decimals. Its r' is converted from its rounded μ' (1500 +
// 173.7178 × −0.2069 = 1464.06; the exact 1464.0507 rounds to 1464.05),
// and its σ' is cut at five decimals (0.0599960). Each is checked at
// the paper's precision as the paper reaches it, and the exact values
// (computed apart from this package, with the paper's formulas) to
// 1e-9.
func TestGlickmanExample(t *testing.T) {
	player := Glicko{1500, 200, 0.06}
	results := []Result{
		{Glicko{1400, 30, 0.06}, 1},
		{Glicko{1550, 100, 0.06}, 0},
		{Glicko{1700, 300, 0.06}, 0},
	}
	st, err := step(player, results, 0.5, 1)
	if err != nil {
		t.Fatal(err)
	}
	near := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.10f, want %v ± %v", name, got, want, tol)
		}
	}
	near("v", st.v, 1.7785, 0.001)
	near("Δ", st.delta, -0.4834, 0.001)
	if got := round(st.mu, 4); got != -0.2069 {
		t.Errorf("μ' = %.6f, rounds to %v, want -0.2069", st.mu, got)
	}
	if got := round(st.phi, 4); got != 0.8722 {
		t.Errorf("φ' = %.6f, rounds to %v, want 0.8722", st.phi, got)
	}
	if got := math.Trunc(st.sigma*1e5) / 1e5; got != 0.05999 {
		t.Errorf("σ' = %.8f, cut to %v, want 0.05999", st.sigma, got)
	}
	if got := round(DefaultRating+Scale*round(st.mu, 4), 2); got != 1464.06 {
		t.Errorf("r' from μ' at four decimals = %v, want 1464.06", got)
	}
	if got := round(st.after.Deviation, 2); got != 151.52 {
		t.Errorf("RD' = %.6f, rounds to %v, want 151.52", st.after.Deviation, got)
	}
	near("r'", st.after.Rating, 1464.06, 0.01)
	near("exact r'", st.after.Rating, 1464.0506705393013, 1e-9)
	near("exact RD'", st.after.Deviation, 151.51652412385727, 1e-9)
	near("exact σ'", st.after.Volatility, 0.059995984286488495, 1e-12)
	near("exact v", st.v, 1.7789770897239976, 1e-12)
	near("exact Δ", st.delta, -0.4839332609836549, 1e-12)
	near("φ*", st.phiStar, math.Sqrt(200/Scale*200/Scale+st.sigma*st.sigma), 1e-15)
	if st.iteration == 0 || st.iteration > 20 {
		t.Errorf("the iteration took %d steps", st.iteration)
	}
	// Update gives step's answer.
	got, err := Update(player, results, 0.5, 1)
	if err != nil || got != st.after {
		t.Errorf("Update = %v, %v, want %v", got, err, st.after)
	}
}
