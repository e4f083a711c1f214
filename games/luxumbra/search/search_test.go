package search

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/luxumbra"
)

// agentTurn lets the agent play the decisions of the current turn and
// returns the board once the turn is over (or the game).
func agentTurn(t *testing.T, s *luxumbra.State, a *Agent) {
	t.Helper()
	mover := s.Player()
	for s.Player() == mover {
		act, err := a.Choose(context.Background(), s)
		if err != nil {
			t.Fatalf("Choose(%s) = %v", s.Position(), err)
		}
		if err := s.Apply(act); err != nil {
			t.Fatalf("Apply(%s) at %s: %v", s.ActionString(act), s.Position(), err)
		}
	}
}

// TestSearchTactics: positions where the search must win the king, take a
// piece or save its king within its turn, at a small node budget.
func TestSearchTactics(t *testing.T) {
	tests := []struct {
		name, pos string
		// want checks the state after the mover's turn.
		want func(s *luxumbra.State) bool
		say  string
	}{
		{
			// The knight on a4 (light) stands between the rook on a1
			// (dark) and the king on a8: with LS the knight moves away
			// and the rook takes the king.
			name: "clear the line and take the king",
			pos:  "k7/1p6/8/8/N7/8/6PP/R5K1 w - - 0 1 LS",
			want: func(s *luxumbra.State) bool { r := s.Result(); return r.Kind == game.Win && r.Winners[0] == 0 },
			say:  "White wins by taking the king",
		},
		{
			// The white queen on d1 (light) takes the undefended black
			// queen on d5 (light); the king on e1 (dark) moves too.
			name: "take the queen",
			pos:  "7k/pp4pp/8/3q4/8/8/PP6/3QK3 w - - 0 1 LS",
			want: func(s *luxumbra.State) bool { return s.Board().Pieces(chess.Black, chess.Queen) == 0 },
			say:  "the black queen is taken",
		},
		{
			// The black rook on e8 (light) attacks the white king on e1
			// (dark), which LL cannot move: a light piece must block the
			// file or take the rook, or Black takes the king with any
			// roll showing Light (3/4).
			name: "block the check",
			pos:  "4r2k/6pp/8/8/8/5B2/P7/4K3 w - - 0 1 LL",
			want: func(s *luxumbra.State) bool { return !takesKing(s.Board(), ^chess.Bitboard(0)) },
			say:  "Black cannot take the white king",
		},
		{
			// Black to move with SS: the white queen on d1 (light)
			// attacks the black king on d8 (dark) along the d-file: the
			// king steps off the file, or the rook on h4 (dark) blocks
			// on d4; the knight on c6 (light) cannot move.
			name: "block with the dark pieces",
			pos:  "3k4/7p/2n5/8/7r/8/PP6/3QK3 b - - 0 1 SS",
			want: func(s *luxumbra.State) bool { return !takesKing(s.Board(), ^chess.Bitboard(0)) },
			say:  "White cannot take the black king",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := setupState(t, nil, tc.pos)
			a := NewAgent(20000, 0, 0, 1, 16)
			agentTurn(t, s, a)
			if !tc.want(s) {
				t.Errorf("after the search's turn from %q: %s, want %s", tc.pos, s.Position(), tc.say)
			}
		})
	}
}

// TestSearchLegal plays games of the search against itself with random
// rolls and checks that every move it picks is in Legal().
func TestSearchLegal(t *testing.T) {
	for seed := range uint64(4) {
		st, err := luxumbra.Game.New(game.Options{"balance": []string{"off", "on"}[seed%2]})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*luxumbra.State)
		rng := rand.New(rand.NewPCG(seed, 9))
		agent := NewAgent(300, 0, 0, seed, 16)
		for n := 0; n < 300 && !s.Terminal(); n++ {
			if s.Player() == game.Chance {
				outs := s.ChanceOutcomes()
				if err := s.Apply(outs[rng.IntN(len(outs))].Action); err != nil {
					t.Fatal(err)
				}
				continue
			}
			a, err := agent.Choose(context.Background(), s)
			if err != nil {
				t.Fatalf("seed %d: Choose(%s) = %v", seed, s.Position(), err)
			}
			if !slices.Contains(s.Legal(), a) {
				t.Fatalf("seed %d: Choose(%s) = %s, not in Legal()", seed, s.Position(), s.ActionString(a))
			}
			s.ApplyUnchecked(a)
		}
	}
}

// TestSearchReproducible: at a node budget two agents with one seed make
// the same choices with the same number of nodes.
func TestSearchReproducible(t *testing.T) {
	const pos = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4 LS"
	var first []int
	for run := range 2 {
		s := setupState(t, nil, pos)
		a := NewAgent(5000, 0, 0, 7, 16)
		var got []int
		for range 3 {
			if s.Player() == game.Chance {
				s.ApplyUnchecked(luxumbra.RollLS)
				continue
			}
			act, err := a.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			nodes := a.LastStats().Iterations
			got = append(got, int(act), nodes)
			s.ApplyUnchecked(act)
		}
		if run == 0 {
			first = got
		} else if !slices.Equal(first, got) {
			t.Errorf("two runs at 5,000 nodes chose (move, nodes) %v and %v", first, got)
		}
	}
	if first[1] > 5000 || first[1] < 4000 {
		t.Errorf("the first search visited %d nodes at a budget of 5,000", first[1])
	}
}

// naive is expectiminimax without pruning nor table over the same tree as
// the Searcher: the reference the pruning is checked against.
type naive struct {
	s     *Searcher // for the leaf values only
	nodes int
}

func (x *naive) decide(n *node, depth, ply int) float64 {
	if depth <= 0 || ply >= maxPly {
		return x.quiesce(n, ply)
	}
	x.nodes++
	var ml chess.MoveList
	n.pos.PseudoMoves(&ml, n.d.FromMask(), ^chess.Bitboard(0))
	best := -infValue
	for _, m := range ml.Slice() {
		best = max(best, x.after(n, m, depth-1, ply+1))
	}
	return best
}

func (x *naive) after(n *node, m chess.Move, depth, ply int) float64 {
	c := *n
	us := c.pos.Turn()
	c.play(m)
	if wins(&c.pos, us) {
		return winValue
	}
	if c.d.Unused() > 0 && hasMoveSlow(&c) {
		return x.decide(&c, depth, ply)
	}
	c.endTurn()
	return -x.chance(&c, depth, ply)
}

func (x *naive) chance(n *node, depth, ply int) float64 {
	x.nodes++
	if ply >= maxPly {
		return x.s.chanceLeaf(n)
	}
	v := 0.0
	for _, o := range twoDice() {
		c := node{pos: n.pos, d: luxumbra.DiceOf(o.Action)}
		var ml chess.MoveList
		c.pos.PseudoMoves(&ml, c.d.FromMask(), ^chess.Bitboard(0))
		if ml.N == 0 {
			v -= o.Prob * winValue
			continue
		}
		v += o.Prob * x.decide(&c, depth, ply+1)
	}
	return v
}

func (x *naive) quiesce(n *node, ply int) float64 {
	x.nodes++
	var all chess.MoveList
	n.pos.PseudoMoves(&all, n.d.FromMask(), ^chess.Bitboard(0))
	us := n.pos.Turn()
	best := leaf(&n.pos)
	for _, m := range all.Slice() {
		victim := n.pos.Piece(m.To())
		if victim == chess.NoPiece {
			continue
		}
		if victim.Role() == chess.King {
			return winValue
		}
		if ply >= maxPly {
			continue
		}
		c := *n
		c.play(m)
		var v float64
		switch {
		case wins(&c.pos, us):
			v = winValue
		case c.d.Unused() > 0 && hasMoveSlow(&c):
			v = x.quiesce(&c, ply+1)
		default:
			c.endTurn()
			v = -x.s.chanceLeaf(&c)
		}
		best = max(best, v)
	}
	return best
}

// hasMoveSlow reports whether the unused dice of n allow a move, by
// listing the moves.
func hasMoveSlow(n *node) bool {
	var ml chess.MoveList
	n.pos.PseudoMoves(&ml, n.d.FromMask(), ^chess.Bitboard(0))
	return ml.N > 0
}

// TestStar1MatchesExpectimax: the search's value of a position with a full
// window, without the table and without the principal variation search,
// equals plain expectiminimax's at small depths, and Star1 cuts off rolls
// to get there; with the principal variation search it is the same where
// no move is reduced.
func TestStar1MatchesExpectimax(t *testing.T) {
	tests := []struct {
		pos   string
		depth int
	}{
		{luxumbra.StartPosition, 2},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS", 2},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4 LS", 3},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b - - 4 4 --", 2},
		{"4r2k/6pp/8/8/8/5B2/P7/4K3 w - - 0 1 LL", 3},
		{"3k4/7p/2n5/8/7r/8/PP6/3QK3 b - - 0 1 --", 3},
		{"6k1/5ppp/8/8/3n4/8/5PPP/3R2K1 w - - 0 1 --", 4},
	}
	for _, star2 := range []bool{false, true} {
		cuts := 0
		for _, tc := range tests {
			cuts += star1Case(t, tc.pos, tc.depth, star2)
		}
		if cuts == 0 {
			t.Errorf("*-minimax (Star2 probing %v) cut off no roll in any position", star2)
		}
	}
}

// star1Case compares the values of a position at depths 1 to depth and
// returns the number of cutoffs at the rolls.
func star1Case(t *testing.T, pos string, maxDepth int, star2 bool) int {
	t.Helper()
	cuts := 0
	{
		s := setupState(t, nil, pos)
		n := node{pos: *s.Board(), d: s.Rolled()}
		for depth := 1; depth <= maxDepth; depth++ {
			srch := NewSearcher(10, 1)
			srch.noTable, srch.noStar2, srch.noPVS = true, !star2, true
			got := srch.value(&n, depth)
			// The principal variation search reduces no move below
			// depth 3: it finds the same values there.
			if depth < 3 {
				pvs := NewSearcher(10, 1)
				pvs.noTable, pvs.noStar2 = true, !star2
				if v := pvs.value(&n, depth); math.Abs(v-got) > 1e-6 {
					t.Errorf("value(%q, depth %d, Star2 %v) = %v with the principal variation search, %v without", pos, depth, star2, v, got)
				}
			}
			x := naive{s: srch}
			var want float64
			if n.d.Roll > 0 {
				want = x.chance(&n, depth, 0)
			} else {
				want = x.decide(&n, depth, 0)
			}
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("value(%q, depth %d, Star2 %v) = %v with pruning, want %v (expectiminimax)", pos, depth, star2, got, want)
			}
			if srch.nodes > x.nodes {
				t.Errorf("value(%q, depth %d, Star2 %v) visited %d nodes with pruning, more than %d without", pos, depth, star2, srch.nodes, x.nodes)
			}
			cuts += srch.cuts
		}
	}
	return cuts
}

// benchPositions are the decisions the benchmarks search: an opening, two
// middlegames and an ending.
var benchPositions = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4 LS",
	"r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R b - - 0 9 LL",
	"8/5pk1/6p1/8/3R4/6P1/5PKP/2r5 w - - 0 40 SS",
}

// BenchmarkSearch searches each of benchPositions at 20,000 nodes, from an
// empty table, and reports the nodes a second.
func BenchmarkSearch(b *testing.B) {
	var states []*luxumbra.State
	for _, pos := range benchPositions {
		s, err := luxumbra.Game.Setup(nil, pos)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s.(*luxumbra.State))
	}
	nodes := 0
	for b.Loop() {
		for _, st := range states {
			srch := NewSearcher(16, 1)
			nodes += srch.Search(context.Background(), st, Limits{Nodes: 20000}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkLegacySearch searches the same positions with the generic
// alpha-beta of the legacy levels (ai.AlphaBeta over game.State), for
// the nodes a second of the two budgets.
func BenchmarkLegacySearch(b *testing.B) {
	var states []*luxumbra.State
	for _, pos := range benchPositions {
		s, err := luxumbra.Game.Setup(nil, pos)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s.(*luxumbra.State))
	}
	nodes := 0
	for b.Loop() {
		for _, st := range states {
			ab := ai.NewAlphaBeta(ai.AlphaBetaConfig{Nodes: 20000, Seed: 1, TableBits: 16})
			if _, err := ab.Choose(context.Background(), st); err != nil {
				b.Fatal(err)
			}
			nodes += ab.LastStats().Iterations
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestLeaf: the horizon's value keeps the evaluation's order and sign,
// stays short of a win, and a queen more is worth about 0.7 of one.
func TestLeaf(t *testing.T) {
	positions := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --",
		"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --",
		"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 --",
		"4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1 --",
		"4k3/pppppppp/8/8/8/8/8/4K2R w - - 0 1 --",
	}
	type pair struct{ eval, leaf float64 }
	var got []pair
	for _, pos := range positions {
		p := setupState(t, nil, pos).Board()
		e, l := float64(Eval(p)), leaf(p)
		if math.Abs(l) >= winValue || math.Signbit(l) != math.Signbit(e) {
			t.Errorf("leaf(%q) = %v for an evaluation of %v", pos, l, e)
		}
		got = append(got, pair{e, l})
	}
	for _, a := range got {
		for _, b := range got {
			if a.eval < b.eval && a.leaf >= b.leaf {
				t.Errorf("evaluations %v < %v, leaves %v >= %v", a.eval, b.eval, a.leaf, b.leaf)
			}
		}
	}
	if q := got[1].leaf / winValue; q < 0.6 || q > 0.8 {
		t.Errorf("a queen more is worth %.2f of a win (evaluation %v), want about 0.7", q, got[1].eval)
	}
}

// setupState returns the state of a position in the game's notation.
func setupState(t *testing.T, opts game.Options, pos string) *luxumbra.State {
	t.Helper()
	s, err := luxumbra.Game.Setup(opts, pos)
	if err != nil {
		t.Fatalf("Setup(%q) = %v", pos, err)
	}
	return s.(*luxumbra.State)
}

// twoDice returns the outcomes of a roll of two dice, with their
// probabilities, as the game gives them at the start.
func twoDice() []game.Outcome {
	s, err := luxumbra.Game.New(nil)
	if err != nil {
		panic(err)
	}
	return s.ChanceOutcomes()
}
