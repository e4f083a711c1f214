package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Gone keeps, for the games of a shared store, since when each player
// offline has been gone, as the instances that follow a game's presence
// (those with subscribers) note it: an instance that follows no feed of
// a game reads it there to judge a claim against a player gone. It is
// optional, and only a shared store needs it: an instance alone on its
// store follows every feed itself.
type Gone interface {
	// SetGone makes the players gone of each game named in gone exactly
	// those of its map: a player not named is back (their row deleted), a
	// player named keeps the earliest time any instance stored for them.
	SetGone(ctx context.Context, gone map[string]map[string]time.Time) error
	// GoneSince returns the players gone of game, each with the time from
	// which they are gone.
	GoneSince(ctx context.Context, game string) (map[string]time.Time, error)
}

var _ Gone = (*Postgres)(nil)

// SetGone writes the players gone of each game in one transaction.
func (s *Postgres) SetGone(ctx context.Context, gone map[string]map[string]time.Time) error {
	if len(gone) == 0 {
		return nil
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for game, players := range gone {
			names := make([]string, 0, len(players))
			times := make([]time.Time, 0, len(players))
			for p, since := range players {
				names, times = append(names, p), append(times, since)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM gone WHERE game_id = $1 AND player <> ALL($2::text[])`, game, names); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO gone (game_id, player, since)
				SELECT $1, p, t FROM unnest($2::text[], $3::timestamptz[]) AS g(p, t)
				ON CONFLICT (game_id, player) DO UPDATE SET since = LEAST(gone.since, excluded.since)`, game, names, times); err != nil {
				return err
			}
		}
		return nil
	})
}

// GoneSince reads the players gone of a game.
func (s *Postgres) GoneSince(ctx context.Context, game string) (map[string]time.Time, error) {
	rows, err := s.pool.Query(ctx, `SELECT player, since FROM gone WHERE game_id = $1`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]time.Time{}
	for rows.Next() {
		var p string
		var since time.Time
		if err := rows.Scan(&p, &since); err != nil {
			return nil, err
		}
		out[p] = since
	}
	return out, rows.Err()
}
