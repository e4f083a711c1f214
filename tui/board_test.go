package tui

import (
	"strings"
	"testing"
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
	for f := 0; f <= 25; f++ {
		if got := lokiField(lokiCell(f)); got != f {
			t.Errorf("lokiField(lokiCell(%d)) = %d", f, got)
		}
	}
}
