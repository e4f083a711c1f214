package otep

import (
	"strings"
	"testing"

	"github.com/norns-games/norns/games/tafl"
)

// otepScript runs the OTEP engine on the lines of script and returns its
// answer lines.
func otepScript(t *testing.T, script string) []string {
	t.Helper()
	e, err := New(Config{Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := e.Run(strings.NewReader(script), &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// withPrefix returns the lines that start with prefix.
func withPrefix(lines []string, prefix string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

// TestOTEPSession drives a session as OpenTafl does: hello, rules, side,
// start, the clock, play for the attackers, the opponent's move with the
// position, play again, an analysis, finish and goodbye. Every move the
// engine sends is legal where it is sent.
func TestOTEPSession(t *testing.T) {
	rules, err := tafl.OTNRules(tafl.Copenhagen.Rules(), tafl.Copenhagen.Layouts()[0].Position)
	if err != nil {
		t.Fatal(err)
	}
	g, opts, err := tafl.OTNGame(rules)
	if err != nil || g != tafl.Copenhagen {
		t.Fatalf("OTNGame(%q) = %v, %v", rules, g, err)
	}
	lines := otepScript(t, strings.Join([]string{
		"hello",
		"rules " + rules,
		"side attackers",
		"start",
		"clock 300000 300000 0 0 0",
		"play attackers",
		"",
	}, "\n"))
	if lines[0] != "hello" {
		t.Fatalf("first line %q, want hello", lines[0])
	}
	moves := withPrefix(lines, "move ")
	if len(moves) != 1 {
		t.Fatalf("answer to play: %q, want one move", lines)
	}
	// Replay the engine's move and a defenders' answer on our side, and
	// send the answer with the position as OpenTafl would.
	s0, _ := g.New(opts)
	s := s0.(*tafl.State)
	first := strings.TrimPrefix(moves[0], "move ")
	a, err := s.ParseAction(first)
	if err != nil {
		t.Fatalf("the engine's move %q: %v", first, err)
	}
	s.ApplyUnchecked(a)
	reply := s.Legal()[0]
	replyText := s.ActionString(reply)
	s.ApplyUnchecked(reply)
	lines = otepScript(t, strings.Join([]string{
		"rules " + rules,
		"side attackers",
		"start",
		"play attackers",
		// OpenTafl plays the engine's move itself; it answers with the
		// opponent's move and the position.
		"opponent-move " + replyText + " " + s.Rows(),
		"play attackers",
		"analyze 1 1",
		"finish 1",
		"goodbye",
		"play attackers", // after goodbye: never read
	}, "\n"))
	moves = withPrefix(lines, "move ")
	if len(moves) != 2 || moves[0] != "move "+first {
		t.Fatalf("answers %q, want two moves, the first %q", lines, first)
	}
	second := strings.TrimPrefix(moves[1], "move ")
	if _, err := s.ParseAction(second); err != nil {
		t.Errorf("the engine's second move %q is not legal after %s %s: %v", second, first, replyText, err)
	}
	an := withPrefix(lines, "analysis ")
	if len(an) != 1 || len(strings.Fields(an[0])) != 4 || strings.Fields(an[0])[1] != "1" {
		t.Errorf("answer to analyze: %q, want analysis 1 MOVE EVAL", an)
	}
}

// TestOTEPDefendersAndPosition: the engine plays the defenders from a
// position OpenTafl sends, and moves in full OTN notation (with a taflman
// symbol and captures) are read.
func TestOTEPDefendersAndPosition(t *testing.T) {
	rules, _ := tafl.OTNRules(tafl.Brandubh.Rules(), tafl.Brandubh.Layouts()[0].Position)
	// The king on a2 reaches the corner a1 at once.
	lines := otepScript(t, strings.Join([]string{
		"rules " + rules,
		"side defenders",
		"position /7/K6/7/7/7/7/3t3/",
		"play defenders",
		"",
	}, "\n"))
	if got := withPrefix(lines, "move "); len(got) != 1 || got[0] != "move a2-a1" {
		t.Errorf("the defenders' answer: %q, want move a2-a1 (the corner)", lines)
	}
	// A full-notation opponent move, with the taflman symbol, a capture
	// and an info symbol: the defender e4 takes the attacker on c4
	// against the king on b4.
	lines = otepScript(t, strings.Join([]string{
		"rules " + rules,
		"side attackers",
		"position /6t/4T2/7/1Kt4/7/7/3t3/",
		"opponent-move Te2-e4xc4- /6t/7/7/1K1T3/7/7/3t3/",
		"play attackers",
		"",
	}, "\n"))
	if len(withPrefix(lines, "move ")) != 1 || len(withPrefix(lines, "status cannot")) != 0 {
		t.Errorf("play after a full-notation move: %q", lines)
	}
}

// TestOTEPUnsupportedRules: rules the engine cannot play are answered with
// error 0.
func TestOTEPUnsupportedRules(t *testing.T) {
	lines := otepScript(t, "rules dim:11 ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/\nplay attackers\n")
	if len(withPrefix(lines, "error 0")) != 1 || len(withPrefix(lines, "move ")) != 0 {
		t.Errorf("unsupported rules: %q, want error 0 and no move", lines)
	}
}

// TestOTEPNew: New takes the three levels and refuses any other, before
// the session says hello.
func TestOTEPNew(t *testing.T) {
	tests := []struct {
		level string
		err   string
	}{
		{"easy", ""},
		{"medium", ""},
		{"hard", ""},
		{"", `otep: unknown level "" (easy, medium, hard)`},
		{"grandmaster", `otep: unknown level "grandmaster" (easy, medium, hard)`},
	}
	for _, tc := range tests {
		e, err := New(Config{Level: tc.level})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("New(Level %q) error %q, want %q", tc.level, got, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		var out strings.Builder
		if err := e.Run(strings.NewReader("goodbye\n"), &out); err != nil || out.String() != "hello\n" {
			t.Errorf("Level %q: Run = %q, %v, want hello", tc.level, out.String(), err)
		}
	}
}
