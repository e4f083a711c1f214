package lab

import (
	"math"
	"slices"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of a proportion of k successes
// in n trials at the normal quantile z (Z95 for 95%). With n = 0 it
// returns [0, 1].
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = centre-half, centre+half
	// Exact ends at k = 0 and k = n, without rounding noise.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}

// Diff is the difference of two proportions p1 - p2 with its 95% interval
// and a test of p1 = p2.
type Diff struct {
	P1, P2 float64
	// D is P1 - P2; Lo and Hi are the ends of its 95% interval
	// (Newcombe's hybrid score interval, from the two Wilson intervals).
	D, Lo, Hi float64
	// Z is the pooled two-proportion z statistic and P its two-sided
	// p-value.
	Z, P float64
}

// DiffProportions compares k1 successes in n1 trials with k2 in n2. With
// no trials on a side the difference is 0 in [-1, 1] with p-value 1.
func DiffProportions(k1, n1, k2, n2 int) Diff {
	if n1 <= 0 || n2 <= 0 {
		return Diff{Lo: -1, Hi: 1, P: 1}
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	l1, u1 := Wilson(k1, n1, Z95)
	l2, u2 := Wilson(k2, n2, Z95)
	d := p1 - p2
	r := Diff{P1: p1, P2: p2, D: d}
	r.Lo = d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2))
	r.Hi = d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
	pool := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		r.Z, r.P = 0, 1
		return r
	}
	r.Z = d / se
	r.P = math.Erfc(math.Abs(r.Z) / math.Sqrt2)
	return r
}

// BinomialTest returns the two-sided p-value of k successes in n trials
// under success probability p0: the probability of every outcome no more
// likely than k (the exact test, as R's binom.test computes it).
func BinomialTest(k, n int, p0 float64) float64 {
	if n <= 0 {
		return 1
	}
	pk := binomPMF(k, n, p0)
	// Relative tolerance for outcomes whose probability equals pk.
	const rel = 1 + 1e-7
	sum := 0.0
	for i := 0; i <= n; i++ {
		if q := binomPMF(i, n, p0); q <= pk*rel {
			sum += q
		}
	}
	return min(sum, 1)
}

// binomPMF is the binomial probability of k successes in n trials.
func binomPMF(k, n int, p float64) float64 {
	switch {
	case p <= 0:
		if k == 0 {
			return 1
		}
		return 0
	case p >= 1:
		if k == n {
			return 1
		}
		return 0
	}
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}

// Quantile returns the q-quantile of sorted values by linear interpolation
// between order statistics (Hyndman and Fan's type 7, the default of R and
// NumPy). It returns NaN for no values.
func Quantile(sorted []float64, q float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	h := float64(n-1) * q
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// Dist describes a sample of numbers: the game lengths of a run.
type Dist struct {
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Median float64 `json:"median"`
	// Quantiles maps "p5", "p25", "p75", "p95" to those quantiles.
	Quantiles map[string]float64 `json:"quantiles"`
	// Histogram counts the values in bins of equal width.
	Histogram Histogram `json:"histogram"`
}

// Histogram counts values in bins [Start + i·Width, Start + (i+1)·Width).
type Histogram struct {
	Start  float64 `json:"start"`
	Width  float64 `json:"width"`
	Counts []int   `json:"counts"`
}

// Describe returns the distribution of xs, with a histogram of about bins
// bins of a round width.
func Describe(xs []float64, bins int) Dist {
	s := slices.Clone(xs)
	slices.Sort(s)
	d := Dist{N: len(s), Quantiles: map[string]float64{}}
	if len(s) == 0 {
		d.Histogram.Width = 1
		return d
	}
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	d.Mean = sum / float64(len(s))
	if len(s) > 1 {
		ss := 0.0
		for _, x := range s {
			ss += (x - d.Mean) * (x - d.Mean)
		}
		d.SD = math.Sqrt(ss / float64(len(s)-1))
	}
	d.Min, d.Max = s[0], s[len(s)-1]
	d.Median = Quantile(s, 0.5)
	for _, q := range []struct {
		name string
		q    float64
	}{{"p5", 0.05}, {"p25", 0.25}, {"p75", 0.75}, {"p95", 0.95}} {
		d.Quantiles[q.name] = Quantile(s, q.q)
	}
	d.Histogram = MakeHistogram(s, bins)
	return d
}

// MakeHistogram counts xs in about bins bins whose width is 1, 2 or 5
// times a power of ten and whose start is a multiple of the width.
func MakeHistogram(xs []float64, bins int) Histogram {
	if len(xs) == 0 || bins <= 0 {
		return Histogram{Width: 1}
	}
	return RangeHistogram(xs, slices.Min(xs), slices.Max(xs), bins)
}

// RangeHistogram is MakeHistogram with bins that cover [lo, hi] (which
// must hold every value), so that samples binned over the same range
// share their bins.
func RangeHistogram(xs []float64, lo, hi float64, bins int) Histogram {
	w := NiceWidth((hi - lo) / float64(max(bins, 1)))
	start := math.Floor(lo/w) * w
	n := int(math.Floor((hi-start)/w)) + 1
	h := Histogram{Start: start, Width: w, Counts: make([]int, n)}
	for _, x := range xs {
		i := min(int(math.Floor((x-start)/w)), n-1)
		h.Counts[i]++
	}
	return h
}

// NiceWidth returns the smallest width of the form 1, 2 or 5 times a power
// of ten (at least 1) that is not below w.
func NiceWidth(w float64) float64 {
	if w <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(w)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= w {
			return m * p
		}
	}
	return 10 * p
}

// MeanDiff is the difference of two means with its 95% interval (normal
// approximation with unequal variances); with fewer than two values on a
// side the interval is the difference alone.
func MeanDiff(a, b Dist) (d, lo, hi float64) {
	if a.N < 2 || b.N < 2 {
		d = a.Mean - b.Mean
		return d, d, d
	}
	d = a.Mean - b.Mean
	se := math.Sqrt(a.SD*a.SD/float64(a.N) + b.SD*b.SD/float64(b.N))
	return d, d - Z95*se, d + Z95*se
}
