package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/norns-games/norns/wire"
)

// listed returns the seats of a game in GET /api/games?state=live, and the
// raw answer.
func (e *env) listed(id string) ([]wire.SeatView, string) {
	e.t.Helper()
	resp, err := http.Get(e.base + "/api/games?state=live")
	if err != nil {
		e.t.Fatalf("GET /api/games: %v", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var l struct {
		Games []wire.Summary `json:"games"`
	}
	if err := json.Unmarshal(raw, &l); err != nil {
		e.t.Fatalf("GET /api/games: %v in %s", err, raw)
	}
	for _, g := range l.Games {
		if g.ID == id {
			return g.Seats, string(raw)
		}
	}
	e.t.Fatalf("game %s is not in the list", id)
	return nil, ""
}

// TestPublicSeat: a public open seat is listed with its invitation, a
// private one without; joining with the listed invitation takes the seat
// and removes the invitation from the list; a second join is refused.
func TestPublicSeat(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: []wire.SeatRequest{
		{Type: "human"}, {Type: "open", Public: true}, {Type: "open"},
	}})
	if c.Seats[1].Invite == "" || c.Seats[2].Invite == "" {
		t.Fatalf("create gave invitations %q and %q, want both", c.Seats[1].Invite, c.Seats[2].Invite)
	}
	ss, raw := e.listed(c.ID)
	if !ss[1].Public || ss[1].Invite != c.Seats[1].Invite {
		t.Errorf("listed seat p2 = %+v, want public with invite %q", ss[1], c.Seats[1].Invite)
	}
	if ss[2].Public || ss[2].Invite != "" || ss[0].Invite != "" {
		t.Errorf("listed seats p1, p3 = %+v, %+v, want no invitation", ss[0], ss[2])
	}
	if strings.Contains(raw, c.Seats[2].Invite) {
		t.Errorf("the list shows the private invitation %q: %s", c.Seats[2].Invite, raw)
	}
	if v := e.view(c.ID); !v.Seats[1].Public || v.Seats[1].Invite != "" || v.Seats[2].Public {
		t.Errorf("view seats = %+v, want p2 public without its invitation, p3 private", v.Seats)
	}

	var j struct {
		Player string `json:"player"`
		Token  string `json:"token"`
	}
	e.must("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"seat": "p2", "invite": ss[1].Invite, "name": "Bob"}, &j)
	if j.Player != "p2" || j.Token == "" {
		t.Errorf("join = %+v, want seat p2 with a token", j)
	}
	ss, raw = e.listed(c.ID)
	if ss[1].Kind != "human" || ss[1].Public || ss[1].Invite != "" || strings.Contains(raw, c.Seats[1].Invite) {
		t.Errorf("listed seat p2 after the join = %+v, want human without invitation", ss[1])
	}
	st, ae := e.call("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"seat": "p2", "invite": c.Seats[1].Invite}, nil)
	if st != http.StatusConflict || ae.Code != wire.CodeSeatNotOpen {
		t.Errorf("second join = %d %q, want 409 %q", st, ae.Code, wire.CodeSeatNotOpen)
	}

	// Only an open seat can be public.
	st, ae = e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Public: true}, {Type: "open"}}}, nil)
	if st != http.StatusBadRequest || ae.Code != wire.CodeBadSeats {
		t.Errorf("create with a public human seat = %d %q, want 400 %q", st, ae.Code, wire.CodeBadSeats)
	}
}
