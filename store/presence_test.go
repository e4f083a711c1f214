package store_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// TestPostgresPresence: the spectators of a game are summed over the
// instances whose rows are fresh; every change of counts is notified with
// the instance's id; an instance's refresh replaces its rows and deletes
// the rows expired long ago; an instance that stops removes its rows.
func TestPostgresPresence(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := openPostgres(t, u), openPostgres(t, u)
	defer a.Close()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan store.Change, 64)
	go b.Listen(ctx, func(c store.Change) { got <- c })
	// notes reads n notifications (after the listener's first resync) and
	// returns the games each instance was notified for.
	notes := func(n int) map[string][]string {
		t.Helper()
		out := map[string][]string{}
		for n > 0 {
			select {
			case c := <-got:
				if c.Resync {
					continue
				}
				if c.Presence == "" {
					t.Fatalf("notification %+v, want one of presence", c)
				}
				out[c.Presence] = append(out[c.Presence], c.Game)
				slices.Sort(out[c.Presence])
				n--
			case <-time.After(10 * time.Second):
				t.Fatalf("no notification in 10 s (%d more expected)", n)
			}
		}
		return out
	}
	<-got // the listener is connected: its first resync
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	exec := func(q string) {
		t.Helper()
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	rows := func() map[string]int {
		t.Helper()
		rs, err := conn.Query(ctx, `SELECT game_id || '/' || instance, count FROM presence`)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for rs.Next() {
			var k string
			var n int
			if err := rs.Scan(&k, &n); err != nil {
				t.Fatal(err)
			}
			out[k] = n
		}
		return out
	}
	all := []string{"g", "h", "nobody"}

	steps := []struct {
		name  string
		do    func() error
		notes map[string][]string // the notifications the step sends
		want  map[string]int      // Spectators(all) after it
		rows  map[string]int      // every row after it, when not nil
	}{
		{
			name:  "A watches g twice and h once",
			do:    func() error { return a.SetPresence(ctx, "A", counts(map[string]int{"g": 2, "h": 1})) },
			notes: map[string][]string{"A": {"g", "h"}},
			want:  map[string]int{"g": 2, "h": 1},
		},
		{
			name:  "B watches g once",
			do:    func() error { return b.SetPresence(ctx, "B", counts(map[string]int{"g": 1})) },
			notes: map[string][]string{"B": {"g"}},
			want:  map[string]int{"g": 3, "h": 1},
		},
		{
			name:  "A's spectators of g leave",
			do:    func() error { return a.SetPresence(ctx, "A", counts(map[string]int{"g": 0})) },
			notes: map[string][]string{"A": {"g"}},
			want:  map[string]int{"g": 1, "h": 1},
			rows:  map[string]int{"g/B": 1, "h/A": 1},
		},
		{
			name: "rows of dead instances: one expired long ago, one just expired",
			do: func() error {
				exec(`INSERT INTO presence VALUES ('g', 'ghost', 5, now() - interval '1 hour'), ('h', 'late', 7, now() - interval '20 seconds')`)
				return nil
			},
			want: map[string]int{"g": 1, "h": 1},
		},
		{
			name: "A's refresh replaces its rows and deletes the row expired long ago",
			do:   func() error { return a.KeepPresence(ctx, "A", counts(map[string]int{"g": 4, "nobody": 0})) },
			want: map[string]int{"g": 5, "h": 0},
			rows: map[string]int{"g/A": 4, "g/B": 1, "h/late": 7},
		},
		{
			name: "A's rows not refreshed for a while are not counted",
			do: func() error {
				exec(`UPDATE presence SET updated = now() - interval '16 seconds' WHERE instance = 'A'`)
				return nil
			},
			want: map[string]int{"g": 1},
		},
		{
			name: "A refreshes them",
			do:   func() error { return a.KeepPresence(ctx, "A", counts(map[string]int{"g": 4})) },
			want: map[string]int{"g": 5},
		},
		{
			name:  "B stops",
			do:    func() error { return b.ClearPresence(ctx, "B") },
			notes: map[string][]string{"B": {"g"}},
			want:  map[string]int{"g": 4},
			rows:  map[string]int{"g/A": 4, "h/late": 7},
		},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		n := 0
		for _, gs := range s.notes {
			n += len(gs)
		}
		if got := notes(n); n > 0 && !maps.EqualFunc(got, s.notes, slices.Equal) {
			t.Errorf("%s: notified %v, want %v", s.name, got, s.notes)
		}
		got, err := spectators(b.Watchers(ctx, all, ""))
		if err != nil {
			t.Fatalf("%s: Watchers = %v", s.name, err)
		}
		want := maps.Clone(s.want)
		maps.DeleteFunc(want, func(_ string, n int) bool { return n == 0 })
		if !maps.Equal(got, want) {
			t.Errorf("%s: Spectators(%v) = %v, want %v", s.name, all, got, want)
		}
		if s.rows != nil {
			if got := rows(); !maps.Equal(got, s.rows) {
				t.Errorf("%s: rows %v, want %v", s.name, got, s.rows)
			}
		}
	}
	// An instance asks for the spectators of the others.
	for _, c := range []struct {
		except string
		want   map[string]int
	}{{"A", map[string]int{}}, {"B", map[string]int{"g": 4}}} {
		if got, err := spectators(a.Watchers(ctx, all, c.except)); err != nil || !maps.Equal(got, c.want) {
			t.Errorf("Spectators(%v, except %s) = %v, %v, want %v", all, c.except, got, err, c.want)
		}
	}
	// Nothing else was notified: a refresh notifies nobody.
	select {
	case c := <-got:
		t.Errorf("a notification too many: %+v", c)
	case <-time.After(200 * time.Millisecond):
	}
}

// counts are watches of spectators only.
func counts(ns map[string]int) map[string]store.Watch {
	out := map[string]store.Watch{}
	for g, n := range ns {
		out[g] = store.Watch{Spectators: n}
	}
	return out
}

// spectators are the counts of spectators of watches with no player.
func spectators(ws map[string]store.Watch, err error) (map[string]int, error) {
	out := map[string]int{}
	for g, w := range ws {
		if len(w.Players) > 0 {
			return nil, fmt.Errorf("game %s: players %v, want none", g, w.Players)
		}
		out[g] = w.Spectators
	}
	return out, err
}

// TestPostgresPresencePlayers: the players online of a game are the union
// of the instances' fresh rows; a row with players and no spectators
// stays, and goes once it has neither.
func TestPostgresPresencePlayers(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := openPostgres(t, u), openPostgres(t, u)
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	check := func(name string, want map[string]store.Watch) {
		t.Helper()
		got, err := a.Watchers(ctx, []string{"g", "h"}, "")
		if err != nil || !maps.EqualFunc(got, want, store.Watch.Equal) {
			t.Errorf("%s: Watchers = %v, %v, want %v", name, got, err, want)
		}
	}
	if err := a.SetPresence(ctx, "A", map[string]store.Watch{"g": {Players: []string{"white"}}}); err != nil {
		t.Fatal(err)
	}
	if err := b.SetPresence(ctx, "B", map[string]store.Watch{"g": {Spectators: 2, Players: []string{"black", "white"}}, "h": {Spectators: 1}}); err != nil {
		t.Fatal(err)
	}
	check("white on A, both on B", map[string]store.Watch{"g": {Spectators: 2, Players: []string{"black", "white"}}, "h": {Spectators: 1}})
	if err := b.KeepPresence(ctx, "B", map[string]store.Watch{"g": {Players: []string{"black"}}}); err != nil {
		t.Fatal(err)
	}
	check("B keeps black only", map[string]store.Watch{"g": {Players: []string{"black", "white"}}})
	if got, err := a.Watchers(ctx, []string{"g"}, "A"); err != nil || !got["g"].Equal(store.Watch{Players: []string{"black"}}) {
		t.Errorf("Watchers(g, except A) = %v, %v, want black alone", got, err)
	}
	if err := a.SetPresence(ctx, "A", map[string]store.Watch{"g": {}}); err != nil {
		t.Fatal(err)
	}
	check("white leaves A", map[string]store.Watch{"g": {Players: []string{"black"}}})
}
