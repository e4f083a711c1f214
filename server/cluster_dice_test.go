package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// TestTwoInstancesDiceGamesVerify plays dice games through two instances
// on one PostgreSQL, every request going to the other instance than the
// one before: the seeds are given on different instances, then moves
// alternate between them, and each game ends with a resignation. Every
// finished record verifies, every roll recomputed from the stored seeds.
func TestTwoInstancesDiceGamesVerify(t *testing.T) {
	a, b := pair(t, nil)
	envs := []*env{a, b}
	n := 120
	if testing.Short() {
		n = 20
	}
	names := []string{"seidr", "luxumbra", "nordsloki"}
	for i := range n {
		name := names[i%len(names)]
		c := envs[i%2].createOnly(wire.CreateRequest{Game: name, Seats: seats("h", "h")})
		tokens := tokensOf(c)
		for j, s := range c.Seats {
			envs[(i+j+1)%2].must("POST", "/api/games/"+c.ID+"/seed", s.Token, map[string]string{"seed": fmt.Sprintf("seed %d of %s", i, s.Player)}, nil)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 30))
		turn := i
		v := alternate(t, envs, &turn, c.ID, tokens, rng, 8)
		if !v.Finished {
			envs[turn%2].must("POST", "/api/games/"+c.ID+"/resign", tokens[v.Players[0]], nil, nil)
		}
		rec, err := record.Parse(strings.NewReader(envs[turn%2].record(c.ID, "norns")))
		if err != nil {
			t.Fatalf("game %d (%s): %v", i, name, err)
		}
		ver, err := record.Verify(rec, games.All)
		if err != nil {
			t.Errorf("game %d (%s %s): norns verify: %v", i, name, c.ID, err)
			continue
		}
		if !ver.Revealed || ver.Rolls == 0 {
			t.Errorf("game %d (%s): revealed %v, %d rolls checked", i, name, ver.Revealed, ver.Rolls)
		}
	}
}

// alternate plays up to limit random legal actions of a game, each request
// sent to the instance after the one before (turn counts them). An
// instance that has not heard of the last action yet answers stale, and
// the action is sent again a moment later.
func alternate(t *testing.T, envs []*env, turn *int, id string, tokens map[string]string, rng *rand.Rand, limit int) wire.View {
	t.Helper()
	v := envs[*turn%2].view(id)
	deadline := time.Now().Add(30 * time.Second)
	for played := 0; played < limit && !v.Finished; {
		if time.Now().After(deadline) {
			t.Fatalf("game %s: stuck at seq %d, %s", id, v.Seq, v.Status)
		}
		*turn++
		e := envs[*turn%2]
		tok, ok := tokens[v.ToMove]
		if !ok || len(v.Legal) == 0 {
			time.Sleep(5 * time.Millisecond)
			v = e.view(id)
			continue
		}
		var after wire.View
		st, ae := e.call("POST", "/api/games/"+id+"/actions", tok, map[string]any{"action": v.Legal[rng.IntN(len(v.Legal))], "seq": v.Seq}, &after)
		switch {
		case st == http.StatusOK:
			played++
			v = after
		case st == http.StatusConflict && (ae.Code == wire.CodeStale || ae.Code == wire.CodeConflict):
			time.Sleep(5 * time.Millisecond)
			v = e.view(id)
		default:
			t.Fatalf("game %s: action at seq %d = %d %+v", id, v.Seq, st, ae)
		}
	}
	return v
}

// seatsUnheard is a shared store whose instance never hears that seats
// changed: every change reaches it as an append only, as when the news of
// a seed arrives after the news of the rolls it caused.
type seatsUnheard struct{ store.Shared }

func (s seatsUnheard) Listen(ctx context.Context, f func(store.Change)) error {
	return s.Shared.Listen(ctx, func(c store.Change) {
		c.Seats = false
		f(c)
	})
}

// TestSeedsHeardLate: an instance that follows the rolls of another
// before it hears of the seed that started them still rolls from the
// stored seeds. Black gives the last seed on instance a, which makes the
// first roll; b, which never hears of seat changes, takes the next move
// and rolls: every roll recomputes from the stored seeds.
func TestSeedsHeardLate(t *testing.T) {
	u := storetest.PostgresURL(t)
	open := func(late bool) *env {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		if late {
			st = seatsUnheard{st.(store.Shared)}
		}
		return startStore(t, st, nil)
	}
	a, b := open(false), open(true)
	for i, name := range []string{"luxumbra", "nordsloki", "luxumbra", "nordsloki"} {
		c := b.createOnly(wire.CreateRequest{Game: name, Seats: seats("h", "h")})
		tokens := tokensOf(c)
		b.must("POST", "/api/games/"+c.ID+"/seed", c.Seats[0].Token, map[string]string{"seed": "white's"}, nil)
		a.must("POST", "/api/games/"+c.ID+"/seed", c.Seats[1].Token, map[string]string{"seed": "black's"}, nil)
		turn := 0 // every action on b
		envs := []*env{b, b}
		alternate(t, envs, &turn, c.ID, tokens, rand.New(rand.NewPCG(uint64(i), 31)), 6)
		rec, evs, err := a.st.Load(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkRolls(t, rec, evs)
	}
}

// appendsHeld is a shared store whose appends wait until release is
// closed: an instance that made a change of seats has not yet stored the
// rolls it caused.
type appendsHeld struct {
	store.Shared
	release chan struct{}
}

func (s appendsHeld) Append(ctx context.Context, id string, version int64, events []store.Event, u store.Update) error {
	<-s.release
	return s.Shared.Append(ctx, id, version, events, u)
}

// TestRollDueHeardFirst: an instance that has heard the seeds of a
// three-player Nords Loki game but not yet the draw of its first player,
// which another instance is about to store, takes a resignation: it draws
// the first player itself (the same rolls: they depend only on what is
// stored) before the resignation, and stores both, or follows the other's
// rolls and resigns after them; the record verifies either way.
func TestRollDueHeardFirst(t *testing.T) {
	u := storetest.PostgresURL(t)
	held := appendsHeld{release: make(chan struct{})}
	open := func(hold bool) *env {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		if hold {
			held.Shared = st.(store.Shared)
			st = held
		}
		return startStore(t, st, nil)
	}
	a, b := open(true), open(false)
	c := b.createOnly(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	for _, s := range c.Seats[:2] {
		b.must("POST", "/api/games/"+c.ID+"/seed", s.Token, map[string]string{"seed": "seed of " + s.Player}, nil)
	}
	// p3's seed on a: the seats are stored, the draw waits.
	seeded := make(chan int)
	go func() {
		st, ae := a.call("POST", "/api/games/"+c.ID+"/seed", c.Seats[2].Token, map[string]string{"seed": "seed of p3"}, nil)
		t.Logf("p3's seed on a: %d %s", st, ae.Code)
		seeded <- st
	}()
	deadline := time.Now().Add(10 * time.Second)
	for v := b.view(c.ID); len(v.AwaitingSeeds) > 0 || !v.Started; v = b.view(c.ID) {
		if time.Now().After(deadline) {
			t.Fatalf("b never heard p3's seed: %+v", v)
		}
		time.Sleep(5 * time.Millisecond)
	}
	st, ae := b.call("POST", "/api/games/"+c.ID+"/resign", c.Seats[1].Token, nil, nil)
	close(held.release)
	if st := <-seeded; st != http.StatusOK {
		t.Errorf("p3's seed on the instance whose rolls were held: %d, want 200 (the seats were stored)", st)
	}
	if st != http.StatusOK {
		t.Fatalf("p2 resigning on the instance that has not heard the draw: %d %s, want 200", st, ae.Code)
	}
	v := b.view(c.ID)
	if !v.Seats[1].Left || v.Fairness.Rolls == 0 {
		t.Fatalf("after the resignation: p2 left %v, %d rolls; want p2 out after the draw", v.Seats[1].Left, v.Fairness.Rolls)
	}
	rec, evs, err := b.st.Load(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkRolls(t, rec, evs)
}
