package rating

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/norns-games/norns/game"
)

// Perf is a player's rating under one key, as it is kept: the Glicko-2
// rating as of Latest, the number of rated games played and when the
// last of them ended (zero: none yet). The deviation grows with the
// time since Latest; At gives the rating at a later time.
type Perf struct {
	Glicko
	Games  int
	Latest time.Time
}

// NewPerf is the Perf of a player who has not played under a key.
var NewPerf = Perf{Glicko: Default}

// At is the rating at time t: the deviation grown by the rating periods
// from Latest to t (Periods, Grow), within [MinDeviation, MaxDeviation],
// as lichess's live deviation. Read Provisional and Display from it.
func (p Perf) At(t time.Time) Glicko {
	g := p.Glicko
	if !p.Latest.IsZero() {
		g.Deviation = Grow(g.Deviation, g.Volatility, Periods(t.Sub(p.Latest)))
	}
	g.Deviation = min(max(g.Deviation, MinDeviation), MaxDeviation)
	return g
}

// Change is a rating's change as players see it: the whole-number
// rating after less the one before (lichess's rating diff).
func Change(before, after Perf) int { return after.Int() - before.Int() }

// Pair is one pair of a game's players and how it went between them:
// Score is A's score against B (1, ½ or 0), both indices into the
// game's players.
type Pair struct {
	A, B  int
	Score float64
}

// Pairs scores each pair of a game's players by their places
// (places[i] is player i's place, 1 for first): the better placed wins;
// two who share first place drew (a draw names those it is between,
// and they share first place); two who share a lower place are not
// separated by the result, and make no pair. So with three players
// placed 1, 2, 3 first beats second and third and second beats third;
// placed 1, 2, 2 (one finished, the others did not) first beats both;
// placed 1, 1, 3 (a shared finish) the two first drew and both beat the
// third. The pairs come in the order (0,1), (0,2), …, (1,2), …, each
// with A < B. Places must number at least two players, be from 1 to
// their number, and include 1; otherwise the error wraps ErrInvalid.
func Pairs(places []int) ([]Pair, error) {
	if err := checkPlaces(places); err != nil {
		return nil, err
	}
	var out []Pair
	for a := range places {
		for b := a + 1; b < len(places); b++ {
			switch pa, pb := places[a], places[b]; {
			case pa < pb:
				out = append(out, Pair{a, b, 1})
			case pa > pb:
				out = append(out, Pair{a, b, 0})
			case pa == 1:
				out = append(out, Pair{a, b, 0.5})
			}
		}
	}
	return out, nil
}

// checkPlaces is Pairs' check of its places.
func checkPlaces(places []int) error {
	if len(places) < 2 || !slices.Contains(places, 1) {
		return fmt.Errorf("%w: places %v (two players or more, one of them first)", ErrInvalid, places)
	}
	for _, p := range places {
		if p < 1 || p > len(places) {
			return fmt.Errorf("%w: places %v (each from 1 to %d)", ErrInvalid, places, len(places))
		}
	}
	return nil
}

// Places gives the players' places (for Pairs) from a finished game's
// result and the players who left it before its end (Nords Loki for
// three: a technical defeat, rule 8.3, or a resignation or a fallen
// flag, after which the others play on), in the order they left. The
// winners, or those a draw names (everyone, when it names nobody), are
// first; of those who left, the last to leave is placed above those
// who left before; the others (who stayed to the end and neither won
// nor drew) come between, on one place. So a three-player game won by
// a finish is placed 1, 2, 2; won by the last one left after two
// technical defeats, 1, 2, 3, the first to leave last. A result that is
// not a win or a draw (unfinished) is an error wrapping ErrCasual; one
// that does not fit n players, one wrapping ErrInvalid.
func Places(n int, r game.Result, left []game.Player) ([]int, error) {
	if r.Kind != game.Win && r.Kind != game.Draw {
		return nil, fmt.Errorf("%w: the game did not finish (%v)", ErrCasual, r.Kind)
	}
	if n < 2 {
		return nil, fmt.Errorf("%w: %d players", ErrInvalid, n)
	}
	places := make([]int, n)
	top := r.Winners
	if r.Kind == game.Draw && len(top) == 0 {
		for p := range n {
			top = append(top, game.Player(p))
		}
	}
	if r.Kind == game.Win && len(top) == 0 {
		return nil, fmt.Errorf("%w: a win with no winner", ErrInvalid)
	}
	set := func(p game.Player, place int) error {
		if p < 0 || int(p) >= n || places[p] != 0 {
			return fmt.Errorf("%w: result %v with players %v leaving does not fit %d players", ErrInvalid, r, left, n)
		}
		places[p] = place
		return nil
	}
	for _, p := range top {
		if err := set(p, 1); err != nil {
			return nil, err
		}
	}
	for i, p := range left {
		if err := set(p, n-i); err != nil {
			return nil, err
		}
	}
	for p := range places {
		if places[p] == 0 {
			places[p] = len(top) + 1
		}
	}
	return places, nil
}

// Rate rates one game, lichess's way: each player's rating at the end
// of the game (Perf.At(end), bounded as lichess's Glicko.cap), then
// Update for each, with the game as a rating period of its own (τ =
// Tau, no period added at step 6), against every other player it makes
// a pair with (Pairs) at the ratings they had before the game, all in
// one period as Glicko-2 rates a tournament round; the change bounded
// by MaxRatingDelta and the result bounded again. before[i] is player
// i's Perf before the game and places[i] their place; the answer is
// their Perfs after it, each with one game more and Latest the later of
// end and its Latest. end must be the game's own end, from its record,
// so that whoever rates it gets the same answer. A player in no pair
// keeps their Perf. Bad input is an error wrapping ErrInvalid, and
// rates nothing.
func Rate(before []Perf, places []int, end time.Time) ([]Perf, error) {
	if len(before) != len(places) {
		return nil, fmt.Errorf("%w: %d players and %d places", ErrInvalid, len(before), len(places))
	}
	pairs, err := Pairs(places)
	if err != nil {
		return nil, err
	}
	now := make([]Glicko, len(before))
	for i, p := range before {
		if err := p.check(); err != nil {
			return nil, err
		}
		if p.Games < 0 {
			return nil, fmt.Errorf("%w: %d games", ErrInvalid, p.Games)
		}
		now[i] = p.At(end).capped()
	}
	results := make([][]Result, len(before))
	for _, pr := range pairs {
		results[pr.A] = append(results[pr.A], Result{now[pr.B], pr.Score})
		results[pr.B] = append(results[pr.B], Result{now[pr.A], 1 - pr.Score})
	}
	after := slices.Clone(before)
	for i, p := range before {
		if len(results[i]) == 0 {
			continue
		}
		g, err := Update(now[i], results[i], Tau, 0)
		if err != nil {
			return nil, err
		}
		g.Rating = min(max(g.Rating, p.Rating-MaxRatingDelta), p.Rating+MaxRatingDelta)
		after[i] = Perf{Glicko: g.capped(), Games: p.Games + 1, Latest: later(p.Latest, end)}
	}
	return after, nil
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Slot names a Perf: a player (an account's id) and a key.
type Slot struct {
	Player string
	Key    Key
}

// Ratings is the Perfs of everyone under every key; a slot that is not
// there is NewPerf.
type Ratings map[Slot]Perf

// Get is the Perf in a slot, NewPerf if none.
func (r Ratings) Get(s Slot) Perf {
	if p, ok := r[s]; ok {
		return p
	}
	return NewPerf
}

// Game is a finished rated game as the ratings need it.
type Game struct {
	// Key is the rule set and speed class it was played at (KeyOf).
	Key Key
	// Players are its players' accounts, one per seat, each once.
	Players []string
	// Places are their places (Places, Pairs).
	Places []int
	// End is when it ended, from its record.
	End time.Time
}

// Apply applies games one after the other to current, each with Rate,
// and returns the new ratings; current is not changed. The answer is a
// function of current and the games alone: any instance applying the
// same games in the same order gets the same ratings to the bit, and
// applying them one call at a time gives what one call gives. Within a
// game, the order of the seats does not matter either. A game that
// cannot be applied is an error naming it and wrapping ErrInvalid, and
// nothing is applied.
func Apply(current Ratings, games ...Game) (Ratings, error) {
	next := maps.Clone(current)
	if next == nil {
		next = Ratings{}
	}
	for i, g := range games {
		if err := g.check(); err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		before := make([]Perf, len(g.Players))
		for j, p := range g.Players {
			before[j] = next.Get(Slot{p, g.Key})
		}
		after, err := Rate(before, g.Places, g.End)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		for j, p := range g.Players {
			next[Slot{p, g.Key}] = after[j]
		}
	}
	return next, nil
}

// check returns an error wrapping ErrInvalid unless g has a known key
// and distinct, named players, one place each.
func (g Game) check() error {
	if !g.Key.Valid() {
		return fmt.Errorf("%w: key %v", ErrInvalid, g.Key)
	}
	if len(g.Players) != len(g.Places) {
		return fmt.Errorf("%w: %d players and %d places", ErrInvalid, len(g.Players), len(g.Places))
	}
	for i, p := range g.Players {
		if p == "" || slices.Index(g.Players, p) != i {
			return fmt.Errorf("%w: players %q (each named, each once)", ErrInvalid, g.Players)
		}
	}
	return nil
}
