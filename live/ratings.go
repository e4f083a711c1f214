package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/rating"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Ratings (docs/ratings.md §6): a game is rated or casual from its
// creation, and a rated game keeps its key (store.Game.Rated). The
// instance that stores a rated game's end rates it at once, under the
// table's lock, before the end is broadcast: it reads the players' rows
// with their versions, rates the game with rating.Rate, and writes
// everything in one conditional transaction (store.Ratings.RateGame),
// reading again and starting over when a row moved on. A game left
// unrated (the instance died in between, or the store failed) is rated
// by the sweep of any instance (RateUnrated); the store's condition on
// the game having no ratings yet makes a second attempt a no-op.

// ratingTries bounds the attempts at rating one game at once; the sweep
// takes up a game whose attempts all lost.
const ratingTries = 50

// ratedKey checks a create request for a rated game and returns its key:
// the store keeps ratings, the creator is signed in, every human seat is
// an account's (each a different one) and every other seat open (to be
// joined by a signed-in player), no AI, a clock, and options at a rule
// set's.
func (s *Hall) ratedKey(g game.Game, req wire.CreateRequest, seats []store.Seat, clock *store.Clock) (string, error) {
	if _, ok := s.store.(store.Ratings); !ok {
		return "", Errorf(wire.CodeCannotRate, "this server keeps no ratings")
	}
	if req.Account == "" {
		return "", Errorf(wire.CodeRatedNeedsAccount, "sign in to create a rated game")
	}
	accounts := map[string]bool{}
	for _, seat := range seats {
		switch seat.Kind {
		case store.SeatAI:
			return "", Errorf(wire.CodeCannotRate, "seat %s is the computer's: a rated game is between accounts", seat.Player)
		case store.SeatHuman:
			// A hot seat's seats carry no account (signedIn); the
			// lobby's games seat each of its accounts at once.
			if seat.Account == "" || accounts[seat.Account] {
				return "", Errorf(wire.CodeCannotRate, "seat %s is not an account's of its own: a rated game is between accounts, one person a seat", seat.Player)
			}
			accounts[seat.Account] = true
		}
	}
	key, err := keyOf(g, req.Options, clock)
	if err != nil {
		return "", err
	}
	return key.String(), nil
}

// keyOf is the key of the ratings of a game of g with options on clock,
// or cannot_rate when such a game is not rated.
func keyOf(g game.Game, options map[string]string, clock *store.Clock) (rating.Key, error) {
	var initial, increment time.Duration
	days := 0
	switch {
	case clock == nil:
	case clock.PerMove:
		days = int(clock.Initial / (24 * time.Hour))
	default:
		initial, increment = clock.Initial, clock.Increment
	}
	key, err := rating.KeyOf(g.Name(), game.Options(options), initial, increment, days)
	if err != nil {
		return rating.Key{}, Errorf(wire.CodeCannotRate, "%v", err)
	}
	return key, nil
}

// mayJoinRated checks that the player joining a seat of a rated game is
// signed in and holds no other seat of it. Callers hold mu.
func (t *table) mayJoinRated(account string) error {
	if t.rec.Rated == "" {
		return nil
	}
	if account == "" {
		return Errorf(wire.CodeRatedNeedsAccount, "sign in to join a rated game")
	}
	if slices.ContainsFunc(t.rec.Seats, func(st store.Seat) bool { return st.Account == account }) {
		return Errorf(wire.CodeRatedNeedsAccount, "the account holds another seat of this rated game")
	}
	return nil
}

// ratingPlaces gives the places of a finished game's players (rating.Places
// on its result and the players who left it, in the order they left), or
// an error wrapping rating.ErrCasual when it ended without a result to
// rate (aborted, expired, unfinished). Callers hold mu.
func (t *table) ratingPlaces() ([]int, error) {
	r := t.shown().Result()
	players := t.st.Players()
	var left []game.Player
	for _, e := range t.events {
		if (e.Kind == store.EventResign || e.Kind == store.EventTimeout) && t.left[e.Player] {
			if p := slices.Index(players, e.Player); p >= 0 && !slices.Contains(left, game.Player(p)) {
				left = append(left, game.Player(p))
			}
		}
	}
	return rating.Places(len(players), r, left)
}

// gameEnd is the game's end as its record has it: the time of its last
// event (its creation, with none), to the millisecond the store keeps.
// Callers hold mu.
func (t *table) gameEnd() time.Time {
	end := t.rec.Created
	if n := len(t.events); n > 0 {
		end = t.events[n-1].Time
	}
	return time.UnixMilli(end.UnixMilli()).UTC()
}

// rate rates the game, once over and stored as finished, if it is rated
// and not rated yet: see the top of this file. Callers hold mu.
func (t *table) rate(ctx context.Context) error {
	rs, ok := t.deps.store.(store.Ratings)
	if !ok || t.rec.Rated == "" || t.rec.Ratings != nil || !t.rec.Finished {
		return nil
	}
	if _, err := rating.ParseKey(t.rec.Rated); err != nil {
		return err
	}
	var players []string // accounts
	for _, seat := range t.rec.Seats {
		players = append(players, seat.Account)
	}
	places, perr := t.ratingPlaces()
	if perr == nil && slices.Contains(players, "") {
		perr = fmt.Errorf("%w: a seat without an account", rating.ErrCasual)
	}
	end := t.gameEnd()
	for range ratingTries {
		w := store.RatedGame{Game: t.rec.ID, Key: t.rec.Rated, End: end}
		var record []store.GameRating
		if perr == nil {
			rows, err := rs.Perfs(ctx, t.rec.Rated, players)
			if err != nil {
				return err
			}
			before := make([]rating.Perf, len(rows))
			for i, r := range rows {
				before[i] = perfOf(r)
			}
			after, err := rating.Rate(before, places, end)
			if err != nil {
				return err
			}
			w.Before = rows
			for i, a := range after {
				w.After = append(w.After, store.Perf{Player: players[i], Key: t.rec.Rated, Rating: a.Rating, Deviation: a.Deviation, Volatility: a.Volatility, Games: a.Games, Latest: a.Latest})
				at := before[i].At(end)
				record = append(record, store.GameRating{
					Player: t.rec.Seats[i].Player, Account: players[i],
					Before: store.Glicko{Rating: at.Rating, Deviation: at.Deviation, Volatility: at.Volatility},
					After:  store.Glicko{Rating: a.Rating, Deviation: a.Deviation, Volatility: a.Volatility},
					Change: rating.Change(before[i], a),
				})
			}
			w.Record = record
		} else if !errors.Is(perr, rating.ErrCasual) {
			return perr
		}
		version, err := rs.RateGame(ctx, w)
		switch {
		case errors.Is(err, store.ErrConflict):
			continue // a row moved on: read again
		case errors.Is(err, store.ErrRated):
			// Another instance rated it: read its record.
			rec, _, err := t.deps.store.Load(ctx, t.rec.ID)
			if err != nil {
				return err
			}
			t.rec.Ratings = rec.Ratings
			t.invalidate()
			return nil
		case err != nil:
			return err
		}
		if version == t.rec.Version+1 {
			t.rec.Version = version
		}
		t.rec.Ratings = nonNilRatings(record)
		t.invalidate()
		t.deps.log.Info("game rated", "game", t.rec.ID, "key", t.rec.Rated, "players", len(record))
		return nil
	}
	return fmt.Errorf("live: rating game %s: the rows kept moving on", t.rec.ID)
}

func nonNilRatings(r []store.GameRating) []store.GameRating {
	if r == nil {
		return []store.GameRating{}
	}
	return r
}

// perfOf is a stored row as package rating reads it.
func perfOf(p store.Perf) rating.Perf {
	if p.Version == 0 {
		return rating.NewPerf
	}
	return rating.Perf{Glicko: rating.Glicko{Rating: p.Rating, Deviation: p.Deviation, Volatility: p.Volatility}, Games: p.Games, Latest: p.Latest}
}

// rateAtEnd rates the game whose end this instance has just stored; a
// failure is logged, and the sweep takes the game up again. Callers hold
// mu.
func (t *table) rateAtEnd(ctx context.Context) {
	if t.rec.Rated == "" || t.deps.noRating {
		return
	}
	// The end is stored: a client gone meanwhile does not stop its rating.
	if err := t.rate(context.WithoutCancel(ctx)); err != nil && t.deps.ctx.Err() == nil {
		t.deps.log.Warn("rating a game, left to the sweep", "game", t.rec.ID, "err", err)
	}
}

// RateUnrated rates the finished rated games of the store not rated yet
// (left by an instance that died after storing their end), and returns
// how many it rated; a game that fails is passed over (and tried again at
// the next call), and the last failure returned.
func (s *Hall) RateUnrated(ctx context.Context) (int, error) {
	rs, ok := s.store.(store.Ratings)
	if !ok {
		return 0, nil
	}
	ids, err := rs.Unrated(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	var last error
	for _, id := range ids {
		// Rated from the store's copy, whatever this instance holds of
		// the game (it may not have caught up with its end yet).
		rec, evs, err := s.store.Load(ctx, id)
		if err != nil {
			return n, err
		}
		if !rec.Finished || rec.Ratings != nil {
			continue
		}
		t, err := s.newTable(rec, evs)
		if err == nil {
			t.phase = phaseOver
			err = t.rate(ctx)
		}
		if err != nil {
			last = fmt.Errorf("live: rating game %s: %w", id, err)
			s.log.Warn("rating a game left unrated", "game", id, "err", err)
			continue
		}
		n++
		if held := s.held(id); held != nil {
			// The table held hears of it as of any write of another
			// instance (catchUpOver); alone on its store, it is told here.
			held.mu.Lock()
			if held.phase == phaseOver && held.rec.Ratings == nil {
				held.rec.Ratings = t.rec.Ratings
				if held.rec.Version+1 == t.rec.Version {
					held.rec.Version = t.rec.Version // nothing else was written
				}
				held.invalidate()
				held.broadcast(int(held.seq()))
			}
			held.mu.Unlock()
		}
	}
	return n, last
}

// ratingsView is the view's rating changes: each player's rating before
// and after, as players see them.
func (t *table) ratingsView() []wire.RatingChange {
	var out []wire.RatingChange
	for _, r := range t.rec.Ratings {
		after := rating.Glicko{Rating: r.After.Rating, Deviation: r.After.Deviation, Volatility: r.After.Volatility}
		before := rating.Glicko{Rating: r.Before.Rating, Deviation: r.Before.Deviation, Volatility: r.Before.Volatility}
		name := ""
		if i := slices.IndexFunc(t.rec.Seats, func(st store.Seat) bool { return st.Player == r.Player }); i >= 0 {
			name = t.rec.Seats[i].Name
		}
		out = append(out, wire.RatingChange{Player: r.Player, Name: name, Before: before.Int(), After: after.Int(), Change: r.Change, Provisional: after.Provisional()})
	}
	return out
}

// Rating is an account's rating under a key as stored (rating.NewPerf
// for an account that has not played under it), for the lobby's pools
// and seeks, which read it at their time with Perf.At; a store that
// keeps no ratings answers NewPerf too.
func (s *Hall) Rating(ctx context.Context, account string, key rating.Key) (rating.Perf, error) {
	rs, ok := s.store.(store.Ratings)
	if !ok || account == "" {
		return rating.NewPerf, nil
	}
	rows, err := rs.Perfs(ctx, key.String(), []string{account})
	if err != nil {
		return rating.NewPerf, err
	}
	return perfOf(rows[0]), nil
}
