package lab

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Known values: Wilson's intervals as R's prop.test(correct = FALSE)
// gives them, Newcombe (1998) example 56/70 − 48/80, R's binom.test.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{8, 10, 0.4902, 0.9433},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{56, 70, 0.6918, 0.8770},
		{48, 80, 0.4905, 0.7004},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(c.k, c.n, Z95)
		if !near(lo, c.lo, 5e-5) || !near(hi, c.hi, 5e-5) {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestDiffProportions(t *testing.T) {
	d := DiffProportions(56, 70, 48, 80)
	want := Diff{P1: 0.8, P2: 0.6, D: 0.2, Lo: 0.0524, Hi: 0.3339, Z: 2.6502, P: 0.008045}
	if !near(d.D, want.D, 1e-9) || !near(d.Lo, want.Lo, 5e-5) || !near(d.Hi, want.Hi, 5e-5) || !near(d.Z, want.Z, 5e-5) || !near(d.P, want.P, 5e-7) {
		t.Errorf("DiffProportions(56, 70, 48, 80) = %+v, want %+v", d, want)
	}
	// Swapping the samples mirrors the interval.
	s := DiffProportions(48, 80, 56, 70)
	if !near(s.Lo, -d.Hi, 1e-12) || !near(s.Hi, -d.Lo, 1e-12) || !near(s.P, d.P, 1e-12) {
		t.Errorf("DiffProportions(48, 80, 56, 70) = %+v, want the mirror of %+v", s, d)
	}
	if z := DiffProportions(0, 0, 3, 10); z.P != 1 || z.Lo != -1 || z.Hi != 1 {
		t.Errorf("DiffProportions(0, 0, 3, 10) = %+v, want no information", z)
	}
}

func TestBinomialTest(t *testing.T) {
	for _, c := range []struct {
		k, n int
		p0   float64
		want float64
	}{
		{8, 10, 0.5, 0.109375},
		{2, 10, 0.5, 0.109375},
		{5, 10, 0.5, 1},
		{60, 100, 0.5, 0.05689},
		{3, 30, 1.0 / 3, 0.005755},
		{0, 0, 0.5, 1},
	} {
		if got := BinomialTest(c.k, c.n, c.p0); !near(got, c.want, 5e-6) {
			t.Errorf("BinomialTest(%d, %d, %g) = %.6f, want %.6f", c.k, c.n, c.p0, got, c.want)
		}
	}
}

func TestQuantile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, c := range []struct{ q, want float64 }{
		{0, 1}, {0.25, 3.25}, {0.5, 5.5}, {0.75, 7.75}, {0.95, 9.55}, {1, 10},
	} {
		if got := Quantile(xs, c.q); !near(got, c.want, 1e-12) {
			t.Errorf("Quantile(1…10, %g) = %g, want %g", c.q, got, c.want)
		}
	}
	if got := Quantile([]float64{7}, 0.3); got != 7 {
		t.Errorf("Quantile([7], 0.3) = %g, want 7", got)
	}
	if got := Quantile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile(nil, 0.5) = %g, want NaN", got)
	}
}

func TestDescribe(t *testing.T) {
	d := Describe([]float64{10, 2, 4, 4, 5, 5, 7, 9}, 4)
	if d.N != 8 || d.Mean != 5.75 || d.Min != 2 || d.Max != 10 || d.Median != 5 || !near(d.SD, 2.7124, 5e-5) {
		t.Errorf("Describe = %+v, want n 8, mean 5.75, sd 2.7124, min 2, max 10, median 5", d)
	}
	if d.Quantiles["p25"] != 4 || d.Quantiles["p75"] != 7.5 {
		t.Errorf("Describe quartiles = %v, want p25 4, p75 7.5", d.Quantiles)
	}
	// Width 2 (8/4 rounded up to 1, 2 or 5), bins from 2: [2,4) [4,6) [6,8) [8,10) [10,12).
	want := Histogram{Start: 2, Width: 2, Counts: []int{1, 4, 1, 1, 1}}
	if h := d.Histogram; h.Start != want.Start || h.Width != want.Width || len(h.Counts) != len(want.Counts) {
		t.Errorf("Describe histogram = %+v, want %+v", h, want)
	} else {
		for i := range h.Counts {
			if h.Counts[i] != want.Counts[i] {
				t.Errorf("Describe histogram = %+v, want %+v", h, want)
				break
			}
		}
	}
	if e := Describe(nil, 10); e.N != 0 || e.Mean != 0 {
		t.Errorf("Describe(nil) = %+v, want empty", e)
	}
}

func TestNiceWidth(t *testing.T) {
	for _, c := range []struct{ w, want float64 }{{0.3, 1}, {1, 1}, {1.5, 2}, {3, 5}, {7, 10}, {12, 20}, {45, 50}, {120, 200}} {
		if got := NiceWidth(c.w); got != c.want {
			t.Errorf("NiceWidth(%g) = %g, want %g", c.w, got, c.want)
		}
	}
}

func TestMeanDiff(t *testing.T) {
	a := Dist{N: 100, Mean: 30, SD: 10}
	b := Dist{N: 100, Mean: 27, SD: 10}
	d, lo, hi := MeanDiff(a, b)
	// se = sqrt(1 + 1) = 1.4142; 1.96 se = 2.7718.
	if d != 3 || !near(lo, 0.2282, 5e-5) || !near(hi, 5.7718, 5e-5) {
		t.Errorf("MeanDiff = %g [%g, %g], want 3 [0.2282, 5.7718]", d, lo, hi)
	}
}

func TestOrdinal(t *testing.T) {
	for i, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 21: "21st", 113: "113th"} {
		if got := Ordinal(i); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", i, got, want)
		}
	}
}
