package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

// engineWalk follows a State move by move with the engine's own view of
// the game: the board by copy-make, the hashes since the last capture and
// verdict.
type engineWalk struct {
	rules *tafl.Rules
	b     tafl.Board
	hist  []uint64
	irrev int
}

func newEngineWalk(s *tafl.State) *engineWalk {
	return &engineWalk{rules: ptr(s.Rules()), b: s.Board(), hist: slices.Clone(s.Reversible())}
}

// play makes the move on the engine's board and returns its verdict, with
// "no legal move" found the way the search finds it (by generating).
func (w *engineWalk) play(m uint32) int {
	mover := w.b.ToMove
	from, to := moveSquares(m)
	ncaps, kingTaken := w.b.Move(w.rules, from, to)
	w.hist = append(w.hist, w.b.Hash)
	if ncaps > 0 {
		w.irrev = len(w.hist) - 1
	}
	v := verdict(w.rules, &w.b, mover, kingTaken, w.hist[w.irrev:])
	if v == ongoing {
		var buf [1024]uint32
		if len(w.b.Legal(w.rules, buf[:0])) == 0 {
			v = blackWon // 4.4: the side to move loses
			if w.b.ToMove == tafl.Black {
				v = whiteWon
			}
		}
	}
	return v
}

// stateVerdict is the engine's outcome of a State's result.
func stateVerdict(s *tafl.State) int {
	r := s.Result()
	switch {
	case r.Kind == game.Ongoing:
		return ongoing
	case r.Kind == game.Draw:
		return drawn
	case r.Winners[0] == tafl.Black:
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
func compare(t tb, w *engineWalk, s *tafl.State, v int, where string) {
	t.Helper()
	if w.b != s.Board() {
		t.Fatalf("%s: the engine's board is %s, the state's %s", where, w.b.Position(), s.Position())
	}
	if want := stateVerdict(s); v != want {
		t.Fatalf("%s: the engine's verdict is %d, the state's %d (%s)", where, v, want, status(s))
	}
	if v != ongoing {
		return
	}
	var buf [1024]uint32
	moves := w.b.Legal(w.rules, buf[:0])
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
func checkCaptureMasks(t tb, rules *tafl.Rules, b *tafl.Board, moves []uint32, where string) {
	t.Helper()
	var caps [4][tafl.MaxSize]uint32
	captureTargets(b, rules, &caps)
	n := b.N
	for _, m := range moves {
		from, to := moveSquares(m)
		tr, tc := to/n, to%n
		got := b.Captured(rules, from, to)
		if rules.Shieldwall && b.Edge(tr, tc) {
			continue
		}
		mask := 0
		for d := range caps {
			mask += int(caps[d][tr] >> tc & 1)
		}
		if from == b.King && !rules.KingArmed {
			mask = 0
		}
		if cc := captureCount(b, rules, from, to); cc != len(got) || mask != len(got) {
			t.Fatalf("%s: %s takes %d, captureCount says %d, captureTargets %d", where, fmt.Sprintf("move %d-%d", m>>9, m&511), len(got), cc, mask)
		}
	}
}

// checkRoutes: board.routes counts the escape squares the king reaches in
// one move, and its masks are the squares between him and them.
func checkRoutes(t tb, rules *tafl.Rules, b *tafl.Board, where string) {
	t.Helper()
	n := b.N
	kr, kc := b.King/n, b.King%n
	rowR, colR, count := routes(b, rules)
	rt, ct := b.Slides(rules, kr, kc)
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
func isEscape(rules *tafl.Rules, b *tafl.Board, r, c int) bool {
	if rules.Escape == tafl.EscapeCorner {
		return b.Corner(r, c)
	}
	return b.Edge(r, c)
}

// ruleSets lists every preset under every value of repetition, and with
// a short move limit, with each of its layouts.
func ruleSets() []struct {
	name string
	g    *tafl.Game
	opts game.Options
} {
	var out []struct {
		name string
		g    *tafl.Game
		opts game.Options
	}
	for _, g := range tafl.Presets {
		for _, l := range g.Layouts() {
			for _, rep := range repetitionValues(g) {
				for _, limit := range []string{"400", "40"} {
					o := game.Options{"repetition": rep, "move-limit": limit}
					if len(g.Layouts()) > 1 {
						o["layout"] = l.Name
					}
					out = append(out, struct {
						name string
						g    *tafl.Game
						opts game.Options
					}{fmt.Sprintf("%s/%s/%s/%s", g.Name(), l.Name, rep, limit), g, o})
				}
			}
		}
	}
	return out
}

// playout plays a game from s to its end (or maxPlies), choosing each
// move with choose, and checks the engine against the State after every
// move.
func playout(t tb, s *tafl.State, maxPlies int, choose func(n int) int) {
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
				s := gs.(*tafl.State)
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
			s := gs.(*tafl.State)
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
		rules    tafl.Rules
		position string
	}{
		{tafl.CopenhagenRules, diagram(11, "w", fort+"Te6 ta9 tk5")},
		{tafl.CopenhagenRules, diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Te6 ta9 tk5")},
		{tafl.CopenhagenRules, diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 Td4 Tf4 te3 Te6 ta9")},
		{tafl.CopenhagenRules, diagram(11, "w", "Ke1 Tc1 Td1 Tf1 Tg1 Td2 Tf2 Td3 Tf3 tj9 Te6")},
		{tafl.FetlarRules, diagram(11, "w", fort+"Te6 ta9 tk5")},
		{tafl.SeaRules, diagram(9, "b", ring+"te3")},
		{tafl.SeaRules, diagram(9, "b", ring+"te3 Th8")},
		{tafl.SeaRules, diagram(9, "b", ring+"Te3 te2")},
		{tafl.FetlarRules, diagram(9, "b", ring+"te3")},
		{tafl.CopenhagenRules, diagram(11, "b", "Td1 Te1 Tf1 td2 te2 tf2 tc1 Kf6 tj3")},
	}
	ends := map[string]bool{}
	for _, tt := range tests {
		s := setupRules(t, tt.rules, tt.position)
		for _, a := range s.Legal() {
			c := s.Clone().(*tafl.State)
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
		g        *tafl.Game
		layout   string
		position string // instead of the layout's start
		depth    int
		leaves   int
		over     int // games over among the leaves
	}{
		{tafl.Sea, "sea11", "", 2, 12992, 0},
		{tafl.Sea, "sea13", "", 2, 23436, 0},
		{tafl.Sea, "sea9circle", "", 2, 3164, 0},
		{tafl.Copenhagen, "", "", 2, 6788, 0},
		{tafl.Brandubh, "", "", 3, 39512, 0},
		{tafl.Tablut, "", "", 2, 4400, 0},
		// Enclosures, edge forts and kings taken among the leaves.
		{tafl.Sea, "", diagram(9, "b", "tc4 tc5 tc6 tg4 tg5 tg6 td3 tf3 td7 tf7 te9 Ke5 Te4 te3"), 3, 46228, 249},
		{tafl.Copenhagen, "", diagram(11, "w", "Ke1 Td1 Tf1 Td2 Tf2 Td3 Tf3 Te6 ta9 tk5 tc2 th2"), 3, 205301, 4223},
		{tafl.Brandubh, "", diagram(7, "b", "Kb4 ta5 tc3 td7 Tf6 tg2"), 3, 34810, 233},
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
		s := gs.(*tafl.State)
		w := newEngineWalk(s)
		engLeaves, engOver := enginePerft(w, tt.depth)
		stLeaves, stOver := statePerft(s, tt.depth)
		if engLeaves != stLeaves || engOver != stOver {
			t.Errorf("%s %s perft(%d) = %d leaves, %d over; State: %d, %d", tt.g.Name(), tt.layout, tt.depth, engLeaves, engOver, stLeaves, stOver)
		}
		if engLeaves != tt.leaves || engOver != tt.over {
			t.Errorf("%s %s perft(%d) = %d leaves, %d over; want %d, %d", tt.g.Name(), tt.layout, tt.depth, engLeaves, engOver, tt.leaves, tt.over)
		}
	}
}

func enginePerft(w *engineWalk, depth int) (leaves, over int) {
	var buf [1024]uint32
	moves := w.b.Legal(w.rules, buf[:0])
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

func statePerft(s *tafl.State, depth int) (leaves, over int) {
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
		r := tafl.Rules{
			Escape:       tafl.Escape(rapid.IntRange(0, 1).Draw(rt, "escape")),
			KingArmed:    rapid.Bool().Draw(rt, "armed"),
			KingCapture:  tafl.KingCapture(rapid.IntRange(0, 2).Draw(rt, "kingCapture")),
			Throne:       rapid.Bool().Draw(rt, "throne"),
			Corners:      rapid.Bool().Draw(rt, "corners"),
			Shieldwall:   rapid.Bool().Draw(rt, "shieldwall"),
			EdgeFort:     rapid.Bool().Draw(rt, "edgeFort"),
			Encirclement: rapid.Bool().Draw(rt, "encirclement"),
			Repetition:   tafl.Repetition(rapid.IntRange(0, 4).Draw(rt, "repetition")),
			MoveLimit:    rapid.IntRange(0, 420).Draw(rt, "moveLimit"),
		}
		pos := randomPosition(rt, n, r)
		s, err := tafl.SetupRules(tafl.Sea, r, pos)
		if err != nil {
			rt.Fatalf("SetupRules(%q): %v", pos, err)
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
		playout(t, gs.(*tafl.State), len(data), func(n int) int {
			i++
			return int(data[i-1]) % n
		})
	})
}

// TestEngineAllocations: a node of the search — copy-make, the verdict,
// the moves and their order, the evaluation — allocates nothing, in
// every preset (Copenhagen's edge forts and shieldwalls included).
func TestEngineAllocations(t *testing.T) {
	for _, g := range tafl.Presets {
		gs, _ := g.New(nil)
		s := gs.(*tafl.State)
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
		rules, board := s.Rules(), s.Board()
		sr := NewSearcher(s.Rules(), 10, 1)
		sr.n2 = board.N * board.N
		sr.history = make([]int32, 2*sr.n2*sr.n2)
		sr.hist = append(sr.hist, s.Reversible()...)
		moves := board.Legal(&rules, make([]uint32, 0, 1024))
		sr.moves[0] = make([]uint32, 0, 1024)
		sr.keys[0] = make([]uint64, 0, 1024)
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				c := board
				from, to := moveSquares(m)
				_, kt := c.Move(&rules, from, to)
				sr.hist = append(sr.hist, c.Hash)
				_ = verdict(&rules, &c, board.ToMove, kt, sr.hist)
				_ = c.EdgeFort(&rules)
				_ = c.Enclosed()
				sr.hist = sr.hist[:len(sr.hist)-1]
				_ = evaluate(&rules, &c)
			}
			keys := sr.order(&board, moves, 0, 0)
			for i := range keys {
				pick(keys, i)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: a search node allocates %v times", g.Name(), allocs)
		}
	}
}
