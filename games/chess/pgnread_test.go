package chess

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
)

// TestPGNRoundTrip: random games written by PGN read back with ParsePGN
// and replay with ReplayPGN to the same position, with the same tags.
func TestPGNRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 30 {
		s, err := Game.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120 && !s.Terminal(); ply++ {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		tags := map[string]string{"Event": "round trip", "White": `Ann "the rook" \ Bo`, "Site": "here"}
		text := s.(game.PGNWriter).PGN(tags)
		g, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("game %d: ParsePGN: %v\n%s", i, err, text)
		}
		for k, v := range tags {
			if g.Tags[k] != v {
				t.Errorf("game %d: tag %s = %q, want %q", i, k, g.Tags[k], v)
			}
		}
		if g.Result != g.Tags["Result"] {
			t.Errorf("game %d: result %q, Result tag %q", i, g.Result, g.Tags["Result"])
		}
		back, err := ReplayPGN(g)
		if err != nil {
			t.Fatalf("game %d: ReplayPGN: %v\n%s", i, err, text)
		}
		if back.Position() != s.Position() || len(g.Entries) != len(s.History()) {
			t.Errorf("game %d: replayed to %q after %d moves, want %q after %d\n%s", i, back.Position(), len(g.Entries), s.Position(), len(s.History()), text)
		}
	}
}

func TestParsePGN(t *testing.T) {
	text := `[Event "test"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]

1... Kd7 {a comment
over two lines} 2. e4!? $1 (2. e3 Kc6 (2... Ke6)) Kc6 ; to the end
3. e5 -- 4. e6 1/2-1/2`
	g, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, e := range g.Entries {
		moves = append(moves, e.Text)
	}
	if got := strings.Join(moves, " "); got != "Kd7 e4 Kc6 e5 -- e6" {
		t.Errorf("moves = %q", got)
	}
	if g.Entries[0].Comment != "a comment over two lines" || !g.Entries[0].Black || g.Entries[0].Number != 1 || g.Entries[5].Number != 4 || g.Result != "1/2-1/2" {
		t.Errorf("entries %+v, result %q", g.Entries, g.Result)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"no result", "[Event \"x\"]\n\n1. e4 e5", "without a result"},
		{"comment not closed", "1. e4 {open", "not closed"},
		{"variation not closed", "1. e4 (1. d4 *", "not closed"},
		{"bad tag", "[Event x]\n\n*", "tag pair"},
		{"tag twice", "[Event \"a\"]\n[Event \"b\"]\n\n*", "twice"},
		{"after the result", "1. e4 1-0 e5", "after the result"},
		{"stray )", "1. e4 ) *", "without ("},
	} {
		if _, err := ParsePGN(tc.text); err == nil || !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParsePGN = %v, want a syntax error with %q", tc.name, err, tc.want)
		}
	}
	g, _ = ParsePGN("1. e4 e5 2. Ke3 *")
	if _, err := ReplayPGN(g); err == nil || !strings.Contains(err.Error(), "2. Ke3") {
		t.Errorf("ReplayPGN of an illegal move = %v, want an error naming 2. Ke3", err)
	}
}

func FuzzParsePGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 e5 {c} 2. Nf3 (2. d4) $3 Nc6 *")
	f.Add("1... Kd7 1-0")
	f.Add("{")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParsePGN(text)
		if err != nil {
			return
		}
		// What reads must write back and read again the same.
		again, err := ParsePGN(FormatPGN(g.Tags, g.Entries))
		if err != nil {
			t.Fatalf("re-reading %q: %v", text, err)
		}
		if len(again.Entries) != len(g.Entries) {
			t.Fatalf("%q: %d entries, then %d", text, len(g.Entries), len(again.Entries))
		}
	})
}

// TestPGNClocks: PGNClocks writes each move's clock as a [%clk h:mm:ss]
// comment, the time control and termination tags given are kept, and
// ParsePGN reads the clocks back, the other comments unchanged; a clock
// with a fraction of a second, as other programs write it, is read too.
func TestPGNClocks(t *testing.T) {
	s, err := Game.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"} {
		if err := game.ParseAndApply(s, m); err != nil {
			t.Fatal(err)
		}
	}
	clocks := []time.Duration{300 * time.Second, 300 * time.Second, 297*time.Second + 900*time.Millisecond, 3599 * time.Second, -1, time.Hour + 61*time.Second, 0}
	tags := map[string]string{"White": "Ann", "Black": "Bo", "TimeControl": "300+5", "Termination": "normal"}
	text := s.(game.ClockedPGNWriter).PGNClocks(tags, clocks)
	want := "1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. Qh5 {[%clk 0:04:57]} 2... Nc6\n{[%clk 0:59:59]} 3. Bc4 Nf6 {[%clk 1:01:01]} 4. Qxf7# {[%clk 0:00:00] checkmate}\n1-0\n"
	for _, w := range []string{`[TimeControl "300+5"]`, `[Termination "normal"]`, `[White "Ann"]`, want} {
		if !strings.Contains(text, w) {
			t.Errorf("PGNClocks = %q, want it to contain %q", text, w)
		}
	}
	g, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range g.Entries {
		wantClock, ok := ClockAt(clocks, i)
		if e.Clocked != ok || e.Clock != wantClock.Truncate(time.Second) {
			t.Errorf("entry %d %s: clock %v %v, want %v %v", i, e.Text, e.Clock, e.Clocked, wantClock.Truncate(time.Second), ok)
		}
	}
	if c := g.Entries[6].Comment; c != "checkmate" {
		t.Errorf("the last comment = %q, want %q", c, "checkmate")
	}
	if again := FormatPGN(g.Tags, g.Entries); again != text {
		t.Errorf("FormatPGN(ParsePGN(text)) = %q, want %q", again, text)
	}
	lichess, err := ParsePGN("1. e4 { [%clk 0:02:59.5] } e5 { [%eval 0.2] [%clk 0:03:00] } *")
	if err != nil {
		t.Fatal(err)
	}
	if e := lichess.Entries; e[0].Clock != 179500*time.Millisecond || !e[0].Clocked || e[1].Clock != 3*time.Minute || e[1].Comment != "[%eval 0.2]" {
		t.Errorf("ParsePGN(lichess's clocks) = %+v", e)
	}
}
