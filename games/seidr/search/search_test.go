package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/seidr"
)

// TestSearchPlaysLegal plays games in which the search makes every
// choice of one player and random play the other's, and checks that each
// action the search picks is in State.Legal().
func TestSearchPlaysLegal(t *testing.T) {
	for seed := range uint64(4) {
		st, _ := seidr.Game.New(nil)
		s := st.(*seidr.State)
		ag := NewLevelSearch(s, 2000, 0, 0, seed)
		side := game.Player(seed % 2)
		rng := rand.New(rand.NewPCG(seed, 7))
		chosen := 0
		for plies := 0; !s.Terminal() && plies < 600; plies++ {
			legal := s.Legal()
			a := legal[rng.IntN(len(legal))]
			if s.Player() == side {
				var err error
				if a, err = ag.Choose(context.Background(), s); err != nil {
					t.Fatalf("Choose at %s: %v", s.Position(), err)
				}
				chosen++
				found := false
				for _, l := range legal {
					found = found || l == a
				}
				if !found {
					t.Fatalf("Choose at %s = %s, not in Legal() %s", s.Position(), s.ActionString(a), legalList(s))
				}
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if chosen == 0 {
			t.Errorf("seed %d: the search made no choice", seed)
		}
	}
}

// TestSearchChooses checks the move the search picks where one move is
// right: a king to take in the call of steel, an attacker of its own king
// to take instead of a pawn, a quiet move that keeps a file closed
// before its own king.
func TestSearchChooses(t *testing.T) {
	tests := []struct {
		name, position string
		want           string // the move, or "!" and a square the move must not leave
	}{
		// 3.1: Rxe8 takes the king; Rxa1 takes a queen.
		{"king in the call of steel", "4k3/8/8/8/8/8/8/q3RK1N w - - 1 1 steel h1", "e1e8"},
		// The black rook on a8 attacks the white king: Rxa8 saves it,
		// Bxh7 takes a pawn and loses the king in Black's call of steel.
		{"take the attacker", "rR6/7p/4k3/8/8/8/2B5/K5N1 w - - 1 1 steel g1", "b8a8"},
		// The knight on a2 closes the a-file before the king; moved, it
		// is the carrier and slides away, and Black's rook takes the king.
		{"keep the file closed", "r6k/6pp/8/8/8/8/N5PP/K7 w - - 0 1 quiet -", "!a2"},
	}
	for _, tt := range tests {
		for seed := range uint64(3) {
			s := setupState(t, nil, tt.position)
			ag := NewLevelSearch(s, 20000, 0, 0, seed)
			a, err := ag.Choose(context.Background(), s)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got := s.ActionString(a)
			if tt.want[0] == '!' {
				if from, _ := chess.ParseSquare(tt.want[1:]); chess.Move(a).From() == from {
					t.Errorf("%s (seed %d): Choose(%q) = %s, a move from %s", tt.name, seed, tt.position, got, tt.want[1:])
				}
			} else if got != tt.want {
				t.Errorf("%s (seed %d): Choose(%q) = %s, want %s", tt.name, seed, tt.position, got, tt.want)
			}
		}
	}
}

// TestSearchReproducible checks that at a node budget two agents of one
// seed search the same nodes to the same move and value, and that the
// budget bounds the search.
func TestSearchReproducible(t *testing.T) {
	const nodes = 30000
	positions := []string{
		seidr.StartPosition,
		"r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w - - 4 5 quiet -",
	}
	for _, pos := range positions {
		var first Result
		for i := range 2 {
			s := setupState(t, nil, pos)
			ag := NewAgent(DefaultSearchConfig, nodes, 0, 0, 9, 16)
			if _, err := ag.Choose(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			r := ag.LastResult()
			if r.Move == chess.NoMove || r.Depth < 1 {
				t.Fatalf("search of %q = %+v, want a move and a depth", pos, r)
			}
			if i == 0 {
				first = r
				continue
			}
			if r != first {
				t.Errorf("search of %q = %+v, then %+v", pos, first, r)
			}
		}
	}
}

// TestStar1 checks that the chance nodes' *-minimax pruning gives the
// value plain expectiminimax gives, on small positions searched to one and
// two turns, and that it visits fewer nodes.
func TestStar1(t *testing.T) {
	positions := []string{
		"r6k/6pp/8/8/8/8/N5PP/K7 w - - 0 1 quiet -",
		"4k3/3p4/8/2n5/8/5B2/3P4/4K3 b - - 0 1 quiet -",
		"6k1/5pp1/8/8/3Q4/8/5PP1/r5K1 w - - 0 1 quiet -",
		"rR6/7p/4k3/8/8/8/2B5/K5N1 w - - 1 1 steel g1",
	}
	for _, pos := range positions {
		for depth := 1; depth <= 2; depth++ {
			var values [2]int
			var nodes [2]int64
			for i, star := range []bool{false, true} {
				cfg := DefaultSearchConfig
				cfg.Star1 = star
				cfg.RootRolls = 2
				s := setupState(t, nil, pos)
				sr := NewSearcher(cfg, 16, s.QuietLimit(), s.DeadDraw(), 3)
				c := s.Core()
				r := sr.Search(context.Background(), &c, 0, time.Time{}, depth)
				values[i], nodes[i] = r.Value, r.Nodes
			}
			if values[0] != values[1] {
				t.Errorf("%q to %d turns: Star1 value %d, expectiminimax %d", pos, depth, values[1], values[0])
			}
			if nodes[1] > nodes[0] {
				t.Errorf("%q to %d turns: Star1 visited %d nodes, expectiminimax %d", pos, depth, nodes[1], nodes[0])
			}
			t.Logf("%q to %d turns: value %d, nodes %d (Star1) and %d", pos, depth, values[1], nodes[1], nodes[0])
		}
	}
}

// TestSearchKeepsTable checks that the agent keeps its transposition
// table from one move to the next of a game: searching the same position
// again visits fewer nodes, and a new game clears the table.
func TestSearchKeepsTable(t *testing.T) {
	const pos = "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w - - 4 5 quiet -"
	s := setupState(t, nil, pos)
	ag := NewAgent(DefaultSearchConfig, 0, 0, 1, 5, 16)
	var nodes [3]int
	for i := range nodes {
		if i == 2 {
			// A game shorter than the last one seen is another game.
			s = setupState(t, nil, pos)
			ag.game.Continues(s.StartHash(), s.HistoryLen()+1)
		}
		if _, err := ag.Choose(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		nodes[i] = ag.LastStats().Iterations
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("the second search of %q visited %d nodes, the first %d: the table was not kept", pos, nodes[1], nodes[0])
	}
	if nodes[2] != nodes[0] {
		t.Errorf("a search in a new game visited %d nodes, the first search %d: the table was not cleared", nodes[2], nodes[0])
	}
}

// setupState returns the state of a position in the game's notation.
func setupState(t *testing.T, opts game.Options, position string) *seidr.State {
	t.Helper()
	s, err := seidr.Game.Setup(opts, position)
	if err != nil {
		t.Fatalf("Setup(%q): %v", position, err)
	}
	return s.(*seidr.State)
}

// legalList returns the legal actions of s in its notation, sorted.
func legalList(s game.State) string {
	var out []string
	for _, a := range s.Legal() {
		out = append(out, s.ActionString(a))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
