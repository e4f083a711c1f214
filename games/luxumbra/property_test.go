package luxumbra

import (
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// colourMask returns the squares of a colour: light for Light, dark for
// Shadow (2.2).
func colourMask(light bool) chess.Bitboard {
	if light {
		return chess.LightSquares
	}
	return chess.DarkSquares
}

// canMove reports whether the side to move of p has a move from a square of
// one of the colours (any orthodox move, kings capturable).
func canMove(p chess.Position, lights ...bool) bool {
	var from chess.Bitboard
	for _, l := range lights {
		from |= colourMask(l)
	}
	var ml chess.MoveList
	p.PseudoMoves(&ml, from, ^chess.Bitboard(0))
	return ml.N > 0
}

// rollColours returns the colours a roll shows, true for Light.
func rollColours(a game.Action) []bool {
	return map[game.Action][]bool{
		RollLL: {true, true}, RollLS: {true, false}, RollSS: {false, false},
		RollL: {true}, RollS: {false},
	}[a]
}

// turn is one turn read back from a game's log.
type turn struct {
	roll  game.Action
	mover chess.Color
	after chess.Position // the board after the roll
	moves []game.Record[core]
	pass  bool
}

// turns splits a log into turns.
func turns(log game.Log[core]) []turn {
	var out []turn
	for _, r := range log {
		switch {
		case r.Action >= RollLL && r.Action <= RollS:
			out = append(out, turn{roll: r.Action, mover: r.Undo.pos.Turn(), after: r.Undo.pos})
		case r.Action == Pass:
			out[len(out)-1].pass = true
		default:
			out[len(out)-1].moves = append(out[len(out)-1].moves, r)
		}
	}
	return out
}

// TestPropertyTurns plays random games and checks every turn against the
// rules read independently: one or two moves (one under the single die),
// each from a square of a rolled colour, the second with the other die; a
// turn with one move of two dice ends only when the other die allows no
// move; a player whose roll allows no move has lost, and only then; the
// players alternate; there is never a draw.
func TestPropertyTurns(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := game.Options{"balance": rapid.SampledFrom([]string{"off", "on"}).Draw(t, "balance")}
		st, err := Game.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for ply := 0; ply < 400 && !s.Terminal(); ply++ {
			legal := s.Legal()
			s.ApplyUnchecked(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")])
		}
		ts := turns(s.log)
		for i, tn := range ts {
			last := i == len(ts)-1
			if i > 0 && tn.mover == ts[i-1].mover {
				t.Fatalf("turn %d: %s moves twice in a row", i, tn.mover)
			}
			dice := rollColours(tn.roll)
			if !canMove(tn.after, dice...) {
				r := s.Result()
				if !last || len(tn.moves) > 0 || r.Reason != "no move" || r.Winners[0] != game.Player(tn.mover.Other()) {
					t.Fatalf("turn %d: %s rolls %s and cannot move, but the result is %+v", i, tn.mover, ActionString(tn.roll), r)
				}
				continue
			}
			if len(tn.moves) == 0 && !last {
				t.Fatalf("turn %d: no move after %s", i, ActionString(tn.roll))
			}
			if len(tn.moves) > len(dice) {
				t.Fatalf("turn %d: %d moves with %d dice", i, len(tn.moves), len(dice))
			}
			left := append([]bool(nil), dice...)
			for j, r := range tn.moves {
				if r.Undo.pos.Turn() != tn.mover {
					t.Fatalf("turn %d, move %d: by %s, want %s", i, j, r.Undo.pos.Turn(), tn.mover)
				}
				light := chess.Move(r.Action).From().IsLight()
				k := -1
				for n, l := range left {
					if l == light {
						k = n
					}
				}
				if k < 0 {
					t.Fatalf("turn %d, move %d: %s from a %v square, dice left %v", i, j, ActionString(r.Action), light, left)
				}
				left = append(left[:k], left[k+1:]...)
			}
			complete := !last || (!s.Terminal() && s.Player() == game.Chance) || s.Result().Reason == "max-turns"
			if complete && len(tn.moves) < len(dice) {
				// The turn ended early: only because the die left allows no
				// move after the first one, recorded as a pass.
				p := tn.moves[0].Undo.pos
				p.Play(chess.Move(tn.moves[0].Action))
				p.SetTurn(tn.mover)
				p.SetEPSquare(chess.NoSquare)
				if canMove(p, left...) || !tn.pass {
					t.Fatalf("turn %d: ended after %s with a move left (pass recorded %v)", i, ActionString(tn.moves[0].Action), tn.pass)
				}
			}
			if len(dice) == 1 && tn.pass {
				t.Fatalf("turn %d: a pass after the single die", i)
			}
		}
		if r := s.Result(); r.Reason == "no move" {
			tn := ts[len(ts)-1]
			if len(tn.moves) > 0 || canMove(tn.after, rollColours(tn.roll)...) {
				t.Fatalf("lost by no move after %s with moves %d, though a move was possible", ActionString(tn.roll), len(tn.moves))
			}
		}
		if s.Result().Kind == game.Draw {
			t.Fatalf("a draw: %+v", s.Result())
		}
	})
}

// TestPropertyRoundTrip: every position of a random game reads back to the
// same position, player, legal actions and hash.
func TestPropertyRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := game.Options{"balance": rapid.SampledFrom([]string{"off", "on"}).Draw(t, "balance")}
		st, _ := Game.New(opts)
		s := st.(*State)
		for ply := 0; ply < 200; ply++ {
			back, err := Game.Setup(opts, s.Position())
			if err != nil {
				t.Fatalf("Setup(%q): %v", s.Position(), err)
			}
			b := back.(*State)
			if b.Position() != s.Position() || b.Player() != s.Player() || b.Hash() != s.Hash() || b.Result().Reason != s.Result().Reason {
				t.Fatalf("Setup(%q) gives %q, player %d, hash %x, result %+v; want player %d, hash %x, result %+v",
					s.Position(), b.Position(), b.Player(), b.Hash(), b.Result(), s.Player(), s.Hash(), s.Result())
			}
			if s.Terminal() {
				break
			}
			legal := s.Legal()
			s.ApplyUnchecked(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")])
		}
	})
}

// TestPropertyEvaluateExpectation: at every chance event of a random game,
// Evaluate equals the probability-weighted sum of Evaluate after each
// outcome, and it stays in [-1, 1] and zero-sum everywhere.
func TestPropertyEvaluateExpectation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := game.Options{"balance": rapid.SampledFrom([]string{"off", "on"}).Draw(t, "balance")}
		st, _ := Game.New(opts)
		s := st.(*State)
		for ply := 0; ply < 300 && !s.Terminal(); ply++ {
			v := s.Evaluate()
			if len(v) != 2 || v[0] != -v[1] || v[0] < -1 || v[0] > 1 {
				t.Fatalf("Evaluate(%q) = %v", s.Position(), v)
			}
			if s.Player() == game.Chance {
				sum := 0.0
				for _, o := range s.ChanceOutcomes() {
					c := s.Clone().(*State)
					c.ApplyUnchecked(o.Action)
					sum += o.Prob * c.Evaluate()[0]
				}
				if math.Abs(sum-v[0]) > 1e-12 {
					t.Fatalf("Evaluate(%q) = %v, want the expectation over the roll %v", s.Position(), v[0], sum)
				}
			}
			legal := s.Legal()
			s.ApplyUnchecked(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")])
		}
	})
}
