package seidr

import (
	"fmt"
	"slices"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Action values above the 16 bits of a chess.Move.
const (
	// rollBase + f is the roll of face f (1..8).
	rollBase game.Action = 0x10000
	// Pass is the action the game records by itself for a lost turn
	// (2A.4) and for a skipped call of steel (2C.2).
	Pass game.Action = 0x20000
)

// Roll returns the action of a roll of the die showing face f (1..8).
func Roll(f Face) game.Action { return rollBase + game.Action(f) }

// rollFace returns the face of a roll action, or 0.
func rollFace(a game.Action) Face {
	if a > rollBase && a <= rollBase+8 {
		return Face(a - rollBase)
	}
	return 0
}

// State is a game of Seiðr chess. Its actions are chess.Moves (the quiet
// move and the capture), the rolls of the die and the automatic passes.
type State struct {
	opts       game.Options
	quietLimit int // 0: no limit
	deadDraw   bool
	start      Core
	cur        Core
	log        game.Log[Core] // each record keeps the position before it
	legal      []chess.Move   // the moves of phase 2A or 2C, sorted
	result     game.Result
}

// Board returns the current board; the side to move is the player whose
// turn it is, in every phase.
func (s *State) Board() *chess.Position { return &s.cur.Pos }

// Phase returns the phase of the turn.
func (s *State) Phase() Phase { return s.cur.Phase }

// Carrier returns the carrier's square, or chess.NoSquare in phase 2A and
// after a pawn carrier was removed (2B.7).
func (s *State) Carrier() chess.Square { return s.cur.Carrier }

// QuietTurns returns the quiet-turn counter of rule 3.2.
func (s *State) QuietTurns() int { return s.cur.Pos.Halfmove() }

// LegalMoves returns the moves allowed now: the quiet moves in phase 2A,
// the captures in phase 2C, none at a roll or once the game is over.
func (s *State) LegalMoves() []chess.Move { return s.legal }

// Game returns Game.
func (s *State) Game() game.Game { return Game }

// Options returns the options in force, every option present.
func (s *State) Options() game.Options { return s.opts }

// Players returns "white" and "black".
func (s *State) Players() []string { return Game.Players() }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.result.Kind != game.Ongoing }

// Result describes the end of the game (3.1, 3.2, 3.3 and the ruling on
// no quiet move), or Ongoing.
func (s *State) Result() game.Result { return s.result }

// Returns gives +1 to the winner and -1 to the loser, zeros otherwise.
func (s *State) Returns() []float64 { return game.WinReturns(2, s.result) }

// History returns every move, roll and pass since the position set up.
func (s *State) History() []game.Action { return s.log.Actions() }

// HistoryLen returns len(s.History()) without copying the history.
func (s *State) HistoryLen() int { return s.log.Len() }

// HistorySince returns s.History()[n:] as a new slice, copying only the tail.
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

// Position writes the position notation (see the package documentation).
func (s *State) Position() string { return s.cur.position() }

// String draws the board, the side to move, the phase and the carrier.
func (s *State) String() string {
	return fmt.Sprintf("%s, phase %s, carrier %s", s.cur.Pos.Diagram(), s.cur.Phase, s.cur.Carrier)
}

// Player returns the player whose turn it is in phases quiet and steel,
// game.Chance in phase seidr, game.NoPlayer once the game is over.
func (s *State) Player() game.Player {
	switch {
	case s.Terminal():
		return game.NoPlayer
	case s.cur.Phase == Seidr:
		return game.Chance
	}
	return game.Player(s.cur.Pos.Turn())
}

// Legal returns the quiet moves (2A), the eight rolls (2B) or the captures
// (2C), sorted; nil once the game is over.
func (s *State) Legal() []game.Action {
	switch {
	case s.Terminal():
		return nil
	case s.cur.Phase == Seidr:
		out := make([]game.Action, 8)
		for i := range out {
			out[i] = Roll(Face(i + 1))
		}
		return out
	}
	out := make([]game.Action, len(s.legal))
	for i, m := range s.legal {
		out[i] = game.Action(m)
	}
	return out
}

// ChanceOutcomes lists the eight faces of the die, each 1/8 (2B.1).
func (s *State) ChanceOutcomes() []game.Outcome {
	if s.Terminal() || s.cur.Phase != Seidr {
		return nil
	}
	out := make([]game.Outcome, 8)
	for i := range out {
		out[i] = game.Outcome{Action: Roll(Face(i + 1)), Prob: 1.0 / 8}
	}
	return out
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.log = s.log.Clone()
	c.legal = slices.Clone(s.legal)
	return &c
}

// Apply plays a legal action; anything else is an error wrapping
// game.ErrIllegal and changes nothing.
func (s *State) Apply(a game.Action) error {
	if s.Terminal() {
		return fmt.Errorf("seidr: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	if s.cur.Phase == Seidr {
		if rollFace(a) == 0 {
			return fmt.Errorf("seidr: %w: %s: the die is to be rolled (1 to 8)", game.ErrIllegal, s.ActionString(a))
		}
	} else if _, ok := slices.BinarySearch(s.legal, chess.Move(a)); a > 0xffff || !ok {
		return fmt.Errorf("seidr: %w: %s is not a %s move here", game.ErrIllegal, s.ActionString(a), s.cur.Phase)
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked plays an action known to be legal, then the passes that
// follow by themselves.
func (s *State) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, s.cur)
	switch s.cur.Phase {
	case Quiet:
		s.cur.QuietMove(chess.Move(a))
	case Seidr:
		if _, removed := s.cur.Roll(rollFace(a)); removed {
			s.cur.ResetQuiet() // 3.2: a pawn was removed
		}
	case Steel:
		s.cur.Capture(chess.Move(a))
	}
	s.settle()
}

// settle decides the result and the legal moves after a change, and plays
// the turns and phases that happen by themselves, recording each as Pass:
// the lost turn of a player without a quiet move (2A.4) and the call of
// steel without a capture (2C.2).
func (s *State) settle() {
	for {
		s.legal = s.legal[:0]
		var ml chess.MoveList
		if s.cur.Phase == Quiet {
			QuietMoves(&s.cur.Pos, &ml)
		}
		s.result = s.cur.Adjudicate(s.quietLimit, s.deadDraw, ml.N > 0)
		if s.result.Kind != game.Ongoing || s.cur.Phase == Seidr {
			return
		}
		if s.cur.Phase == Quiet {
			if ml.N == 0 {
				s.log.Push(Pass, true, s.cur)
				s.cur.LoseTurn() // 2A.4
				continue
			}
		} else {
			SteelMoves(&s.cur.Pos, s.cur.Carrier, &ml)
			if ml.N == 0 {
				s.log.Push(Pass, true, s.cur)
				s.cur.EndTurn() // 2C.2
				continue
			}
		}
		s.legal = append(s.legal, ml.Slice()...)
		slices.Sort(s.legal)
		return
	}
}

// Undo takes back the last action with the passes recorded after it.
func (s *State) Undo() error {
	if err := s.log.UndoLast(func(r game.Record[Core]) { s.cur = r.Undo }); err != nil {
		return fmt.Errorf("seidr: %w", err)
	}
	s.settle()
	return nil
}

// ActionString writes a move in UCI notation, a roll as its face ("2"), a
// pass as "pass", and any other number as "invalid(N)".
func (s *State) ActionString(a game.Action) string { return ActionString(a) }

// ActionString writes an action of Seiðr chess; see State.ActionString.
func ActionString(a game.Action) string {
	if f := rollFace(a); f != 0 {
		return string(rune('0' + f))
	}
	if a == Pass {
		return "pass"
	}
	return chess.ActionString(a)
}

// ParseAction reads a roll ("1" to "8") or a move in UCI notation or SAN.
// "pass" is well-formed but never legal: the game passes by itself.
func (s *State) ParseAction(text string) (game.Action, error) {
	if s.Terminal() {
		return 0, fmt.Errorf("seidr: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	if len(text) == 1 && text[0] >= '1' && text[0] <= '8' {
		if s.cur.Phase != Seidr {
			return 0, fmt.Errorf("seidr: %w: roll %s: no seiðr now (phase %s)", game.ErrIllegal, text, s.cur.Phase)
		}
		return Roll(Face(text[0] - '0')), nil
	}
	if text == "pass" {
		return 0, fmt.Errorf("seidr: %w: pass: the game passes by itself (2A.4, 2C.2)", game.ErrIllegal)
	}
	m, err := chess.ParseMove(&s.cur.Pos, text, s.legal)
	if err != nil {
		return 0, fmt.Errorf("seidr: %w", err)
	}
	return game.Action(m), nil
}

// Hash returns a Zobrist hash of the board, the side to move, the phase and
// the carrier (not the counters).
func (s *State) Hash() uint64 { return s.cur.Hash() }

// Hash returns State.Hash of the position c.
func (c *Core) Hash() uint64 {
	return c.Pos.Hash() ^ phaseKeys[c.Phase] ^ carrierKeys[c.Carrier+1]
}

// Core returns a copy of the current position, for a search to play on.
func (s *State) Core() Core { return s.cur }

// StartHash returns the hash (State.Hash) of the game's starting position,
// for a search that keeps what it learnt while a game goes on.
func (s *State) StartHash() uint64 { return s.start.Hash() }

// QuietLimit returns the number of quiet turns in a row after which the
// game is drawn (the option quiet-limit; 0: no limit).
func (s *State) QuietLimit() int { return s.quietLimit }

// DeadDraw reports whether a game with only the two kings left is drawn
// at once (the option dead-draw).
func (s *State) DeadDraw() bool { return s.deadDraw }

// Zobrist keys for the phase and the carrier square (index 0: none), from a
// fixed-seed generator.
var phaseKeys, carrierKeys = func() (ph [3]uint64, ca [65]uint64) {
	keys := game.KeyStream(0x5e1d2c0ffee)
	for i := range ph {
		ph[i] = keys.Next()
	}
	for i := range ca {
		ca[i] = keys.Next()
	}
	return
}()
