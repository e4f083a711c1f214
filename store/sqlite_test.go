package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestSQLiteShared: two stores on one SQLite file, as two processes,
// pass the suite of shared handles.
func TestSQLiteShared(t *testing.T) {
	storetest.RunShared(t, func(t *testing.T) (store.Store, store.Store) {
		path := filepath.Join(t.TempDir(), "norns.db")
		var s [2]store.Store
		for i := range s {
			var err error
			if s[i], err = store.OpenSQLite(context.Background(), path); err != nil {
				t.Fatal(err)
			}
		}
		return s[0], s[1]
	})
}

// TestReopen: what was appended is there after closing and opening again.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g", 0, []store.Event{{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e4"}}, store.Update{Status: "turn black"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, evs, err := s.Load(ctx, "g")
	if err != nil || g.Seq != 1 || len(evs) != 1 || evs[0].Action != "e4" {
		t.Errorf("Load after reopen = %+v, %v, %v, want seq 1 with e4", g, evs, err)
	}
}

// oldSchema is the SQLite schema of the databases made before games had
// versions.
const oldSchema = `
CREATE TABLE games (
	id          TEXT PRIMARY KEY,
	game        TEXT NOT NULL,
	options     TEXT NOT NULL,
	seats       TEXT NOT NULL,
	clock       TEXT NOT NULL,
	server_seed BLOB NOT NULL,
	commitment  TEXT NOT NULL,
	created     INTEGER NOT NULL,
	updated     INTEGER NOT NULL,
	seq         INTEGER NOT NULL DEFAULT 0,
	finished    INTEGER NOT NULL DEFAULT 0,
	status      TEXT NOT NULL DEFAULT '',
	result      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_finished ON games (finished, created);
CREATE TABLE events (
	game_id TEXT NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	player  TEXT NOT NULL,
	action  TEXT NOT NULL,
	code    INTEGER NOT NULL,
	time    INTEGER NOT NULL,
	clocks  TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO games VALUES ('old', 'chess', '{}', '[{"player":"white","kind":"human","name":"Ann"},{"player":"black","kind":"open"}]',
	'null', x'01', 'c0ffee', 1000, 2000, 1, 0, 'turn black', 'game in progress');
INSERT INTO events VALUES ('old', 1, 'move', 'white', 'e4', 12, 2000, 'null');
`

// TestSQLiteOldSchema: a database made before games had versions opens
// (gaining the column, every game at version 0), keeps its games, and takes
// conditional writes; it opens again afterwards.
func TestSQLiteOldSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, oldSchema); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatalf("OpenSQLite(old schema) = %v", err)
	}
	g, evs, err := s.Load(ctx, "old")
	if err != nil || g.Version != 0 || g.Seq != 1 || g.Status != "turn black" || len(g.Seats) != 2 || len(evs) != 1 || evs[0].Action != "e4" {
		t.Fatalf("Load(old game) = %+v, %v, %v; want version 0, seq 1, turn black, 2 seats, e4", g, evs, err)
	}
	seats := g.Seats
	seats[1].Kind, seats[1].Name = store.SeatHuman, "Bob"
	if err := s.SetSeats(ctx, "old", 0, seats); err != nil {
		t.Errorf("SetSeats(old game, version 0) = %v", err)
	}
	if err := s.Append(ctx, "old", 0, []store.Event{{Seq: 2, Kind: store.EventMove, Player: "black", Action: "e5"}}, store.Update{}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Append(old game, stale version 0) = %v, want ErrConflict", err)
	}
	if err := s.Append(ctx, "old", 1, []store.Event{{Seq: 2, Kind: store.EventMove, Player: "black", Action: "e5"}}, store.Update{Status: "turn white"}); err != nil {
		t.Errorf("Append(old game, version 1) = %v", err)
	}
	if err := s.Create(ctx, &store.Game{ID: "new", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Errorf("Create(new game) = %v", err)
	}
	s.Close()

	s, err = store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatalf("OpenSQLite(upgraded) = %v", err)
	}
	defer s.Close()
	g, evs, err = s.Load(ctx, "old")
	if err != nil || g.Version != 2 || g.Seq != 2 || g.Status != "turn white" || g.Seats[1].Name != "Bob" || len(evs) != 2 {
		t.Errorf("Load(old game) after reopening = %+v, %d events, %v; want version 2, seq 2, turn white, Bob seated, 2 events", g, len(evs), err)
	}
	if g, _, err := s.Load(ctx, "new"); err != nil || g.Version != 0 {
		t.Errorf("Load(new game) after reopening = %+v, %v; want version 0", g, err)
	}
}
