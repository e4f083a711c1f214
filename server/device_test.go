package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
	"github.com/norns-games/norns/wire"
)

// deviceSeat asks, signed in with b, for a token of b's account's seat in
// game id.
func (b *browser) deviceSeat(id string) (int, apiError, wire.JoinResponse) {
	b.e.t.Helper()
	var out wire.JoinResponse
	st, ae, _ := b.do("POST", "/api/account/games/"+id+"/seat", nil, &out)
	return st, ae, out
}

// TestAccountSeat: a signed-in player gets a token of their seat on
// another device and plays with it, while the first device's token still
// plays; the feed takes the new token as the seat's. Nobody else gets
// one: not another account, not a signed-out client, not a request
// without the CSRF token. Of more than eight device tokens the oldest
// ends; a deleted account's device tokens end with it, the first token
// plays on.
func TestAccountSeat(t *testing.T) {
	e := start(t, cheapPasswords)
	phone, g := annsGame(e)
	first := g.Seats[0].Token
	bob := e.join(g.ID, "black", g.Seats[1].Invite, "Bob").Token

	laptop := e.browser()
	laptop.signIn(false, "ann", "correct horse")
	st, ae, got := laptop.deviceSeat(g.ID)
	if st != http.StatusOK || got.Player != "white" || got.Token == "" || got.Token == first || got.Game.ID != g.ID || got.Game.You != "white" {
		t.Fatalf("device seat = %d %+v: player %q, token %q, game %q, you %q", st, ae, got.Player, got.Token, got.Game.ID, got.Game.You)
	}
	second := got.Token
	if v := e.move(g.ID, second, "e2e4"); v.Seq != 1 {
		t.Fatalf("the move with the device token: seq %d", v.Seq)
	}
	e.move(g.ID, bob, "e7e5")
	e.move(g.ID, first, "g1f3") // the first device plays on
	if m := e.subscribe(g.ID, 0, second).next("auth"); m.Player != "white" {
		t.Errorf("the feed's answer to the device token = %+v, want white", m)
	}
	// The device token is the seat's, not another's.
	if st, ae := e.call("POST", "/api/games/"+g.ID+"/actions", second, map[string]any{"action": "b8c6", "seq": 3}, nil); ae.Code != wire.CodeNotYourTurn {
		t.Errorf("black's move with white's device token = %d %+v, want %s", st, ae, wire.CodeNotYourTurn)
	}

	eve := e.browser()
	eve.signIn(true, "Eve", "battery staple")
	if st, ae, _ := eve.deviceSeat(g.ID); st != http.StatusForbidden || ae.Code != wire.CodeNoSeat {
		t.Errorf("another account's request = %d %+v, want 403 %s", st, ae, wire.CodeNoSeat)
	}
	if st, ae, _ := e.browser().deviceSeat(g.ID); st != http.StatusUnauthorized || ae.Code != wire.CodeNotSignedIn {
		t.Errorf("a signed-out request = %d %+v, want 401 %s", st, ae, wire.CodeNotSignedIn)
	}
	noCSRF := *laptop
	noCSRF.csrf = ""
	if st, ae, _ := noCSRF.deviceSeat(g.ID); st != http.StatusForbidden || ae.Code != wire.CodeCSRF {
		t.Errorf("a request without the CSRF token = %d %+v, want 403 %s", st, ae, wire.CodeCSRF)
	}
	if st, ae, _ := laptop.deviceSeat("nosuchgame"); st != http.StatusNotFound || ae.Code != wire.CodeGameNotFound {
		t.Errorf("a game that does not exist = %d %+v, want 404 %s", st, ae, wire.CodeGameNotFound)
	}

	// Eight more devices: the second token ends, the third plays.
	var third string
	for i := range 8 {
		_, _, d := laptop.deviceSeat(g.ID)
		if i == 0 {
			third = d.Token
		}
	}
	e.move(g.ID, bob, "b8c6")
	if st, ae := e.call("POST", "/api/games/"+g.ID+"/actions", second, map[string]any{"action": "f1b5", "seq": 4}, nil); ae.Code != wire.CodeBadToken {
		t.Errorf("the oldest of nine device tokens = %d %+v, want %s", st, ae, wire.CodeBadToken)
	}
	e.move(g.ID, third, "f1b5")

	// Deleting the account ends its device tokens; the first plays on.
	e.move(g.ID, bob, "a7a6")
	phone.must("POST", "/api/account/delete", wire.DeleteAccountRequest{Password: "correct horse"}, nil)
	if st, ae := e.call("POST", "/api/games/"+g.ID+"/actions", third, map[string]any{"action": "b5a4", "seq": 6}, nil); ae.Code != wire.CodeBadToken {
		t.Errorf("a device token of a deleted account = %d %+v, want %s", st, ae, wire.CodeBadToken)
	}
	e.move(g.ID, first, "b5a4")
}

// deaf is a PostgreSQL store that hears nothing of the other instances'
// changes: an instance on it knows of another's write only when it reads
// the store.
type deaf struct{ *store.Postgres }

func (deaf) Listen(ctx context.Context, _ func(store.Change)) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestAccountSeatTwoInstances: a token given on instance b opens the
// seat on instance a, which holds the game and its feeds, even when a has
// not heard of it: on a feed, and for a move.
func TestAccountSeatTwoInstances(t *testing.T) {
	u := storetest.PostgresURL(t)
	open := func() *store.Postgres {
		st, err := store.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*store.Postgres)
	}
	a, b := startStore(t, deaf{open()}, cheapPasswords), startStore(t, open(), cheapPasswords)
	ann, g := annsGame(a)
	bob := a.join(g.ID, "black", g.Seats[1].Invite, "Bob").Token
	watch := a.subscribe(g.ID, 0, bob)
	a.move(g.ID, g.Seats[0].Token, "e2e4")
	a.move(g.ID, bob, "e7e5")

	given := func() string {
		t.Helper()
		st, ae, got := ann.on(b).deviceSeat(g.ID)
		if st != http.StatusOK || got.Player != "white" {
			t.Fatalf("device seat on b = %d %+v", st, ae)
		}
		return got.Token
	}
	if m := a.subscribe(g.ID, 0, given()).next("auth"); m.Player != "white" {
		t.Errorf("a's feed's answer to a token given on b = %+v, want white", m)
	}
	if v := a.move(g.ID, given(), "g1f3"); v.Seq != 3 {
		t.Errorf("the move on a with a token given on b: seq %d", v.Seq)
	}
	if evs, _ := watch.until(func(v wire.View) bool { return v.Seq == 3 }); len(evs) == 0 || evs[len(evs)-1].Action != "g1f3" {
		t.Errorf("black's feed on a: events %+v, want g1f3 last", evs)
	}
}
