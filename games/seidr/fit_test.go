package seidr

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
)

var fit = flag.Bool("fit", false, "fit the evaluation's model to one-ply self-play and print its weights")

// TestFitModel refits model: it plays 4,000 games of one-ply play (one
// move in ten random, for variety), takes the features of every position
// where a player is about to make the quiet move, and fits a logistic
// regression of that player's result (1 for a win, 1/2 a draw, 0 a loss)
// by gradient descent. Run it with
//
//	go test ./games/seidr -run TestFitModel -fit -v
func TestFitModel(t *testing.T) {
	if !*fit {
		t.Skip("refits the evaluation; run with -fit")
	}
	var xs [][numFeatures]float64
	var ys []float64
	for g := range 4000 {
		st, _ := Game.New(nil)
		s := st.(*State)
		rng := rand.New(rand.NewPCG(uint64(g), 9))
		agents := []ai.Agent{ai.NewGreedy(uint64(2 * g)), ai.NewGreedy(uint64(2*g + 1))}
		var movers []game.Player
		for !s.Terminal() {
			if s.Player() == game.Chance {
				s.ApplyUnchecked(Roll(Face(1 + rng.IntN(8))))
				continue
			}
			if s.cur.Phase == Quiet {
				xs = append(xs, features(&s.cur.Pos, s.cur.Pos.Turn()))
				movers = append(movers, s.Player())
			}
			var a game.Action
			if rng.IntN(10) == 0 {
				l := s.Legal()
				a = l[rng.IntN(len(l))]
			} else {
				a, _ = agents[s.Player()].Choose(context.Background(), s)
			}
			s.ApplyUnchecked(a)
		}
		for _, p := range movers {
			ys = append(ys, (s.Returns()[p]+1)/2)
		}
	}
	var w [numFeatures]float64
	var loss float64
	for range 3000 {
		var grad [numFeatures]float64
		loss = 0
		for i, x := range xs {
			z := 0.0
			for j := range w {
				z += w[j] * x[j]
			}
			p := 1 / (1 + math.Exp(-z))
			loss -= ys[i]*math.Log(p+1e-12) + (1-ys[i])*math.Log(1-p+1e-12)
			for j := range w {
				grad[j] += (p - ys[i]) * x[j]
			}
		}
		for j := range w {
			w[j] -= 0.5 * grad[j] / float64(len(xs))
		}
	}
	t.Logf("%d positions, log loss %.4f, weights %.3f", len(xs), loss/float64(len(xs)), w)
}
