package server_test

import (
	"net/http"
	"testing"

	"github.com/norns-games/norns/wire"
)

// creatorSeat is the seat whose token the creator got (the one human
// seat of the request).
func creatorSeat(t *testing.T, c created) string {
	t.Helper()
	seat := ""
	for _, g := range c.Seats {
		if g.Token != "" {
			if seat != "" {
				t.Fatalf("two seats with tokens: %+v", c.Seats)
			}
			seat = g.Player
		}
	}
	return seat
}

// TestCreateColor: the create request's color puts the creator on the
// seat it names, or draws the order at random (both colours come up over
// 40 games; with three players every seat does); without it the seats are
// as listed, and an unknown colour is refused.
func TestCreateColor(t *testing.T) {
	e := start(t, nil)
	for _, tc := range []struct {
		game, color string
		options     map[string]string
		seats       []wire.SeatRequest
		want        string
	}{
		{"chess", "", nil, seats("h", "o"), "white"},
		{"chess", "", nil, seats("o", "h"), "black"},
		{"chess", "white", nil, seats("h", "o"), "white"},
		{"chess", "black", nil, seats("h", "o"), "black"},
		{"chess", "black", nil, nil, "black"},
		{"samurai", "black", nil, seats("h", "e"), "black"},
		{"nordsloki", "p3", map[string]string{"players": "3"}, seats("h", "o", "o"), "p3"},
	} {
		c := e.createOnly(wire.CreateRequest{Game: tc.game, Options: tc.options, Seats: tc.seats, Color: tc.color})
		if got := creatorSeat(t, c); got != tc.want {
			t.Errorf("%s color %q seats %v: the creator has %s, want %s", tc.game, tc.color, tc.seats, got, tc.want)
		}
		for i, g := range c.Game.Seats {
			if g.Player != c.Game.Players[i] || c.Seats[i].Player != g.Player {
				t.Errorf("%s color %q: seat %d is %s (grant %s), want %s", tc.game, tc.color, i, g.Player, c.Seats[i].Player, c.Game.Players[i])
			}
		}
	}
	// Black with an AI: the AI is white and the game waits on it.
	c := e.createOnly(wire.CreateRequest{Game: "chess", Seats: seats("h", "e"), Color: "black"})
	if k := c.Game.Seats[0].Kind; k != "ai" || c.Game.Seats[1].Kind != "human" {
		t.Errorf("black against the AI: seats %+v", c.Game.Seats)
	}

	seen := map[string]int{}
	for range 40 {
		seen[creatorSeat(t, e.createOnly(wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Color: "random"}))]++
	}
	if seen["white"] == 0 || seen["black"] == 0 || seen["white"]+seen["black"] != 40 {
		t.Errorf("random colour over 40 games: %v, want both", seen)
	}
	seen = map[string]int{}
	for range 40 {
		c := e.createOnly(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "o", "o"), Color: "random"})
		seen[creatorSeat(t, c)]++
	}
	if seen["p1"] == 0 || seen["p2"] == 0 || seen["p3"] == 0 {
		t.Errorf("random seat order of three over 40 games: %v, want every seat", seen)
	}

	for _, color := range []string{"green", "p1", "White"} {
		st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Color: color}, nil)
		if st != http.StatusBadRequest || ae.Code != wire.CodeBadSeats {
			t.Errorf("color %q = %d %s, want 400 %s", color, st, ae.Code, wire.CodeBadSeats)
		}
	}
}

// TestSpeedAndHotSeat: the view and the list carry the speed class of the
// clock (as lichess's) and mark a game whose creator holds every seat as
// hot seat.
func TestSpeedAndHotSeat(t *testing.T) {
	e := start(t, nil)
	for _, tc := range []struct {
		clock   *wire.ClockRequest
		seats   []wire.SeatRequest
		speed   string
		hotSeat bool
	}{
		{nil, seats("h", "h"), "correspondence", true},
		{&wire.ClockRequest{InitialMs: 60000}, seats("h", "e"), "bullet", false},
		{&wire.ClockRequest{InitialMs: 180000, IncrementMs: 2000}, seats("h", "h"), "blitz", true},
		{&wire.ClockRequest{InitialMs: 600000, IncrementMs: 5000}, seats("h", "o"), "rapid", false},
		{&wire.ClockRequest{InitialMs: 1800000}, seats("e", "h"), "classical", false},
		{&wire.ClockRequest{DaysPerMove: 3}, seats("h", "h"), "correspondence", true},
	} {
		c := e.createOnly(wire.CreateRequest{Game: "chess", Seats: tc.seats, Clock: tc.clock, Public: new(true)})
		if c.Game.Speed != tc.speed || c.Game.HotSeat != tc.hotSeat {
			t.Errorf("clock %+v, seats %v: speed %q, hot seat %v; want %q, %v", tc.clock, tc.seats, c.Game.Speed, c.Game.HotSeat, tc.speed, tc.hotSeat)
		}
		var list wire.ListResponse
		e.must("GET", "/api/games?state=live&game=chess", "", nil, &list)
		found := false
		for _, g := range list.Games {
			if g.ID == c.ID {
				found = true
				if g.Speed != tc.speed || g.HotSeat != tc.hotSeat {
					t.Errorf("the list: clock %+v, seats %v: speed %q, hot seat %v; want %q, %v", tc.clock, tc.seats, g.Speed, g.HotSeat, tc.speed, tc.hotSeat)
				}
			}
		}
		if !found {
			t.Errorf("game %s is not in the list", c.ID)
		}
	}
}
