package server_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// faulty is a store whose appends can be made to fail: held, an append
// waits until release is closed and then fails (a write lock held by
// another connection); failing, it fails at once (a full disk).
type faulty struct {
	store.Store
	mu      sync.Mutex
	failing bool
	held    chan struct{} // closed when a held append has begun
	release chan struct{}
}

var errDiskFull = errors.New("disk full")

func (f *faulty) Append(ctx context.Context, id string, version int64, events []store.Event, u store.Update) error {
	f.mu.Lock()
	failing, held, release := f.failing, f.held, f.release
	f.held = nil
	f.mu.Unlock()
	if held != nil {
		close(held)
		<-release
		return errDiskFull
	}
	if failing {
		return errDiskFull
	}
	return f.Store.Append(ctx, id, version, events, u)
}

// hold makes the next append wait for release and fail; it returns a
// channel closed once that append has begun.
func (f *faulty) hold() (begun, release chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held, f.release = make(chan struct{}), make(chan struct{})
	return f.held, f.release
}

func (f *faulty) fail(on bool) {
	f.mu.Lock()
	f.failing = on
	f.mu.Unlock()
}

// leaks reports what a view shows that it must not after a failed write:
// the server seed of a game in progress, a finished flag, or events past
// the stored log.
func leaks(v wire.View, stored int64) string {
	var out []string
	if v.Fairness.ServerSeed != "" {
		out = append(out, "the server seed "+v.Fairness.ServerSeed)
	}
	if v.Finished || strings.Contains(v.Status, "over") {
		out = append(out, "finished, status "+v.Status)
	}
	if v.Seq != stored {
		out = append(out, fmt.Sprintf("seq %d, the store has %d", v.Seq, stored))
	}
	return strings.Join(out, "; ")
}

// TestFailedWriteRevealsNothing: a move whose append fails (a write lock
// held past the timeout, a full disk) is answered with an error, and the
// requests waiting on the game meanwhile (spectators polling without a
// token, a WebSocket feed) see the game as stored: never its server seed,
// never over, never the move that was not stored. The game then plays on.
func TestFailedWriteRevealsNothing(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	f := &faulty{Store: st}
	e := startStore(t, f, nil)
	c := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	feed := e.subscribe(c.ID, 0, "")
	feed.until(func(wire.View) bool { return true })

	// A write lock held by another connection: the move waits, pollers
	// pile up behind it, then the append fails.
	begun, release := f.hold()
	moved := make(chan int, 1)
	go func() {
		st, _ := e.call("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil)
		moved <- st
	}()
	<-begun
	var wg sync.WaitGroup
	views := make([]wire.View, 4)
	for i := range views {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.must("GET", "/api/games/"+c.ID, "", nil, &views[i])
		}()
	}
	time.Sleep(50 * time.Millisecond) // let the pollers queue up
	close(release)
	wg.Wait()
	if st := <-moved; st != http.StatusInternalServerError {
		t.Errorf("the move whose append failed = %d, want 500", st)
	}
	for i, got := range views {
		if l := leaks(got, v.Seq); l != "" {
			t.Errorf("poller %d during the failed write saw %s", i, l)
		}
	}

	// A full disk: the append fails at once.
	f.fail(true)
	if st, ae := e.call("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil); st != http.StatusInternalServerError {
		t.Errorf("the move on a full disk = %d %+v, want 500", st, ae)
	}
	if l := leaks(e.view(c.ID), v.Seq); l != "" {
		t.Errorf("after a failed write the game shows %s", l)
	}
	// The feed was closed (the game was reloaded) without showing
	// anything it must not.
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, b, err := feed.c.Read(ctx)
		cancel()
		if err != nil {
			break
		}
		if strings.Contains(string(b), `"server_seed"`) || strings.Contains(string(b), `"finished":true`) {
			t.Errorf("the feed sent after a failed write: %s", b)
		}
	}

	// The disk has room again: the same move is played and stored.
	f.fail(false)
	var after wire.View
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": v.Legal[0], "seq": v.Seq}, &after)
	if after.Seq <= v.Seq || after.Fairness.ServerSeed != "" {
		t.Errorf("the move after the failures: seq %d (was %d), seed %q", after.Seq, v.Seq, after.Fairness.ServerSeed)
	}
	if _, evs, err := st.Load(context.Background(), c.ID); err != nil || int64(len(evs)) != after.Seq {
		t.Errorf("the store holds %d events (%v), the game %d", len(evs), err, after.Seq)
	}
}

// pair starts two instances on one PostgreSQL database (skipped without
// PostgreSQL).
func pair(t *testing.T, mod func(*server.Config)) (a, b *env) {
	t.Helper()
	u := storetest.PostgresURL(t)
	open := func() *env {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		return startStore(t, st, mod)
	}
	return open(), open()
}

// both sends the same request to two instances at once and returns their
// statuses and error codes.
func both(a, b *env, method, path, token string, body any) (st [2]int, codes [2]string, out [2]map[string]any) {
	var wg sync.WaitGroup
	for i, e := range []*env{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ae apiError
			st[i], ae = e.call(method, path, token, body, &out[i])
			codes[i] = ae.Code
		}()
	}
	wg.Wait()
	return st, codes, out
}

// TestTwoInstancesSameMove: the same move posted to two instances at once
// is stored once; the other gets a clean conflict, and neither instance
// ever shows the server seed or a finished game, to players or to
// spectators on its feed.
func TestTwoInstancesSameMove(t *testing.T) {
	a, b := pair(t, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	var feeds []*feed
	for _, e := range []*env{a, b} {
		f := e.subscribe(c.ID, 0, "")
		feeds = append(feeds, f)
	}
	for round := range 12 {
		v := a.view(c.ID)
		st, codes, _ := both(a, b, "POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": v.Legal[0], "seq": v.Seq})
		ok := 0
		for i := range st {
			switch {
			case st[i] == http.StatusOK:
				ok++
			case st[i] != http.StatusConflict || codes[i] != wire.CodeStale && codes[i] != wire.CodeConflict:
				t.Errorf("round %d: instance %d answered %d %s, want 200 or 409", round, i, st[i], codes[i])
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d instances took the move, want 1 (%v %v)", round, ok, st, codes)
		}
		_, evs, err := a.st.Load(context.Background(), c.ID)
		if err != nil || int64(len(evs)) != v.Seq+1 {
			t.Fatalf("round %d: the store holds %d events (%v), want %d", round, len(evs), err, v.Seq+1)
		}
		for i, e := range []*env{a, b} {
			got := e.view(c.ID)
			if got.Fairness.ServerSeed != "" || got.Finished || got.Seq > v.Seq+1 {
				t.Errorf("round %d: instance %d shows seq %d, finished %v, seed %q", round, i, got.Seq, got.Finished, got.Fairness.ServerSeed)
			}
		}
	}
	for i, f := range feeds {
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			_, msg, err := f.c.Read(ctx)
			cancel()
			if err != nil {
				break
			}
			if strings.Contains(string(msg), `"server_seed"`) || strings.Contains(string(msg), `"finished":true`) {
				t.Errorf("spectator of instance %d got %s", i, msg)
			}
		}
	}
}

// TestTwoInstancesSameInvitation: the same invitation posted to two
// instances at once seats one player; the other gets a clean conflict
// (the seat is taken), and the seat belongs to the token that was handed
// out.
func TestTwoInstancesSameInvitation(t *testing.T) {
	a, b := pair(t, nil)
	for round := range 20 {
		c := a.createOnly(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
		b.view(c.ID) // b holds the game too
		st, codes, out := both(a, b, "POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[1].Invite, "name": fmt.Sprint("guest ", round)})
		winner := -1
		for i := range st {
			switch {
			case st[i] == http.StatusOK:
				if winner >= 0 {
					t.Fatalf("round %d: both instances seated a player", round)
				}
				winner = i
			case st[i] != http.StatusConflict || codes[i] != wire.CodeSeatNotOpen && codes[i] != wire.CodeConflict:
				t.Errorf("round %d: instance %d answered %d %s, want 200 or 409 seat_not_open", round, i, st[i], codes[i])
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: no instance seated the player: %v %v", round, st, codes)
		}
		tok := out[winner]["token"].(string)
		for i, e := range []*env{a, b} {
			var v wire.View
			e.must("GET", "/api/games/"+c.ID, tok, nil, &v)
			if v.You != "black" || v.Seats[1].Kind != "human" || !v.Started {
				t.Errorf("round %d: instance %d with the winner's token: you %q, seat %+v, started %v", round, i, v.You, v.Seats[1], v.Started)
			}
		}
	}
}

// TestTwoInstancesSeedAndJoin: a seed changed on one instance while a join
// on the other starts the game never breaks the dice: the rolls stored are
// the ones the stored seeds give, in every round.
func TestTwoInstancesSeedAndJoin(t *testing.T) {
	a, b := pair(t, nil)
	ctx := context.Background()
	for round := range 16 {
		c := a.createOnly(wire.CreateRequest{Game: "nordsloki", Seats: seats("h", "o")})
		p1 := c.Seats[0].Token
		a.must("POST", "/api/games/"+c.ID+"/seed", p1, map[string]string{"seed": "first"}, nil)
		b.view(c.ID)
		var wg sync.WaitGroup
		var seedSt, joinSt int
		var seedCode string
		wg.Add(2)
		go func() {
			defer wg.Done()
			var ae apiError
			seedSt, ae = a.call("POST", "/api/games/"+c.ID+"/seed", p1, map[string]string{"seed": fmt.Sprint("second ", round)}, nil)
			seedCode = ae.Code
		}()
		go func() {
			defer wg.Done()
			joinSt, _ = b.call("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[1].Invite, "seed": "joiner"}, nil)
		}()
		wg.Wait()
		if joinSt != http.StatusOK {
			t.Fatalf("round %d: join = %d", round, joinSt)
		}
		if seedSt != http.StatusOK && (seedSt != http.StatusConflict || seedCode != wire.CodeSeedLocked && seedCode != wire.CodeConflict) {
			t.Errorf("round %d: seed change = %d %s, want 200 or 409 seed_locked", round, seedSt, seedCode)
		}
		rec, evs, err := a.st.Load(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkRolls(t, rec, evs)
		if seedSt == http.StatusOK && rec.Seats[0].Seed == "first" || seedSt != http.StatusOK && rec.Seats[0].Seed != "first" {
			t.Errorf("round %d: seed change answered %d, stored seed %q", round, seedSt, rec.Seats[0].Seed)
		}
	}
}

// checkRolls recomputes every stored roll of a game from its stored seeds,
// up to the first event that is neither a move nor a roll.
func checkRolls(t *testing.T, rec *store.Game, evs []store.Event) {
	t.Helper()
	g, err := games.ByName(rec.Game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(game.Options(rec.Options))
	if err != nil {
		t.Fatal(err)
	}
	var seeds []string
	for _, s := range rec.Seats {
		seeds = append(seeds, s.Seed)
	}
	scheme := rec.Scheme
	if scheme == "" {
		scheme = dice.SchemeV1
	}
	roller, err := dice.ForScheme(scheme, rec.ServerSeed, seeds)
	if err != nil {
		t.Fatal(err)
	}
	var rolls uint64
	var cause []byte // the nonce the last event but a roll revealed
	for _, e := range evs {
		if e.Kind != store.EventRoll && e.Kind != store.EventMove {
			break
		}
		if e.Kind != store.EventRoll {
			cause, _ = hex.DecodeString(e.Nonce)
		}
		if e.Kind == store.EventRoll {
			want, err := roller.RollCaused(rolls, cause, st.ChanceOutcomes())
			if err != nil {
				t.Fatal(err)
			}
			if want != game.Action(e.Code) {
				t.Fatalf("game %s event %d: roll %s, the stored seeds %q give %s", rec.ID, e.Seq, e.Action, seeds, st.ActionString(want))
			}
			rolls++
		}
		if err := st.Apply(game.Action(e.Code)); err != nil {
			t.Fatal(err)
		}
	}
	if rolls == 0 {
		t.Fatalf("game %s: no roll stored", rec.ID)
	}
}

// TestCommitmentFirst: for every kind of game the server publishes its
// commitment before it takes any player's seed, and rolls only after: the
// create answer holds the commitment and no roll; a game with people rolls
// once each of them gave a seed; a game between AIs rolls after the create
// answer.
func TestCommitmentFirst(t *testing.T) {
	e := start(t, func(c *server.Config) { c.AIOnlyGames = true })
	for _, tt := range []struct {
		name    string
		game    string
		options map[string]string
		seats   []string
	}{
		{"invitation", "nordsloki", nil, []string{"h", "o"}},
		{"against the AI", "nordsloki", nil, []string{"h", "e"}},
		{"hot seat", "nordsloki", nil, []string{"h", "h"}},
		{"three players", "nordsloki", map[string]string{"players": "3"}, []string{"h", "e", "o"}},
		{"AIs only", "nordsloki", nil, []string{"e", "e"}},
		{"against the AI, Lux et Umbra", "luxumbra", nil, []string{"h", "e"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			c := e.createOnly(wire.CreateRequest{Game: tt.game, Options: tt.options, Seats: seats(tt.seats...)})
			if len(c.Game.Fairness.Commitment) != 64 || c.Game.Fairness.Rolls != 0 || len(c.Game.History) != 0 || c.Game.Fairness.ServerSeed != "" {
				t.Fatalf("create answer: fairness %+v, history %v, want a commitment and nothing rolled", c.Game.Fairness, c.Game.History)
			}
			people := 0
			for _, s := range c.Seats {
				if s.Token != "" {
					people++
					if v := e.view(c.ID); v.Fairness.Rolls != 0 || v.Started {
						t.Fatalf("rolled before seat %s gave its seed: %+v", s.Player, v.Fairness)
					}
					e.must("POST", "/api/games/"+c.ID+"/seed", s.Token, map[string]string{"seed": "mine " + s.Player}, nil)
				}
				if s.Invite != "" {
					e.join(c.ID, s.Player, s.Invite, "")
				}
			}
			deadline := time.Now().Add(10 * time.Second)
			v := e.view(c.ID)
			for v.Fairness.Rolls == 0 && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
				v = e.view(c.ID)
			}
			if v.Fairness.Rolls == 0 || !v.Started {
				t.Fatalf("no roll once every seed was in: %+v", v.Fairness)
			}
			if people > 0 && len(v.Fairness.SeatSeeds) < people {
				t.Errorf("seat seeds %v, want the %d people's", v.Fairness.SeatSeeds, people)
			}
		})
	}
}

// TestAIGamesPerClient: one client address may have a bounded number of
// unfinished games with an AI seat in play; another address is not
// affected, and a game that ends, or that nobody plays for a while, frees
// its place.
func TestAIGamesPerClient(t *testing.T) {
	e := start(t, func(c *server.Config) { c.AIGamesPerClient = 2 })
	first := e.create(wire.CreateRequest{Game: "luxumbra", Seats: seats("h", "e")})
	e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	req := wire.CreateRequest{Game: "chess", Seats: seats("e", "h")}
	if st, ae := e.call("POST", "/api/games", "", req, nil); st != http.StatusTooManyRequests || ae.Code != wire.CodeTooManyGames {
		t.Fatalf("a third game against the AI = %d %s, want 429 %s", st, ae.Code, wire.CodeTooManyGames)
	}
	e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")}) // no AI: no bound
	e.from("127.0.0.2").create(req)
	e.player(first.ID, tokensOf(first), rand.New(rand.NewPCG(1, 1)), 100000)
	third := e.create(req)
	if st, ae := e.call("POST", "/api/games", "", req, nil); st != http.StatusTooManyRequests {
		t.Fatalf("a game over the bound again = %d %s, want 429", st, ae.Code)
	}
	// A game left alone leaves memory and the count.
	if err := e.srv.Sweep(context.Background(), time.Now().Add(11*time.Minute)); err != nil {
		t.Fatal(err)
	}
	e.create(req)
	if v := e.view(third.ID); v.Finished || v.ID != third.ID {
		t.Errorf("the game left alone: %+v", v)
	}
}

// TestExpiry: a game nobody joins expires after its time to live (a day
// with a clock, thirty days without), leaves the lobby, and refuses a late
// join; a started game never expires.
func TestExpiry(t *testing.T) {
	e := start(t, nil)
	clocked := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Clock: &wire.ClockRequest{InitialMs: 60000}})
	corr := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	played := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	now := time.Now()
	if err := e.srv.Sweep(context.Background(), now.Add(23*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if v := e.view(clocked.ID); v.Finished {
		t.Fatalf("a clocked game expired after 23 hours: %s", v.Result)
	}
	if err := e.srv.Sweep(context.Background(), now.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	v := e.view(clocked.ID)
	if !v.Finished || !strings.Contains(v.Result, "expired") {
		t.Errorf("a clocked game after 25 hours: finished %v, result %q, want expired", v.Finished, v.Result)
	}
	if v := e.view(corr.ID); v.Finished {
		t.Errorf("a correspondence game expired after 25 hours")
	}
	var list struct{ Games []wire.Summary }
	e.must("GET", "/api/games?state=live", "", nil, &list)
	for _, g := range list.Games {
		if g.ID == clocked.ID {
			t.Errorf("the expired game is still listed as live")
		}
	}
	if st, ae := e.call("POST", "/api/games/"+clocked.ID+"/join", "", map[string]string{"invite": clocked.Seats[1].Invite}, nil); st != http.StatusConflict || ae.Code != wire.CodeGameOver {
		t.Errorf("joining an expired game = %d %s, want 409 game_over", st, ae.Code)
	}
	if err := e.srv.Sweep(context.Background(), now.Add(31*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if v := e.view(corr.ID); !v.Finished {
		t.Errorf("a correspondence game did not expire after 31 days")
	}
	if v := e.view(played.ID); v.Finished {
		t.Errorf("a started game expired")
	}
}

// TestIdleUnload: a game nobody plays or watches leaves memory after the
// idle time and comes back, whole, when asked for.
func TestIdleUnload(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["white"], map[string]any{"action": "e2e4", "seq": 0}, nil)
	if got := liveGames(t, e); got != 1 {
		t.Fatalf("games live in memory = %d, want 1", got)
	}
	if err := e.srv.Sweep(context.Background(), time.Now().Add(11*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got := liveGames(t, e); got != 0 {
		t.Fatalf("games live in memory after the idle time = %d, want 0", got)
	}
	var v wire.View
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["black"], map[string]any{"action": "e7e5", "seq": 1}, &v)
	if v.Seq != 2 || len(v.History) != 1 {
		t.Errorf("after reloading: seq %d, history %v, want 2 and black's move", v.Seq, v.History)
	}
}

// TestClockedGameSleeps: a correspondence game whose player to move walks
// away leaves memory too, and the sweep loads it again before the flag
// falls; the turn then runs from the move that started it, not from the
// load. A live game whose flag falls within three sweeps stays.
func TestClockedGameSleeps(t *testing.T) {
	e := start(t, nil)
	corr := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{DaysPerMove: 1}})
	clocked := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 120000}})
	for _, c := range []created{corr, clocked} {
		tokens := tokensOf(c)
		e.move(c.ID, tokens["white"], "e2e4")
		e.move(c.ID, tokens["black"], "e7e5") // white's clock runs now
	}
	const walk = 300 * time.Millisecond
	time.Sleep(walk)
	now := time.Now()
	sweep := func(at time.Duration) {
		t.Helper()
		if err := e.srv.Sweep(context.Background(), now.Add(at)); err != nil {
			t.Fatal(err)
		}
	}
	sweep(11 * time.Minute)
	if got := liveGames(t, e); got != 1 {
		t.Fatalf("games live in memory after the idle time = %d, want 1 (the live game only)", got)
	}
	sweep(20 * time.Hour)
	if got := liveGames(t, e); got != 1 {
		t.Fatalf("games live in memory 20 hours on = %d, want 1: the correspondence game's flag is hours away", got)
	}
	sweep(24*time.Hour - 90*time.Second)
	if got := liveGames(t, e); got != 2 {
		t.Fatalf("games live in memory 90 s before the flag = %d, want 2: the sweep loads the game again", got)
	}
	day := int64(24 * time.Hour / time.Millisecond)
	if v := e.view(corr.ID); v.Clock.Running != "white" || v.Clock.RemainingMs["white"] > day-walk.Milliseconds() {
		t.Errorf("the correspondence clock after the game slept = %+v, want white's day running since e5, %v ago", v.Clock, walk)
	}
}

// liveGames reads the gauge of the unfinished games in memory.
func liveGames(t *testing.T, e *env) int {
	t.Helper()
	w := httptest.NewRecorder()
	e.srv.MetricsHandler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	for _, line := range strings.Split(w.Body.String(), "\n") {
		var n int
		if _, err := fmt.Sscanf(line, "norns_games_live %d", &n); err == nil {
			return n
		}
	}
	t.Fatalf("no norns_games_live in the metrics")
	return -1
}

// TestRestoreDoesNotWait: a restart lists the unfinished games and starts
// serving at once; a game whose log is slow to read does not hold up the
// others.
func TestRestoreDoesNotWait(t *testing.T) {
	path := filepath.Join(t.TempDir(), "norns.db")
	e := startOn(t, path, nil)
	slow := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	quick := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	e.stop()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s := &slowLoad{Store: st, id: slow.ID, release: make(chan struct{})}
	e2 := startStore(t, s, nil)
	defer close(s.release)
	if v := e2.view(quick.ID); v.ID != quick.ID {
		t.Errorf("the quick game = %+v", v)
	}
	if s.loads.Load() == 0 {
		t.Errorf("the slow game's load has not begun")
	}
}

// slowLoad is a store whose Load of one game waits for release.
type slowLoad struct {
	store.Store
	id      string
	release chan struct{}
	loads   atomic.Int32
}

func (s *slowLoad) Load(ctx context.Context, id string) (*store.Game, []store.Event, error) {
	if id == s.id {
		s.loads.Add(1)
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
	}
	return s.Store.Load(ctx, id)
}

// TestNamesAndTokens: display names are 1 to 24 letters, digits, spaces
// and "-_.", refusing control, invisible and direction-changing
// characters; the Bearer scheme is read in any case; a token in a URL is
// never read.
func TestNamesAndTokens(t *testing.T) {
	e := start(t, nil)
	for _, name := range []string{"a\x1b[31mb", "nul\x00", "evil\u202Egnp.exe", "iso\u2066late", "zero\u200bwidth", "tab\tname",
		"<b>Ann</b>", "Ann\"", "a name of twenty-five chr", " Ann", "Ann ", "Ann ✓", "Bob!"} {
		st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: name}, {Type: "open"}}}, nil)
		if st != http.StatusBadRequest || ae.Code != wire.CodeBadSeats {
			t.Errorf("name %q = %d %s, want 400 bad_seats", name, st, ae.Code)
		}
	}
	for _, name := range []string{"Ann", "Аня_1", "J.-P. Sartre", "Nguyễn Văn A", "a name of twenty-four ch"} {
		if st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: name}, {Type: "open"}}}, nil); st != http.StatusCreated {
			t.Errorf("name %q = %d %s, want 201", name, st, ae.Code)
		}
	}
	c := e.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: "Аня"}, {Type: "open"}}})
	tok := c.Seats[0].Token
	for _, scheme := range []string{"Bearer", "bearer", "BEARER"} {
		req, _ := http.NewRequest("GET", e.base+"/api/games/"+c.ID, nil)
		req.Header.Set("Authorization", scheme+" "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var v wire.View
		json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if v.You != "white" {
			t.Errorf("Authorization: %s … gives you=%q, want white", scheme, v.You)
		}
	}
	var v wire.View
	e.must("GET", "/api/games/"+c.ID+"?token="+tok, "", nil, &v)
	if v.You != "" {
		t.Errorf("?token= in the URL was read: you=%q", v.You)
	}
	if st, ae := e.call("POST", "/api/games/"+c.ID+"/actions?token="+tok, "", map[string]any{"action": "e2e4", "seq": 0}, nil); st != http.StatusUnauthorized || ae.Code != wire.CodeMissingToken {
		t.Errorf("a move with the token in the URL = %d %s, want 401 missing_token", st, ae.Code)
	}
}

// TestTwoInstancesJoinThenMove: a move posted to one instance right after
// the last seat was taken on the other is played, not refused as a game
// that has not started.
func TestTwoInstancesJoinThenMove(t *testing.T) {
	a, b := pair(t, nil)
	for round := range 10 {
		c := a.createOnly(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
		b.join(c.ID, "black", c.Seats[1].Invite, "")
		if st, ae := a.call("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"action": "e2e4", "seq": 0}, nil); st != http.StatusOK {
			t.Fatalf("round %d: white's move on the other instance = %d %s (%s)", round, st, ae.Code, ae.Detail)
		}
	}
}
