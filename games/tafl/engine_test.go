package tafl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
)

// engineWalk follows a State move by move with the engine's own view of
// the game: the board by copy-make, the hashes since the last capture and
// verdict.
type engineWalk struct {
	rules *Rules
	b     board
	hist  []uint64
	irrev int
}

func newEngineWalk(s *State) *engineWalk {
	return &engineWalk{rules: &s.rules, b: s.b, hist: slices.Clone(s.hashes), irrev: s.irrev}
}

// play makes the move on the engine's board and returns its verdict, with
// "no legal move" found the way the search finds it (by generating).
func (w *engineWalk) play(m uint32) int {
	mover := w.b.toMove
	from, to := moveSquares(m)
	ncaps, kingTaken := w.b.move(w.rules, from, to)
	w.hist = append(w.hist, w.b.hash)
	if ncaps > 0 {
		w.irrev = len(w.hist) - 1
	}
	v := verdict(w.rules, &w.b, mover, kingTaken, w.hist[w.irrev:])
	if v == ongoing {
		var buf [1024]uint32
		if len(w.b.legal(w.rules, buf[:0])) == 0 {
			v = blackWon // 4.4: the side to move loses
			if w.b.toMove == black {
				v = whiteWon
			}
		}
	}
	return v
}

// stateVerdict is the engine's outcome of a State's result.
func stateVerdict(s *State) int {
	r := s.Result()
	switch {
	case r.Kind == game.Ongoing:
		return ongoing
	case r.Kind == game.Draw:
		return drawn
	case r.Winners[0] == black:
		return blackWon
	}
	return whiteWon
}

// tb is what the checks need of a test: testing.TB or rapid.T.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// compare checks that the engine's view of the position after a move is
// the State's: the same board and hash, the same outcome, the same legal
// moves, and that the engine's quick tests (the capture masks of move
// ordering, the king's routes of the quiescence search) say what the
// moves do.
func compare(t tb, w *engineWalk, s *State, v int, where string) {
	t.Helper()
	if w.b != s.b {
		t.Fatalf("%s: the engine's board is %s, the state's %s", where, w.b.position(), s.Position())
	}
	if want := stateVerdict(s); v != want {
		t.Fatalf("%s: the engine's verdict is %d, the state's %d (%s)", where, v, want, status(s))
	}
	if v != ongoing {
		return
	}
	var buf [1024]uint32
	moves := w.b.legal(w.rules, buf[:0])
	legal := s.Legal()
	if len(moves) != len(legal) {
		t.Fatalf("%s: %d moves, State.Legal %d", where, len(moves), len(legal))
	}
	for i, m := range moves {
		if game.Action(m) != legal[i] {
			t.Fatalf("%s: move %d is %s, State.Legal's %s", where, i, s.ActionString(game.Action(m)), s.ActionString(legal[i]))
		}
	}
	checkCaptureMasks(t, w.rules, &w.b, moves, where)
	checkRoutes(t, w.rules, &w.b, where)
}

// checkCaptureMasks: the masks of captureTargets and captureCount give,
// for every move, the pieces it takes by custody (shieldwalls aside: a
// move to the edge under Shieldwall may take more).
func checkCaptureMasks(t tb, rules *Rules, b *board, moves []uint32, where string) {
	t.Helper()
	var caps [4][maxSize]uint32
	b.captureTargets(rules, &caps)
	n := b.n
	for _, m := range moves {
		from, to := moveSquares(m)
		tr, tc := to/n, to%n
		got := b.captured(rules, from, to)
		if rules.Shieldwall && b.edge(tr, tc) {
			continue
		}
		mask := 0
		for d := range caps {
			mask += int(caps[d][tr] >> tc & 1)
		}
		if from == b.king && !rules.KingArmed {
			mask = 0
		}
		if cc := b.captureCount(rules, from, to); cc != len(got) || mask != len(got) {
			t.Fatalf("%s: %s takes %d, captureCount says %d, captureTargets %d", where, moveText(game.Action(m), n), len(got), cc, mask)
		}
	}
}

// checkRoutes: board.routes counts the escape squares the king reaches in
// one move, and its masks are the squares between him and them.
func checkRoutes(t tb, rules *Rules, b *board, where string) {
	t.Helper()
	n := b.n
	kr, kc := b.king/n, b.king%n
	rowR, colR, count := b.routes(rules)
	rt, ct := b.slides(rules, kr, kc)
	want := 0
	var wantRow, wantCol uint32
	for c := range n {
		if rt>>c&1 != 0 && isEscape(rules, b, kr, c) {
			want++
			lo, hi := min(c, kc), max(c, kc)
			wantRow |= (uint32(2)<<hi - 1) &^ (uint32(1)<<lo - 1) &^ (1 << kc)
		}
	}
	for r := range n {
		if ct>>r&1 != 0 && isEscape(rules, b, r, kc) {
			want++
			lo, hi := min(r, kr), max(r, kr)
			wantCol |= (uint32(2)<<hi - 1) &^ (uint32(1)<<lo - 1) &^ (1 << kr)
		}
	}
	if count != want || rowR != wantRow || colR != wantCol {
		t.Fatalf("%s: routes = %b, %b, %d; want %b, %b, %d", where, rowR, colR, count, wantRow, wantCol, want)
	}
}

// isEscape reports whether (r, c) is a square the king wins on.
func isEscape(rules *Rules, b *board, r, c int) bool {
	if rules.Escape == EscapeCorner {
		return b.corner(r, c)
	}
	return b.edge(r, c)
}

// ruleSets lists every preset under every value of repetition, and with
// a short move limit, with each of its layouts.
func ruleSets() []struct {
	name string
	g    *Game
	opts game.Options
} {
	var out []struct {
		name string
		g    *Game
		opts game.Options
	}
	for _, g := range Presets {
		for _, l := range g.layouts {
			for _, rep := range repetitionNames {
				for _, limit := range []string{"400", "40"} {
					o := game.Options{"repetition": rep, "move-limit": limit}
					if len(g.layouts) > 1 {
						o["layout"] = l.Name
					}
					out = append(out, struct {
						name string
						g    *Game
						opts game.Options
					}{fmt.Sprintf("%s/%s/%s/%s", g.name, l.Name, rep, limit), g, o})
				}
			}
		}
	}
	return out
}

// playout plays a game from s to its end (or maxPlies), choosing each
// move with choose, and checks the engine against the State after every
// move.
func playout(t tb, s *State, maxPlies int, choose func(n int) int) {
	t.Helper()
	w := newEngineWalk(s)
	for ply := 0; ply < maxPlies && !s.Terminal(); ply++ {
		legal := s.Legal()
		a := legal[choose(len(legal))]
		where := fmt.Sprintf("%s after %s", s.Position(), s.ActionString(a))
		s.ApplyUnchecked(a)
		v := w.play(uint32(a))
		compare(t, w, s, v, where)
	}
}

// TestEngineAgreesWithState plays random games in every preset, layout
// and option set and checks, after every move, that the engine's board,
// outcome and legal moves are the State's. Random games in the small
// presets end by repetition too, where the games are played with a
// bias toward moving back and forth.
func TestEngineAgreesWithState(t *testing.T) {
	for _, rs := range ruleSets() {
		t.Run(rs.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, uint64(len(rs.name))))
			ends := map[string]int{}
			for range 6 {
				gs, err := rs.g.New(rs.opts)
				if err != nil {
					t.Fatal(err)
				}
				s := gs.(*State)
				// Every other game repeats its moves where it can: the
				// first of the legal moves, which often goes back.
				shuffle := rng.IntN(2) == 0
				playout(t, s, 500, func(n int) int {
					if !shuffle && rng.IntN(4) != 0 {
						return 0
					}
					return rng.IntN(n)
				})
				ends[s.Result().Reason]++
			}
			t.Logf("ends: %v", ends)
		})
	}
}

// TestEngineReachesEveryEnd: over the random games of
// TestEngineAgreesWithState's kind, the engine has met every way a game
// ends but the two random games hardly reach (an edge fort and an
// enclosure: TestEngineSpecialEnds), so that the comparison covers each.
func TestEngineReachesEveryEnd(t *testing.T) {
	ends := map[string]bool{}
	for _, rs := range ruleSets() {
		rng := rand.New(rand.NewPCG(9, uint64(len(rs.name))))
		for range 6 {
			gs, _ := rs.g.New(rs.opts)
			s := gs.(*State)
			playout(t, s, 500, func(n int) int {
				if rng.IntN(3) == 0 {
					return 0
				}
				return rng.IntN(n)
			})
			ends[s.Result().Reason] = true
		}
	}
	for _, reason := range []string{"king escaped", "king captured", "threefold repetition", "move limit", "no legal move"} {
		if !ends[reason] {
			t.Errorf("no random game ended by %q; ends seen: %v", reason, ends)
		}
	}
}

// TestEngineSpecialEnds: from positions of the rules tests where a move
// makes an edge fort or encloses White (and their near misses), every
// legal move gives the engine the State's outcome.
func TestEngineSpecialEnds(t *testing.T) {
	fort := "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 "
	ring := "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 "
	tests := []struct {
		rules    Rules
		position string
	}{
		{CopenhagenRules, diagram(11, "w", fort+"Te6 ta9 tk5")},
		{CopenhagenRules, diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Te6 ta9 tk5")},
		{CopenhagenRules, diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 Td4 Tf4 te3 Te6 ta9")},
		{CopenhagenRules, diagram(11, "w", "Ke1 Tc1 Td1 Tf1 Tg1 Td2 Tf2 Td3 Tf3 tj9 Te6")},
		{FetlarRules, diagram(11, "w", fort+"Te6 ta9 tk5")},
		{SeaRules, diagram(9, "b", ring+"te3")},
		{SeaRules, diagram(9, "b", ring+"te3 Th8")},
		{SeaRules, diagram(9, "b", ring+"Te3 te2")},
		{FetlarRules, diagram(9, "b", ring+"te3")},
		{CopenhagenRules, diagram(11, "b", "Td1 Te1 Tf1 td2 te2 tf2 tc1 Kf6 tj3")},
	}
	ends := map[string]bool{}
	for _, tt := range tests {
		s := setupRules(t, tt.rules, tt.position)
		for _, a := range s.Legal() {
			c := s.Clone().(*State)
			w := newEngineWalk(c)
			c.ApplyUnchecked(a)
			compare(t, w, c, w.play(uint32(a)), tt.position+" after "+s.ActionString(a))
			ends[c.Result().Reason] = true
		}
	}
	for _, reason := range []string{"edge fort", "white enclosed"} {
		if !ends[reason] {
			t.Errorf("no move ended by %q; ends seen: %v", reason, ends)
		}
	}
}

// TestEnginePerft counts the positions two plies from each start (three
// on the 7x7 board), and three from positions near an end, by the engine
// and by State.Apply: the leaves, and the games over among them, must
// agree, and match the counts pinned here.
func TestEnginePerft(t *testing.T) {
	tests := []struct {
		g        *Game
		layout   string
		position string // instead of the layout's start
		depth    int
		leaves   int
		over     int // games over among the leaves
	}{
		{Sea, "sea11", "", 2, 12992, 0},
		{Sea, "sea13", "", 2, 23436, 0},
		{Sea, "sea9circle", "", 2, 3164, 0},
		{Copenhagen, "", "", 2, 6788, 0},
		{Brandubh, "", "", 3, 39512, 0},
		{Tablut, "", "", 2, 4400, 0},
		// Enclosures, edge forts and kings taken among the leaves.
		{Sea, "", diagram(9, "b", "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te3"), 3, 46228, 249},
		{Copenhagen, "", diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 Te6 ta9 tk5 tc2 th2"), 3, 205301, 4223},
		{Brandubh, "", diagram(7, "b", "Kb4 ta5 tc3 td7 Tf6 tg2"), 3, 34810, 233},
	}
	for _, tt := range tests {
		opts := game.Options{}
		if tt.layout != "" {
			opts["layout"] = tt.layout
		}
		gs, err := tt.g.New(opts)
		if tt.position != "" {
			gs, err = tt.g.Setup(nil, tt.position)
		}
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*State)
		w := newEngineWalk(s)
		engLeaves, engOver := enginePerft(w, tt.depth)
		stLeaves, stOver := statePerft(s, tt.depth)
		if engLeaves != stLeaves || engOver != stOver {
			t.Errorf("%s %s perft(%d) = %d leaves, %d over; State: %d, %d", tt.g.name, tt.layout, tt.depth, engLeaves, engOver, stLeaves, stOver)
		}
		if engLeaves != tt.leaves || engOver != tt.over {
			t.Errorf("%s %s perft(%d) = %d leaves, %d over; want %d, %d", tt.g.name, tt.layout, tt.depth, engLeaves, engOver, tt.leaves, tt.over)
		}
	}
}

func enginePerft(w *engineWalk, depth int) (leaves, over int) {
	var buf [1024]uint32
	moves := w.b.legal(w.rules, buf[:0])
	for _, m := range moves {
		c := *w
		c.hist = slices.Clone(w.hist)
		v := c.play(m)
		switch {
		case v != ongoing:
			leaves++
			over++
		case depth == 1:
			leaves++
		default:
			l, o := enginePerft(&c, depth-1)
			leaves += l
			over += o
		}
	}
	return leaves, over
}

func statePerft(s *State, depth int) (leaves, over int) {
	for _, a := range s.Legal() {
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		switch {
		case s.Terminal():
			leaves++
			over++
		case depth == 1:
			leaves++
		default:
			l, o := statePerft(s, depth-1)
			leaves += l
			over += o
		}
		if err := s.Undo(); err != nil {
			panic(err)
		}
	}
	return leaves, over
}

// TestPropertyEngineFromRandomPositions: from random positions under
// random rules (every switch of Rules), random games agree move by move.
func TestPropertyEngineFromRandomPositions(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(7, 13).Draw(rt, "n")
		r := Rules{
			Escape:       Escape(rapid.IntRange(0, 1).Draw(rt, "escape")),
			KingArmed:    rapid.Bool().Draw(rt, "armed"),
			KingCapture:  KingCapture(rapid.IntRange(0, 2).Draw(rt, "kingCapture")),
			Throne:       rapid.Bool().Draw(rt, "throne"),
			Corners:      rapid.Bool().Draw(rt, "corners"),
			Shieldwall:   rapid.Bool().Draw(rt, "shieldwall"),
			EdgeFort:     rapid.Bool().Draw(rt, "edgeFort"),
			Encirclement: rapid.Bool().Draw(rt, "encirclement"),
			Repetition:   Repetition(rapid.IntRange(0, 2).Draw(rt, "repetition")),
			MoveLimit:    rapid.IntRange(0, 420).Draw(rt, "moveLimit"),
		}
		pos := randomPosition(rt, n, r)
		o, _, _ := Sea.rulesFor(nil)
		s, err := newState(Sea, o, r, pos)
		if err != nil {
			rt.Fatalf("newState(%q): %v", pos, err)
		}
		seed := rapid.Uint64().Draw(rt, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		playout(rt, s, 60, rng.IntN)
	})
}

// FuzzEngine plays the game the input chooses (its first byte picks the
// rule set, each following byte a move) and checks the engine against
// the State after every move. The seeds are a short game of each preset
// and a long back-and-forth one.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{5, 200, 13, 77, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{14, 250, 1, 250, 1, 250, 1, 250, 1, 40, 40, 40})
	f.Add([]byte{20, 17, 99, 3, 120, 7, 7, 61})
	sets := ruleSets()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		rs := sets[int(data[0])%len(sets)]
		gs, err := rs.g.New(rs.opts)
		if err != nil {
			t.Fatal(err)
		}
		data = data[1:]
		i := 0
		playout(t, gs.(*State), len(data), func(n int) int {
			i++
			return int(data[i-1]) % n
		})
	})
}

// TestEngineAllocations: a node of the search — copy-make, the verdict,
// the moves and their order, the evaluation — allocates nothing, in
// every preset (Copenhagen's edge forts and shieldwalls included).
func TestEngineAllocations(t *testing.T) {
	for _, g := range Presets {
		gs, _ := g.New(nil)
		s := gs.(*State)
		rng := rand.New(rand.NewPCG(3, 3))
		for range 30 {
			l := s.Legal()
			if len(l) == 0 || s.Terminal() {
				break
			}
			s.ApplyUnchecked(l[rng.IntN(len(l))])
		}
		if s.Terminal() {
			continue
		}
		sr := NewSearcher(s.rules, 10, 1)
		sr.n2 = s.b.n * s.b.n
		sr.history = make([]int32, 2*sr.n2*sr.n2)
		sr.hist = append(sr.hist, s.hashes...)
		moves := s.b.legal(&s.rules, make([]uint32, 0, 1024))
		sr.moves[0] = make([]uint32, 0, 1024)
		sr.keys[0] = make([]uint64, 0, 1024)
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				c := s.b
				from, to := moveSquares(m)
				_, kt := c.move(&s.rules, from, to)
				sr.hist = append(sr.hist, c.hash)
				_ = verdict(&s.rules, &c, s.b.toMove, kt, sr.hist)
				_ = c.edgeFort(&s.rules)
				_ = c.enclosed()
				sr.hist = sr.hist[:len(sr.hist)-1]
				_ = evaluate(&s.rules, &c)
			}
			keys := sr.order(&s.b, moves, 0, 0)
			for i := range keys {
				pick(keys, i)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: a search node allocates %v times", g.name, allocs)
		}
	}
}
