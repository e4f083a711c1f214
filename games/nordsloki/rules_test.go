package nordsloki

import (
	"errors"
	"math"
	"slices"
	"testing"

	"norns/game"
)

// Positions in these tests are written in the notation of the package
// documentation. P2 and P2off park the second player with every checker
// waiting.
const (
	P2    = "p2=-/K12W/0/7"
	P2off = "p2=-/13W/0/-"
)

func TestRule1_1_TrackClockwise(t *testing.T) {
	// Every step goes from a field to the field die-many further on.
	wantLegal(t, on2, "p1=1:K4W,2:4W,3:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=4 move:p1:1:-",
		"K1/2 W1/2 W2/3 W3/4")
	// From Att 3 the track leads off the board.
	wantLegal(t, off2, "p1=20:4W,21:4W,22:4W,23:W/-/0/- "+P2off+" ghosts=- first=p1 turns=4 move:p1:2:-",
		"W20/22 W21/23 W22/24 W23/off")
}

func TestRule1_2_RuneOrder(t *testing.T) {
	for _, tc := range []struct {
		field int
		want  string
	}{{1, "Fehu"}, {3, "Thurisaz"}, {4, "Ansuz"}, {6, "Kenaz"}, {7, "Gebo"}, {10, "Naudiz"},
		{11, "Isa"}, {16, "Sowilo"}, {17, "Tiwaz"}, {21, "Laguz"}, {23, "Dagaz"}, {24, "Othala"}} {
		if got := runes[tc.field]; got != tc.want {
			t.Errorf("runes[%d] = %q, want %q", tc.field, got, tc.want)
		}
	}
	if kenaz != 6 || naudiz != 10 || isa != 11 || laguz != 21 || dagaz != 23 || othala != 24 {
		t.Errorf("combination ships = %d %d %d %d %d %d, want 6 10 11 21 23 24", kenaz, naudiz, isa, laguz, dagaz, othala)
	}
}

func TestRule1_3_GhostShips(t *testing.T) {
	sym := map[string]bool{"Gebo": true, "Hagalaz": true, "Naudiz": true, "Isa": true, "Jera": true,
		"Eihwaz": true, "Sowilo": true, "Ingwaz": true, "Dagaz": true}
	for f := 1; f <= fields; f++ {
		if got := symmetric&(1<<f) != 0; got != sym[runes[f]] {
			t.Errorf("symmetric(%d %s) = %v, want %v", f, runes[f], got, sym[runes[f]])
		}
	}
	s, _ := Game{}.New(on2)
	if got := s.(*State).ghost; got != 0 {
		t.Errorf("New().ghost = %b, want every ship upright", got)
	}
}

func TestRule1_4_ThirteenCheckers(t *testing.T) {
	for _, tc := range []struct {
		opts game.Options
		want string
	}{
		{on2, "p1=-/K12W/0/7 p2=-/K12W/0/7 ghosts=- first=- turns=0 roll:first"},
		{off2, "p1=-/13W/0/- p2=-/13W/0/- ghosts=- first=- turns=0 roll:first"},
		{on3, "p1=-/K12W/0/7 p2=-/K12W/0/7 p3=-/K12W/0/7 ghosts=- first=- turns=0 roll:first"},
	} {
		s, err := Game{}.New(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Position(); got != tc.want {
			t.Errorf("New(%v).Position() = %q, want %q", tc.opts, got, tc.want)
		}
	}
	for _, bad := range []string{
		"p1=-/K11W/0/7 " + P2 + " ghosts=- first=- turns=0 roll:first",
		"p1=1:K,2:W/K11W/0/7 " + P2 + " ghosts=- first=p1 turns=0 roll:p1",
		"p1=-/13W/0/7 " + P2 + " ghosts=- first=- turns=0 roll:first",
	} {
		if _, err := (Game{}).Setup(on2, bad); !errors.Is(err, game.ErrPosition) {
			t.Errorf("Setup(%q) = %v, want ErrPosition", bad, err)
		}
	}
}

func TestRule2_1_FirstPlayerAndSeatOrder(t *testing.T) {
	s, _ := Game{}.New(on3)
	outs := s.ChanceOutcomes()
	if len(outs) != 3 {
		t.Fatalf("ChanceOutcomes() = %v, want 3", outs)
	}
	for i, o := range outs {
		if s.ActionString(o.Action) != seatNames[i] || math.Abs(o.Prob-1.0/3) > 1e-12 {
			t.Errorf("outcome %d = %s %v, want %s 1/3", i, s.ActionString(o.Action), o.Prob, seatNames[i])
		}
	}
	play(t, s, "p2")
	if got, want := s.Position(), "p1=-/K12W/0/7 p2=-/K12W/0/7 p3=-/K12W/0/7 ghosts=- first=p2 turns=0 roll:p2"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	// Turns go in seat order: p2, p3, then round to p1.
	wantAfter(t, off3, "p1=-/13W/0/- p2=-/13W/0/- p3=-/13W/0/- ghosts=- first=p2 turns=0 move:p2:3:e", []string{"W0/3"},
		"p1=-/13W/0/- p2=3:W/12W/0/- p3=-/13W/0/- ghosts=- first=p2 turns=1 roll:p3")
	wantAfter(t, off3, "p1=-/13W/0/- p2=3:W/12W/0/- p3=-/13W/0/- ghosts=- first=p2 turns=1 move:p3:4:e", []string{"W0/4"},
		"p1=-/13W/0/- p2=3:W/12W/0/- p3=4:W/12W/0/- ghosts=- first=p2 turns=2 roll:p1")
}

func TestRule2_2_ThreeDice(t *testing.T) {
	s, _ := Game{}.New(on2)
	play(t, s, "p1")
	outs := s.ChanceOutcomes()
	if len(outs) != 56 {
		t.Fatalf("len(ChanceOutcomes()) = %d, want 56", len(outs))
	}
	prob := map[string]float64{}
	sum := 0.0
	for _, o := range outs {
		prob[s.ActionString(o.Action)] = o.Prob
		sum += o.Prob
	}
	for roll, want := range map[string]float64{"6-4-1": 6.0 / 216, "6-6-1": 3.0 / 216, "6-1-1": 3.0 / 216, "6-6-6": 1.0 / 216, "3-2-1": 6.0 / 216} {
		if math.Abs(prob[roll]-want) > 1e-12 {
			t.Errorf("P(%s) = %v, want %v", roll, prob[roll], want)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("sum of probabilities = %v, want 1", sum)
	}
	a, err := s.ParseAction("1-4-6")
	if err != nil || s.ActionString(a) != "6-4-1" {
		t.Errorf("ParseAction(%q) = %s, %v, want 6-4-1", "1-4-6", s.ActionString(a), err)
	}
	play(t, s, "4-1-6")
	if got, want := s.Position(), "p1=-/K12W/0/7 "+P2+" ghosts=- first=p1 turns=0 move:p1:6-4-1:e"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

func TestRule2_3_EnterAndSummedMoves(t *testing.T) {
	// Entering with die d puts the checker on field d.
	s, _ := Game{}.New(off2)
	play(t, s, "p1", "6-4-1")
	if got, want := legalText(s), "W0/1 W0/4 W0/6"; got != want {
		t.Errorf("Legal() = %q, want %q", got, want)
	}
	// Several dice may move one checker, in either order.
	pos := "p1=1:K,2:4W,3:4W,4:4W/-/0/7 " + P2 + " ghosts=- first=p1 turns=4 move:p1:3-1:-"
	wantLegal(t, on2, pos, "K1/2 K1/4 W2/3 W2/5 W3/4 W3/6 W4/5 W4/7")
	after := "p1=2:4W,3:4W,4:4W,5:K/-/0/7 " + P2 + " ghosts=- first=p1 turns=5 roll:p2"
	wantAfter(t, on2, pos, []string{"K1/2", "K2/5"}, after)
	wantAfter(t, on2, pos, []string{"K1/4", "K4/5"}, after)
}

func TestRule2_4_BearingOff(t *testing.T) {
	for _, tc := range []struct{ dice, want string }{
		{"5", "W20/off"},        // exact
		{"6", "W20/off:6"},      // larger die: only the rearmost checker
		{"3", "W20/23 W22/off"}, // exact from 22
		{"4", "W20/24"},         // 22 is not the rearmost
	} {
		pos := "p1=20:W,22:2W/-/10/- " + P2off + " ghosts=- first=p1 turns=9 move:p1:" + tc.dice + ":-"
		wantLegal(t, off2, pos, tc.want)
	}
}

func TestRule3_1_StepUsesOneDie(t *testing.T) {
	s, _ := Game{}.New(on2)
	play(t, s, "p1", "6-4-1", "K0/6")
	if got, want := s.Position(), "p1=6:K/12W/0/7 "+P2+" ghosts=- first=p1 turns=0 move:p1:4-1:-"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

// pos32 lets W10/12 use both dice, while W20/22 would leave the 6 unusable.
const pos32 = "p1=10:W,20:W/-/11/- p2=16:2W/11W/0/- ghosts=- first=p1 turns=9 move:p1:6-2:-"

func TestRule3_2_MostDice(t *testing.T) {
	s := wantLegal(t, off2, pos32, "W10/12")
	play(t, s, "W10/12")
	if got := legalText(s); got != "W12/18" {
		t.Errorf("Legal() after W10/12 = %q, want %q", got, "W12/18")
	}
	// A die that cannot be used is lost: the turn ends after one step.
	wantAfter(t, off2, "p1=10:W,20:W/-/11/- p2=16:2W,18:2W/9W/0/- ghosts=- first=p1 turns=9 move:p1:6-2:-", []string{"W10/12"},
		"p1=12:W,20:W/-/11/- p2=16:2W,18:2W/9W/0/- ghosts=- first=p1 turns=10 roll:p2")
	// No usable die: the turn passes by itself.
	s = setup(t, off2, "p1=10:W,20:W/-/11/- p2=12:2W,16:2W,22:2W/7W/0/- ghosts=- first=p1 turns=9 roll:p1")
	play(t, s, "6-6-2")
	if got, want := historyText(s), "6-6-2 pass"; got != want {
		t.Errorf("History() = %q, want %q", got, want)
	}
	if got, want := game.Status(s), "chance"; got != want {
		t.Errorf("Status() = %q, want %q", got, want)
	}
	if err := s.Undo(); err != nil || historyText(s) != "" {
		t.Errorf("Undo() = %v, history %q, want the roll and the pass taken back", err, historyText(s))
	}
}

func TestRule3_3_MustEnter(t *testing.T) {
	// Only the 4 enters (5 and 6 are protected): W3/7 would use the 4
	// without entering, so it is not offered.
	pos := "p1=1:4W,2:4W,3:4W/W/0/- p2=5:2W,6:2W/9W/0/- ghosts=- first=p1 turns=9 move:p1:6-5-4:e"
	s := wantLegal(t, off2, pos, "W0/4 W1/7 W2/7 W2/8 W3/8")
	// Once a checker has entered, the rest is free.
	play(t, s, "W0/4")
	if got, want := legalText(s), "W1/7 W2/7 W2/8 W3/8 W3/9 W4/9 W4/10"; got != want {
		t.Errorf("Legal() after W0/4 = %q, want %q", got, want)
	}
	// Using the most dice comes first: W0/2 would leave the 5 unusable,
	// W1/3 W3/8 uses both dice, so nothing enters.
	wantLegal(t, off2, "p1=1:4W,13:4W,14:4W/W/0/- p2=5:2W,6:2W,7:2W/7W/0/- ghosts=- first=p1 turns=9 move:p1:5-2:e", "W1/3")
}

func TestRule3_4_NoShorterSequence(t *testing.T) {
	s := setup(t, off2, pos32)
	a, err := parseStep("W20/22")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Apply(W20/22) = %v, want ErrIllegal", err)
	}
	if _, err := s.ParseAction("W20/22"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(W20/22) = %v, want ErrIllegal", err)
	}
}

func parseStep(text string) (game.Action, error) {
	a, _, err := parseAction(text)
	return a, err
}

func TestRule4_1_ProtectedFieldBlocks(t *testing.T) {
	// 4 (end of a 3) and 3 (end of a 2) are protected: the summed move
	// to 6 has no free intermediate field, and the turn passes.
	s := setup(t, off2, "p1=1:W/-/12/- p2=3:2W,4:2W/9W/0/- ghosts=- first=p1 turns=6 move:p1:3-2:-")
	if got, want := s.Position(), "p1=1:W/-/12/- p2=3:2W,4:2W/9W/0/- ghosts=- first=p1 turns=7 roll:p2"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	if got := historyText(s); got != "pass" {
		t.Errorf("History() = %q, want pass", got)
	}
	// Only 4 protected: the 6 is reached through 3.
	s = wantLegal(t, off2, "p1=1:W/-/12/- p2=4:2W/11W/0/- ghosts=- first=p1 turns=6 move:p1:3-2:-", "W1/3")
	play(t, s, "W1/3")
	if got := legalText(s); got != "W3/6" {
		t.Errorf("Legal() after W1/3 = %q, want W3/6", got)
	}
	// Only 3 protected: through 4.
	wantLegal(t, off2, "p1=1:W/-/12/- p2=3:2W/11W/0/- ghosts=- first=p1 turns=6 move:p1:3-2:-", "W1/4")
}

func TestRule4_2_HitOnFinalAndIntermediateField(t *testing.T) {
	pos := "p1=1:W/-/12/- p2=4:W,6:W/11W/0/- ghosts=- first=p1 turns=6 move:p1:3-2:-"
	s := wantLegal(t, off2, pos, "W1/3 W1/4")
	// Intermediate field of the summed move 1-4-6.
	play(t, s, "W1/4")
	if got, want := s.Position(), "p1=4:W/-/12/- p2=6:W/12W/0/- ghosts=- first=p1 turns=6 move:p1:2:-"; got != want {
		t.Errorf("Position() after W1/4 = %q, want %q", got, want)
	}
	// Final field.
	play(t, s, "W4/6")
	if got, want := s.Position(), "p1=6:W/-/12/- p2=-/13W/0/- ghosts=- first=p1 turns=7 roll:p2"; got != want {
		t.Errorf("Position() after W4/6 = %q, want %q", got, want)
	}
}

func TestRule4_3_KonungLives(t *testing.T) {
	pos := "p1=1:K4W,2:4W,3:4W/-/0/7 p2=5:K/12W/0/3 ghosts=- first=p1 turns=6 move:p1:4:-"
	wantLegal(t, on2, pos, "K1/5 W1/5 W2/6 W3/7")
	wantAfter(t, on2, pos, []string{"K1/5"}, "p1=1:4W,2:4W,3:4W,5:K/-/0/7 p2=-/K12W/0/2 ghosts=- first=p1 turns=7 roll:p2")
	// The seventh death is a technical defeat: the opponent wins.
	s := wantAfter(t, on2, "p1=1:K4W,2:4W,3:4W/-/0/7 p2=5:K/12W/0/1 ghosts=- first=p1 turns=6 move:p1:4:-", []string{"W1/5"},
		"p1=1:K3W,2:4W,3:4W,5:W/-/0/7 p2=-/K12W/0/0 ghosts=- first=p1 turns=6 over:p1:technical")
	if got := game.Status(s); got != "over p1 1" {
		t.Errorf("Status() = %q, want %q", got, "over p1 1")
	}
	if r := s.Result(); r.Reason != "technical defeat" || r.Points != 1 {
		t.Errorf("Result() = %+v, want technical defeat, 1 point", r)
	}
	if got := s.Returns(); !slices.Equal(got, []float64{1, -1}) {
		t.Errorf("Returns() = %v, want [1 -1]", got)
	}
}
