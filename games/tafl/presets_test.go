package tafl

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// Scenario tests of the presets, one or more per rule of their rules
// files, with the rule quoted. Positions are written with diagram (see
// helpers_test.go): a list of pieces, K king, T defender, t attacker.

// TestCopenhagenEscapeAndKingCapture: rules/copenhagen-hnefatafl.md 6 and 7.
func TestCopenhagenEscapeAndKingCapture(t *testing.T) {
	cph := &CopenhagenRules
	runMoveCases(t, []moveCase{
		// 6: "The king wins by reaching a corner square."
		{name: "a corner wins", rules: cph, start: diagram(11, "w", "Ka6 tf9"), moves: []string{"a6-a11"},
			status: "over white (king escaped)"},
		{name: "an edge square is not enough", rules: cph, start: diagram(11, "w", "Kc6 tf9"), moves: []string{"c6-c11"},
			status: "turn black"},
		// 7: "The king is captured when the attackers surround him on all
		// four sides."
		{name: "four attackers", rules: cph, start: diagram(11, "b", "Kc4 tb4 td4 tc5 tj3"), moves: []string{"j3-c3"},
			status: "over black (king captured)"},
		// 7: "... or on three sides, the fourth being the throne."
		{name: "three attackers and the throne", rules: cph, start: diagram(11, "b", "Kf7 te7 tg7 tj8"), moves: []string{"j8-f8"},
			status: "over black (king captured)"},
		{name: "three attackers and a defender", rules: cph, start: diagram(11, "b", "Kc4 tb4 Td4 tc5 tj3"), moves: []string{"j3-c3"},
			status: "turn white"},
		// 7: "The king cannot be captured on the board edge": a king on the
		// edge is not taken by three attackers and the edge.
		{name: "three attackers against the edge", rules: cph, start: diagram(11, "b", "Ke1 td1 te2 tj1 ta9 Th8"), moves: []string{"j1-f1"},
			want: diagram(11, "w", "td1 Ke1 tf1 te2 ta9 Th8") + " 1", status: "turn white"},
		// 7: the king is taken only by four, so not against a corner.
		{name: "the king next to a corner is not taken by one attacker", rules: cph, start: diagram(11, "b", "Kb1 tc9 tj5"), moves: []string{"c9-c1"},
			status: "turn white"},
	})
}

// TestCopenhagenCapture: rules/copenhagen-hnefatafl.md 3 and 5a.
func TestCopenhagenCapture(t *testing.T) {
	cph := &CopenhagenRules
	runMoveCases(t, []moveCase{
		// 5a: "The king may take part in captures."
		{name: "the king is a hammer", rules: cph, start: diagram(11, "w", "td7 Tc7 Ke3 ta9"), moves: []string{"e3-e7"},
			want: diagram(11, "b", "Tc7 Ke7 ta9") + " 1", status: "turn black"},
		{name: "the king is an anvil", rules: cph, start: diagram(11, "w", "Kc7 td7 Te3 ta9"), moves: []string{"e3-e7"},
			want: diagram(11, "b", "Kc7 Te7 ta9") + " 1", status: "turn black"},
		// 3: "The four corner squares are hostile to all pieces."
		{name: "a defender against a corner", rules: cph, start: diagram(11, "b", "Tb1 tc5 Kf6 td8"), moves: []string{"c5-c1"},
			want: diagram(11, "w", "tc1 Kf6 td8") + " 1", status: "turn white"},
		{name: "an attacker against a corner", rules: cph, start: diagram(11, "w", "ta2 Tc3 Kf6 tj8"), moves: []string{"c3-a3"},
			want: diagram(11, "b", "Ta3 Kf6 tj8") + " 1", status: "turn black"},
		// 3: "The throne is always hostile to the attackers, but only
		// hostile to the defenders when it is empty."
		{name: "an attacker against the king's throne", rules: cph, start: diagram(11, "w", "Kf6 tf7 Th8 tb2"), moves: []string{"h8-f8"},
			want: diagram(11, "b", "Tf8 Kf6 tb2") + " 1", status: "turn black"},
		{name: "a defender against the empty throne", rules: cph, start: diagram(11, "b", "Tf7 th8 Kb2"), moves: []string{"h8-f8"},
			want: diagram(11, "w", "tf8 Kb2") + " 1", status: "turn white"},
		{name: "a defender against the king's throne stays", rules: cph, start: diagram(11, "b", "Kf6 Tf7 th8"), moves: []string{"h8-f8"},
			want: diagram(11, "w", "tf8 Tf7 Kf6") + " 1", status: "turn white"},
	})
	// 3: "restricted and may only be occupied by the king ... all pieces
	// may pass through the throne when it is empty."
	s := setupRules(t, CopenhagenRules, diagram(11, "b", "tf3 tb1 Kj9"))
	for _, m := range []string{"f3-f6", "b1-a1"} {
		if _, err := s.ParseAction(m); err == nil {
			t.Errorf("ParseAction(%q) accepted; an attacker may not stop on a restricted square", m)
		}
	}
	if _, err := s.ParseAction("f3-f9"); err != nil {
		t.Errorf("ParseAction(f3-f9) = %v; an attacker passes over the empty throne", err)
	}
}

// TestShieldwall: rules/copenhagen-hnefatafl.md 5b: "A row of two or more
// taflmen along the board edge may be captured together, by bracketing the
// whole group at both ends, as long as every member of the row has an
// enemy taflman directly in front of it. A corner square may stand in for
// one of the bracketing pieces at one end of the row. The king may take
// part in the capture, either as part of the row being captured or as a
// bracketing piece. If the king is part of the row, he is not captured."
func TestShieldwall(t *testing.T) {
	cph := &CopenhagenRules
	// The rule's first diagram: three defenders on the bottom edge, an
	// attacker in front of each, an attacker at one end; the other end is
	// closed by the move.
	wall := "Td1 Te1 Tf1 td2 te2 tf2 tc1 Kf6 "
	runMoveCases(t, []moveCase{
		{name: "a row of three", rules: cph, start: diagram(11, "b", wall+"tj3"), moves: []string{"j3-j1", "f6-f7", "j1-g1"},
			want: diagram(11, "w", "tc1 tg1 td2 te2 tf2 Kf7") + " 3", status: "turn white"},
		// The rule's second diagram: the corner closes one end.
		{name: "against a corner", rules: cph, start: diagram(11, "b", "Tb1 Tc1 tb2 tc2 Kf6 tj3"), moves: []string{"j3-j1", "f6-f7", "j1-d1"},
			want: diagram(11, "w", "td1 tb2 tc2 Kf7") + " 3", status: "turn white"},
		// The king in the row: the others go, he stays.
		{name: "the king in the row stays", rules: cph, start: diagram(11, "b", "Td1 Ke1 Tf1 td2 te2 tf2 tc1 tg5"), moves: []string{"g5-g1"},
			want: diagram(11, "w", "tc1 Ke1 tg1 td2 te2 tf2") + " 1", status: "turn white"},
		// A member with no enemy in front: nothing.
		{name: "one member uncovered", rules: cph, start: diagram(11, "b", "Td1 Te1 Tf1 td2 tf2 tc1 Kf6 tj3"), moves: []string{"j3-j1", "f6-f7", "j1-g1"},
			want: diagram(11, "w", "tc1 Td1 Te1 Tf1 tg1 td2 tf2 Kf7") + " 3", status: "turn white"},
		// Attackers on the edge, the king bracketing: "the king may take
		// part ... as a bracketing piece".
		{name: "the king brackets", rules: cph, start: diagram(11, "w", "td1 te1 Td2 Te2 Kc1 Th3 tj9"), moves: []string{"h3-h1", "j9-j8", "h1-f1"},
			want: diagram(11, "b", "Kc1 Tf1 Td2 Te2 tj8") + " 3", status: "turn black"},
		// The capturing move must close a flank: a piece stepping in
		// front does not take the row.
		{name: "no capture from the front", rules: cph, start: diagram(11, "b", "Td1 Te1 tc1 tf1 td2 tj2 Kf6"), moves: []string{"j2-e2"},
			want: diagram(11, "w", "tc1 Td1 Te1 tf1 td2 te2 Kf6") + " 1", status: "turn white"},
		// Fetlar has no shieldwall: the same move takes nothing.
		{name: "Fetlar: no shieldwall", rules: &FetlarRules, start: diagram(11, "b", wall+"tj3"), moves: []string{"j3-j1", "f6-f7", "j1-g1"},
			want: diagram(11, "w", "tc1 Td1 Te1 Tf1 tg1 td2 te2 tf2 Kf7") + " 3", status: "turn white"},
	})
}

// TestEdgeFort: rules/copenhagen-hnefatafl.md 8: "If the king has contact
// with the board edge, is able to move, and it is impossible for the
// attackers to break the fort, the defenders win."
func TestEdgeFort(t *testing.T) {
	cph := &CopenhagenRules
	// The rule's diagram: the king on e1 in a fort of seven defenders; the
	// defender that closes it moves last.
	//
	//	3  . . . T T T . .
	//	2  . . . T . T . .
	//	1  . . . T K T . .
	//	   a b c d e f g h
	fort := "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 "
	runMoveCases(t, []moveCase{
		{name: "an unbreakable fort wins", rules: cph, start: diagram(11, "w", fort+"Te6 ta9 tk5"), moves: []string{"e6-e3"},
			status: "over white (edge fort)"},
		// A fort whose roof is one defender, e3 alone on its rank: the
		// attackers can take it between d3 and f3.
		{name: "a breakable fort plays on", rules: cph, start: diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Te6 ta9 tk5"), moves: []string{"e6-e3"},
			status: "turn black"},
		// An attacker inside the fort.
		{name: "an attacker inside", rules: cph, start: diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 Td4 Tf4 te3 Te6 ta9"), moves: []string{"e6-e4"},
			status: "turn black"},
		// A king who cannot move is no fort ("is able to move").
		{name: "a king who cannot move", rules: cph, start: diagram(11, "w", "Ke1 Td1 Tf1 Te3 ta9 tk5"), moves: []string{"e3-e2"},
			status: "turn black"},
		// Fetlar has no edge forts.
		{name: "Fetlar: no edge fort", rules: &FetlarRules, start: diagram(11, "w", fort+"Te6 ta9 tk5"), moves: []string{"e6-e3"},
			status: "turn black"},
	})
	// Defenders on the edge beside the wall need no cover in front when
	// the row they form runs into the fort: c1 and g1 here cannot be taken
	// (a shieldwall needs an enemy in front of every member, and d1 and f1
	// have defenders in front), so the fort holds.
	solid := setupRules(t, CopenhagenRules, diagram(11, "w", "Ke1 Tc1 Td1 Tf1 Tg1 Td2 Tf2 Td3 Tf3 tj9 Te6"))
	play(t, solid, "e6-e3")
	if got := status(solid); got != "over white (edge fort)" {
		t.Errorf("fort with supports on the edge: %s, want over white (edge fort)", got)
	}
}

// TestFetlar: rules/fetlar-hnefatafl.md.
func TestFetlar(t *testing.T) {
	f := &FetlarRules
	runMoveCases(t, []moveCase{
		// 6: "The king cannot be captured on the board edge."
		{name: "three attackers against the edge", rules: f, start: diagram(11, "b", "Ke1 td1 te2 tj1 ta9 Th8"), moves: []string{"j1-f1"},
			status: "turn white"},
		// 7b: "If the attackers surround the king and ALL remaining
		// defenders, then they win."
		{name: "encirclement", rules: f, start: diagram(9, "b", "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te3"), moves: []string{"e9-e7"},
			status: "over black (white enclosed)"},
	})
	s, err := Fetlar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Options().String(), "move-limit=400 repetition=draw"; got != want {
		t.Errorf("Fetlar options = %q, want %q", got, want)
	}
}

// TestBrandubh: rules/brandubh.md.
func TestBrandubh(t *testing.T) {
	br := &BrandubhRules
	runMoveCases(t, []moveCase{
		// 6: "Away from the throne the king is captured like any other
		// piece, between two attackers ..."
		{name: "two attackers", rules: br, start: diagram(7, "b", "Kb5 ta5 tc2"), moves: []string{"c2-c5"},
			status: "over black (king captured)"},
		// "... or between an attacker and a corner."
		{name: "against a corner", rules: br, start: diagram(7, "b", "Kb7 tc2 Tg4"), moves: []string{"c2-c7"},
			status: "over black (king captured)"},
		// "On the throne he needs four attackers, next to it three and the
		// throne."
		{name: "next to the throne: two are not enough", rules: br, start: diagram(7, "b", "Kd5 tc5 tg5 Ta1"), moves: []string{"g5-e5"},
			want: diagram(7, "w", "tc5 Kd5 te5 Ta1") + " 1", status: "turn white"},
		{name: "next to the throne: three and the throne", rules: br, start: diagram(7, "b", "Kd5 tc5 te5 tg6"), moves: []string{"g6-d6"},
			status: "over black (king captured)"},
		{name: "on the throne: three are not enough", rules: br, start: diagram(7, "b", "Kd4 tc4 te4 tg5"), moves: []string{"g5-d5"},
			want: diagram(7, "w", "td5 tc4 Kd4 te4") + " 1", status: "turn white"},
		{name: "on the throne: four", rules: br, start: diagram(7, "b", "Kd4 tc4 te4 td3 tg5"), moves: []string{"g5-d5"},
			status: "over black (king captured)"},
		// 5: the king wins on a corner, not on the edge.
		{name: "a corner wins", rules: br, start: diagram(7, "w", "Ka4 tf6"), moves: []string{"a4-a1"},
			status: "over white (king escaped)"},
		{name: "an edge square does not", rules: br, start: diagram(7, "w", "Kc4 tf6"), moves: []string{"c4-c1"},
			status: "turn black"},
	})
}

// TestTablut: rules/tablut.md.
func TestTablut(t *testing.T) {
	tb := &TablutRules
	runMoveCases(t, []moveCase{
		// 6: "Away from the throne the king is captured like any other
		// piece, between two attackers on a row or a column."
		{name: "two attackers", rules: tb, start: diagram(9, "b", "Kc7 tb7 td2"), moves: []string{"d2-d7"},
			status: "over black (king captured)"},
		// "On the throne he needs four attackers ..."
		{name: "on the throne: three are not enough", rules: tb, start: diagram(9, "b", "Ke5 td5 tf5 th4"), moves: []string{"h4-e4"},
			status: "turn white"},
		{name: "on the throne: four", rules: tb, start: diagram(9, "b", "Ke5 td5 tf5 te4 th6"), moves: []string{"h6-e6"},
			status: "over black (king captured)"},
		// "... next to it, three and the throne."
		{name: "next to the throne: two are not enough", rules: tb, start: diagram(9, "b", "Ke6 td6 th6"), moves: []string{"h6-f6"},
			status: "turn white"},
		{name: "next to the throne: three and the throne", rules: tb, start: diagram(9, "b", "Ke6 td6 tf6 th7"), moves: []string{"h7-e7"},
			status: "over black (king captured)"},
		// 5: the king escapes to any edge square.
		{name: "the edge wins", rules: tb, start: diagram(9, "w", "Kc5 th8"), moves: []string{"c5-c1"},
			status: "over white (king escaped)"},
		// 3: the corners are ordinary squares.
		{name: "an attacker on a corner", rules: tb, start: diagram(9, "b", "Kc5 tb1"), moves: []string{"b1-a1"},
			status: "turn white"},
		{name: "a corner is no anvil", rules: tb, start: diagram(9, "b", "Tb1 tc3 Ke5"), moves: []string{"c3-c1"},
			want: diagram(9, "w", "Tb1 tc1 Ke5") + " 1", status: "turn white"},
	})
	// 3: only the king stops on the throne.
	s := setupRules(t, TablutRules, diagram(9, "b", "te2 Kc7"))
	if _, err := s.ParseAction("e2-e5"); err == nil {
		t.Errorf("ParseAction(e2-e5) accepted: an attacker stops on the throne")
	}
	if _, err := s.ParseAction("e2-e8"); err != nil {
		t.Errorf("ParseAction(e2-e8) = %v: an attacker passes over the empty throne", err)
	}
}

// TestPresetsNew: every preset starts from its layout with Black to move,
// and its options are the preset's.
func TestPresetsNew(t *testing.T) {
	for _, g := range Presets {
		s, err := g.New(nil)
		if err != nil {
			t.Fatalf("%s: New: %v", g.Name(), err)
		}
		if s.Position() != g.layouts[0].Position {
			t.Errorf("%s: Position(New) = %q, want %q", g.Name(), s.Position(), g.layouts[0].Position)
		}
		if s.Player() != Black {
			t.Errorf("%s: Player(New) = %v, want black", g.Name(), s.Player())
		}
		if _, err := g.New(game.Options{"repetition": "draw", "move-limit": "100"}); err != nil {
			t.Errorf("%s: New(repetition=draw move-limit=100) = %v", g.Name(), err)
		}
	}
}
