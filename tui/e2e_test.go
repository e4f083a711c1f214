package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxSession runs the real norns binary in a tmux pane of 80x24 on a tmux
// server of its own, and reads the screen with capture-pane.
type tmuxSession struct {
	t      *testing.T
	socket string
	name   string
}

// buildNorns builds the norns command into a temporary directory.
func buildNorns(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "norns")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/norns-games/norns/cmd/norns").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startTmux(t *testing.T, args ...string) *tmuxSession {
	t.Helper()
	s := &tmuxSession{t: t, socket: fmt.Sprintf("norns-e2e-%d-%d", os.Getpid(), time.Now().UnixNano()), name: "play"}
	cmd := strings.Join(args, " ") + "; sleep 5"
	s.tmux("new-session", "-d", "-s", s.name, "-x", "80", "-y", "24", "env", "NO_COLOR=1", "sh", "-c", cmd)
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (s *tmuxSession) send(keys ...string) {
	s.tmux(append([]string{"send-keys", "-t", s.name}, keys...)...)
}

func (s *tmuxSession) screen() string { return s.tmux("capture-pane", "-p", "-t", s.name) }

// waitFor waits until the screen shows every text, and returns the screen.
func (s *tmuxSession) waitFor(texts ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		scr := s.screen()
		ok := true
		for _, x := range texts {
			ok = ok && strings.Contains(scr, x)
		}
		if ok {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen does not show %q:\n%s", texts, scr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func needTmux(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux): skipping the end-to-end test of norns play")
	}
}

// TestEndToEndChess plays a few moves of chess against the AI by typing and
// by pointing, takes one back, quits, and checks the save file.
func TestEndToEndChess(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	rec := filepath.Join(t.TempDir(), "chess.txt")
	s := startTmux(t, bin, "play", "--game", "chess", "--vs", "easy", "--seed", "5", "--save", rec, "--lang", "en")
	s.waitFor("White to move — your move", "Chess")
	s.send("e2e4", "Enter")
	s.waitFor("1. White: e2e4", "1... Black: ", "White to move")
	// Point at d2, then d4: the cursor starts on e5.
	s.send("Left", "Down", "Down", "Down", "Enter")
	s.waitFor("[♙]", "•")
	s.send("Up", "Up", "Enter")
	scr := s.waitFor("2. White: d2d4", "2... Black: ", "White to move")
	if strings.Count(scr, "\n") > 24 {
		t.Errorf("the screen has more than 24 lines:\n%s", scr)
	}
	s.send("u")
	s.waitFor("Move taken back")
	s.send("C-c")
	time.Sleep(300 * time.Millisecond)
	r, err := readSaveFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Actions) != 2 || r.Actions[0] != "e2e4" {
		t.Errorf("saved history = %v, want e2e4 and the AI's reply", r.Actions)
	}
	// Resume it.
	s2 := startTmux(t, bin, "play", "--load", rec, "--vs", "easy", "--seed", "5", "--lang", "en")
	s2.waitFor("1. White: e2e4", "1... Black: ", "White to move")
	s2.send("C-c")
}

// TestEndToEndNordsLokiRussian plays a few turns of Nords Loki between
// people, in Russian, from the list of legal moves.
func TestEndToEndNordsLokiRussian(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	rec := filepath.Join(t.TempDir(), "loki.txt")
	s := startTmux(t, bin, "play", "--game", "nordsloki", "--vs", "human", "--seed", "3", "--save", rec, "--lang", "ru", "--roll-delay", "50ms")
	s.waitFor("ваш ход", "Атт 1 1ᚠ", "Кубики:")
	for range 4 {
		before, _ := readSaveFile(rec)
		s.send("?")
		s.waitFor("допустим")
		s.send("Enter")
		deadline := time.Now().Add(10 * time.Second)
		for {
			after, err := readSaveFile(rec)
			if err == nil && len(after.Actions) > len(before.Actions) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no step was played:\n%s", s.screen())
			}
			time.Sleep(100 * time.Millisecond)
		}
		// The save file is written before the screen is redrawn: wait for
		// the redrawn one, where the list has closed into the move list.
		s.waitFor("ваш ход", "Ходы")
	}
	scr := s.screen()
	for _, want := range []string{"Ходы", "Игрок 1", "жизни"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	s.send("C-c")
	time.Sleep(300 * time.Millisecond)
	r, err := readSaveFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Replay(r); err != nil || len(r.Actions) < 6 {
		t.Errorf("the save file (%d actions) replays with %v", len(r.Actions), err)
	}
}

// TestEndToEndRussianKeyboard plays chess in Russian with the keyboard
// set to the Russian layout: «у2у4» is e2e4, «г» undoes, a malformed move
// is refused in Russian, and nothing on the screen is English.
func TestEndToEndRussianKeyboard(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	s := startTmux(t, bin, "play", "--game", "chess", "--vs", "easy", "--seed", "5", "--lang", "ru")
	s.waitFor("Ход: Белые — ваш ход")
	s.send("у2у4", "Enter")
	s.waitFor("1. Белые: e2e4", "1... Чёрные: ", "Ход: Белые")
	s.send("г")
	s.waitFor("Ход отменён")
	s.send("zz9", "Enter")
	scr := s.waitFor("zz9 — не ход этой игры")
	if w := englishOn(scr); len(w) > 0 {
		t.Errorf("English on the Russian screen: %q\n%s", w, scr)
	}
	s.send("C-c")
}
