package store

import (
	"context"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Presence keeps, for each instance of a shared store and each game, how
// many spectators it has and which players (seats) have a client connected
// to it with their seat proved, so that every instance can tell its
// subscribers the spectators of all and who of the players is online.
// It is optional, and only a shared store needs it: an instance alone on
// its store counts its own subscribers.
//
// An instance names itself with an id of its own (random, new at every
// start). Its rows carry the time they were last written, by the store's
// clock: an instance refreshes them (KeepPresence) well within PresenceTTL,
// and a row older than that, left by an instance that died, is no longer
// counted; KeepPresence deletes it after twice that.
type Presence interface {
	// SetPresence stores what instance has of each game in watches (an
	// empty Watch removes the game's row) and refreshes those rows; it
	// then notifies the listeners of each game with a Change whose
	// Presence is instance.
	SetPresence(ctx context.Context, instance string, watches map[string]Watch) error
	// KeepPresence makes instance's rows exactly watches (a game missing
	// or empty loses its row), all refreshed, without notifying anybody,
	// and deletes the rows of any instance that expired long ago.
	KeepPresence(ctx context.Context, instance string, watches map[string]Watch) error
	// Watchers returns what the instances other than except whose rows
	// are fresh (written within PresenceTTL) have of each game named: the
	// sum of their spectators, the union of their players. An instance
	// adds its own as it counts them, whatever it could store. A game
	// nobody else watches is absent from the map.
	Watchers(ctx context.Context, games []string, except string) (map[string]Watch, error)
	// ClearPresence removes every row of instance (which stops serving)
	// and notifies the listeners of each of its games.
	ClearPresence(ctx context.Context, instance string) error
}

// Watch is what one instance (or all of them) has of a game's feeds: how
// many spectators, and the players (seats) whose client proved its seat,
// in order, each once.
type Watch struct {
	Spectators int
	Players    []string
}

// Empty reports whether w has neither spectators nor players.
func (w Watch) Empty() bool { return w.Spectators == 0 && len(w.Players) == 0 }

// Equal reports whether w and o say the same.
func (w Watch) Equal(o Watch) bool {
	return w.Spectators == o.Spectators && slices.Equal(w.Players, o.Players)
}

// Add returns the sum of w and o: the spectators added, the players of
// either, in order.
func (w Watch) Add(o Watch) Watch {
	ps := slices.Concat(w.Players, o.Players)
	slices.Sort(ps)
	return Watch{Spectators: w.Spectators + o.Spectators, Players: slices.Compact(ps)}
}

// PresenceTTL is the age from which a presence row is no longer counted.
const PresenceTTL = 15 * time.Second

var _ Presence = (*Postgres)(nil)

// split parts watches into the games watched, with their counts and their
// players (joined by commas), and the games not; each in the order of the
// games' ids.
func split(watches map[string]Watch) (games []string, ns []int32, players []string, none []string) {
	ids := make([]string, 0, len(watches))
	for g := range watches {
		ids = append(ids, g)
	}
	sort.Strings(ids)
	for _, g := range ids {
		if w := watches[g]; !w.Empty() {
			games, ns, players = append(games, g), append(ns, int32(w.Spectators)), append(players, strings.Join(w.Players, ","))
		} else {
			none = append(none, g)
		}
	}
	return games, ns, players, none
}

// pgPresenceUpsert writes the rows of an instance ($1) for the games $2
// with the counts $3 and the players $4 (joined by commas), refreshed now.
const pgPresenceUpsert = `INSERT INTO presence (game_id, instance, count, players, updated)
	SELECT g, $1, n, string_to_array(pl, ','), now() FROM unnest($2::text[], $3::int[], $4::text[]) AS p(g, n, pl)
	ON CONFLICT (game_id, instance) DO UPDATE SET count = excluded.count, players = excluded.players, updated = excluded.updated`

// SetPresence stores an instance's watches in one statement (the games
// not watched deleted, the others upserted: two disjoint sets of rows),
// then queues a notification for each game.
func (s *Postgres) SetPresence(ctx context.Context, instance string, watches map[string]Watch) error {
	if len(watches) == 0 {
		return nil
	}
	games, ns, players, none := split(watches)
	_, err := s.pool.Exec(ctx, `WITH gone AS (DELETE FROM presence WHERE instance = $1 AND game_id = ANY($5::text[]))
		`+pgPresenceUpsert, instance, nonNilStrings(games), nonNilInts(ns), nonNilStrings(players), nonNilStrings(none))
	if err != nil {
		return err
	}
	for g := range watches {
		s.note(Change{Game: g, Presence: instance})
	}
	return nil
}

// KeepPresence replaces an instance's rows by watches and deletes the
// expired rows of every instance, in one transaction.
func (s *Postgres) KeepPresence(ctx context.Context, instance string, watches map[string]Watch) error {
	games, ns, players, _ := split(watches)
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM presence WHERE (instance = $1 AND game_id <> ALL($2::text[])) OR updated < now() - make_interval(secs => $3)`,
			instance, nonNilStrings(games), 2*PresenceTTL.Seconds())
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, pgPresenceUpsert, instance, nonNilStrings(games), nonNilInts(ns), nonNilStrings(players))
		return err
	})
}

// Watchers sums the fresh rows of the games named, but except's.
func (s *Postgres) Watchers(ctx context.Context, games []string, except string) (map[string]Watch, error) {
	out := map[string]Watch{}
	if len(games) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, count, players FROM presence
		WHERE game_id = ANY($1::text[]) AND instance <> $3 AND updated >= now() - make_interval(secs => $2)`,
		games, PresenceTTL.Seconds(), except)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		var n int32
		var players []string
		if err := rows.Scan(&g, &n, &players); err != nil {
			return nil, err
		}
		out[g] = out[g].Add(Watch{Spectators: int(n), Players: players})
	}
	return out, rows.Err()
}

// ClearPresence deletes an instance's rows and notifies their games.
func (s *Postgres) ClearPresence(ctx context.Context, instance string) error {
	rows, err := s.pool.Query(ctx, `DELETE FROM presence WHERE instance = $1 RETURNING game_id`, instance)
	if err != nil {
		return err
	}
	games, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, g := range games {
		s.note(Change{Game: g, Presence: instance})
	}
	return nil
}

// nonNilStrings and nonNilInts make empty arrays of nil slices (pgx sends
// nil as NULL, which ANY and unnest read as no array at all).
func nonNilStrings(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

func nonNilInts(v []int32) []int32 {
	if v == nil {
		return []int32{}
	}
	return v
}
