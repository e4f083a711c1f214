package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresURL returns the URL of an empty schema of its own on the test
// PostgreSQL server (NORNS_TEST_POSTGRES, else the local one), dropped at
// the end of the test. The test is skipped when the server does not answer.
func PostgresURL(t testing.TB) string {
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
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
