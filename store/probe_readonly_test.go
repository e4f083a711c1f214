package store_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// TestProbeSQLiteReadOnly: on a database file the process may read but not
// write, Open succeeds, the probe fails with ErrReadOnly, and nothing is
// written. The probe runs in a child process (this test again) that cannot
// write the file: as root, which writes any file whatever its mode, the
// child runs as the user nobody; otherwise the file is made read-only.
func TestProbeSQLiteReadOnly(t *testing.T) {
	ctx := context.Background()
	if path := os.Getenv(storetest.EnvReadOnlyDB); path != "" {
		s, err := store.OpenSQLite(ctx, path)
		if err != nil {
			t.Fatalf("store.OpenSQLite(%s) = %v, want nil", path, err)
		}
		defer s.Close()
		err = s.Probe(ctx)
		if !errors.Is(err, store.ErrReadOnly) || !store.IsReadOnly(err) {
			t.Fatalf("Probe on a file this process cannot write = %v, want ErrReadOnly", err)
		}
		t.Logf("probe: %v", err)
		return
	}
	dir := storetest.SharedDir(t)
	path := filepath.Join(dir, "norns.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	out, err := storetest.RunReadOnly(t, path, os.Environ(), os.Args[0], "-test.run=^TestProbeSQLiteReadOnly$", "-test.v")
	if err != nil || !strings.Contains(out, "probe: store: the database is read-only: attempt to write a readonly database") {
		t.Fatalf("the probe on a read-only file failed: %v\n%s", err, out)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'probe'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("probe tables after the read-only probe = %d, %v; want none", n, err)
	}
}
