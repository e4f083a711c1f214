package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Throttles keeps token buckets that every instance of a shared store
// draws from (the sign-in throttles of package account), so that two
// instances allow no more tries than one. A store alone on its database
// need not have it: its process counts alone.
type Throttles interface {
	// TakeToken takes a token from key's bucket, which refills at rate
	// tokens a second up to burst (full when new), if it has one at now;
	// if not, wait is the time until it has.
	TakeToken(ctx context.Context, key string, rate, burst float64, now time.Time) (ok bool, wait time.Duration, err error)
}

var _ Throttles = (*Postgres)(nil)

// TakeToken implements Throttles: one statement refills the bucket and
// takes the token if there is one, so that instances taking at once never
// both take the last token.
func (s *Postgres) TakeToken(ctx context.Context, key string, rate, burst float64, now time.Time) (bool, time.Duration, error) {
	var tokens float64
	err := s.pool.QueryRow(ctx, `INSERT INTO throttles AS t (key, tokens, updated) VALUES ($1, $3 - 1, $4)
		ON CONFLICT (key) DO UPDATE SET
			tokens = LEAST($3, t.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($4 - t.updated))) * $2) - 1,
			updated = GREATEST(t.updated, $4)
		WHERE LEAST($3, t.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($4 - t.updated))) * $2) >= 1
		RETURNING tokens`, key, rate, burst, now).Scan(&tokens)
	if err == nil {
		return true, 0, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, 0, fmt.Errorf("store: throttle: %w", err)
	}
	var left float64
	if err := s.pool.QueryRow(ctx, `SELECT LEAST($2, tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - updated))) * $1) FROM throttles WHERE key = $4`, rate, burst, now, key).Scan(&left); err != nil {
		return false, 0, fmt.Errorf("store: throttle: %w", err)
	}
	return false, time.Duration((1 - left) / rate * float64(time.Second)), nil
}
