package rating_test

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/rating"
)

// t0 is a moment the tests start from.
var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// near fails unless got is within tol of want.
func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s = %.10f, want %.10f ± %v", name, got, want, tol)
	}
}

// TestUpdateNoGames checks that a period without games is step 6 alone:
// the rating and volatility stay, the deviation grows by one period.
func TestUpdateNoGames(t *testing.T) {
	got, err := rating.Update(rating.Glicko{1600, 200, 0.06}, nil, 0.5, 1)
	if err != nil {
		t.Fatal(err)
	}
	// √(200² + 1 × (0.06 × 173.7178)²) = √(40000 + 108.64034) = 200.27142
	near(t, "RD", got.Deviation, 200.27141670, 1e-6)
	if got.Rating != 1600 || got.Volatility != 0.06 {
		t.Errorf("Update with no games = %v, want rating 1600, volatility 0.06", got)
	}
}

// TestUpdateErrors checks that bad input is refused with ErrInvalid.
func TestUpdateErrors(t *testing.T) {
	ok := rating.Glicko{1500, 200, 0.06}
	for _, tc := range []struct {
		name    string
		player  rating.Glicko
		results []rating.Result
		tau     float64
	}{
		{"zero deviation", rating.Glicko{1500, 0, 0.06}, nil, 0.75},
		{"NaN rating", rating.Glicko{math.NaN(), 200, 0.06}, nil, 0.75},
		{"negative volatility", rating.Glicko{1500, 200, -0.06}, nil, 0.75},
		{"score 2", ok, []rating.Result{{ok, 2}}, 0.75},
		{"NaN score", ok, []rating.Result{{ok, math.NaN()}}, 0.75},
		{"opponent's infinite deviation", ok, []rating.Result{{rating.Glicko{1500, math.Inf(1), 0.06}, 1}}, 0.75},
		{"τ 0", ok, []rating.Result{{ok, 1}}, 0},
	} {
		if _, err := rating.Update(tc.player, tc.results, tc.tau, 0); !errors.Is(err, rating.ErrInvalid) {
			t.Errorf("%s: Update = %v, want ErrInvalid", tc.name, err)
		}
	}
}

// TestGrow checks the deviation's growth with time away: periods =
// days × 0.21436, RD' = √(RD² + periods × (σ × 173.7178)²), bounded
// to [45, 500]. The values are worked out by hand in each case.
func TestGrow(t *testing.T) {
	for _, tc := range []struct {
		dev, vol float64
		away     time.Duration
		want     float64
		why      string
	}{
		{60, 0.06, 365 * 24 * time.Hour, 110.00078549,
			"365 × 0.21436 = 78.2414 periods; (0.06 × 173.7178)² = 108.64034; 3600 + 78.2414 × 108.64034 = 12100.1728; √ = 110.00079 (lichess: 60 to 110 in a year)"},
		{45, 0.09, 12 * time.Hour, 45.29016629,
			"half a day: 0.10718 periods; (0.09 × 173.7178)² = 244.44076; 2025 + 26.19906 = 2051.19906; √ = 45.29017"},
		{300, 0.09, 1000 * 24 * time.Hour, 377.35702662,
			"214.36 periods; 90000 + 214.36 × 244.44076 = 142398.32; √ = 377.35703"},
		{200, 0.06, 24 * time.Hour, 200.05821189,
			"one day, 0.21436 periods: 40000 + 23.28822 = 40023.28822; √ = 200.05821"},
		{400, 0.1, 3650 * 24 * time.Hour, 500,
			"782.414 periods; 160000 + 782.414 × 301.77874 = 396116.1; √ = 629.38, capped at 500"},
		{500, 0.09, 30 * 24 * time.Hour, 500, "a new player stays at 500"},
		{40, 0.06, 0, 45, "below the floor: 45"},
		{80, 0.06, -time.Hour, 80, "a time before Latest adds nothing"},
	} {
		p := rating.Perf{Glicko: rating.Glicko{1700, tc.dev, tc.vol}, Games: 10, Latest: t0}
		got := p.At(t0.Add(tc.away))
		near(t, tc.why, got.Deviation, tc.want, 1e-6)
		if got.Rating != 1700 || got.Volatility != tc.vol {
			t.Errorf("%s: At changed the rating or volatility: %v", tc.why, got)
		}
	}
	// A Perf never played has no Latest: its deviation does not grow.
	if got := rating.NewPerf.At(t0); got != rating.Default {
		t.Errorf("NewPerf.At = %v, want %v", got, rating.Default)
	}
	near(t, "Periods(7 days)", rating.Periods(7*24*time.Hour), 1.50052, 1e-12)
}

// TestProvisional checks the provisional mark: a deviation above 110.
func TestProvisional(t *testing.T) {
	for _, tc := range []struct {
		g    rating.Glicko
		prov bool
		show string
	}{
		{rating.Default, true, "1500?"},
		{rating.Glicko{1741.9, 396.7, 0.09}, true, "1741?"},
		{rating.Glicko{1850.2, 110.0001, 0.06}, true, "1850?"},
		{rating.Glicko{1850.2, 110, 0.06}, false, "1850"},
		{rating.Glicko{2012.99, 60, 0.06}, false, "2012"},
	} {
		if got := tc.g.Provisional(); got != tc.prov {
			t.Errorf("%v.Provisional() = %v, want %v", tc.g, got, tc.prov)
		}
		if got := tc.g.Display(); got != tc.show {
			t.Errorf("%v.Display() = %q, want %q", tc.g, got, tc.show)
		}
	}
	// A rating settled at 60 a year ago is provisional again (110.0008).
	p := rating.Perf{Glicko: rating.Glicko{1900, 60, 0.06}, Games: 40, Latest: t0}
	if !p.At(t0.AddDate(1, 0, 0)).Provisional() || p.At(t0.AddDate(0, 11, 0)).Provisional() {
		t.Errorf("a deviation of 60: provisional after 12 months %v, after 11 %v; want true, false",
			p.At(t0.AddDate(1, 0, 0)).Provisional(), p.At(t0.AddDate(0, 11, 0)).Provisional())
	}
}

// TestRateTwoNewPlayers rates a first game between two new players
// (1500, 500, 0.09). Lichess's own test of its calculator
// (scalachess GlickoCalculatorTest, "default deviation: white wins")
// expects 1741 and 1258 (± 1), deviation 396 (± 1) and volatility
// 0.0899983; the exact values were computed apart from this package
// with the paper's formulas (τ 0.75, no period added).
func TestRateTwoNewPlayers(t *testing.T) {
	end := t0.Add(time.Hour)
	after, err := rating.Rate([]rating.Perf{rating.NewPerf, rating.NewPerf}, []int{1, 2}, end)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "winner's rating", after[0].Rating, 1741.4758661119163, 1e-9)
	near(t, "loser's rating", after[1].Rating, 1258.5241338880837, 1e-9)
	for i, p := range after {
		near(t, "deviation", p.Deviation, 396.6898168302284, 1e-9)
		near(t, "volatility", p.Volatility, 0.08999830049062012, 1e-12)
		if p.Games != 1 || !p.Latest.Equal(end) {
			t.Errorf("player %d: %d games, latest %v; want 1, %v", i, p.Games, p.Latest, end)
		}
	}
	if c := rating.Change(rating.NewPerf, after[0]); c != 241 {
		t.Errorf("winner's change = %d, want 241", c)
	}
	if c := rating.Change(rating.NewPerf, after[1]); c != -242 {
		t.Errorf("loser's change = %d, want -242", c)
	}
	draw, err := rating.Rate([]rating.Perf{rating.NewPerf, rating.NewPerf}, []int{1, 1}, end)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "draw", draw[0].Rating, 1500, 1e-9)
	near(t, "draw's volatility", draw[1].Volatility, 0.08999541663374973, 1e-12)
}

// TestRateBounds checks lichess's bounds: a change of at most 700 in a
// game, and no rating below 400.
func TestRateBounds(t *testing.T) {
	strong := rating.Perf{Glicko: rating.Glicko{2900, 45, 0.06}, Games: 500, Latest: t0}
	// Unbounded, the new player would reach 2920.22.
	after, err := rating.Rate([]rating.Perf{rating.NewPerf, strong}, []int{1, 2}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if after[0].Rating != 2200 {
		t.Errorf("a new player beating a 2900: %v, want 2200 (1500 + 700)", after[0].Rating)
	}
	// Unbounded, a 410 (RD 150) losing to another would fall to 359.24.
	low := rating.Perf{Glicko: rating.Glicko{410, 150, 0.06}, Games: 5, Latest: t0}
	after, err = rating.Rate([]rating.Perf{low, low}, []int{2, 1}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if after[0].Rating != 400 || after[1].Rating <= 410 {
		t.Errorf("a 410 losing to a 410: %v and %v, want 400 and above 410", after[0].Glicko, after[1].Glicko)
	}
}

// TestRateTimeAway checks that the deviation grown by the time away
// enters the game: after a year a 60 is rated as a 110.0008.
func TestRateTimeAway(t *testing.T) {
	away := rating.Perf{Glicko: rating.Glicko{1900, 60, 0.06}, Games: 40, Latest: t0}
	opp := rating.Perf{Glicko: rating.Glicko{1900, 60, 0.06}, Games: 40, Latest: t0.AddDate(1, 0, 0)}
	end := t0.AddDate(1, 0, 0)
	got, err := rating.Rate([]rating.Perf{away, opp}, []int{1, 2}, end)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rating.Update(away.At(end), []rating.Result{{opp.Glicko, 1}}, rating.Tau, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Glicko != want {
		t.Errorf("Rate = %v, want %v", got[0].Glicko, want)
	}
	if got[0].Rating-1900 <= 1900-got[1].Rating {
		t.Errorf("the player back from a year away gained %v, the other lost %v: want the gain larger",
			got[0].Rating-1900, 1900-got[1].Rating)
	}
}

// TestRateThreePlayers rates three-player games, each player against
// the two others in one rating period, at the ratings before the game.
// A 1600/80/0.06, B 1500/120/0.07, C 1400/200/0.09; the values were
// computed apart from this package with the paper's formulas.
func TestRateThreePlayers(t *testing.T) {
	before := []rating.Perf{
		{Glicko: rating.Glicko{1600, 80, 0.06}, Games: 30, Latest: t0},
		{Glicko: rating.Glicko{1500, 120, 0.07}, Games: 12, Latest: t0},
		{Glicko: rating.Glicko{1400, 200, 0.09}, Games: 3, Latest: t0},
	}
	for _, tc := range []struct {
		name   string
		places []int
		want   [3]rating.Glicko
	}{
		{"A, B, C", []int{1, 2, 3}, [3]rating.Glicko{
			{1619.7819794206878, 77.22308633511767, 0.05999897801951409},
			{1497.8088222395124, 110.28297877781797, 0.06998435748891284},
			{1310.4498380573473, 163.25133781234777, 0.08998968628176558}}},
		{"A first, B and C not separated", []int{1, 2, 2}, [3]rating.Glicko{
			{1619.7819794206878, 77.22308633511767, 0.05999897801951409},
			{1473.5028232795198, 114.21943038335216, 0.06999542462567108},
			{1355.2768008532175, 180.2273644297939, 0.08998934093597175}}},
		{"A and B share a finish", []int{1, 1, 3}, [3]rating.Glicko{
			{1603.7418013682386, 77.22308633511767, 0.059990556089714826},
			{1531.7383100729664, 110.28297877781797, 0.06999136785978578},
			{1310.4498380573473, 163.25133781234777, 0.08998968628176558}}},
	} {
		after, err := rating.Rate(before, tc.places, t0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for i, w := range tc.want {
			near(t, tc.name+": rating", after[i].Rating, w.Rating, 1e-9)
			near(t, tc.name+": deviation", after[i].Deviation, w.Deviation, 1e-9)
			near(t, tc.name+": volatility", after[i].Volatility, w.Volatility, 1e-12)
			if after[i].Games != before[i].Games+1 {
				t.Errorf("%s: player %d has %d games, want %d", tc.name, i, after[i].Games, before[i].Games+1)
			}
		}
	}
}

// TestRateErrors checks that bad input is refused and rates nothing.
func TestRateErrors(t *testing.T) {
	two := []rating.Perf{rating.NewPerf, rating.NewPerf}
	for _, tc := range []struct {
		name   string
		before []rating.Perf
		places []int
	}{
		{"one player", two[:1], []int{1}},
		{"places of three for two", two, []int{1, 2, 3}},
		{"nobody first", two, []int{2, 2}},
		{"place 0", two, []int{1, 0}},
		{"a bad rating", []rating.Perf{rating.NewPerf, {Glicko: rating.Glicko{1500, -1, 0.06}}}, []int{1, 2}},
		{"negative games", []rating.Perf{rating.NewPerf, {Glicko: rating.Default, Games: -1}}, []int{1, 2}},
	} {
		if got, err := rating.Rate(tc.before, tc.places, t0); !errors.Is(err, rating.ErrInvalid) || got != nil {
			t.Errorf("%s: Rate = %v, %v; want nil, ErrInvalid", tc.name, got, err)
		}
	}
}

// TestPairs checks the pairs of a game's players by their places.
func TestPairs(t *testing.T) {
	for _, tc := range []struct {
		places []int
		want   []rating.Pair
	}{
		{[]int{1, 2}, []rating.Pair{{0, 1, 1}}},
		{[]int{2, 1}, []rating.Pair{{0, 1, 0}}},
		{[]int{1, 1}, []rating.Pair{{0, 1, 0.5}}},
		{[]int{1, 2, 3}, []rating.Pair{{0, 1, 1}, {0, 2, 1}, {1, 2, 1}}},
		{[]int{3, 1, 2}, []rating.Pair{{0, 1, 0}, {0, 2, 0}, {1, 2, 1}}},
		{[]int{2, 1, 2}, []rating.Pair{{0, 1, 0}, {1, 2, 1}}},
		{[]int{1, 1, 3}, []rating.Pair{{0, 1, 0.5}, {0, 2, 1}, {1, 2, 1}}},
		{[]int{1, 1, 1}, []rating.Pair{{0, 1, 0.5}, {0, 2, 0.5}, {1, 2, 0.5}}},
	} {
		got, err := rating.Pairs(tc.places)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Pairs(%v) = %v, %v; want %v", tc.places, got, err, tc.want)
		}
	}
	for _, bad := range [][]int{nil, {1}, {2, 3}, {1, 4}, {1, -1, 2}} {
		if _, err := rating.Pairs(bad); !errors.Is(err, rating.ErrInvalid) {
			t.Errorf("Pairs(%v) = %v, want ErrInvalid", bad, err)
		}
	}
}

// TestPlaces checks the places read from a result and the players who
// left, for two and three players.
func TestPlaces(t *testing.T) {
	win := func(w ...game.Player) game.Result { return game.Result{Kind: game.Win, Winners: w, Points: 1} }
	draw := func(w ...game.Player) game.Result { return game.Result{Kind: game.Draw, Winners: w, Points: 0.5} }
	for _, tc := range []struct {
		name string
		n    int
		r    game.Result
		left []game.Player
		want []int
	}{
		{"two: white wins", 2, win(0), nil, []int{1, 2}},
		{"two: black wins, white resigned", 2, win(1), []game.Player{0}, []int{2, 1}},
		{"two: a draw naming nobody (chess)", 2, game.Result{Kind: game.Draw}, nil, []int{1, 1}},
		{"two: a shared finish (8.1)", 2, draw(0, 1), nil, []int{1, 1}},
		{"three: a finish, oin (8.1)", 3, win(2), nil, []int{2, 2, 1}},
		{"three: a LOKI (8.2)", 3, win(0), nil, []int{1, 2, 2}},
		{"three: two technical defeats (8.3), 2 then 0", 3, win(1), []game.Player{2, 0}, []int{2, 1, 3}},
		{"three: one resigned, then a finish", 3, win(0), []game.Player{1}, []int{1, 3, 2}},
		{"three: two share a finish", 3, draw(0, 2), nil, []int{1, 3, 1}},
		{"three: one left, the two others share a finish", 3, draw(1, 2), []game.Player{0}, []int{3, 1, 1}},
		{"three: all three share a finish", 3, draw(0, 1, 2), nil, []int{1, 1, 1}},
	} {
		got, err := rating.Places(tc.n, tc.r, tc.left)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: Places = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	if _, err := rating.Places(2, game.Result{Kind: game.Unfinished, Reason: "max turns"}, nil); !errors.Is(err, rating.ErrCasual) {
		t.Errorf("Places of an unfinished game = %v, want ErrCasual", err)
	}
	for _, tc := range []struct {
		name string
		n    int
		r    game.Result
		left []game.Player
	}{
		{"a winner out of range", 2, win(2), nil},
		{"a winner who left", 3, win(0), []game.Player{0}},
		{"a player leaving twice", 3, win(0), []game.Player{1, 1}},
		{"a win without winner", 2, win(), nil},
		{"one player", 1, win(0), nil},
	} {
		if _, err := rating.Places(tc.n, tc.r, tc.left); !errors.Is(err, rating.ErrInvalid) {
			t.Errorf("%s: Places = %v, want ErrInvalid", tc.name, err)
		}
	}
}

// TestApplyErrors checks that Apply refuses a bad game and changes
// nothing.
func TestApplyErrors(t *testing.T) {
	key := rating.Key{rating.Chess, rating.Blitz}
	current := rating.Ratings{{"ann", key}: {Glicko: rating.Glicko{1600, 80, 0.06}, Games: 9, Latest: t0}}
	good := rating.Game{Key: key, Players: []string{"ann", "bob"}, Places: []int{1, 2}, End: t0}
	for _, tc := range []struct {
		name string
		g    rating.Game
	}{
		{"an unknown key", rating.Game{Key: rating.Key{"go", rating.Blitz}, Players: []string{"ann", "bob"}, Places: []int{1, 2}}},
		{"a player twice", rating.Game{Key: key, Players: []string{"ann", "ann"}, Places: []int{1, 2}}},
		{"a nameless player", rating.Game{Key: key, Players: []string{"ann", ""}, Places: []int{1, 2}}},
		{"places that do not fit", rating.Game{Key: key, Players: []string{"ann", "bob"}, Places: []int{1}}},
		{"nobody first", rating.Game{Key: key, Players: []string{"ann", "bob"}, Places: []int{2, 2}}},
	} {
		got, err := rating.Apply(current, good, tc.g)
		if !errors.Is(err, rating.ErrInvalid) || got != nil {
			t.Errorf("%s: Apply = %v, %v; want nil, ErrInvalid", tc.name, got, err)
		}
		if len(current) != 1 || current[rating.Slot{"ann", key}].Games != 9 {
			t.Errorf("%s: Apply changed its input: %v", tc.name, current)
		}
	}
}
