package nordsloki

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
)

// clockedGame plays a game of opts to its end, or to max actions, with the
// rolls and steps drawn from rng, and gives each action of a player the
// time left after it (one second less each time; a roll or a pass: none).
func clockedGame(t *testing.T, opts game.Options, rng *rand.Rand, max int) (*State, []time.Duration) {
	t.Helper()
	g, err := Game{}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*State)
	left := 5 * time.Minute
	for i := 0; i < max && !s.Terminal(); i++ {
		legal := s.Legal()
		s.ApplyUnchecked(legal[rng.IntN(len(legal))])
	}
	var clocks []time.Duration
	for _, a := range s.History() {
		c := time.Duration(-1)
		if isStep(a) {
			left -= time.Second + 250*time.Millisecond
			c = left
		}
		clocks = append(clocks, c)
	}
	return s, clocks
}

// TestRecordClocksRoundTrip: a record with clocks, two and three players,
// read back (ReadRecord) and replayed, writes the same record: the same
// actions, each turn's clock (to the second, its last step's), tags and
// result; Record without clocks writes no clock comment.
func TestRecordClocksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2))
	for _, opts := range []game.Options{on2, on3} {
		for range 5 {
			s, clocks := clockedGame(t, opts, rng, 120)
			tags := map[string]string{"Site": `a "quoted" \ place`, "TimeControl": "300"}
			text := s.RecordClocks(tags, clocks)
			// The first turn's clock: its last step's, to the second.
			first := strings.Split(text, "\n1. ")[1]
			var steps int
			for _, f := range strings.Fields(strings.Split(first, "{")[0])[2:] {
				if f != "pass" {
					steps++
				}
			}
			want := "{[%clk " + game.FormatClock(5*time.Minute-time.Duration(steps)*1250*time.Millisecond) + "]}"
			if line := strings.Split(first, "\n")[0]; steps > 0 && !strings.HasSuffix(line, want) {
				t.Fatalf("the first turn %q does not end with %s", line, want)
			}
			if plain := s.Record(tags); strings.Contains(plain, "%clk") {
				t.Errorf("Record writes clocks:\n%s", plain)
			}
			r, err := ReadRecord(text)
			if err != nil {
				t.Fatalf("ReadRecord: %v\n%s", err, text)
			}
			if r.Tags["Site"] != tags["Site"] || r.Result != game.Describe(s) {
				t.Errorf("read back: Site %q, result %q; want %q, %q", r.Tags["Site"], r.Result, tags["Site"], game.Describe(s))
			}
			g, _ := Game{}.New(opts)
			replay := g.(*State)
			for i, text := range r.Actions {
				if text == "pass" {
					continue // the game's own
				}
				a, err := replay.ParseAction(text)
				if err != nil {
					t.Fatalf("action %d %q: %v", i, text, err)
				}
				if err := replay.Apply(a); err != nil {
					t.Fatalf("action %d %q: %v", i, text, err)
				}
			}
			if len(r.Clocks) != len(replay.History()) {
				t.Fatalf("%d clocks read for %d actions", len(r.Clocks), len(replay.History()))
			}
			if again := replay.RecordClocks(tags, r.Clocks); again != text {
				t.Errorf("the record read back and written again differs:\n%s\nwant\n%s", again, text)
			}
		}
	}
}

// TestReadRecordErrors: a line ReadRecord cannot read is a syntax error
// that names it.
func TestReadRecordErrors(t *testing.T) {
	for _, text := range []string{
		"first p2\n2. p2 6-4-1: W0/6\n",
		"first p2\n1. p2 6-4-1: W0/6 {[%clk 0:61:00]}\n",
		"first p2\n1. p2 6-4-1: W0/6 {clock}\n",
		"[Site here]\n",
		"1 p2 6-4-1 W0/6\n",
	} {
		if _, err := ReadRecord(text); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ReadRecord(%q) = %v, want a syntax error", text, err)
		}
	}
}
