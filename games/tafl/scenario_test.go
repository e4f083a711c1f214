package tafl

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Scenario tests of the rules that only some presets have: each preset's
// switches and defaults, Copenhagen's shieldwalls (3.4) on every edge and
// in both directions along it, and its edge forts (5.3) with the squares
// that do or do not cover a defender. Every expected result comes from the
// rules files (rules/*.md), quoted with the rule's number; the shieldwall
// and fort cases are played in all eight symmetries of the board, so that
// each edge, each corner and each direction along an edge is tried.

// symmetry maps a square name ("e1") on an n×n board by the k-th of the
// board's eight symmetries (k = 0 is the identity): bit 0 mirrors the
// files, bit 1 the ranks, bit 2 swaps files and ranks.
func symmetry(n, k int, sq string) string {
	c := int(sq[0] - 'a')
	r, err := strconv.Atoi(sq[1:])
	if err != nil {
		panic(sq)
	}
	r--
	if k&4 != 0 {
		c, r = r, c
	}
	if k&1 != 0 {
		c = n - 1 - c
	}
	if k&2 != 0 {
		r = n - 1 - r
	}
	return string(rune('a'+c)) + strconv.Itoa(r+1)
}

// symPieces maps a diagram's piece list ("Ke1 Td1") by symmetry k.
func symPieces(n, k int, pieces string) string {
	var out []string
	for _, p := range strings.Fields(pieces) {
		out = append(out, p[:1]+symmetry(n, k, p[1:]))
	}
	return strings.Join(out, " ")
}

// symMove maps a move ("g5-g1") by symmetry k.
func symMove(n, k int, move string) string {
	from, to, _ := strings.Cut(move, "-")
	return symmetry(n, k, from) + "-" + symmetry(n, k, to)
}

// symCase is a one-move scenario written for one orientation and played
// in all eight.
type symCase struct {
	name  string
	n     int
	side  string // the side to move at the start
	start string // the pieces
	move  string
	after string // the pieces after the move; "" when only the status is checked
	// status after the move, as status writes it.
	status string
}

// runSymCases plays each case in the eight symmetries of the board under
// the rules of preset g (its own defaults) or, when r is not nil, under r.
func runSymCases(t *testing.T, g *Game, r *Rules, cases []symCase) {
	t.Helper()
	for _, tc := range cases {
		for k := range 8 {
			t.Run(fmt.Sprintf("%s/symmetry%d", tc.name, k), func(t *testing.T) {
				pos := diagram(tc.n, tc.side, symPieces(tc.n, k, tc.start))
				var s *State
				if r != nil {
					s = setupRules(t, *r, pos)
				} else {
					gs, err := g.Setup(nil, pos)
					if err != nil {
						t.Fatalf("Setup(%q): %v", pos, err)
					}
					s = gs.(*State)
				}
				move := symMove(tc.n, k, tc.move)
				play(t, s, move)
				if tc.after != "" {
					other := map[string]string{"b": "w", "w": "b"}[tc.side]
					if got, want := s.Position(), diagram(tc.n, other, symPieces(tc.n, k, tc.after))+" 1"; got != want {
						t.Errorf("Position(%s after %s) = %s, want %s", pos, move, got, want)
					}
				}
				if got := status(s); got != tc.status {
					t.Errorf("status(%s after %s) = %q, want %q", pos, move, got, tc.status)
				}
			})
		}
	}
}

// TestScenarioPresetRules: each preset's switches, as its rules file sets
// them.
func TestScenarioPresetRules(t *testing.T) {
	want := map[*Game]Rules{
		// sea-hnefatafl.md: 4.1 "White wins when the king reaches any edge
		// square"; 3.3 "The king is unarmed"; 3.4 "captured when attackers
		// stand on all four squares next to him"; 2.3 "There are no special
		// squares"; no shieldwall or fort in the file; 4.3 encirclement;
		// 4.5 "option repetition: white-loses (default)"; 4.6 "default 400
		// plies".
		Sea: {Escape: EscapeEdge, KingArmed: false, KingCapture: KingBy4, Encirclement: true,
			Repetition: RepetitionWhiteLoses, MoveLimit: 400},
		// copenhagen-hnefatafl.md: 5.1 "reaches a corner"; 3.2 "The king is
		// armed"; 4.1 "on all four squares ... or on three when the fourth
		// is the empty throne"; 2.3 "The throne (f6) and the four corners
		// are restricted"; 3.4 shieldwall; 5.3 edge fort; 5.4 encirclement;
		// 5.6 "option repetition: white-loses (default)"; 5.7 "default 400
		// plies".
		Copenhagen: {Escape: EscapeCorner, KingArmed: true, KingCapture: KingBy4, Throne: true, Corners: true,
			Shieldwall: true, EdgeFort: true, Encirclement: true, Repetition: RepetitionWhiteLoses, MoveLimit: 400},
		// fetlar-hnefatafl.md: "Copenhagen Hnefatafl without shieldwalls
		// and edge forts, and a repetition is a draw"; 5.1 corner; 3.2 the
		// king takes part in captures; 4.1 four sides; 2.3 throne and
		// corners; 5.2 (7b) encirclement; 5.4 "default draw"; 5.5 400.
		Fetlar: {Escape: EscapeCorner, KingArmed: true, KingCapture: KingBy4, Throne: true, Corners: true,
			Encirclement: true, Repetition: RepetitionDraw, MoveLimit: 400},
		// brandubh.md: 5.1 corner; 3.2 armed; 4.1 "Away from the throne the
		// king is captured like any other piece", 4.2 "On the throne he is
		// captured by four attackers; next to the throne by three"; 2.3
		// throne and corners; 5.6 "There is no encirclement rule"; 5.4
		// "default draw"; 5.5 400.
		Brandubh: {Escape: EscapeCorner, KingArmed: true, KingCapture: KingByThrone, Throne: true, Corners: true,
			Repetition: RepetitionDraw, MoveLimit: 400},
		// tablut.md: 5.1 "any edge square"; 3.2 armed; 4.1 and 4.2 as
		// Brandubh; 2.3 "The throne (e5) is restricted ... The corners are
		// ordinary squares"; 5.6 "There is no encirclement rule"; 5.4
		// "default draw"; 5.5 400.
		Tablut: {Escape: EscapeEdge, KingArmed: true, KingCapture: KingByThrone, Throne: true,
			Repetition: RepetitionDraw, MoveLimit: 400},
	}
	for _, g := range Presets {
		if got := g.Rules(); got != want[g] {
			t.Errorf("%s.Rules() = %+v, want %+v", g.Name(), got, want[g])
		}
	}
}

// TestScenarioPresetOptions: each preset's options and their defaults.
func TestScenarioPresetOptions(t *testing.T) {
	want := map[*Game]string{
		Sea:        "layout=sea11 move-limit=400 repetition=white-loses", // sea 1, 4.5, 4.6
		Copenhagen: "move-limit=400 repetition=white-loses",              // copenhagen 5.6, 5.7
		Fetlar:     "move-limit=400 repetition=draw",                     // fetlar 5.4, 5.5
		Brandubh:   "move-limit=400 repetition=draw",                     // brandubh 5.4, 5.5
		Tablut:     "move-limit=400 repetition=draw",                     // tablut 5.4, 5.5
	}
	for _, g := range Presets {
		s, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Options().String(); got != want[g] {
			t.Errorf("%s: New(nil).Options() = %q, want %q", g.Name(), got, want[g])
		}
	}
}

// TestScenarioRepetitionDefault plays a perpetual in each preset under its
// default options: the start, then the same position twice more with the
// same side to move.
func TestScenarioRepetitionDefault(t *testing.T) {
	tests := []struct {
		g    *Game
		n    int
		want string
	}{
		// sea 4.5: "When the same position with the same side to move
		// occurs for the third time, White loses"; "The starting position
		// ... counts as the first occurrence."
		{Sea, 9, "over black (threefold repetition)"},
		// copenhagen 5.6: "perpetual repetitions are forbidden ... results
		// in a loss for white"; "the third occurrence of the same position
		// with the same side to move".
		{Copenhagen, 11, "over black (threefold repetition)"},
		// fetlar 5.4: "The third occurrence of a position with the same side
		// to move is a draw".
		{Fetlar, 11, "over draw (threefold repetition)"},
		// brandubh 5.4 and tablut 5.4: the same words.
		{Brandubh, 7, "over draw (threefold repetition)"},
		{Tablut, 9, "over draw (threefold repetition)"},
	}
	for _, tt := range tests {
		pos := diagram(tt.n, "b", "Kc3 Tc5 tf2")
		gs, err := tt.g.Setup(nil, pos)
		if err != nil {
			t.Fatal(err)
		}
		cycle := []string{"f2-g2", "c5-b5", "g2-f2", "b5-c5"}
		play(t, gs, cycle...)
		if got := status(gs); got != "turn black" {
			t.Errorf("%s: after one cycle (the second occurrence): %s, want turn black", tt.g.Name(), got)
		}
		play(t, gs, cycle[:3]...)
		if got := status(gs); got != "turn white" {
			t.Errorf("%s: one ply before the third occurrence: %s, want turn white", tt.g.Name(), got)
		}
		play(t, gs, cycle[3])
		if got := status(gs); got != tt.want {
			t.Errorf("%s: at the third occurrence: %s, want %s", tt.g.Name(), got, tt.want)
		}
	}
}

// TestScenarioShieldwall: copenhagen 3.4, "a row of two or more pieces
// along the board edge is captured together when the opponent brackets
// the whole row at both ends, as long as every member of the row has an
// enemy piece directly in front of it ... A corner may stand in for the
// bracketing piece at one end. The king may take part as a bracketing
// piece or as a member of the row; a king in the row is not captured."
// Each case in the eight symmetries: on each of the four edges, closed
// from either end.
func TestScenarioShieldwall(t *testing.T) {
	runSymCases(t, Copenhagen, nil, []symCase{
		{name: "a row of three, closed by the move", n: 11, side: "b",
			start: "Td1 Te1 Tf1 td2 te2 tf2 tc1 tg5 Kh8", move: "g5-g1",
			after: "tc1 tg1 td2 te2 tf2 Kh8", status: "turn white"},
		{name: "a row of two against the corner", n: 11, side: "b",
			start: "Tb1 Tc1 tb2 tc2 td5 Kh8", move: "d5-d1",
			after: "td1 tb2 tc2 Kh8", status: "turn white"},
		{name: "the king in the row stays", n: 11, side: "b",
			start: "Td1 Ke1 Tf1 td2 te2 tf2 tc1 tg5 Th8", move: "g5-g1",
			after: "tc1 Ke1 tg1 td2 te2 tf2 Th8", status: "turn white"},
		{name: "the king brackets", n: 11, side: "w",
			start: "td1 te1 Td2 Te2 Kc1 Tf5 tj9", move: "f5-f1",
			after: "Kc1 Tf1 Td2 Te2 tj9", status: "turn black"},
		// "as long as every member of the row has an enemy piece directly
		// in front of it": e1 has none.
		{name: "a member with nothing in front", n: 11, side: "b",
			start: "Td1 Te1 Tf1 td2 tf2 tc1 tg5 Kh8", move: "g5-g1",
			after: "tc1 Td1 Te1 Tf1 tg1 td2 tf2 Kh8", status: "turn white"},
	})
	// fetlar: "Copenhagen Hnefatafl without shieldwalls": the same move
	// takes nothing.
	runSymCases(t, Fetlar, nil, []symCase{
		{name: "Fetlar: no shieldwall", n: 11, side: "b",
			start: "Td1 Te1 Tf1 td2 te2 tf2 tc1 tg5 Kh8", move: "g5-g1",
			after: "tc1 Td1 Te1 Tf1 tg1 td2 te2 tf2 Kh8", status: "turn white"},
	})
}

// TestScenarioEdgeFort: copenhagen 5.3, "White wins when the king has
// contact with the board edge, is able to move, and it is impossible for
// the attackers to break the fort. [ruling: ... The fort's inside is the
// set of squares the king reaches through empty squares; no attacker may
// stand on or next to it. Every defender next to the inside must be safe.
// A defender is safe when, along each of its row and column, one neighbour
// is off the board, an inside square (other than an empty throne or
// corner, which are hostile), or another safe defender; a defender on the
// edge must also have such a square in front of it, so that no shieldwall
// can take it.]" Each case in the eight symmetries.
func TestScenarioEdgeFort(t *testing.T) {
	runSymCases(t, Copenhagen, nil, []symCase{
		// The inside is e1 (the king) and f1. Every defender next to it is
		// covered along both lines; g1, on the edge, has g2 in front of it,
		// another safe defender.
		{name: "edge defenders covered in front", n: 11, side: "w",
			start: "Ke1 Td1 Td2 Tf2 Tg1 Tg2 Te6 ta9 tk5", move: "e6-e2",
			status: "over white (edge fort)"},
		// "a defender on the edge must also have such a square in front of
		// it": g2 is empty and outside the fort, so g1 is not safe.
		{name: "an edge defender's front open", n: 11, side: "w",
			start: "Ke1 Td1 Td2 Tf2 Tg1 Te6 ta9 tk5", move: "e6-e2",
			status: "turn black"},
		// "the king has contact with the board edge": the same walls with
		// the king on e2, one square off the edge.
		{name: "the king off the edge", n: 11, side: "w",
			start: "Ke2 Td1 Tf1 Td2 Tf2 Td3 Tf3 Te6 ta9 tk5", move: "e6-e3",
			status: "turn black"},
		// "is able to move": every defender is safe, but the king is shut in
		// on e1.
		{name: "a king who cannot move", n: 11, side: "w",
			start: "Ke1 Td1 Tf1 Td2 Tf2 Te6 ta9 tk5", move: "e6-e2",
			status: "turn black"},
		// "(other than an empty throne or corner, which are hostile)": the
		// inside is a1 (an empty corner), b1 (the king) and c1; a2 has only
		// the corner and the empty a3 along its file.
		{name: "an empty corner is no cover", n: 11, side: "w",
			start: "Kb1 Ta2 Tb2 Tc2 Td1 Td6 tk5 tf9", move: "d6-d2",
			status: "turn black"},
		// The same fort with a3 a safe defender: a2 is covered along its
		// file by a3, which is covered by a2 along its file and by the
		// board's edge along its rank... and in front by b3.
		{name: "an edge defender beside the corner covered", n: 11, side: "w",
			start: "Kb1 Ta2 Ta3 Tb2 Tb3 Tc2 Td1 Td6 tk5 tf9", move: "d6-d2",
			status: "over white (edge fort)"},
	})
	// The same rules on a 7x7 board, where a fort can reach the throne (d4)
	// with few pieces: the inside is a4 (the king), b4, c4 and the empty
	// throne d4. d3, d5 and e4 have only the throne and an empty square
	// outside along one of their lines: "an inside square (other than an
	// empty throne ...)" does not cover them.
	runSymCases(t, nil, &CopenhagenRules, []symCase{
		{name: "the empty throne is no cover", n: 7, side: "w",
			start: "Ka4 Ta3 Ta5 Tb3 Tb5 Tc3 Tc5 Td3 Td5 Te3 Te5 Tg4 tg2", move: "g4-e4",
			status: "turn black"},
	})
}

// TestScenarioRestrictedSquares: which pieces may stop on the throne and
// the corners, along a file and (by the symmetries) along a rank.
func TestScenarioRestrictedSquares(t *testing.T) {
	type want struct{ throne, corner bool } // whether a defender or attacker may stop there
	tests := []struct {
		g *Game
		n int
		w want
	}{
		// sea 2.3: "There are no special squares: the centre and the corners
		// are ordinary squares; any piece may stand on or pass through them".
		{Sea, 9, want{true, true}},
		// copenhagen 2.3: "The throne (f6) and the four corners are
		// restricted: only the king may stop on them."
		{Copenhagen, 11, want{false, false}},
		// fetlar 2.3: "The throne and the four corners are restricted".
		{Fetlar, 11, want{false, false}},
		// brandubh 2.3: "The throne (d4) and the corners are restricted".
		{Brandubh, 7, want{false, false}},
		// tablut 2.3: "The throne (e5) is restricted ... The corners are
		// ordinary squares."
		{Tablut, 9, want{false, true}},
	}
	for _, tt := range tests {
		n, m := tt.n, tt.n/2
		name := func(c, r int) string { return string(rune('a'+c)) + strconv.Itoa(r+1) }
		for k := range 8 {
			for _, side := range []string{"b", "w"} {
				piece := map[string]string{"b": "t", "w": "T"}[side]
				// The piece on the throne's file, two squares from the
				// edge, and one on the first file, three from the corner;
				// the king off both lines, the other side far away.
				other := map[string]string{"b": "T", "w": "t"}[side]
				pieces := piece + name(m, 1) + " " + piece + name(0, 3) + " K" + name(m+1, m+1) + " " + other + name(n-2, n-3)
				pos := diagram(n, side, symPieces(n, k, pieces))
				gs, err := tt.g.Setup(nil, pos)
				if err != nil {
					t.Fatalf("%s: Setup(%q): %v", tt.g.Name(), pos, err)
				}
				check := func(move string, ok bool, why string) {
					move = symMove(n, k, move)
					_, err := gs.ParseAction(move)
					if ok != (err == nil) {
						t.Errorf("%s %s: ParseAction(%s) = %v, want legal %v (%s)", tt.g.Name(), pos, move, err, ok, why)
					}
				}
				check(name(m, 1)+"-"+name(m, m), tt.w.throne, "stopping on the throne")
				check(name(m, 1)+"-"+name(m, n-2), true, "passing over the empty throne")
				check(name(0, 3)+"-"+name(0, 0), tt.w.corner, "stopping on a corner")
			}
		}
	}
	// copenhagen 2.3: "The king may re-enter the throne".
	gs, err := Copenhagen.Setup(nil, diagram(11, "w", "Kf3 ta9"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gs.ParseAction("f3-f6"); err != nil {
		t.Errorf("ParseAction(f3-f6) = %v: the king may stop on the throne", err)
	}
}

// TestScenarioEncirclementFromEveryEdge: sea 4.3, "flood-fill from every
// edge square through squares not occupied by attackers; if it reaches no
// white piece, the white side is enclosed." The ring that encloses the king
// (TestRule4_3_Enclosure's) closes, but a defender stands on an edge
// square, walled in from the rest of the board: the fill starts on its
// square, so White is not enclosed. In the eight symmetries, so on each
// edge.
func TestScenarioEncirclementFromEveryEdge(t *testing.T) {
	ring := "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te3 "
	runSymCases(t, Sea, nil, []symCase{
		{name: "a defender on the edge", n: 9, side: "b", start: ring + "Ti2 ti1 ti3 th2", move: "e9-e7",
			status: "turn white"},
		{name: "no defender outside", n: 9, side: "b", start: ring + "ti1 ti3 th2", move: "e9-e7",
			status: "over black (white enclosed)"},
	})
}
