package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayErrors checks the errors norns play gives before it opens the
// screen, in English and in Russian.
func TestPlayErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("norns record 1\ngame chess\nhistory\ne2e5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--lang", "en"}, "--game is required (games: chess,"},
		{[]string{"play", "--lang", "ru"}, "нужен --game (игры: chess,"},
		{[]string{"play", "--lang", "en", "--game", "go"}, `unknown game "go"`},
		{[]string{"play", "--lang", "en", "--game", "chess", "--vs", "grandmaster"}, "--vs grandmaster: want easy, medium, hard or human"},
		{[]string{"play", "--lang", "en", "--game", "chess", "--set", "fast"}, "--set fast: want option=value"},
		{[]string{"play", "--lang", "en", "--game", "chess", "--set", "speed=fast"}, "bad option"},
		{[]string{"play", "--lang", "en", "--load", bad}, `cannot resume ` + bad + `: tui: bad record: action 1 "e2e5"`},
		{[]string{"play", "--lang", "en", "--load", bad, "--game", "seidr"}, "holds a game of chess, not seidr"},
		// In Russian, no English details: the record's and the game list's.
		{[]string{"play", "--lang", "ru", "--load", bad}, "не удалось продолжить партию из " + bad + ": ход 1 (e2e5) там невозможен\n"},
		{[]string{"play", "--lang", "ru", "--game", "go"}, "неизвестная игра «go» (игры: chess,"},
	}
	for _, tc := range tests {
		_, errOut, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(errOut, tc.want) {
			t.Errorf("norns %s: %v, stderr %q, want an error containing %q", strings.Join(tc.args, " "), err, errOut, tc.want)
		}
	}
}
