package tui

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// recordOf fetches a game's Norns record.
func recordOf(t *testing.T, base, id string) string {
	t.Helper()
	resp, err := http.Get(base + "/api/games/" + id + "/record?format=norns")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// seatOf is a seat of a view by its player.
func seatOf(v wire.View, player string) wire.SeatView {
	for _, s := range v.Seats {
		if s.Player == player {
			return s
		}
	}
	return wire.SeatView{}
}

// TestOnlineNonces: a seat the terminal client joins in a game with dice
// commits to its first nonce from a secret of its own, and every move it
// makes reveals the nonce and commits to the next: the record's lines of
// its moves carry {nonce … next …} and verify counts the rolls they
// caused. The seat file keeps the secret beside the token, and a client
// that comes back with both goes on with the chain; one that comes back
// with the token alone says why it cannot move, and changes nothing. A
// game without dice commits to nothing.
func TestOnlineNonces(t *testing.T) {
	base := testServer(t)
	ctx := context.Background()
	g := createGame(t, base, "luxumbra", map[string]string{"type": "open"}, map[string]string{"type": "ai", "level": "easy"})
	o, v, err := Join(ctx, g.Seats[0].InviteURL, "", "", i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Secret) != dice.NonceSize || v.Fairness.Scheme != dice.SchemeV2 || seatOf(*v, "white").Commit != dice.CommitNonce(dice.Nonce(o.Secret, g.ID, 0)) {
		t.Fatalf("after the join: a secret of %d bytes, scheme %s, white's commitment %q; want commit 0 of the secret", len(o.Secret), v.Fairness.Scheme, seatOf(*v, "white").Commit)
	}
	m, err := NewOnline(Config{Lang: i18n.English}, o, v)
	if err != nil {
		t.Fatal(err)
	}
	ch := feed(t, m)
	// White's turns out from the list, three of them, the AI answering.
	for turns := 0; turns < 3; {
		await(t, m, ch, "your move")
		for m.human() {
			press(t, m, "?", "enter")
			if m.message != "" && strings.Contains(m.message, "nonce") {
				t.Fatalf("the move was refused: %s", m.message)
			}
			await(t, m, ch)
		}
		turns++
		if m.on.view.Finished {
			break
		}
	}
	sv := serverView(t, base, g.ID)
	white := seatOf(sv, "white")
	if white.Reveals == 0 || white.Commit != dice.CommitNonce(dice.Nonce(o.Secret, g.ID, uint64(white.Reveals))) {
		t.Fatalf("after the moves: %d reveals, pending %q; want some, and the commitment to the next nonce", white.Reveals, white.Commit)
	}

	// The seat file keeps the secret; the client that comes back with it
	// goes on with the chain.
	seats := filepath.Join(t.TempDir(), "seats.json")
	if err := SaveSeat(seats, o); err != nil {
		t.Fatal(err)
	}
	tok, secret, ok, err := LoadSeatSecret(seats, o.GameURL())
	if err != nil || !ok || tok != o.Token || hex.EncodeToString(secret) != hex.EncodeToString(o.Secret) {
		t.Fatalf("LoadSeatSecret = %q, %x, %v, %v; want the token and the secret saved", tok, secret, ok, err)
	}
	// Without the secret, the move is not sent, and the reason is shown.
	bare, bv, err := Open(ctx, o.GameURL(), o.Token, i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !sv.Finished {
		for bv.ToMove != "white" {
			bv, _ = bare.View(ctx)
		}
		var ns *NoSecretError
		if _, err := bare.Reveal(bv); !errors.As(err, &ns) || ns.Player != "white" {
			t.Fatalf("the reveal of a client without the secret: %v, want a NoSecretError", err)
		}
		bm, err := NewOnline(Config{Lang: i18n.English}, bare, bv)
		if err != nil {
			t.Fatal(err)
		}
		press(t, bm, "?", "enter")
		if want := i18n.T(i18n.English, "tui.error.nosecret", "player", i18n.Player(i18n.English, "white")); bm.message != want {
			t.Errorf("the message is %q, want %q", bm.message, want)
		}
		if after := serverView(t, base, g.ID); after.Seq != bv.Seq {
			t.Fatalf("the move without the secret changed the game: seq %d → %d", bv.Seq, after.Seq)
		}
		back, cv, err := OpenSecret(ctx, o.GameURL(), tok, secret, i18n.English, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := back.Reveal(cv)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := back.Act(ctx, cv.Legal[0], cv.Seq, r); err != nil {
			t.Fatalf("the move of the client that came back with the secret: %v", err)
		}
		api(t, "POST", base+"/api/games/"+g.ID+"/resign", o.Token, nil, nil)
	}

	rec := recordOf(t, base, g.ID)
	moves := 0
	for _, l := range strings.Split(rec, "\n") {
		if f := strings.Fields(l); len(f) >= 4 && f[1] == "move" && f[2] == "white" {
			moves++
			if !strings.Contains(l, " {nonce ") {
				t.Errorf("white's move line %q carries no nonce", l)
			}
		}
	}
	parsed, err := record.Parse(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	ver, err := record.Verify(parsed, games.All)
	if err != nil {
		t.Fatalf("verify: %v\n%s", err, rec)
	}
	if moves == 0 || ver.Caused == 0 {
		t.Fatalf("%d moves of white, %d of %d rolls caused by a nonce; want some of each", moves, ver.Caused, ver.Rolls)
	}

	// Chess has no dice: the seat commits to nothing.
	c := createGame(t, base, "chess", map[string]string{"type": "open"}, map[string]string{"type": "ai", "level": "easy"})
	co, cv, err := Join(ctx, c.Seats[0].InviteURL, "", "", i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if co.Secret != nil || seatOf(*cv, "white").Commit != "" {
		t.Errorf("a chess seat: secret %x, commitment %q; want none", co.Secret, seatOf(*cv, "white").Commit)
	}
}
