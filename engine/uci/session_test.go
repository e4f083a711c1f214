package uci

import (
	"bufio"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
)

// hangGuard bounds how long a test waits for an answer before it fails
// as hung; no assertion depends on how fast an answer comes.
const hangGuard = 60 * time.Second

// session drives an Engine as a GUI does: commands through a pipe, the
// answers read line by line.
type session struct {
	t     *testing.T
	w     *io.PipeWriter
	lines chan string
	done  chan error
	seen  []string // every line read so far
}

func newSession(t *testing.T) *session {
	t.Helper()
	in, w := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, w: w, lines: make(chan string, 1<<14), done: make(chan error, 1)}
	go func() {
		err := New(Config{}).Run(in, outW)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { w.Close(); in.Close(); outR.Close() })
	return s
}

// send writes the commands, a line each.
func (s *session) send(cmds ...string) {
	s.t.Helper()
	if _, err := io.WriteString(s.w, strings.Join(cmds, "\n")+"\n"); err != nil {
		s.t.Fatalf("write %q: %v", cmds, err)
	}
}

// until reads the answers up to the first line that starts with prefix
// and returns them, that line last.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var got []string
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine ended before %q; it said:\n%s", prefix, strings.Join(s.seen, "\n"))
			}
			s.seen = append(s.seen, l)
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-time.After(hangGuard):
			s.t.Fatalf("no %q (hung); the engine said:\n%s", prefix, strings.Join(s.seen, "\n"))
		}
	}
}

// bestmove reads up to the next bestmove and returns its move and the
// lines before it.
func (s *session) bestmove() (string, []string) {
	s.t.Helper()
	got := s.until("bestmove ")
	return strings.TrimPrefix(got[len(got)-1], "bestmove "), got[:len(got)-1]
}

// quit sends quit and waits for Run to return nil.
func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	for l := range s.lines {
		s.seen = append(s.seen, l)
	}
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatalf("Run: %v", err)
		}
	case <-time.After(hangGuard):
		s.t.Fatal("quit did not end Run (hung)")
	}
}

// infoStrings returns the info string lines of lines.
func infoStrings(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string ") {
			out = append(out, l)
		}
	}
	return out
}

// legalIn reports whether move is legal after the moves from fen ("" :
// the start position).
func legalIn(t *testing.T, fen string, moves []string, move string) bool {
	t.Helper()
	p := chess.Start()
	if fen != "" {
		var err error
		if p, err = chess.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range append(slices.Clone(moves), move) {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		mv, err := chess.ParseMove(&p, m, ml.Slice())
		if err != nil || mv.String() != m {
			return false
		}
		p.Play(mv)
	}
	return true
}

// uciLine reports whether l is a line a UCI engine sends.
func uciLine(l string) bool {
	for _, p := range []string{"id ", "option ", "uciok", "readyok", "info ", "bestmove "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// TestUCIReadsWhileSearching: during go movetime 3000, position,
// setoption, ucinewgame and isready are read and answered at once
// (readyok before bestmove); the position sent then is the next go's,
// and stop ends the search.
func TestUCIReadsWhileSearching(t *testing.T) {
	s := newSession(t)
	s.send("position startpos", "go movetime 3000",
		"position fen 7k/8/8/8/8/8/8/K6R b - - 0 1", "setoption name Margin value 0", "setoption name Hash value 2", "ucinewgame",
		"position fen 7k/8/8/8/8/8/8/K6R b - - 0 1", "isready")
	got := s.until("readyok")
	for _, l := range got {
		if strings.HasPrefix(l, "bestmove") || strings.HasPrefix(l, "info string") {
			t.Fatalf("before readyok: %q; want no bestmove (the search of 3 s runs) and no refusal", l)
		}
	}
	s.send("stop")
	if m, _ := s.bestmove(); !legalIn(t, "", nil, m) {
		t.Errorf("bestmove %s of the stopped search is not legal at the start", m)
	}
	// The rook on h1 checks the king on h8: Kg8 or Kg7 only.
	s.send("go depth 1")
	if m, _ := s.bestmove(); m != "h8g8" && m != "h8g7" {
		t.Errorf("bestmove %s for the position sent during the search, want h8g8 or h8g7", m)
	}
	s.quit()
}

// TestUCIGoWhileSearching: a go during a finite search waits its turn
// and each go gets one bestmove for its own position; a go during an
// infinite search stops it.
func TestUCIGoWhileSearching(t *testing.T) {
	s := newSession(t)
	s.send("position startpos", "go depth 4", "position fen 7k/8/8/8/8/8/8/K6R b - - 0 1", "go depth 2")
	if m, _ := s.bestmove(); !legalIn(t, "", nil, m) {
		t.Errorf("first bestmove %s is not legal at the start", m)
	}
	if m, _ := s.bestmove(); m != "h8g8" && m != "h8g7" {
		t.Errorf("second bestmove %s, want h8g8 or h8g7", m)
	}
	s.send("position startpos", "go infinite", "position startpos moves e2e4", "go depth 1")
	if m, _ := s.bestmove(); !legalIn(t, "", nil, m) {
		t.Errorf("bestmove %s of the infinite search is not legal at the start", m)
	}
	if m, _ := s.bestmove(); !legalIn(t, "", []string{"e2e4"}, m) {
		t.Errorf("bestmove %s after e2e4 is not legal", m)
	}
	s.quit()
}

// TestUCIBareGoInfinite: a bare go searches until stop, answering
// bestmove only then, also where the search itself ends at once (a mate
// in one); stop ends it.
func TestUCIBareGoInfinite(t *testing.T) {
	s := newSession(t)
	s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go", "isready")
	s.until("readyok")
	s.send("isready")
	got := s.until("readyok")
	if strings.Contains(strings.Join(s.seen, "\n"), "bestmove") {
		t.Fatalf("bare go answered bestmove before stop:\n%s", strings.Join(got, "\n"))
	}
	if strings.Contains(strings.Join(s.seen, "\n"), "info string") {
		t.Errorf("bare go refused:\n%s", strings.Join(s.seen, "\n"))
	}
	s.send("stop")
	if m, _ := s.bestmove(); m != "d1d8" {
		t.Errorf("bestmove %s, want the mate d1d8", m)
	}
	s.quit()
}

// TestUCIStopQuit: stop during a search that waits behind another ends
// both, each with its bestmove; quit during an infinite search ends the
// session after its bestmove; stop with no search says nothing.
func TestUCIStopQuit(t *testing.T) {
	s := newSession(t)
	s.send("stop", "position startpos", "go movetime 100000", "go movetime 100000", "isready")
	s.until("readyok")
	s.send("stop")
	s.bestmove()
	s.bestmove()
	s.send("go infinite", "isready")
	s.until("readyok")
	s.quit()
	if n := len(bestmoves(strings.Join(s.seen, "\n") + "\n")); n != 3 {
		t.Errorf("%d bestmoves, want 3:\n%s", n, strings.Join(s.seen, "\n"))
	}
	if len(infoStrings(s.seen)) != 0 {
		t.Errorf("stop without a search answered:\n%s", strings.Join(s.seen, "\n"))
	}
}

// TestUCIMalformedGo: a malformed go gets one info string naming the
// fault, and a sensible limit: the valid limits left, else
// DefaultMoveTime, after which it answers without stop.
func TestUCIMalformedGo(t *testing.T) {
	tests := []struct {
		goLine, want string
	}{
		{"go depth", "info string go: depth needs a number; searching 1500 ms"},
		{"go nodes abc", `info string go: nodes "abc" is not a number; searching 1500 ms`},
		{"go depth -3 nodes 2000", "info string go: depth must be at least 1, not -3"},
		{"go depth nodes 2000", "info string go: depth needs a number"},
		{"go movetime x depth 2", `info string go: movetime "x" is not a number`},
		{"go wtime btime 1000 depth 3", "info string go: wtime needs a number"},
		{"go depth 2 frobnicate", `info string go: unknown word "frobnicate"`},
		{"go mate 3 depth 2", "info string go: mate is not supported"},
	}
	s := newSession(t)
	s.send("position startpos")
	for _, tc := range tests {
		s.send(tc.goLine)
		m, before := s.bestmove()
		infos := infoStrings(before)
		if len(infos) != 1 || infos[0] != tc.want {
			t.Errorf("%s: info strings %q, want [%q]", tc.goLine, infos, tc.want)
		}
		if !legalIn(t, "", nil, m) {
			t.Errorf("%s: bestmove %s is not legal", tc.goLine, m)
		}
	}
	s.quit()
}

// TestUCIParseGo: parseGo reads every word of go, and how each go is
// bounded: movetime before the clocks, a missing clock at zero, no limit
// infinite, malformed limits DefaultMoveTime.
func TestUCIParseGo(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line     string
		mode     searchMode
		white    time.Duration // White's clock and increment
		whiteInc time.Duration
		black    time.Duration
		problems int
	}{
		{"", modeInfinite, 0, 0, 0, 0},
		{"infinite", modeInfinite, 0, 0, 0, 0},
		{"wtime -100 btime -100", modeClock, -100 * ms, 0, -100 * ms, 0},
		{"wtime 0 btime 0 winc 1000 binc 1000", modeClock, 0, time.Second, 0, 0},
		{"btime 5000 binc 100", modeClock, 0, 0, 5 * time.Second, 0},
		{"wtime 1000 movetime 50", modeLimits, time.Second, 0, 0, 0},
		{"depth 3", modeLimits, 0, 0, 0, 0},
		{"depth", modeDefault, 0, 0, 0, 1},
		{"nodes abc", modeDefault, 0, 0, 0, 1},
		{"depth 0", modeDefault, 0, 0, 0, 1},
		{"infinite depth", modeInfinite, 0, 0, 0, 1},
		{"ponder wtime 10 btime 10", modeClock, 10 * ms, 0, 10 * ms, 1},
		{"searchmoves", modeInfinite, 0, 0, 0, 1},
	}
	for _, tc := range tests {
		g, problems := parseGo(strings.Fields(tc.line))
		w, wi := g.mover(true)
		b, _ := g.mover(false)
		if g.mode() != tc.mode || w != tc.white || wi != tc.whiteInc || b != tc.black || len(problems) != tc.problems {
			t.Errorf("parseGo(%q): mode %d, white %v+%v, black %v, problems %q; want mode %d, white %v+%v, black %v, %d problems",
				tc.line, g.mode(), w, wi, b, problems, tc.mode, tc.white, tc.whiteInc, tc.black, tc.problems)
		}
	}
	g, _ := parseGo(strings.Fields("depth 6 searchmoves a2a3 h2h3 movestogo 5 nodes 99"))
	if g.depth != 6 || g.nodes != 99 || g.movesToGo != 5 || !slices.Equal(g.searchMoves, []string{"a2a3", "h2h3"}) {
		t.Errorf("parseGo(depth 6 searchmoves a2a3 h2h3 movestogo 5 nodes 99) = %+v", g)
	}
}

// TestUCIClockRunOut: a zero, negative or missing clock of the side to
// move is a clock: go answers with a legal bestmove without stop.
func TestUCIClockRunOut(t *testing.T) {
	s := newSession(t)
	for _, goLine := range []string{"go wtime -100 btime -100", "go wtime 0 btime 0 winc 1000 binc 1000", "go btime 5000 binc 100"} {
		s.send("position startpos", goLine)
		m, before := s.bestmove()
		if !legalIn(t, "", nil, m) {
			t.Errorf("%s: bestmove %s is not legal", goLine, m)
		}
		if infos := infoStrings(before); len(infos) != 0 {
			t.Errorf("%s: %q", goLine, infos)
		}
	}
	s.quit()
}

// TestUCIBadPosition: a bad FEN or an illegal move is one info string
// naming it (a FEN with several faults too), and go then answers
// bestmove 0000 with one info string, without searching the previous
// position, until a valid position comes; every line is a UCI line.
func TestUCIBadPosition(t *testing.T) {
	tests := []struct {
		position string
		want     string // in the one info string
	}{
		{"position fen 8/8/8 w - - 0 1", `FEN "8/8/8 w - - 0 1"`},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings, want 1; chess: invalid position: black has 0 kings, want 1"},
		{"position startpos moves e2e4 e7e5 e1e3", "move 3, e1e3"},
		{"position startpos moves e2e5", "move 1, e2e5"},
		{"position fen", `FEN ""`},
		{"position", "startpos or fen expected"},
		{"position startfen", `not "startfen"`},
		{"position startpos e2e4", `moves expected, not "e2e4"`},
	}
	s := newSession(t)
	for _, tc := range tests {
		s.send("position startpos moves e2e4", tc.position, "go depth 3")
		m, before := s.bestmove()
		infos := infoStrings(before)
		if len(infos) != 2 || !strings.Contains(infos[0], tc.want) || !strings.Contains(infos[0], "position refused") ||
			!strings.HasPrefix(infos[1], "info string no search: position refused") {
			t.Errorf("%s: info strings %q, want the refusal naming %q, then no search", tc.position, infos, tc.want)
		}
		if m != "0000" {
			t.Errorf("%s then go: bestmove %s, want 0000", tc.position, m)
		}
	}
	// A valid position lifts the refusal.
	s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go depth 3")
	if m, _ := s.bestmove(); m != "d1d8" {
		t.Errorf("after a valid position: bestmove %s, want d1d8", m)
	}
	s.send("position startpos moves e2e5", "ucinewgame", "go depth 1")
	if m, _ := s.bestmove(); !legalIn(t, "", nil, m) {
		t.Errorf("after ucinewgame: bestmove %s, want a legal move at the start", m)
	}
	s.quit()
	for _, l := range s.seen {
		if !uciLine(l) {
			t.Errorf("a bare line: %q", l)
		}
	}
}

// TestUCISearchMoves: go … searchmoves plays one of the moves; an
// illegal one among them is named in one info string and left out.
func TestUCISearchMoves(t *testing.T) {
	s := newSession(t)
	s.send("position startpos", "go depth 6 searchmoves a2a3 h2h3")
	m, before := s.bestmove()
	if m != "a2a3" && m != "h2h3" {
		t.Errorf("go depth 6 searchmoves a2a3 h2h3: bestmove %s", m)
	}
	if infos := infoStrings(before); len(infos) != 0 {
		t.Errorf("searchmoves refused: %q", infos)
	}
	s.send("go depth 3 searchmoves e2e5 g1h3")
	m, before = s.bestmove()
	if m != "g1h3" {
		t.Errorf("go depth 3 searchmoves e2e5 g1h3: bestmove %s, want g1h3", m)
	}
	if infos := infoStrings(before); len(infos) != 1 || !strings.HasPrefix(infos[0], "info string go: searchmoves e2e5:") {
		t.Errorf("searchmoves e2e5: info strings %q, want one naming e2e5", infos)
	}
	s.quit()
}

// TestUCIOptions: Threads other than 1 and a Move Overhead out of its
// range get an info string and change nothing; the options are
// advertised as they are.
func TestUCIOptions(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	got := strings.Join(s.until("uciok"), "\n")
	for _, want := range []string{
		"option name Threads type spin default 1 min 1 max 1",
		"option name Move Overhead type spin default 10 min 0 max 5000",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("uci lacks %q:\n%s", want, got)
		}
	}
	tests := []struct {
		set, want string // want "": accepted
	}{
		{"setoption name Threads value 1", ""},
		{"setoption name Threads value 4", `info string Threads stays 1: the engine searches on one thread, not "4"`},
		{"setoption name Move Overhead value 0", ""},
		{"setoption name Move Overhead value 5000", ""},
		{"setoption name Move Overhead value 5001", `info string Move Overhead must be 0 to 5000 milliseconds, not "5001"`},
		{"setoption name Move Overhead value -1", `info string Move Overhead must be 0 to 5000 milliseconds, not "-1"`},
		{"setoption name move overhead value 30", ""},
		{"setoption name Margin value 1001", `info string Margin must be 0 to 1000 centipawns, not "1001"`},
	}
	for _, tc := range tests {
		s.send(tc.set, "isready")
		infos := infoStrings(s.until("readyok"))
		if tc.want == "" && len(infos) != 0 || tc.want != "" && (len(infos) != 1 || infos[0] != tc.want) {
			t.Errorf("%s: %q, want %q", tc.set, infos, tc.want)
		}
	}
	s.quit()
}

// TestUCIMoveOverhead: the Move Overhead option reaches the clocked
// search: with the clock at the overhead or below the search answers at
// once (Limits.Clock and TimeBudget give it nothing), and the overhead a
// go uses is the option's plus the measured overrun.
func TestUCIMoveOverhead(t *testing.T) {
	e := New(Config{})
	if e.overhead != DefaultOverhead || e.measuredOverhead() != 0 {
		t.Fatalf("new engine: overhead %v, measured %v; want %v, 0", e.overhead, e.measuredOverhead(), DefaultOverhead)
	}
	e.running = &task{cancel: func() {}}
	e.finished(report{clocked: true, late: 30 * time.Millisecond})
	e.running = &task{cancel: func() {}}
	e.finished(report{clocked: true, late: -5 * time.Millisecond})
	if got := e.measuredOverhead(); got != 30*time.Millisecond {
		t.Errorf("after overruns of 30 ms and -5 ms: measured %v, want 30ms", got)
	}
	for range len(e.late) {
		e.running = &task{cancel: func() {}}
		e.finished(report{clocked: true, late: time.Millisecond})
	}
	if got := e.measuredOverhead(); got != time.Millisecond {
		t.Errorf("after %d overruns of 1 ms: measured %v, want 1ms (the old one forgotten)", len(e.late), got)
	}

	s := newSession(t)
	s.send("setoption name Move Overhead value 5000", "position startpos", "go wtime 4000 btime 4000 winc 100 binc 100")
	if m, before := s.bestmove(); !legalIn(t, "", nil, m) || len(infoStrings(before)) != 0 {
		t.Errorf("4 s on the clock, 5 s of overhead: bestmove %s after %q", m, before)
	}
	s.quit()
}

// TestUCITimeBudget: the time a clocked go gives itself
// (chesssearch.TimeBudget, the overhead being Move Overhead and the
// measured overrun) never exceeds the clock less the overhead, and is
// nothing when the clock is at or below the overhead.
func TestUCITimeBudget(t *testing.T) {
	ms := time.Millisecond
	for _, left := range []time.Duration{-100 * ms, 0, 5 * ms, 10 * ms, 11 * ms, 209 * ms, time.Second, 10 * time.Second, time.Hour} {
		for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, time.Second, 30 * time.Second} {
			for _, mtg := range []int{0, 1, 3, 40} {
				for _, ovh := range []time.Duration{0, DefaultOverhead, 60 * ms, MaxOverhead} {
					soft, hard := chesssearch.TimeBudget(left, inc, mtg, ovh)
					if soft < 0 || soft > hard || hard > max(0, left-ovh) {
						t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want 0 <= soft <= hard <= %v", left, inc, mtg, ovh, soft, hard, max(0, left-ovh))
					}
					if left <= ovh && hard != 0 {
						t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want nothing", left, inc, mtg, ovh, soft, hard)
					}
					if left > ovh && left-hard < min(ovh, (left-ovh)/2) {
						t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want a reserve of %v kept", left, inc, mtg, ovh, soft, hard, min(ovh, (left-ovh)/2))
					}
				}
			}
		}
	}
}

// TestUCILongLine: a line longer than MaxLine is refused with one info
// string, and the session goes on.
func TestUCILongLine(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves "+strings.Repeat("e2e4 ", 2<<20/5), "isready")
	infos := infoStrings(s.until("readyok"))
	if len(infos) != 1 || infos[0] != "info string line of more than 1048576 bytes refused" {
		t.Errorf("a 2 MB line: %q", infos)
	}
	s.send("position startpos moves e2e4", "go depth 2")
	if m, _ := s.bestmove(); !legalIn(t, "", []string{"e2e4"}, m) {
		t.Errorf("after the long line: bestmove %s after e2e4", m)
	}
	s.quit()
}
