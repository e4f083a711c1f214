package tafl

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// TestOTNRoundTrip: random games of every preset (and every Sea layout),
// from its start and from a start whose rows differ (set up), written as OTN
// game records read back to the same game, options, moves and final
// position.
func TestOTNRoundTrip(t *testing.T) {
	type start struct {
		g        *Game
		opts     game.Options
		position string // a set-up start, "" for the layout's
	}
	var starts []start
	for _, l := range SeaLayouts {
		starts = append(starts, start{Sea, game.Options{"layout": l.Name}, ""})
	}
	for _, g := range Presets[1:] {
		starts = append(starts, start{g, nil, ""})
	}
	starts = append(starts, start{Copenhagen, game.Options{"repetition": "off"}, ""})
	rng := rand.New(rand.NewPCG(3, 4))
	for _, g := range Presets {
		// The layout after three random moves: its rows differ top to
		// bottom.
		s0, _ := g.New(nil)
		s := s0.(*State)
		for range 3 {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		b := s.b
		b.Plies = 0
		if b.otnRows() == flipRows(b.otnRows()) {
			t.Fatalf("%s: %s is symmetric", g.Name(), b.Position())
		}
		starts = append(starts, start{g, nil, b.Position()})
	}
	for _, st := range starts {
		for range 5 {
			s0, err := st.g.New(st.opts)
			if st.position != "" {
				s0, err = st.g.Setup(st.opts, st.position)
			}
			if err != nil {
				t.Fatal(err)
			}
			s := s0.(*State)
			for moves := rng.IntN(300); moves > 0 && !s.Terminal(); moves-- {
				legal := s.Legal()
				s.ApplyUnchecked(legal[rng.IntN(len(legal))])
			}
			text := s.OTN(map[string]string{"event": "test"})
			rec, err := ParseOTN(text)
			if err != nil {
				t.Fatalf("%s %v: ParseOTN:\n%s\n%v", st.g.Name(), st.opts, text, err)
			}
			if rec.Game != st.g {
				t.Errorf("%s %v: ParseOTN gives the game %q", st.g.Name(), st.opts, rec.Game.Name())
			}
			want, _ := game.Resolve(st.g.Options(), st.opts)
			got, _ := game.Resolve(rec.Game.Options(), rec.Options)
			if got.String() != want.String() {
				t.Errorf("%s: options %s, want %s", st.g.Name(), got, want)
			}
			if !slices.Equal(rec.State.History(), s.History()) || rec.State.Position() != s.Position() {
				t.Errorf("%s %v: read back to %q after %d moves, want %q after %d", st.g.Name(), st.opts, rec.State.Position(), len(rec.State.History()), s.Position(), len(s.History()))
			}
			if rec.Tags["event"] != "test" || rec.Tags["variant"] != st.g.Title() {
				t.Errorf("%s: tags %v", st.g.Name(), rec.Tags)
			}
			if s.Terminal() && rec.State.Result().Reason != s.Result().Reason {
				t.Errorf("%s: result %v, want %v", st.g.Name(), rec.State.Result(), s.Result())
			}
		}
	}
}

// TestOTNRecord pins the form of a record: tags, the rules string, the
// turns with captures and the final info symbol.
func TestOTNRecord(t *testing.T) {
	s0, err := Tablut.Setup(nil, diagram(9, "b", "Kc7 tb7 td2 Tg1"))
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	play(t, s, "d2-d7")
	got := s.OTN(map[string]string{"event": "x"})
	want := "[event:x]\n[result:1]\n[termination:king captured]\n[variant:Tablut]\n" +
		"[rules:dim:9 esc:e ka:y ks:c cor: sw:n efe:n surf:n atkf:y tfr:d start:/6T2/3t5/9/9/9/9/1tK6/9/9/]\n" +
		"\n" +
		"1. d2-d7++\n"
	if got != want {
		t.Errorf("OTN =\n%s\nwant\n%s", got, want)
	}
	c, err := Copenhagen.Setup(nil, diagram(11, "b", "Td1 Te1 Tf1 td2 te2 tf2 tc1 Kf6 tj3"))
	if err != nil {
		t.Fatal(err)
	}
	play(t, c, "j3-j1", "f6-f7", "j1-g1")
	if got := c.(*State).OTN(nil); !strings.Contains(got, "\n1. j3-j1 Kf6-f7\n2. j1-g1xd1/e1/f1\n") {
		t.Errorf("OTN of a shieldwall:\n%s", got)
	}
}

// TestOTNRulesSpec reads the rules strings of the OTN specification's
// examples.
func TestOTNRulesSpec(t *testing.T) {
	tests := []struct {
		text string
		game string // the preset it names, "tafl" for a game of its own
		err  error
	}{
		// "Sea Battle 9x9: 9x9, escape to the edges, king unarmed, center
		// and corners not hostile" — Sea Hnefatafl's sea9 layout, with
		// the spec's default of a draw for repetition.
		{"dim:9 esc:e ka:n cen: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "seatafl", nil},
		// "Fetlar: 11x11, defenders go first, all others as default": the
		// spec's older Fetlar, whose defenders move first, is not Norns'
		// preset, but a game of its own.
		{"dim:11 atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "tafl", nil},
		{"dim:11 start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "fetlar", nil},
		{"dim:11 sw:s efe:y tfr:l start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "copenhagen", nil},
		// "Brandub: 7x7, weak king, ... center doesn't become hostile":
		// a throne hostile to nobody is not the engine's throne.
		{"dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "", ErrUnsupported},
		{"dim:7 ks:c surf:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "brandubh", nil},
		// Berserk, jumps, weak shieldwalls.
		{"dim:11 surf:n atkf:n kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/", "", ErrUnsupported},
		{"dim:11 sw:w start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "", ErrUnsupported},
		{"dim:9 start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "tafl", nil},
		{"dim:9", "", game.ErrSyntax},
		{"dim:7 start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "", game.ErrSyntax},
	}
	for _, tc := range tests {
		g, _, err := OTNGame(tc.text)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("OTNGame(%q) = %v, want an error wrapping %v", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("OTNGame(%q) = %v", tc.text, err)
			continue
		}
		if g.Name() != tc.game {
			t.Errorf("OTNGame(%q) = %s, want %s", tc.text, g.Name(), tc.game)
		}
	}
	// Every preset's rules string names the preset back.
	for _, g := range Presets {
		for _, l := range g.layouts {
			text, err := OTNRules(g.rules, l.Position)
			if err != nil {
				t.Fatal(err)
			}
			back, opts, err := OTNGame(text)
			if err != nil || back != g || len(g.layouts) > 1 && opts["layout"] != l.Name {
				t.Errorf("OTNGame(OTNRules(%s %s)) = %v %v %v", g.Name(), l.Name, back.Name(), opts, err)
			}
		}
	}
}

// TestOTNMoves reads the move records of the OTN specification: taflman
// symbols, captures separated by "/", info symbols and a resignation. The
// records are in the form Norns wrote before the rules tag (a bare rules
// line, then a line of rows, top rank first), which it still reads.
func TestOTNMoves(t *testing.T) {
	rules := "dim:9 esc:e ka:n cen: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
	text := "[event:spec]\n" + rules + "\n/9/9/9/3T5/4K4/9/9/9/1t3t3/\n" +
		"1. tb1-b5 [a comment] Ke5-e2-\n2. f1-e1+ Ke2-a2--\n"
	rec, err := ParseOTN(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := status(rec.State); got != "over white (king escaped)" {
		t.Errorf("after the spec's moves: %s, want over white (king escaped)", got)
	}
	res, err := ParseOTN("[result:-1]\n" + rules + "\n1. e8-f8 ---\n")
	if err != nil || !res.Resigned || len(res.State.History()) != 1 {
		t.Errorf("a resignation: %+v, %v", res, err)
	}
	for _, bad := range []string{
		rules + "\n1. Ne6^=e8xce7/ne9\n", // berserk
		rules + "\n1. e8-e7xe6\n",        // a capture the move does not make
		"1. e8-e7\n",                     // no rules string
	} {
		if _, err := ParseOTN(bad); err == nil {
			t.Errorf("ParseOTN(%q) accepted", bad)
		}
	}
}

// FuzzOTN reads arbitrary text as an OTN game record: it never panics, and
// a record it reads writes out to one that reads back to the same moves.
func FuzzOTN(f *testing.F) {
	// A record of each preset, the spec's examples, and broken forms.
	for _, g := range Presets {
		s, _ := g.New(nil)
		st := s.(*State)
		st.ApplyUnchecked(st.Legal()[0])
		f.Add(st.OTN(map[string]string{"event": "seed"}))
	}
	f.Add("dim:9 esc:e ka:n cen: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n1. e8-f8 ---\n")
	f.Add("[x]\ndim:7 ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n1. tb4-b6xc6/a6++\n")
	f.Add("dim:11\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseOTN(text)
		if err != nil {
			return
		}
		back, err := ParseOTN(rec.State.OTN(rec.Tags))
		if err != nil {
			t.Fatalf("ParseOTN(OTN(ParseOTN(%q))) = %v", text, err)
		}
		if !slices.Equal(back.State.History(), rec.State.History()) || back.State.Position() != rec.State.Position() {
			t.Fatalf("%q: read back to %q, want %q", text, back.State.Position(), rec.State.Position())
		}
	})
}

// TestOTNRulesNoStart: a rules string without its start position is a
// syntax error that says which entry is missing.
func TestOTNRulesNoStart(t *testing.T) {
	_, _, err := ParseOTNRules("dim:9 esc:e")
	want := game.ErrSyntax.Error() + ": tafl: OTN rules: no start entry (start: or starti:)"
	if !errors.Is(err, game.ErrSyntax) || err.Error() != want {
		t.Errorf("ParseOTNRules(%q) = %v, want %q", "dim:9 esc:e", err, want)
	}
}
