package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TestProbeSQLite: the probe writes the one row of the table probe, again
// at each call, and fails once the store is closed.
func TestProbeSQLite(t *testing.T) {
	ctx := context.Background()
	s, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().UnixMilli()
	for i := range 3 {
		if err := s.Probe(ctx); err != nil {
			t.Fatalf("Probe #%d = %v, want nil", i+1, err)
		}
	}
	var n, at int64
	if err := s.db.QueryRowContext(ctx, `SELECT count(*), max(at) FROM probe`).Scan(&n, &at); err != nil {
		t.Fatal(err)
	}
	if n != 1 || at < before {
		t.Errorf("probe table = %d rows, at %d; want 1 row at %d or later", n, at, before)
	}
	s.Close()
	if err := s.Probe(ctx); err == nil || errors.Is(err, ErrReadOnly) {
		t.Errorf("Probe after Close = %v, want a failure that is not ErrReadOnly", err)
	}
}

// probeSchema returns the URL of a new, empty schema on the test
// PostgreSQL server (NORNS_TEST_POSTGRES, else the local one), dropped at
// the end of the test, which is skipped when the server does not answer.
// (storetest.PostgresURL does the same, but this test is inside package
// store, which storetest imports.)
func probeSchema(t *testing.T) string {
	t.Helper()
	base := os.Getenv("NORNS_TEST_POSTGRES")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Skipf("PostgreSQL not reachable at %s: skipping (%v)", base, err)
	}
	defer conn.Close(context.Background())
	b := make([]byte, 6)
	rand.Read(b)
	schema := "norns_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if c, err := pgx.Connect(ctx, base); err == nil {
			c.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`)
			c.Close(ctx)
		}
	})
	return withParam(t, base, "search_path", schema)
}

// withParam returns raw with the query parameter name set to value. A
// space is written %20: pgx does not read "+" as a space.
func withParam(t *testing.T, raw, name, value string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set(name, value)
	u.RawQuery = strings.ReplaceAll(q.Encode(), "+", "%20")
	return u.String()
}

// readOnlyOption makes every transaction of a PostgreSQL session
// read-only, as on a standby or a database set read-only.
const readOnlyOption = "-c default_transaction_read_only=on"

// TestProbePostgres: the probe creates its table on first use and writes
// its one row at each call.
func TestProbePostgres(t *testing.T) {
	ctx := context.Background()
	u := probeSchema(t)
	s, err := OpenPostgres(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var at []time.Time
	for i := range 2 {
		if err := s.Probe(ctx); err != nil {
			t.Fatalf("Probe #%d = %v, want nil", i+1, err)
		}
		var n int
		var last time.Time
		if err := s.pool.QueryRow(ctx, `SELECT count(*), max(at) FROM probe`).Scan(&n, &last); err != nil || n != 1 {
			t.Fatalf("probe table after probe #%d = %d rows, %v; want 1", i+1, n, err)
		}
		at = append(at, last)
	}
	if !at[1].After(at[0]) {
		t.Errorf("the second probe wrote %s, the first %s: want a later time", at[1], at[0])
	}
}

// TestProbePostgresReadOnly: on sessions whose transactions are read-only
// the probe fails with ErrReadOnly and writes nothing, and opening the
// store on such a URL fails with an error IsReadOnly recognizes (its
// migration cannot write).
func TestProbePostgresReadOnly(t *testing.T) {
	ctx := context.Background()
	u := probeSchema(t)
	s, err := OpenPostgres(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Probe(ctx); err != nil {
		t.Fatal(err)
	}
	var at time.Time
	if err := s.pool.QueryRow(ctx, `SELECT at FROM probe`).Scan(&at); err != nil {
		t.Fatal(err)
	}
	roURL := withParam(t, u, "options", readOnlyOption)
	if ro, err := OpenPostgres(ctx, roURL); err == nil || !IsReadOnly(err) {
		if ro != nil {
			ro.Close()
		}
		t.Errorf("OpenPostgres on read-only sessions = %v, want an error IsReadOnly recognizes", err)
	}
	// The same schema through a pool of read-only sessions: what an
	// instance sees once its database has become read-only.
	pool, err := pgxpool.New(ctx, roURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	ro := &Postgres{pool: pool}
	err = ro.Probe(ctx)
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "transaction_read_only is on") {
		t.Errorf("Probe on read-only sessions = %v, want ErrReadOnly (transaction_read_only is on)", err)
	}
	var after time.Time
	if err := s.pool.QueryRow(ctx, `SELECT at FROM probe`).Scan(&after); err != nil || !after.Equal(at) {
		t.Errorf("probe row after the read-only probe = %s, %v; want %s unchanged", after, err, at)
	}
}

// TestIsReadOnly: the errors that say a database is read-only, and some
// that do not.
func TestIsReadOnly(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{ErrReadOnly, true},
		{probeErr(errors.New("disk I/O error")), false},
		{errors.New("attempt to write a readonly database"), false},
		{nil, false},
		{ErrConflict, false},
	}
	for _, tc := range tests {
		if got := IsReadOnly(tc.err); got != tc.want {
			t.Errorf("IsReadOnly(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestProbeSQLiteLocked: while another connection holds the database's
// write lock (BEGIN IMMEDIATE), the probe returns when its context's
// deadline passes, with that error, instead of waiting for the lock as
// long as the busy timeout allows (10 s); once the lock is released the
// next probe writes.
func TestProbeSQLiteLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Probe(ctx); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	pctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := s.Probe(pctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Probe while another connection holds the write lock = %v, want context.DeadlineExceeded", err)
	}
	if _, err := conn.ExecContext(ctx, `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	if err := s.Probe(ctx); err != nil {
		t.Errorf("Probe once the lock is released = %v, want nil", err)
	}
}
