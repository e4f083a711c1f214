package nordsloki

import (
	"slices"

	"github.com/norns-games/norns/game"
)

// Kinds of checker.
const (
	konung    = 0 // K
	warrior   = 1 // W
	returning = 2 // R: a warrior killed while its player had checkers in Att 3 (5.2b)
)

// Phases of the game.
const (
	phaseFirst = iota // the first player is to be drawn (2.1)
	phaseRoll         // the mover is to roll (2.2)
	phaseMove         // the mover is using the dice (3)
	phaseOver
)

// Reasons for the end of the game.
const (
	reasonNone = iota
	reasonOin
	reasonMars
	reasonLoki
	reasonTechnical
	reasonDraw
	reasonUnfinished
)

var reasonNames = [...]string{"", "oin", "mars", "loki", "technical defeat", "shared finish", "max turns"}

// Ships by field.
const (
	kenaz   = 6
	naudiz  = 10
	isa     = 11
	laguz   = 21
	dagaz   = 23
	othala  = 24
	fields  = 24
	offBase = 25 // a step to 25 or beyond bears off
)

// symmetric marks the ships whose ghost is symmetric (1.3, 6.4): Gebo,
// Hagalaz, Naudiz, Isa, Jera, Eihwaz, Sowilo, Ingwaz, Dagaz.
const symmetric uint32 = 1<<7 | 1<<9 | 1<<10 | 1<<11 | 1<<12 | 1<<13 | 1<<16 | 1<<22 | 1<<23

// cell is one field: whose checkers stand there and how many of each kind.
type cell struct {
	owner int8 // -1 when empty
	n     [3]uint8
}

func (c cell) total() int { return int(c.n[0]) + int(c.n[1]) + int(c.n[2]) }

// seat is a player's checkers off the board and the konung's lives.
type seat struct {
	wait  [3]uint8 // waiting checkers by kind
	off   uint8    // borne off (the konung is among them only when off = 13)
	lives uint8    // konung lives (4.3); 0 = technically defeated (8.3)
}

func (p seat) waiting() int { return int(p.wait[0]) + int(p.wait[1]) + int(p.wait[2]) }

// board is everything that a step changes.
type board struct {
	f     [fields + 1]cell // 1..24
	p     [3]seat
	ghost uint32 // bit f set: the ship on field f is a ghost ship (1.3)
}

// pos is the complete position: the board and where the turn stands.
type pos struct {
	board
	phase       uint8
	mover       int8 // the player to roll or to move
	first       int8 // the first player (2.1), -1 before the draw
	nd          uint8
	dice        [3]uint8 // unused dice of this turn, descending
	entered     bool     // a checker has entered this turn (3.3)
	odinAtStart bool     // the mover held ODIN when the turn began (7.2)
	turns       int32    // turns played
	winners     uint8    // bit mask of winners or sharers
	reason      uint8
	out         uint8 // bit mask of players who forfeited (State.Forfeit)
}

// step is one die applied to one checker (3.1).
type step struct {
	kind uint8
	from uint8 // 0 = entering
	die  uint8
}

func (st step) to() int { return int(st.from) + int(st.die) }

func startPos(c *config) pos {
	var p pos
	for f := range p.f {
		p.f[f].owner = -1
	}
	for i := 0; i < c.n; i++ {
		if c.konungs {
			p.p[i] = seat{wait: [3]uint8{1, 12, 0}, lives: 7}
		} else {
			p.p[i] = seat{wait: [3]uint8{0, 13, 0}}
		}
	}
	p.first, p.mover = -1, -1
	p.phase = phaseFirst
	return p
}

// att returns the Att of a field (1.1); 0 for waiting.
func att(f int) int {
	if f <= 0 {
		return 0
	}
	return (f-1)/8 + 1
}

// attStart is start(k) of section 5.
func attStart(k int) int { return 8*(k-1) + 1 }

// summary is what the step rules need to know of a player's checkers.
type summary struct {
	lowest     int  // lowest field with a checker of the player; 0 if one waits; 25 if none
	anyR       bool // a returning warrior waits or stands on the board
	konungAtt  int  // Att of the konung: 0 waiting, 4 borne off or no konungs
	hasWaiting bool
}

func summarize(b *board, p int, konungs bool) summary {
	s := summary{lowest: 25, konungAtt: 4}
	pl := &b.p[p]
	if pl.waiting() > 0 {
		s.lowest = 0
		s.hasWaiting = true
	}
	s.anyR = pl.wait[returning] > 0
	if konungs && pl.wait[konung] > 0 {
		s.konungAtt = 0
	}
	for f := fields; f >= 1; f-- {
		c := &b.f[f]
		if int(c.owner) != p {
			continue
		}
		if s.lowest != 0 {
			s.lowest = f
		}
		if c.n[returning] > 0 {
			s.anyR = true
		}
		if c.n[konung] > 0 {
			s.konungAtt = att(f)
		}
	}
	return s
}

// canLand reports whether player p may land on field t (4.1): not on a
// field with two or more checkers of another player.
func canLand(b *board, p, t int) bool {
	c := &b.f[t]
	return c.owner < 0 || int(c.owner) == p || c.total() == 1
}

// genSteps appends the steps that player p, summarized by sm, may make
// with die d (3.1): the ones that obey 2.4, 4.1 and section 5 now.
func genSteps(b *board, p int, sm *summary, d int, out []step) []step {
	pl := &b.p[p]
	// Entering puts a waiting checker on field d (2.3).
	if sm.hasWaiting && canLand(b, p, d) {
		if pl.wait[konung] > 0 {
			out = append(out, step{konung, 0, uint8(d)})
		}
		// 5.3: no warrior enters before the konung is on the board.
		if sm.konungAtt >= 1 {
			for k := warrior; k <= returning; k++ {
				if pl.wait[k] > 0 {
					out = append(out, step{uint8(k), 0, uint8(d)})
				}
			}
		}
	}
	for f := 1; f <= fields; f++ {
		c := &b.f[f]
		if int(c.owner) != p {
			continue
		}
		a := att(f)
		// 5.2a: Att 2 is frozen while a checker waits.
		if a == 2 && sm.hasWaiting {
			continue
		}
		// 5.2b: Att 3 is frozen while a returning warrior exists.
		if a == 3 && sm.anyR {
			continue
		}
		t := f + d
		if t <= fields {
			bt := att(t)
			// 5.1: leaving Att a needs every checker at or beyond start(a).
			if bt > a && sm.lowest < attStart(a) {
				continue
			}
			if !canLand(b, p, t) {
				continue
			}
			if c.n[konung] > 0 {
				out = append(out, step{konung, uint8(f), uint8(d)})
			}
			// 5.3: a warrior moves inside or into Att bt only when the
			// konung is in an Att at least as far.
			if sm.konungAtt >= bt {
				for k := warrior; k <= returning; k++ {
					if c.n[k] > 0 {
						out = append(out, step{uint8(k), uint8(f), uint8(d)})
					}
				}
			}
			continue
		}
		// Bearing off. 5.1: every checker in Att 3.
		if sm.lowest < attStart(3) {
			continue
		}
		// 2.4: a larger die than needed only for the rearmost checker.
		if t > offBase && sm.lowest < f {
			continue
		}
		// 5.4: the konung goes last.
		if c.n[konung] > 0 && pl.off == 12 {
			out = append(out, step{konung, uint8(f), uint8(d)})
		}
		if c.n[warrior] > 0 && sm.konungAtt >= 3 {
			out = append(out, step{warrior, uint8(f), uint8(d)})
		}
	}
	return out
}

// inAtt3 reports whether player p has a checker in Att 3.
func inAtt3(b *board, p int) bool {
	for f := attStart(3); f <= fields; f++ {
		if int(b.f[f].owner) == p {
			return true
		}
	}
	return false
}

// applyStep plays a step of player p: moves the checker and hits a lone
// checker of another player on the landing field (4.2). It returns the hit
// player (or -1) and whether the hit checker was a konung.
func applyStep(b *board, p int, st step) (victim int, killedKonung bool) {
	victim = -1
	k := int(st.kind)
	if st.from == 0 {
		b.p[p].wait[k]--
	} else {
		c := &b.f[st.from]
		c.n[k]--
		if c.total() == 0 {
			c.owner = -1
		}
	}
	t := st.to()
	if t > fields {
		b.p[p].off++
		return
	}
	c := &b.f[t]
	if c.owner >= 0 && int(c.owner) != p {
		// 4.2: the lone checker there is hit.
		victim = int(c.owner)
		vk := konung
		for c.n[vk] == 0 {
			vk++
		}
		c.n = [3]uint8{}
		c.owner = -1
		killedKonung = vk == konung
		kill(b, victim, vk, 1)
	}
	// 5.2b: a returning warrior that reaches Att 3 is a warrior again.
	if k == returning && att(t) == 3 {
		k = warrior
	}
	c.owner = int8(p)
	c.n[k]++
	return
}

// kill makes n checkers of kind k of player p, already taken off their
// field, waiting (4.2, 6.1, 6.3). A konung loses a life (4.3); a warrior
// whose player still has a checker in Att 3 becomes returning (5.2b).
func kill(b *board, p, k, n int) {
	pl := &b.p[p]
	switch {
	case k == konung:
		pl.wait[konung] += uint8(n)
		if pl.lives > 0 {
			pl.lives--
		}
	case inAtt3(b, p):
		pl.wait[returning] += uint8(n)
	default:
		pl.wait[warrior] += uint8(n)
	}
}

// searcher finds how many dice a sequence of steps can use.
type searcher struct {
	p       int
	konungs bool
}

// best returns the greatest number of the dice that some sequence of steps
// from b can use, and the greatest number used by a sequence that enters a
// checker (-1 if none does; only computed when needEntry).
func (sr *searcher) best(b *board, dice []uint8, needEntry bool) (most, mostEntering int) {
	mostEntering = -1
	if len(dice) == 0 {
		return 0, -1
	}
	var buf [96]step
	var rest [3]uint8
	sm := summarize(b, sr.p, sr.konungs)
	for i, d := range dice {
		if i > 0 && dice[i-1] == d {
			continue
		}
		r := append(append(rest[:0], dice[:i]...), dice[i+1:]...)
		steps := genSteps(b, sr.p, &sm, int(d), buf[:0])
		for _, st := range steps {
			child := *b
			applyStep(&child, sr.p, st)
			entry := st.from == 0
			l, le := sr.best(&child, r, needEntry && !entry)
			if 1+l > most {
				most = 1 + l
			}
			if needEntry {
				v := -1
				if entry {
					v = 1 + l
				} else if le >= 0 {
					v = 1 + le
				}
				if v > mostEntering {
					mostEntering = v
				}
			}
			if most == len(dice) && (!needEntry || mostEntering == len(dice)) {
				return
			}
		}
	}
	return
}

// legalSteps lists the steps that begin a sequence allowed by 3.2 (the most
// dice) and 3.3 (an entry when a waiting checker can enter in such a
// sequence), as sorted actions.
func legalSteps(ps *pos, c *config) []game.Action {
	p := int(ps.mover)
	sr := searcher{p: p, konungs: c.konungs}
	dice := ps.dice[:ps.nd]
	needEntry := !ps.entered && ps.p[p].waiting() > 0
	type cand struct {
		st       step
		val, ent int
	}
	var candBuf [128]cand
	cands := candBuf[:0]
	var buf [96]step
	var rest [3]uint8
	most, mostEntering := 0, -1
	sm := summarize(&ps.board, p, c.konungs)
	for i, d := range dice {
		if i > 0 && dice[i-1] == d {
			continue
		}
		r := append(append(rest[:0], dice[:i]...), dice[i+1:]...)
		for _, st := range genSteps(&ps.board, p, &sm, int(d), buf[:0]) {
			child := ps.board
			applyStep(&child, p, st)
			entry := st.from == 0
			l, le := sr.best(&child, r, needEntry && !entry)
			cd := cand{st: st, val: 1 + l, ent: -1}
			if entry {
				cd.ent = 1 + l
			} else if le >= 0 {
				cd.ent = 1 + le
			}
			most = max(most, cd.val)
			mostEntering = max(mostEntering, cd.ent)
			cands = append(cands, cd)
		}
	}
	// 3.3: entering is required when a sequence using the most dice enters.
	required := needEntry && mostEntering == most
	var out []game.Action
	for _, cd := range cands {
		v := cd.val
		if required {
			v = cd.ent
		}
		if v == most {
			out = append(out, stepAction(cd.st))
		}
	}
	slices.Sort(out)
	return out
}

// hasLoki reports whether player p holds the LOKI combination (7.1).
func hasLoki(b *board, p int, konungs bool) bool {
	for _, f := range [...]int{laguz, othala, kenaz, isa} {
		if int(b.f[f].owner) != p {
			return false
		}
	}
	if konungs {
		// 7.1 [ruling]: the konung must be on the board.
		return b.p[p].wait[konung] == 0 && b.p[p].off < 13
	}
	return true
}

// hasOdin reports whether player p holds the ODIN combination (7.2).
func hasOdin(b *board, p int) bool {
	for _, f := range [...]int{othala, dagaz, isa, naudiz} {
		if int(b.f[f].owner) != p {
			return false
		}
	}
	return true
}

// active reports whether p is still in the game: not technically defeated
// (8.3) and not forfeited.
func (s *State) active(p int) bool { return s.pos.active(s.cfg, p) }

func (p *pos) active(c *config, i int) bool {
	return p.out&(1<<i) == 0 && (!c.konungs || p.p[i].lives > 0)
}

func (s *State) finished(p int) bool { return s.p[p].off == 13 }

func (s *State) anyFinished() bool {
	for i := 0; i < s.cfg.n; i++ {
		if s.finished(i) {
			return true
		}
	}
	return false
}

func (s *State) over(reason int, winners uint8) {
	s.phase = phaseOver
	s.mover = -1
	s.reason = uint8(reason)
	s.winners = winners
	s.nd, s.dice = 0, [3]uint8{}
	s.entered, s.odinAtStart = false, false
	s.legalOK = false
}

// technicalDefeats applies 8.3 to players who have just left the game (a
// konung's seventh death, or a forfeit), listed in seat order from the
// mover: with two players the opponent wins; with three the player leaves
// and a second defeat leaves the last player the winner. Defeats at the same moment count in the
// order listed. While a finisher awaits the draw window (8.1) the window
// decides instead.
func (s *State) technicalDefeats(defeated []int) {
	if s.anyFinished() {
		return
	}
	left, winner := 0, 0
	for i := 0; i < s.cfg.n; i++ {
		if s.active(i) {
			left++
			winner = i
		}
	}
	switch left {
	case 0:
		s.over(reasonTechnical, 1<<defeated[len(defeated)-1])
	case 1:
		s.over(reasonTechnical, 1<<winner)
	}
}

// sink applies section 6 at the end of a turn: ships with five or more
// checkers sink and turn over (6.1), a lone checker on a non-symmetric
// ghost ship sinks (6.3, 6.4). All of it happens at once: a warrior killed
// here becomes returning if its player has a checker in Att 3 afterwards.
func (s *State) sink() {
	var dead [3][3]int
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		t := c.total()
		bit := uint32(1) << f
		switch {
		case t >= 5: // 6.1
			s.ghost ^= bit
		case t == 1 && s.ghost&bit != 0 && symmetric&bit == 0: // 6.3
		default:
			continue
		}
		for k := range 3 {
			dead[c.owner][k] += int(c.n[k])
		}
		c.n = [3]uint8{}
		c.owner = -1
	}
	var defeated []int
	for i := 0; i < s.cfg.n; i++ {
		q := (int(s.mover) + i) % s.cfg.n
		wasActive := s.active(q)
		for k := range 3 {
			if n := dead[q][k]; n > 0 {
				kk := k
				if k == returning {
					kk = warrior
				}
				kill(&s.board, q, kk, n)
			}
		}
		if wasActive && !s.active(q) {
			defeated = append(defeated, q)
		}
	}
	if len(defeated) > 0 {
		s.technicalDefeats(defeated)
	}
}

// odin applies 7.2 for the mover: a newly formed ODIN removes every checker
// on a ghost ship (no life lost, no warrior made returning) and sets every
// ship upright.
func (s *State) odin() {
	p := int(s.mover)
	if s.odinAtStart || !hasOdin(&s.board, p) {
		return
	}
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if s.ghost&(1<<f) == 0 || c.owner < 0 {
			continue
		}
		pl := &s.p[c.owner]
		for k := range 3 {
			pl.wait[k] += c.n[k]
		}
		c.n = [3]uint8{}
		c.owner = -1
	}
	s.ghost = 0
}

// afterInRound reports whether a player still in the game comes after p in
// the current round, which begins with the first player (2.1).
func (s *State) afterInRound(p int) bool {
	for q := p + 1; ; q++ {
		seatQ := q % s.cfg.n
		if seatQ == int(s.first) {
			return false
		}
		if s.active(seatQ) {
			return true
		}
	}
}

// endTurn ends the mover's turn: section 6, then LOKI (7.1) and ODIN
// (7.2), then the end of the game (8) and the next player's roll.
func (s *State) endTurn() {
	p := int(s.mover)
	s.nd, s.dice = 0, [3]uint8{}
	s.sink()
	if s.phase == phaseOver {
		return
	}
	if s.active(p) {
		// 7.3: LOKI before ODIN. 8.2: LOKI wins only before anyone finished.
		if !s.anyFinished() && hasLoki(&s.board, p, s.cfg.konungs) {
			s.over(reasonLoki, 1<<p)
			return
		}
		s.odin()
	}
	s.turns++
	// 8.1: a finisher waits for the rest of the round.
	if s.anyFinished() && !s.afterInRound(p) {
		s.resolveFinish()
		return
	}
	// 8.5: max-turns.
	if s.cfg.maxTurns > 0 && int(s.turns) >= s.cfg.maxTurns {
		s.over(reasonUnfinished, 0)
		return
	}
	q := p
	for {
		q = (q + 1) % s.cfg.n
		if s.active(q) {
			break
		}
	}
	s.mover = int8(q)
	s.phase = phaseRoll
	s.entered, s.odinAtStart = false, false
	s.legalOK = false
}

// resolveFinish ends the game at the end of the round in which someone
// finished (8.1): the finishers share a draw, or the lone finisher wins oin
// or, if some opponent has borne off nothing, mars.
func (s *State) resolveFinish() {
	var mask uint8
	count, winner := 0, 0
	for i := 0; i < s.cfg.n; i++ {
		if s.finished(i) {
			mask |= 1 << i
			count++
			winner = i
		}
	}
	if count > 1 {
		s.over(reasonDraw, mask)
		return
	}
	reason := reasonOin
	for i := 0; i < s.cfg.n; i++ {
		if i != winner && s.p[i].off == 0 {
			reason = reasonMars
		}
	}
	s.over(reason, mask)
}
