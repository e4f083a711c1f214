package store

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// signingKey makes the key from a stored seed, which must have the size
// of an Ed25519 seed.
func signingKey(seed []byte) (ed25519.PrivateKey, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("store: signing key: the stored seed has %d bytes, want %d", len(seed), ed25519.SeedSize)
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// newSeed returns a new random Ed25519 seed.
func newSeed() []byte {
	seed := make([]byte, ed25519.SeedSize)
	rand.Read(seed)
	return seed
}

// SigningKey returns the database's signing key, made on first use. The
// key is stored once (INSERT OR IGNORE): every handle on the database
// reads the same key, whichever made it.
func (s *SQLite) SigningKey(ctx context.Context) (ed25519.PrivateKey, error) {
	read := func() ([]byte, error) {
		var seed []byte
		err := s.db.QueryRowContext(ctx, `SELECT seed FROM signing_key WHERE id = 1`).Scan(&seed)
		return seed, err
	}
	seed, err := read()
	if errors.Is(err, sql.ErrNoRows) {
		err = s.change(ctx, func(ctx context.Context) error {
			_, err := s.writer.ExecContext(ctx, `INSERT OR IGNORE INTO signing_key (id, seed) VALUES (1, ?)`, newSeed())
			return err
		})
		if err == nil {
			seed, err = read()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: signing key: %w", err)
	}
	return signingKey(seed)
}

// SigningKey returns the database's signing key, made on first use. The
// key is stored once (INSERT … ON CONFLICT DO NOTHING): every instance on
// the database reads the same key, whichever made it.
func (s *Postgres) SigningKey(ctx context.Context) (ed25519.PrivateKey, error) {
	read := func() ([]byte, error) {
		var seed []byte
		err := s.pool.QueryRow(ctx, `SELECT seed FROM signing_key WHERE id = 1`).Scan(&seed)
		return seed, err
	}
	seed, err := read()
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = s.pool.Exec(ctx, `INSERT INTO signing_key (id, seed) VALUES (1, $1) ON CONFLICT DO NOTHING`, newSeed())
		if err == nil {
			seed, err = read()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: signing key: %w", err)
	}
	return signingKey(seed)
}
