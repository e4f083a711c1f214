package store_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

func openPostgres(t *testing.T, url string) *store.Postgres {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPostgres(t *testing.T) {
	storetest.PostgresURL(t) // skip the whole suite at once when there is no server
	storetest.Run(t, func(t *testing.T) store.Store {
		return openPostgres(t, storetest.PostgresURL(t))
	})
}

// TestPostgresShared: two stores on one PostgreSQL database, as two
// server instances, pass the suite of shared handles.
func TestPostgresShared(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunShared(t, func(t *testing.T) (store.Store, store.Store) {
		u := storetest.PostgresURL(t)
		return openPostgres(t, u), openPostgres(t, u)
	})
}

// TestOpenPostgres: Open answers PostgreSQL URLs with the PostgreSQL store.
func TestOpenPostgres(t *testing.T) {
	u := storetest.PostgresURL(t)
	s, err := store.Open(context.Background(), u)
	if err != nil {
		t.Fatalf("Open(%s) = %v", u, err)
	}
	defer s.Close()
	if _, ok := s.(*store.Postgres); !ok {
		t.Errorf("Open(%s) = %T, want *store.Postgres", u, s)
	}
}

// TestPostgresMigrateConcurrent: instances starting at once apply each
// migration once, and a second run applies nothing.
func TestPostgresMigrateConcurrent(t *testing.T) {
	u := storetest.PostgresURL(t)
	var wg sync.WaitGroup
	stores := make([]*store.Postgres, 4)
	errs := make([]error, 4)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = store.OpenPostgres(context.Background(), u)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("OpenPostgres #%d = %v", i, err)
		}
		defer stores[i].Close()
	}
	ms, err := store.Migrations()
	if err != nil || len(ms) == 0 {
		t.Fatalf("Migrations() = %v, %v, want at least one", ms, err)
	}
	applied, err := stores[0].Migrate(context.Background())
	if err != nil || len(applied) != 0 {
		t.Errorf("Migrate() again = %v, %v, want nothing applied", applied, err)
	}
	conn, err := pgx.Connect(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(ms) {
		t.Errorf("schema_migrations rows = %d, %v, want %d", n, err, len(ms))
	}
}

// TestPostgresUpgrade: a database migrated before games had versions
// gains the column (every game at version 0) and takes conditional writes.
func TestPostgresUpgrade(t *testing.T) {
	u := storetest.PostgresURL(t)
	ctx := context.Background()
	ms, err := store.Migrations()
	if err != nil || len(ms) < 2 || ms[0].Version != 1 || ms[1].Name != "0002_version.sql" {
		t.Fatalf("Migrations() = %v, %v; want 0001 then 0002_version.sql", ms, err)
	}
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, q := range []string{
		ms[0].SQL,
		`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`,
		`INSERT INTO schema_migrations (version, name) VALUES (1, '` + ms[0].Name + `')`,
		`INSERT INTO games (id, game, options, seats, clock, server_seed, commitment, created, updated, seq, status)
			VALUES ('old', 'chess', '{}', '[{"player":"white","kind":"open"}]', 'null', '\x01', 'c0ffee', 1000, 2000, 0, 'turn white')`,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	s := openPostgres(t, u)
	defer s.Close()
	if got := s.Applied(); len(got) != len(ms)-1 || got[0] != 2 {
		t.Errorf("Applied() on a database at 0001 = %v, want from 2 on", got)
	}
	g, _, err := s.Load(ctx, "old")
	if err != nil || g.Version != 0 || g.Status != "turn white" || string(g.ServerSeed) != "\x01" {
		t.Fatalf("Load(old game) = %+v, %v; want version 0, turn white, seed 01", g, err)
	}
	if err := s.SetSeats(ctx, "old", 0, []store.Seat{{Player: "white", Kind: store.SeatHuman, Name: "Ann"}}); err != nil {
		t.Errorf("SetSeats(old game, version 0) = %v", err)
	}
	if err := s.Append(ctx, "old", 0, []store.Event{{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e4"}}, store.Update{}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Append(old game, stale version 0) = %v, want ErrConflict", err)
	}
	if g, _, err := s.Load(ctx, "old"); err != nil || g.Version != 1 || g.Seq != 0 || g.Seats[0].Name != "Ann" {
		t.Errorf("Load(old game) after SetSeats = %+v, %v; want version 1, seq 0, Ann seated", g, err)
	}
}

// TestPostgresSeatRace: two instances on one database accept the same
// invitation at once, round after round: exactly one seats its player.
func TestPostgresSeatRace(t *testing.T) {
	u := storetest.PostgresURL(t)
	ctx := context.Background()
	a, b := openPostgres(t, u), openPostgres(t, u)
	defer a.Close()
	defer b.Close()
	if err := a.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}, Seats: []store.Seat{{Player: "white", Kind: store.SeatOpen}}}); err != nil {
		t.Fatal(err)
	}
	const rounds = 20
	for round := range rounds {
		g, _, err := a.Load(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		var errs [2]error
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, s := range []*store.Postgres{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = s.SetSeats(ctx, "g", g.Version, []store.Seat{{Player: "white", Kind: store.SeatHuman, Name: fmt.Sprintf("r%d i%d", round, i)}})
			}()
		}
		close(start)
		wg.Wait()
		won := -1
		switch {
		case errs[0] == nil && errors.Is(errs[1], store.ErrConflict):
			won = 0
		case errs[1] == nil && errors.Is(errs[0], store.ErrConflict):
			won = 1
		default:
			t.Fatalf("round %d: SetSeats on a, b = %v, %v; want one nil and one ErrConflict", round, errs[0], errs[1])
		}
		after, _, err := b.Load(ctx, "g")
		if want := fmt.Sprintf("r%d i%d", round, won); err != nil || after.Version != g.Version+1 || after.Seats[0].Name != want {
			t.Fatalf("round %d: Load = %+v, %v; want version %d, seat %q", round, after, err, g.Version+1, want)
		}
	}
}

// TestPostgresListen: an append and a seat change on one store reach the
// listener of another store on the same database, with the game's seq.
func TestPostgresListen(t *testing.T) {
	ctx, u, a, b, next := listening(t)
	if err := a.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	evs := []store.Event{{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e4"}, {Seq: 2, Kind: store.EventMove, Player: "black", Action: "e5"}}
	if err := a.Append(ctx, "g", 0, evs, store.Update{}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c.Game != "g" || c.Seq != 2 || c.Version != 1 || c.Seats {
		t.Errorf("change after Append(1..2) = %+v, want game g seq 2 version 1", c)
	}
	if err := a.SetSeats(ctx, "g", 1, []store.Seat{{Player: "white", Kind: store.SeatHuman}}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c.Game != "g" || c.Seq != 2 || c.Version != 2 || !c.Seats {
		t.Errorf("change after SetSeats = %+v, want game g seq 2 version 2 seats", c)
	}
	// A refused append or seat change notifies nobody.
	if err := a.Append(ctx, "g", 2, evs[:1], store.Update{}); err == nil {
		t.Fatal("Append(seq 1 again) = nil, want ErrConflict")
	}
	if err := a.Append(ctx, "g", 1, []store.Event{{Seq: 3, Kind: store.EventMove, Player: "white", Action: "d4"}}, store.Update{}); err == nil {
		t.Fatal("Append(version 1, at 2) = nil, want ErrConflict")
	}
	if err := a.SetSeats(ctx, "g", 1, nil); err == nil {
		t.Fatal("SetSeats(version 1, at 2) = nil, want ErrConflict")
	}
	if err := a.Append(ctx, "g", 2, []store.Event{{Seq: 3, Kind: store.EventMove, Player: "white", Action: "Nf3"}}, store.Update{}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c.Game != "g" || c.Seq != 3 || c.Version != 3 || c.Seats {
		t.Errorf("change after Append(3) = %+v, want game g seq 3 version 3", c)
	}
	heads, err := b.Heads(ctx)
	if err != nil || len(heads) != 1 || heads[0].ID != "g" || heads[0].Seq != 3 {
		t.Errorf("Heads() = %+v, %v, want g at 3", heads, err)
	}

	// The listener's connection is cut: it reconnects by itself, says so
	// with a resync, and hears the next append.
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var killed int
	err = conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = $1`,
		`LISTEN "norns_`+b.Schema()+`"`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminating the listener = %d, %v, want 1", killed, err)
	}
	if c := next(); !c.Resync {
		t.Fatalf("change after the listener's connection was cut = %+v, want a resync", c)
	}
	if err := a.Append(ctx, "g", 3, []store.Event{{Seq: 4, Kind: store.EventMove, Player: "black", Action: "Nc6"}}, store.Update{}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c.Game != "g" || c.Seq != 4 {
		t.Errorf("change after reconnecting and Append(4) = %+v, want game g seq 4", c)
	}
}

// TestPostgresTryLock: a claim excludes other instances until it is
// released or its instance's connection ends.
func TestPostgresTryLock(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := openPostgres(t, u), openPostgres(t, u)
	defer b.Close()
	ctx := context.Background()
	relA, ok, err := a.TryLock(ctx, "g/ai")
	if err != nil || !ok {
		t.Fatalf("a.TryLock = %v, %v, want the claim", ok, err)
	}
	if _, ok, err := b.TryLock(ctx, "g/ai"); err != nil || ok {
		t.Errorf("b.TryLock while a holds it = %v, %v, want false", ok, err)
	}
	relOther, ok, err := b.TryLock(ctx, "h/ai")
	if err != nil || !ok {
		t.Errorf("b.TryLock(other work) = %v, %v, want the claim", ok, err)
	} else {
		relOther()
	}
	relA()
	relB, ok, err := b.TryLock(ctx, "g/ai")
	if err != nil || !ok {
		t.Fatalf("b.TryLock after a released = %v, %v, want the claim", ok, err)
	}
	if _, ok, _ := a.TryLock(ctx, "g/ai"); ok {
		t.Errorf("a.TryLock while b holds it = true, want false")
	}
	// b's instance dies: its claims end with its connection.
	b.Close()
	relB()
	// The server ends the session a moment after the connection closes.
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, ok, err := a.TryLock(ctx, "g/ai")
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a.TryLock 10 s after b closed = %v, %v, want the claim", ok, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	a.Close()
}

// BenchmarkPostgresAppend appends one move at a time to a game, as the
// server does for each action: ns/op is the time of one durable append.
func BenchmarkPostgresAppend(b *testing.B) {
	u := storetest.PostgresURL(b)
	s, err := store.OpenPostgres(context.Background(), u)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		b.Fatal(err)
	}
	seq := int64(0)
	for b.Loop() {
		seq++
		ev := store.Event{Seq: seq, Kind: store.EventMove, Player: "white", Action: "e4", Code: 12, Time: time.Now(), Clocks: []time.Duration{time.Minute, time.Second}}
		if err := s.Append(ctx, "g", seq-1, []store.Event{ev}, store.Update{Status: "turn black"}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPostgresAppendFailsAlone: an append whose insert fails (its event is
// in the table already, put there behind the store's back) is refused as a
// conflict, and the appends sent at the same time are stored all the same.
func TestPostgresAppendFailsAlone(t *testing.T) {
	u := storetest.PostgresURL(t)
	ctx := context.Background()
	s := openPostgres(t, u)
	defer s.Close()
	const games = 12
	for g := range games {
		if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("g%d", g), Game: "chess", ServerSeed: []byte{1}}); err != nil {
			t.Fatal(err)
		}
	}
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO events (game_id, seq, kind, player, action, code, time) VALUES ('g0', 1, 'move', 'white', 'x', 0, 0)`); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, games)
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := store.Event{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e2e4", Time: time.UnixMilli(1)}
			errs[g] = s.Append(ctx, fmt.Sprintf("g%d", g), 0, []store.Event{e}, store.Update{Status: "turn black"})
		}()
	}
	wg.Wait()
	if !errors.Is(errs[0], store.ErrConflict) {
		t.Errorf("Append(g0) = %v, want ErrConflict", errs[0])
	}
	for g := 1; g < games; g++ {
		id := fmt.Sprintf("g%d", g)
		if errs[g] != nil {
			t.Errorf("Append(%s) = %v, want nil", id, errs[g])
			continue
		}
		rec, evs, err := s.Load(ctx, id)
		if err != nil || rec.Seq != 1 || rec.Status != "turn black" || len(evs) != 1 || evs[0].Action != "e2e4" {
			t.Errorf("Load(%s) = %+v, %v, %v; want seq 1, turn black, e2e4", id, rec, evs, err)
		}
	}
	if rec, _, err := s.Load(ctx, "g0"); err != nil || rec.Seq != 0 {
		t.Errorf("Load(g0) = %+v, %v; want seq 0", rec, err)
	}
}

// TestPostgresListenEvents: an append's notification carries its events as
// Events reads them back, unless they do not fit in a notification (then
// the listener reads them).
func TestPostgresListenEvents(t *testing.T) {
	ctx, _, a, b, next := listening(t)
	if err := a.Create(ctx, &store.Game{ID: "g", Game: "backgammon", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 123456789, time.UTC)
	tests := []struct {
		name   string
		events []store.Event
		carry  bool // the notification carries the events
	}{
		{"a move with everything", []store.Event{{Seq: 1, Kind: store.EventMove, Player: "white", Action: "24/20", Code: 77, Time: now,
			Clocks: []time.Duration{time.Minute + 1500*time.Microsecond, 0}, Nonce: "ab01", Next: "cd02"}}, true},
		{"a roll and a move, no clock", []store.Event{{Seq: 2, Kind: store.EventRoll, Player: "chance", Action: "3-1", Time: now},
			{Seq: 3, Kind: store.EventMove, Player: "black", Action: "8/5 6/5", Code: 1 << 31, Time: now.Add(time.Second)}}, true},
		{"too big for a notification", []store.Event{{Seq: 4, Kind: store.EventMove, Player: "white", Action: strings.Repeat("x", 8000), Time: now}}, false},
	}
	for i, tt := range tests {
		if err := a.Append(ctx, "g", int64(i), tt.events, store.Update{}); err != nil {
			t.Fatalf("%s: Append = %v", tt.name, err)
		}
		c := next()
		last := tt.events[len(tt.events)-1].Seq
		if c.Game != "g" || c.Seq != last || c.Version != int64(i+1) {
			t.Errorf("%s: change = %+v, want game g seq %d version %d", tt.name, c, last, i+1)
		}
		want, _, err := b.Events(ctx, "g", tt.events[0].Seq-1)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !tt.carry && c.Events != nil:
			t.Errorf("%s: change carries %d events, want none", tt.name, len(c.Events))
		case tt.carry && !reflect.DeepEqual(c.Events, want):
			t.Errorf("%s: change carries %+v, want %+v as Events reads them", tt.name, c.Events, want)
		}
	}
}

// TestPostgresGroupCommit: appends sent at once, several to one game, are
// each stored or refused on their own condition: one of the rivals for a
// game's next seq wins, an append at a stale version is a conflict, and
// the others are stored.
func TestPostgresGroupCommit(t *testing.T) {
	u := storetest.PostgresURL(t)
	ctx := context.Background()
	s := openPostgres(t, u)
	defer s.Close()
	const games, rivals = 40, 3
	for g := range games {
		if err := s.Create(ctx, &store.Game{ID: fmt.Sprintf("g%02d", g), Game: "chess", ServerSeed: []byte{1}}); err != nil {
			t.Fatal(err)
		}
	}
	errs := make([][]error, games)
	var wg sync.WaitGroup
	for g := range games {
		errs[g] = make([]error, rivals)
		for r := range rivals {
			wg.Add(1)
			go func() {
				defer wg.Done()
				version := int64(0)
				if g%10 == 9 {
					version = 5 // stale: refused
				}
				e := store.Event{Seq: 1, Kind: store.EventMove, Player: "white", Action: fmt.Sprintf("m%d", r), Time: time.UnixMilli(1)}
				errs[g][r] = s.Append(ctx, fmt.Sprintf("g%02d", g), version, []store.Event{e}, store.Update{Status: "turn black"})
			}()
		}
	}
	wg.Wait()
	for g := range games {
		id := fmt.Sprintf("g%02d", g)
		won := -1
		for r, err := range errs[g] {
			switch {
			case err == nil && won < 0:
				won = r
			case err == nil:
				t.Errorf("%s: appends %d and %d both stored", id, won, r)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("%s: append %d = %v, want nil or ErrConflict", id, r, err)
			}
		}
		rec, evs, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g%10 == 9 {
			if won >= 0 || rec.Seq != 0 || rec.Version != 0 {
				t.Errorf("%s at a stale version: stored %d, record at seq %d version %d; want all refused, seq 0", id, won, rec.Seq, rec.Version)
			}
			continue
		}
		if won < 0 || rec.Seq != 1 || rec.Version != 1 || len(evs) != 1 || evs[0].Action != fmt.Sprintf("m%d", won) {
			t.Errorf("%s: stored %d, record at seq %d version %d with %+v; want one append stored", id, won, rec.Seq, rec.Version, evs)
		}
	}
}

// listening opens two stores a and b on the test's database (URL u), b
// listening, and returns them with a context ended with the test and the
// next change b hears, after the resync of its new connection.
func listening(t *testing.T) (ctx context.Context, u string, a, b *store.Postgres, next func() store.Change) {
	t.Helper()
	u = storetest.PostgresURL(t)
	a, b = openPostgres(t, u), openPostgres(t, u)
	t.Cleanup(func() { b.Close(); a.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	got := make(chan store.Change, 16)
	go b.Listen(ctx, func(c store.Change) { got <- c })
	next = func() store.Change {
		t.Helper()
		select {
		case c := <-got:
			return c
		case <-time.After(10 * time.Second):
			t.Fatal("no notification in 10 s")
			return store.Change{}
		}
	}
	if c := next(); !c.Resync {
		t.Fatalf("first change = %+v, want the resync of a new connection", c)
	}
	return ctx, u, a, b, next
}
