package tafl

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
)

// TestRecord: the record numbers full moves, the attackers' first, writes
// each capture after its move, and ends with the result; a game set up
// from a diagram names its start, and one that began with the defenders to
// move starts with "1...".
func TestRecord(t *testing.T) {
	start := diagram(9, "b", "tf3 Te1 td1 Tg1 th1 Ke5")
	s := setup(t, nil, start)
	for _, m := range []string{"f3-f1", "e5-e4", "d1-d2"} {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	want := "[Event \"test\"]\n[Position \"" + start + "\"]\n\n1. f3-f1xg1xe1 e5-e4\n2. d1-d2\n{" + game.Describe(s) + "}\n"
	if got := s.Record(map[string]string{"Event": "test"}); got != want {
		t.Errorf("Record =\n%s\nwant\n%s", got, want)
	}
	if got := s.Record(map[string]string{"Result": "white wins (resignation)"}); !strings.HasSuffix(got, "2. d1-d2\n{white wins (resignation)}\n") {
		t.Errorf("Record with a Result tag ends\n%s", got)
	}

	w := setup(t, nil, diagram(9, "w", "tf3 Te1 td1 Tg1 th1 Ke5"))
	for _, m := range []string{"e5-e4", "f3-f1"} {
		if err := game.ParseAndApply(w, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if got := w.Record(nil); !strings.Contains(got, "\n\n1... e5-e4\n2. f3-f1xg1xe1\n{") {
		t.Errorf("Record of a game begun by the defenders:\n%s", got)
	}

	g, err := Sea.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.(*State).Record(nil); got != "\n{"+game.Describe(g)+"}\n" {
		t.Errorf("Record of a new game = %q", got)
	}
}

// TestRecordClocks: a record with the players' clocks writes each move's
// clock after it (and its captures), and ReadRecord reads the moves and the
// clocks back, a move without a clock as -1; a malformed record is refused
// with its line.
func TestRecordClocks(t *testing.T) {
	start := diagram(9, "b", "tf3 Te1 td1 Tg1 th1 Ke5")
	s := setup(t, nil, start)
	moves := []string{"f3-f1", "e5-e4", "d1-d2"}
	for _, m := range moves {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	clocks := []time.Duration{297*time.Second + 900*time.Millisecond, -1, 3661 * time.Second}
	text := s.RecordClocks(map[string]string{"Event": "test"}, clocks)
	want := "1. f3-f1xg1xe1 {[%clk 0:04:57]} e5-e4\n2. d1-d2 {[%clk 1:01:01]}\n{"
	if !strings.Contains(text, want) {
		t.Fatalf("RecordClocks =\n%s\nwant it to hold\n%s", text, want)
	}
	r, err := ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	wantClocks := []time.Duration{297 * time.Second, -1, 3661 * time.Second}
	if !slices.Equal(r.Moves, moves) || !slices.Equal(r.Clocks, wantClocks) || r.Tags["Position"] != start || r.Tags["Event"] != "test" || r.Result != game.Describe(s) {
		t.Fatalf("ReadRecord = %+v, want moves %v, clocks %v", r, moves, wantClocks)
	}
	// Without clocks, Record's text reads back the same moves.
	if r, err := ReadRecord(s.Record(nil)); err != nil || !slices.Equal(r.Moves, moves) || slices.ContainsFunc(r.Clocks, func(d time.Duration) bool { return d >= 0 }) {
		t.Fatalf("ReadRecord of Record = %+v, %v", r, err)
	}
	for _, bad := range []string{
		"1. f3-f1 {[%clk 0:61:00]}\n",
		"1. f3-f1 {[%clk 0:04:57]} {[%clk 0:04:57]}\n",
		"1. {[%clk 0:04:57]}\n",
		"one. f3-f1\n",
		"1. f3\n",
		"[Event test]\n",
	} {
		if _, err := ReadRecord(bad); !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), "record line 1") {
			t.Errorf("ReadRecord(%q) = %v, want a syntax error on line 1", bad, err)
		}
	}
}
