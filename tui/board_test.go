package tui

import (
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
)

func TestDrawGridMarks(t *testing.T) {
	at := func(c cell) square {
		sq := square{tint: (c.f + c.r + 1) % 2} // a1 and b2 dark
		if c == (cell{0, 0}) || c == (cell{1, 1}) {
			sq.glyph = "X"
		}
		return sq
	}
	tests := []struct {
		name string
		m    marks
		want []string
	}{
		{"plain", marks{}, []string{"2  .  X ", "1  X  . ", "   a  b "}},
		{"cursor", marks{pointing: true, cursor: cell{1, 0}}, []string{"2  .  X ", "1  X [.]", "   a  b "}},
		{"cursor hidden", marks{cursor: cell{1, 0}}, []string{"2  .  X ", "1  X  . ", "   a  b "}},
		{"selection and targets", marks{selected: []cell{{0, 0}}, targets: map[cell]bool{{0, 1}: true, {1, 1}: true}}, []string{"2  • (X)", "1 <X> . ", "   a  b "}},
		{"flipped", marks{flipped: true}, []string{"1  .  X ", "2  X  . ", "   b  a "}},
	}
	for _, tc := range tests {
		got := drawGrid(2, 2, tc.m, at)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("drawGrid(%s) = %q, want %q", tc.name, got, tc.want)
		}
	}
	// In colour the last move's squares are tinted.
	got := drawGrid(2, 2, marks{color: true, last: []cell{{0, 0}}}, at)
	if want := lastBg.Render(" X "); !strings.Contains(got[1], want) {
		t.Errorf("drawGrid with the last move = %q, want it to contain %q", got[1], want)
	}
}

func TestMoveCells(t *testing.T) {
	tests := []struct {
		text         string
		files, ranks int
		want         []cell
	}{
		{"e2e4", 8, 8, []cell{{4, 1}, {4, 3}}},
		{"e7e8q", 8, 8, []cell{{4, 6}, {4, 7}}},
		{"f3-f1", 11, 11, []cell{{5, 2}, {5, 0}}},
		{"a10-a12", 13, 13, []cell{{0, 9}, {0, 11}}},
		{"a10-a12", 11, 11, nil},
		{"i1i2", 8, 8, nil},
		{"pass", 8, 8, nil},
		{"2", 8, 8, nil},
		{"e0e4", 8, 8, nil},
	}
	for _, tc := range tests {
		got := moveCells(tc.text, tc.files, tc.ranks)
		if len(got) != len(tc.want) || (len(got) == 2 && (got[0] != tc.want[0] || got[1] != tc.want[1])) {
			t.Errorf("moveCells(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestLokiCells(t *testing.T) {
	tests := []struct {
		text string
		want []cell
	}{
		{"W0/3", []cell{{8, 2}, {2, 2}}},
		{"K5/9", []cell{{4, 2}, {0, 1}}},
		{"R16/20", []cell{{7, 1}, {3, 0}}},
		{"W22/off", []cell{{5, 0}, {8, 0}}},
		{"W22/off:5", []cell{{5, 0}, {8, 0}}},
		{"p1", nil},
		{"6-4-1", nil},
	}
	for _, tc := range tests {
		got := (lokiRenderer{}).cells(nil, tc.text)
		if len(got) != len(tc.want) || (len(got) == 2 && (got[0] != tc.want[0] || got[1] != tc.want[1])) {
			t.Errorf("cells(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	seen := map[cell]int{}
	for f := 0; f <= 25; f++ {
		c := lokiCell(f)
		if g, dup := seen[c]; dup || c.f < 0 || c.f > 8 || c.r < 0 || c.r > 2 {
			t.Errorf("lokiCell(%d) = %v, out of the grid or the cell of %d too", f, c, g)
		}
		seen[c] = f
	}
}

func TestRendererInfo(t *testing.T) {
	setup := func(name, pos string) game.State {
		g, err := games.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.Setup(nil, pos)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return s
	}
	tests := []struct {
		r    renderer
		s    game.State
		want string
	}{
		{samuraiRenderer{}, setup("samurai", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1"),
			"White holds: K Q R B N P P|Black holds: K Q R B N P P|Retired deck: Q R B N"},
		{luxRenderer{}, setup("luxumbra", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 lS"),
			"Dice to use: Shadow|Used: Light|Squares of a die still to use are tinted; empty ones are marked +"},
		{luxRenderer{}, setup("luxumbra", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --"), ""},
		{seidrRenderer{}, setup("seidr", "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr c4"),
			"Phase: seiðr (the die slides the carrier)|Carrier: c4"},
		{lokiRenderer{}, setup("nordsloki", "p1=4:2W/K10W/0/7 p2=6:K/12W/0/6 ghosts=5 first=p1 turns=1 move:p1:6-4:-"),
			"Player 1: waiting K10W, tray 0, lives 7|Player 2: waiting 12W, tray 0, lives 6|Dice: 6 4|¹²³ seat; K konung, W warrior, R returning; ~ ghost ship; in = waiting, off = tray"},
		{lokiRenderer{}, setup("nordsloki", "p1=4:2W/K10W/0/out p2=6:K/12W/0/6 ghosts=5 first=p1 turns=1 over:p2:technical"),
			"Player 1 (out of the game): waiting K10W, tray 0|Player 2: waiting 12W, tray 0, lives 6|¹²³ seat; K konung, W warrior, R returning; ~ ghost ship; in = waiting, off = tray"},
	}
	for _, tc := range tests {
		if got := strings.Join(tc.r.info(tc.s, i18n.English), "|"); got != tc.want {
			t.Errorf("info(%s) = %q, want %q", tc.s.Position(), got, tc.want)
		}
	}
}

func TestLuxTint(t *testing.T) {
	g, _ := games.ByName("luxumbra")
	s, err := g.Setup(nil, "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1 LL")
	if err != nil {
		t.Fatal(err)
	}
	// With two Light dice the empty light squares are marked + and the
	// dark ones :.
	got := (luxRenderer{}).board(s, marks{})
	if want := "1  :  +  :  +  ♔  +  :  + "; got[7] != want {
		t.Errorf("rank 1 = %q, want %q", got[7], want)
	}
}

func TestLokiBoard(t *testing.T) {
	g, _ := games.ByName("nordsloki")
	s, err := g.Setup(nil, "p1=4:2W/K10W/0/7 p2=6:K/12W/0/6 ghosts=5 first=p1 turns=1 move:p1:6-4:-")
	if err != nil {
		t.Fatal(err)
	}
	got := (lokiRenderer{}).board(s, marks{lang: i18n.English})
	want := []string{
		"Att 1 1ᚠ   2ᚢ   3ᚦ   4ᚨ   5ᚱ~  6ᚲ   7ᚷ   8ᚹ   in",
		"      .    .    .    ¹2W  .    ²K   .    .    K10W",
		"",
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, got[i], w)
		}
	}
	// The Atts as the seed names them, in Russian: «Атт 1…3».
	ru := (lokiRenderer{}).board(s, marks{lang: i18n.Russian})
	var heads []string
	for _, line := range ru {
		if strings.HasPrefix(line, "Атт ") {
			heads = append(heads, line)
		}
	}
	for i, w := range []string{"Атт 1 1ᚠ", "Атт 2 9", "Атт 3 17"} {
		if i >= len(heads) || !strings.HasPrefix(heads[i], w) {
			t.Errorf("the heads of the Atts are %q, want the %d. to begin %q", heads, i+1, w)
		}
	}
}

func TestTaflBoard(t *testing.T) {
	g, _ := games.ByName("seatafl")
	s, err := g.Setup(nil, "/7/7/7/3K3/7/7/t6/ w 12")
	if err != nil {
		t.Fatal(err)
	}
	got := (taflRenderer{}).board(s, marks{})
	for i, want := range map[int]string{
		0: "7  .  .  .  .  .  .  . ",
		3: "4  .  .  .  ♔  .  .  . ",
		6: "1  ●  .  .  .  .  .  . ",
		7: "   a  b  c  d  e  f  g ",
	} {
		if got[i] != want {
			t.Errorf("line %d = %q, want %q", i+1, got[i], want)
		}
	}
	s13, err := g.New(game.Options{"layout": "sea13"})
	if err != nil {
		t.Fatal(err)
	}
	if f, r := (taflRenderer{}).dims(s13); f != 13 || r != 13 {
		t.Errorf("dims(sea13) = %d, %d, want 13, 13", f, r)
	}
	lines := (taflRenderer{}).board(s13, marks{})
	if len(lines) != 14 || !strings.HasPrefix(lines[0], "13 ") || !strings.HasPrefix(lines[12], " 1 ") || !strings.HasSuffix(lines[13], " m ") {
		t.Errorf("sea13 board:\n%s", strings.Join(lines, "\n"))
	}
}
