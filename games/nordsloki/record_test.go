package nordsloki

import (
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// TestRecord: the record gives the draw, then a numbered line a turn with
// its player, roll and steps, then the result; a game set up in the middle
// of a turn names its position and begins with the dice left.
func TestRecord(t *testing.T) {
	g, err := Game{}.New(on2)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*State)
	play(t, s, "p2", "6-4-1")
	var steps []string
	for s.Player() == 1 {
		a := s.Legal()[0]
		steps = append(steps, s.ActionString(a))
		s.ApplyUnchecked(a)
	}
	play(t, s, "5-5-2")
	var second []string
	for s.Player() == 0 {
		a := s.Legal()[0]
		second = append(second, s.ActionString(a))
		s.ApplyUnchecked(a)
	}
	want := "[Site \"here\"]\n\nfirst p2\n1. p2 6-4-1: " + strings.Join(steps, " ") + "\n2. p1 5-5-2: " + strings.Join(second, " ") + "\n{" + game.Describe(s) + "}\n"
	if got := s.Record(map[string]string{"Site": "here"}); got != want {
		t.Errorf("Record =\n%s\nwant\n%s", got, want)
	}

	pos := "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 ghosts=- first=p1 turns=9 move:p1:4-2:-"
	m := setup(t, on2, pos)
	step := m.ActionString(m.Legal()[0])
	play(t, m, step)
	if got := m.Record(nil); !strings.HasPrefix(got, "[Position \""+pos+"\"]\n\n1. p1 4-2: "+step+"\n") {
		t.Errorf("Record of a game set up inside a turn:\n%s", got)
	}
}
