package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/rating"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// ratedHalls opens n halls on one PostgreSQL database, as n instances,
// with accounts p0…p(players-1).
func ratedHalls(t *testing.T, n, players int) ([]*live.Hall, []store.Store, []string) {
	t.Helper()
	u := storetest.PostgresURL(t)
	var halls []*live.Hall
	var stores []store.Store
	for range n {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		h, err := live.New(live.Config{Store: st, Games: games.All, SweepEvery: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(h.Close)
		halls, stores = append(halls, h), append(stores, st)
	}
	var accounts []string
	for i := range players {
		id := fmt.Sprintf("acc%02d", i)
		name := fmt.Sprintf("p%02d", i)
		if err := stores[0].(store.Accounts).CreateAccount(context.Background(), &store.Account{ID: id, Name: name, Key: name, Skeleton: name, Password: "x"}); err != nil {
			t.Fatal(err)
		}
		accounts = append(accounts, id)
	}
	return halls, stores, accounts
}

// ratedGame is a rated game of chess/blitz started between two accounts,
// white on h, black joining on j, both having moved: ready to be
// resigned.
type ratedGame struct {
	id           string
	white, black string // accounts
	wtok, btok   string
	resigner     string // "white" or "black"
	resignOn     *live.Hall
	wantPlaces   []int
	end          time.Time
}

func startRated(t *testing.T, ctx context.Context, h, j *live.Hall, white, black string) *ratedGame {
	t.Helper()
	resp, err := h.Create(ctx, wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "open"}}, Color: "white",
		Clock: &wire.ClockRequest{InitialMs: 180_000, IncrementMs: 2_000}, Rated: true, Account: white, AccountName: white}, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Game == nil {
		t.Fatal("no view")
	}
	_, btok, _, err := j.Join(ctx, resp.ID, wire.JoinRequest{Invite: resp.Seats[1].Invite, Account: black, Name: black})
	if err != nil {
		t.Fatal(err)
	}
	g := &ratedGame{id: resp.ID, white: white, black: black, wtok: resp.Seats[0].Token, btok: btok}
	for i, mv := range []string{"e2e4", "e7e5"} {
		seq := int64(i)
		tok, on := g.wtok, h
		if i == 1 {
			tok, on = g.btok, j
		}
		if _, err := on.Play(ctx, g.id, tok, wire.PlayRequest{Action: mv, Seq: &seq}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestRatedTwoInstances: 200 rated games between 12 accounts (so that
// most players have several games ending at the same moment), started
// on two instances and resigned all at once, half on each: every game is
// rated once (two history rows each), and the ratings stored are to the
// bit those of rating.Apply applying the games one by one in the order
// their ratings were written (the history's).
func TestRatedTwoInstances(t *testing.T) {
	halls, stores, accounts := ratedHalls(t, 2, 12)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 3))
	var gs []*ratedGame
	for i := range 200 {
		a := rng.IntN(len(accounts))
		b := (a + 1 + rng.IntN(len(accounts)-1)) % len(accounts)
		g := startRated(t, ctx, halls[i%2], halls[(i/2)%2], accounts[a], accounts[b])
		g.resigner = "white"
		g.wantPlaces = []int{2, 1}
		if rng.IntN(2) == 0 {
			g.resigner, g.wantPlaces = "black", []int{1, 2}
		}
		g.resignOn = halls[rng.IntN(2)]
		gs = append(gs, g)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, len(gs))
	for _, g := range gs {
		wg.Go(func() {
			<-start
			tok := g.wtok
			if g.resigner == "black" {
				tok = g.btok
			}
			if _, err := g.resignOn.Resign(ctx, g.id, tok); err != nil {
				errs <- fmt.Errorf("resigning %s: %w", g.id, err)
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	rs := stores[0].(store.Ratings)
	// A game whose rating lost every attempt would be left to the sweep.
	for _, h := range halls {
		if _, err := h.RateUnrated(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := rs.Unrated(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("unrated after the end = %v, %v", ids, err)
	}
	history, err := rs.RatingHistory(ctx, "", "chess/blitz")
	if err != nil {
		t.Fatal(err)
	}
	if len(history) != 2*len(gs) {
		t.Fatalf("%d history rows for %d games, want two a game", len(history), len(gs))
	}
	rows := map[string]int{}
	first := map[string]int64{}
	for _, h := range history {
		rows[h.Game]++
		if _, ok := first[h.Game]; !ok {
			first[h.Game] = h.ID
		}
	}
	byID := map[string]*ratedGame{}
	for _, g := range gs {
		byID[g.id] = g
		if rows[g.id] != 2 {
			t.Errorf("game %s has %d history rows, want 2", g.id, rows[g.id])
		}
		rec, evs, err := stores[0].Load(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Ratings) != 2 {
			t.Errorf("game %s rating record = %+v", g.id, rec.Ratings)
		}
		g.end = evs[len(evs)-1].Time
	}
	// The games in the order their ratings were written.
	var order []rating.Game
	seen := map[string]bool{}
	key, _ := rating.ParseKey("chess/blitz")
	for _, h := range history {
		if seen[h.Game] {
			continue
		}
		seen[h.Game] = true
		g := byID[h.Game]
		order = append(order, rating.Game{Key: key, Players: []string{g.white, g.black}, Places: g.wantPlaces, End: g.end})
	}
	want, err := rating.Apply(rating.Ratings{}, order...)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accounts {
		got, err := rs.Perfs(ctx, "chess/blitz", []string{a})
		if err != nil {
			t.Fatal(err)
		}
		w := want.Get(rating.Slot{Player: a, Key: key})
		g := got[0]
		if g.Rating != w.Rating || g.Deviation != w.Deviation || g.Volatility != w.Volatility || g.Games != w.Games || !g.Latest.Equal(w.Latest) {
			t.Errorf("%s: stored %v/%v/%v, %d games; one by one in the history's order %s, %d games", a, g.Rating, g.Deviation, g.Volatility, g.Games, w.Glicko, w.Games)
		}
	}
}

// TestRatedLeftUnrated: an instance that stores a rated game's end and
// dies before rating it leaves it unrated; another instance rates it,
// once, and the first instance's view shows the change.
func TestRatedLeftUnrated(t *testing.T) {
	halls, stores, accounts := ratedHalls(t, 2, 2)
	live.SkipRating(halls[0])
	ctx := context.Background()
	g := startRated(t, ctx, halls[0], halls[0], accounts[0], accounts[1])
	if _, err := halls[0].Resign(ctx, g.id, g.btok); err != nil {
		t.Fatal(err)
	}
	rs := stores[1].(store.Ratings)
	if ids, err := rs.Unrated(ctx); err != nil || len(ids) != 1 || ids[0] != g.id {
		t.Fatalf("Unrated = %v, %v; want [%s]", ids, err, g.id)
	}
	for i, want := range []int{1, 0} {
		n, err := halls[1].RateUnrated(ctx)
		if err != nil || n != want {
			t.Errorf("RateUnrated, attempt %d = %d, %v; want %d", i+1, n, err, want)
		}
	}
	if h, err := rs.RatingHistory(ctx, "", ""); err != nil || len(h) != 2 {
		t.Errorf("history = %d rows, %v; want 2", len(h), err)
	}
	rec, evs, err := stores[0].Load(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	after, err := rating.Rate([]rating.Perf{rating.NewPerf, rating.NewPerf}, []int{1, 2}, evs[len(evs)-1].Time)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Ratings) != 2 || rec.Ratings[0].After.Rating != after[0].Rating || rec.Ratings[1].After.Rating != after[1].Rating {
		t.Errorf("rating record = %+v, want after %v, %v", rec.Ratings, after[0].Glicko, after[1].Glicko)
	}
	// The instance that ended the game hears of the rating.
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := halls[0].View(ctx, g.id, "")
		if err != nil {
			t.Fatal(err)
		}
		var v wire.View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if len(v.Ratings) == 2 {
			if v.Ratings[0].After != after[0].Int() || v.Ratings[1].Change != rating.Change(rating.NewPerf, after[1]) {
				t.Errorf("view's ratings = %+v", v.Ratings)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the instance that ended the game never showed its rating")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
