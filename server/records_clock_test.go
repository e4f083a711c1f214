package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/nordsloki"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// TestRecordClocks: a chess game with a 5+3 clock, named players, four
// moves and black's resignation. Its PGN has the players' names,
// TimeControl, Termination and a [%clk] after every move, which ParsePGN
// reads back; its Norns record (text and JSON) carries each event's clocks
// and the Termination tag, and reads back and verifies; the text record
// of a correspondence game says its time control.
func TestRecordClocks(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: "Ann"}, {Type: "human", Name: "Bo"}}, Clock: &wire.ClockRequest{InitialMs: 300000, IncrementMs: 3000}})
	tokens := tokensOf(c)
	for _, m := range []struct{ who, a string }{{"white", "e2e4"}, {"black", "e7e5"}, {"white", "g1f3"}, {"black", "b8c6"}} {
		e.must("POST", "/api/games/"+c.ID+"/actions", tokens[m.who], map[string]any{"action": m.a, "seq": e.view(c.ID).Seq}, nil)
	}
	e.must("POST", "/api/games/"+c.ID+"/resign", tokens["black"], nil, nil)
	pgn := e.record(c.ID, "pgn")
	for _, w := range []string{`[White "Ann"]`, `[Black "Bo"]`, `[TimeControl "300+3"]`, `[Termination "normal"]`, `[Result "1-0"]`, "1. e4 {[%clk 0:05:0"} {
		if !strings.Contains(pgn, w) {
			t.Errorf("PGN lacks %q:\n%s", w, pgn)
		}
	}
	g, err := chess.ParsePGN(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Entries) != 4 {
		t.Fatalf("PGN entries = %+v, want 4", g.Entries)
	}
	for _, en := range g.Entries {
		// The first moves are not timed; every move earns the increment.
		if !en.Clocked || en.Clock < 290e9 || en.Clock > 310e9 {
			t.Errorf("PGN %s: clock %v (%v), want 4:50 to 5:10", en.Text, en.Clock, en.Clocked)
		}
	}
	for _, format := range []string{"norns", "json"} {
		text := e.record(c.ID, format)
		rec, err := record.Parse(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if rec.Tags["Termination"] != "resignation" {
			t.Errorf("%s: Termination = %q, want resignation", format, rec.Tags["Termination"])
		}
		for _, ev := range rec.Events[:4] {
			if len(ev.Clocks) != 2 {
				t.Errorf("%s: event %d has clocks %v, want 2", format, ev.Seq, ev.Clocks)
			}
		}
		if v, err := record.Verify(rec, games.All); err != nil || !v.Signed || v.Result != "white wins (resignation)" {
			t.Errorf("Verify(%s) = %+v, %v, want signed, white wins (resignation)", format, v, err)
		}
	}
	if text := e.record(c.ID, "norns"); !strings.Contains(text, "\n1 move white e2e4 {clk 0:05:03.000 0:05:00.000") {
		t.Errorf("Norns record:\n%s\nwant white's first move with the clocks after it (5:00 and the increment)", text)
	}
	corr := e.create(wire.CreateRequest{Game: "brandubh", Seats: seats("h", "h"), Clock: &wire.ClockRequest{DaysPerMove: 1}})
	if text := e.record(corr.ID, "text"); !strings.Contains(text, `[TimeControl "1/86400"]`) || !strings.Contains(text, `[Termination "unterminated"]`) || !strings.Contains(text, "[Clocks \"") {
		t.Errorf("text record of a correspondence game:\n%s", text)
	}
}

// TestLokiRecordClocks: the text record of a Nords Loki game with a 5+0
// clock, played to its end, ends each turn's line with its player's
// clock, which nordsloki.ReadRecord reads back, every action of the game
// in it.
func TestLokiRecordClocks(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 300000}})
	tokens := tokensOf(c)
	e.playSeats(c.ID, tokens, 6)
	text := e.record(c.ID, "text")
	r, err := nordsloki.ReadRecord(text)
	if err != nil {
		t.Fatalf("ReadRecord: %v\n%s", err, text)
	}
	turns, clocked := 0, 0
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 2 && line[0] >= '1' && line[0] <= '9' {
			turns++
			if strings.Contains(line, " {[%clk 0:0") {
				clocked++
			}
		}
	}
	if turns == 0 || clocked == 0 {
		t.Fatalf("%d turns, %d with a clock, in\n%s", turns, clocked, text)
	}
	n := 0
	for _, d := range r.Clocks {
		if d >= 0 {
			n++
			if d < 4*time.Minute || d > 5*time.Minute {
				t.Errorf("a clock read back is %v, want 4:00 to 5:00", d)
			}
		}
	}
	if n != clocked {
		t.Errorf("%d clocks read back, %d written", n, clocked)
	}
	// Every action of the game, the passes it played by itself included.
	want := 0
	for _, ev := range e.view(c.ID).History {
		if ev.Action != "" {
			want += 1 + len(ev.Auto)
		}
	}
	if len(r.Actions) != want {
		t.Errorf("%d actions read back, want %d", len(r.Actions), want)
	}
}

// TestTaflRecordClocks: the text record of a Sea Hnefatafl game on a 5+0
// clock writes each move's clock after it, which tafl.ReadRecord reads back
// with the moves the game played.
func TestTaflRecordClocks(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "seatafl", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 300000}})
	e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(7, 7)), 8)
	text := e.record(c.ID, "text")
	r, err := tafl.ReadRecord(text)
	if err != nil {
		t.Fatalf("ReadRecord: %v\n%s", err, text)
	}
	var moves []string
	for _, ev := range e.view(c.ID).History {
		if ev.Action != "" {
			moves = append(moves, ev.Action)
		}
	}
	if len(r.Moves) != 8 || strings.Join(r.Moves, " ") != strings.Join(moves, " ") {
		t.Fatalf("the record's moves %v, the game's %v", r.Moves, moves)
	}
	for i, d := range r.Clocks {
		if d < 4*time.Minute || d > 5*time.Minute {
			t.Errorf("move %d: clock %v, want 4:00 to 5:00\n%s", i+1, d, text)
		}
	}
}
