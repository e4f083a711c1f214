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

// TestScreenshots captures the panes of norns play in docs/screenshots
// (tui-*.txt) from the real program in tmux, without colour:
//
//	NORNS_SCREENSHOTS=1 go test ./tui -run TestScreenshots
//
// Without NORNS_SCREENSHOTS it is skipped.
func TestScreenshots(t *testing.T) {
	if os.Getenv("NORNS_SCREENSHOTS") == "" {
		t.Skip("set NORNS_SCREENSHOTS=1 to write docs/screenshots/tui-*.txt")
	}
	needTmux(t)
	bin := buildNorns(t)
	dir := filepath.Join("..", "docs", "screenshots")
	write := func(name, screen string) {
		t.Helper()
		var lines []string
		for _, l := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
			lines = append(lines, strings.TrimRight(l, " "))
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Chess against the AI: three moves typed, then White's bishop
	// picked, its squares marked, and the cursor moved on to f2.
	s := startTmux(t, bin, "play", "--game", "chess", "--vs", "easy", "--seed", "5", "--lang", "en")
	s.waitFor("White to move — your move")
	for i, mv := range []string{"e2e4", "d2d4", "g1f3"} {
		s.send(mv, "Enter")
		s.waitFor(fmt.Sprintf("%d. Black: ", 2*i+2), "White to move")
	}
	// The cursor starts on e5: f1 is one file right, four ranks down.
	s.send("Right", "Down", "Down", "Down", "Down", "Enter")
	s.waitFor("[♗]")
	s.send("Up")
	write("tui-chess.txt", s.waitFor("[♙]", "<♗>"))

	// Seiðr: c2c4 slides by the die, the AI answers.
	s = startTmux(t, bin, "play", "--game", "seidr", "--vs", "easy", "--seed", "5", "--lang", "en", "--roll-delay", "10ms")
	s.waitFor("White to move — your move")
	s.send("c2c4", "Enter")
	write("tui-seidr.txt", s.waitFor("1... Black: ", "White to move — your move", "Rolled: "))

	// Nords Loki in Russian against the AI: a few turns from the list,
	// then the waiting checkers picked, the fields they reach marked.
	rec := filepath.Join(t.TempDir(), "loki.txt")
	s = startTmux(t, bin, "play", "--game", "nordsloki", "--vs", "easy", "--seed", "3", "--lang", "ru", "--roll-delay", "10ms", "--save", rec)
	s.waitFor("ваш ход", "Кубики:")
	// Steps from the list until the third turn of Player 1 begins: the
	// AI's steps and the roll are on the screen.
	for i := 0; i < 40 && !(i >= 4 && strings.Contains(s.screen(), "Игрок 1: выпало")); i++ {
		before, _ := readSaveFile(rec)
		s.send("?")
		s.waitFor("допустим")
		s.send("Enter")
		waitSave(t, s, rec, len(before.Actions))
		s.waitFor("ваш ход", "Ходы")
	}
	s.send("Enter")
	write("tui-nordsloki-ru.txt", s.waitFor("••", "ваш ход"))

	// Lux et Umbra in Russian at 60 columns: the title on two lines, the
	// dice in words, the keys with their actions.
	s = startTmuxSize(t, 60, 24, bin, "play", "--game", "luxumbra", "--vs", "easy", "--seed", "2", "--lang", "ru", "--roll-delay", "10ms")
	s.waitFor("ваш ход", "Выпало: ")
	s.send("e2e3", "Enter")
	for !strings.Contains(s.screen(), "Чёрные: ход") {
		s.send("?", "Enter")
		s.waitFor("Ходы")
	}
	s.waitFor("ваш ход", "Выпало: ")
	s.send("zz9", "Enter")
	write("tui-luxumbra-ru-60.txt", s.waitFor("zz9 — не ход этой игры", "ваш ход"))
}

// waitSave waits until the save file holds more than n actions.
func waitSave(t *testing.T, s *tmuxSession, rec string, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		after, err := readSaveFile(rec)
		if err == nil && len(after.Actions) > n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no action was played:\n%s", s.screen())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// startTmuxSize is startTmux with a pane of w×h.
func startTmuxSize(t *testing.T, w, h int, args ...string) *tmuxSession {
	t.Helper()
	s := &tmuxSession{t: t, socket: fmt.Sprintf("norns-shot-%d-%d", os.Getpid(), time.Now().UnixNano()), name: "play"}
	cmd := strings.Join(args, " ") + "; sleep 5"
	s.tmux("new-session", "-d", "-s", s.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "env", "NO_COLOR=1", "sh", "-c", cmd)
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}
