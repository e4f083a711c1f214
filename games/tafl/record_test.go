package tafl

import (
	"strings"
	"testing"

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
