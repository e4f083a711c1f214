package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
)

// testServer serves Norns on a new SQLite store for the test, its easy AI
// quick, with mod changing the configuration (nil: none).
func testServer(t *testing.T, mod func(*server.Config)) *httptest.Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Config: live.Config{Store: st, Games: games.All, AITime: map[string]time.Duration{"easy": 5 * time.Millisecond}}}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); hs.CloseClientConnections(); hs.Close(); st.Close() })
	return hs
}

// TestPlayJoinErrors checks what norns play --join and --game-url say
// before the screen opens: flags of local play, a URL that names no game, a
// game with no kept token, a bad token, a used invitation, a server that is
// not there. None of them writes the seat file.
func TestPlayJoinErrors(t *testing.T) {
	hs := testServer(t, nil)
	body, _ := json.Marshal(map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human"}, {"type": "open"}}})
	resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		ID    string `json:"id"`
		Seats []struct {
			InviteURL string `json:"invite_url"`
		} `json:"seats"`
	}
	json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()
	invite := g.Seats[1].InviteURL
	// Take the seat, so that the invitation is used.
	body, _ = json.Marshal(map[string]string{"invite": invite[strings.Index(invite, "invite=")+7:]})
	if resp, err = http.Post(hs.URL+"/api/games/"+g.ID+"/join", "application/json", bytes.NewReader(body)); err != nil || resp.StatusCode != 200 {
		t.Fatalf("join: %v %v", resp.Status, err)
	}
	resp.Body.Close()

	seats := filepath.Join(t.TempDir(), "seats.json")
	gameURL := hs.URL + "/games/" + g.ID
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--join", invite, "--game", "chess"}, "--game is for local play: --join and --game-url play a game of a server"},
		{[]string{"--join", invite, "--game-url", gameURL}, "give --join or --game-url, not both"},
		{[]string{"--game-url", gameURL, "--dice-seed", "mine"}, "--dice-seed is for a game you --join"},
		{[]string{"--game", "luxumbra", "--dice-seed", "mine"}, "--dice-seed is for a game you --join"},
		{[]string{"--join", "http://host/lobby"}, "http://host/lobby is not the URL of a game"},
		{[]string{"--join", gameURL}, "is not the URL of a game"},
		{[]string{"--game-url", gameURL}, "no token for " + gameURL + " in " + seats},
		{[]string{"--game-url", gameURL, "--token", "nope"}, "The seat token does not belong to this game."},
		{[]string{"--join", invite}, gameURL + "?seat=black&invite="},
		{[]string{"--join", invite}, "That seat is not open. (seat black is taken)"},
		{[]string{"--join", "http://127.0.0.1:1/games/abc?seat=black&invite=x"}, "cannot reach the server http://127.0.0.1:1"},
		{[]string{"--join", invite, "--lang", "ru"}, "Это место не свободно"},
	}
	for _, tc := range tests {
		args := append([]string{"play", "--lang", "en", "--seat-file", seats}, tc.args...)
		_, errOut, err := run(t, "", args...)
		if err == nil || !strings.Contains(errOut, tc.want) {
			t.Errorf("norns %s: %v, stderr %q, want an error containing %q", strings.Join(args, " "), err, errOut, tc.want)
		}
	}
	if _, err := os.Stat(seats); !os.IsNotExist(err) {
		t.Errorf("the seat file was written: %v", err)
	}
}
