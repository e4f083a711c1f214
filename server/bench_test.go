package server_test

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"norns/server"
)

// BenchmarkMoves plays random chess moves between two clients through the
// HTTP API of a server on SQLite: each iteration is one move, stored and
// synced before it is answered, plus the view it answers with. ns/op is
// the time per move; moves/s is reported.
func BenchmarkMoves(b *testing.B) {
	e := start(b, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	var c created
	var v server.View
	newGame := func() {
		c = e.create(server.CreateRequest{Game: "chess", Seats: seats("h", "h")})
		v = c.Game
	}
	newGame()
	tokens := tokensOf(c)
	for b.Loop() {
		if v.Finished {
			newGame()
			tokens = tokensOf(c)
		}
		a := v.Legal[rng.IntN(len(v.Legal))]
		var after server.View
		e.must("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": a, "seq": v.Seq}, &after)
		v = after
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkMovesParallel is BenchmarkMoves with a game per client and
// clients in parallel (GOMAXPROCS × 4 of them).
func BenchmarkMovesParallel(b *testing.B) {
	e := start(b, nil)
	b.SetParallelism(4)
	var seed atomic.Uint64
	b.RunParallel(func(pb *testing.PB) {
		rng := rand.New(rand.NewPCG(seed.Add(1), 3))
		var c created
		var v server.View
		var tokens map[string]string
		newGame := func() {
			c = e.create(server.CreateRequest{Game: "chess", Seats: seats("h", "h")})
			v, tokens = c.Game, tokensOf(c)
		}
		newGame()
		for pb.Next() {
			if v.Finished {
				newGame()
			}
			a := v.Legal[rng.IntN(len(v.Legal))]
			var after server.View
			e.must("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": a, "seq": v.Seq}, &after)
			v = after
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
