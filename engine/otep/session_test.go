package otep

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

// seaRules is the rules string OpenTafl sent for Sea Hnefatafl in its
// matches (testdata of games/tafl: opentafl-sea11-match-*.otg).
const seaRules = "dim:11 name:Unknown_Tafl esc:e atkf:y ka:n cor: cen: starti:/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/"

// copenhagenRules is the rules string OpenTafl writes for Copenhagen
// (opentafl-copenhagen-random.otg).
const copenhagenRules = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"

// host plays OpenTafl's side of an OTEP session against an engine running
// on pipes: it sends commands and reads the engine's lines.
type host struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	log   []string // the session, both ways, for failures
}

func newHost(t *testing.T, e *Engine) *host {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &host{t: t, in: inW, lines: make(chan string, 256), done: make(chan error, 1)}
	go func() {
		err := e.Run(inR, outW)
		outW.Close()
		h.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	return h
}

func (h *host) send(lines ...string) {
	h.t.Helper()
	for _, l := range lines {
		h.log = append(h.log, "> "+l)
		if _, err := io.WriteString(h.in, l+"\n"); err != nil {
			h.t.Fatalf("send %q: %v\n%s", l, err, strings.Join(h.log, "\n"))
		}
	}
}

// read returns the engine's next line that starts with prefix, failing on
// an error line, a "status cannot" or the end of its output.
func (h *host) read(prefix string) string {
	h.t.Helper()
	for l := range h.lines {
		h.log = append(h.log, "< "+l)
		if strings.HasPrefix(l, "error") || strings.HasPrefix(l, "status cannot") || strings.HasPrefix(l, "status unknown") {
			h.t.Fatalf("the engine says %q\n%s", l, strings.Join(h.log, "\n"))
		}
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	h.t.Fatalf("the engine's output ended before %q\n%s", prefix, strings.Join(h.log, "\n"))
	return ""
}

// TestOTEPWholeGame reproduces OpenTafl's side of whole games, with the
// engine as the attackers and as the defenders, as OpenTafl drives a
// playing engine: rules (OpenTafl's own string, with starti), play and the
// clock in milliseconds behind it, "move POSITION" after each of the
// engine's moves, the opponent's moves with the board (an OTN position
// record, rank 1 first), no side command; once in each game it refuses the
// engine's move with error 2 and resends the prior move, the board and
// play, as OpenTafl does; then finish and goodbye. Every move the engine
// sends but the one refused on purpose is legal, and the game is played to
// its end.
func TestOTEPWholeGame(t *testing.T) {
	for _, engineSide := range []string{"attackers", "defenders"} {
		e, err := New(Config{Level: "easy", MoveTime: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		h := newHost(t, e)
		h.read("hello")
		g, opts, err := tafl.OTNGame(seaRules)
		if err != nil {
			t.Fatal(err)
		}
		ref0, _ := g.New(opts)
		ref := ref0.(*tafl.State) // OpenTafl's game
		engine := game.Player(0)
		if engineSide == "defenders" {
			engine = 1
		}
		h.send("rules " + seaRules)
		h.read("status ")
		rng := rand.New(rand.NewPCG(7, uint64(engine)))
		clockMS := [2]int{60000, 60000}
		prior := "" // the opponent's last move
		engineMoves, refusedOnce := 0, false
		for !ref.Terminal() {
			if ref.Player() != engine {
				legal := ref.Legal()
				a := legal[rng.IntN(len(legal))]
				prior = ref.ActionString(a)
				ref.ApplyUnchecked(a)
				h.send("opponent-move " + prior + " " + ref.Rows())
				continue
			}
			h.send("play "+engineSide, fmt.Sprintf("clock %d %d 0 0 0", clockMS[0], clockMS[1]))
			text := strings.TrimPrefix(h.read("move "), "move ")
			a, err := ref.ParseAction(text)
			if err != nil {
				t.Fatalf("%s: the engine's move %q is refused at %s: %v\n%s", engineSide, text, ref.Position(), err, strings.Join(h.log, "\n"))
			}
			engineMoves++
			clockMS[engine] -= 25
			if engineMoves == 3 && !refusedOnce && prior != "" {
				// OpenTafl refuses it (as for a move it finds illegal):
				// error, the prior move with the board, play again.
				refusedOnce = true
				h.send("error 2", "opponent-move "+prior+" "+ref.Rows())
				continue
			}
			ref.ApplyUnchecked(a)
			h.send("move " + ref.Rows())
		}
		if !refusedOnce {
			t.Errorf("%s: the game ended before the refusal", engineSide)
		}
		code := 1
		if r := ref.Result(); r.Kind == game.Win {
			code = 2 + int(r.Winners[0])
		}
		h.send(fmt.Sprintf("finish %d", code), "goodbye")
		if err := <-h.done; err != nil {
			t.Errorf("%s: Run = %v", engineSide, err)
		}
		t.Logf("engine as %s: %d plies, %s, %d moves of the engine", engineSide, len(ref.History()), game.Describe(ref), engineMoves)
	}
}

// TestOTEPClockMilliseconds: clock values are milliseconds (protocol
// section 9), whatever their size; the engine thinks for a twentieth of its
// main time, or half of an overtime period.
func TestOTEPClockMilliseconds(t *testing.T) {
	e, _ := New(Config{Level: "easy"})
	e.out = io.Discard
	e.rules(seaRules)
	tests := []struct {
		clock string
		want  time.Duration // the attackers' budget
	}{
		{"8000 8000 0 0 0", 400 * time.Millisecond},
		{"300000 1000 0 0 0", 15 * time.Second},
		{"100 100", 5 * time.Millisecond},
		{"1000 1000 10 3 3", 5 * time.Second},  // an overtime period left
		{"4000* 9000 10 2 3", 2 * time.Second}, // in an overtime period
		{"9000 9000 10 0 3", 450 * time.Millisecond},
		{"abc 1000 0 0 0", -1},
		{"", -1},
	}
	for _, tc := range tests {
		e.setClock(tc.clock)
		if got := e.budget(); got != tc.want {
			t.Errorf("clock %s: budget %v, want %v", tc.clock, got, tc.want)
		}
	}
}

// TestOTEPMoveAcknowledged: "move POSITION" from OpenTafl acknowledges the
// engine's move (section 14): no answer; a board that differs from the
// engine's is set up, the opponent to move.
func TestOTEPMoveAcknowledged(t *testing.T) {
	e, _ := New(Config{Level: "easy", MoveTime: 10 * time.Millisecond})
	var out strings.Builder
	e.out = &out
	e.rules(seaRules)
	e.setClock("5000 5000 0 0 0")
	e.play("attackers")
	after := e.s.Rows()
	out.Reset()
	e.moved(after)
	if out.Len() != 0 || e.s.Rows() != after || e.s.Player() != 1 {
		t.Errorf("move %s: answered %q, state %s", after, out.String(), e.s.Position())
	}
	other := "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/4tttt3/"
	e.moved(other)
	if e.s.Rows() != other || e.s.Player() != 1 || out.Len() != 0 {
		t.Errorf("move %s: state %s, answered %q", other, e.s.Position(), out.String())
	}
}

// TestOTEPPositionFromOpenTafl: a board OpenTafl sends (an OTN position
// record, rank 1 first) is the board the engine plays on. The position of
// issue 34 (Sea Hnefatafl after b6-b9 f4-i4 j6-j9 e5-c5 f10-i10 f5-f3,
// where the engine, reading the rows the other way up, moved from an empty
// square) and random positions of both sides, as position and play, and as
// an opponent-move the engine cannot follow: every answer is legal on
// OpenTafl's board.
func TestOTEPPositionFromOpenTafl(t *testing.T) {
	type board struct {
		rules string
		s     *tafl.State
	}
	cg, copts, err := tafl.OTNGame(copenhagenRules)
	if err != nil {
		t.Fatal(err)
	}
	s0, _ := cg.New(copts)
	issue := s0.(*tafl.State)
	for _, m := range []string{"b6-b9", "f4-i4", "j6-j9", "e5-c5", "f10-i10", "f5-f3"} {
		a, err := issue.ParseAction(m)
		if err != nil {
			t.Fatal(err)
		}
		issue.ApplyUnchecked(a)
	}
	boards := []board{{copenhagenRules, issue}}
	g, opts, err := tafl.OTNGame(seaRules)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(34, 1))
	for len(boards) < 20 {
		s0, _ := g.New(opts)
		s := s0.(*tafl.State)
		for n := 1 + rng.IntN(30); n > 0 && !s.Terminal(); n-- {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		if !s.Terminal() {
			boards = append(boards, board{seaRules, s})
		}
	}
	for i, bd := range boards {
		b := bd.s
		side := []string{"attackers", "defenders"}[b.Player()]
		for _, script := range [][]string{
			{"rules " + bd.rules, "position " + b.Rows(), "play " + side, "clock 60000 60000 0 0 0"},
			// A move the engine cannot play from its start, with
			// OpenTafl's board after it.
			{"rules " + bd.rules, "opponent-move a1-a2 " + b.Rows(), "play " + side, "clock 60000 60000 0 0 0"},
		} {
			e, _ := New(Config{Level: "easy", MoveTime: 10 * time.Millisecond})
			var out strings.Builder
			if err := e.Run(strings.NewReader(strings.Join(script, "\n")+"\n"), &out); err != nil {
				t.Fatal(err)
			}
			moves := withPrefix(strings.Split(out.String(), "\n"), "move ")
			if len(moves) != 1 {
				t.Errorf("board %d %s: %q, want one move", i, b.Position(), out.String())
				continue
			}
			if _, err := b.ParseAction(strings.TrimPrefix(moves[0], "move ")); err != nil {
				t.Errorf("board %d %s (%s): %s is not legal: %v", i, b.Position(), script[1], moves[0], err)
			}
		}
	}
}
