package seidr

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// FuzzSetup: any text either fails to set up, or sets up a state whose
// position sets up as itself.
func FuzzSetup(f *testing.F) {
	for _, seed := range []string{
		StartPosition, // the start
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",                   // a FEN alone
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR w - - 1 1 seidr c4",        // in the seiðr
		"1kP5/8/8/8/8/8/7K/8 w - - 1 1 seidr c8",                                  // a pawn carrier on rank 8
		"1k6/8/8/3p4/4B3/8/7K/8 w - - 0 1 steel -",                                // steel, the carrier removed
		"4k3/8/8/3p4/4B3/8/8/3R2K1 w - - 1 1 steel d1",                            // steel with a capture
		"7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 quiet -",                                  // a lost turn at once
		"4R3/8/8/8/8/8/8/5K1N b - - 0 1 quiet -",                                  // a king captured
		"6bk/5Ppp/6PP/8/8/pp6/PPp5/KB6 w - - 0 1 quiet -",                         // no quiet move at all
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 quiet -",        // castling: refused
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 seidr e4",          // empty carrier: refused
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 99999999999 1 quiet -", // huge counter
		"", "garbage", "/////// w",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Game.Setup(nil, text)
		if err != nil {
			return
		}
		pos := s.Position()
		back, err := Game.Setup(nil, pos)
		if err != nil {
			t.Fatalf("Setup(%q) = %v, from Position of Setup(%q)", pos, err, text)
		}
		if got := back.Position(); got != pos {
			t.Fatalf("Setup(%q).Position() = %q", pos, got)
		}
	})
}

// FuzzParseAction: any text is read without a panic, and an action read
// is written back as text that reads as the same action.
func FuzzParseAction(f *testing.F) {
	for _, seed := range []string{
		"c2c4", "c4", "Nf3", "e7e8q", "1", "8", "9", "0", "pass", "O-O", "", "e2", "Qxd7", "exf8=Q",
	} {
		f.Add(seed, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, plies uint8) {
		s, err := Game.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(plies), 7))
		for range int(plies) {
			if s.Terminal() {
				break
			}
			legal := s.Legal()
			s.ApplyUnchecked(legal[rng.IntN(len(legal))])
		}
		a, err := s.ParseAction(text)
		if err != nil {
			return
		}
		back, err := s.ParseAction(s.ActionString(a))
		if err != nil || back != a {
			t.Fatalf("ParseAction(%q) = %v; ParseAction(%q) = %v, %v", text, a, s.ActionString(a), back, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("ParseAction(%q) = %s, but Apply: %v", text, s.ActionString(a), err)
		}
		var _ game.State = s
	})
}
