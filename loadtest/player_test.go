package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/wire"
)

// feedPair is an event message and the state after it, as the feed
// sends them in a game with dice.
func feedPair(tb testing.TB) [2][]byte {
	tb.Helper()
	seq := int64(12)
	event, err := json.Marshal(wire.FeedMessage{Type: wire.MessageEvent, Seq: seq, Event: &wire.EventView{
		Seq: seq, Kind: "move", Player: "white", Action: "e2e4", Time: time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC),
	}})
	if err != nil {
		tb.Fatal(err)
	}
	commit := "adfd10d0596bb46e6376f801b6a98d09cb79a88c0a9c2bf019496702da953f0c"
	state, err := json.Marshal(wire.FeedMessage{Type: wire.MessageState, Game: &wire.View{
		ID: "bogbstvcqokgmp4y", Game: "luxumbra", Title: "Lux et Umbra",
		Options: map[string]string{"balance": "off", "max-turns": "off"},
		Players: []string{"white", "black"},
		Seats: []wire.SeatView{
			{Player: "white", Kind: "human", Seeded: true, Commit: commit, Reveals: 6},
			{Player: "black", Kind: "human", Seeded: true, Commit: commit, Reveals: 6},
		},
		Started: true, Seq: seq, ToMove: "black", Status: "playing", Result: "game in progress",
		Position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1 --",
		Board:    "8  r n b q k b n r\n7  p p p p p p p p\n6  . . . . . . . .\n5  . . . . . . . .\n4  . . . . P . . .\n3  . . . . . . . .\n2  P P P P . P P P\n1  R N B Q K B N R\n   a b c d e f g h\nblack to move",
		Legal:    []string{"a7a6", "a7a5", "b7b6", "b7b5", "c7c6", "c7c5", "d7d6", "d7d5", "e7e6", "e7e5", "f7f6", "f7f5", "g7g6", "g7g5", "h7h6", "h7h5", "b8a6", "b8c6", "g8f6", "g8h6"},
		History:  []wire.EventView{},
		Fairness: wire.FairnessView{Scheme: "norns-dice-v2", Commitment: commit, SeatSeeds: map[string]string{"white": "loadtest white", "black": "loadtest black"}, Rolls: 4},
	}})
	if err != nil {
		tb.Fatal(err)
	}
	return [2][]byte{event, state}
}

func TestFeedMessage(t *testing.T) {
	pair := feedPair(t)
	var m feedMessage
	m.reset()
	if err := json.Unmarshal(pair[0], &m); err != nil {
		t.Fatal(err)
	}
	want := feedEvent{Seq: 12, Kind: "move", Player: "white", Action: "e2e4"}
	if m.Type != wire.MessageEvent || m.Event != want || m.Game.Seq != 0 || len(m.Game.Legal) != 0 {
		t.Fatalf("event message = %+v, want type %q, event %+v and no game", m, wire.MessageEvent, want)
	}
	m.reset()
	if err := json.Unmarshal(pair[1], &m); err != nil {
		t.Fatal(err)
	}
	g := &m.Game
	if m.Type != wire.MessageState || m.Event != (feedEvent{}) || g.Seq != 12 || g.ToMove != "black" || g.Finished {
		t.Fatalf("state message = %+v, want type %q, seq 12, black to move", m, wire.MessageState)
	}
	var legal []string
	if err := json.Unmarshal(g.Legal, &legal); err != nil || len(legal) != 20 || legal[0] != "a7a6" {
		t.Fatalf("legal actions %s = %q, %v; want 20 from a7a6", g.Legal, legal, err)
	}
	p := &Player{ID: "bogbstvcqokgmp4y", Seat: "black", Secret: []byte("secret")}
	r, err := p.reveal(g)
	if err != nil {
		t.Fatal(err)
	}
	if want := RevealFor(p.Secret, p.ID, "black", []wire.SeatView{{Player: "black", Commit: "c", Reveals: 6}}, wire.FairnessView{Scheme: "norns-dice-v2"}); r != want || r.Nonce == "" {
		t.Errorf("reveal = %+v, want %+v", r, want)
	}
	// The next event message leaves no trace of the state.
	m.reset()
	if err := json.Unmarshal(pair[0], &m); err != nil {
		t.Fatal(err)
	}
	if m.Game.Seq != 0 || m.Game.ToMove != "" || len(m.Game.Legal) != 0 || len(m.Game.Seats) != 0 || len(m.Game.Fairness) != 0 {
		t.Errorf("game after an event message = %+v, want none", m.Game)
	}
	// A state whose seats do not decode is an error on the move.
	g.Seats = append(g.Seats[:0], `{"player":1}`...)
	if _, err := p.reveal(g); err == nil {
		t.Errorf("reveal with seats %s: no error", g.Seats)
	}
}

// BenchmarkFeedMessage decodes an event message and a state message as a
// session does, the state on the player's turn, and chooses the move.
func BenchmarkFeedMessage(b *testing.B) {
	pair := feedPair(b)
	p := &Player{ID: "bogbstvcqokgmp4y", Seat: "black", Secret: []byte("secret"), Rand: rand.New(rand.NewPCG(1, 2)), Stats: &Stats{}}
	var (
		ctx = context.Background()
		st  = &playerState{movedAt: -1}
		m   feedMessage
		buf bytes.Buffer
	)
	b.ReportAllocs()
	for b.Loop() {
		for _, msg := range pair {
			buf.Reset()
			buf.Write(msg)
			m.reset()
			if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
				b.Fatal(err)
			}
		}
		if _, _, ok := p.chooseMove(ctx, &m.Game, st, false); !ok {
			b.Fatal("no move")
		}
	}
}

func TestChooseMove(t *testing.T) {
	ctx := context.Background()
	p := &Player{ID: "g", Seat: "black", Rand: rand.New(rand.NewPCG(1, 2)), Stats: &Stats{}}
	st := &playerState{movedAt: -1}
	for _, legal := range []string{`["a7a6","b7b6","c7c6"]`, `["d7d6"]`, `["e7e5","f7f6"]`} {
		g := &feedGame{Seq: 3, ToMove: "black", Legal: json.RawMessage(legal)}
		a, _, ok := p.chooseMove(ctx, g, st, false)
		if !ok || !strings.Contains(legal, `"`+a+`"`) || st.movedAt != 3 {
			t.Errorf("chooseMove(%s) = %q, %v, moved at %d; want one of them at 3", legal, a, ok, st.movedAt)
		}
	}
	st = &playerState{movedAt: -1, pending: &wire.EventView{Seq: 4, Kind: "move", Player: "black", Action: "h7h6"}}
	g := &feedGame{Seq: 3, ToMove: "black", Legal: json.RawMessage(`["a7a6","h7h6"]`)}
	if a, _, ok := p.chooseMove(ctx, g, st, true); !ok || a != "h7h6" {
		t.Errorf("chooseMove sending h7h6 again = %q, %v; want h7h6", a, ok)
	}
	for _, legal := range []string{`[]`, `[1]`, `{"a":1}`} {
		st := &playerState{movedAt: -1}
		g := &feedGame{Seq: 3, ToMove: "black", Legal: json.RawMessage(legal)}
		if a, _, ok := p.chooseMove(ctx, g, st, false); ok || st.movedAt != -1 {
			t.Errorf("chooseMove(%s) = %q, %v, moved at %d; want none", legal, a, ok, st.movedAt)
		}
	}
	if n := p.Stats.errors.Load(); n != 2 {
		t.Errorf("errors = %d, want 2 (a legal action that is not a string, legal actions that are not a list)", n)
	}
}
