package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/tui"
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
	tablut := filepath.Join("..", "..", "games", "tafl", "testdata", "opentafl", "opentafl-tablut-random.otg")
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
		// An OpenTafl record: the OTN reader's error, not the save file's.
		{[]string{"play", "--lang", "en", "--load", tablut}, "cannot resume " + tablut + ": OTN record: tafl: rule not supported: linc:y, cenh:, cens:\n"},
		// A game with a stranger.
		{[]string{"play", "--lang", "en", "--game", "chess", "--seek", "3+2"}, "--seek and --server go together"},
		{[]string{"play", "--lang", "en", "--game", "chess", "--seek", "3+2", "--server", "http://127.0.0.1:1", "--vs", "hard"}, "--vs is not for a game with a stranger"},
		{[]string{"play", "--lang", "en", "--game", "chess", "--seek", "fast", "--server", "http://127.0.0.1:1"}, "--seek fast: a clock is minutes+seconds (3+2) or days per move (3d)"},
		{[]string{"play", "--lang", "ru", "--game", "chess", "--seek", "3", "--server", "http://127.0.0.1:1"}, "--seek 3: контроль времени — минуты+секунды"},
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

// TestPlayLoadOpenTaflRecords: norns play --load reads every record
// OpenTafl wrote (games/tafl/testdata/opentafl) to the position the library
// reader gives, and refuses the others with the reader's reason, not the
// save file's; an OTN record with a bad move says so.
func TestPlayLoadOpenTaflRecords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "games", "tafl", "testdata", "opentafl", "*.otg"))
	if err != nil || len(files) != 15 {
		t.Fatalf("%d OpenTafl records (%v), want 15", len(files), err)
	}
	refused := map[string]string{
		"opentafl-brandubh-random.otg": "OTN record: tafl: rule not supported: cenh:, cenhe:",
		"opentafl-tablut-random.otg":   "OTN record: tafl: rule not supported: linc:y, cenh:, cens:",
	}
	for _, f := range files {
		name := filepath.Base(f)
		r, err := loadSave(i18n.English, f, "")
		if want, ok := refused[name]; ok {
			if err == nil || !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%s: loadSave = %v, want an error ending %q", name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: loadSave: %v", name, err)
			continue
		}
		data, _ := os.ReadFile(f)
		rec, err := tafl.ParseOTN(string(data))
		if err != nil {
			t.Fatal(err)
		}
		st, _, err := tui.Replay(r)
		if err != nil || st.Position() != rec.State.Position() || len(r.Actions) != len(rec.State.History()) {
			t.Errorf("%s: replayed to %v (%v), want %s", name, st, err, rec.State.Position())
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.otg")
	text := "[rules:dim:11 name:Fetlar atkf:y starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\n1. e1-e2 e5-e9\n"
	if err := os.WriteFile(bad, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadSave(i18n.English, bad, ""); err == nil || !strings.Contains(err.Error(), `OTN record: tafl: OTN move "e5-e9"`) || strings.Contains(err.Error(), "norns record") {
		t.Errorf("loadSave of a bad OTN move = %v", err)
	}
}
