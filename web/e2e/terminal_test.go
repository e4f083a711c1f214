package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// terminal is the norns command running in a tmux pane of 80x24, on a
// tmux server of its own; its screen is read with capture-pane.
type terminal struct {
	t      *testing.T
	socket string
}

// startTerminal builds the norns command and runs it with args in tmux,
// or skips the test when tmux is not installed.
func startTerminal(t *testing.T, args ...string) *terminal {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux): skipping the terminal-vs-browser test")
	}
	bin := filepath.Join(t.TempDir(), "norns")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/norns-games/norns/cmd/norns").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	s := &terminal{t: t, socket: fmt.Sprintf("norns-e2e-term-%d-%d", os.Getpid(), time.Now().UnixNano())}
	cmd := bin + " " + strings.Join(args, " ") + "; sleep 30"
	s.tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", "env", "NO_COLOR=1", "sh", "-c", cmd)
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

func (s *terminal) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// send types keys: text, or tmux's names of keys (Enter, Tab).
func (s *terminal) send(keys ...string) {
	s.tmux(append([]string{"send-keys", "-t", "play"}, keys...)...)
}

func (s *terminal) screen() string { return s.tmux("capture-pane", "-p", "-t", "play") }

// waitFor waits until the screen shows every text, and returns it.
func (s *terminal) waitFor(texts ...string) string {
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
			s.t.Fatalf("the terminal does not show %q:\n%s", texts, scr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestTerminalVsBrowser plays a game of chess between a browser and the
// terminal client to its end: Ann creates the game for a friend on the
// create page, with a 3+2 clock, and gives the invitation link of her
// waiting page to Bob, who joins it with norns play --join in tmux. They
// play the fool's mate, Ann by clicking the board and by typing in the
// move box, Bob by typing in the terminal (UCI, then SAN); each side sees
// the other's moves, the terminal the clocks, and both show the result:
// the page's banner, the terminal's status.
func TestTerminalVsBrowser(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	ann := b.user("ann")
	id := ann.createFromForm(a, "friend", "3+2")
	ann.wait("the invitation", `!!document.querySelector('#invites:not([hidden]) input[data-invite="black"]')`, 10*time.Second)
	link := ann.eval(`document.querySelector('input[data-invite="black"]').value`)
	if !strings.HasPrefix(link, a.url("/games/"+id+"?seat=black&invite=")) {
		t.Fatalf("the invitation link is %q", link)
	}

	seats := filepath.Join(t.TempDir(), "seats.json")
	term := startTerminal(t, "play", "--join", "'"+link+"'", "--name", "Bob", "--seat-file", seats, "--lang", "en")
	term.waitFor("online: you play Black against", "White to move", "White 3:00 · Black 3:00")
	v := a.waitTurn(id, -1, "white")
	ann.wait("the board", `!document.querySelector(".board-box").hidden && document.querySelector("#invites").hidden`, 10*time.Second)
	ann.wait("Bob's name", `(document.querySelector('.player[data-player="black"]') || {innerText: ""}).innerText.includes("Bob")`, 10*time.Second)
	ann.waitPosition(v.Position)

	// 1. f3, clicked on the board.
	ann.clickMove("chess", "f2f3")
	term.waitFor("1. White: f2f3", "White played f2f3", "Black to move — your move")
	// 1... e5, typed in the terminal.
	term.send("e7e5", "Enter")
	a.waitMoved(id, 1)
	ann.waitPosition(a.view(id).Position)
	term.waitFor("1... Black: e7e5", "White to move")
	// 2. g4, typed in the page's move box.
	ann.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
	ann.typeMove("g2g4")
	term.waitFor("2. White: g2g4", "Black to move — your move", "▸Black ")
	// 2... Qh4#, typed in SAN.
	term.send("Qh4#", "Enter")
	scr := term.waitFor("2... Black: d8h4", "Black wins (checkmate)", "Game over")
	if strings.Contains(scr, "your move") {
		t.Errorf("the terminal offers a move after the mate:\n%s", scr)
	}
	v = a.view(id)
	if !v.Finished || v.Status != "over black" || v.Result != "black wins (checkmate)" {
		t.Fatalf("the server's game: %q %q", v.Status, v.Result)
	}
	ann.waitPosition(v.Position)
	ann.wait("the result banner", `!document.querySelector("#result").hidden`, 10*time.Second)
	if got := ann.text("#result"); got != "Black wins — checkmate" {
		t.Errorf("the page's banner reads %q, want Black wins — checkmate", got)
	}
	if got := ann.moveList(); !strings.Contains(got, "f3") || !strings.Contains(got, "Qh4#") {
		t.Errorf("the page's move list is %q", got)
	}
	term.send("q")
	term.waitFor("To come back to this game: norns play --game-url")
}
