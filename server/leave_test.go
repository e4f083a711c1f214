package server_test

import (
	"context"
	"crypto/sha256"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// leave posts a resign or an abort for a seat and returns the status, the
// error code and the view.
func (e *env) leave(id, what, token string) (int, string, wire.View) {
	e.t.Helper()
	var v wire.View
	st, ae := e.call("POST", "/api/games/"+id+"/"+what, token, nil, &v)
	return st, ae.Code, v
}

// TestAbort: a seat that has not moved may call the game off, with no
// result, before or after the start; a seat that has moved may not.
func TestAbort(t *testing.T) {
	e := start(t, nil)
	// A waiting game is called off by its creator.
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	st, code, v := e.leave(c.ID, "abort", c.Seats[0].Token)
	if st != http.StatusOK || !v.Finished || v.Status != "over unfinished" || v.Result != "unfinished (aborted)" || v.Fairness.ServerSeed == "" {
		t.Fatalf("abort of a waiting game = %d %s: finished %v %q %q, seed %q", st, code, v.Finished, v.Status, v.Result, v.Fairness.ServerSeed)
	}
	if st, ae := e.call("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[1].Invite}, nil); st != http.StatusConflict || ae.Code != wire.CodeGameOver {
		t.Errorf("join after the abort = %d %s, want 409 game_over", st, ae.Code)
	}
	checkRecords(t, e, v)

	// White moves: white may no longer abort, black still may.
	c = e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	if v := e.view(c.ID); strings.Join(v.CanAbort, " ") != "white black" {
		t.Errorf("can_abort at the start = %v, want white and black", v.CanAbort)
	}
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["white"], map[string]any{"action": "e2e4", "seq": 0}, nil)
	if v := e.view(c.ID); strings.Join(v.CanAbort, " ") != "black" {
		t.Errorf("can_abort after white's move = %v, want black", v.CanAbort)
	}
	if st, code, _ := e.leave(c.ID, "abort", tokens["white"]); st != http.StatusConflict || code != wire.CodeCannotAbort {
		t.Errorf("white's abort after moving = %d %s, want 409 %s", st, code, wire.CodeCannotAbort)
	}
	if e.view(c.ID).Finished {
		t.Fatal("a refused abort ended the game")
	}
	st, code, v = e.leave(c.ID, "abort", tokens["black"])
	if st != http.StatusOK || v.Result != "unfinished (aborted)" || v.History[len(v.History)-1].Kind != "abort" {
		t.Fatalf("black's abort = %d %s %q, history %+v", st, code, v.Result, v.History)
	}
	checkRecords(t, e, v)
}

// TestResign: a seat holder resigns at any time once the game has started,
// and the other player wins; the errors change nothing.
func TestResign(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 600000}})
	tokens := tokensOf(c)
	waiting := e.createOnly(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	for _, tt := range []struct {
		name, id, what, token string
		status                int
		code                  string
	}{
		{"no token", c.ID, "resign", "", 401, wire.CodeMissingToken},
		{"wrong token", c.ID, "resign", "AAAAAAAAAAAAAAAAAAAAAA", 403, wire.CodeBadToken},
		{"an invitation", waiting.ID, "resign", waiting.Seats[1].Invite, 403, wire.CodeBadToken},
		{"before the start", waiting.ID, "resign", waiting.Seats[0].Token, 409, wire.CodeNotStarted},
		{"unknown game", "nosuchgame", "resign", tokens["white"], 404, wire.CodeGameNotFound},
	} {
		if st, code, _ := e.leave(tt.id, tt.what, tt.token); st != tt.status || code != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, st, code, tt.status, tt.code)
		}
	}
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["white"], map[string]any{"action": "e2e4", "seq": e.view(c.ID).Seq}, nil)
	// Black resigns out of turn.
	st, code, v := e.leave(c.ID, "resign", tokens["black"])
	if st != http.StatusOK || v.Status != "over white" || v.Result != "white wins (resignation)" || v.Clock == nil {
		t.Fatalf("black's resignation = %d %s: %q %q", st, code, v.Status, v.Result)
	}
	last := v.History[len(v.History)-1]
	if last.Kind != "resign" || last.Player != "black" {
		t.Errorf("the last event = %+v, want black's resignation", last)
	}
	if st, code, _ := e.leave(c.ID, "resign", tokens["white"]); st != http.StatusConflict || code != wire.CodeGameOver {
		t.Errorf("a resignation after the end = %d %s, want 409 game_over", st, code)
	}
	checkRecords(t, e, v)
	if pgn := e.record(c.ID, "pgn"); !strings.Contains(pgn, `[Termination "normal"]`) || !strings.Contains(pgn, "0-1") && !strings.Contains(pgn, "1-0") {
		t.Errorf("PGN of a resigned game:\n%s", pgn)
	}
}

// TestResignThreePlayers: in three-player Nords Loki a resignation takes
// the player out as a technical defeat does, on their turn or not, and the
// others play on.
func TestResignThreePlayers(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	for v.ToMove == "" || v.ToMove == "chance" {
		v = e.view(c.ID)
	}
	var other string
	for _, p := range v.Players {
		if p != v.ToMove {
			other = p
		}
	}
	st, code, after := e.leave(c.ID, "resign", tokens[other])
	if st != http.StatusOK || after.Finished || after.ToMove != v.ToMove || !strings.Contains(after.Position, "out") {
		t.Fatalf("%s resigning out of turn = %d %s: finished %v, to move %q, position %q; want %s still to move and the game going on", other, st, code, after.Finished, after.ToMove, after.Position, v.ToMove)
	}
	for _, seat := range after.Seats {
		if seat.Left != (seat.Player == other) {
			t.Errorf("seat %s: left = %v after %s resigned", seat.Player, seat.Left, other)
		}
	}
	if st, code, _ := e.leave(c.ID, "resign", tokens[other]); st != http.StatusConflict || code != wire.CodeLeft {
		t.Errorf("%s resigning again = %d %s, want 409 left_game", other, st, code)
	}
	delete(tokens, other)
	e.playSeats(c.ID, tokens, 5)
	end := e.view(c.ID)
	checkOver(t, end)
	checkRecords(t, e, end)
}

// TestInvites: the creator gets the invitations of the open seats again,
// until they are taken; nobody else does, not even a player who joined
// (who could otherwise take a private seat too).
func TestInvites(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "o", "o")})
	invites := func(token string) []wire.SeatGrant {
		t.Helper()
		var out struct{ Invites []wire.SeatGrant }
		e.must("GET", "/api/games/"+c.ID+"/invites", token, nil, &out)
		return out.Invites
	}
	got := invites(c.Seats[0].Token)
	if len(got) != 2 || got[0].Player != "p2" || got[0].Invite != c.Seats[1].Invite || got[0].InviteURL != c.Seats[1].InviteURL || got[1].Invite != c.Seats[2].Invite {
		t.Fatalf("invites = %+v, want p2's and p3's as created", got)
	}
	j := e.join(c.ID, "p2", c.Seats[1].Invite, "Bob")
	if got := invites(c.Seats[0].Token); len(got) != 1 || got[0].Player != "p3" || got[0].Invite != c.Seats[2].Invite {
		t.Errorf("invites after p2 joined, to the creator = %+v, want p3's only", got)
	}
	for _, tt := range []struct {
		token  string
		status int
		code   string
	}{
		{"", 401, wire.CodeMissingToken},
		{c.Seats[2].Invite, 403, wire.CodeBadToken},
		{j.Token, 403, wire.CodeNotCreator},
	} {
		if st, ae := e.call("GET", "/api/games/"+c.ID+"/invites", tt.token, nil, nil); st != tt.status || ae.Code != tt.code {
			t.Errorf("invites with token %q = %d %s, want %d %s", tt.token, st, ae.Code, tt.status, tt.code)
		}
	}
	// A private invitation is never listed.
	var list struct{ Games []wire.Summary }
	e.must("GET", "/api/games", "", nil, &list)
	for _, g := range list.Games {
		for _, s := range g.Seats {
			if s.Invite != "" {
				t.Errorf("the list shows a private invitation: %+v", s)
			}
		}
	}
}

// TestRematch: once a game is over, the rematch is made when every person
// asked for it (at once against the AI): the same game and options, the
// seats swapped, the tokens kept, a new commitment; the feed of the old
// game takes its clients there.
func TestRematch(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "h")})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	if st, code, _ := e.leave(c.ID, "rematch", w); st != http.StatusConflict || code != wire.CodeNotOver {
		t.Errorf("a rematch of a game in progress = %d %s, want 409 %s", st, code, wire.CodeNotOver)
	}
	f := e.subscribe(c.ID, 0, "")
	e.leave(c.ID, "resign", b)
	st, code, v := e.leave(c.ID, "rematch", w)
	if st != http.StatusOK || v.Rematch != "" || strings.Join(v.RematchOffers, " ") != "white" {
		t.Fatalf("white's rematch = %d %s: rematch %q, offers %v, want white's offer waiting", st, code, v.Rematch, v.RematchOffers)
	}
	if st, code, _ := e.leave(c.ID, "rematch", ""); st != http.StatusUnauthorized || code != wire.CodeMissingToken {
		t.Errorf("a rematch without a token = %d %s", st, code)
	}
	_, _, v = e.leave(c.ID, "rematch", b)
	if v.Rematch == "" || v.Rematch == c.ID {
		t.Fatalf("after both asked, rematch = %q", v.Rematch)
	}
	for {
		m := f.read()
		if m.Type == "rematch" {
			break
		}
	}
	// The same game, the seats swapped, the tokens kept, a new commitment.
	var nv wire.View
	e.must("GET", "/api/games/"+v.Rematch, w, nil, &nv)
	if nv.Game != "seidr" || nv.You != "black" || nv.Finished || nv.Fairness.Commitment == c.Game.Fairness.Commitment || nv.Seq != 0 {
		t.Errorf("the rematch seen by white's token: game %s, you %q, finished %v, seq %d", nv.Game, nv.You, nv.Finished, nv.Seq)
	}
	e.must("GET", "/api/games/"+v.Rematch, b, nil, &nv)
	if nv.You != "white" || strings.Join(nv.AwaitingSeeds, " ") != "white black" {
		t.Errorf("the rematch seen by black's token: you %q, awaiting seeds %v", nv.You, nv.AwaitingSeeds)
	}
	// Asking again gives the same rematch.
	if _, _, again := e.leave(c.ID, "rematch", w); again.Rematch != v.Rematch {
		t.Errorf("a second rematch = %q, want %q", again.Rematch, v.Rematch)
	}

	// Against the AI, at once.
	ai := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	e.leave(ai.ID, "resign", ai.Seats[0].Token)
	if _, _, v := e.leave(ai.ID, "rematch", ai.Seats[0].Token); v.Rematch == "" {
		t.Fatalf("a rematch against the AI waits: %+v", v.RematchOffers)
	} else if nv := e.view(v.Rematch); nv.Seats[0].Kind != "ai" || nv.Seats[1].Kind != "human" {
		t.Errorf("the rematch against the AI has seats %+v, want the AI white", nv.Seats)
	}
}

// TestPrivacy: a game for friends is private by default, out of the lists
// but open to whoever has its link; the creator may list it; a game with a
// public seat, against the AI or at one screen is listed.
func TestPrivacy(t *testing.T) {
	e := start(t, nil)
	yes, no := true, false
	friends := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	listed := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Public: &yes})
	open := e.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "open", Public: true}}})
	ai := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	hidden := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Public: &no})
	var list struct{ Games []wire.Summary }
	e.must("GET", "/api/games", "", nil, &list)
	in := map[string]bool{}
	for _, g := range list.Games {
		in[g.ID] = true
	}
	for _, tt := range []struct {
		name, id string
		want     bool
	}{{"friends", friends.ID, false}, {"friends, listed", listed.ID, true}, {"a public seat", open.ID, true}, {"against the AI", ai.ID, true}, {"hot seat, private", hidden.ID, false}} {
		if in[tt.id] != tt.want {
			t.Errorf("%s: listed %v, want %v", tt.name, in[tt.id], tt.want)
		}
	}
	if v := e.view(friends.ID); !v.Private || v.ID != friends.ID {
		t.Errorf("the private game by its link: private %v", v.Private)
	}
	if st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "open", Public: true}}, Public: &no}, nil); st != http.StatusBadRequest || ae.Code != wire.CodeBadSeats {
		t.Errorf("a private game with a public seat = %d %s, want 400 bad_seats", st, ae.Code)
	}
}

// TestNoAbortAfterLeaving: in three-player Nords Loki a seat that resigned
// and never moved cannot abort the game the two others play on.
func TestNoAbortAfterLeaving(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	var quitter string
	for _, p := range v.Players {
		if p != v.ToMove {
			quitter = p
		}
	}
	if st, code, _ := e.leave(c.ID, "resign", tokens[quitter]); st != http.StatusOK {
		t.Fatalf("%s resigning = %d %s", quitter, st, code)
	}
	if st, code, _ := e.leave(c.ID, "abort", tokens[quitter]); st != http.StatusConflict || code != wire.CodeLeft {
		t.Errorf("%s aborting after resigning = %d %s, want 409 %s", quitter, st, code, wire.CodeLeft)
	}
	if v := e.view(c.ID); v.Finished || slices.Contains(v.CanAbort, quitter) {
		t.Errorf("after the refused abort: finished %v (%q), can_abort %v", v.Finished, v.Result, v.CanAbort)
	}
}

// TestNoAbortAfterRoll: once the dice have rolled, nobody may abort a game
// (a player could otherwise abort an opening roll they dislike and start
// again): only resign. Before any roll, a seat that has not moved still
// may.
func TestNoAbortAfterRoll(t *testing.T) {
	e := start(t, nil)
	for _, tt := range []struct {
		name     string
		req      wire.CreateRequest
		canAbort bool
	}{
		{"luxumbra", wire.CreateRequest{Game: "luxumbra", Seats: seats("h", "h")}, false},
		{"nordsloki", wire.CreateRequest{Game: "nordsloki", Seats: seats("h", "h")}, false},
		{"nordsloki/3", wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")}, false},
		{"seidr", wire.CreateRequest{Game: "seidr", Seats: seats("h", "h")}, true}, // no roll before the first move
	} {
		c := e.create(tt.req)
		v := e.view(c.ID)
		name := tt.name
		if rolled := v.Fairness.Rolls > 0; rolled == tt.canAbort {
			t.Fatalf("%s: %d rolls at the start", name, v.Fairness.Rolls)
		}
		if got := len(v.CanAbort) > 0; got != tt.canAbort {
			t.Errorf("%s: can_abort = %v after %d rolls", name, v.CanAbort, v.Fairness.Rolls)
		}
		if tt.canAbort {
			continue
		}
		for p, tok := range tokensOf(c) {
			if st, code, _ := e.leave(c.ID, "abort", tok); st != http.StatusConflict || code != wire.CodeCannotAbort {
				t.Errorf("%s: %s aborting after the roll = %d %s, want 409 %s", name, p, st, code, wire.CodeCannotAbort)
			}
		}
		if after := e.view(c.ID); after.Finished || after.Seq != v.Seq {
			t.Errorf("%s: after the refused aborts: finished %v %q, seq %d (was %d)", name, after.Finished, after.Result, after.Seq, v.Seq)
		}
	}
}

// TestFirstMoveTimeoutAfterRoll: a player who lets the time for their
// first move run out after a roll was shown loses on time; the game is not
// aborted (which would let them wait out a roll they dislike).
func TestFirstMoveTimeoutAfterRoll(t *testing.T) {
	e := start(t, func(c *server.Config) { c.FirstMoveTime = 300 * time.Millisecond })
	c := e.create(wire.CreateRequest{Game: "luxumbra", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 60000}})
	v := e.view(c.ID)
	if v.Fairness.Rolls == 0 || v.ToMove != "white" {
		t.Fatalf("at the start: %d rolls, %q to move", v.Fairness.Rolls, v.ToMove)
	}
	f := e.subscribe(c.ID, 0, "")
	_, end := f.until(func(v wire.View) bool { return v.Finished })
	h := e.view(c.ID).History
	if last := h[len(h)-1]; end.Result != "black wins (time)" || last.Kind != "timeout" || last.Player != "white" {
		t.Errorf("white never moved after the roll: the game ended %q with %+v, want black winning on time", end.Result, last)
	}
}

// TestInvitesPublicSeat: whoever takes a game's public seat cannot read
// the private seat's invitation, and so cannot take that seat too; the
// private seat stays open for the creator's friend.
func TestInvitesPublicSeat(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: []wire.SeatRequest{
		{Type: "human"}, {Type: "open", Public: true}, {Type: "open"},
	}})
	ss, _ := e.listed(c.ID)
	stranger := e.join(c.ID, "p2", ss[1].Invite, "Stranger")
	var out struct{ Invites []wire.SeatGrant }
	st, ae := e.call("GET", "/api/games/"+c.ID+"/invites", stranger.Token, nil, &out)
	if st != http.StatusForbidden || ae.Code != wire.CodeNotCreator || len(out.Invites) != 0 {
		t.Fatalf("invites to the player of the public seat = %d %s %+v, want 403 %s and none", st, ae.Code, out.Invites, wire.CodeNotCreator)
	}
	if v := e.view(c.ID); v.Seats[2].Kind != "open" {
		t.Errorf("the private seat after the refusal: %+v, want open", v.Seats[2])
	}
	e.must("GET", "/api/games/"+c.ID+"/invites", c.Seats[0].Token, nil, &out)
	if len(out.Invites) != 1 || out.Invites[0].Player != "p3" || out.Invites[0].Invite != c.Seats[2].Invite {
		t.Errorf("invites to the creator = %+v, want p3's", out.Invites)
	}
}

// TestInvitesOldGame: a game stored before the creator's seat was marked
// gives its invitations to nobody, its first seat included.
func TestInvitesOldGame(t *testing.T) {
	e := start(t, nil)
	token := "the old creator's token"
	th, ih := sha256.Sum256([]byte(token)), sha256.Sum256([]byte("old invite"))
	rec := &store.Game{
		ID: "oldgame", Game: "chess", Options: map[string]string{}, ServerSeed: []byte{1, 2, 3}, Commitment: dice.Commit([]byte{1, 2, 3}),
		Created: time.Now(), Updated: time.Now(), Status: "waiting", Result: "game in progress",
		Seats: []store.Seat{
			{Player: "white", Kind: store.SeatHuman, TokenHash: th[:]},
			{Player: "black", Kind: store.SeatOpen, InviteHash: ih[:], Invite: "old invite"},
		},
	}
	if err := e.st.Create(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	st, ae := e.call("GET", "/api/games/oldgame/invites", token, nil, nil)
	if st != http.StatusForbidden || ae.Code != wire.CodeNotCreator {
		t.Errorf("invites of an old game to its first seat = %d %s, want 403 %s", st, ae.Code, wire.CodeNotCreator)
	}
}

// TestNoHumanLeft: a game whose last human seat leaves ends at once, the
// AI seats still in sharing a draw, with an event of the log that says so
// (the AIs do not play on by themselves on a server that takes no games
// of AIs only); the record verifies and a restart replays the same end. A
// human who leaves while another plays on changes nothing of that.
func TestNoHumanLeft(t *testing.T) {
	path := filepath.Join(t.TempDir(), "norns.db")
	e := startOn(t, path, nil)
	three := map[string]string{"players": "3"}
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: three, Seats: seats("h", "e", "e")})
	st, code, v := e.leave(c.ID, "resign", c.Seats[0].Token)
	if st != http.StatusOK || !v.Finished || v.Status != "over draw p2 p3" || v.Result != "draw between p2 and p3 (no human left)" {
		t.Fatalf("the only human resigning = %d %s: finished %v, %q, %q; want the game over, p2 and p3 sharing a draw", st, code, v.Finished, v.Status, v.Result)
	}
	n := len(v.History)
	if n < 2 || v.History[n-2].Kind != "resign" || v.History[n-1].Kind != ending.EventNoHuman || v.History[n-1].Player != "p1" {
		t.Fatalf("the history ends %+v, want p1's resign then %s", v.History[max(n-2, 0):], ending.EventNoHuman)
	}
	rec, evs, err := e.st.Load(context.Background(), c.ID)
	if err != nil || !rec.Finished || rec.Seq != v.Seq || int64(len(evs)) != v.Seq {
		t.Fatalf("the store holds finished %v, seq %d, %d events (%v); want finished at seq %d", rec.Finished, rec.Seq, len(evs), err, v.Seq)
	}
	checkOver(t, v)
	checkRecords(t, e, v)

	// A restart replays the log to the same end.
	e.stop()
	e = startOn(t, path, nil)
	if again := e.view(c.ID); again.Seq != v.Seq || again.Status != v.Status || again.Result != v.Result || !again.Finished {
		t.Errorf("after a restart: seq %d, %q, %q, finished %v; want seq %d, %q, %q", again.Seq, again.Status, again.Result, again.Finished, v.Seq, v.Status, v.Result)
	}

	// Two humans and an AI: when the first leaves, the other plays on;
	// when the second leaves, the AI wins, by resignation.
	c = e.create(wire.CreateRequest{Game: "nordsloki", Options: three, Seats: seats("h", "h", "e")})
	tokens := tokensOf(c)
	if st, code, v := e.leave(c.ID, "resign", tokens["p1"]); st != http.StatusOK || v.Finished {
		t.Fatalf("p1 resigning with p2 still in = %d %s, finished %v (%s); want the game going on", st, code, v.Finished, v.Result)
	}
	st, code, v = e.leave(c.ID, "resign", tokens["p2"])
	if st != http.StatusOK || v.Result != "p3 wins 1 (resignation)" || v.History[len(v.History)-1].Kind != "resign" {
		t.Errorf("p2 resigning last = %d %s: %q, last event %+v; want p3 winning by resignation", st, code, v.Result, v.History[len(v.History)-1])
	}
	checkRecords(t, e, v)
}

// outByRules returns the seat of a three-player Nords Loki position whose
// konung has no lives left (technically defeated, 8.3), or "".
func outByRules(position string) string {
	for _, w := range strings.Fields(position) {
		seat, fields, ok := strings.Cut(w, "=")
		if !ok || !strings.HasPrefix(seat, "p") {
			continue
		}
		if parts := strings.Split(fields, "/"); len(parts) == 4 && parts[3] == "0" {
			return seat
		}
	}
	return ""
}

// TestResignOutByRules: in three-player Nords Loki a player whose konung
// lost its last life is out of the game by the rules (8.3); their
// resignation is refused as one of a player who left (409 left_game), and
// changes nothing, where it used to fail inside the server (500) and drop
// the game from memory, every time it was sent again.
func TestResignOutByRules(t *testing.T) {
	e := start(t, nil)
	for i := range 60 {
		c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
		tokens := tokensOf(c)
		rng := rand.New(rand.NewPCG(uint64(i), 41))
		v := e.view(c.ID)
		for !v.Finished && outByRules(v.Position) == "" {
			if len(v.Legal) == 0 {
				v = e.view(c.ID)
				continue
			}
			e.playRandom(rng, c.ID, tokens, v)
			v = e.view(c.ID)
		}
		out := outByRules(v.Position)
		if out == "" {
			continue
		}
		if st, code, _ := e.leave(c.ID, "resign", tokens[out]); st != http.StatusConflict || code != wire.CodeLeft {
			t.Fatalf("game %d: %s, out by the rules, resigning = %d %s; want 409 left_game (position %s)", i, out, st, code, v.Position)
		}
		if after := e.view(c.ID); after.Seq != v.Seq || after.Position != v.Position {
			t.Fatalf("game %d: the refused resignation changed the game: seq %d → %d", i, v.Seq, after.Seq)
		}
		// Another player's resignation ends the game: one player is left.
		for _, p := range v.Players {
			if p != out {
				if st, code, end := e.leave(c.ID, "resign", tokens[p]); st != http.StatusOK || !end.Finished {
					t.Fatalf("game %d: %s resigning = %d %s, finished %v; want 200 and the game over", i, p, st, code, end.Finished)
				}
				break
			}
		}
		return
	}
	t.Fatal("no player lost the last life of their konung in 60 games")
}

// TestRematchDecline: the other player declines a rematch asked for; the
// wish is gone for both, and asking again starts a new offer.
func TestRematchDecline(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	if st, code, _ := e.leave(c.ID, "rematch/decline", b); st != http.StatusConflict || code != wire.CodeNotOver {
		t.Errorf("declining a rematch of a game in progress = %d %s, want 409 %s", st, code, wire.CodeNotOver)
	}
	e.leave(c.ID, "resign", b)
	if _, _, v := e.leave(c.ID, "rematch", w); strings.Join(v.RematchOffers, " ") != "white" {
		t.Fatalf("white's rematch: offers %v, want [white]", v.RematchOffers)
	}
	st, code, v := e.leave(c.ID, "rematch/decline", b)
	if st != http.StatusOK || len(v.RematchOffers) != 0 || v.Rematch != "" {
		t.Fatalf("black's decline = %d %s: offers %v, rematch %q, want no offer, no rematch", st, code, v.RematchOffers, v.Rematch)
	}
	if _, _, v := e.leave(c.ID, "rematch", b); strings.Join(v.RematchOffers, " ") != "black" || v.Rematch != "" {
		t.Errorf("black asks after declining: offers %v, rematch %q, want [black] and no rematch", v.RematchOffers, v.Rematch)
	}
}

// TestResignThreePlayersToTheEnd: in three-player Nords Loki the second
// resignation leaves one player in, who wins by resignation (not by
// technical defeat); the record in the game's notation has a line for
// each resignation, and the Norns record verifies.
func TestResignThreePlayersToTheEnd(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	for v.ToMove == "" || v.ToMove == "chance" {
		v = e.view(c.ID)
	}
	var out []string
	for _, p := range v.Players {
		if p != v.ToMove {
			out = append(out, p)
		}
	}
	if st, code, after := e.leave(c.ID, "resign", tokens[out[0]]); st != http.StatusOK || after.Finished {
		t.Fatalf("%s resigning = %d %s, finished %v; want the game going on", out[0], st, code, after.Finished)
	}
	st, code, end := e.leave(c.ID, "resign", tokens[out[1]])
	if want := v.ToMove + " wins 1 (resignation)"; st != http.StatusOK || !end.Finished || end.Result != want {
		t.Fatalf("%s resigning second = %d %s: finished %v, result %q; want %q", out[1], st, code, end.Finished, end.Result, want)
	}
	text := e.record(c.ID, "text")
	want := out[0] + " resigns\n" + out[1] + " resigns\n{" + end.Result + "}\n"
	if !strings.HasSuffix(text, want) {
		t.Errorf("the text record ends\n%s\nwant it to end\n%s", text, want)
	}
	if norns := e.record(c.ID, "norns"); !strings.Contains(norns, " resign "+out[0]+"\n") || !strings.Contains(norns, " resign "+out[1]+"\n") {
		t.Errorf("the Norns record lacks a resignation:\n%s", norns)
	}
	checkRecords(t, e, end)
}
