package tafl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// TestOpenTaflRecords reads every game record OpenTafl wrote
// (testdata/opentafl, copied byte for byte from OpenTafl 0.4.8.0b; its
// licence beside them). A record of rules Norns plays replays to the final
// position OpenTafl reached: every move's captures are the ones the record
// lists (ParseAction refuses a move whose captures differ), the end agrees
// with the result tag, and the last position is pinned. The others are
// refused with the entries Norns does not play. Each record read writes
// out in Norns' OTN and reads back to the same moves.
func TestOpenTaflRecords(t *testing.T) {
	tests := map[string]struct {
		game, options string
		moves         int
		status, rows  string
		refused       string // the error's text, for a record refused
	}{
		"opentafl-brandubh-random.otg": {refused: "tafl: rule not supported: cenh:, cenhe:"},
		"opentafl-tablut-random.otg":   {refused: "tafl: rule not supported: linc:y, cenh:, cens:"},
		"opentafl-copenhagen-random.otg": {"copenhagen", "move-limit=400 repetition=repeater-loses", 30, "turn black",
			"/3t1t5/6T4/11/t2t2T2tt/t2T1T4t/4TK1t2t/tt2TTTT2t/2tT2T3t/9T1/9t1/3tttttt2/", ""},
		"opentafl-fetlar-random.otg": {"fetlar", "move-limit=400 repetition=draw", 30, "turn black",
			"/3t1t5/6T4/11/t2t2T2tt/t2T1T4t/4TK1t2t/tt2TTTT2t/2tT2T3t/9T1/9t1/3tttttt2/", ""},
		"opentafl-sea9-random.otg": {"seatafl", "layout=sea9 move-limit=400 repetition=draw", 30, "turn black",
			"/3tt4/t4tt2/t3T4/6t2/1t1T1KT1t/6T1t/1t4T2/t4T3/2Tttt3/", ""},
		"opentafl-sea11-match-1.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 49, "over black (king captured)",
			"/3ttt5/5t5/1T9/t10/2tt2t1t2/5tt4/t2t1tKt3/5ttTT2/6T4/11/4t2t3/", ""},
		"opentafl-sea11-match-2.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 28, "over white (king escaped)",
			"/7t3/4t6/3t1T1tT2/2t2TT3t/2t2T2T2/tt1TT2t2t/t4T4t/t4T4t/5T1t3/2T2t5/3tttt2K1/", ""},
		"opentafl-sea11-match-3.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 31, "over black (king captured)",
			"/3t1ttt3/8T2/3TT2T3/t10/3t1t5/tt1ttKt2tt/t3ttt4/10t/2T8/5t5/5t5/", ""},
		"opentafl-sea11-match-4.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 62, "over white (king escaped)",
			"/11/9t1/4t2tt2/2tt2t1t2/2t2T2T2/1t1TT5K/2t2T1TT1T/2t2T2t2/3t1t1t2t/3t7/4t6/", ""},
		"opentafl-sea11-match-5.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 77, "over black (king captured)",
			"/3t1t5/9T1/4t6/t6t3/5tt1T2/tt2tKtt1tt/t4t1T3/t4T5/2T8/5T5/11/", ""},
		"opentafl-sea11-match-6.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 22, "over white (king escaped)",
			"/4tt5/5t5/4tT5/t1T3t4/5T4t/ttTT3T2t/t4T3t1/2t2T1T3/5T5/5t5/3tttttK2/", ""},
		"opentafl-sea11-match-7.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 35, "over black (king captured)",
			"/3t1t1t3/3T1t3T1/6T4/8T1t/2T1ttt4/tt1ttKtt1tt/t4t4t/11/6T4/5t1T3/4tt5/", ""},
		"opentafl-sea11-match-8.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 86, "over white (king escaped)",
			"/4tt5/5t5/3tTTtt3/2t2T2t2/2t2T3t1/1t3TTT2t/4t3t2/1t2T1t4/1t5t3/t3T1T4/5K5/", ""},
		"opentafl-sea11-match-9.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 45, "over black (king captured)",
			"/5tt4/9T1/5t5/t4t5/4tKt4/tt1tttt2tt/1t1t7/2t8/7t3/2t8/4t2t3/", ""},
		"opentafl-sea11-match-10.otg": {"seatafl", "layout=sea11 move-limit=400 repetition=draw", 74, "over white (king escaped)",
			"/4ttTKT2/11/2t1T6/6T1T2/2t2T5/1t1T2T4/2t5t2/2t2T5/t3t1T2t1/5t4t/3t2tt1t1/", ""},
	}
	files, err := filepath.Glob(filepath.Join("testdata", "opentafl", "*.otg"))
	if err != nil || len(files) != len(tests) {
		t.Fatalf("testdata/opentafl holds %d records (%v), want %d", len(files), err, len(tests))
	}
	for _, f := range files {
		name := filepath.Base(f)
		want, ok := tests[name]
		if !ok {
			t.Errorf("%s: not in the test's table", name)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ParseOTN(string(data))
		if want.refused != "" {
			if !errors.Is(err, ErrUnsupported) || err.Error() != want.refused {
				t.Errorf("%s: ParseOTN = %v, want %q", name, err, want.refused)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseOTN: %v", name, err)
			continue
		}
		opts, _ := game.Resolve(rec.Game.Options(), rec.Options)
		if rec.Game.Name() != want.game || opts.String() != want.options {
			t.Errorf("%s: game %s %s, want %s %s", name, rec.Game.Name(), opts, want.game, want.options)
		}
		s := rec.State
		if got := len(s.History()); got != want.moves || status(s) != want.status || s.Rows() != want.rows {
			t.Errorf("%s: %d moves, %s, %q; want %d, %s, %q", name, got, status(s), s.Rows(), want.moves, want.status, want.rows)
		}
		if result := rec.Tags["result"]; result != "?" && result != otnResult(game.Describe(s)) {
			t.Errorf("%s: [result:%s], but Norns ends %s", name, result, game.Describe(s))
		}
		back, err := ParseOTN(s.OTN(rec.Tags))
		if err != nil || !slices.Equal(back.State.History(), s.History()) || back.State.Position() != s.Position() {
			t.Errorf("%s: Norns' OTN of it reads back as %v, %v", name, back, err)
		}
	}
}

// TestOTNRowOrder: a position record starts with rank 1, read and written.
// The example of issue 34: the attacker of start:/1t5/… stands on b1, so
// b1-b2 is legal; the rules are Brandubh's, from another start, and Norns'
// record of the game writes the same rules string and its moves.
func TestOTNRowOrder(t *testing.T) {
	rules := "dim:7 esc:c ka:y ks:c sw:n efe:n surf:n atkf:y tfr:d start:/1t5/7/7/3K3/7/7/3T3/"
	rec, err := ParseOTN("[rules:" + rules + "]\n\n1. b1-b2\n")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rec.State.Position(), "/3T3/7/7/3K3/7/1t5/7/ w 1"; got != want {
		t.Errorf("after 1. b1-b2: %q, want %q", got, want)
	}
	if got, want := rec.State.Rows(), "/7/1t5/7/3K3/7/7/3T3/"; got != want {
		t.Errorf("Rows() = %q, want %q (rank 1 first)", got, want)
	}
	// starti gives the same start, top rank first.
	inv, err := ParseOTN("[rules:dim:7 ks:c surf:n starti:/3T3/7/7/3K3/7/7/1t5/]\n\n1. b1-b2\n")
	if err != nil || inv.State.Position() != rec.State.Position() || rec.Game != Brandubh || inv.Game != Brandubh {
		t.Errorf("starti: %v, %v", inv, err)
	}
	// Norns' older record of the same game: a bare rules line, its rows
	// top rank first; the bare line tells it apart.
	legacy, err := ParseOTN("[event:old]\ndim:7 esc:c ka:y ks:c sw:n efe:n surf:n atkf:y tfr:d start:/3T3/7/7/3K3/7/7/1t5/\n1. b1-b2\n")
	if err != nil || !legacy.Legacy || legacy.State.Position() != rec.State.Position() || rec.Legacy {
		t.Errorf("the older record: %+v, %v", legacy, err)
	}
	text := rec.State.OTN(map[string]string{"event": "rows"})
	want := "[event:rows]\n[result:?]\n[variant:Brandubh]\n" +
		"[rules:" + rules + "]\n\n1. b1-b2\n"
	if text != want {
		t.Errorf("OTN =\n%s\nwant\n%s", text, want)
	}
	// A preset set up from a position whose rows differ: its record gives
	// the start rank 1 first and reads back to the preset, set up there.
	s0, err := Brandubh.Setup(nil, diagram(7, "b", "tb1 Kd4 Td7"))
	if err != nil {
		t.Fatal(err)
	}
	play(t, s0, "b1-b2")
	text = s0.(*State).OTN(nil)
	if !strings.Contains(text, " start:/1t5/7/7/3K3/7/7/3T3/]\n") {
		t.Errorf("OTN of Brandubh from /3T3/…/1t5/:\n%s", text)
	}
	back, err := ParseOTN(text)
	if err != nil || back.Game != Brandubh || back.State.Position() != s0.Position() {
		t.Errorf("read back: %v, %v", back, err)
	}
}

// TestOTNTags: the tags the server passes (the game's own notation's) are
// written under the specification's names, in its order, the rules tag
// last; Norns' older names are read under the new ones.
func TestOTNTags(t *testing.T) {
	s0, _ := Copenhagen.New(nil)
	s := s0.(*State)
	play(t, s, "d1-d3")
	got := s.OTN(map[string]string{
		"Event": "Norns Copenhagen Hnefatafl", "Site": "norns abc", "Date": "2026.12.03",
		"Black": "Ann", "White": "Bob", "Result": "white wins (resignation)", "TimeControl": "300+5",
		"Termination": "resignation", "Clocks": "black 0:04:57.120, white 0:05:00.000",
	})
	want := "[event:Norns Copenhagen Hnefatafl]\n[site:norns abc]\n[date:2026.12.03]\n[attackers:Ann]\n[defenders:Bob]\n" +
		"[result:-1]\n[time-control:300 5i]\n[termination:resignation]\n[variant:Copenhagen Hnefatafl]\n" +
		"[clocks:black 0:04:57.120, white 0:05:00.000]\n[repetition:white-loses]\n" +
		"[rules:dim:11 esc:c ka:y ks:s sw:s efe:y surf:y atkf:y tfr:w start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n" +
		"\n1. d1-d3\n"
	if got != want {
		t.Errorf("OTN =\n%s\nwant\n%s", got, want)
	}
	rec, err := ParseOTN(got)
	if err != nil || rec.Game != Copenhagen || rec.Options["repetition"] != "white-loses" || rec.Legacy {
		t.Fatalf("ParseOTN: %+v, %v", rec, err)
	}
	old, err := ParseOTN("[Black:Ann]\n[White:Bob]\n[Date:2026.12.03]\n" +
		"dim:11 sw:s efe:y tfr:l start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/\n1. d1-d3\n")
	if err != nil || old.Tags["attackers"] != "Ann" || old.Tags["defenders"] != "Bob" || old.Tags["date"] != "2026.12.03" {
		t.Errorf("old tags: %+v, %v", old, err)
	}
}

// TestOTNRepetition: tfr values as OpenTafl means them. A Copenhagen record
// ending in a repetition made by the defenders is their win under tfr:l
// (the side that repeats wins) and their loss under tfr:w; Norns' own
// white-loses is written tfr:w with the tag that says it exactly, and read
// back so; Norns' older records meant white-loses by tfr:l.
func TestOTNRepetition(t *testing.T) {
	start := "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
	moves := "\n1. a4-a3 e5-e4\n2. a3-a4 e4-e5\n3. a4-a3 e5-e4\n4. a3-a4 e4-e5\n"
	for _, tc := range []struct{ record, status, repetition string }{
		{"[rules:dim:11 atkf:y tfr:l sw:s efe:y " + start + "]\n", "over white (threefold repetition)", "repeater-wins"},
		{"[rules:dim:11 atkf:y tfr:w sw:s efe:y " + start + "]\n", "over black (threefold repetition)", "repeater-loses"},
		{"[rules:dim:11 atkf:y tfr:d sw:s efe:y " + start + "]\n", "over draw (threefold repetition)", "draw"},
		{"[rules:dim:11 atkf:y tfr:i sw:s efe:y " + start + "]\n", "turn black", "off"},
		{"[repetition:white-loses]\n[rules:dim:11 tfr:w sw:s efe:y " + start + "]\n", "over black (threefold repetition)", "white-loses"},
		{"dim:11 sw:s efe:y tfr:l " + start + "\n", "over black (threefold repetition)", "white-loses"}, // Norns' older record
	} {
		rec, err := ParseOTN(tc.record + moves)
		if err != nil {
			t.Errorf("ParseOTN(%q): %v", tc.record, err)
			continue
		}
		if status(rec.State) != tc.status || rec.Game != Copenhagen || rec.Options["repetition"] != tc.repetition {
			t.Errorf("%q: %s, %s %v; want %s, copenhagen repetition=%s", tc.record, status(rec.State), rec.Game.Name(), rec.Options, tc.status, tc.repetition)
		}
	}
	for rep, tfr := range map[string]string{"white-loses": "tfr:w", "draw": "tfr:d", "off": "tfr:i", "repeater-loses": "tfr:w", "repeater-wins": "tfr:l"} {
		s, _ := Copenhagen.New(game.Options{"repetition": rep})
		text := s.(*State).OTN(nil)
		if !strings.Contains(text, " "+tfr+" ") || strings.Contains(text, "[repetition:") != (rep == "white-loses") {
			t.Errorf("repetition=%s:\n%s", rep, text)
		}
		if back, err := ParseOTN(text); err != nil || back.Options["repetition"] != rep {
			t.Errorf("repetition=%s reads back as %v, %v", rep, back.Options, err)
		}
	}
}

// TestOTNRulesRefused: a rules string Norns cannot play exactly is refused
// with every entry it cannot play named; OpenTafl's name and the entries
// whose values are Norns' own are accepted.
func TestOTNRulesRefused(t *testing.T) {
	start := " start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
	for _, tc := range []struct{ entries, refused string }{
		{"linc:y", "linc:y"},
		{"spd:3", "spd:3"},
		{"spd:3,4", "spd:3,4"},
		{"cenre:", "cenre:"},
		{"cenre:tT", "cenre:tT"},
		{"corre:t", "corre:t"},
		{"ka:a", "ka:a"},
		{"ks:m", "ks:m"},
		{"kj:r", "kj:r"},
		{"afor:a1,", "afor:a1,"},
		{"cor:a1,", "cor:a1,"},
		{"sw:s swf:n", "swf:n"},
		{"foo:bar", "foo:bar (not an OTN rules entry)"},
		{"linc:y spd:2 cenre:", "linc:y, spd:2, cenre:"},
	} {
		_, _, err := OTNGame("dim:11 " + tc.entries + start)
		if !errors.Is(err, ErrUnsupported) || err.Error() != "tafl: rule not supported: "+tc.refused {
			t.Errorf("OTNGame(%s) = %v, want refused naming %s", tc.entries, err, tc.refused)
		}
	}
	for _, entries := range []string{
		"name:Fetlar", "linc:n", "spd:-1", "spd:-1,-1", "cenre:tcnkmTCNKM", "corre:K", "nj:n cj:n mj:c gj:j",
		"cor:a1,a11,k1,k11,", "cen:f6,", "corh:TKtcn", "aforh: dfors:K",
	} {
		if g, _, err := OTNGame("dim:11 " + entries + start); err != nil || g != Fetlar {
			t.Errorf("OTNGame(%s) = %v, %v, want fetlar", entries, g, err)
		}
	}
	for _, text := range []string{
		"dim:11" + start + " starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
		"dim:11 esc:c esc:e" + start,
	} {
		if _, _, err := OTNGame(text); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("OTNGame(%q) = %v, want a syntax error", text, err)
		}
	}
}

// TestOTNPastMoveLimit: OTN has no move limit, so a record that plays on
// past Norns' 400 plies is read with none.
func TestOTNPastMoveLimit(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("[rules:dim:11 tfr:i sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\n")
	for turn := 1; turn <= 202; turn++ {
		if turn%2 == 1 {
			fmt.Fprintf(&sb, "%d. a4-a3 e5-e4\n", turn)
		} else {
			fmt.Fprintf(&sb, "%d. a3-a4 e4-e5\n", turn)
		}
	}
	rec, err := ParseOTN(sb.String())
	if err != nil || len(rec.State.History()) != 404 || rec.State.Terminal() || rec.Options["move-limit"] != "1000000" {
		t.Fatalf("ParseOTN of 404 plies: %v, %v", rec, err)
	}
	back, err := ParseOTN(rec.State.OTN(nil))
	if err != nil || back.State.Position() != rec.State.Position() {
		t.Errorf("read back: %v, %v", back, err)
	}
}
