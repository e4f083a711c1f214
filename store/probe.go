package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Prober is a store that can check it is able to store games: the server's
// readiness check (GET /readyz) and norns serve at start-up use it.
type Prober interface {
	// Probe makes a real, tiny write and returns once it is durable, or
	// the reason it failed; ErrReadOnly (errors.Is) when the database
	// refuses writes because it is read-only.
	Probe(ctx context.Context) error
}

// ErrReadOnly: the database can be read but not written (a file the
// process may not write, a read-only file system, a PostgreSQL session or
// server in read-only mode).
var ErrReadOnly = errors.New("store: the database is read-only")

var (
	_ Prober = (*SQLite)(nil)
	_ Prober = (*Postgres)(nil)
)

// IsReadOnly reports whether err says the database is read-only: it wraps
// ErrReadOnly, or is SQLite's SQLITE_READONLY (any extended code) or
// PostgreSQL's read_only_sql_transaction (SQLSTATE 25006). Open's errors
// may be such (a migration refused, a write-ahead log that cannot be
// created).
func IsReadOnly(err error) bool {
	if errors.Is(err, ErrReadOnly) {
		return true
	}
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_READONLY {
		return true
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgReadOnly
}

// SQLSTATEs the probe tells apart.
const (
	pgReadOnly       = "25006" // read_only_sql_transaction
	pgUndefinedTable = "42P01"
	pgDuplicateTable = "42P07"
	pgUniqueViolated = "23505" // two sessions creating the same table
)

// probeErr is the error of a failed probe: wrapping ErrReadOnly when the
// database is read-only.
func probeErr(err error) error {
	if IsReadOnly(err) && !errors.Is(err, ErrReadOnly) {
		return fmt.Errorf("%w: %w", ErrReadOnly, err)
	}
	return fmt.Errorf("store: probe: %w", err)
}

// SQLite's probe table: one row, the time of the last probe.
const (
	sqliteProbeTable = `CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)`
	sqliteProbeWrite = `INSERT INTO probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`
)

// Probe writes the time into the one row of the table probe (created if
// missing), through the writer like every change: it returns once the
// write is committed and synced to disk, or with the reason it failed
// (wrapping ErrReadOnly for a file the process cannot write), or with
// ctx's error when ctx ends first: a writer that cannot take the database's
// write lock (another process holds it) waits for it as long as SQLite's
// busy timeout, 10 s, and a disk that does not sync holds it longer. Unlike
// a change of a game, the probe's outcome need not be known: a probe given
// up that the writer has not begun is skipped, and one it has begun only
// writes the time.
func (s *SQLite) Probe(ctx context.Context) error {
	w, err := s.submit(ctx, func(ctx context.Context) error {
		if _, err := s.writer.ExecContext(ctx, sqliteProbeTable); err != nil {
			return err
		}
		_, err := s.writer.ExecContext(ctx, sqliteProbeWrite, time.Now().UnixMilli())
		return err
	})
	if err == nil {
		select {
		case err = <-w.err:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	if err != nil {
		return probeErr(err)
	}
	return nil
}

// PostgreSQL's probe table, in the store's schema: one row, the time of
// the last probe.
const (
	pgProbeTable = `CREATE TABLE IF NOT EXISTS probe (id integer PRIMARY KEY CHECK (id = 1), at timestamptz NOT NULL)`
	pgProbeWrite = `INSERT INTO probe (id, at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET at = excluded.at`
)

// Probe checks, in one transaction, that the session is not read-only
// (transaction_read_only: a read-only default, a standby) and writes the
// time into the one row of the table probe, committing with
// synchronous_commit on so that the commit waits for the disk. The table
// is created on first use.
func (s *Postgres) Probe(ctx context.Context) error {
	err := s.probeWrite(ctx)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == pgUndefinedTable {
		if _, err = s.pool.Exec(ctx, pgProbeTable); err != nil && errors.As(err, &pe) && (pe.Code == pgDuplicateTable || pe.Code == pgUniqueViolated) {
			err = nil // another instance created it at the same moment
		}
		if err == nil {
			err = s.probeWrite(ctx)
		}
	}
	if err != nil {
		return probeErr(err)
	}
	return nil
}

func (s *Postgres) probeWrite(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var ro string
		if err := tx.QueryRow(ctx, `SHOW transaction_read_only`).Scan(&ro); err != nil {
			return err
		}
		if ro == "on" {
			return fmt.Errorf("%w (transaction_read_only is on)", ErrReadOnly)
		}
		if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = on`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, pgProbeWrite)
		return err
	})
}
