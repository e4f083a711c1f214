package search

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

var (
	matchGames = flag.Int("tafl.match", 0, "games of TestEvalMatch (0: skip it)")
	matchNodes = flag.Int64("tafl.nodes", 20000, "nodes a move in TestEvalMatch")
)

// oldEval is eval.go's evaluation (the legacy levels') on the engine's
// scale: State.Evaluate for the side to move, times 1,000.
func oldEval(rules *tafl.Rules, b *tafl.Board) int32 {
	s, err := tafl.SetupRules(tafl.Sea, *rules, b.Position())
	if err != nil {
		panic(err)
	}
	return int32(s.Evaluate()[b.ToMove] * 1000)
}

// TestEvalMatch plays the engine with its evaluation (A) against the same
// search with eval.go's (B) at the same node budget, in Sea Hnefatafl:
// each opening (four random plies, seeded by the pair's number) twice,
// with the colours swapped. It runs only when asked, reports the score
// and fails unless A scores more than half:
//
//	go test ./games/tafl -run TestEvalMatch -tafl.match 40 -v
func TestEvalMatch(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -tafl.match N")
	}
	score := 0.0
	var blackWins [2]int // A's as Black, B's as Black
	for i := range *matchGames {
		gs, _ := tafl.Sea.New(nil)
		s := gs.(*tafl.State)
		a := NewSearcher(s.Rules(), 16, uint64(i)+1)
		b := NewSearcher(s.Rules(), 16, uint64(i)+1000)
		b.eval = oldEval
		aBlack := i%2 == 0
		rng := rand.New(rand.NewPCG(uint64(i/2), 99))
		for range 4 {
			l := s.Legal()
			s.ApplyUnchecked(l[rng.IntN(len(l))])
		}
		for !s.Terminal() && s.Board().Plies < 300 {
			sr := b
			if (s.Board().ToMove == tafl.Black) == aBlack {
				sr = a
			}
			m, _ := sr.Search(context.Background(), s, Limits{Nodes: *matchNodes})
			s.ApplyUnchecked(game.Action(m))
		}
		seat := tafl.White
		if aBlack {
			seat = tafl.Black
		}
		score += (s.Returns()[seat] + 1) / 2
		if r := s.Result(); r.Kind == game.Win && r.Winners[0] == tafl.Black {
			if aBlack {
				blackWins[0]++
			} else {
				blackWins[1]++
			}
		}
		t.Logf("game %d, A as %s: %s after %d plies; A %.1f of %d", i, []string{"black", "white"}[seat], s.Result().Reason, s.Board().Plies, score, i+1)
	}
	t.Logf("A (evaluate.go) %.1f of %d against B (eval.go); wins as Black: A %d, B %d", score, *matchGames, blackWins[0], blackWins[1])
	if 2*score <= float64(*matchGames) {
		t.Errorf("the engine's evaluation scored %.1f of %d against eval.go's, want more than half", score, *matchGames)
	}
}
