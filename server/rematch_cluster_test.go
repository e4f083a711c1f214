package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// rematchOf reads a feed until its rematch message and returns the new
// game's id.
func (f *feed) rematchOf() string {
	f.t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, b, err := f.c.Read(ctx)
		cancel()
		if err != nil {
			f.t.Fatalf("websocket read while waiting for the rematch: %v", err)
		}
		var m struct {
			Type string `json:"type"`
			ID   string `json:"id"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			f.t.Fatalf("websocket message %s: %v", b, err)
		}
		if m.Type == "rematch" {
			return m.ID
		}
	}
}

// countGames returns the number of games in the store, finished or not,
// listed or not.
func countGames(t *testing.T, st store.Store) int {
	t.Helper()
	gs, err := st.List(context.Background(), store.Filter{Limit: 10000})
	if err != nil {
		t.Fatal(err)
	}
	return len(gs)
}

// TestRematchTwoInstances: two instances on one PostgreSQL make one
// rematch of a game, whichever instance each player asks on, and every
// client of the old game on either instance, spectators included, is
// taken to it; requests racing on both instances make one game too.
func TestRematchTwoInstances(t *testing.T) {
	a, b := pair(t, nil)

	// White asks on a, black on b: b makes the rematch, and a's clients
	// hear of it as b's do.
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, bl := c.Seats[0].Token, c.Seats[1].Token
	a.must("POST", "/api/games/"+c.ID+"/resign", bl, nil, nil)
	feeds := map[string]*feed{"White's client on a": a.subscribe(c.ID, 0, w), "a spectator on a": a.subscribe(c.ID, 0, ""), "a spectator on b": b.subscribe(c.ID, 0, "")}
	if _, _, v := a.leave(c.ID, "rematch", w); v.Rematch != "" || len(v.RematchOffers) != 1 {
		t.Fatalf("white's rematch on a: rematch %q, offers %v; want white's offer waiting", v.Rematch, v.RematchOffers)
	}
	_, _, v := b.leave(c.ID, "rematch", bl)
	if v.Rematch == "" {
		t.Fatalf("black's rematch on b, after white's on a: offers %v, no rematch", v.RematchOffers)
	}
	for name, f := range feeds {
		if got := f.rematchOf(); got != v.Rematch {
			t.Errorf("%s is taken to %q, want %q", name, got, v.Rematch)
		}
	}
	for name, e := range map[string]*env{"a": a, "b": b} {
		if got := e.view(c.ID); got.Rematch != v.Rematch || len(got.RematchOffers) != 2 {
			t.Errorf("the old game on %s: rematch %q, offers %v; want %q, both", name, got.Rematch, got.RematchOffers, v.Rematch)
		}
		var nv wire.View
		e.must("GET", "/api/games/"+v.Rematch, w, nil, &nv)
		if nv.You != "black" || nv.Finished {
			t.Errorf("the rematch on %s by white's token: you %q, finished %v", name, nv.You, nv.Finished)
		}
	}
	// Asking again, on either instance, answers the same rematch.
	for _, e := range []*env{a, b} {
		if _, _, again := e.leave(c.ID, "rematch", w); again.Rematch != v.Rematch {
			t.Errorf("asking again: rematch %q, want %q", again.Rematch, v.Rematch)
		}
	}
	if n := countGames(t, a.st); n != 2 {
		t.Fatalf("%d games in the store after one rematch, want 2", n)
	}

	// Races: the one person against the AI asking on both instances at
	// once, and the two players of a game asking at once, one on each.
	games := 2
	for i := range 12 {
		var c created
		var asks [2]struct {
			e     *env
			token string
		}
		if i%2 == 0 {
			c = a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
			a.must("POST", "/api/games/"+c.ID+"/resign", c.Seats[0].Token, nil, nil)
			asks[0].e, asks[0].token = a, c.Seats[0].Token
			asks[1].e, asks[1].token = b, c.Seats[0].Token
		} else {
			c = b.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
			b.must("POST", "/api/games/"+c.ID+"/resign", c.Seats[0].Token, nil, nil)
			asks[0].e, asks[0].token = a, c.Seats[0].Token
			asks[1].e, asks[1].token = b, c.Seats[1].Token
		}
		games += 2
		var wg sync.WaitGroup
		var st [2]int
		for j := range asks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st[j], _ = asks[j].e.call("POST", "/api/games/"+c.ID+"/rematch", asks[j].token, nil, nil)
			}()
		}
		wg.Wait()
		if st != [2]int{http.StatusOK, http.StatusOK} {
			t.Fatalf("round %d: racing rematches = %v, want both 200", i, st)
		}
		var ids [2]string
		for j, e := range []*env{a, b} {
			// The instance that did not make the rematch hears of it.
			f := e.subscribe(c.ID, 0, "")
			if rv := e.view(c.ID); rv.Rematch != "" {
				ids[j] = rv.Rematch
			} else {
				ids[j] = f.rematchOf()
			}
			f.c.CloseNow()
		}
		if ids[0] == "" || ids[0] != ids[1] {
			t.Errorf("round %d: the rematch on a is %q, on b %q; want one", i, ids[0], ids[1])
		}
		if n := countGames(t, a.st); n != games {
			t.Fatalf("round %d: %d games in the store, want %d (one rematch a game)", i, n, games)
		}
	}
}

// TestNoHumanLeftTwoInstances: the only human of a game with two AI seats
// resigns on the instance that does not play the AIs; the game ends there
// and then, and both instances show the same end.
func TestNoHumanLeftTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	for range 3 {
		c := a.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "e", "e")})
		// b has followed the draw of the first player: a copy with the
		// seeds but not yet the rolls that draw it cannot apply a
		// three-player resignation (it answers internal).
		bf := b.subscribe(c.ID, 0, "")
		bf.until(func(g wire.View) bool { return g.ToMove != "" && g.ToMove != "chance" })
		bf.c.CloseNow()
		// The AIs move every few milliseconds on a: b's write may lose
		// to theirs a few times (conflict: try again).
		st, code, v := b.leave(c.ID, "resign", c.Seats[0].Token)
		for try := 0; code == wire.CodeConflict && try < 50; try++ {
			st, code, v = b.leave(c.ID, "resign", c.Seats[0].Token)
		}
		if st != http.StatusOK || !v.Finished || v.Result != "draw between p2 and p3 (no human left)" {
			t.Fatalf("the only human resigning on b = %d %s: finished %v, %q", st, code, v.Finished, v.Result)
		}
		f := a.subscribe(c.ID, 0, "")
		if _, got := f.until(func(g wire.View) bool { return g.Finished }); got.Seq != v.Seq || got.Result != v.Result {
			t.Errorf("the game on a: seq %d, %q; want seq %d, %q", got.Seq, got.Result, v.Seq, v.Result)
		}
		f.c.CloseNow()
	}
}

// TestRematchDeclineTwoInstances: a rematch asked for on one instance and
// declined on the other is gone on both; asked again, alternating, it is a
// new offer, and no game is made.
func TestRematchDeclineTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, bl := c.Seats[0].Token, c.Seats[1].Token
	b.must("POST", "/api/games/"+c.ID+"/resign", bl, nil, nil)
	if _, _, v := a.leave(c.ID, "rematch", w); strings.Join(v.RematchOffers, " ") != "white" {
		t.Fatalf("white's rematch on a: offers %v, want [white]", v.RematchOffers)
	}
	if st, code, v := b.leave(c.ID, "rematch/decline", bl); st != http.StatusOK || len(v.RematchOffers) != 0 || v.Rematch != "" {
		t.Fatalf("black's decline on b = %d %s: offers %v, rematch %q; want none", st, code, v.RematchOffers, v.Rematch)
	}
	// Each instance comes to the decline: b wrote it, a follows it (from
	// the store's notification, a moment later).
	for name, e := range map[string]*env{"a": a, "b": b} {
		var v wire.View
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if v = e.view(c.ID); len(v.RematchOffers) == 0 || time.Now().After(deadline) {
				break
			}
		}
		if len(v.RematchOffers) != 0 || v.Rematch != "" {
			t.Errorf("after the decline, on %s: offers %v, rematch %q; want none", name, v.RematchOffers, v.Rematch)
		}
	}
	if _, _, v := b.leave(c.ID, "rematch", w); strings.Join(v.RematchOffers, " ") != "white" || v.Rematch != "" {
		t.Errorf("white asks again on b: offers %v, rematch %q; want [white] and no rematch", v.RematchOffers, v.Rematch)
	}
	if _, _, v := a.leave(c.ID, "rematch/decline", bl); len(v.RematchOffers) != 0 {
		t.Errorf("black declines again on a: offers %v, want none", v.RematchOffers)
	}
	if n := countGames(t, a.st); n != 1 {
		t.Errorf("%d games in the store after declined rematches, want 1", n)
	}
}
