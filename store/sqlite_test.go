package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// BenchmarkSQLiteAppend appends one move at a time to each of 64 games
// from 64 goroutines at once, as a busy server does: the writer commits
// the appends waiting together. ns/op is the time of one durable append
// of the lot; allocs/op are the store's own.
func BenchmarkSQLiteAppend(b *testing.B) {
	s, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "norns.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const games = 64
	for g := range games {
		if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("g%d", g), Game: "chess", ServerSeed: []byte{1}}); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	b.SetParallelism(games / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprintf("g%d", next.Add(1)-1)
		seq := int64(0)
		for pb.Next() {
			seq++
			ev := store.Event{Seq: seq, Kind: store.EventMove, Player: "white", Action: "e2e4", Code: 12, Time: time.Now(), Clocks: []time.Duration{time.Minute, time.Second}}
			if err := s.Append(ctx, id, seq-1, []store.Event{ev}, store.Update{Status: "turn black"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// TestSQLiteAppendFailsAlone: appends committed together, one of them
// refused by its version, one failing half-way (its event is in the table
// already, put there behind the store's back) and the others good: the
// first two are refused as conflicts and change nothing, the others are
// stored, whichever of them the writer took together.
func TestSQLiteAppendFailsAlone(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const games, rounds = 12, 20
	for r := range rounds {
		for g := range games {
			if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("r%dg%d", r, g), Game: "chess", ServerSeed: []byte{1}}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO events (game_id, seq, kind, player, action, code, time, clocks) VALUES (?, 1, 'move', 'white', 'x', 0, 0, 'null')`, fmt.Sprintf("r%dg0", r)); err != nil {
			t.Fatal(err)
		}
		errs := make([]error, games)
		var wg sync.WaitGroup
		for g := range games {
			wg.Go(func() {
				version := int64(0)
				if g == 1 {
					version = 7
				}
				e := store.Event{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e2e4", Time: time.UnixMilli(1)}
				errs[g] = s.Append(ctx, fmt.Sprintf("r%dg%d", r, g), version, []store.Event{e}, store.Update{Status: "turn black"})
			})
		}
		wg.Wait()
		for g := range games {
			id := fmt.Sprintf("r%dg%d", r, g)
			rec, evs, err := s.Load(ctx, id)
			if err != nil {
				t.Fatalf("Load(%s) = %v", id, err)
			}
			if g < 2 {
				if !errors.Is(errs[g], store.ErrConflict) || rec.Seq != 0 || rec.Version != 0 || rec.Status != "" {
					t.Errorf("Append(%s) = %v, then seq %d, version %d, status %q; want ErrConflict and the game unchanged", id, errs[g], rec.Seq, rec.Version, rec.Status)
				}
				continue
			}
			if errs[g] != nil || rec.Seq != 1 || rec.Version != 1 || rec.Status != "turn black" || len(evs) != 1 || evs[0].Action != "e2e4" {
				t.Errorf("Append(%s) = %v, then %+v, %v; want nil, seq 1, version 1, turn black, e2e4", id, errs[g], rec, evs)
			}
		}
	}
}
