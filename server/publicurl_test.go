package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// forged sends a request to e with the Host header host, as a client that
// lies about the site it asked for, and decodes the JSON answer into out.
func (e *env) forged(host, method, path, token string, body, out any) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.base+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Host = host
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		e.t.Fatalf("%s %s with Host %s = %d %s", method, path, host, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		e.t.Fatalf("%s %s: %v in %s", method, path, err, data)
	}
}

// TestInviteURLNotFromHost: the invite_url of a create answer and of the
// invitations still open names the configured public URL, or without one
// the address the server listens on, never the Host header the client
// sent.
func TestInviteURLNotFromHost(t *testing.T) {
	for _, tt := range []struct {
		name, public string
		origin       func(e *env) string
	}{
		{"public URL", "https://norns.example", func(*env) string { return "https://norns.example" }},
		{"public URL with a slash", "http://play.norns.example:8443/", func(*env) string { return "http://play.norns.example:8443" }},
		{"no public URL", "", func(e *env) string { return e.base }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := start(t, func(c *server.Config) { c.PublicURL = tt.public })
			origin := tt.origin(e)
			var c created
			e.forged("evil.example", "POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: seats("h", "o")}, &c)
			want := origin + "/games/" + c.ID + "?seat=black&invite=" + c.Seats[1].Invite
			if got := c.Seats[1].InviteURL; got != want {
				t.Errorf("create with Host evil.example: invite_url %q, want %q", got, want)
			}
			var inv struct {
				Invites []wire.SeatGrant `json:"invites"`
			}
			e.forged("evil.example:443", "GET", "/api/games/"+c.ID+"/invites", c.Seats[0].Token, nil, &inv)
			if len(inv.Invites) != 1 || inv.Invites[0].InviteURL != want {
				t.Errorf("invites with Host evil.example:443 = %+v, want one, invite_url %q", inv.Invites, want)
			}
			if strings.Contains(c.Seats[1].InviteURL, "evil") {
				t.Errorf("invite_url %q names the forged host", c.Seats[1].InviteURL)
			}
		})
	}
}

// TestPublicURLRefused: a public URL that is not an http or https origin
// is refused by New.
func TestPublicURLRefused(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, u := range []string{"norns.example", "ftp://norns.example", "https://", "https://norns.example/play", "https://norns.example/?x=1", "https://norns.example/#top", "https://ann:pw@norns.example", "//norns.example", "https://norns example"} {
		srv, err := server.New(server.Config{Config: live.Config{Store: st, Games: games.All}, PublicURL: u})
		if srv != nil {
			srv.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "public URL") {
			t.Errorf("New with PublicURL %q = %v, want an error about the public URL", u, err)
		}
	}
}
