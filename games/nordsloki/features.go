package nordsloki

// Features per player: 4 unary units of the checkers on each of the 24
// fields, then the scalars written by encodeSeat.
const (
	seatFieldUnits = 4
	seatScalars    = 25
	seatFeatures   = fields*seatFieldUnits + seatScalars
)

// NetInputs returns the length of the feature vector for n players.
func NetInputs(n int) int {
	// Per player, the ghost ships, the first player relative to the mover,
	// and whether someone has finished.
	return n*seatFeatures + fields + n + 1
}

// Encode writes the features of s seen from player me into x (length
// NetInputs(n)): the players in seat order from me, then the ghost ships,
// the first player relative to me and whether someone has finished.
func Encode(s *State, me int, x []float64) {
	clear(x)
	n := s.cfg.n
	for r := 0; r < n; r++ {
		encodeSeat(s, (me+r)%n, x[r*seatFeatures:(r+1)*seatFeatures])
	}
	o := n * seatFeatures
	for f := 1; f <= fields; f++ {
		if s.ghost&(1<<f) != 0 {
			x[o+f-1] = 1
		}
	}
	o += fields
	if s.first >= 0 {
		x[o+(int(s.first)-me+n)%n] = 1
	}
	o += n
	if s.anyFinished() {
		x[o] = 1
	}
}

// encodeSeat writes player p's features: for each field, the unary count of
// p's checkers there (at least 1, 2, 3, 4), then the scalars.
func encodeSeat(s *State, p int, x []float64) {
	pl := &s.p[p]
	pips := 25 * pl.waiting()
	lowest := 25
	if pl.waiting() > 0 {
		lowest = 0
	}
	konungField := -1
	if pl.wait[konung] > 0 {
		konungField = 0
	}
	returningOnBoard, blots, att3 := 0, 0, 0
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if int(c.owner) != p {
			continue
		}
		t := c.total()
		for u := 0; u < seatFieldUnits && u < t; u++ {
			x[(f-1)*seatFieldUnits+u] = 1
		}
		pips += t * (25 - f)
		if lowest == 25 {
			lowest = f
		}
		if c.n[konung] > 0 {
			konungField = f
		}
		returningOnBoard += int(c.n[returning])
		if t == 1 {
			blots++
		}
		if att(f) == 3 {
			att3 += t
		}
	}
	if konungField < 0 && s.cfg.konungs {
		konungField = 25 // borne off
	}
	y := x[fields*seatFieldUnits:]
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	w := float64(pl.waiting())
	y[0] = w / 13
	y[1] = b(w > 0)
	y[2] = b(w > 1)
	y[3] = float64(pl.wait[returning]) / 13
	y[4] = float64(returningOnBoard) / 13
	y[5] = float64(pl.off) / 13
	y[6] = b(pl.off == 0)
	y[7] = float64(pips) / 325
	y[8] = float64(lowest) / 25
	y[9] = float64(blots) / 13
	y[10] = float64(att3) / 13
	if s.cfg.konungs {
		y[11] = float64(pl.lives) / 7
		y[12] = b(pl.lives <= 2)
		y[13] = b(pl.lives <= 1)
		switch {
		case konungField == 0:
			y[14] = 1
		case konungField <= fields:
			y[15+att(konungField)-1] = 1 // 15, 16, 17
			y[18] = float64(konungField) / 24
		}
	}
	y[19] = b(s.active(p))
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
	y[20] = float64(loki*loki) / 16
	y[21] = float64(odin) / 4
	// Lone checkers that another player's checker (waiting ones at 0)
	// stands 1 to 12 fields behind: they can be hit next turn (4.2).
	exposed := 0
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if int(c.owner) != p || c.total() != 1 || !threatened(s, p, f) {
			continue
		}
		exposed++
		if c.n[konung] > 0 {
			y[23] = 1
		}
	}
	y[22] = b(konungField >= 1 && konungField <= fields && s.f[konungField].total() == 1)
	y[24] = float64(exposed) / 13
}

// threatened reports whether a checker of another player still in the
// game stands (or waits, at 0) 1 to 12 fields behind field f.
func threatened(s *State, p, f int) bool {
	for q := 0; q < s.cfg.n; q++ {
		if q != p && s.active(q) && f <= 12 && s.p[q].waiting() > 0 {
			return true
		}
	}
	for g := max(1, f-12); g < f; g++ {
		if o := int(s.f[g].owner); o >= 0 && o != p && s.active(o) {
			return true
		}
	}
	return false
}
