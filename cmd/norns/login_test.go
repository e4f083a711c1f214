package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/tui"
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
}
