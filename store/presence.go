package store

import (
	"context"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"
)

// Presence keeps how many spectators each instance of a shared store has
// of each game, so that every instance can tell its subscribers the total.
// It is optional, and only a shared store needs it: an instance alone on
// its store counts its own subscribers.
//
// An instance names itself with an id of its own (random, new at every
// start). Its rows carry the time they were last written, by the store's
// clock: an instance refreshes them (KeepPresence) well within PresenceTTL,
// and a row older than that, left by an instance that died, is no longer
// counted; KeepPresence deletes it after twice that.
type Presence interface {
	// SetPresence stores the number of spectators instance has of each
	// game in counts (0 removes the game's row) and refreshes those rows;
	// it then notifies the listeners of each game with a Change whose
	// Presence is instance.
	SetPresence(ctx context.Context, instance string, counts map[string]int) error
	// KeepPresence makes instance's rows exactly counts (a game missing
	// or at 0 loses its row), all refreshed, without notifying anybody,
	// and deletes the rows of any instance that expired long ago.
	KeepPresence(ctx context.Context, instance string, counts map[string]int) error
	// Spectators returns the number of spectators of each game named,
	// summed over the instances other than except whose rows are fresh
	// (written within PresenceTTL): an instance adds its own spectators as
	// it counts them, whatever it could store. A game nobody else watches
	// is absent from the map.
	Spectators(ctx context.Context, games []string, except string) (map[string]int, error)
	// ClearPresence removes every row of instance (which stops serving)
	// and notifies the listeners of each of its games.
	ClearPresence(ctx context.Context, instance string) error
}

// PresenceTTL is the age from which a presence row is no longer counted.
const PresenceTTL = 15 * time.Second

var _ Presence = (*Postgres)(nil)

// split parts counts into the games with spectators, with their counts,
// and the games without; each in the order of the games' ids.
func split(counts map[string]int) (games []string, ns []int32, none []string) {
	ids := make([]string, 0, len(counts))
	for g := range counts {
		ids = append(ids, g)
	}
	sort.Strings(ids)
	for _, g := range ids {
		if n := counts[g]; n > 0 {
			games, ns = append(games, g), append(ns, int32(n))
		} else {
			none = append(none, g)
		}
	}
	return games, ns, none
}

// pgPresenceUpsert writes the rows of an instance ($1) for the games $2
// with the counts $3, refreshed now.
const pgPresenceUpsert = `INSERT INTO presence (game_id, instance, count, updated)
	SELECT g, $1, n, now() FROM unnest($2::text[], $3::int[]) AS p(g, n)
	ON CONFLICT (game_id, instance) DO UPDATE SET count = excluded.count, updated = excluded.updated`

// SetPresence stores an instance's counts in one statement (the games
// without spectators deleted, the others upserted: two disjoint sets of
// rows), then queues a notification for each game.
func (s *Postgres) SetPresence(ctx context.Context, instance string, counts map[string]int) error {
	if len(counts) == 0 {
		return nil
	}
	games, ns, none := split(counts)
	_, err := s.pool.Exec(ctx, `WITH gone AS (DELETE FROM presence WHERE instance = $1 AND game_id = ANY($4::text[]))
		`+pgPresenceUpsert, instance, nonNilStrings(games), nonNilInts(ns), nonNilStrings(none))
	if err != nil {
		return err
	}
	for g := range counts {
		s.note(Change{Game: g, Presence: instance})
	}
	return nil
}

// KeepPresence replaces an instance's rows by counts and deletes the
// expired rows of every instance, in one transaction.
func (s *Postgres) KeepPresence(ctx context.Context, instance string, counts map[string]int) error {
	games, ns, _ := split(counts)
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM presence WHERE (instance = $1 AND game_id <> ALL($2::text[])) OR updated < now() - make_interval(secs => $3)`,
			instance, nonNilStrings(games), 2*PresenceTTL.Seconds())
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, pgPresenceUpsert, instance, nonNilStrings(games), nonNilInts(ns))
		return err
	})
}

// Spectators sums the fresh rows of the games named, but except's.
func (s *Postgres) Spectators(ctx context.Context, games []string, except string) (map[string]int, error) {
	out := map[string]int{}
	if len(games) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, sum(count) FROM presence
		WHERE game_id = ANY($1::text[]) AND instance <> $3 AND updated >= now() - make_interval(secs => $2)
		GROUP BY game_id`, games, PresenceTTL.Seconds(), except)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		var n int64
		if err := rows.Scan(&g, &n); err != nil {
			return nil, err
		}
		out[g] = int(n)
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
