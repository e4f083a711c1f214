package nordsloki

import (
	"math"
	"math/rand/v2"
)

// Evaluate estimates each player's prospects in [-1, 1] from cheap
// features: the race (pips to go), blots (lone checkers that can be hit or
// sink), protected ships, Att progress, konung lives and the ships of LOKI
// and ODIN held. Each player's score is compared with the mean of the
// others; with two players the values are zero-sum. A finished game gives
// its returns, halved for mars.
func (s *State) Evaluate() []float64 {
	n := s.cfg.n
	out := make([]float64, n)
	if s.phase == phaseOver {
		for i, r := range s.Returns() {
			out[i] = max(-1, min(1, r/2))
		}
		return out
	}
	var score [3]float64
	for i := 0; i < n; i++ {
		score[i] = s.score(i)
	}
	for i := 0; i < n; i++ {
		others := 0.0
		for j := 0; j < n; j++ {
			if j != i {
				others += score[j]
			}
		}
		out[i] = math.Tanh(3 * (score[i] - others/float64(n-1)))
	}
	return out
}

// score is a player's heuristic value, roughly in [-1, 1].
func (s *State) score(p int) float64 {
	if !s.active(p) {
		return -1
	}
	pl := &s.p[p]
	pips := 25 * pl.waiting()
	blots, stacks, att3 := 0, 0, 0
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if int(c.owner) != p {
			continue
		}
		t := c.total()
		pips += t * (25 - f)
		switch {
		case t == 1:
			blots++
		case t >= 2 && t <= 4:
			stacks++
		}
		if att(f) == 3 {
			att3 += t
		}
	}
	v := -float64(pips)/325 + 0.03*float64(att3)/13 - 0.02*float64(blots) + 0.01*float64(stacks)
	if s.cfg.konungs {
		v += 0.05 * float64(pl.lives) / 7
	}
	loki, odin := 0, 0
	for _, f := range [...]int{laguz, othala, kenaz, isa} {
		if int(s.f[f].owner) == p {
			loki++
		}
	}
	for _, f := range [...]int{othala, dagaz, isa, naudiz} {
		if int(s.f[f].owner) == p {
			odin++
		}
	}
	return v + 0.03*float64(loki*loki)/16 + 0.01*float64(odin)/4
}

// zobrist holds the random keys of Hash.
var zobrist = func() (z struct {
	cell  [fields + 1][3][3][16]uint64
	wait  [3][3][16]uint64
	off   [3][16]uint64
	lives [3][8]uint64
	out   [3]uint64
	ghost [fields + 1]uint64
	dice  [7][4]uint64 // value, count
	state [4][3]uint64 // phase, mover
	flags [4]uint64
	first [3]uint64
}) {
	r := rand.New(rand.NewPCG(0x6e6f726473, 0x6c6f6b69))
	fill := func(keys []uint64) {
		for i := range keys {
			keys[i] = r.Uint64()
		}
	}
	for f := range z.cell {
		for p := range z.cell[f] {
			for k := range z.cell[f][p] {
				fill(z.cell[f][p][k][:])
			}
		}
	}
	for p := range z.wait {
		for k := range z.wait[p] {
			fill(z.wait[p][k][:])
		}
		fill(z.off[p][:])
		fill(z.lives[p][:])
	}
	fill(z.ghost[:])
	for d := range z.dice {
		fill(z.dice[d][:])
	}
	for ph := range z.state {
		fill(z.state[ph][:])
	}
	fill(z.flags[:])
	fill(z.first[:])
	fill(z.out[:]) // last, so the keys before it stay as they were
	return z
}()

// Hash returns a Zobrist hash of the position: the checkers, the ships,
// the unused dice, the turn flags, the first player (who decides the draw
// window) and the player to move. The turn count is left out.
func (s *State) Hash() uint64 {
	var h uint64
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if c.owner < 0 {
			continue
		}
		for k := range 3 {
			if c.n[k] > 0 {
				h ^= zobrist.cell[f][c.owner][k][min(c.n[k], 15)]
			}
		}
	}
	for f := 1; f <= fields; f++ {
		if s.ghost&(1<<f) != 0 {
			h ^= zobrist.ghost[f]
		}
	}
	for i := 0; i < s.cfg.n; i++ {
		pl := &s.p[i]
		for k := range 3 {
			h ^= zobrist.wait[i][k][min(pl.wait[k], 15)]
		}
		h ^= zobrist.off[i][min(pl.off, 15)]
		h ^= zobrist.lives[i][pl.lives&7]
		if s.out&(1<<i) != 0 {
			h ^= zobrist.out[i]
		}
	}
	var count [7]int
	for i := 0; i < int(s.nd); i++ {
		count[s.dice[i]]++
	}
	for d := 1; d <= 6; d++ {
		h ^= zobrist.dice[d][count[d]]
	}
	mover := max(s.mover, 0)
	h ^= zobrist.state[s.phase][mover]
	if s.entered {
		h ^= zobrist.flags[0]
	}
	if s.odinAtStart {
		h ^= zobrist.flags[1]
	}
	if s.first >= 0 {
		h ^= zobrist.first[s.first]
	}
	return h
}
