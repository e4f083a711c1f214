package server_test

import (
	"testing"

	"github.com/norns-games/norns/wire"
)

// watchers reads messages until a count of spectators arrives.
func (f *feed) watchers() int {
	f.t.Helper()
	for {
		if m := f.read(); m.Type == "watchers" {
			return m.Count
		}
	}
}

// TestWatchers: every subscriber of a game hears how many spectators watch
// it (the subscribers without a seat) when one comes or goes; a player's
// client, which proves its seat, is not counted.
func TestWatchers(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	white := e.subscribe(c.ID, 0, tokens["white"])
	if n := white.watchers(); n != 0 {
		t.Errorf("with only White's client: %d spectators, want 0", n)
	}
	s1 := e.subscribe(c.ID, 0, "")
	if n := white.watchers(); n != 1 {
		t.Errorf("after a spectator came: White hears %d spectators, want 1", n)
	}
	if n := s1.watchers(); n != 1 {
		t.Errorf("the spectator hears %d spectators, want 1", n)
	}
	black := e.subscribe(c.ID, 0, tokens["black"])
	if n := black.watchers(); n != 1 {
		t.Errorf("after Black's client came: %d spectators, want 1", n)
	}
	s2 := e.subscribe(c.ID, 0, "")
	if n := s2.watchers(); n != 2 {
		t.Errorf("with two spectators: %d, want 2", n)
	}
	s1.c.CloseNow()
	for _, f := range []*feed{white, black, s2} {
		for n := f.watchers(); n != 1; n = f.watchers() {
			if n != 2 {
				t.Fatalf("after a spectator left: %d spectators, want 2 then 1", n)
			}
		}
	}
}
