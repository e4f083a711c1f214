package live

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/norns-games/norns/wire"
)

// TestMessages: the WebSocket messages built by hand are the JSON of
// {"type", "seq", "event"} and {"type", "game"} objects, byte for byte.
func TestMessages(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	events := []wire.EventView{
		{Seq: 1, Kind: "move", Player: "white", Action: "e2e4", Time: at},
		{Seq: 7, Kind: "roll", Player: "chance", Action: "3-5", Auto: []string{"pass"}, Time: at},
		{Seq: 9, Kind: "timeout", Player: "p<2>&", Time: at},
	}
	for _, e := range events {
		want, _ := json.Marshal(map[string]any{"type": "event", "seq": e.Seq, "event": e})
		if got := eventMessage(e); string(got) != string(want) {
			t.Errorf("eventMessage(%+v) = %s, want %s", e, got, want)
		}
	}
	views := []wire.View{
		{ID: "g1", Game: "chess", Players: []string{"white", "black"}, Seq: 3, ToMove: "black", Legal: []string{"e7e5"}},
		{ID: "g2", Game: "tafl", Board: "a<b>&c\n\"q\"", Legal: []string{}, Finished: true, Result: "white wins"},
	}
	for _, v := range views {
		view, _ := json.Marshal(v)
		want, _ := json.Marshal(map[string]any{"type": "state", "game": json.RawMessage(view)})
		if got := stateMessage(view); string(got) != string(want) {
			t.Errorf("stateMessage(%s) = %s, want %s", view, got, want)
		}
	}
}
