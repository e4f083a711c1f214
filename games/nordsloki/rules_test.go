package nordsloki

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
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

func TestRule5_1_Gate(t *testing.T) {
	for _, tc := range []struct {
		name, p1, dice, want string
	}{
		{"Att 2 closed while one waits", "1:4W,2:3W,7:W,8:4W/W", "2", "W0/2 W1/3 W2/4"},
		{"Att 2 open with all on the board", "1:4W,2:4W,7:W,8:4W/-", "2", "W1/3 W2/4 W7/9 W8/10"},
		{"Att 3 closed while one is in Att 1", "8:W,14:4W,15:4W,16:4W/-", "2", "W8/10 W14/16"},
		{"no bearing off while one is in Att 2", "16:W,20:4W,21:4W,22:4W/-", "4", "W16/20 W20/24"},
		{"bearing off with all in Att 3", "17:W,20:4W,21:4W,22:4W/-", "4", "W17/21 W20/24 W21/off"},
	} {
		pos := "p1=" + tc.p1 + "/0/- " + P2off + " ghosts=- first=p1 turns=9 move:p1:" + tc.dice + ":-"
		t.Run(tc.name, func(t *testing.T) { wantLegal(t, off2, pos, tc.want) })
	}
}

func TestRule5_2_Freeze(t *testing.T) {
	// (a) Att 2 does not move while a checker waits.
	wantLegal(t, off2, "p1=1:4W,2:4W,10:4W/W/0/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:2:-", "W0/2 W1/3 W2/4")
	// (b) A warrior hit while its player has a checker in Att 3 returns.
	wantAfter(t, off2, "p1=3:W/-/12/- p2=5:W,9:4W,10:3W,18:2W/3W/0/- ghosts=- first=p1 turns=9 move:p1:2:-", []string{"W3/5"},
		"p1=5:W/-/12/- p2=9:4W,10:3W,18:2W/3WR/0/- ghosts=- first=p1 turns=10 roll:p2")
	// ... and Att 3 does not move until it is back there; then it is a
	// warrior again and Att 3 moves.
	s := wantLegal(t, off2, "p1=-/13W/0/- p2=9:4W,10:4W,12:R,18:2W,19:2W/-/0/- ghosts=- first=p1 turns=9 move:p2:6-1:-",
		"W9/10 W9/15 W10/11 W10/16 R12/13 R12/18")
	play(t, s, "R12/18")
	if got, want := s.Position(), "p1=-/13W/0/- p2=9:4W,10:4W,18:3W,19:2W/-/0/- ghosts=- first=p1 turns=9 move:p2:1:-"; got != want {
		t.Errorf("Position() after R12/18 = %q, want %q", got, want)
	}
	if got, want := legalText(s), "W9/10 W10/11 W18/19 W19/20"; got != want {
		t.Errorf("Legal() after R12/18 = %q, want %q", got, want)
	}
	// A field with both kinds offers both.
	wantLegal(t, off2, "p1=-/13W/0/- p2=9:4W,10:3W,12:WR,18:2W,19:2W/-/0/- ghosts=- first=p1 turns=9 move:p2:4:-",
		"W9/13 W10/14 W12/16 R12/16")
	// (c) A killed konung is no returning warrior: it waits as K, and its
	// warriors in Att 3 wait for it.
	wantAfter(t, on2, "p1=1:K4W,2:4W,3:4W/-/0/7 p2=5:K,18:4W,19:4W,20:4W/-/0/7 ghosts=- first=p1 turns=6 move:p1:4:-", []string{"K1/5"},
		"p1=1:4W,2:4W,3:4W,5:K/-/0/7 p2=18:4W,19:4W,20:4W/K/0/6 ghosts=- first=p1 turns=7 roll:p2")
	wantLegal(t, on2, "p1=-/K12W/0/7 p2=18:4W,19:4W,20:4W/K/0/6 ghosts=- first=p1 turns=7 move:p2:2-1:e", "K0/1 K0/2")
}

func TestRule5_3_Konung(t *testing.T) {
	// The konung enters first.
	s, _ := Game{}.New(on2)
	play(t, s, "p1", "6-4-1")
	if got, want := legalText(s), "K0/1 K0/4 K0/6"; got != want {
		t.Errorf("Legal() at the start = %q, want %q", got, want)
	}
	// ... leads into each Att.
	pos := "p1=6:4W,7:4W,8:K4W/-/0/7 " + P2 + " ghosts=- first=p1 turns=9 move:p1:2-1:-"
	s = wantLegal(t, on2, pos, "K8/9 K8/10 W6/7 W6/8 W7/8")
	play(t, s, "K8/10")
	if got, want := legalText(s), "K10/11 W6/7 W7/8 W8/9"; got != want {
		t.Errorf("Legal() after K8/10 = %q, want %q", got, want)
	}
	// Warriors in an Att ahead of the konung wait for it.
	wantLegal(t, on2, "p1=3:K,10:4W,11:4W,12:4W/-/0/5 "+P2+" ghosts=- first=p1 turns=9 move:p1:1:-", "K3/4")
	// A killed konung re-enters before any warrior.
	pos = "p1=1:4W,2:4W,3:4W/K/0/5 p2=5:2W,6:K2W/8W/0/7 ghosts=- first=p1 turns=9 roll:p1"
	s = setup(t, on2, pos)
	play(t, s, "6-5-4")
	if got, want := legalText(s), "K0/4"; got != want {
		t.Errorf("Legal() = %q, want %q", got, want)
	}
	// ... and when it cannot, the turn is lost.
	s = setup(t, on2, "p1=1:4W,2:4W,3:4W/K/0/5 p2=4:2W,5:2W,6:K2W/6W/0/7 ghosts=- first=p1 turns=9 roll:p1")
	play(t, s, "6-5-4")
	if got, want := historyText(s), "6-5-4 pass"; got != want {
		t.Errorf("History() = %q, want %q", got, want)
	}
	if got, want := s.Position(), "p1=1:4W,2:4W,3:4W/K/0/5 p2=4:2W,5:2W,6:K2W/6W/0/7 ghosts=- first=p1 turns=10 roll:p2"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

func TestRule5_3_KonungLeadsIntoAtt3(t *testing.T) {
	// Every checker is in Att 2, so the gate (5.1) lets anyone into Att 3;
	// only the konung may go first. With the konung on 16 no warrior steps
	// to 17 or 18, neither directly nor through 16.
	pos := "p1=14:4W,15:4W,16:K4W/-/0/7 " + P2 + " ghosts=- first=p1 turns=30 move:p1:2-1:-"
	s := wantLegal(t, on2, pos, "K16/17 K16/18 W14/15 W14/16 W15/16")
	for _, text := range []string{"W15/17", "W16/17", "W16/18"} {
		if _, err := s.ParseAction(text); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("ParseAction(%q) with the konung in Att 2 = %v, want ErrIllegal", text, err)
		}
	}
	// Once the konung is in Att 3, warriors follow it there.
	play(t, s, "K16/18")
	if got, want := legalText(s), "K18/19 W14/15 W15/16 W16/17"; got != want {
		t.Errorf("Legal() after K16/18 = %q, want %q", got, want)
	}
	// The same with the konung already in Att 3 at the start of the turn:
	// W15/17 and W16/17, W16/18 are offered.
	wantLegal(t, on2, "p1=14:4W,15:4W,16:4W,17:K/-/0/7 "+P2+" ghosts=- first=p1 turns=30 move:p1:2-1:-",
		"K17/18 K17/19 W14/15 W14/16 W15/16 W15/17 W16/17 W16/18")
	// A konung at the back of Att 2 holds back every warrior whose die
	// would reach Att 3: only the konung moves.
	wantLegal(t, on2, "p1=9:K,14:4W,15:4W,16:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=30 move:p1:3:-",
		"K9/12")
}

func TestRule5_4_KonungBorneOffLast(t *testing.T) {
	pos := "p1=20:K,22:W/-/11/7 " + P2 + " ghosts=- first=p2 turns=99 move:p1:5-3:-"
	s := wantLegal(t, on2, pos, "K20/23 W22/off")
	play(t, s, "W22/off")
	if got, want := legalText(s), "K20/off"; got != want {
		t.Errorf("Legal() after W22/off = %q, want %q", got, want)
	}
	play(t, s, "K20/off")
	if got, want := s.Position(), "p1=-/-/13/7 "+P2+" ghosts=- first=p2 turns=100 over:p1:mars"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

func TestRule6_1_SinkingAtFive(t *testing.T) {
	for _, tc := range []struct{ name, before, step, after string }{
		{"five warriors sink, the ship turns to a ghost",
			"p1=1:K,2:4W,3:W,4:3W,5:4W/-/0/7 " + P2 + " ghosts=-", "W3/5",
			"p1=1:K,2:4W,4:3W/5W/0/7 " + P2 + " ghosts=5"},
		{"a konung among them loses a life",
			"p1=1:4W,2:4W,3:W,5:K3W/-/0/7 " + P2 + " ghosts=-", "W3/5",
			"p1=1:4W,2:4W/K4W/0/6 " + P2 + " ghosts=5"},
		{"a ghost ship that sinks turns upright",
			"p1=1:K,2:4W,3:W,4:3W,5:4W/-/0/7 " + P2 + " ghosts=5,9", "W3/5",
			"p1=1:K,2:4W,4:3W/5W/0/7 " + P2 + " ghosts=9"},
		{"killed warriors return when Att 3 is held",
			"p1=1:K,3:W,4:3W,5:4W,17:4W/-/0/7 " + P2 + " ghosts=-", "W3/5",
			"p1=1:K,4:3W,17:4W/5R/0/7 " + P2 + " ghosts=5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantAfter(t, on2, tc.before+" first=p1 turns=9 move:p1:2:-", []string{tc.step}, tc.after+" first=p1 turns=10 roll:p2")
		})
	}
}

func TestRule6_2_FourCheckerIntermediate(t *testing.T) {
	// 3-5-8 passes over the full ship 5, which does not sink.
	wantAfter(t, on2, "p1=1:K,2:4W,3:W,4:3W,5:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=9 move:p1:3-2:-", []string{"W3/5", "W5/8"},
		"p1=1:K,2:4W,4:3W,5:4W,8:W/-/0/7 "+P2+" ghosts=- first=p1 turns=10 roll:p2")
	// Five on a ship in the middle of a turn do not sink either (6.5).
	wantAfter(t, on2, "p1=1:K,2:4W,3:W,4:3W,5:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=9 move:p1:2-1:-", []string{"W4/5", "W5/7"},
		"p1=1:K,2:4W,3:W,4:2W,5:4W,7:W/-/0/7 "+P2+" ghosts=- first=p1 turns=10 roll:p2")
	// Five at the end of the turn sink.
	wantAfter(t, on2, "p1=1:K,2:4W,3:W,4:3W,5:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=9 move:p1:3-2:-", []string{"W3/5", "W4/7"},
		"p1=1:K,2:4W,4:2W,7:W/5W/0/7 "+P2+" ghosts=5 first=p1 turns=10 roll:p2")
}

func TestRule6_3_LoneCheckerOnGhostShip(t *testing.T) {
	for _, tc := range []struct {
		name, before, dice string
		steps              []string
		after              string
	}{
		{"a lone checker sinks, the ship does not turn",
			"p1=1:K,2:4W,3:W,4:4W,6:3W/-/0/7 " + P2 + " ghosts=5", "2", []string{"W3/5"},
			"p1=1:K,2:4W,4:4W,6:3W/W/0/7 " + P2 + " ghosts=5"},
		{"two are safe",
			"p1=1:K,2:4W,3:W,4:3W,5:W,6:3W/-/0/7 " + P2 + " ghosts=5", "2", []string{"W3/5"},
			"p1=1:K,2:4W,4:3W,5:2W,6:3W/-/0/7 " + P2 + " ghosts=5"},
		{"the one left behind sinks",
			"p1=1:K,2:4W,4:4W,5:2W,6:2W/-/0/7 " + P2 + " ghosts=5", "2", []string{"W5/7"},
			"p1=1:K,2:4W,4:4W,6:2W,7:W/W/0/7 " + P2 + " ghosts=5"},
		{"the intermediate field of a summed move is safe",
			"p1=1:K,2:4W,3:W,4:4W,6:3W/-/0/7 " + P2 + " ghosts=5", "2-1", []string{"W3/5", "W5/6"},
			"p1=1:K,2:4W,4:4W,6:4W/-/0/7 " + P2 + " ghosts=5"},
		{"the opponent's lone checker hit there is gone, the hitter sinks",
			"p1=1:K,2:4W,3:W,4:4W,6:3W/-/0/7 p2=5:K/12W/0/7 ghosts=5", "2", []string{"W3/5"},
			"p1=1:K,2:4W,4:4W,6:3W/W/0/7 p2=-/K12W/0/6 ghosts=5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantAfter(t, on2, tc.before+" first=p1 turns=9 move:p1:"+tc.dice+":-", tc.steps, tc.after+" first=p1 turns=10 roll:p2")
		})
	}
}

func TestRule6_4_SymmetricGhostShip(t *testing.T) {
	// Gebo (7) is symmetric: a lone checker stays; Wunjo (8) is not.
	wantAfter(t, on2, "p1=1:K,2:4W,4:4W,5:2W,6:2W/-/0/7 "+P2+" ghosts=7 first=p1 turns=9 move:p1:2:-", []string{"W5/7"},
		"p1=1:K,2:4W,4:4W,5:W,6:2W,7:W/-/0/7 "+P2+" ghosts=7 first=p1 turns=10 roll:p2")
	wantAfter(t, on2, "p1=1:K,2:4W,4:4W,5:2W,6:2W/-/0/7 "+P2+" ghosts=8 first=p1 turns=9 move:p1:3:-", []string{"W5/8"},
		"p1=1:K,2:4W,4:4W,5:W,6:2W/W/0/7 "+P2+" ghosts=8 first=p1 turns=10 roll:p2")
}

func TestRule6_5_EndOfTurnCheck(t *testing.T) {
	// A lone checker on a ghost ship in the middle of the turn is still
	// there, and only sinks when the turn ends.
	s := setup(t, on2, "p1=1:K,2:4W,3:W,4:4W,6:3W/-/0/7 "+P2+" ghosts=5 first=p1 turns=9 move:p1:2-1:-")
	play(t, s, "W3/5")
	if got, want := s.Position(), "p1=1:K,2:4W,4:4W,5:W,6:3W/-/0/7 "+P2+" ghosts=5 first=p1 turns=9 move:p1:1:-"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	play(t, s, "W2/3")
	if got, want := s.Position(), "p1=1:K,2:3W,3:W,4:4W,6:3W/W/0/7 "+P2+" ghosts=5 first=p1 turns=10 roll:p2"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

func TestRule7_1_Loki(t *testing.T) {
	// Kenaz (6) completes Laguz, Othala, Kenaz and Isa.
	pos := "p1=5:K,7:W,11:4W,21:3W,24:4W/-/0/7 " + P2 + " ghosts=- first=p1 turns=9 move:p1:1:-"
	s := wantLegal(t, on2, pos, "K5/6 W7/8")
	play(t, s, "K5/6")
	if got, want := s.Position(), "p1=6:K,7:W,11:4W,21:3W,24:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=9 over:p1:loki"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	if got, want := game.Status(s), "over p1 1"; got != want {
		t.Errorf("Status() = %q, want %q", got, want)
	}
	if r := s.Result(); r.Reason != "loki" || r.Kind != game.Win {
		t.Errorf("Result() = %+v, want a win by loki", r)
	}
	// The konung must be on the board: here it sinks alone on the ghost
	// ship Raidho at the end of the turn, before LOKI is checked.
	pos = "p1=3:K,5:W,11:4W,21:3W,24:4W/-/0/7 " + P2 + " ghosts=5 first=p1 turns=9 move:p1:2-1:-"
	wantAfter(t, on2, pos, []string{"K3/5", "W5/6"},
		"p1=6:W,11:4W,21:3W,24:4W/K/0/6 "+P2+" ghosts=5 first=p1 turns=10 roll:p2")
	// Upright, the konung stays and LOKI wins.
	pos = "p1=3:K,5:W,11:4W,21:3W,24:4W/-/0/7 " + P2 + " ghosts=- first=p1 turns=9 move:p1:2-1:-"
	wantAfter(t, on2, pos, []string{"K3/5", "W5/6"},
		"p1=5:K,6:W,11:4W,21:3W,24:4W/-/0/7 "+P2+" ghosts=- first=p1 turns=9 over:p1:loki")
}

func TestRule7_2_Odin(t *testing.T) {
	// Naudiz (10) completes Othala, Dagaz, Isa and Naudiz: the checkers on
	// the ghost ships 3 and 15 wait again (no life lost, no warrior
	// returning although p2 holds Att 3) and every ship is upright.
	pos := "p1=9:K,11:4W,23:4W,24:4W/-/0/7 p2=3:2W,15:K2W,18:2W/6W/0/7 ghosts=3,5,15 first=p1 turns=9 move:p1:1:"
	s := wantLegal(t, on2, pos+"-", "K9/10 W11/12")
	play(t, s, "K9/10")
	if got, want := s.Position(), "p1=10:K,11:4W,23:4W,24:4W/-/0/7 p2=18:2W/K10W/0/7 ghosts=- first=p1 turns=10 roll:p2"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
	// Held at the start of the turn: nothing happens.
	wantAfter(t, on2, "p1=9:K,10:W,11:3W,23:4W,24:4W/-/0/7 p2=3:2W,15:K2W,18:2W/6W/0/7 ghosts=3,5,15 first=p1 turns=9 move:p1:1:o",
		[]string{"K9/10"},
		"p1=10:KW,11:3W,23:4W,24:4W/-/0/7 p2=3:2W,15:K2W,18:2W/6W/0/7 ghosts=3,5,15 first=p1 turns=10 roll:p2")
	// The start of the turn is recorded when the dice are rolled.
	s = setup(t, on2, "p1=9:K,10:W,11:3W,23:4W,24:4W/-/0/7 p2=3:2W,15:K2W,18:2W/6W/0/7 ghosts=3,5,15 first=p1 turns=9 roll:p1")
	play(t, s, "1-1-1")
	if got, want := s.Position(), "p1=9:K,10:W,11:3W,23:4W,24:4W/-/0/7 p2=3:2W,15:K2W,18:2W/6W/0/7 ghosts=3,5,15 first=p1 turns=9 move:p1:1-1-1:eo"; got != want {
		t.Errorf("Position() = %q, want %q", got, want)
	}
}

func TestRule7_3_LokiBeforeOdin(t *testing.T) {
	// K9/11 completes both: ODIN would remove the checkers on the ghost
	// ship Laguz and break LOKI, but LOKI comes first.
	pos := "p1=6:3W,9:K,10:3W,21:2W,23:2W,24:2W/-/0/7 " + P2 + " ghosts=21 first=p1 turns=9 move:p1:2:-"
	wantLegal(t, on2, pos, "K9/11 W6/8 W10/12")
	wantAfter(t, on2, pos, []string{"K9/11"},
		"p1=6:3W,10:3W,11:K,21:2W,23:2W,24:2W/-/0/7 "+P2+" ghosts=21 first=p1 turns=9 over:p1:loki")
}

// wantResult checks the status line and the returns of a finished game.
func wantResult(t *testing.T, s game.State, status string, returns []float64) {
	t.Helper()
	if got := game.Status(s); got != status {
		t.Errorf("Status() = %q, want %q (at %s)", got, status, s.Position())
	}
	if got := s.Returns(); !slices.Equal(got, returns) {
		t.Errorf("Returns() = %v, want %v", got, returns)
	}
}

func TestRule8_1_FinishAndDrawWindow(t *testing.T) {
	const finish = "p1=24:W/-/12/- "
	t.Run("two players, both finish: draw", func(t *testing.T) {
		s := wantAfter(t, off2, finish+"p2=23:W/-/12/- ghosts=- first=p1 turns=40 move:p1:1:-", []string{"W24/off"},
			"p1=-/-/13/- p2=23:W/-/12/- ghosts=- first=p1 turns=41 roll:p2")
		play(t, s, "2-2-2", "W23/off")
		if got, want := s.Position(), "p1=-/-/13/- p2=-/-/13/- ghosts=- first=p1 turns=42 over:draw:p1+p2"; got != want {
			t.Errorf("Position() = %q, want %q", got, want)
		}
		wantResult(t, s, "over draw p1 p2", []float64{0, 0})
		if r := s.Result(); r.Kind != game.Draw || !slices.Equal(r.Winners, []game.Player{0, 1}) || r.Reason != "shared finish" {
			t.Errorf("Result() = %+v, want a draw shared by p1 and p2", r)
		}
	})
	t.Run("two players, the second does not finish: oin", func(t *testing.T) {
		s := setup(t, off2, finish+"p2=19:W/-/12/- ghosts=- first=p1 turns=40 move:p1:1:-")
		play(t, s, "W24/off", "1-1-1", "W19/20", "W20/21", "W21/22")
		wantResult(t, s, "over p1 1", []float64{1, -1})
	})
	t.Run("two players, the second has borne off none: mars", func(t *testing.T) {
		s := setup(t, off2, finish+"p2=20:4W,21:4W,22:4W,23:W/-/0/- ghosts=- first=p1 turns=40 move:p1:1:-")
		play(t, s, "W24/off", "1-1-1", "W20/21", "W20/21", "W20/21")
		wantResult(t, s, "over p1 2", []float64{2, -2})
	})
	t.Run("the last of the round wins at once", func(t *testing.T) {
		s := wantAfter(t, off2, finish+"p2=23:W/-/12/- ghosts=- first=p2 turns=41 move:p1:1:-", []string{"W24/off"},
			"p1=-/-/13/- p2=23:W/-/12/- ghosts=- first=p2 turns=42 over:p1:oin")
		wantResult(t, s, "over p1 1", []float64{1, -1})
	})
	t.Run("three players, the third finishes: p1 and p3 share", func(t *testing.T) {
		s := setup(t, off3, finish+"p2=19:W/-/12/- p3=23:W/-/12/- ghosts=- first=p1 turns=60 move:p1:1:-")
		play(t, s, "W24/off", "1-1-1", "W19/20", "W20/21", "W21/22")
		if got, want := s.Position(), "p1=-/-/13/- p2=22:W/-/12/- p3=23:W/-/12/- ghosts=- first=p1 turns=62 roll:p3"; got != want {
			t.Errorf("Position() = %q, want %q", got, want)
		}
		play(t, s, "2-2-2", "W23/off")
		wantResult(t, s, "over draw p1 p3", []float64{0.5, -1, 0.5})
	})
	t.Run("three players, the second finishes: p1 and p2 share", func(t *testing.T) {
		s := setup(t, off3, finish+"p2=23:W/-/12/- p3=17:W/-/12/- ghosts=- first=p1 turns=60 move:p1:1:-")
		play(t, s, "W24/off", "2-2-2", "W23/off", "1-1-1", "W17/18", "W18/19", "W19/20")
		wantResult(t, s, "over draw p1 p2", []float64{0.5, 0.5, -1})
	})
	t.Run("three players, all finish", func(t *testing.T) {
		s := setup(t, off3, finish+"p2=23:W/-/12/- p3=22:W/-/12/- ghosts=- first=p1 turns=60 move:p1:1:-")
		play(t, s, "W24/off", "2-2-2", "W23/off", "3-3-3", "W22/off")
		wantResult(t, s, "over draw p1 p2 p3", []float64{0, 0, 0})
	})
	t.Run("three players, nobody else finishes", func(t *testing.T) {
		s := setup(t, off3, "p1=18:W/-/12/- p2=24:W/-/12/- p3=17:W/-/12/- ghosts=- first=p1 turns=60 move:p2:1:-")
		play(t, s, "W24/off", "1-1-1", "W17/18")
		// p3 hit p1's lone warrior on 18 on the way; p2 wins, p1 and p3
		// have borne off checkers: oin.
		play(t, s, "W18/19", "W19/20")
		wantResult(t, s, "over p2 1", []float64{-0.5, 1, -0.5})
	})
}

// TestRule8_1_MarsThreePlayers: with three players a lone finisher wins
// mars if some opponent has borne off none, oin if both have borne off at
// least one [ruling for three players].
func TestRule8_1_MarsThreePlayers(t *testing.T) {
	// Opponents that cannot finish in the window: "none" has 0 off and a
	// checker in Att 2 (no bearing off, 5.1); "one" has 1 off and the same
	// hold; "some" has 11 off and two checkers on 17. With 1-1-1 each
	// plays its three dice without bearing off.
	const (
		none    = "16:W,20:4W,21:4W,22:4W/-/0/-"
		one     = "16:W,20:4W,21:4W,22:3W/-/1/-"
		some    = "17:2W/-/11/-"
		fin     = "24:W/-/12/-"
		noneWin = "1-1-1 W22/23 W23/24 W22/23" // for none and one
		someWin = "1-1-1 W17/18 W18/19 W17/18"
	)
	for _, tc := range []struct {
		name       string
		p1, p2, p3 string
		first      string // first player of the round
		mover      string
		play       string // the finishing step, then the rest of the round
		status     string
		reason     string
		points     float64
		returns    []float64
	}{
		{"p1 first, p2 none, p3 some: mars", fin, none, some, "p1", "p1",
			"W24/off " + noneWin + " " + someWin, "over p1 2", "mars", 2, []float64{2, -1, -1}},
		{"p1 first, p2 some, p3 none: mars", fin, some, none, "p1", "p1",
			"W24/off " + someWin + " " + noneWin, "over p1 2", "mars", 2, []float64{2, -1, -1}},
		{"p1 first, p2 some, p3 one: oin", fin, some, one, "p1", "p1",
			"W24/off " + someWin + " " + noneWin, "over p1 1", "oin", 1, []float64{1, -0.5, -0.5}},
		{"p1 first, p2 one, p3 some: oin", fin, one, some, "p1", "p1",
			"W24/off " + noneWin + " " + someWin, "over p1 1", "oin", 1, []float64{1, -0.5, -0.5}},
		// p2 finishes in the middle of the round, p3 plays the window.
		{"p2 finishes, p1 none, p3 some: mars", none, fin, some, "p1", "p2",
			"W24/off " + someWin, "over p2 2", "mars", 2, []float64{-1, 2, -1}},
		{"p2 finishes, p1 one, p3 some: oin", one, fin, some, "p1", "p2",
			"W24/off " + someWin, "over p2 1", "oin", 1, []float64{-0.5, 1, -0.5}},
		// p1 is the last of the round (p2, p3, p1): it wins at once.
		{"p1 last of the round, p2 some, p3 none: mars", fin, some, none, "p2", "p1",
			"W24/off", "over p1 2", "mars", 2, []float64{2, -1, -1}},
		{"p1 last of the round, p2 some, p3 one: oin", fin, some, one, "p2", "p1",
			"W24/off", "over p1 1", "oin", 1, []float64{1, -0.5, -0.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos := "p1=" + tc.p1 + " p2=" + tc.p2 + " p3=" + tc.p3 + " ghosts=- first=" + tc.first +
				" turns=60 move:" + tc.mover + ":1:-"
			s := setup(t, off3, pos)
			play(t, s, strings.Fields(tc.play)...)
			wantResult(t, s, tc.status, tc.returns)
			r := s.Result()
			winner := game.Player(slices.Index(s.Players(), tc.mover))
			if r.Kind != game.Win || !slices.Equal(r.Winners, []game.Player{winner}) || r.Points != tc.points || r.Reason != tc.reason {
				t.Errorf("Result() = %+v, want a win of %s, %v points, %q", r, tc.mover, tc.points, tc.reason)
			}
		})
	}
}

func TestRule8_2_LokiOnlyBeforeAFinish(t *testing.T) {
	// Without a finisher LOKI wins (konungs off: any of the four ships).
	wantAfter(t, off2, "p1=5:W,11:4W,21:4W,24:4W/-/0/- "+P2off+" ghosts=- first=p1 turns=40 move:p1:1:-", []string{"W5/6"},
		"p1=6:W,11:4W,21:4W,24:4W/-/0/- "+P2off+" ghosts=- first=p1 turns=40 over:p1:loki")
	// In the draw window it does not: p1 has finished and wins mars.
	pos := "p1=-/-/13/- p2=5:W,11:4W,21:4W,24:4W/-/0/- ghosts=- first=p1 turns=40 move:p2:1:-"
	s := wantLegal(t, off2, pos, "W5/6 W11/12 W21/22")
	play(t, s, "W5/6")
	wantResult(t, s, "over p1 2", []float64{2, -2})
}

func TestRule8_3_TechnicalDefeat(t *testing.T) {
	// Three players: p3 leaves, its checkers stay where they stand.
	wantAfter(t, on3, "p1=1:K4W,2:4W,3:4W/-/0/7 p2=-/K12W/0/7 p3=5:K,8:2W,12:W/9W/0/1 ghosts=- first=p1 turns=9 move:p1:4:-",
		[]string{"K1/5"},
		"p1=1:4W,2:4W,3:4W,5:K/-/0/7 p2=-/K12W/0/7 p3=8:2W,12:W/K9W/0/0 ghosts=- first=p1 turns=10 roll:p2")
	// Two of them still protect their ship; a lone one is hit for good;
	// the turn goes past p3.
	pos := "p1=-/K12W/0/7 p2=2:4W,6:4W,10:K3W,11:W/-/0/7 p3=8:2W,12:W/K9W/0/0 ghosts=- first=p1 turns=10 move:p2:6:-"
	wantLegal(t, on3, pos, "K10/16 W6/12 W10/16")
	wantAfter(t, on3, pos, []string{"W6/12"},
		"p1=-/K12W/0/7 p2=2:4W,6:3W,10:K3W,11:W,12:W/-/0/7 p3=8:2W/K10W/0/0 ghosts=- first=p1 turns=11 roll:p1")
	// A lone checker of p3 left on a ghost ship sinks for good at the end of a turn.
	wantAfter(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=-/K12W/0/7 p3=5:W,8:2W/K9W/0/0 ghosts=5 first=p1 turns=9 move:p1:1:-",
		[]string{"W3/4"},
		"p1=1:K3W,2:4W,3:3W,4:2W/-/0/7 p2=-/K12W/0/7 p3=8:2W/K10W/0/0 ghosts=5 first=p1 turns=10 roll:p2")
	// The second defeat leaves the last player the winner.
	s := wantAfter(t, on3, "p1=1:K4W,2:4W,3:4W/-/0/7 p2=5:K/12W/0/1 p3=8:2W/K10W/0/0 ghosts=- first=p1 turns=9 move:p1:4:-",
		[]string{"K1/5"},
		"p1=1:4W,2:4W,3:4W,5:K/-/0/7 p2=-/K12W/0/0 p3=8:2W/K10W/0/0 ghosts=- first=p1 turns=9 over:p1:technical")
	wantResult(t, s, "over p1 1", []float64{1, -0.5, -0.5})
	// In the draw window a technical defeat only removes the player: the
	// finisher wins by the window, here mars.
	s = wantAfter(t, on2, "p1=-/-/13/7 p2=1:4W,2:4W,3:W,5:K3W/-/0/1 ghosts=- first=p1 turns=9 move:p2:2:-", []string{"W3/5"},
		"p1=-/-/13/7 p2=1:4W,2:4W/K4W/0/0 ghosts=5 first=p1 turns=10 over:p1:mars")
	wantResult(t, s, "over p1 2", []float64{2, -2})
	// A konung's seventh death by sinking counts the same: with two
	// players the opponent wins.
	s = wantAfter(t, on2, "p1=1:4W,2:4W,3:W,5:K3W/-/0/1 "+P2+" ghosts=- first=p1 turns=9 move:p1:2:-", []string{"W3/5"},
		"p1=1:4W,2:4W/K4W/0/0 "+P2+" ghosts=5 first=p1 turns=9 over:p2:technical")
	wantResult(t, s, "over p2 1", []float64{-1, 1})
}

func TestRule8_4_WithoutKonungs(t *testing.T) {
	// Any warrior enters first.
	s, _ := Game{}.New(off2)
	play(t, s, "p1", "6-4-1")
	if got, want := legalText(s), "W0/1 W0/4 W0/6"; got != want {
		t.Errorf("Legal() = %q, want %q", got, want)
	}
	if _, err := s.ParseAction("K0/1"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(K0/1) = %v, want ErrIllegal", err)
	}
	// Any warrior leads into the next Att.
	wantLegal(t, off2, "p1=5:W,6:4W,7:4W,8:4W/-/0/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:2:-", "W5/7 W6/8 W7/9 W8/10")
	// Any checker is borne off last, and the rearmost rule still holds.
	wantLegal(t, off2, "p1=20:W,22:W/-/11/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:5-3:-", "W20/23 W20/off W22/off")
	// No lives, no konung in the notation.
	for _, bad := range []string{
		"p1=-/K12W/0/- " + P2off + " ghosts=- first=- turns=0 roll:first",
		"p1=-/13W/0/7 " + P2off + " ghosts=- first=- turns=0 roll:first",
	} {
		if _, err := (Game{}).Setup(off2, bad); !errors.Is(err, game.ErrPosition) {
			t.Errorf("Setup(konungs=off, %q) = %v, want ErrPosition", bad, err)
		}
	}
	// Sinking kills, but no life is lost and the game goes on.
	wantAfter(t, off2, "p1=1:4W,2:4W,3:W,5:4W/-/0/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:2:-", []string{"W3/5"},
		"p1=1:4W,2:4W/5W/0/- "+P2off+" ghosts=5 first=p1 turns=10 roll:p2")
}

func TestRule8_5_MaxTurns(t *testing.T) {
	opts := game.Options{"konungs": "off", "max-turns": "10"}
	wantAfter(t, opts, "p1=1:W/12W/0/- "+P2off+" ghosts=- first=p1 turns=8 move:p1:1:-", []string{"W1/2"},
		"p1=2:W/12W/0/- "+P2off+" ghosts=- first=p1 turns=9 roll:p2")
	s := wantAfter(t, opts, "p1=1:W/12W/0/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:1:-", []string{"W1/2"},
		"p1=2:W/12W/0/- "+P2off+" ghosts=- first=p1 turns=10 over:unfinished")
	wantResult(t, s, "over unfinished", []float64{0, 0})
	// The limit also cuts a draw window short.
	s = wantAfter(t, opts, "p1=24:W/-/12/- p2=23:W/-/12/- ghosts=- first=p1 turns=9 move:p1:1:-", []string{"W24/off"},
		"p1=-/-/13/- p2=23:W/-/12/- ghosts=- first=p1 turns=10 over:unfinished")
	wantResult(t, s, "over unfinished", []float64{0, 0})
	if r := s.Result(); r.Kind != game.Unfinished {
		t.Errorf("Result() = %+v, want Unfinished", r)
	}
}

func TestRule9_ActionNotation(t *testing.T) {
	for _, tc := range []struct {
		text string
		st   step
	}{
		{"W0/3", step{warrior, 0, 3}},
		{"K5/9", step{konung, 5, 4}},
		{"R10/16", step{returning, 10, 6}},
		{"W22/off", step{warrior, 22, 3}},
		{"W22/off:5", step{warrior, 22, 5}},
		{"K20/off:6", step{konung, 20, 6}},
	} {
		a, loose, err := parseAction(tc.text)
		if err != nil || decodeStep(a) != tc.st {
			t.Errorf("parseAction(%q) = %+v, %v, want %+v", tc.text, decodeStep(a), err, tc.st)
		}
		if loose != (tc.text == "W22/off") {
			t.Errorf("parseAction(%q) loose = %v", tc.text, loose)
		}
		if got := stepString(tc.st); got != tc.text {
			t.Errorf("stepString(%+v) = %q, want %q", tc.st, got, tc.text)
		}
	}
	for _, bad := range []string{"", "W", "W3", "W3-5", "X0/3", "w0/3", "W0/7", "W3/3", "W5/2", "W03/5", "W25/off",
		"W18/off", "W22/off:3", "W22/off:7", "W22/off:", "W22/27", "7-7-7", "1-2", "0-1-2", "p4", "pass pass"} {
		if _, _, err := parseAction(bad); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("parseAction(%q) = %v, want ErrSyntax", bad, err)
		}
	}
	// W22/off names the larger die when it is the only way off.
	s := setup(t, off2, "p1=22:W,23:W/-/11/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:6-5:-")
	if got, want := legalText(s), "W22/off:5 W22/off:6"; got != want {
		t.Fatalf("Legal() = %q, want %q", got, want)
	}
	if _, err := s.ParseAction("W22/off"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseAction(W22/off) with two larger dice = %v, want ErrIllegal (ambiguous)", err)
	}
	s = setup(t, off2, "p1=22:W,23:W/-/11/- "+P2off+" ghosts=- first=p1 turns=9 move:p1:6:-")
	if a, err := s.ParseAction("W22/off"); err != nil || s.ActionString(a) != "W22/off:6" {
		t.Errorf("ParseAction(W22/off) = %s, %v, want W22/off:6", s.ActionString(a), err)
	}
	if got := s.ActionString(actPass); got != "pass" {
		t.Errorf("ActionString(pass) = %q", got)
	}
}

func TestRule9_PositionErrors(t *testing.T) {
	const good = "p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 roll:p2"
	if _, err := (Game{}).Setup(on2, good); err != nil {
		t.Fatalf("Setup(%q) = %v", good, err)
	}
	for _, tc := range []struct{ pos, msg string }{
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3", "5 words, want 6"},
		{"p1=1:K,1:4W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 roll:p2", "field 1 out of order"},
		{"p1=1:K,2:4W/8W/0/7 p2=2:W/K11W/0/7 ghosts=- first=p1 turns=3 roll:p2", "field 2 holds checkers of p1 and p2"},
		{"p1=1:K,2:WK/11W/0/7 " + P2 + " ghosts=- first=p1 turns=3 roll:p2", "kinds go K, W, R"},
		{"p1=1:K,2:4W/8W/0/8 " + P2 + " ghosts=- first=p1 turns=3 roll:p2", "lives \"8\""},
		{"p1=1:K,3:3W,2:W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 roll:p2", "field 2 out of order"},
		{"p1=1:K,2:3W,17:R/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 roll:p2", "returning warrior on field 17"},
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=25 first=p1 turns=3 roll:p2", "ghosts"},
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=- turns=3 roll:p2", "first=-"},
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 move:p1:4-5:e", "descending"},
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=p1 turns=3 move:p1:5:x", "flags"},
		{"p1=1:K,2:4W/8W/0/7 p2=-/K12W/0/0 ghosts=- first=p1 turns=3 roll:p2", "is out of the game"},
		{"p1=1:K,2:4W/8W/0/7 " + P2 + " ghosts=- first=p3 turns=3 roll:p2", "not a player"},
	} {
		_, err := Game{}.Setup(on2, tc.pos)
		if !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Setup(%q) = %v, want ErrPosition mentioning %q", tc.pos, err, tc.msg)
		}
	}
}
