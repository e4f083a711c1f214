package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// The soak's size: go test ./server -run TestSoak -v -timeout 30m
// -soak.games 1000 is the full soak (README.md, "Testing").
var (
	soakGames   = flag.Int("soak.games", 40, "dice games TestSoak plays across two norns serve on PostgreSQL")
	soakKills   = flag.Int("soak.kills", 0, "SIGKILLs of an instance during TestSoak (0: one per 20 games)")
	soakDrivers = flag.Int("soak.drivers", 4, "goroutines of TestSoak that play games at once")
	soakActions = flag.Int("soak.actions", 12, "actions of the test's seats after which a TestSoak game is resigned")
	soakSeed    = flag.Uint64("soak.seed", 1, "seed of TestSoak's choices of games, seats and moves")
)

// soakSetup is a kind of game the soak plays: the game, its options and
// its seats ("h" the test's, "e" an easy AI). Every game with three
// players has two seats of the test's at least, so that resigning them
// ends it.
type soakSetup struct {
	game  string
	opts  map[string]string
	seats []string
}

var soakSetups = []soakSetup{
	{"seidr", nil, []string{"h", "h"}},
	{"seidr", nil, []string{"h", "e"}},
	{"seidr", nil, []string{"e", "h"}},
	{"luxumbra", nil, []string{"h", "h"}},
	{"luxumbra", nil, []string{"h", "e"}},
	{"luxumbra", nil, []string{"e", "h"}},
	{"nordsloki", nil, []string{"h", "h"}},
	{"nordsloki", nil, []string{"h", "e"}},
	{"nordsloki", map[string]string{"players": "3"}, []string{"h", "h", "h"}},
	{"nordsloki", map[string]string{"players": "3"}, []string{"h", "h", "e"}},
	{"nordsloki", map[string]string{"players": "3"}, []string{"h", "e", "h"}},
}

// soakCluster is two `norns serve` on one PostgreSQL database, either of
// which may be killed and started again on another port at any time.
type soakCluster struct {
	client *http.Client

	mu    sync.Mutex
	procs [2]*proc
	// down says until when an instance that did not answer is left
	// alone, its requests sent to the other.
	down [2]time.Time
}

// pick returns the base URL of instance i, or of the other one while i
// is thought down, and the instance chosen.
func (c *soakCluster) pick(i int) (string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Now().Before(c.down[i]) {
		i = 1 - i
	}
	return c.procs[i].base, i
}

// unanswered marks instance i down for a moment.
func (c *soakCluster) unanswered(i int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down[i] = time.Now().Add(200 * time.Millisecond)
}

// errNoAnswer is a request that got no answer: the connection failed, or
// the instance answered 5xx.
var errNoAnswer = errors.New("no answer")

// try sends one request to instance i. It returns the status and the
// error code of an answer, or errNoAnswer (wrapped) when there was none,
// in which case the request may or may not have taken effect.
func (c *soakCluster) try(i int, method, path, token string, body, out any) (int, string, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	base, i := c.pick(i)
	req, _ := http.NewRequest(method, base+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		c.unanswered(i)
		return 0, "", fmt.Errorf("%w: %s %s: %v", errNoAnswer, method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode >= 500 {
		c.unanswered(i)
		return resp.StatusCode, "", fmt.Errorf("%w: %s %s: %d %v %s", errNoAnswer, method, path, resp.StatusCode, err, data)
	}
	if resp.StatusCode >= 300 {
		var eb struct {
			Error apiError `json:"error"`
		}
		json.Unmarshal(data, &eb)
		return resp.StatusCode, eb.Error.Code, nil
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return resp.StatusCode, "", fmt.Errorf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, "", nil
}

// get reads path, from instance *turn%2 first, then from the other, then
// again a moment later, until one answers 200 or a minute has passed.
// Every call moves *turn on.
func (c *soakCluster) get(turn *int, path string, out any) error {
	deadline := time.Now().Add(time.Minute)
	for {
		*turn++
		st, code, err := c.try(*turn%2, "GET", path, "", nil, out)
		switch {
		case err == nil && st == http.StatusOK:
			return nil
		case err == nil:
			return fmt.Errorf("GET %s: %d %s", path, st, code)
		case !errors.Is(err, errNoAnswer) || time.Now().After(deadline):
			return err
		}
		if *turn%2 == 0 {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// soakGame is what a driver knows of a game it played.
type soakGame struct {
	id    string
	setup soakSetup
	// finished says the driver saw the game over, at seq.
	finished bool
	seq      int64
	// err is what went wrong while it was played.
	err error
}

// soakStats counts what the drivers and the killer did.
type soakStats struct {
	done      atomic.Int64 // games the drivers are through with
	unheard   atomic.Int64 // requests that got no answer
	moves     atomic.Int64 // moves answered 200
	kills     atomic.Int64
	conflicts atomic.Int64 // moves answered stale or conflict
}

// TestSoak plays dice games (Seiðr, Lux et Umbra, Nords Loki for two and
// three players) through two `norns serve` subprocesses on one PostgreSQL
// database while one or the other is killed with SIGKILL at random moments
// and started again on another port. The drivers send each request to the
// other instance than the one before, play the test's seats with random
// legal moves that reveal nonces (dice scheme v2), let easy AI seats play
// the others, and resign a game after a few actions. A request that gets
// no answer is not repeated blindly: the driver reads the game again
// (from the instance that answers) and goes on from what it sees.
//
// At the end every game a driver saw over is over in the store, with the
// events it saw, and the record of every finished game verifies: every
// roll recomputed from the revealed seeds and the nonces.
func TestSoak(t *testing.T) {
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	u := storetest.PostgresURL(t)
	n, kills := *soakGames, *soakKills
	if kills == 0 {
		kills = max(1, n/20)
	}
	flags := []string{"--ai-games-per-client", "-1", "--ai-medium", "5ms", "--ai-hard", "5ms"}
	c := &soakCluster{client: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 2 * *soakDrivers},
	}}
	for i := range c.procs {
		p, err := launch(u, flags...)
		if p != nil {
			c.procs[i] = p
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, p := range c.procs {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	})
	begin := time.Now()

	var stats soakStats
	jobs := make(chan int)
	played := make([]*soakGame, n)
	var drivers sync.WaitGroup
	for range *soakDrivers {
		drivers.Go(func() {
			for i := range jobs {
				rng := rand.New(rand.NewPCG(*soakSeed, uint64(i)))
				setup := soakSetups[rng.IntN(len(soakSetups))]
				played[i] = c.play(setup, rng, i, &stats)
				stats.done.Add(1)
			}
		})
	}

	// The killer: at random moments spread over the games, one instance
	// or the other dies and comes back on a new port after a short outage.
	stop := make(chan struct{})
	killerDone := make(chan error, 1)
	go func() {
		rng := rand.New(rand.NewPCG(*soakSeed, 1<<40))
		at := make([]int64, kills)
		for k := range at {
			at[k] = int64(float64(n) * (0.05 + 0.85*rng.Float64()))
		}
		sort.Slice(at, func(a, b int) bool { return at[a] < at[b] })
		for _, when := range at {
			for stats.done.Load() < when {
				select {
				case <-stop:
					killerDone <- nil
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
			time.Sleep(time.Duration(rng.IntN(500)) * time.Millisecond) // in the midst of requests
			victim := rng.IntN(2)
			c.mu.Lock()
			old := c.procs[victim]
			c.mu.Unlock()
			if err := old.cmd.Process.Signal(syscall.SIGKILL); err != nil {
				killerDone <- err
				return
			}
			old.cmd.Wait()
			stats.kills.Add(1)
			time.Sleep(time.Duration(rng.IntN(1000)) * time.Millisecond) // the outage
			p, err := launch(u, flags...)
			if err != nil {
				if p != nil {
					p.cmd.Process.Kill()
					p.cmd.Wait()
				}
				killerDone <- fmt.Errorf("restarting instance %d: %v", victim, err)
				return
			}
			c.mu.Lock()
			c.procs[victim] = p
			c.mu.Unlock()
		}
		killerDone <- nil
	}()

	for i := range n {
		jobs <- i
	}
	close(jobs)
	drivers.Wait()
	close(stop)
	if err := <-killerDone; err != nil {
		t.Fatal(err)
	}
	playTime := time.Since(begin)

	// Every game from the store: over if a driver saw it over, with the
	// events it saw, and its record verifies.
	st, err := store.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var finished, rolls, caused, failures int
	turn := 0
	// Every finished record must be signed by the deployment's key, the
	// one both instances give.
	var key struct{ Key string }
	if err := c.get(&turn, "/api/signing-key", &key); err != nil || key.Key == "" {
		t.Fatalf("the signing key: %v %+v", err, key)
	}
	for i, g := range played {
		if g.err != nil {
			failures++
			t.Errorf("game %d %s (%s %v %v): %v", i, g.id, g.setup.game, g.setup.opts, g.setup.seats, g.err)
		}
		if g.id == "" {
			continue
		}
		rec, evs, err := st.Load(context.Background(), g.id)
		if err != nil {
			failures++
			t.Errorf("game %s: %v", g.id, err)
			continue
		}
		if g.finished && (!rec.Finished || int64(len(evs)) != g.seq) {
			failures++
			t.Errorf("game %s: a driver saw it over at seq %d; the store holds it finished %v with %d events", g.id, g.seq, rec.Finished, len(evs))
		}
		if !rec.Finished {
			continue
		}
		finished++
		var text string
		if err := c.getText(&turn, "/api/games/"+g.id+"/record?format=norns", &text); err != nil {
			failures++
			t.Errorf("game %s: record: %v", g.id, err)
			continue
		}
		r, err := record.Parse(strings.NewReader(text))
		if err != nil {
			failures++
			t.Errorf("game %s: record: %v", g.id, err)
			continue
		}
		ver, err := record.Verify(r, games.All)
		switch {
		case err != nil:
			failures++
			t.Errorf("game %s (%s %v %v): verify: %v\n%s", g.id, g.setup.game, g.setup.opts, g.setup.seats, err, text)
			continue
		case !ver.Revealed || ver.Scheme != dice.SchemeV2 || !ver.Signed || ver.Key != key.Key:
			failures++
			t.Errorf("game %s: verify: revealed %v, scheme %s, signed %v by %s; want revealed, %s, signed by %s", g.id, ver.Revealed, ver.Scheme, ver.Signed, ver.Key, dice.SchemeV2, key.Key)
		}
		rolls += ver.Rolls
		caused += ver.Caused
	}
	t.Logf("soak: %d games played, %d finished and verified, signature included (%d failures), %d kills, %d requests unanswered, %d moves (%d stale or conflict); %d rolls checked, %d backed by a nonce; %.0f s playing, %.0f s in all",
		n, finished, failures, stats.kills.Load(), stats.unheard.Load(), stats.moves.Load(), stats.conflicts.Load(), rolls, caused, playTime.Seconds(), time.Since(begin).Seconds())
	if finished != n {
		t.Errorf("%d of %d games finished", finished, n)
	}
	if stats.kills.Load() != int64(kills) {
		t.Errorf("%d kills, want %d", stats.kills.Load(), kills)
	}
	if caused == 0 || caused >= rolls {
		t.Errorf("%d of %d rolls backed by a nonce: want some, not all (the AI's moves reveal none)", caused, rolls)
	}
}

// getText reads a text answer as get reads JSON.
func (c *soakCluster) getText(turn *int, path string, out *string) error {
	deadline := time.Now().Add(time.Minute)
	for {
		*turn++
		base, _ := c.pick(*turn % 2)
		resp, err := c.client.Get(base + path)
		if err == nil {
			b, rerr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if rerr == nil && resp.StatusCode == http.StatusOK {
				*out = string(b)
				return nil
			}
			if resp.StatusCode < 500 {
				return fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, b)
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("GET %s: %v", path, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// play plays one game of a setup to its end: it creates the game, gives
// the test's seats their seeds and first nonce commitments, plays random
// legal moves with nonces until the game is over or the test's seats have
// made soak.actions moves, and then resigns them one by one until it is
// over. Requests alternate between the instances.
func (c *soakCluster) play(setup soakSetup, rng *rand.Rand, i int, stats *soakStats) (g *soakGame) {
	g = &soakGame{setup: setup}
	turn := i
	deadline := time.Now().Add(3 * time.Minute)
	var cr created
	for {
		turn++
		st, code, err := c.try(turn%2, "POST", "/api/games", "", wire.CreateRequest{Game: setup.game, Options: setup.opts, Seats: seats(setup.seats...)}, &cr)
		if err == nil && (st == http.StatusOK || st == http.StatusCreated) {
			break
		}
		if err == nil || !errors.Is(err, errNoAnswer) || time.Now().After(deadline) {
			g.err = fmt.Errorf("create: %d %s %v", st, code, err)
			return g
		}
		// A game created without an answer stays unseeded, unstarted.
		stats.unheard.Add(1)
		time.Sleep(50 * time.Millisecond)
	}
	g.id = cr.ID
	tokens := tokensOf(cr)
	clients := map[string]client{}
	for seat := range tokens {
		secret, err := dice.NewSecret()
		if err != nil {
			g.err = err
			return g
		}
		clients[seat] = client{id: g.id, secret: secret}
	}
	actions := 0
	resigned := map[string]bool{}
	path := "/api/games/" + g.id
	for {
		if time.Now().After(deadline) {
			g.err = fmt.Errorf("stuck after %d actions", actions)
			return g
		}
		var v wire.View
		if err := c.get(&turn, path, &v); err != nil {
			g.err = err
			return g
		}
		if v.Finished {
			g.finished, g.seq = true, v.Seq
			return g
		}
		// Seeds, and again any whose answer was lost and did not happen.
		seeded := true
		for _, s := range v.Seats {
			tok, mine := tokens[s.Player]
			if !mine || s.Seeded {
				continue
			}
			seeded = false
			turn++
			st, code, err := c.try(turn%2, "POST", path+"/seed", tok, wire.SeedRequest{Seed: fmt.Sprintf("soak %d %s", i, s.Player), Commit: clients[s.Player].commit(0)}, nil)
			switch {
			case errors.Is(err, errNoAnswer):
				stats.unheard.Add(1)
			case err != nil || st != http.StatusOK && code != wire.CodeStale && code != wire.CodeConflict && code != wire.CodeSeedLocked:
				// Seed locked: the instance read had not heard of the
				// seed yet, nor of the rolls that came after it.
				g.err = fmt.Errorf("seed of %s: %d %s %v", s.Player, st, code, err)
				return g
			}
		}
		if !seeded {
			continue
		}
		if actions >= *soakActions {
			// Resign a seat of the test's still in; read the game again
			// whatever the answer.
			for _, s := range v.Seats {
				if tok, mine := tokens[s.Player]; mine && !s.Left && !resigned[s.Player] {
					turn++
					st, code, err := c.try(turn%2, "POST", path+"/resign", tok, nil, nil)
					switch {
					case errors.Is(err, errNoAnswer):
						stats.unheard.Add(1)
					case err != nil:
						g.err = err
						return g
					case st == http.StatusOK || code == wire.CodeLeft:
						// Left: out by the rules already, or resigned by
						// a request whose answer was lost.
						resigned[s.Player] = true
					case code != wire.CodeStale && code != wire.CodeConflict && code != wire.CodeGameOver:
						g.err = fmt.Errorf("resign %s: %d %s", s.Player, st, code)
						return g
					}
					break
				}
			}
			continue
		}
		tok, mine := tokens[v.ToMove]
		if !mine || len(v.Legal) == 0 {
			time.Sleep(10 * time.Millisecond) // an AI's move, or a roll left due
			continue
		}
		turn++
		body := clients[v.ToMove].reveal(v, v.ToMove, v.Legal[rng.IntN(len(v.Legal))])
		st, code, err := c.try(turn%2, "POST", path+"/actions", tok, body, nil)
		switch {
		case errors.Is(err, errNoAnswer):
			// It may or may not have happened: the next view says.
			stats.unheard.Add(1)
		case err != nil:
			g.err = err
			return g
		case st == http.StatusOK:
			actions++
			stats.moves.Add(1)
		case code == wire.CodeStale || code == wire.CodeConflict || code == wire.CodeNotYourTurn || code == wire.CodeGameOver:
			// The instance asked had not heard of the last move yet, or
			// it was made by a request whose answer was lost.
			stats.conflicts.Add(1)
			time.Sleep(5 * time.Millisecond)
		default:
			g.err = fmt.Errorf("move at seq %d: %d %s", v.Seq, st, code)
			return g
		}
	}
}
