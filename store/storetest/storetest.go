// Package storetest is the test suite every store.Store implementation
// passes: call Run from the implementation's tests with a function that
// opens an empty store.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"norns/store"
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
		{"ListUnfinished", testListUnfinished},
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
			{Player: "white", Kind: store.SeatHuman, Name: "Ann", TokenHash: []byte{1, 2, 3}, Seed: "ann's seed"},
			{Player: "black", Kind: store.SeatOpen, InviteHash: []byte{4, 5}},
			{Player: "third", Kind: store.SeatAI, Level: "easy"},
		},
		Clock:      &store.Clock{Initial: 5 * time.Minute, Increment: 3 * time.Second},
		ServerSeed: []byte{9, 8, 7, 6},
		Commitment: "abcdef",
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
	if len(evs) != 0 || got.Seq != 0 || got.Finished {
		t.Errorf("Load(new game) = seq %d, %d events, finished %v, want 0, 0, false", got.Seq, len(evs), got.Finished)
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
	if err := s.Append(ctx, "nope", events(1, 1), store.Update{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append(missing) = %v, want ErrNotFound", err)
	}
	if err := s.SetSeats(ctx, "nope", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetSeats(missing) = %v, want ErrNotFound", err)
	}
}

func testAppend(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", events(1, 3), store.Update{Status: "turn black", Result: "game in progress"}); err != nil {
		t.Fatalf("Append(1..3) = %v", err)
	}
	if err := s.Append(ctx, "g1", events(4, 1), store.Update{Status: "over white", Result: "white wins (checkmate)", Finished: true}); err != nil {
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
			!e.Time.Equal(w.Time) || !slices.Equal(e.Clocks, w.Clocks) {
			t.Errorf("Load event %d = %+v, want %+v", i, e, w)
		}
	}
	if g.Seq != 4 || !g.Finished || g.Status != "over white" || g.Result != "white wins (checkmate)" {
		t.Errorf("Load after appends = seq %d finished %v %q %q, want 4 true %q %q", g.Seq, g.Finished, g.Status, g.Result, "over white", "white wins (checkmate)")
	}
	tail, err := s.Events(ctx, "g1", 2)
	if err != nil || len(tail) != 2 || tail[0].Seq != 3 || tail[1].Seq != 4 {
		t.Errorf("Events(since 2) = %v, %v, want seq 3 and 4", tail, err)
	}
	// An empty append only updates.
	if err := s.Append(ctx, "g1", nil, store.Update{Status: "x", Finished: true}); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := s.Load(ctx, "g1"); g.Seq != 4 || g.Status != "x" {
		t.Errorf("Load after empty append = seq %d status %q, want 4 %q", g.Seq, g.Status, "x")
	}
}

func testAppendConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", events(1, 2), store.Update{Status: "s2"}); err != nil {
		t.Fatal(err)
	}
	for _, evs := range [][]store.Event{events(2, 1), events(4, 1), events(1, 3), append(events(3, 1), events(5, 1)...)} {
		if err := s.Append(ctx, "g1", evs, store.Update{Status: "bad"}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append(seq %d..) after 2 = %v, want ErrConflict", evs[0].Seq, err)
		}
	}
	g, evs, _ := s.Load(ctx, "g1")
	if g.Seq != 2 || len(evs) != 2 || g.Status != "s2" {
		t.Errorf("Load after refused appends = seq %d, %d events, %q, want 2, 2, %q", g.Seq, len(evs), g.Status, "s2")
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
				err := s.Append(ctx, "g1", events(seq, 1), store.Update{})
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
				if err := s.Append(ctx, id, events(seq, 1), store.Update{Status: fmt.Sprintf("after %d", seq)}); err != nil {
					t.Errorf("Append(%s, %d) = %v, want nil", id, seq, err)
				}
			}
		}()
		go func() {
			defer wg.Done()
			// Never the next event: seq 0 does not follow any log.
			if err := s.Append(ctx, id, events(0, 1), store.Update{}); !errors.Is(err, store.ErrConflict) {
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
		if got.Seq != moves || got.Status != fmt.Sprintf("after %d", moves) || fmt.Sprint(evs) != fmt.Sprint(events(1, moves)) {
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
	if err := s.SetSeats(ctx, "g1", seats); err != nil {
		t.Fatal(err)
	}
	got, _, _ := s.Load(ctx, "g1")
	if fmt.Sprint(got.Seats) != fmt.Sprint(seats) {
		t.Errorf("Load seats = %v, want %v", got.Seats, seats)
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
	if err := s.Append(ctx, "b", events(1, 1), store.Update{Finished: true, Status: "over draw"}); err != nil {
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
