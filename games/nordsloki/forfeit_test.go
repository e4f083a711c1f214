package nordsloki

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// forfeit calls Forfeit for the player to move, failing the test on error.
func forfeit(t *testing.T, s *State) {
	t.Helper()
	if err := s.Forfeit(s.Player()); err != nil {
		t.Fatalf("Forfeit(%d) at %s: %v", s.Player(), s.Position(), err)
	}
}

func wantPosition(t *testing.T, s *State, want string) {
	t.Helper()
	if got := s.Position(); got != want {
		t.Errorf("Position =\n  %q, want\n  %q", got, want)
	}
	back := setup(t, s.Options(), s.Position())
	if back.Position() != s.Position() || back.Hash() != s.Hash() {
		t.Errorf("Setup(%q) gives %q, hash %x, want hash %x", s.Position(), back.Position(), back.Hash(), s.Hash())
	}
}

var _ game.Forfeiter = (*State)(nil)

func TestForfeitThreePlayers(t *testing.T) {
	// p2 forfeits in the middle of its turn: the step played stands, the
	// end of the turn sinks nothing here, its checkers stay as obstacles
	// (as after a technical defeat, 8.3), and p3 rolls.
	s := setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 move:p2:4-2:-")
	play(t, s, "W5/7")
	hash := s.Hash()
	forfeit(t, s)
	wantPosition(t, s, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K2W,7:W/9W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=10 roll:p3")
	if s.Hash() == hash {
		t.Error("Hash unchanged by the forfeit")
	}
	// The turn order skips p2 from now on: p3 rolls and plays, then p1.
	play(t, s, "6-5-4")
	for s.Player() == 2 {
		s.ApplyUnchecked(s.Legal()[0])
	}
	if s.Player() != game.Chance || s.mover != 0 {
		t.Fatalf("after p3's turn: %s, want p1 to roll", s.Position())
	}
	// p2's lone warrior is hit for good, like a technically defeated
	// player's (8.3), and its ship of two still protects it.
	s = setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K2W,7:W/9W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=10 move:p1:4-3:-")
	if legal := strings.Fields(legalText(s)); !slices.Contains(legal, "W3/7") || slices.Contains(legal, "W1/5") || slices.Contains(legal, "W2/5") {
		t.Errorf("Legal = %q, want W3/7 and neither W1/5 nor W2/5", legal)
	}
	play(t, s, "W3/7")
	if got, want := s.Position(), "p1=1:K3W,2:4W,3:3W,4:W,7:W/-/0/7 p2=5:K2W/10W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=10 move:p1:3:-"; got != want {
		t.Errorf("after W3/7: %q, want %q", got, want)
	}
	// The second forfeit leaves the last player the winner.
	s = setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 move:p3:4-2:-")
	forfeit(t, s)
	wantPosition(t, s, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/out p3=8:2W/K10W/0/out ghosts=- first=p1 turns=9 over:p1:technical")
	wantResult(t, s, "over p1 1", []float64{1, -0.5, -0.5})
}

func TestForfeitTwoPlayers(t *testing.T) {
	s := setup(t, on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 ghosts=- first=p1 turns=9 move:p1:4-2:-")
	forfeit(t, s)
	wantPosition(t, s, "p1=1:K3W,2:4W,3:4W,4:W/-/0/out p2=5:K3W/9W/0/6 ghosts=- first=p1 turns=9 over:p2:technical")
	wantResult(t, s, "over p2 1", []float64{-1, 1})
}

func TestForfeitWithoutKonungs(t *testing.T) {
	s := setup(t, off3, "p1=1:4W,2:4W,3:4W,4:W/-/0/- p2=5:4W/9W/0/- p3=8:2W/11W/0/- ghosts=- first=p1 turns=9 move:p1:4-2:-")
	forfeit(t, s)
	wantPosition(t, s, "p1=1:4W,2:4W,3:4W,4:W/-/0/out p2=5:4W/9W/0/- p3=8:2W/11W/0/- ghosts=- first=p1 turns=10 roll:p2")
}

func TestForfeitInTheDrawWindow(t *testing.T) {
	// p1 has finished; p2, the last of the round, forfeits: the round is
	// over and p1 wins alone, mars, since p3 has borne off nothing (8.1).
	s := setup(t, on3, "p1=-/-/13/7 p2=1:4W,2:4W,3:K3W,4:W/-/0/7 p3=8:2W/K10W/0/7 ghosts=- first=p3 turns=9 move:p2:4-2:-")
	forfeit(t, s)
	if got := s.Position(); got != "p1=-/-/13/7 p2=1:4W,2:4W,3:K3W,4:W/-/0/out p3=8:2W/K10W/0/7 ghosts=- first=p3 turns=10 over:p1:mars" {
		t.Errorf("Position = %q", got)
	}
	wantResult(t, s, "over p1 2", []float64{2, -1, -1})
}

func TestForfeitOutOfTurn(t *testing.T) {
	// p1 resigns while p2 is in the middle of its turn: p1 is out, its
	// checkers stay as obstacles, and p2 plays on with the dice it has.
	s := setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 move:p2:4-2:-")
	play(t, s, "W5/7")
	if err := s.Forfeit(0); err != nil {
		t.Fatalf("Forfeit(0) with p2 to move: %v", err)
	}
	wantPosition(t, s, "p1=1:K3W,2:4W,3:4W,4:W/-/0/out p2=5:K2W,7:W/9W/0/6 p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 move:p2:4:-")
	if s.Player() != 1 {
		t.Errorf("Player = %d after p1 left, want p2 (1) still to move", s.Player())
	}
	// p3 then resigns too, out of turn: p2 is the last one left and wins.
	if err := s.Forfeit(2); err != nil {
		t.Fatalf("Forfeit(2): %v", err)
	}
	wantResult(t, s, "over p2 1", []float64{-0.5, 1, -0.5})

	// The mover forfeits before rolling: the turn passes on.
	s = setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 roll:p2")
	if err := s.Forfeit(1); err != nil {
		t.Fatalf("Forfeit(1) before its roll: %v", err)
	}
	wantPosition(t, s, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=10 roll:p3")

	// With two players the one who resigns out of turn loses at once.
	s = setup(t, on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 ghosts=- first=p1 turns=9 move:p1:4-2:-")
	if err := s.Forfeit(1); err != nil {
		t.Fatalf("Forfeit(1) with p1 to move: %v", err)
	}
	wantResult(t, s, "over p1 1", []float64{1, -1})
}

func TestForfeitErrors(t *testing.T) {
	pos := "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/6 p3=8:2W/K10W/0/out ghosts=- first=p1 turns=9 move:p2:4-2:-"
	// p3 is out already; 3, -1 and Chance are no players of the game.
	for _, p := range []game.Player{2, 3, -1, game.Chance} {
		s := setup(t, on3, pos)
		if err := s.Forfeit(p); err == nil {
			t.Errorf("Forfeit(%d) at %s: no error", p, pos)
		}
		if s.Position() != pos {
			t.Errorf("Forfeit(%d) refused but changed the position to %q", p, s.Position())
		}
	}
	// A player who has borne off everything awaits the end of the round.
	fin := "p1=-/-/13/7 p2=1:4W,2:4W,3:K3W,4:W/-/0/7 p3=8:2W/K10W/0/7 ghosts=- first=p3 turns=9 move:p2:4-2:-"
	s := setup(t, on3, fin)
	if err := s.Forfeit(0); err == nil || s.Position() != fin {
		t.Errorf("Forfeit of a finished player = %v, position %q; want an error and no change", err, s.Position())
	}
	g, _ := Game{}.New(on3)
	if err := g.(*State).Forfeit(0); err == nil {
		t.Error("Forfeit before the first player is drawn: no error")
	}
	s = setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/out p3=8:2W/K10W/0/out ghosts=- first=p1 turns=9 over:p1:technical")
	if err := s.Forfeit(0); !errors.Is(err, game.ErrOver) {
		t.Errorf("Forfeit after the end = %v, want ErrOver", err)
	}
	// A position cannot have a player who is out to play.
	if _, err := (Game{}).Setup(on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/7 p2=5:K3W/9W/0/out p3=8:2W/K10W/0/7 ghosts=- first=p1 turns=9 move:p2:4-2:-"); !errors.Is(err, game.ErrPosition) {
		t.Errorf("Setup with p2 out and to move = %v, want ErrPosition", err)
	}
}
