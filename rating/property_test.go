package rating_test

import (
	"maps"
	"reflect"
	"testing"
	"time"

	"github.com/norns-games/norns/rating"
	"pgregory.net/rapid"
)

// pool is the accounts the property tests' games are played by.
var pool = []string{"ann", "bob", "cid", "dag", "eir"}

// keys are the keys the property tests' games are played at: Nords
// Loki for three has three players, the others two.
var keys = []rating.Key{
	{RuleSet: rating.Chess, Speed: rating.Blitz},
	{RuleSet: rating.NordsLoki2, Speed: rating.Rapid},
	{RuleSet: rating.NordsLoki3, Speed: rating.Correspondence},
}

// drawPlaces draws the places of n players: any places from 1 to n,
// one of them first.
func drawPlaces(t *rapid.T, n int) []int {
	places := make([]int, n)
	for i := range places {
		places[i] = rapid.IntRange(1, n).Draw(t, "place")
	}
	places[rapid.IntRange(0, n-1).Draw(t, "first")] = 1
	return places
}

// drawGames draws a series of games among the pool, ending mostly in
// order, hours to weeks apart, sometimes a little before the one
// before (two games ending together, stored in either order).
func drawGames(t *rapid.T) []rating.Game {
	n := rapid.IntRange(1, 30).Draw(t, "games")
	out := make([]rating.Game, n)
	end := t0
	for i := range out {
		key := rapid.SampledFrom(keys).Draw(t, "key")
		seats := 2
		if key.RuleSet == rating.NordsLoki3 {
			seats = 3
		}
		players := rapid.Permutation(pool).Draw(t, "players")[:seats]
		end = end.Add(time.Duration(rapid.IntRange(-60, 60*24*21).Draw(t, "minutes")) * time.Minute)
		out[i] = rating.Game{Key: key, Players: players, Places: drawPlaces(t, seats), End: end}
	}
	return out
}

// drawGame draws a game of 2 or 3 players: their ratings before it and
// their places.
func drawGame(t *rapid.T) ([]rating.Perf, []int) {
	n := rapid.IntRange(2, 3).Draw(t, "players")
	before := make([]rating.Perf, n)
	for i := range before {
		before[i] = drawPerf(t)
	}
	return before, drawPlaces(t, n)
}

// drawPerf draws a Perf anywhere in lichess's bounds.
func drawPerf(t *rapid.T) rating.Perf {
	p := rating.Perf{Glicko: rating.Glicko{
		Rating:     rapid.Float64Range(400, 3000).Draw(t, "rating"),
		Deviation:  rapid.Float64Range(45, 500).Draw(t, "deviation"),
		Volatility: rapid.Float64Range(0.03, 0.1).Draw(t, "volatility"),
	}, Games: rapid.IntRange(0, 200).Draw(t, "played")}
	if p.Games > 0 {
		p.Latest = t0.Add(-time.Duration(rapid.IntRange(0, 24*800).Draw(t, "hours away")) * time.Hour)
	}
	return p
}

// TestApplyOneByOne checks that applying a series of games in one call
// gives, to the bit, what applying them one call at a time gives, and
// leaves the ratings it was given alone.
func TestApplyOneByOne(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		games := drawGames(t)
		start := rating.Ratings{{"ann", keys[0]}: {Glicko: rating.Glicko{1720, 70, 0.06}, Games: 33, Latest: t0.AddDate(0, -2, 0)}}
		kept := maps.Clone(start)
		all, err := rating.Apply(start, games...)
		if err != nil {
			t.Fatal(err)
		}
		one := start
		for _, g := range games {
			if one, err = rating.Apply(one, g); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(all, one) {
			t.Fatalf("Apply of all the games = %v\none by one = %v", all, one)
		}
		if !reflect.DeepEqual(start, kept) {
			t.Fatalf("Apply changed its input: %v, was %v", start, kept)
		}
		played := 0
		for _, g := range games {
			played += len(g.Players)
		}
		total := 0
		for _, p := range all {
			total += p.Games
		}
		if total != played+33 {
			t.Fatalf("%d games counted, want %d", total, played+33)
		}
	})
}

// sharedStore is the store as docs/ratings.md designs it, in memory: a
// Perf and a version for each slot, and one conditional write of all
// the slots of a game, refused unless none changed since they were
// read.
type sharedStore struct {
	perfs    rating.Ratings
	versions map[rating.Slot]int
	order    []int // the games in the order their writes succeeded
}

// read is what an instance read for a game: the slots' Perfs and
// versions.
type read struct {
	game     int
	perfs    []rating.Perf
	versions []int
}

// TestInstances checks that games rated by several instances on one
// store, each reading the ratings, rating its game and writing the
// result with one conditional write (retrying when the write is
// refused), give the ratings that applying the games one by one in the
// order of the writes gives: none lost, none doubled, to the bit,
// whichever instance rated which game and however their steps
// interleaved.
func TestInstances(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		games := drawGames(t)
		instances := rapid.IntRange(2, 4).Draw(t, "instances")
		// Each game ends on one instance, which rates it; each instance
		// rates its games in the order they ended there.
		queue := make([][]int, instances)
		for i := range games {
			in := rapid.IntRange(0, instances-1).Draw(t, "instance")
			queue[in] = append(queue[in], i)
		}
		st := &sharedStore{perfs: rating.Ratings{}, versions: map[rating.Slot]int{}}
		pending := make([]*read, instances)
		refused := 0
		for {
			var busy []int
			for in := range instances {
				if len(queue[in]) > 0 {
					busy = append(busy, in)
				}
			}
			if len(busy) == 0 {
				break
			}
			in := rapid.SampledFrom(busy).Draw(t, "step")
			g := games[queue[in][0]]
			if pending[in] == nil {
				// Read the slots of the game, with their versions.
				r := &read{game: queue[in][0]}
				for _, p := range g.Players {
					s := rating.Slot{Player: p, Key: g.Key}
					r.perfs = append(r.perfs, st.perfs.Get(s))
					r.versions = append(r.versions, st.versions[s])
				}
				pending[in] = r
				continue
			}
			// Rate from what was read, and write if nothing changed.
			r := pending[in]
			pending[in] = nil
			after, err := rating.Rate(r.perfs, g.Places, g.End)
			if err != nil {
				t.Fatal(err)
			}
			stale := false
			for j, p := range g.Players {
				if st.versions[rating.Slot{Player: p, Key: g.Key}] != r.versions[j] {
					stale = true
				}
			}
			if stale {
				refused++ // read again and rate again
				continue
			}
			for j, p := range g.Players {
				s := rating.Slot{Player: p, Key: g.Key}
				st.perfs[s] = after[j]
				st.versions[s]++
			}
			st.order = append(st.order, r.game)
			queue[in] = queue[in][1:]
		}
		if len(st.order) != len(games) {
			t.Fatalf("%d writes for %d games", len(st.order), len(games))
		}
		inOrder := make([]rating.Game, len(games))
		seen := map[int]bool{}
		for i, g := range st.order {
			if seen[g] {
				t.Fatalf("game %d written twice", g)
			}
			seen[g] = true
			inOrder[i] = games[g]
		}
		want, err := rating.Apply(nil, inOrder...)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(st.perfs, want) {
			t.Fatalf("the instances stored %v\napplying the games in the order of the writes gives %v (%d writes refused)", st.perfs, want, refused)
		}
	})
}

// TestSeatOrder checks that the order of a game's seats does not change
// a bit of its ratings: rating the players in another order gives each
// the same new rating.
func TestSeatOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		before, places := drawGame(t)
		n := len(before)
		order := rapid.Permutation([]int{0, 1, 2}[:n]).Draw(t, "order")
		after, err := rating.Rate(before, places, t0)
		if err != nil {
			t.Fatal(err)
		}
		pb, pp := make([]rating.Perf, n), make([]int, n)
		for i, j := range order {
			pb[i], pp[i] = before[j], places[j]
		}
		permuted, err := rating.Rate(pb, pp, t0)
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range order {
			if permuted[i] != after[j] {
				t.Fatalf("player %d: %v in seat %d, %v in seat %d", j, after[j], j, permuted[i], i)
			}
		}
	})
}

// TestRateBounded checks that whatever the ratings and places, a rated
// player's new rating keeps lichess's bounds and moves the right way.
func TestRateBounded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		before, places := drawGame(t)
		after, err := rating.Rate(before, places, t0)
		if err != nil {
			t.Fatal(err)
		}
		pairs, _ := rating.Pairs(places)
		for i, a := range after {
			g := a.Glicko
			if g.Rating < rating.MinRating || g.Deviation < rating.MinDeviation || g.Deviation > rating.MaxDeviation ||
				g.Volatility <= 0 || g.Volatility > rating.MaxVolatility ||
				g.Rating > before[i].Rating+rating.MaxRatingDelta || g.Rating < before[i].Rating-rating.MaxRatingDelta {
				t.Fatalf("player %d: %v after %v, out of bounds", i, g, before[i].Glicko)
			}
			won, lost := true, true
			for _, p := range pairs {
				s := -1.0
				switch i {
				case p.A:
					s = p.Score
				case p.B:
					s = 1 - p.Score
				}
				if s >= 0 && s < 1 {
					won = false
				}
				if s > 0 {
					lost = false
				}
			}
			if won && g.Rating < before[i].Rating || lost && g.Rating > before[i].Rating && before[i].Rating > rating.MinRating {
				t.Fatalf("player %d, places %v: %v became %v", i, places, before[i].Glicko, g)
			}
		}
	})
}
