package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/tui"
	"github.com/norns-games/norns/wire"
)

// TestLogin: norns login signs up (--signup) and in, keeping the session
// in the session file (mode 0600), and says why it is refused; the
// session it keeps makes the seat norns play --join takes (JoinAs, with
// loginSession) the account's, under its user name.
func TestLogin(t *testing.T) {
	hs := testServer(t, func(c *server.Config) {
		c.PasswordParams = account.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32}
	})
	file := filepath.Join(t.TempDir(), "norns", "sessions.json")

	if _, errOut, err := run(t, "correct horse\n", "login", hs.URL, "--lang", "en", "--session-file", file, "--name", "Ann"); err == nil || !strings.Contains(errOut, "Wrong user name or password.") {
		t.Errorf("login before sign-up: %v, %q", err, errOut)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a refused login wrote the session file: %v", err)
	}
	out, errOut, err := run(t, "Ann\ncorrect horse\n", "login", hs.URL+"/", "--lang", "en", "--session-file", file, "--signup")
	if err != nil || !strings.Contains(out, "Signed in to "+hs.URL+" as Ann") || !strings.Contains(errOut, "User name: Password: ") {
		t.Fatalf("login --signup: %v\nstdout %q\nstderr %q", err, out, errOut)
	}
	if _, errOut, err := run(t, "x\n", "login", "ftp://host", "--lang", "ru", "--session-file", file, "--name", "Ann"); err == nil || !strings.Contains(errOut, "не адрес сервера") {
		t.Errorf("login ftp://host: %v, %q", err, errOut)
	}
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("session file: %v, mode %v", err, fi.Mode())
	}
	s, ok, err := tui.LoadSession(file, hs.URL)
	if err != nil || !ok || s.Name != "Ann" || len(s.Token) != 43 {
		t.Fatalf("LoadSession = %+v, %v, %v", s, ok, err)
	}

	// A game to join, from its invitation.
	body, _ := json.Marshal(map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human"}, {"type": "open"}}})
	resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Seats []struct {
			InviteURL string `json:"invite_url"`
		} `json:"seats"`
	}
	json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()
	invite := g.Seats[1].InviteURL
	if loginSession(file, gameServer("http://elsewhere/games/x")) != "" {
		t.Error("a session for another server")
	}
	_, v, err := tui.JoinAs(context.Background(), invite, "whoever", "", loginSession(file, gameServer(invite)), i18n.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v.Seats[1].Name != "Ann" {
		t.Errorf("the seat joined with the session is named %q, want Ann", v.Seats[1].Name)
	}

	// Another device signed in as Ann gets a token of her seat; a device
	// signed out, or signed in as another player, gets none.
	gameURL := hs.URL + "/games/" + v.ID
	tok, err := tui.AccountSeat(context.Background(), gameURL, loginSession(file, hs.URL), i18n.English, nil)
	if err != nil || tok == "" {
		t.Fatalf("AccountSeat = %q, %v", tok, err)
	}
	if o, _, err := tui.Open(context.Background(), gameURL, tok, i18n.English, nil); err != nil || o.Player != "black" {
		t.Errorf("the device's token opens %v, %v; want black", o, err)
	}
	var ae *tui.APIError
	if _, err := tui.AccountSeat(context.Background(), gameURL, "", i18n.English, nil); !errors.As(err, &ae) || ae.Code != wire.CodeNotSignedIn {
		t.Errorf("AccountSeat signed out = %v, want %s", err, wire.CodeNotSignedIn)
	}
	bob := filepath.Join(t.TempDir(), "sessions.json")
	if _, _, err := run(t, "Bob\ncorrect horse\n", "login", hs.URL, "--lang", "en", "--session-file", bob, "--signup"); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.AccountSeat(context.Background(), gameURL, loginSession(bob, hs.URL), i18n.English, nil); !errors.As(err, &ae) || ae.Code != wire.CodeNoSeat {
		t.Errorf("AccountSeat as Bob = %v, want %s", err, wire.CodeNoSeat)
	}
	// norns play --game-url with no token kept and no session says how
	// to get one.
	seatsFile := filepath.Join(t.TempDir(), "seats.json")
	if _, errOut, err := run(t, "", "play", "--game-url", gameURL, "--lang", "en", "--seat-file", seatsFile, "--session-file", bob+".none"); err == nil || !strings.Contains(errOut, "sign in with norns login") {
		t.Errorf("play --game-url without a token or a session: %v, %q", err, errOut)
	}
}
