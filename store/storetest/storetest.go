// Package storetest is the test suite every store.Store implementation
// passes: call Run from the implementation's tests with a function that
// opens an empty store.
package storetest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
)

// Run runs the suite; open returns a new, empty store for each test.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(*testing.T, store.Store)
	}{
		{"CreateLoad", testCreateLoad},
		{"CreateTwice", testCreateTwice},
		{"NotFound", testNotFound},
		{"Append", testAppend},
		{"AppendConflict", testAppendConflict},
		{"AppendConcurrent", testAppendConcurrent},
		{"AppendManyGames", testAppendManyGames},
		{"SetSeats", testSetSeats},
		{"Versions", testVersions},
		{"StaleVersion", testStaleVersion},
		{"VersionRace", testVersionRace},
		{"ListUnfinished", testListUnfinished},
		{"ListUpdatedBefore", testListUpdatedBefore},
		{"SigningKey", testSigningKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			tt.f(t, s)
		})
	}
}

var t0 = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func sample(id string, created time.Time) *store.Game {
	return &store.Game{
		ID:      id,
		Game:    "chess",
		Options: map[string]string{"a": "1", "b": "off"},
		Seats: []store.Seat{
			{Player: "white", Kind: store.SeatHuman, Name: "Ann", TokenHash: []byte{1, 2, 3}, Seed: "ann's seed", Commit: "c0ffee", Creator: true},
			{Player: "black", Kind: store.SeatOpen, InviteHash: []byte{4, 5}},
			{Player: "third", Kind: store.SeatAI, Level: "easy"},
		},
		Clock:      &store.Clock{Initial: 5 * time.Minute, Increment: 3 * time.Second},
		ServerSeed: []byte{9, 8, 7, 6},
		Commitment: "abcdef",
		Scheme:     "norns-dice-v2",
		Created:    created,
		Updated:    created,
		Status:     "turn white",
		Result:     "game in progress",
	}
}

func events(from int64, n int) []store.Event {
	var out []store.Event
	for i := range n {
		seq := from + int64(i)
		out = append(out, store.Event{
			Seq: seq, Kind: store.EventMove, Player: "white", Action: fmt.Sprintf("m%d", seq), Code: uint32(seq * 7),
			Time: t0.Add(time.Duration(seq) * time.Second), Clocks: []time.Duration{time.Duration(seq) * time.Second, 2 * time.Minute},
			Nonce: fmt.Sprintf("n%d", seq), Next: fmt.Sprintf("c%d", seq+1),
		})
	}
	return out
}

func testCreateLoad(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := sample("g1", t0)
	if err := s.Create(ctx, want); err != nil {
		t.Fatalf("Create = %v", err)
	}
	got, evs, err := s.Load(ctx, "g1")
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	if len(evs) != 0 || got.Seq != 0 || got.Finished || got.Version != 0 {
		t.Errorf("Load(new game) = seq %d, %d events, finished %v, version %d, want 0, 0, false, 0", got.Seq, len(evs), got.Finished, got.Version)
	}
	check := func(name string, g, w any) {
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("Load %s = %v, want %v", name, g, w)
		}
	}
	check("game", got.Game, want.Game)
	check("options", got.Options, want.Options)
	check("seats", got.Seats, want.Seats)
	check("clock", *got.Clock, *want.Clock)
	check("seed", got.ServerSeed, want.ServerSeed)
	check("commitment", got.Commitment, want.Commitment)
	check("scheme", got.Scheme, want.Scheme)
	check("created", got.Created.UnixMilli(), want.Created.UnixMilli())
	check("status", got.Status, want.Status)

	noClock := sample("g2", t0)
	noClock.Clock = nil
	if err := s.Create(ctx, noClock); err != nil {
		t.Fatalf("Create = %v", err)
	}
	if got, _, err := s.Load(ctx, "g2"); err != nil || got.Clock != nil {
		t.Errorf("Load(no clock) = %v, %v, want nil clock", got.Clock, err)
	}
	noScheme := sample("g3", t0)
	noScheme.Scheme = ""
	if err := s.Create(ctx, noScheme); err != nil {
		t.Fatalf("Create = %v", err)
	}
	if got, _, err := s.Load(ctx, "g3"); err != nil || got.Scheme != store.SchemeV1 {
		t.Errorf("Load(no scheme) = %q, %v, want %s", got.Scheme, err, store.SchemeV1)
	}
}

func testCreateTwice(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, sample("g1", t0)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Create(existing) = %v, want ErrConflict", err)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, _, err := s.Load(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Load(missing) = %v, want ErrNotFound", err)
	}
	// Whatever the version: a game that does not exist is not a conflict.
	for _, version := range []int64{0, 1, 7, -1} {
		if err := s.Append(ctx, "nope", version, events(1, 1), store.Update{}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Append(missing, version %d) = %v, want ErrNotFound", version, err)
		}
		if err := s.Append(ctx, "nope", version, nil, store.Update{Status: "x"}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Append(missing, version %d, no events) = %v, want ErrNotFound", version, err)
		}
		if err := s.SetSeats(ctx, "nope", version, nil); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("SetSeats(missing, version %d) = %v, want ErrNotFound", version, err)
		}
	}
	if gs, err := s.List(ctx, store.Filter{}); err != nil || len(gs) != 0 {
		t.Errorf("List after writes to a missing game = %d games, %v, want none", len(gs), err)
	}
}

func testAppend(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", 0, events(1, 3), store.Update{Status: "turn black", Result: "game in progress"}); err != nil {
		t.Fatalf("Append(1..3) = %v", err)
	}
	if err := s.Append(ctx, "g1", 1, events(4, 1), store.Update{Status: "over white", Result: "white wins (checkmate)", Finished: true}); err != nil {
		t.Fatalf("Append(4) = %v", err)
	}
	g, evs, err := s.Load(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	want := events(1, 4)
	if len(evs) != 4 {
		t.Fatalf("Load events = %d, want 4", len(evs))
	}
	for i := range want {
		w, e := want[i], evs[i]
		if e.Seq != w.Seq || e.Kind != w.Kind || e.Player != w.Player || e.Action != w.Action || e.Code != w.Code ||
			!e.Time.Equal(w.Time) || !slices.Equal(e.Clocks, w.Clocks) || e.Nonce != w.Nonce || e.Next != w.Next {
			t.Errorf("Load event %d = %+v, want %+v", i, e, w)
		}
	}
	if g.Seq != 4 || g.Version != 2 || !g.Finished || g.Status != "over white" || g.Result != "white wins (checkmate)" {
		t.Errorf("Load after appends = seq %d version %d finished %v %q %q, want 4 2 true %q %q", g.Seq, g.Version, g.Finished, g.Status, g.Result, "over white", "white wins (checkmate)")
	}
	tail, version, err := s.Events(ctx, "g1", 2)
	if err != nil || len(tail) != 2 || tail[0].Seq != 3 || tail[1].Seq != 4 || version != 2 {
		t.Errorf("Events(since 2) = %v, version %d, %v, want seq 3 and 4 at version 2", tail, version, err)
	}
	if _, _, err := s.Events(ctx, "nosuch", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Events(unknown game) = %v, want ErrNotFound", err)
	}
	// An empty append only updates.
	if err := s.Append(ctx, "g1", 2, nil, store.Update{Status: "x", Finished: true}); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := s.Load(ctx, "g1"); g.Seq != 4 || g.Version != 3 || g.Status != "x" {
		t.Errorf("Load after empty append = seq %d version %d status %q, want 4 3 %q", g.Seq, g.Version, g.Status, "x")
	}
}

func testAppendConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", 0, events(1, 2), store.Update{Status: "s2"}); err != nil {
		t.Fatal(err)
	}
	// The version is right (1), the events do not continue the log.
	for _, evs := range [][]store.Event{events(2, 1), events(4, 1), events(1, 3), append(events(3, 1), events(5, 1)...)} {
		if err := s.Append(ctx, "g1", 1, evs, store.Update{Status: "bad"}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append(seq %d..) after 2 = %v, want ErrConflict", evs[0].Seq, err)
		}
	}
	g, evs, _ := s.Load(ctx, "g1")
	if g.Seq != 2 || len(evs) != 2 || g.Status != "s2" || g.Version != 1 {
		t.Errorf("Load after refused appends = seq %d, %d events, %q, version %d, want 2, 2, %q, 1", g.Seq, len(evs), g.Status, g.Version, "s2")
	}
}

// testAppendConcurrent: writers racing for the same seq; exactly one wins
// each number.
func testAppendConcurrent(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := int64(1); seq <= 10; seq++ {
				err := s.Append(ctx, "g1", seq-1, events(seq, 1), store.Update{})
				if err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				} else if !errors.Is(err, store.ErrConflict) {
					t.Errorf("Append = %v, want nil or ErrConflict", err)
				}
			}
		}()
	}
	wg.Wait()
	_, evs, _ := s.Load(ctx, "g1")
	if wins != 10 || len(evs) != 10 {
		t.Errorf("racing appends: %d succeeded, %d stored, want 10 and 10", wins, len(evs))
	}
}

// testAppendManyGames appends to many games at once, with a stale append
// to each beside the good ones: every good append is stored and every
// stale one refused, whatever else was written at the same time.
func testAppendManyGames(t *testing.T, s store.Store) {
	ctx := context.Background()
	const games, moves = 16, 5
	for g := range games {
		if err := s.Create(ctx, sample(fmt.Sprintf("g%d", g), t0)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range games {
		id := fmt.Sprintf("g%d", g)
		wg.Add(2)
		go func() {
			defer wg.Done()
			for seq := int64(1); seq <= moves; seq++ {
				if err := s.Append(ctx, id, seq-1, events(seq, 1), store.Update{Status: fmt.Sprintf("after %d", seq)}); err != nil {
					t.Errorf("Append(%s, %d) = %v, want nil", id, seq, err)
				}
			}
		}()
		go func() {
			defer wg.Done()
			// Never the next event: seq 0 does not follow any log.
			if err := s.Append(ctx, id, 0, events(0, 1), store.Update{}); !errors.Is(err, store.ErrConflict) {
				t.Errorf("Append(%s, 0) = %v, want ErrConflict", id, err)
			}
		}()
	}
	wg.Wait()
	for g := range games {
		id := fmt.Sprintf("g%d", g)
		got, evs, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seq != moves || got.Version != moves || got.Status != fmt.Sprintf("after %d", moves) || fmt.Sprint(evs) != fmt.Sprint(events(1, moves)) {
			t.Errorf("Load(%s) = seq %d, status %q, events %v; want seq %d, status %q, events %v", id, got.Seq, got.Status, evs, moves, fmt.Sprintf("after %d", moves), events(1, moves))
		}
	}
}

func testSetSeats(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := sample("g1", t0)
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	seats := slices.Clone(g.Seats)
	seats[1] = store.Seat{Player: "black", Kind: store.SeatHuman, Name: "Bob", TokenHash: []byte{7}, Seed: "bob"}
	if err := s.SetSeats(ctx, "g1", 0, seats); err != nil {
		t.Fatal(err)
	}
	got, _, _ := s.Load(ctx, "g1")
	if fmt.Sprint(got.Seats) != fmt.Sprint(seats) || got.Version != 1 || got.Seq != 0 {
		t.Errorf("Load after SetSeats = seats %v, version %d, seq %d, want %v, 1, 0", got.Seats, got.Version, got.Seq, seats)
	}
}

// testVersions: Create stores version 0 whatever the game says, each
// write adds one, and Load and List report it.
func testVersions(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := sample("g1", t0)
	g.Version = 42
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, sample("g2", t0.Add(-time.Minute))); err != nil {
		t.Fatal(err)
	}
	version := func(want int64, after string) {
		t.Helper()
		got, _, err := s.Load(ctx, "g1")
		if err != nil || got.Version != want {
			t.Fatalf("Load after %s = version %d, %v, want %d", after, got.Version, err, want)
		}
	}
	version(0, "Create")
	seats := slices.Clone(g.Seats)
	seats[1].Kind, seats[1].Name = store.SeatHuman, "Bob"
	if err := s.SetSeats(ctx, "g1", 0, seats); err != nil {
		t.Fatalf("SetSeats(version 0) = %v", err)
	}
	version(1, "SetSeats")
	if err := s.Append(ctx, "g1", 1, events(1, 2), store.Update{Status: "turn white"}); err != nil {
		t.Fatalf("Append(version 1) = %v", err)
	}
	version(2, "SetSeats, Append")
	if err := s.Append(ctx, "g1", 2, nil, store.Update{Status: "over white", Finished: true}); err != nil {
		t.Fatalf("Append(version 2, no events) = %v", err)
	}
	version(3, "SetSeats, Append, empty Append")
	seats[0].Seed = "a new seed"
	if err := s.SetSeats(ctx, "g1", 3, seats); err != nil {
		t.Fatalf("SetSeats(version 3) = %v", err)
	}
	version(4, "two SetSeats and two Appends")
	gs, err := s.List(ctx, store.Filter{})
	if err != nil || len(gs) != 2 {
		t.Fatalf("List() = %d games, %v, want 2", len(gs), err)
	}
	if gs[0].ID != "g1" || gs[0].Version != 4 || gs[0].Seq != 2 || gs[1].ID != "g2" || gs[1].Version != 0 {
		t.Errorf("List() = %s version %d seq %d, %s version %d; want g1 version 4 seq 2, g2 version 0",
			gs[0].ID, gs[0].Version, gs[0].Seq, gs[1].ID, gs[1].Version)
	}
}

// testStaleVersion: a write naming any version but the game's is refused
// with ErrConflict and changes nothing.
func testStaleVersion(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := sample("g1", t0)
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	seats := slices.Clone(g.Seats)
	seats[1] = store.Seat{Player: "black", Kind: store.SeatHuman, Name: "Bob", TokenHash: []byte{7}}
	if err := s.SetSeats(ctx, "g1", 0, seats); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", 1, events(1, 2), store.Update{Status: "turn white", Result: "game in progress"}); err != nil {
		t.Fatal(err)
	}
	// The game is at version 2, seq 2.
	other := slices.Clone(seats)
	other[1] = store.Seat{Player: "black", Kind: store.SeatHuman, Name: "Eve", TokenHash: []byte{8}}
	finish := store.Update{Status: "over black", Result: "black wins", Finished: true}
	tests := []struct {
		name  string
		write func() error
	}{
		{"Append(version 1, seq 3)", func() error { return s.Append(ctx, "g1", 1, events(3, 1), finish) }},
		{"Append(version 0, seq 3)", func() error { return s.Append(ctx, "g1", 0, events(3, 1), finish) }},
		{"Append(version 3, seq 3)", func() error { return s.Append(ctx, "g1", 3, events(3, 1), finish) }},
		{"Append(version 1, seq 2)", func() error { return s.Append(ctx, "g1", 1, events(2, 1), finish) }},
		{"Append(version 1, no events)", func() error { return s.Append(ctx, "g1", 1, nil, finish) }},
		{"Append(version 3, no events)", func() error { return s.Append(ctx, "g1", 3, nil, finish) }},
		{"SetSeats(version 1)", func() error { return s.SetSeats(ctx, "g1", 1, other) }},
		{"SetSeats(version 0)", func() error { return s.SetSeats(ctx, "g1", 0, other) }},
		{"SetSeats(version 3)", func() error { return s.SetSeats(ctx, "g1", 3, other) }},
		{"SetSeats(version -1)", func() error { return s.SetSeats(ctx, "g1", -1, other) }},
	}
	for _, tt := range tests {
		if err := tt.write(); !errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s at version 2 = %v, want ErrConflict", tt.name, err)
		}
	}
	got, evs, err := s.Load(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 || got.Seq != 2 || got.Finished || got.Status != "turn white" || got.Result != "game in progress" {
		t.Errorf("Load after refused writes = version %d seq %d finished %v %q %q, want 2 2 false %q %q",
			got.Version, got.Seq, got.Finished, got.Status, got.Result, "turn white", "game in progress")
	}
	if fmt.Sprint(got.Seats) != fmt.Sprint(seats) {
		t.Errorf("Load seats after refused writes = %v, want %v", got.Seats, seats)
	}
	if fmt.Sprint(evs) != fmt.Sprint(events(1, 2)) {
		t.Errorf("Load events after refused writes = %v, want %v", evs, events(1, 2))
	}
	// The right version still writes.
	if err := s.Append(ctx, "g1", 2, events(3, 1), finish); err != nil {
		t.Errorf("Append(version 2, seq 3) = %v, want nil", err)
	}
}

// testVersionRace: in each round writers that read the same version race,
// half appending the next event and half changing the seats (two
// instances accepting one invitation, or changing a seed while the other
// rolls); exactly one wins each round, the others get ErrConflict, and the
// game holds the winner's write alone.
func testVersionRace(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := sample("g1", t0)
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	const rounds, writers = 30, 4
	appends := 0
	for round := range rounds {
		before, _, err := s.Load(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		errs := make([]error, writers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				mark := fmt.Sprintf("round %d writer %d", round, w)
				if w%2 == 0 {
					errs[w] = s.Append(ctx, "g1", before.Version, events(before.Seq+1, 1), store.Update{Status: mark})
					return
				}
				seats := slices.Clone(before.Seats)
				seats[1] = store.Seat{Player: "black", Kind: store.SeatHuman, Name: mark}
				errs[w] = s.SetSeats(ctx, "g1", before.Version, seats)
			}()
		}
		close(start)
		wg.Wait()
		winner := -1
		for w, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("round %d: writers %d and %d both won at version %d", round, winner, w, before.Version)
			case err == nil:
				winner = w
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("round %d: writer %d = %v, want nil or ErrConflict", round, w, err)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: every writer refused at version %d: %v", round, before.Version, errs)
		}
		after, _, err := s.Load(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		mark := fmt.Sprintf("round %d writer %d", round, winner)
		if winner%2 == 0 {
			appends++
			if after.Seq != before.Seq+1 || after.Status != mark || fmt.Sprint(after.Seats) != fmt.Sprint(before.Seats) {
				t.Errorf("round %d: after append by %d = seq %d, status %q, seats %v; want seq %d, %q, seats unchanged",
					round, winner, after.Seq, after.Status, after.Seats, before.Seq+1, mark)
			}
		} else if after.Seq != before.Seq || after.Status != before.Status || after.Seats[1].Name != mark {
			t.Errorf("round %d: after SetSeats by %d = seq %d, status %q, seat %q; want seq %d, %q, seat %q",
				round, winner, after.Seq, after.Status, after.Seats[1].Name, before.Seq, before.Status, mark)
		}
		if after.Version != before.Version+1 {
			t.Errorf("round %d: version %d after %d, want one more", round, after.Version, before.Version)
		}
	}
	got, evs, err := s.Load(ctx, "g1")
	if err != nil || got.Version != rounds || got.Seq != int64(appends) || fmt.Sprint(evs) != fmt.Sprint(events(1, appends)) {
		t.Errorf("Load after %d rounds = version %d seq %d, %d events, %v; want version %d seq %d, events 1..%d",
			rounds, got.Version, got.Seq, len(evs), err, rounds, appends, appends)
	}
}

func testListUnfinished(t *testing.T, s store.Store) {
	ctx := context.Background()
	for i, id := range []string{"a", "b", "c", "d"} {
		g := sample(id, t0.Add(time.Duration(i)*time.Minute))
		if id == "d" {
			g.Game = "seatafl"
		}
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "b", 0, events(1, 1), store.Update{Finished: true, Status: "over draw"}); err != nil {
		t.Fatal(err)
	}
	ids := func(gs []*store.Game) []string {
		var out []string
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	yes, no := true, false
	tests := []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{}, []string{"d", "c", "b", "a"}},
		{store.Filter{Finished: &yes}, []string{"b"}},
		{store.Filter{Finished: &no}, []string{"d", "c", "a"}},
		{store.Filter{Game: "seatafl"}, []string{"d"}},
		{store.Filter{Limit: 2}, []string{"d", "c"}},
	}
	for _, tt := range tests {
		gs, err := s.List(ctx, tt.f)
		if got := ids(gs); err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("List(%+v) = %v, %v, want %v", tt.f, got, err, tt.want)
		}
	}
	un, err := s.Unfinished(ctx)
	if err != nil || !slices.Equal(un, []string{"a", "c", "d"}) {
		t.Errorf("Unfinished() = %v, %v, want [a c d]", un, err)
	}
}

// testListUpdatedBefore: UpdatedBefore selects the games last changed
// (created, appended to, seated) strictly before it; NoEvents those with an
// empty log.
func testListUpdatedBefore(t *testing.T, s store.Store) {
	ctx := context.Background()
	base := time.Date(2020, 3, 1, 12, 0, 0, 0, time.UTC)
	for i, id := range []string{"a", "b", "c"} {
		if err := s.Create(ctx, sample(id, base.Add(time.Duration(i)*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(f store.Filter) []string {
		t.Helper()
		gs, err := s.List(ctx, f)
		if err != nil {
			t.Fatalf("List(%+v) = %v", f, err)
		}
		out := []string{}
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	tests := []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{}, []string{"c", "b", "a"}},
		{store.Filter{UpdatedBefore: base.Add(90 * time.Second)}, []string{"b", "a"}},
		{store.Filter{UpdatedBefore: base.Add(time.Minute)}, []string{"a"}},
		{store.Filter{UpdatedBefore: base}, []string{}},
		{store.Filter{UpdatedBefore: base.Add(time.Hour), Limit: 1}, []string{"c"}},
	}
	for _, tt := range tests {
		if got := ids(tt.f); !slices.Equal(got, tt.want) {
			t.Errorf("List(%+v) = %v, want %v", tt.f, got, tt.want)
		}
	}
	yes := true
	// Seating a player in a changes it now; an append to b changes it at
	// its event's time (t0+1s, after base).
	if err := s.SetSeats(ctx, "a", 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "b", 0, events(1, 1), store.Update{Finished: true}); err != nil {
		t.Fatal(err)
	}
	after := []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{UpdatedBefore: base.Add(time.Hour)}, []string{"c"}},
		{store.Filter{UpdatedBefore: t0.Add(2 * time.Second), Finished: &yes}, []string{"b"}},
		{store.Filter{UpdatedBefore: t0.Add(time.Second), Finished: &yes}, []string{}},
		{store.Filter{}, []string{"c", "b", "a"}},
		{store.Filter{NoEvents: true}, []string{"c", "a"}},
		{store.Filter{NoEvents: true, UpdatedBefore: base.Add(time.Hour)}, []string{"c"}},
		{store.Filter{Private: &yes}, []string{}},
	}
	for _, tt := range after {
		if got := ids(tt.f); !slices.Equal(got, tt.want) {
			t.Errorf("List(%+v) after SetSeats(a), Append(b) = %v, want %v", tt.f, got, tt.want)
		}
	}
	// A private game is listed only when asked for.
	d := sample("d", base.Add(3*time.Minute))
	d.Private = true
	if err := s.Create(ctx, d); err != nil {
		t.Fatal(err)
	}
	no := false
	if got := ids(store.Filter{Private: &no}); !slices.Equal(got, []string{"c", "b", "a"}) {
		t.Errorf("List(public) = %v, want c b a", got)
	}
	if got := ids(store.Filter{Private: &yes}); !slices.Equal(got, []string{"d"}) {
		t.Errorf("List(private) = %v, want d", got)
	}
	if g, _, err := s.Load(ctx, "d"); err != nil || !g.Private {
		t.Errorf("Load(private game) = private %v, %v", g != nil && g.Private, err)
	}
}

// testSigningKey: the signing key is a working Ed25519 key, the same at
// every call.
func testSigningKey(t *testing.T, s store.Store) {
	ctx := context.Background()
	k1, err := s.SigningKey(ctx)
	if err != nil {
		t.Fatalf("SigningKey() = %v", err)
	}
	k2, err := s.SigningKey(ctx)
	if err != nil {
		t.Fatalf("SigningKey() again = %v", err)
	}
	if len(k1) != ed25519.PrivateKeySize || !k1.Equal(k2) {
		t.Fatalf("SigningKey() = %x, then %x, want one key of %d bytes", k1, k2, ed25519.PrivateKeySize)
	}
	msg := []byte("# norns record 1\n")
	if !ed25519.Verify(k1.Public().(ed25519.PublicKey), msg, ed25519.Sign(k1, msg)) {
		t.Errorf("a signature by SigningKey() does not verify with its public key")
	}
}

// RunShared runs the tests of two handles on one database: open returns
// two stores opened on the same new, empty database, as two server
// instances open it.
func RunShared(t *testing.T, open func(t *testing.T) (store.Store, store.Store)) {
	tests := []struct {
		name string
		f    func(*testing.T, store.Store, store.Store)
	}{
		{"SigningKeyShared", testSigningKeyShared},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := open(t)
			defer a.Close()
			defer b.Close()
			tt.f(t, a, b)
		})
	}
}

// testSigningKeyShared: two handles on one database asking for the
// signing key at once, both before any key exists, get one key.
func testSigningKeyShared(t *testing.T, a, b store.Store) {
	ctx := context.Background()
	const n = 4
	keys := make([]ed25519.PrivateKey, 2*n)
	errs := make([]error, 2*n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range keys {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			keys[i], errs[i] = s.SigningKey(ctx)
		}()
	}
	close(start)
	wg.Wait()
	for i := range keys {
		if errs[i] != nil {
			t.Fatalf("SigningKey() on handle %d = %v", i%2, errs[i])
		}
		if !bytes.Equal(keys[i], keys[0]) {
			t.Errorf("SigningKey() call %d on handle %d = public key %x, call 0 on handle 0 = %x, want one key", i, i%2, keys[i].Public(), keys[0].Public())
		}
	}
}
