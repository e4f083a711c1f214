package tafl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// expand lists squares written as ranges on one file or rank, as the rules
// file does: "d11-h11" is d11 e11 f11 g11 h11, "a4-a8" is a4 … a8.
func expand(kind byte, list string) string {
	var out []string
	for _, item := range strings.Fields(list) {
		from, to, ok := strings.Cut(item, "-")
		if !ok {
			out = append(out, string(kind)+item)
			continue
		}
		var f1, f2 byte
		var r1, r2 int
		fmt.Sscanf(from, "%c%d", &f1, &r1)
		fmt.Sscanf(to, "%c%d", &f2, &r2)
		for f := f1; f <= f2; f++ {
			for r := r1; r <= r2; r++ {
				out = append(out, fmt.Sprintf("%c%c%d", kind, f, r))
			}
		}
	}
	return strings.Join(out, " ")
}

// TestRule1_Layouts checks every layout against the squares the rules file
// lists (sea9 is given there as a row string).
func TestRule1_Layouts(t *testing.T) {
	tests := []struct {
		layout      string
		n           int
		att, def, k string
	}{
		{"sea11", 11, "d11-h11 f10 a4-a8 b6 k4-k8 j6 f2 d1-h1", "f9 f8 f7 c6 d6 e6 g6 h6 i6 f5 f4 f3", "f6"},
		{"copenhagen11", 11, "d1-h1 f2 a4-a8 b6 k4-k8 j6 f10 d11-h11", "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8", "f6"},
		{"sea9circle", 9, "e9 b8 e8 h8 c7 g7 a5 b5 h5 i5 c3 g3 b2 e2 h2 e1", "d6 e6 f6 d5 f5 d4 e4 f4", "e5"},
		{"sea13", 13, "e1-i1 f2 h2 g3 a5-a9 b6 b8 c7 m5-m9 l6 l8 k7 g11 f12 h12 e13-i13",
			"g4 e5 i5 f6 g6 h6 d7 f7 h7 j7 f8 g8 h8 e9 i9 g10", "g7"},
	}
	counts := map[string][2]int{"sea11": {24, 12}, "copenhagen11": {24, 12}, "sea9circle": {16, 8}, "sea13": {32, 16}}
	for _, tc := range tests {
		att, def := expand('t', tc.att), expand('T', tc.def)
		if got, want := len(strings.Fields(att)), counts[tc.layout][0]; got != want {
			t.Errorf("attackers(%s) = %d, want %d", tc.layout, got, want)
		}
		if got, want := len(strings.Fields(def)), counts[tc.layout][1]; got != want {
			t.Errorf("defenders(%s) = %d, want %d", tc.layout, got, want)
		}
		want := diagram(tc.n, "b", att+" "+def+" K"+tc.k)
		s, err := Sea.New(game.Options{"layout": tc.layout})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Position(); got != want {
			t.Errorf("Position(New(layout=%s)) = %q, want %q", tc.layout, got, want)
		}
	}
	for layout, want := range map[string]string{
		"sea11": "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b",
		"sea9":  "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ b",
	} {
		s, err := Sea.New(game.Options{"layout": layout})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Position(); got != want {
			t.Errorf("Position(New(layout=%s)) = %q, want %q", layout, got, want)
		}
	}
	s, err := Sea.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Options()["layout"], "sea11"; got != want {
		t.Errorf("Options(New(nil))[layout] = %q, want %q", got, want)
	}
}

// naiveMoves counts rook moves of one side on a mailbox board read from a
// position's rows, independently of the engine: walk each of the four
// directions from every piece until the edge or a piece.
func naiveMoves(position string, side byte) int {
	rowsText, _, _ := strings.Cut(position, " ")
	var grid [][]byte
	for _, row := range strings.Split(strings.Trim(rowsText, "/"), "/") {
		var line []byte
		num := 0
		for i := 0; i < len(row); i++ {
			ch := row[i]
			if ch >= '0' && ch <= '9' {
				num = num*10 + int(ch-'0')
				if i+1 < len(row) && row[i+1] >= '0' && row[i+1] <= '9' {
					continue
				}
				line = append(line, strings.Repeat(".", num)...)
				num = 0
				continue
			}
			line = append(line, ch)
		}
		grid = append(grid, line)
	}
	n := len(grid)
	count := 0
	for r := range n {
		for c := range n {
			ch := grid[r][c]
			if ch == '.' || (side == 'b') != (ch == 't') {
				continue
			}
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				for rr, cc := r+d[0], c+d[1]; rr >= 0 && cc >= 0 && rr < n && cc < n && grid[rr][cc] == '.'; rr, cc = rr+d[0], cc+d[1] {
					count++
				}
			}
		}
	}
	return count
}

// TestRule1_StartLegalMoves checks the number of legal moves of both sides
// in every starting position against a naive mailbox count, and against
// fixed numbers. Hand counts: sea9 Black 80 (each of the four arms 6+6+0+8)
// and White 56 (each arm 8+6); copenhagen11 Black 124 is the published
// Copenhagen figure of 116 plus the 8 moves onto corners, which Copenhagen
// forbids and Sea Hnefatafl allows (2.3).
func TestRule1_StartLegalMoves(t *testing.T) {
	want := map[string][2]int{
		"sea11":        {128, 104},
		"copenhagen11": {124, 60},
		"sea9":         {80, 56},
		"sea9circle":   {116, 28},
		"sea13":        {184, 128},
	}
	for _, l := range SeaLayouts {
		for i, side := range []string{"b", "w"} {
			pos := strings.TrimSuffix(l.Position, " b") + " " + side
			s := setup(t, nil, pos)
			got := len(s.Legal())
			if naive := naiveMoves(pos, side[0]); got != naive {
				t.Errorf("len(Legal(%s, %s)) = %d, want %d (naive count)", l.Name, side, got, naive)
			}
			if got != want[l.Name][i] {
				t.Errorf("len(Legal(%s, %s)) = %d, want %d", l.Name, side, got, want[l.Name][i])
			}
		}
	}
}
