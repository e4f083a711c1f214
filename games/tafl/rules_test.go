package tafl

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// moveCase is a position, moves played, and the expected position and
// status after them.
type moveCase struct {
	name   string
	rules  *Rules // nil: Sea Hnefatafl
	start  string
	moves  []string
	want   string // expected position after the moves
	status string // expected status after the moves
}

func runMoveCases(t *testing.T, cases []moveCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := SeaRules
			if tc.rules != nil {
				r = *tc.rules
			}
			s := setupRules(t, r, tc.start)
			play(t, s, tc.moves...)
			if got := s.Position(); tc.want != "" && got != tc.want {
				t.Errorf("Position(%q after %v) = %q, want %q", tc.start, tc.moves, got, tc.want)
			}
			if got := status(s); got != tc.status {
				t.Errorf("status(%q after %v) = %q, want %q", tc.start, tc.moves, got, tc.status)
			}
		})
	}
}

func TestRule2_1_BlackMovesFirst(t *testing.T) {
	for _, l := range SeaLayouts {
		s, err := Sea.New(game.Options{"layout": l.Name})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Player(); got != Black {
			t.Errorf("Player(New(layout=%s)) = %v, want %v", l.Name, got, Black)
		}
		s.ApplyUnchecked(s.Legal()[0])
		if got := s.Player(); got != White {
			t.Errorf("Player(New(layout=%s) after one move) = %v, want %v", l.Name, got, White)
		}
	}
}

func TestRule2_2_RookMoves(t *testing.T) {
	tests := []struct {
		name, position, want string
	}{
		// The attacker on c3 slides until the board's end or a piece; it
		// never jumps over the attacker on c5 or the defender on e3.
		{"attacker", diagram(9, "b", "tc3 tc5 Te3 Kg7"),
			"c3-c1 c3-c2 c3-a3 c3-b3 c3-d3 c3-c4 c5-c4 c5-a5 c5-b5 c5-d5 c5-e5 c5-f5 c5-g5 c5-h5 c5-i5 c5-c6 c5-c7 c5-c8 c5-c9"},
		// The king moves like any piece, any distance.
		{"king", diagram(9, "w", "Ke5 te7 tc5 tb1"),
			"e5-e1 e5-e2 e5-e3 e5-e4 e5-d5 e5-f5 e5-g5 e5-h5 e5-i5 e5-e6"},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		if got := legalText(s); got != tc.want {
			t.Errorf("Legal(%q) = %q, want %q", tc.position, got, tc.want)
		}
	}
}

func TestRule2_3_NoSpecialSquares(t *testing.T) {
	// The centre and the corners are ordinary squares: an attacker may stop
	// on them.
	s := setup(t, nil, diagram(9, "b", "tb1 td5 Kg7"))
	for _, m := range []string{"b1-a1", "d5-e5"} {
		if _, err := s.ParseAction(m); err != nil {
			t.Errorf("ParseAction(%q) = %v, want a legal move", m, err)
		}
	}
	runMoveCases(t, []moveCase{
		{name: "corner is no anvil", start: diagram(9, "b", "Ta2 tc3 Kg7"), moves: []string{"c3-a3"},
			want: diagram(9, "w", "Ta2 ta3 Kg7") + " 1", status: "turn white"},
		{name: "empty centre is no anvil", start: diagram(9, "b", "Td5 tc3 Kg7"), moves: []string{"c3-c5"},
			want: diagram(9, "w", "Td5 tc5 Kg7") + " 1", status: "turn white"},
	})
}

func TestRule3_1_Capture(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "attacker captures a defender", start: diagram(9, "b", "Td5 tc5 te2 Kg7"), moves: []string{"e2-e5"},
			want: diagram(9, "w", "tc5 te5 Kg7") + " 1", status: "turn white"},
		{name: "defender captures an attacker", start: diagram(9, "w", "td5 Tc5 Te1 Kg7 ta9"), moves: []string{"e1-e5"},
			want: diagram(9, "b", "Tc5 Te5 Kg7 ta9") + " 1", status: "turn black"},
		{name: "capture along a file", start: diagram(9, "b", "Te5 te6 tb4 Kg7"), moves: []string{"b4-e4"},
			want: diagram(9, "w", "te6 te4 Kg7") + " 1", status: "turn white"},
		{name: "three captures by one move", start: diagram(9, "b", "Td5 Tf5 Te6 tc5 tg5 te7 te1 Kh3"), moves: []string{"e1-e5"},
			want: diagram(9, "w", "tc5 tg5 te7 te5 Kh3") + " 1", status: "turn white"},
		{name: "two captures by one defender", start: diagram(9, "w", "te5 tf4 Te6 Tg4 Te1 Kb2 ta9"), moves: []string{"e1-e4"},
			want: diagram(9, "b", "Te6 Tg4 Te4 Kb2 ta9") + " 1", status: "turn black"},
		{name: "a piece next to one enemy stays", start: diagram(9, "b", "Td5 te2 Kg7"), moves: []string{"e2-e5"},
			want: diagram(9, "w", "Td5 te5 Kg7") + " 1", status: "turn white"},
		{name: "a piece of the mover's side is never taken", start: diagram(9, "b", "td5 tc5 te2 Kg7"), moves: []string{"e2-e5"},
			want: diagram(9, "w", "tc5 td5 te5 Kg7") + " 1", status: "turn white"},
		{name: "only the moved piece captures", start: diagram(9, "b", "Td5 tc5 te2 tb8 Kg7"), moves: []string{"b8-b7"},
			want: diagram(9, "w", "Td5 tc5 te2 tb7 Kg7") + " 1", status: "turn white"},
	})
}

func TestRule3_2_Brave(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "moving in between two defenders", start: diagram(9, "b", "Td5 Tf5 te1 Kh7"), moves: []string{"e1-e5"},
			want: diagram(9, "w", "Td5 te5 Tf5 Kh7") + " 1", status: "turn white"},
		{name: "moving in between two attackers", start: diagram(9, "w", "td5 tf5 Te1 Kh7"), moves: []string{"e1-e5"},
			want: diagram(9, "b", "td5 Te5 tf5 Kh7") + " 1", status: "turn black"},
		{name: "taken later by an enemy that moves away and back", start: diagram(9, "b", "Td5 Tf5 te1 tb8 Kh7"),
			moves: []string{"e1-e5", "d5-d4", "b8-b7", "d4-d5"},
			want:  diagram(9, "b", "Td5 Tf5 tb7 Kh7") + " 4", status: "turn black"},
		{name: "taken later along the other line", start: diagram(9, "b", "Td5 Tf5 Te4 Tc6 te9 ta1 Kh7"),
			moves: []string{"e9-e5", "c6-e6"},
			want:  diagram(9, "b", "Td5 Tf5 Te4 Te6 ta1 Kh7") + " 2", status: "turn black"},
	})
}

func TestRule3_3_UnarmedKing(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "the king is no hammer", start: diagram(9, "w", "td6 Tc6 Ke2 ta9"), moves: []string{"e2-e6"},
			want: diagram(9, "b", "Tc6 td6 Ke6 ta9") + " 1", status: "turn black"},
		{name: "the king is no anvil", start: diagram(9, "w", "Kc6 td6 Te2 ta9"), moves: []string{"e2-e6"},
			want: diagram(9, "b", "Kc6 td6 Te6 ta9") + " 1", status: "turn black"},
		{name: "the king is no anvil on a file", start: diagram(9, "w", "Kd3 td4 Th5 ta9"), moves: []string{"h5-d5"},
			want: diagram(9, "b", "Kd3 td4 Td5 ta9") + " 1", status: "turn black"},
	})
}

// TestRule3_4_KingCaptured also covers 4.2: capturing the king wins for
// Black.
func TestRule3_4_KingCaptured(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "four attackers in the centre", start: diagram(9, "b", "Ke5 te6 td5 tf5 te3"), moves: []string{"e3-e4"},
			status: "over black (king captured)"},
		{name: "four attackers next to the edge", start: diagram(9, "b", "Kb5 ta5 tb6 tb4 tc7"), moves: []string{"c7-c5"},
			status: "over black (king captured)"},
		{name: "four attackers off the centre", start: diagram(11, "b", "Kc9 tc10 tb9 td9 tc2"), moves: []string{"c2-c8"},
			status: "over black (king captured)"},
		{name: "three attackers and a defender", start: diagram(9, "b", "Ke5 te6 Td5 tf5 te3"), moves: []string{"e3-e4"},
			want: diagram(9, "w", "Ke5 te6 Td5 tf5 te4") + " 1", status: "turn white"},
		{name: "two attackers on opposite sides", start: diagram(9, "b", "Ke5 td5 tf3"), moves: []string{"f3-f5"},
			want: diagram(9, "w", "Ke5 td5 tf5") + " 1", status: "turn white"},
	})
}

func TestRule4_1_Escape(t *testing.T) {
	start := diagram(9, "w", "Ke5 tb8 Tc2")
	runMoveCases(t, []moveCase{
		{name: "top edge", start: start, moves: []string{"e5-e9"}, status: "over white (king escaped)"},
		{name: "bottom edge", start: start, moves: []string{"e5-e1"}, status: "over white (king escaped)"},
		{name: "left edge", start: start, moves: []string{"e5-a5"}, status: "over white (king escaped)"},
		{name: "right edge", start: start, moves: []string{"e5-i5"}, status: "over white (king escaped)"},
		{name: "next to the edge", start: start, moves: []string{"e5-e8"}, status: "turn black"},
		{name: "a defender on the edge", start: start, moves: []string{"c2-c1"}, status: "turn black"},
	})
}

func TestRule4_3_Enclosure(t *testing.T) {
	// A ring of attackers around d4-f6 that e9-e7 closes; the white pieces
	// inside are the king on e5 and a defender on e4.
	ring := "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 "
	runMoveCases(t, []moveCase{
		{name: "enclosed", start: diagram(9, "b", ring+"te3"), moves: []string{"e9-e7"},
			status: "over black (white enclosed)"},
		{name: "one defender outside", start: diagram(9, "b", ring+"te3 Th8"), moves: []string{"e9-e7"},
			status: "turn white"},
		{name: "the way out runs through a defender's square", start: diagram(9, "b", ring+"Te3"), moves: []string{"e9-e7"},
			status: "turn white"},
		{name: "a defender in the ring, cut off", start: diagram(9, "b", ring+"Te3 te2"), moves: []string{"e9-e7"},
			status: "over black (white enclosed)"},
		{name: "a gap left", start: diagram(9, "b", ring+"te1"), moves: []string{"e9-e7"},
			status: "turn white"},
	})
}

func TestRule4_4_NoLegalMoveLoses(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "white has no move", start: diagram(9, "b", "Kb2 Ta2 Tb1 ta1 ta3 tc1 tc2 tb7"), moves: []string{"b7-b3"},
			status: "over black (no legal move)"},
		{name: "black has no move", start: diagram(9, "w", "ta1 Ta3 Tb1 Ke5"), moves: []string{"a3-a2"},
			status: "over white (no legal move)"},
		{name: "black has a move", start: diagram(9, "w", "ta1 Ta3 Tb1 Ke5"), moves: []string{"a3-a4"},
			status: "turn black"},
	})
	// A position set up with the side to move blocked is over at once.
	s := setup(t, nil, diagram(9, "b", "ta1 Ta2 Tb1 Ke5"))
	if got := status(s); got != "over white (no legal move)" {
		t.Errorf("status(Setup(blocked black)) = %q, want %q", got, "over white (no legal move)")
	}
}

func TestRule4_5_Repetition(t *testing.T) {
	start := diagram(9, "b", "Ke5 Tg5 tb2")
	cycle := []string{"b2-b3", "g5-g6", "b3-b2", "g6-g5"}
	twice := append(append([]string{}, cycle...), cycle...)
	blackCycle := []string{"g5-g6", "b2-b3", "g6-g5", "b3-b2"}
	blackTwice := append(append([]string{}, blackCycle...), blackCycle...)
	tests := []struct {
		value string
		moves []string
		want  string
	}{
		{"white-loses", twice[:7], "turn white"},
		{"white-loses", twice, "over black (threefold repetition)"},
		{"draw", twice[:7], "turn white"},
		{"draw", twice, "over draw (threefold repetition)"},
		{"off", twice, "turn black"},
		{"off", append(append([]string{}, twice...), twice...), "turn black"},
		// White's g6-g5 makes the third occurrence.
		{"repeater-loses", twice[:7], "turn white"},
		{"repeater-loses", twice, "over black (threefold repetition)"},
		{"repeater-wins", twice, "over white (threefold repetition)"},
		// Black's b3-b2 makes it, from White to move.
		{"white-loses", blackTwice, "over black (threefold repetition)"},
		{"repeater-loses", blackTwice, "over white (threefold repetition)"},
		{"repeater-wins", blackTwice[:7], "turn black"},
		{"draw", blackTwice, "over draw (threefold repetition)"},
		{"repeater-wins", blackTwice, "over black (threefold repetition)"},
	}
	for _, tc := range tests {
		pos := start
		if tc.moves[0] == "g5-g6" {
			pos = diagram(9, "w", "Ke5 Tg5 tb2")
		}
		s := setup(t, game.Options{"repetition": tc.value}, pos)
		play(t, s, tc.moves...)
		if got := status(s); got != tc.want {
			t.Errorf("status(repetition=%s after %d plies) = %q, want %q", tc.value, len(tc.moves), got, tc.want)
		}
	}
}

func TestRule4_6_MoveLimit(t *testing.T) {
	start := diagram(9, "b", "Ke5 Tg5 tb2")
	cycle := []string{"b2-b3", "g5-g6", "b3-b2", "g6-g5"}
	s := setup(t, game.Options{"move-limit": "4"}, start)
	play(t, s, cycle[:3]...)
	if got := status(s); got != "turn white" {
		t.Errorf("status(move-limit=4 after 3 plies) = %q, want %q", got, "turn white")
	}
	play(t, s, cycle[3])
	if got := status(s); got != "over draw (move limit)" {
		t.Errorf("status(move-limit=4 after 4 plies) = %q, want %q", got, "over draw (move limit)")
	}
	// The ply count of a position counts toward the default limit of 400.
	s = setup(t, nil, start+" 398")
	play(t, s, cycle[0])
	if got, want := s.Position(), diagram(9, "w", "Ke5 Tg5 tb3")+" 399"; got != want {
		t.Errorf("Position(after 399 plies) = %q, want %q", got, want)
	}
	if got := status(s); got != "turn white" {
		t.Errorf("status(after 399 plies) = %q, want %q", got, "turn white")
	}
	play(t, s, cycle[1])
	if got := status(s); got != "over draw (move limit)" {
		t.Errorf("status(after 400 plies) = %q, want %q", got, "over draw (move limit)")
	}
}

func TestRule4_2_BlackWinsByCapture(t *testing.T) {
	s := setup(t, nil, diagram(9, "b", "Ke5 te6 td5 tf5 te3 Tb2"))
	play(t, s, "e3-e4")
	r := s.Result()
	if r.Kind != game.Win || len(r.Winners) != 1 || r.Winners[0] != Black || r.Reason != "king captured" {
		t.Errorf("Result(after e3-e4) = %+v, want a win for black, king captured", r)
	}
	if got := s.Returns(); got[Black] != 1 || got[White] != -1 {
		t.Errorf("Returns(after e3-e4) = %v, want [1 -1]", got)
	}
	if got := s.Legal(); got != nil {
		t.Errorf("Legal(after e3-e4) = %v, want nil", got)
	}
	if err := s.Undo(); err != nil || status(s) != "turn black" {
		t.Errorf("Undo(after e3-e4) = %v, status %q; want nil, %q", err, status(s), "turn black")
	}
}

// TestKingTakenOnlyByTheMove: under KingBy4 with special squares the king
// is taken by the attacker that completes the ring, not by a move
// elsewhere. Here the king steps off the throne between three attackers,
// the empty throne being the fourth side, and an attacker far away moves:
// the game goes on. Then an attacker that closes a ring does take it.
func TestKingTakenOnlyByTheMove(t *testing.T) {
	copenhagen := Rules{Escape: EscapeCorner, KingArmed: true, Throne: true, Corners: true, KingCapture: KingBy4}
	s := setupRules(t, copenhagen, "/11/11/11/5t5/4t1t4/5K5/11/11/2t8/11/11/ w")
	play(t, s, "f6-f7", "c3-c2")
	if s.Terminal() {
		t.Fatalf("after f6-f7 c3-c2 the game is %s, want it going on (the king was not taken by c3-c2)", game.Status(s))
	}
	// The king on the throne with attackers on three sides: the attacker
	// that moves to the fourth takes it.
	r := setupRules(t, copenhagen, "/11/11/11/11/5t5/4tKt4/9t1/11/11/11/11/ b")
	play(t, r, "j5-f5")
	if got := game.Status(r); got != "over black" {
		t.Errorf("after the attacker closes the ring: %s, want over black", got)
	}
}
