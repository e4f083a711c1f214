package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
)

// TrainConfig describes a TD(λ) self-play run (Train).
type TrainConfig struct {
	// Players is 2 or 3.
	Players int
	// Games is the number of self-play games.
	Games int
	// Seed draws the first weights and every die; a run is a function of
	// its configuration.
	Seed uint64
	// Alpha is the learning rate (0: DefaultAlpha) and Lambda the trace
	// decay (0: DefaultLambda; a negative value means λ = 0).
	Alpha, Lambda float64
	// Start, when set, is trained further instead of new random weights.
	Start *Net
	// MaxTurns stops a game as unfinished, all returns 0 (0: 1,000).
	MaxTurns int
	// Every is the number of games between calls of OnCheckpoint (0: no
	// checkpoints).
	Every int
	// OnCheckpoint receives a copy of the net after each Every games and
	// statistics of the games since the last checkpoint.
	OnCheckpoint func(games int, nt *Net, st TrainStats)
}

// TrainStats sums up the self-play games since the last checkpoint.
type TrainStats struct {
	Games      int
	Turns      int     // turns played
	Unfinished int     // games stopped by MaxTurns
	AbsError   float64 // mean |TD error| over players and turns
}

// Defaults of TrainConfig.
const (
	DefaultAlpha  = 0.01
	DefaultLambda = 0.7
)

// Train plays cfg.Games games of Nords Loki for cfg.Players players, every
// player choosing its turns one ply ahead with the net being trained
// (Net.BestTurn), and after every turn moves the net's values toward those
// after the turn by TD(λ), a trace per player (Sutton; Tesauro's
// TD-Gammon). The net sees a position when a player is to roll; a finished
// game gives its returns. The run uses one goroutine and is deterministic
// for a given configuration. It stops early, returning the net so far and
// ctx's error, when ctx is done.
func Train(ctx context.Context, cfg TrainConfig) (*Net, error) {
	n := cfg.Players
	if n != 2 && n != 3 {
		return nil, fmt.Errorf("nordsloki: train for 2 or 3 players, not %d", n)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7464206c616d6264))
	nt := cfg.Start
	if nt == nil {
		nt = NewNet(n, rng)
	} else if nt.Players != n {
		return nil, fmt.Errorf("nordsloki: a %d-player net cannot train for %d players", nt.Players, n)
	} else {
		nt = nt.Clone()
	}
	alpha, lambda := cfg.Alpha, cfg.Lambda
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	switch {
	case lambda == 0:
		lambda = DefaultLambda
	case lambda < 0:
		lambda = 0
	}
	maxTurns := cfg.MaxTurns
	if maxTurns <= 0 {
		maxTurns = 1000
	}
	opts := game.Options{"players": strconv.Itoa(n), "max-turns": strconv.Itoa(maxTurns)}
	tr := newTrainer(nt, alpha, lambda)
	var st TrainStats
	var errSum float64
	var errCount int
	for g := 0; g < cfg.Games; g++ {
		if err := ctx.Err(); err != nil {
			return nt, err
		}
		turns, unfinished, e, c := tr.game(opts, rng)
		st.Games++
		st.Turns += turns
		if unfinished {
			st.Unfinished++
		}
		errSum += e
		errCount += c
		if cfg.Every > 0 && (g+1)%cfg.Every == 0 && cfg.OnCheckpoint != nil {
			if errCount > 0 {
				st.AbsError = errSum / float64(errCount)
			}
			cfg.OnCheckpoint(g+1, nt.Clone(), st)
			st, errSum, errCount = TrainStats{}, 0, 0
		}
	}
	return nt, nil
}

// trainer holds the eligibility traces and buffers of a run.
type trainer struct {
	nt               *Net
	alpha, lambda    float64
	n                int
	e1, eb1, e2, eb2 [][]float64 // traces by absolute player, shaped as the weights
	x, h, out, d     []float64
	v                []float64 // the values of the last position, by absolute player
	sc               *netScratch
}

func newTrainer(nt *Net, alpha, lambda float64) *trainer {
	n := nt.Players
	tr := &trainer{nt: nt, alpha: alpha, lambda: lambda, n: n,
		x: make([]float64, nt.Inputs), h: make([]float64, nt.Hidden), out: make([]float64, n), d: make([]float64, nt.Hidden),
		v: make([]float64, n), sc: nt.scratch()}
	for range n {
		tr.e1 = append(tr.e1, make([]float64, len(nt.W1)))
		tr.eb1 = append(tr.eb1, make([]float64, len(nt.B1)))
		tr.e2 = append(tr.e2, make([]float64, len(nt.W2)))
		tr.eb2 = append(tr.eb2, make([]float64, len(nt.B2)))
	}
	return tr
}

// observe evaluates s (a player to roll) with the current weights, keeps
// its values in tr.v and adds its gradients to the traces after decaying
// them by λ (reset when first).
func (tr *trainer) observe(s *nordsloki.State, first bool) {
	nt, n, H := tr.nt, tr.n, tr.nt.Hidden
	me := s.Mover()
	nordsloki.Encode(s, me, tr.x)
	nt.forward(tr.x, tr.h, tr.out)
	decay := tr.lambda
	if first {
		decay = 0
	}
	for i := 0; i < n; i++ {
		k := (i - me + n) % n
		tr.v[i] = tr.out[k]
		e1, eb1, e2, eb2 := tr.e1[i], tr.eb1[i], tr.e2[i], tr.eb2[i]
		scale(e1, decay)
		scale(eb1, decay)
		scale(e2, decay)
		scale(eb2, decay)
		eb2[k]++
		w2 := nt.W2[k*H : (k+1)*H]
		row := e2[k*H : (k+1)*H]
		d := tr.d
		for j, hj := range tr.h {
			row[j] += hj
			d[j] = w2[j] * hj * (1 - hj)
			eb1[j] += d[j]
		}
		for a, xa := range tr.x {
			if xa == 0 {
				continue
			}
			r := e1[a*H : (a+1)*H]
			for j := range r {
				r[j] += xa * d[j]
			}
		}
	}
}

func scale(v []float64, f float64) {
	if f == 0 {
		clear(v)
		return
	}
	for i := range v {
		v[i] *= f
	}
}

// update moves the weights by α Σ_i δ_i e_i and returns Σ|δ_i|.
func (tr *trainer) update(target []float64) float64 {
	nt := tr.nt
	sum := 0.0
	for i := 0; i < tr.n; i++ {
		d := target[i] - tr.v[i]
		if d < 0 {
			sum -= d
		} else {
			sum += d
		}
		ad := tr.alpha * d
		axpy(nt.W1, tr.e1[i], ad)
		axpy(nt.B1, tr.eb1[i], ad)
		axpy(nt.W2, tr.e2[i], ad)
		axpy(nt.B2, tr.eb2[i], ad)
	}
	return sum
}

func axpy(w, e []float64, a float64) {
	for i := range w {
		w[i] += a * e[i]
	}
}

// roll draws three dice from rng and applies them to s.
func roll(s *nordsloki.State, rng *rand.Rand) {
	d := []int{rng.IntN(6) + 1, rng.IntN(6) + 1, rng.IntN(6) + 1}
	slices.Sort(d)
	s.PlayBare(nordsloki.RollAction(d[2], d[1], d[0]))
}

// game plays one self-play game, learning after every turn. It returns the
// turns played, whether the game stopped unfinished, and the sum and count
// of the TD errors.
func (tr *trainer) game(opts game.Options, rng *rand.Rand) (turns int, unfinished bool, errSum float64, errCount int) {
	g, _ := nordsloki.Game{}.New(opts)
	s := g.(*nordsloki.State)
	s.PlayBare(nordsloki.FirstAction(rng.IntN(tr.n)))
	tr.observe(s, true)
	target := make([]float64, tr.n)
	for {
		roll(s, rng)
		if s.Player() >= 0 {
			e, _ := tr.nt.BestTurn(s)
			s = e.End
		}
		turns++
		if s.Terminal() {
			copy(target, s.Returns())
			errSum += tr.update(target)
			errCount += tr.n
			return turns, s.Result().Kind == game.Unfinished, errSum, errCount
		}
		tr.nt.evaluate(s, tr.sc, target)
		errSum += tr.update(target)
		errCount += tr.n
		tr.observe(s, false)
	}
}
