package server_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/loadtest"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// BenchmarkMoves plays random chess moves between two clients through the
// HTTP API of a server on SQLite: each iteration is one move, stored and
// synced before it is answered, plus the view it answers with. ns/op is
// the time per move; moves/s is reported.
func BenchmarkMoves(b *testing.B) {
	e := start(b, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	var c created
	var v wire.View
	newGame := func() {
		c = e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
		v = c.Game
	}
	newGame()
	tokens := tokensOf(c)
	cpu := startCPU()
	for b.Loop() {
		if v.Finished {
			newGame()
			tokens = tokensOf(c)
		}
		v = e.playRandom(rng, c.ID, tokens, v)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	cpu.report(b)
}

// BenchmarkMovesParallel is BenchmarkMoves with a game per client and
// clients in parallel (GOMAXPROCS × 4 of them).
func BenchmarkMovesParallel(b *testing.B) {
	e := start(b, nil)
	b.SetParallelism(4)
	var seed atomic.Uint64
	cpu := startCPU()
	b.RunParallel(func(pb *testing.PB) {
		rng := rand.New(rand.NewPCG(seed.Add(1), 3))
		var c created
		var v wire.View
		var tokens map[string]string
		newGame := func() {
			c = e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
			v, tokens = c.Game, tokensOf(c)
		}
		newGame()
		for pb.Next() {
			if v.Finished {
				newGame()
			}
			v = e.playRandom(rng, c.ID, tokens, v)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	cpu.report(b)
}

// BenchmarkRestore loads a long game (a legal Sea Hnefatafl log of random
// moves that never ends it) into a new server and answers its view: the
// time per load grows linearly with the log.
func BenchmarkRestore(b *testing.B) {
	for _, n := range []int{5000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "norns.db")
			id := storeLongGame(b, path, n)
			e := startOn(b, path, nil)
			for b.Loop() {
				// A new server holds nothing: the view loads the game.
				srv, err := server.New(server.Config{Config: live.Config{Store: e.st, Games: games.All}})
				if err != nil {
					b.Fatal(err)
				}
				w := httptest.NewRecorder()
				srv.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/api/games/"+id, nil))
				srv.Close()
				if w.Code != 200 {
					b.Fatalf("GET = %d %s", w.Code, w.Body)
				}
			}
		})
	}
}

// storeLongGame stores a game of n legal Sea Hnefatafl moves that do not
// end it, and returns its id.
func storeLongGame(b *testing.B, path string, n int) string {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	opts := map[string]string{"repetition": "off", "move-limit": "30000"}
	g := mustGame(b, "seatafl")
	s, err := g.New(game.Options(opts))
	if err != nil {
		b.Fatal(err)
	}
	rec := &store.Game{ID: "long", Game: "seatafl", Options: s.Options(), ServerSeed: []byte{1}, Commitment: "c",
		Seats: []store.Seat{{Player: "black", Kind: store.SeatHuman}, {Player: "white", Kind: store.SeatHuman}}, Created: time.Now(), Updated: time.Now()}
	if err := st.Create(ctx, rec); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	var batch []store.Event
	var version int64
	for seq := int64(1); seq <= int64(n); seq++ {
		legal := s.Legal()
		rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		for _, a := range legal {
			p := s.Players()[s.Player()]
			text := s.ActionString(a)
			s.ApplyUnchecked(a)
			if !s.Terminal() {
				batch = append(batch, store.Event{Seq: seq, Kind: store.EventMove, Player: p, Action: text, Code: uint32(a), Time: time.Now()})
				break
			}
			s.Undo()
		}
		if len(batch) == 1000 || seq == int64(n) {
			if err := st.Append(ctx, rec.ID, version, batch, store.Update{Status: game.Status(s)}); err != nil {
				b.Fatal(err)
			}
			version++
			batch = nil
		}
	}
	return rec.ID
}

// BenchmarkMovesFeed is BenchmarkMoves with both players following the
// game's WebSocket feed, as the web app does: each move is also written
// as two messages (the event, the state) to each of them, and the move is
// done when both have read the state. The feeds are read in the
// benchmark's process, so their reading is counted too.
func BenchmarkMovesFeed(b *testing.B) {
	e := start(b, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	var c created
	var v wire.View
	var tokens map[string]string
	var stop func()
	states := make(chan struct{}, 64)
	waitStates := func() {
		for range len(tokens) {
			<-states
		}
	}
	newGame := func() {
		if stop != nil {
			stop()
		}
		c = e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
		v, tokens = c.Game, tokensOf(c)
		var wg sync.WaitGroup
		var feeds []*feed
		for _, t := range tokens {
			f := e.subscribe(c.ID, 0, t)
			feeds = append(feeds, f)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					_, m, err := f.c.Read(context.Background())
					if err != nil {
						return
					}
					if bytes.HasPrefix(m, []byte(`{"game":`)) {
						states <- struct{}{}
					}
				}
			}()
		}
		stop = func() {
			for _, f := range feeds {
				f.c.CloseNow()
			}
			wg.Wait()
		}
		waitStates()
	}
	newGame()
	cpu := startCPU()
	for b.Loop() {
		if v.Finished {
			newGame()
		}
		v = e.playRandom(rng, c.ID, tokens, v)
		waitStates()
	}
	b.StopTimer()
	stop()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	cpu.report(b)
}

// cpuMeter measures the CPU time of the benchmark's process, server and
// clients together: under other work it moves far less than the time.
type cpuMeter struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuMeter {
	d, ok := loadtest.ProcessCPU()
	return cpuMeter{d, ok}
}

// report gives the process's CPU time per iteration as "cpu-µs/move".
func (m cpuMeter) report(b *testing.B) {
	if d, ok := loadtest.ProcessCPU(); ok && m.ok {
		b.ReportMetric(float64((d-m.start).Microseconds())/float64(b.N), "cpu-µs/move")
	}
}
