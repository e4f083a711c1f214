package wire_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
	"github.com/norns-games/norns/wire/tsgen"
)

var update = flag.Bool("update", false, "write web/src/wire.ts again")

// TestTypeScript fails when web/src/wire.ts is not what package
// wire/tsgen makes of the types (go generate ./web, or go test ./wire
// -update, writes it).
func TestTypeScript(t *testing.T) {
	want, err := tsgen.Generate()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("..", filepath.FromSlash(tsgen.File))
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: run go generate ./web (or go test ./wire -update)", tsgen.File)
	}
}

// TestCodes checks that the codes are distinct and that each has its
// message in every language of the catalog.
func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range wire.Codes {
		if seen[c] {
			t.Errorf("code %q is listed twice", c)
		}
		seen[c] = true
		for _, l := range i18n.Langs {
			if _, ok := i18n.Default()[l]["error."+c]; !ok {
				t.Errorf("catalog %s has no error.%s", l, c)
			}
		}
	}
	if len(wire.Codes) != 58 {
		t.Errorf("len(Codes) = %d, want 58", len(wire.Codes))
	}
}

// TestMessageJSON pins the JSON of the feed's messages.
func TestMessageJSON(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	e := wire.EventView{Seq: 3, Kind: "move", Player: "white", Action: "e4", Time: at}
	for _, tc := range []struct {
		msg  any
		want string
	}{
		{wire.EventMessage{Event: e, Seq: 3, Type: wire.MessageEvent},
			`{"event":{"seq":3,"kind":"move","player":"white","action":"e4","time":"2026-01-02T03:04:05Z"},"seq":3,"type":"event"}`},
		{wire.RematchMessage{ID: "abc", Type: wire.MessageRematch}, `{"id":"abc","type":"rematch"}`},
		{wire.WatchersMessage{Count: 2, Online: []string{}, Type: wire.MessageWatchers}, `{"count":2,"online":[],"type":"watchers"}`},
		{wire.WatchersMessage{Count: 0, Online: []string{"white"}, GoneMs: map[string]int64{"black": 25000}, Type: wire.MessageWatchers},
			`{"count":0,"online":["white"],"gone_ms":{"black":25000},"type":"watchers"}`},
		{wire.AuthReply{Player: "black", Type: wire.MessageAuth}, `{"player":"black","type":"auth"}`},
		{wire.RoomMessage{Type: wire.MessageRoom, Room: wire.RoomSpectators, Open: true}, `{"type":"room","room":"spectators","open":true}`},
		{wire.ChatMessage{Message: wire.ChatView{Seq: 1, Room: wire.RoomPlayers, Player: "white", Name: "Ann", Text: "hi", Time: at}, Type: wire.MessageChat},
			`{"message":{"seq":1,"room":"players","player":"white","name":"Ann","text":"hi","time":"2026-01-02T03:04:05Z"},"type":"chat"}`},
		{wire.ErrorMessage{Type: wire.MessageError, Error: wire.ErrorBody{Code: wire.CodeBadToken, Message: "m"}},
			`{"type":"error","error":{"code":"bad_token","message":"m"}}`},
		{wire.ErrorResponse{Error: wire.ErrorBody{Code: wire.CodeIllegal, Message: "m", Detail: "d"}},
			`{"error":{"code":"illegal_action","message":"m","detail":"d"}}`},
		{wire.PlayRequest{Action: "e4", Reveal: wire.Reveal{Nonce: "n", Next: "x"}}, `{"action":"e4","seq":null,"nonce":"n","next":"x"}`},
	} {
		b, err := json.Marshal(tc.msg)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("json.Marshal(%T) = %s, want %s", tc.msg, b, tc.want)
		}
	}
}

// TestFeedMessage reads each of the server's messages as a FeedMessage.
func TestFeedMessage(t *testing.T) {
	var m wire.FeedMessage
	if err := json.Unmarshal([]byte(`{"game":{"id":"g1","seq":4,"legal":["e4"]},"type":"state"}`), &m); err != nil {
		t.Fatal(err)
	}
	if m.Type != wire.MessageState || m.Game == nil || m.Game.ID != "g1" || m.Game.Seq != 4 || len(m.Game.Legal) != 1 {
		t.Errorf("state message read as %+v", m)
	}
	m = wire.FeedMessage{}
	if err := json.Unmarshal([]byte(`{"type":"error","error":{"code":"bad_token","message":"m"}}`), &m); err != nil {
		t.Fatal(err)
	}
	if m.Error == nil || m.Error.Code != wire.CodeBadToken {
		t.Errorf("error message read as %+v", m)
	}
}
