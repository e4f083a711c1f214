package tafl

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestRule5_MoveNotation(t *testing.T) {
	// f3-f1 captures the defenders on e1 (against d1) and g1 (against h1);
	// f3-f2 captures nothing.
	start := diagram(9, "b", "tf3 Te1 td1 Tg1 th1 Ke5")
	tests := []struct {
		text string
		want error // nil: accepted as f3-f1
	}{
		{"f3-f1", nil},
		{"f3-f1xe1xg1", nil},
		{"f3-f1xg1xe1", nil},
		{"f3-f1xe1", game.ErrIllegal},
		{"f3-f1xe1xg1xf2", game.ErrIllegal},
		{"f3-f1xe1xe1", game.ErrIllegal},
		{"f3-f2", nil},
		{"f3-f2xe2", game.ErrIllegal},
		{"f3-f1x", game.ErrSyntax},
		{"f3f1", game.ErrSyntax},
		{"f3-", game.ErrSyntax},
		{"F3-F1", game.ErrSyntax},
		{"f0-f1", game.ErrSyntax},
		{"f10-f1", game.ErrSyntax},
		{"j3-j1", game.ErrSyntax},
		{"f3-f1 ", game.ErrSyntax},
		{"e1-e2", game.ErrIllegal}, // a white piece, Black to move
		{"f3-e4", game.ErrIllegal}, // diagonal
		{"f3-f3", game.ErrIllegal},
	}
	s := setup(t, nil, start)
	for _, tc := range tests {
		a, err := s.ParseAction(tc.text)
		if tc.want == nil {
			if err != nil {
				t.Errorf("ParseAction(%q) = %v, want no error", tc.text, err)
			}
			if got := s.ActionString(a); !strings.HasPrefix(tc.text, got) {
				t.Errorf("ActionString(ParseAction(%q)) = %q", tc.text, got)
			}
			continue
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseAction(%q) = %v, want an error wrapping %v", tc.text, err, tc.want)
		}
	}
	play(t, s, "f3-f1xe1xg1")
	if got, want := s.Position(), diagram(9, "w", "td1 tf1 th1 Ke5")+" 1"; got != want {
		t.Errorf("Position(after f3-f1xe1xg1) = %q, want %q", got, want)
	}
	if got, want := s.ActionString(s.History()[0]), "f3-f1"; got != want {
		t.Errorf("ActionString(History()[0]) = %q, want %q", got, want)
	}
	// Nineteen files: s19 is a square.
	big := setup(t, nil, diagram(19, "w", "Kj10 ta1 Ts19"))
	if _, err := big.ParseAction("s19-s11"); err != nil {
		t.Errorf("ParseAction(%q) = %v, want no error", "s19-s11", err)
	}
}

func TestRule5_PositionNotation(t *testing.T) {
	good := []string{
		"/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b",
		"/7/7/7/3K3/7/7/t6/ w",
		"/19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/t18/ b 17",
		"/K12/13/13/13/13/13/13/13/13/13/13/13/12t/ w",
	}
	for _, p := range good {
		s, err := Sea.Setup(nil, p)
		if err != nil {
			t.Errorf("Setup(%q) = %v, want no error", p, err)
			continue
		}
		if got := s.Position(); got != p {
			t.Errorf("Position(Setup(%q)) = %q, want %q", p, got, p)
		}
	}
	// The bare form and an explicit zero ply count give the same state.
	s := setup(t, nil, "/7/7/7/3K3/7/7/t6/ w 0")
	if got, want := s.Position(), "/7/7/7/3K3/7/7/t6/ w"; got != want {
		t.Errorf("Position(Setup(ply 0)) = %q, want %q", got, want)
	}
	bad := []struct{ position, want string }{
		{"", `tafl: position "": want "/rows/ b" or "/rows/ w", optionally with a ply count`},
		{"/7/7/7/3K3/7/7/t6/", `tafl: position "/7/7/7/3K3/7/7/t6/": want "/rows/ b" or "/rows/ w", optionally with a ply count`},
		{"/7/7/7/3K3/7/7/t6/ x", `tafl: side to move "x", want b or w`},
		{"/7/7/7/3K3/7/7/t6/ b -1", `tafl: ply count "-1" is not a whole number from 0 to 1000000`},
		{"/7/7/7/3K3/7/7/t6/ b 1 2", `tafl: position "/7/7/7/3K3/7/7/t6/ b 1 2": want "/rows/ b" or "/rows/ w", optionally with a ply count`},
		{"7/7/7/3K3/7/7/t6 b", `tafl: rows "7/7/7/3K3/7/7/t6" must start and end with /`},
		{"/7/7/7/3K3/7/t6/ b", `tafl: 6 rows, want 7 to 19`},
		{"/" + strings.Repeat("20/", 20) + " b", `tafl: 20 rows, want 7 to 19`},
		{"/7/7/7/3K3/8/7/t6/ b", `tafl: row 5 from the top has 8 squares, want 7`},
		{"/7/7/7/3K3/6/7/t6/ b", `tafl: row 5 from the top has 6 squares, want 7`},
		{"/7/7/7/3K3/7/7/t7/ b", `tafl: row 7 from the top has 8 squares, want 7`},
		{"/7/7/7/3K3/7/7/t06/ b", `tafl: row 7 from the top: bad run of empty squares "06"`},
		{"/7/7/7/3K3/7/7/t6/ b", ""},
		{"/7/7/7/3KK2/7/7/t6/ b", `tafl: 2 kings, want 1`},
		{"/7/7/7/3T3/7/7/t6/ b", `tafl: 0 kings, want 1`},
		{"/7/7/7/3K3/7/7/x6/ b", `tafl: row 7 from the top: unknown piece "x" (want t, T, K or a digit)`},
		{"/7/7/7/3K3/7//t6/ b", `tafl: row 6 from the top has 0 squares, want 7`},
	}
	for _, tc := range bad {
		_, err := Sea.Setup(nil, tc.position)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Setup(%q) = %v, want no error", tc.position, err)
			}
			continue
		}
		if !errors.Is(err, game.ErrPosition) || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("Setup(%q) = %v, want an error wrapping ErrPosition ending %q", tc.position, err, tc.want)
		}
	}
}

func TestOptions(t *testing.T) {
	bad := []game.Options{
		{"layout": "sea15"},
		{"repetition": "black-loses"},
		{"move-limit": "0"},
		{"move-limit": "off"},
		{"throne": "on"},
	}
	for _, o := range bad {
		if _, err := Sea.New(o); !errors.Is(err, game.ErrOption) {
			t.Errorf("New(%v) = %v, want an error wrapping ErrOption", o, err)
		}
	}
	s, err := Sea.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Options().String(), "layout=sea11 move-limit=400 repetition=white-loses"; got != want {
		t.Errorf("Options(New(nil)) = %q, want %q", got, want)
	}
}

// FuzzPosition reads arbitrary text as a position: it never panics, and a
// position it accepts prints to text that reads back to the same text.
func FuzzPosition(f *testing.F) {
	// Every layout, the smallest and largest boards, a ply count, and
	// malformed text near the valid forms.
	for _, l := range SeaLayouts {
		f.Add(l.Position)
	}
	f.Add("/7/7/7/3K3/7/7/t6/ w")
	f.Add("/19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/t18/ b 17")
	f.Add("/7/7/7/3K3/7/7/t06/ b")
	f.Add("/7/7/7/3KK2/7/7/t6/ b")
	f.Add("/7/7/7/3K3/7//t6/ b 1 2")
	f.Add("")
	f.Add("/////// w")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Sea.Setup(nil, text)
		if err != nil {
			if !errors.Is(err, game.ErrPosition) {
				t.Fatalf("Setup(%q) = %v, want an error wrapping ErrPosition", text, err)
			}
			return
		}
		p := s.Position()
		back, err := Sea.Setup(nil, p)
		if err != nil {
			t.Fatalf("Setup(%q) = %v, want no error (printed from %q)", p, err, text)
		}
		if got := back.Position(); got != p {
			t.Fatalf("Position(Setup(%q)) = %q, want %q", p, got, p)
		}
		if back.(*State).Hash() != s.(*State).Hash() {
			t.Fatalf("Hash(Setup(%q)) differs from Hash(Setup(%q))", p, text)
		}
	})
}

// FuzzAction reads arbitrary text as a move in the sea11 start and in a
// position with captures: it never panics, every error wraps ErrSyntax or
// ErrIllegal, and an accepted move is legal and prints to text that reads
// back to it.
func FuzzAction(f *testing.F) {
	// Plain moves, capture suffixes, and near misses.
	for _, s := range []string{"d11-d9", "f3-f1", "f3-f1xe1xg1", "f3-f1xe1", "a1-a1", "k6-k10", "f3-f1x", "", "x", "-"} {
		f.Add(s)
	}
	start, _ := Sea.New(nil)
	capture, _ := Sea.Setup(nil, diagram(9, "b", "tf3 Te1 td1 Tg1 th1 Ke5"))
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range []game.State{start, capture} {
			a, err := s.ParseAction(text)
			if err != nil {
				if !errors.Is(err, game.ErrSyntax) && !errors.Is(err, game.ErrIllegal) {
					t.Fatalf("ParseAction(%q) = %v, want ErrSyntax or ErrIllegal", text, err)
				}
				continue
			}
			if !slices.Contains(s.Legal(), a) {
				t.Fatalf("ParseAction(%q) = %v, not a legal move", text, a)
			}
			if b, err := s.ParseAction(s.ActionString(a)); err != nil || b != a {
				t.Fatalf("ParseAction(%q) = %v, %v; want %v", s.ActionString(a), b, err, a)
			}
		}
	})
}
