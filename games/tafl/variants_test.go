package tafl

import (
	"testing"
)

// with returns Sea Hnefatafl's rules changed by f.
func with(f func(*Rules)) *Rules {
	r := SeaRules
	f(&r)
	return &r
}

func TestRulesEscapeCorner(t *testing.T) {
	corner := with(func(r *Rules) { r.Escape = EscapeCorner })
	runMoveCases(t, []moveCase{
		{name: "an edge square is not enough", rules: corner, start: diagram(9, "w", "Ke5 tb8"), moves: []string{"e5-e9"},
			want: diagram(9, "b", "Ke9 tb8") + " 1", status: "turn black"},
		{name: "a corner wins", rules: corner, start: diagram(9, "w", "Ka5 tb8"), moves: []string{"a5-a9"},
			status: "over white (king escaped)"},
		{name: "Sea: an edge square wins", start: diagram(9, "w", "Ke5 tb8"), moves: []string{"e5-e9"},
			status: "over white (king escaped)"},
	})
}

func TestRulesKingArmed(t *testing.T) {
	armed := with(func(r *Rules) { r.KingArmed = true })
	runMoveCases(t, []moveCase{
		{name: "the king is a hammer", rules: armed, start: diagram(9, "w", "td6 Tc6 Ke2 ta9"), moves: []string{"e2-e6"},
			want: diagram(9, "b", "Tc6 Ke6 ta9") + " 1", status: "turn black"},
		{name: "the king is an anvil", rules: armed, start: diagram(9, "w", "Kc6 td6 Te2 ta9"), moves: []string{"e2-e6"},
			want: diagram(9, "b", "Kc6 Te6 ta9") + " 1", status: "turn black"},
	})
}

func TestRulesKingBy2(t *testing.T) {
	by2 := with(func(r *Rules) { r.KingCapture = KingBy2 })
	runMoveCases(t, []moveCase{
		{name: "two attackers on a rank", rules: by2, start: diagram(9, "b", "Ke5 td5 tf3"), moves: []string{"f3-f5"},
			status: "over black (king captured)"},
		{name: "two attackers on a file", rules: by2, start: diagram(9, "b", "Ke5 te6 ta4"), moves: []string{"a4-e4"},
			status: "over black (king captured)"},
		{name: "the king moving in between is brave", rules: by2, start: diagram(9, "w", "Ke2 td5 tf5"), moves: []string{"e2-e5"},
			want: diagram(9, "b", "td5 Ke5 tf5") + " 1", status: "turn black"},
		{name: "a defender is no anvil against the king", rules: by2, start: diagram(9, "b", "Ke5 Td5 tf3"), moves: []string{"f3-f5"},
			want: diagram(9, "w", "Td5 Ke5 tf5") + " 1", status: "turn white"},
	})
}

func TestRulesSpecialSquares(t *testing.T) {
	special := with(func(r *Rules) { r.Throne, r.Corners = true, true })
	// Only the king stops on the throne (e5) and the corners; others pass
	// over the empty throne.
	s := setupRules(t, *special, diagram(9, "b", "tb1 td5 Kg7"))
	if got, want := legalText(s), "b1-c1 b1-d1 b1-e1 b1-f1 b1-g1 b1-h1 b1-b2 b1-b3 b1-b4 b1-b5 b1-b6 b1-b7 b1-b8 b1-b9 "+
		"d5-d1 d5-d2 d5-d3 d5-d4 d5-a5 d5-b5 d5-c5 d5-f5 d5-g5 d5-h5 d5-i5 d5-d6 d5-d7 d5-d8 d5-d9"; got != want {
		t.Errorf("Legal(special squares) = %q, want %q", got, want)
	}
	s = setupRules(t, *special, diagram(9, "w", "Ke4 Ta8 tb9"))
	if got, want := legalText(s), "e4-e1 e4-e2 e4-e3 e4-a4 e4-b4 e4-c4 e4-d4 e4-f4 e4-g4 e4-h4 e4-i4 e4-e5 e4-e6 e4-e7 e4-e8 e4-e9 "+
		"a8-a2 a8-a3 a8-a4 a8-a5 a8-a6 a8-a7 a8-b8 a8-c8 a8-d8 a8-e8 a8-f8 a8-g8 a8-h8 a8-i8"; got != want {
		t.Errorf("Legal(special squares, king) = %q, want %q", got, want)
	}
	runMoveCases(t, []moveCase{
		{name: "a corner is an anvil", rules: special, start: diagram(9, "b", "Ta2 tc3 Kg7"), moves: []string{"c3-a3"},
			want: diagram(9, "w", "ta3 Kg7") + " 1", status: "turn white"},
		{name: "a corner is an anvil against attackers", rules: special, start: diagram(9, "w", "ta2 Tc3 Kg7 th8"), moves: []string{"c3-a3"},
			want: diagram(9, "b", "Ta3 Kg7 th8") + " 1", status: "turn black"},
		{name: "the empty throne is an anvil", rules: special, start: diagram(9, "b", "Td5 tc3 Kg7"), moves: []string{"c3-c5"},
			want: diagram(9, "w", "tc5 Kg7") + " 1", status: "turn white"},
		{name: "the king's throne is hostile to attackers", rules: special, start: diagram(9, "w", "Ke5 td5 Tc3 th8"), moves: []string{"c3-c5"},
			want: diagram(9, "b", "Tc5 Ke5 th8") + " 1", status: "turn black"},
		{name: "the king's throne is no anvil against defenders", rules: special, start: diagram(9, "b", "Ke5 Td5 tc3"), moves: []string{"c3-c5"},
			want: diagram(9, "w", "tc5 Td5 Ke5") + " 1", status: "turn white"},
		{name: "three attackers and the empty throne take the king", rules: special, start: diagram(9, "b", "Ke6 td6 tf6 te9"), moves: []string{"e9-e7"},
			status: "over black (king captured)"},
		{name: "Sea: three attackers and the centre do not", start: diagram(9, "b", "Ke6 td6 tf6 te9"), moves: []string{"e9-e7"},
			want: diagram(9, "w", "te7 td6 Ke6 tf6") + " 1", status: "turn white"},
	})
}

func TestRulesEncirclementOff(t *testing.T) {
	off := with(func(r *Rules) { r.Encirclement = false })
	ring := "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te3"
	runMoveCases(t, []moveCase{
		{name: "an enclosed white side plays on", rules: off, start: diagram(9, "b", ring), moves: []string{"e9-e7"},
			status: "turn white"},
	})
}
