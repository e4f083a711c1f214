package server_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/wire"
)

var (
	poolPlayers  = flag.Int("pool.players", 0, "players TestPoolBench sends to the pools (0: skip the benchmark)")
	poolPostgres = flag.Bool("pool.postgres", false, "TestPoolBench on two instances on PostgreSQL instead of one on SQLite")
)

// TestPoolBench is the quick-pairing benchmark, run by hand:
//
//	go test ./server -run TestPoolBench -v -pool.players 1000 [-pool.postgres]
//
// The players join four pools (chess 3+2, Seiðr 5+3, Sea Hnefatafl 10+0,
// three-player Nords Loki 3+2) evenly over 10 s, each holding its place
// on a lobby feed; it checks that every one is paired exactly once and
// prints the time from joining to hearing of the game (p50, p95, max).
func TestPoolBench(t *testing.T) {
	if *poolPlayers == 0 {
		t.Skip("a benchmark: -pool.players N runs it")
	}
	es := []*env{start(t, nil)}
	if *poolPostgres {
		a, b := pair(t, nil)
		es = []*env{a, b}
	}
	pools := []wire.SeekRequest{
		{Game: "chess", Clock: &wire.ClockRequest{InitialMs: 180_000, IncrementMs: 2_000}},
		{Game: "seidr", Clock: &wire.ClockRequest{InitialMs: 300_000, IncrementMs: 3_000}},
		{Game: "seatafl", Clock: &wire.ClockRequest{InitialMs: 600_000}},
		{Game: "nordsloki", Options: map[string]string{"players": "3"}, Clock: &wire.ClockRequest{InitialMs: 180_000, IncrementMs: 2_000}},
	}
	size := []int{2, 2, 2, 3}
	// Each pool gets a quarter of the players, rounded down to whole
	// games, and the players take turns among the pools.
	var order []int
	for k := range pools {
		c := *poolPlayers / len(pools)
		for range c - c%size[k] {
			order = append(order, k)
		}
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	n := len(order)
	type result struct {
		pool       int
		game, seat string
		took       time.Duration
	}
	results := make([]result, n)
	gap := 10 * time.Second / time.Duration(n)
	begin := time.Now()
	var wg sync.WaitGroup
	late := time.Duration(0)
	for i := range n {
		late = max(late, -time.Until(begin.Add(time.Duration(i)*gap)))
		time.Sleep(time.Until(begin.Add(time.Duration(i) * gap)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := order[i]
			e := es[i%len(es)]
			joined := time.Now()
			p := joinPool(e, pools[k])
			m := p.feed.until("the pairing", func(m lobbyMessage) bool { return m.Type == wire.MessageMatched && m.ID == p.seek.ID })
			results[i] = result{pool: k, game: m.Game, seat: m.Player, took: time.Since(joined)}
		}()
	}
	joinedIn := time.Since(begin)
	wg.Wait()
	fmt.Printf("the last join began %s late at most; all paired %s after the first\n", late.Round(time.Millisecond), time.Since(begin).Round(time.Millisecond))
	games := map[string][]string{}
	poolOf := map[string]int{}
	var took []time.Duration
	for _, r := range results {
		games[r.game] = append(games[r.game], r.seat)
		poolOf[r.game] = r.pool
		took = append(took, r.took)
	}
	for g, seats := range games {
		if len(seats) != size[poolOf[g]] {
			t.Errorf("game %s of pool %d has seats %v, want %d", g, poolOf[g], seats, size[poolOf[g]])
		}
	}
	wantGames := 0
	for k := range pools {
		c := *poolPlayers / len(pools)
		wantGames += c / size[k]
	}
	for g, seats := range games {
		slices.Sort(seats)
		if len(slices.Compact(slices.Clone(seats))) != len(seats) {
			t.Errorf("game %s: seats %v, a seat twice", g, seats)
		}
	}
	paired := 0
	for _, s := range games {
		paired += len(s)
	}
	slices.Sort(took)
	q := func(p float64) time.Duration { return took[int(p*float64(len(took)-1))].Round(time.Millisecond) }
	fmt.Printf("pools: %d players on %d instance(s) joined in %s; %d paired into %d games (want %d); time to a pairing p50 %s, p95 %s, max %s\n",
		n, len(es), joinedIn.Round(time.Millisecond), paired, len(games), wantGames, q(0.5), q(0.95), q(1))
	if len(games) != wantGames {
		t.Errorf("%d games, want %d", len(games), wantGames)
	}
}
