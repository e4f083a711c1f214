package nordsloki

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

// FuzzPosition checks that the position parser never panics, that every
// error it returns wraps game.ErrPosition, and that every position it
// accepts prints back to text that parses to the same position.
func FuzzPosition(f *testing.F) {
	// The start, for each rule set.
	f.Add(true, false, "p1=-/K12W/0/7 p2=-/K12W/0/7 ghosts=- first=- turns=0 roll:first")
	f.Add(false, true, "p1=-/13W/0/- p2=-/13W/0/- p3=-/13W/0/- ghosts=- first=- turns=0 roll:first")
	// A turn in progress with ghost ships, returning warriors and flags.
	f.Add(false, false, "p1=1:4W,2:4W,10:4W/W/0/- p2=9:4W,10:3W,18:2W/3WR/0/- ghosts=5,7 first=p2 turns=9 move:p1:6-5-4:eo")
	f.Add(true, false, "p1=20:K,22:W/-/11/7 p2=-/K12W/0/7 ghosts=- first=p2 turns=99 move:p1:5-3:-")
	// An eliminated player and finished games.
	f.Add(true, true, "p1=1:4W,2:4W,3:4W,5:K/-/0/7 p2=-/K12W/0/7 p3=8:2W,12:W/K9W/0/0 ghosts=- first=p1 turns=10 roll:p2")
	f.Add(false, false, "p1=-/-/13/- p2=-/-/13/- ghosts=- first=p1 turns=42 over:draw:p1+p2")
	f.Add(true, false, "p1=6:K,7:W,11:4W,21:3W,24:4W/-/0/7 p2=-/K12W/0/7 ghosts=- first=p1 turns=9 over:p1:loki")
	// Malformed.
	f.Add(true, false, "p1=1:2K/11W/0/7 p2=-/K12W/0/7 ghosts=- first=- turns=0 roll:first")
	f.Add(true, false, "p1=-/K12W/0/7 p2=-/K12W/0/7 ghosts=0 first=- turns=0 roll:first")
	f.Add(false, false, "p1=-/13W/0/- p2=-/13W/0/-")
	f.Add(true, true, "")
	f.Fuzz(func(t *testing.T, konungs, three bool, text string) {
		opts := game.Options{"konungs": "off", "players": "2"}
		if konungs {
			opts["konungs"] = "on"
		}
		if three {
			opts["players"] = "3"
		}
		s, err := Game{}.Setup(opts, text)
		if err != nil {
			if !errors.Is(err, game.ErrPosition) {
				t.Fatalf("Setup(%v, %q) = %v, want an error wrapping ErrPosition", opts, text, err)
			}
			return
		}
		s.Legal()
		printed := s.Position()
		back, err := Game{}.Setup(opts, printed)
		if err != nil {
			t.Fatalf("Setup(%q) = %v for the printed position of %q", printed, err, text)
		}
		if back.Position() != printed {
			t.Fatalf("Setup(%q).Position() = %q", printed, back.Position())
		}
	})
}

// randomGame plays one random game to its end.
func randomGame(g game.State, rng *rand.Rand) int {
	plies := 0
	for !g.Terminal() {
		var a game.Action
		if g.Player() == game.Chance {
			a = game.SampleChance(g, rng)
		} else {
			legal := g.Legal()
			a = legal[rng.IntN(len(legal))]
		}
		g.ApplyUnchecked(a)
		plies++
	}
	return plies
}

func benchmarkGames(b *testing.B, opts game.Options) {
	rng := rand.New(rand.NewPCG(1, 2))
	games, plies := 0, 0
	for b.Loop() {
		s, err := Game{}.New(opts)
		if err != nil {
			b.Fatal(err)
		}
		plies += randomGame(s, rng)
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}

// BenchmarkRandomGame plays random games to the end, on one core: konung
// games end by technical defeat within a few dozen turns; games without
// konungs are bounded by max-turns.
func BenchmarkRandomGame(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchmarkGames(b, on2) })
	b.Run("players=3", func(b *testing.B) { benchmarkGames(b, on3) })
	b.Run("players=2/konungs=off/max-turns=1000", func(b *testing.B) {
		benchmarkGames(b, game.Options{"konungs": "off", "max-turns": "1000"})
	})
	b.Run("players=3/konungs=off/max-turns=1000", func(b *testing.B) {
		benchmarkGames(b, game.Options{"players": "3", "konungs": "off", "max-turns": "1000"})
	})
}
