package server_test

import (
	"context"
	"maps"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// onPostgres starts an instance on the PostgreSQL database u.
func onPostgres(t *testing.T, u string, st func(store.Store) store.Store) *env {
	t.Helper()
	s, err := store.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	if st != nil {
		return startStore(t, st(s), nil)
	}
	return startStore(t, s, nil)
}

// settle reads counts of spectators until want comes, failing on a count
// above most on the way (a player counted, a dead instance's row).
func (f *feed) settle(name string, want, most int) {
	f.t.Helper()
	for {
		n := f.watchers()
		if n > most {
			f.t.Fatalf("%s hears %d spectators, never more than %d (on the way to %d)", name, n, most, want)
		}
		if n == want {
			return
		}
	}
}

// TestWatchersTwoInstances: instances sharing a database give every
// subscriber the spectators of all of them, never a player who proved
// their seat nor the stale row of an instance that died; a spectator
// leaving, and an instance stopping, take their part out everywhere.
func TestWatchersTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := onPostgres(t, u, nil), onPostgres(t, u, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)

	// Instances that died without removing their rows: one long ago, one
	// a little over the time rows count.
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO presence VALUES ($1, 'dead', 5, now() - interval '1 hour'), ($1, 'late', 7, now() - interval '20 seconds')`, c.ID); err != nil {
		t.Fatal(err)
	}

	white := a.subscribe(c.ID, 0, tokens["white"])
	white.settle("White's client alone", 0, 0)
	sa := a.subscribe(c.ID, 0, "")
	for name, f := range map[string]*feed{"White on a": white, "a spectator on a": sa} {
		f.settle(name, 1, 1)
	}
	sb := b.subscribe(c.ID, 0, "")
	feeds := map[string]*feed{"White on a": white, "a spectator on a": sa, "a spectator on b": sb}
	for name, f := range feeds {
		f.settle(name+", with a spectator on each instance", 2, 2)
	}

	// The spectator on a leaves.
	sa.c.CloseNow()
	delete(feeds, "a spectator on a")
	for name, f := range feeds {
		f.settle(name+", after a's spectator left", 1, 2)
	}
	sa2 := a.subscribe(c.ID, 0, "")
	feeds["another spectator on a"] = sa2
	for name, f := range feeds {
		f.settle(name+", with a spectator on each instance again", 2, 2)
	}

	// Instance b stops: its spectator is no longer counted on a.
	b.stop()
	delete(feeds, "a spectator on b")
	for name, f := range feeds {
		f.settle(name+", after b stopped", 1, 2)
	}
	var rows int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM presence WHERE game_id = $1 AND count = 1`, c.ID).Scan(&rows); err != nil || rows != 1 {
		t.Errorf("rows of one spectator of the game after b stopped: %d (%v), want a's only", rows, err)
	}
}

// stuckPresence is a shared store whose presence statements hang until
// their context ends (a table locked, a database that stopped answering).
type stuckPresence struct {
	*store.Postgres
}

func (stuckPresence) SetPresence(ctx context.Context, _ string, _ map[string]store.Watch) error {
	<-ctx.Done()
	return ctx.Err()
}

func (stuckPresence) KeepPresence(ctx context.Context, _ string, _ map[string]store.Watch) error {
	<-ctx.Done()
	return ctx.Err()
}

func (stuckPresence) Watchers(ctx context.Context, _ []string, _ string) (map[string]store.Watch, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (stuckPresence) ClearPresence(ctx context.Context, _ string) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestWatchersStuckPresence: with the count of spectators stuck in the
// store, feeds open, players join and move, and every feed hears each
// move: a presence statement is never in their way.
func TestWatchersStuckPresence(t *testing.T) {
	u := storetest.PostgresURL(t)
	a := onPostgres(t, u, func(s store.Store) store.Store { return stuckPresence{s.(*store.Postgres)} })
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	var spectators []*feed
	for range 3 {
		spectators = append(spectators, a.subscribe(c.ID, 0, ""))
	}
	white := a.subscribe(c.ID, 0, c.Seats[0].Token)
	j := a.join(c.ID, "black", c.Seats[1].Invite, "Bo")
	if j.Token == "" {
		t.Fatalf("join = %+v, want a seat token", j)
	}
	for range 2 {
		v := a.view(c.ID)
		token := c.Seats[0].Token
		if v.ToMove == "black" {
			token = j.Token
		}
		after := a.move(c.ID, token, v.Legal[0])
		for i, f := range append(spectators, white) {
			if _, got := f.until(func(g wire.View) bool { return g.Seq >= after.Seq }); got.Seq != after.Seq {
				t.Errorf("feed %d: state at seq %d, want %d", i, got.Seq, after.Seq)
			}
		}
	}
}

// TestWatchersDeadInstance: the spectators of an instance that died
// without a word (its row no longer refreshed) stop counting, and the
// feeds hear it without any notification.
func TestWatchersDeadInstance(t *testing.T) {
	u := storetest.PostgresURL(t)
	a := onPostgres(t, u, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO presence VALUES ($1, 'other', 3, now())`, c.ID); err != nil {
		t.Fatal(err)
	}
	f := a.subscribe(c.ID, 0, "")
	f.settle("a spectator, with three on another instance", 4, 4)
	// The other instance died: its row was last refreshed long ago.
	if _, err := conn.Exec(ctx, `UPDATE presence SET updated = now() - interval '1 hour' WHERE instance = 'other'`); err != nil {
		t.Fatal(err)
	}
	f.settle("the spectator, after the other instance died", 1, 4)
}

// TestPresenceTwoInstances: a player is online while a feed that proved
// their seat is connected to any instance sharing the database: every
// subscriber, on either instance, hears both players online, then the
// one whose feed closed on the other instance gone; the player present
// claims the victory after the grace time on the instance of their feed.
func TestPresenceTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	clock := newFakeClock()
	on := func() *env {
		s, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		return startStore(t, s, func(c *server.Config) { c.Now = clock.Now })
	}
	a, b := on(), on()
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: blitz})
	w, bl := c.Seats[0].Token, c.Seats[1].Token
	a.move(c.ID, w, "e2e4")
	white := a.subscribe(c.ID, 0, w)
	black := b.subscribe(c.ID, 0, bl)
	watcher := b.subscribe(c.ID, 0, "")
	for name, f := range map[string]*feed{"white on a": white, "black on b": black, "a spectator on b": watcher} {
		if m := f.presence("black", "white"); len(m.GoneMs) != 0 {
			t.Errorf("%s, both online: gone_ms = %v, want none", name, m.GoneMs)
		}
	}
	clock.Add(time.Minute)
	if st, code, _ := a.leave(c.ID, "claim-victory", w); st != http.StatusConflict || code != wire.CodeCannotClaim {
		t.Errorf("white's claim on a while black is online on b = %d %s, want 409 %s", st, code, wire.CodeCannotClaim)
	}
	black.c.CloseNow()
	for name, f := range map[string]*feed{"white on a": white, "a spectator on b": watcher} {
		if m := f.presence("white"); !maps.Equal(m.GoneMs, map[string]int64{"black": 30000}) {
			t.Errorf("%s, black gone: gone_ms = %v, want black's 30 s", name, m.GoneMs)
		}
	}
	clock.Add(30 * time.Second)
	st, code, v := a.leave(c.ID, "claim-victory", w)
	if st != http.StatusOK || v.Result != "white wins (opponent left)" {
		t.Fatalf("white's claim on a, black gone 30 s = %d %s %q, want white wins (opponent left)", st, code, v.Result)
	}
}
