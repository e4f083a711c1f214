package rating

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"
)

// The constants of the system, lichess's (lila's Glicko and scalachess's
// RatingCalculator).
const (
	// DefaultRating, DefaultDeviation and DefaultVolatility are a new
	// player's rating.
	DefaultRating     = 1500.0
	DefaultDeviation  = 500.0
	DefaultVolatility = 0.09

	// Tau constrains the change of the volatility over time.
	Tau = 0.75

	// ProvisionalDeviation: a rating whose deviation is above it is
	// provisional, and shown with "?". (Lichess marks 110 itself
	// provisional too; the issue says "above 110".)
	ProvisionalDeviation = 110.0

	// MinDeviation and MaxDeviation bound the deviation, MaxVolatility
	// the volatility and MinRating the rating, before and after each
	// game (lichess's Glicko.cap).
	MinDeviation  = 45.0
	MaxDeviation  = 500.0
	MaxVolatility = 0.1
	MinRating     = 400.0

	// MaxRatingDelta bounds the change of a rating in one game.
	MaxRatingDelta = 700.0

	// PeriodsPerDay is how many rating periods a day of absence counts
	// for when the deviation grows: 0.21436, chosen by lichess so that
	// a typical deviation of 60 grows to 110 in a year.
	PeriodsPerDay = 0.21436

	// Tolerance ends the volatility's iteration (Glickman's ε).
	Tolerance = 0.000001

	// Scale converts between the Glicko scale and the Glicko-2 scale:
	// μ = (r − 1500) / Scale, φ = RD / Scale.
	Scale = 173.7178

	// maxIterations bounds the volatility's iteration, as lichess's
	// ITERATION_MAX.
	maxIterations = 1000
)

// Glicko is a rating on the Glicko scale: the rating r, the rating
// deviation RD and the volatility σ.
type Glicko struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// Default is a new player's rating: 1500, deviation 500, volatility 0.09.
var Default = Glicko{DefaultRating, DefaultDeviation, DefaultVolatility}

// Provisional reports whether the deviation is above
// ProvisionalDeviation. For a Perf, ask it of Perf.At(now): the deviation
// grows with time away.
func (g Glicko) Provisional() bool { return g.Deviation > ProvisionalDeviation }

// Int is the rating as a whole number, truncated as lichess's intRating.
func (g Glicko) Int() int { return int(math.Trunc(g.Rating)) }

// Display is the rating as players see it: "1500?" while provisional,
// "1712" after.
func (g Glicko) Display() string {
	if g.Provisional() {
		return fmt.Sprintf("%d?", g.Int())
	}
	return fmt.Sprintf("%d", g.Int())
}

// String writes the three numbers: "1500/500/0.090".
func (g Glicko) String() string {
	return fmt.Sprintf("%d/%d/%.3f", g.Int(), int(g.Deviation), g.Volatility)
}

// check returns an error wrapping ErrInvalid unless all three numbers
// are finite and the deviation and volatility positive.
func (g Glicko) check() error {
	if !finite(g.Rating) || !finite(g.Deviation) || !finite(g.Volatility) || g.Deviation <= 0 || g.Volatility <= 0 {
		return fmt.Errorf("%w: rating %v/%v/%v (a finite rating, a positive deviation and volatility)", ErrInvalid, g.Rating, g.Deviation, g.Volatility)
	}
	return nil
}

// capped bounds g as lichess's Glicko.cap: the rating at least
// MinRating, the deviation within [MinDeviation, MaxDeviation], the
// volatility at most MaxVolatility.
func (g Glicko) capped() Glicko {
	return Glicko{
		Rating:     max(g.Rating, MinRating),
		Deviation:  min(max(g.Deviation, MinDeviation), MaxDeviation),
		Volatility: min(g.Volatility, MaxVolatility),
	}
}

// Result is one game of a rating period, as Glicko-2 sees it from one
// player's side: the opponent's rating at the start of the period and
// the player's score, 1 for a win, ½ for a draw, 0 for a loss.
type Result struct {
	Opponent Glicko
	Score    float64
}

// Update is the Glicko-2 system, steps 1 to 8 of Glickman's "Example of
// the Glicko-2 system" (http://www.glicko.net/glicko/glicko2.pdf): the
// player's rating after a rating period with these results, τ = tau,
// and step 6 adding periods rating periods to the deviation (Glickman:
// 1; lichess rates each game as a period of its own and adds 0, the
// time away having been added before, by Perf.At). With no results
// only step 6 applies. Nothing is bounded here (Rate bounds as
// lichess). The results are summed in an order of their own, so that
// the order they come in does not change a bit of the answer. Bad
// input is an error wrapping ErrInvalid; an iteration that does not
// converge in 1,000 steps one wrapping ErrConvergence.
func Update(player Glicko, results []Result, tau, periods float64) (Glicko, error) {
	st, err := step(player, results, tau, periods)
	if err != nil {
		return Glicko{}, err
	}
	return st.after, nil
}

// steps is Update's working: the quantities Glickman's example names.
type steps struct {
	v, delta  float64 // steps 3 and 4
	sigma     float64 // step 5: σ'
	phiStar   float64 // step 6
	phi, mu   float64 // step 7: φ', μ'
	iteration int     // step 5's iterations
	after     Glicko  // step 8
}

// step computes Update, keeping its intermediate quantities.
func step(player Glicko, results []Result, tau, periods float64) (steps, error) {
	if err := player.check(); err != nil {
		return steps{}, err
	}
	if !finite(tau) || tau <= 0 || !finite(periods) || periods < 0 {
		return steps{}, fmt.Errorf("%w: τ %v and %v periods (a positive τ, periods from 0)", ErrInvalid, tau, periods)
	}
	for _, r := range results {
		if err := r.Opponent.check(); err != nil {
			return steps{}, err
		}
		if !(r.Score >= 0 && r.Score <= 1) {
			return steps{}, fmt.Errorf("%w: score %v (from 0 to 1)", ErrInvalid, r.Score)
		}
	}
	// Step 2: to the Glicko-2 scale.
	mu := (player.Rating - DefaultRating) / Scale
	phi := player.Deviation / Scale
	sigma := player.Volatility
	if len(results) == 0 {
		// A player who did not play: only step 6.
		phiStar := math.Sqrt(phi*phi + periods*sigma*sigma)
		return steps{sigma: sigma, phiStar: phiStar, phi: phiStar, mu: mu,
			after: Glicko{player.Rating, phiStar * Scale, sigma}}, nil
	}
	sorted := slices.Clone(results)
	slices.SortFunc(sorted, func(a, b Result) int {
		return cmp.Or(cmp.Compare(a.Score, b.Score), cmp.Compare(a.Opponent.Rating, b.Opponent.Rating),
			cmp.Compare(a.Opponent.Deviation, b.Opponent.Deviation), cmp.Compare(a.Opponent.Volatility, b.Opponent.Volatility))
	})
	// Step 3: the estimated variance v; step 4: the improvement Δ (v
	// times outcome).
	var inverseV, outcome float64
	for _, r := range sorted {
		muJ := (r.Opponent.Rating - DefaultRating) / Scale
		g := gOf(r.Opponent.Deviation / Scale)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		inverseV += g * g * e * (1 - e)
		outcome += g * (r.Score - e)
	}
	v := 1 / inverseV
	delta := v * outcome
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma2, n, err := volatility(delta, phi, v, sigma, tau)
	if err != nil {
		return steps{}, fmt.Errorf("%w (rating %v/%v/%v, %d results)", err, player.Rating, player.Deviation, player.Volatility, len(results))
	}
	// Step 6: the pre-period deviation.
	phiStar := math.Sqrt(phi*phi + periods*sigma2*sigma2)
	// Step 7: the new deviation and rating.
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*outcome
	// Step 8: back to the Glicko scale.
	after := Glicko{Scale*mu2 + DefaultRating, Scale * phi2, sigma2}
	if err := after.check(); err != nil {
		return steps{}, err
	}
	return steps{v: v, delta: delta, sigma: sigma2, phiStar: phiStar, phi: phi2, mu: mu2, iteration: n, after: after}, nil
}

// gOf is Glickman's g(φ).
func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// volatility is step 5: σ' found as the root of f by the Illinois
// algorithm (a regula falsi), to Tolerance, with the number of
// iterations it took.
func volatility(delta, phi, v, sigma, tau float64) (float64, int, error) {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	// 5.2: the initial bracket.
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
			if k > maxIterations {
				return 0, 0, ErrConvergence
			}
		}
		B = a - k*tau
	}
	// 5.3, 5.4: narrow the bracket until it is within Tolerance.
	fA, fB := f(A), f(B)
	n := 0
	for math.Abs(B-A) > Tolerance {
		if n++; n > maxIterations {
			return 0, n, ErrConvergence
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	// 5.5
	return math.Exp(A / 2), n, nil
}

// Periods is the number of rating periods in a time away: its days
// times PeriodsPerDay, fractions included; none for a negative time.
func Periods(away time.Duration) float64 {
	if away <= 0 {
		return 0
	}
	return float64(away) / float64(24*time.Hour) * PeriodsPerDay
}

// Grow is Glickman's step 6 for a player who did not play: the
// deviation after periods rating periods, √(φ² + periods·σ²) on the
// Glicko-2 scale, that is √(RD² + periods·(σ·Scale)²). Unbounded:
// Perf.At caps it at MaxDeviation.
func Grow(deviation, volatility, periods float64) float64 {
	phi := deviation / Scale
	return Scale * math.Sqrt(phi*phi+periods*volatility*volatility)
}

// finite reports whether x is neither infinite nor NaN.
func finite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
