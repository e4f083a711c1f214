package ai_test

import (
	"context"
	"slices"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// forces reports whether player me wins s by force within plies actions
// (chance outcomes included: every one must win).
func forces(s game.State, me game.Player, plies int) bool {
	if s.Terminal() {
		return slices.Contains(s.Result().Winners, me) && s.Result().Kind == game.Win
	}
	if plies == 0 {
		return false
	}
	p := s.Player()
	if p == game.Chance {
		for _, o := range s.ChanceOutcomes() {
			s.ApplyUnchecked(o.Action)
			ok := forces(s, me, plies-1)
			_ = s.Undo()
			if !ok {
				return false
			}
		}
		return true
	}
	for _, a := range s.Legal() {
		s.ApplyUnchecked(a)
		ok := forces(s, me, plies-1)
		_ = s.Undo()
		if p == me && ok {
			return true
		}
		if p != me && !ok {
			return false
		}
	}
	return p != me
}

func setup(t *testing.T, name, pos string) game.State {
	t.Helper()
	g, err := games.ByName(name)
	if err != nil {
		t.Skip(err)
	}
	s, err := g.Setup(nil, pos)
	if err != nil {
		t.Fatalf("%s.Setup(%q): %v", name, pos, err)
	}
	return s
}

// forcedWins are positions in which the player to move wins by force in
// plies actions, but not in fewer, and not with every first action.
var forcedWins = []struct {
	name, game, pos string
	plies           int
}{
	// White's king steps to d3, where both halves of rank 3 lead to the
	// edge; Black can close only one. Every other square the king reaches
	// opens a single route, which Black closes.
	{"sea hnefatafl king escape in 2", "seatafl", "/7/2ttt2/1t5/1t1K1t1/7/3t3/7/ w", 3},
	// Black holds no K card, so any check mates: the knight needs two
	// moves to give one, and Black's pawn cannot stop it.
	{"samurai mate in 2 by cards", "samurai", "8/p7/8/7k/8/2N5/8/K7[Np/] w - - 0 1", 3},
	// Dice Light and Shadow: the pawn on d4 (a dark square) must take on
	// e5 first, opening the file for the queen on d1 (a light square) to
	// take the king with the second die.
	{"lux et umbra king capture given the dice", "luxumbra", "r2k4/8/8/4p3/3P4/8/8/3QK3 w - - 0 1 LS", 2},
}

func TestAlphaBetaFindsForcedWins(t *testing.T) {
	for _, tt := range forcedWins {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(t, tt.game, tt.pos)
			me := s.Player()
			if forces(s.Clone(), me, tt.plies-1) {
				t.Fatalf("%q: a win in %d plies exists; the test wants %d", tt.pos, tt.plies-1, tt.plies)
			}
			if !forces(s.Clone(), me, tt.plies) {
				t.Fatalf("%q: no forced win in %d plies", tt.pos, tt.plies)
			}
			losing := 0
			for _, a := range s.Legal() {
				c := s.Clone()
				c.ApplyUnchecked(a)
				if !forces(c, me, tt.plies-1) {
					losing++
				}
			}
			if losing == 0 {
				t.Fatalf("%q: every action wins; the test cannot fail", tt.pos)
			}
			for _, cfg := range []ai.AlphaBetaConfig{{Depth: tt.plies, Seed: 1}, {Nodes: 200000, Seed: 2}} {
				a, err := ai.NewAlphaBeta(cfg).Choose(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				c := s.Clone()
				c.ApplyUnchecked(a)
				if !forces(c, me, tt.plies-1) {
					t.Errorf("AlphaBeta(%+v).Choose(%q) = %s, which does not win by force", cfg, tt.pos, s.ActionString(a))
				}
			}
		})
	}
}

// The samurai mate needs Black to lack the K card: with it, the king
// walks away and there is no forced win.
func TestSamuraiMateDependsOnCards(t *testing.T) {
	s := setup(t, "samurai", "8/p7/8/7k/8/2N5/8/K7[Nkp/] w - - 0 1")
	if forces(s, s.Player(), 3) {
		t.Errorf("with Black holding K, White still mates in 2: the card rule plays no part")
	}
}

// obviousWins are dice-game positions with one action that wins at once
// or by force, which MCTS must prefer.
var obviousWins = []struct {
	name, game, pos, want string
}{
	{"lux et umbra: open the file, then take the king", "luxumbra", "r2k4/8/8/4p3/3P4/8/8/3QK3 w - - 0 1 LS", "d4e5"},
	{"seidr: the call of steel takes the king, not the queen", "seidr", "1R2k3/8/8/q7/8/8/7K/Q7 w - - 1 1 steel h2", "b8e8"},
	// p2's konung stands alone on field 8 with its last life: the
	// konung's 5 hits it, a technical defeat (8.3).
	{"nords loki: hit the konung on its last life", "nordsloki", "p1=3:K/12W/0/7 p2=8:K/12W/0/1 ghosts=- first=p1 turns=10 move:p1:5-2-1:e", "K3/8"},
}

func TestMCTSPrefersWinningMove(t *testing.T) {
	for _, tt := range obviousWins {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(t, tt.game, tt.pos)
			want, err := s.ParseAction(tt.want)
			if err != nil {
				t.Fatalf("ParseAction(%q): %v", tt.want, err)
			}
			if len(s.Legal()) < 2 {
				t.Fatalf("%q has %d legal actions; the test cannot fail", tt.pos, len(s.Legal()))
			}
			for seed := range uint64(3) {
				for _, all := range []bool{false, true} {
					m := ai.NewMCTS(ai.MCTSConfig{Iterations: 2000, ExpandAll: all, Seed: seed})
					got, err := m.Choose(context.Background(), s)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Errorf("MCTS(seed %d, expand all %v).Choose(%q) = %s, want %s", seed, all, tt.pos, s.ActionString(got), tt.want)
					}
				}
			}
		})
	}
}
