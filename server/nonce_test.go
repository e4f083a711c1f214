package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// client is what a player's client keeps of a seat's nonces: the secret
// they are derived from (dice scheme v2).
type client struct {
	id     string
	secret []byte
}

// nonce returns nonce number k, in hex.
func (c client) nonce(k int) string { return hex.EncodeToString(dice.Nonce(c.secret, c.id, uint64(k))) }

// commit returns the commitment to nonce number k.
func (c client) commit(k int) string { return dice.CommitNonce(dice.Nonce(c.secret, c.id, uint64(k))) }

// newClient draws a client's secret for game id.
func newClient(t testing.TB, id string) client {
	t.Helper()
	s, err := dice.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return client{id: id, secret: s}
}

// reveal is the body of a move of a seat whose client is c, with view v:
// the action, the nonce it committed to and the commitment to the next.
func (c client) reveal(v wire.View, seat, action string) map[string]any {
	k := 0
	for _, s := range v.Seats {
		if s.Player == seat {
			k = s.Reveals
		}
	}
	return map[string]any{"action": action, "seq": v.Seq, "nonce": c.nonce(k), "next": c.commit(k + 1)}
}

// TestNonces: a seat that committed to a nonce with its seed must reveal
// it with its next move and commit to the next one; every other move of
// its is refused (bad_nonce) and changes nothing. The rolls its moves cause
// depend on its nonces, and the record verifies with each of them checked;
// a record whose nonces were altered or dropped does not.
func TestNonces(t *testing.T) {
	e := start(t, nil)
	c := e.createOnly(wire.CreateRequest{Game: "seidr", Seats: seats("h", "e")})
	tok := c.Seats[0].Token
	cl := newClient(t, c.ID)
	if code, err := e.call("POST", "/api/games/"+c.ID+"/seed", tok, map[string]string{"seed": "s", "commit": "ABC"}, nil); code != 400 || err.Code != wire.CodeBadNonce {
		t.Fatalf("a malformed commitment: %d %s, want 400 bad_nonce", code, err.Code)
	}
	e.must("POST", "/api/games/"+c.ID+"/seed", tok, map[string]string{"seed": "my seed", "commit": cl.commit(0)}, nil)

	v := e.view(c.ID)
	for v.ToMove != "white" {
		v = e.view(c.ID)
	}
	if v.Seats[0].Commit != cl.commit(0) || v.Seats[0].Reveals != 0 || v.Fairness.Scheme != dice.SchemeV2 {
		t.Fatalf("seat white: commit %q, %d reveals, scheme %s; want %s, 0, %s", v.Seats[0].Commit, v.Seats[0].Reveals, v.Fairness.Scheme, cl.commit(0), dice.SchemeV2)
	}
	a := v.Legal[0]
	other := newClient(t, c.ID)
	for _, tc := range []struct {
		name string
		body map[string]any
	}{
		{"no nonce", map[string]any{"action": a, "seq": v.Seq}},
		{"no nonce, a next commitment", map[string]any{"action": a, "seq": v.Seq, "next": cl.commit(1)}},
		{"another secret's nonce", other.reveal(v, "white", a)},
		{"the nonce, no next commitment", map[string]any{"action": a, "seq": v.Seq, "nonce": cl.nonce(0)}},
		{"the nonce, a malformed next commitment", map[string]any{"action": a, "seq": v.Seq, "nonce": cl.nonce(0), "next": "xyz"}},
		{"the nonce in upper case", map[string]any{"action": a, "seq": v.Seq, "nonce": strings.ToUpper(cl.nonce(0)), "next": cl.commit(1)}},
		{"the next nonce", map[string]any{"action": a, "seq": v.Seq, "nonce": cl.nonce(1), "next": cl.commit(2)}},
	} {
		code, err := e.call("POST", "/api/games/"+c.ID+"/actions", tok, tc.body, nil)
		if code != 400 || err.Code != wire.CodeBadNonce {
			t.Errorf("%s: %d %s, want 400 bad_nonce", tc.name, code, err.Code)
		}
		if after := e.view(c.ID); after.Seq != v.Seq || after.Seats[0].Commit != cl.commit(0) {
			t.Fatalf("%s changed the game: seq %d → %d, commit %s", tc.name, v.Seq, after.Seq, after.Seats[0].Commit)
		}
	}

	// The game to its end, every move with its nonce.
	rng := rand.New(rand.NewPCG(30, 30))
	moves := 0
	for !v.Finished {
		if v.ToMove != "white" {
			v = e.view(c.ID)
			continue
		}
		e.must("POST", "/api/games/"+c.ID+"/actions", tok, cl.reveal(v, "white", v.Legal[rng.IntN(len(v.Legal))]), &v)
		moves++
		v = e.view(c.ID)
	}
	if v.Seats[0].Reveals != moves {
		t.Fatalf("white made %d moves, the view counts %d reveals", moves, v.Seats[0].Reveals)
	}
	over := e.record(c.ID, "norns")
	if !strings.Contains(over, `[Commit white "`+cl.commit(0)+`"]`) || !strings.Contains(over, `[Commit black ""]`) || !strings.Contains(over, " {nonce "+cl.nonce(0)+" next "+cl.commit(1)+"}\n") {
		t.Fatalf("the record lacks the commitments or the first reveal:\n%s", over)
	}
	ver, err := verifyText(over)
	if err != nil {
		t.Fatal(err)
	}
	// The rolls white's moves caused, counted from the record's events:
	// those after a move of white's, up to the next event but a roll. The
	// AI's moves reveal no nonce, so the rolls after them count for none
	// (a game may end before the AI makes a quiet move: a slide can bring
	// Black's king into White's reach in White's first turn).
	rec, err := record.Parse(strings.NewReader(over))
	if err != nil {
		t.Fatal(err)
	}
	caused, byWhite := 0, false
	for _, ev := range rec.Events {
		if ev.Kind != store.EventRoll {
			byWhite = ev.Kind == store.EventMove && ev.Player == "white"
		} else if byWhite {
			caused++
		}
	}
	if ver.Scheme != dice.SchemeV2 || caused == 0 || ver.Caused != caused {
		t.Fatalf("verify: scheme %s, %d of %d rolls caused by a nonce; want %s, %d (those after white's moves)", ver.Scheme, ver.Caused, ver.Rolls, dice.SchemeV2, caused)
	}
	js := e.record(c.ID, "json")
	if jv, err := verifyText(js); err != nil || jv.Caused != ver.Caused {
		t.Fatalf("the JSON record: %v, %+v; want %d rolls caused", err, jv, ver.Caused)
	}

	// The first reveal's line, which the tampering below changes.
	first := " {nonce " + cl.nonce(0) + " next " + cl.commit(1) + "}"
	for _, tc := range []struct {
		name, record, wantErr string
	}{
		{"a nonce altered", strings.Replace(over, first, " {nonce "+flipHex(cl.nonce(0))+" next "+cl.commit(1)+"}", 1), "hashes to"},
		{"a reveal dropped", strings.Replace(over, first, "", 1), "does not reveal it"},
		{"the first commitment altered", setTag(t, over, "Commit white", flipHex(cl.commit(0))), "hashes to"},
		{"the first commitment dropped", setTag(t, over, "Commit white", ""), "committed to none"},
		{"a Commit tag removed", dropTag(t, over, "Commit black"), "no Commit black tag"},
		{"scheme v1 with nonces", setTag(t, over, "Scheme", dice.SchemeV1), "takes no nonces"},
		{"a malformed reveal", strings.Replace(over, first, " {nonce}", 1), "is not {nonce <hex> next <hex>}"},
		{"the JSON record, a nonce altered", strings.Replace(js, cl.nonce(0), flipHex(cl.nonce(0)), 1), "hashes to"},
	} {
		if tc.record == over || tc.record == js {
			t.Fatalf("%s: the edit changed nothing", tc.name)
		}
		if _, err := verifyText(tc.record); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: verify says %v, want an error with %q", tc.name, err, tc.wantErr)
		}
	}
}

// TestNoCommitInV1: a game of scheme v1 (created before v2) takes no
// nonce commitment, with a seed or a join: its moves could never reveal
// one. The request is refused and changes nothing.
func TestNoCommitInV1(t *testing.T) {
	e := start(t, nil)
	token, invite := "the v1 seat's token", "the v1 invite"
	th, ih := sha256.Sum256([]byte(token)), sha256.Sum256([]byte(invite))
	rec := &store.Game{
		ID: "v1game", Game: "seidr", Options: map[string]string{}, ServerSeed: []byte{1, 2, 3}, Commitment: dice.Commit([]byte{1, 2, 3}),
		Created: time.Now(), Updated: time.Now(), Status: "waiting", Result: "game in progress",
		Seats: []store.Seat{
			{Player: "white", Kind: store.SeatHuman, TokenHash: th[:], Creator: true},
			{Player: "black", Kind: store.SeatOpen, InviteHash: ih[:], Invite: invite},
		},
	}
	if err := e.st.Create(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	cl := newClient(t, rec.ID)
	if st, ae := e.call("POST", "/api/games/v1game/seed", token, map[string]string{"seed": "s", "commit": cl.commit(0)}, nil); st != 400 || ae.Code != wire.CodeBadNonce {
		t.Errorf("a seed with a commitment in a v1 game = %d %s, want 400 bad_nonce", st, ae.Code)
	}
	if st, ae := e.call("POST", "/api/games/v1game/join", "", map[string]string{"invite": invite, "seed": "s", "commit": cl.commit(0)}, nil); st != 400 || ae.Code != wire.CodeBadNonce {
		t.Errorf("a join with a commitment in a v1 game = %d %s, want 400 bad_nonce", st, ae.Code)
	}
	v := e.view("v1game")
	if v.Fairness.Scheme != dice.SchemeV1 || v.Seats[0].Seeded || v.Seats[0].Commit != "" || v.Seats[1].Kind != store.SeatOpen {
		t.Errorf("after the refusals: scheme %s, seats %+v; want %s, white unseeded, black open", v.Fairness.Scheme, v.Seats, dice.SchemeV1)
	}
	// Without a commitment both are taken.
	e.must("POST", "/api/games/v1game/seed", token, map[string]string{"seed": "s"}, nil)
	e.must("POST", "/api/games/v1game/join", "", map[string]string{"invite": invite, "seed": "t"}, nil)
}
