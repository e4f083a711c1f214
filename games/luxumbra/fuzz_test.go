package luxumbra

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// FuzzSetup reads arbitrary position text: it never panics, and a position
// it accepts prints as text that reads back to the same position.
func FuzzSetup(f *testing.F) {
	for _, seed := range []string{
		StartPosition,        // the start
		BalanceStartPosition, // the start under balance=on (refused without it)
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 lS",  // between the two moves of a turn
		"R7/7p/8/8/8/8/2K5/8 w - - 0 1 ls",                            // a king captured with the second move
		"4k3/8/8/8/8/p7/PK6/8 w - - 1 1 Ls",                           // a second die with no move: settles with a pass
		"4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LL",                           // a roll with no move: lost
		"k7/8/8/8/8/8/8/7K w - - 0 1 --",                              // two bare kings: refused
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 --", // castling rights: refused
		"8/8/8/8/8/8/8/8 w - - 0 1 --",                                // no kings: refused
		"", " ", "-- -- --", "\xff",
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, pos string, balance bool) {
		opts := game.Options{"balance": "off"}
		if balance {
			opts["balance"] = "on"
		}
		s, err := Game.Setup(opts, pos)
		if err != nil {
			return
		}
		text := s.Position()
		back, err := Game.Setup(opts, text)
		if err != nil {
			t.Fatalf("Setup(%q) accepted, but its Position %q is refused: %v", pos, text, err)
		}
		if back.Position() != text || back.Player() != s.Player() {
			t.Fatalf("Setup(%q).Position() = %q, player %d; want %q, player %d", text, back.Position(), back.Player(), text, s.Player())
		}
		_ = s.String()
		_ = s.Legal()
	})
}

// FuzzParseAction reads arbitrary action text in a few positions: it never
// panics, and what it accepts is legal and prints back to text that parses
// to the same action.
func FuzzParseAction(f *testing.F) {
	for _, seed := range []string{"LL", "LS", "L", "e2e4", "Nf3", "a7a8q", "pass", "O-O", "", "e2e9", "Qxh7", "\x00"} {
		f.Add(seed)
	}
	var states []*State
	for _, pos := range []string{StartPosition, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1 SS"} {
		s, err := Game.Setup(nil, pos)
		if err != nil {
			f.Fatal(err)
		}
		states = append(states, s.(*State))
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range states {
			a, err := s.ParseAction(text)
			if err != nil {
				continue
			}
			if !s.isLegal(a) {
				t.Fatalf("ParseAction(%q) = %d, not legal at %s", text, a, s.Position())
			}
			if b, err := s.ParseAction(s.ActionString(a)); err != nil || b != a {
				t.Fatalf("ParseAction(%q) = %d, %v; want %d", s.ActionString(a), b, err, a)
			}
		}
	})
}
