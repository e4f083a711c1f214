package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/tafl"
)

// TestPlayErrors checks the errors norns play gives before it opens the
// screen, in English and in Russian.
func TestPlayErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("norns save 1\ngame chess\nhistory\ne2e5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// badOld is the same under the header of the save files written
	// before theirs: read as a save file too.
	badOld := filepath.Join(t.TempDir(), "bad-old.txt")
	if err := os.WriteFile(badOld, []byte("norns record 1\ngame chess\nhistory\ne2e5\n"), 0o644); err != nil {
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
		{[]string{"play", "--lang", "en", "--load", bad}, `cannot resume ` + bad + `: tui: bad save file: action 1 "e2e5"`},
		{[]string{"play", "--lang", "en", "--load", badOld}, `cannot resume ` + badOld + `: tui: bad save file: action 1 "e2e5"`},
		{[]string{"play", "--lang", "en", "--load", bad, "--game", "seidr"}, "holds a game of chess, not seidr"},
		// In Russian, no English details: the save file's and the game list's.
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

// TestRecordFromOTN: an OpenTafl record of a tafl game, as the server
// writes it, resumes in the terminal client with its game and moves; one
// that begins from another position is refused.
func TestRecordFromOTN(t *testing.T) {
	g, err := games.ByName("brandubh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		s.Apply(s.Legal()[0])
	}
	r, err := recordFromOTN(s.(*tafl.State).OTN(map[string]string{"Event": "test"}))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range s.History() {
		want = append(want, s.ActionString(a))
	}
	if r.Game != "brandubh" || !slices.Equal(r.Actions, want) {
		t.Errorf("recordFromOTN = %+v, want brandubh with %q", r, want)
	}
	other, err := g.Setup(nil, s.Position())
	if err != nil {
		t.Fatal(err)
	}
	other.Apply(other.Legal()[0])
	if _, err := recordFromOTN(other.(*tafl.State).OTN(nil)); err == nil {
		t.Errorf("an OTN record from another start was taken")
	}
	if _, err := recordFromOTN("not a record"); err == nil {
		t.Errorf("text that is no OTN record was taken")
	}
}
