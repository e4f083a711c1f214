package luxumbra

import (
	"fmt"
	"slices"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// State is a game of Lux et Umbra. Its actions are chess Moves (their 16-bit
// value), the roll outcomes RollLL … RollS, and Pass (history only); its
// position notation is FEN plus the dice field (see the package
// documentation).
type State struct {
	opts     game.Options
	balance  bool
	maxTurns int
	start    core
	cur      core
	log      game.Log[core] // each record keeps the core before it
	legal    []chess.Move   // sorted; empty at a chance event and at the end
}

// Board returns the current board. Its side to move is the player whose
// turn it is, during the whole turn.
func (s *State) Board() *chess.Position { return &s.cur.pos }

// Rolled returns the dice of the current turn (Dice gives their text).
func (s *State) Rolled() Dice { return s.cur.d }

// StartHash returns the hash (State.Hash) of the game's starting position,
// for a search that keeps what it learnt while a game goes on.
func (s *State) StartHash() uint64 { return s.start.pos.Hash() ^ s.start.d.Hash() }

// LegalMoves returns the legal moves at a decision (none at a chance event
// or once the game is over), sorted.
func (s *State) LegalMoves() []chess.Move { return s.legal }

// Dice returns the dice field of the position notation: "--" or "-" when
// two dice or one die are to be rolled, else the rolled dice with the used
// ones in lower case ("LS", "lS", "Ls", "lL" …).
func (s *State) Dice() string { return s.cur.d.String() }

// Game returns Game.
func (s *State) Game() game.Game { return Game }

// Options returns the options in force.
func (s *State) Options() game.Options { return s.opts }

// Players returns "white" and "black".
func (s *State) Players() []string { return Game.Players() }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.cur.over() }

// Result describes the end of the game, or Ongoing.
func (s *State) Result() game.Result { return s.cur.result }

// History returns the rolls, moves and passes since the position set up.
func (s *State) History() []game.Action { return s.log.Actions() }

// HistoryLen returns len(s.History()) without copying the history.
func (s *State) HistoryLen() int { return s.log.Len() }

// HistorySince returns s.History()[n:] as a new slice, copying only the tail.
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

// Returns gives +1 to the winner and -1 to the loser, zeros otherwise.
func (s *State) Returns() []float64 { return game.WinReturns(2, s.cur.result) }

// Position writes the position notation: FEN and the dice field.
func (s *State) Position() string { return s.cur.String() }

// Player returns the player whose turn it is, Chance before a roll, or
// NoPlayer once the game is over.
func (s *State) Player() game.Player {
	switch {
	case s.cur.over():
		return game.NoPlayer
	case s.cur.d.Roll > 0:
		return game.Chance
	}
	return game.Player(s.cur.pos.Turn())
}

// ChanceOutcomes returns LL, LS, SS (1/4, 1/2, 1/4) before a turn, L and S
// (1/2 each) before White's first turn under balance=on, else nil.
func (s *State) ChanceOutcomes() []game.Outcome {
	if s.cur.over() {
		return nil
	}
	switch s.cur.d.Roll {
	case 2:
		return slices.Clone(twoDice) // 2.1
	case 1:
		return slices.Clone(oneDie) // 5
	}
	return nil
}

// Legal returns the roll outcomes before a turn, else the moves the unused
// dice allow, sorted.
func (s *State) Legal() []game.Action {
	if s.cur.over() {
		return nil
	}
	if s.cur.d.Roll > 0 {
		outs := s.ChanceOutcomes()
		out := make([]game.Action, len(outs))
		for i, o := range outs {
			out[i] = o.Action
		}
		return out
	}
	out := make([]game.Action, len(s.legal))
	for i, m := range s.legal {
		out[i] = game.Action(m)
	}
	return out
}

// isLegal reports whether a is legal now.
func (s *State) isLegal(a game.Action) bool {
	switch {
	case s.cur.over():
		return false
	case s.cur.d.Roll == 2:
		return a >= RollLL && a <= RollSS
	case s.cur.d.Roll == 1:
		return a == RollL || a == RollS
	case a > 0xffff:
		return false
	}
	_, ok := slices.BinarySearch(s.legal, chess.Move(a))
	return ok
}

// Apply plays a legal move or roll outcome, or returns an error wrapping
// game.ErrIllegal and changes nothing.
func (s *State) Apply(a game.Action) error {
	if s.cur.over() {
		return fmt.Errorf("luxumbra: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	if !s.isLegal(a) {
		if s.cur.d.Roll > 0 {
			return fmt.Errorf("luxumbra: %w: %s: the dice are to be rolled", game.ErrIllegal, s.ActionString(a))
		}
		return fmt.Errorf("luxumbra: %w: %s with dice %s", game.ErrIllegal, s.ActionString(a), s.cur.d)
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked plays an action of Legal, then applies the rules that need
// no choice (the ends of the game, the end of the turn, a pass).
func (s *State) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, s.cur)
	c := &s.cur
	if c.d.Roll > 0 {
		c.d = DiceOf(a) // 3.1
	} else {
		c.play(chess.Move(a))
		c.result = adjudicate(&c.pos) // 4: after every single move
	}
	s.settle()
}

// Undo takes back the last action, with the pass recorded after it.
func (s *State) Undo() error {
	err := s.log.UndoLast(func(r game.Record[core]) { s.cur = r.Undo })
	if err != nil {
		return fmt.Errorf("luxumbra: %w", err)
	}
	s.refresh()
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.log = s.log.Clone()
	c.legal = slices.Clone(s.legal)
	return &c
}

// String draws the board, the side to move and the dice.
func (s *State) String() string {
	c := &s.cur
	var d string
	switch {
	case c.d.Roll == 2:
		d = "two dice to roll"
	case c.d.Roll == 1:
		d = "one die to roll"
	default:
		d = "dice " + c.d.String()
		var left []string
		if c.d.Light > 0 {
			left = append(left, "Light")
		}
		if c.d.Shadow > 0 {
			left = append(left, "Shadow")
		}
		if len(left) > 0 {
			d += " (moves from " + strings.Join(left, " or ") + " squares)"
		}
	}
	out := c.pos.Diagram() + ", " + d
	if c.over() {
		out += "\n" + game.Describe(s)
	}
	return out
}
