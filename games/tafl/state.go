package tafl

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// State implements game.Evaluator and game.Hasher.
var (
	_ game.Evaluator = (*State)(nil)
	_ game.Hasher    = (*State)(nil)
)

// State is a tafl position with its history.
type State struct {
	g     *Game
	opts  game.Options
	rules Rules
	b     Board
	// hashes holds the hash of every position since the state was
	// created, the current one last; irrev is the index of the first one
	// that can repeat (after the last capture).
	hashes []uint64
	irrev  int
	res    game.Result
	log    game.Log[undo]
}

// Board returns a copy of the board, for a search to play on.
func (s *State) Board() Board { return s.b }

// Rules returns the rules the game is played by, its options applied.
func (s *State) Rules() Rules { return s.rules }

// StartHash returns the hash (State.Hash) of the position the state was
// created with, for a search that keeps what it learnt while a game goes
// on.
func (s *State) StartHash() uint64 { return s.hashes[0] }

// Reversible returns the hashes of the positions since the last capture,
// the current one last: those a repetition may return to. It is the
// state's own slice, not to be changed.
func (s *State) Reversible() []uint64 { return s.hashes[s.irrev:] }

// undo is what a move needs to be taken back.
type undo struct {
	b     Board
	irrev int
}

// Game returns the game.
func (s *State) Game() game.Game { return s.g }

// Options returns the options in force.
func (s *State) Options() game.Options { return maps.Clone(s.opts) }

// Players returns black and white.
func (s *State) Players() []string { return s.g.Players() }

// Player returns the side to move, or game.NoPlayer when the game is over.
func (s *State) Player() game.Player {
	if s.res.Kind != game.Ongoing {
		return game.NoPlayer
	}
	return game.Player(s.b.ToMove)
}

// Legal returns the legal moves, ascending.
func (s *State) Legal() []game.Action {
	if s.res.Kind != game.Ongoing {
		return nil
	}
	var buf [512]uint32
	moves := s.b.Legal(&s.rules, buf[:0])
	out := make([]game.Action, len(moves))
	for i, m := range moves {
		out[i] = game.Action(m)
	}
	return out
}

// ChanceOutcomes returns nil: tafl has no chance.
func (s *State) ChanceOutcomes() []game.Outcome { return nil }

// Apply plays a legal move.
func (s *State) Apply(a game.Action) error {
	if s.res.Kind != game.Ongoing {
		return fmt.Errorf("%w: %w: tafl: the game is over", game.ErrIllegal, game.ErrOver)
	}
	from, to := squares(a)
	if !s.b.IsLegal(&s.rules, from, to) {
		return fmt.Errorf("%w: tafl: %s is not a legal move", game.ErrIllegal, moveText(a, s.b.N))
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked plays a move known to be legal.
func (s *State) ApplyUnchecked(a game.Action) {
	from, to := squares(a)
	s.log.Push(a, false, undo{b: s.b, irrev: s.irrev})
	mover := s.b.ToMove
	ncaps, kingTaken := s.b.Move(&s.rules, from, to)
	s.hashes = append(s.hashes, s.b.Hash)
	if ncaps > 0 {
		s.irrev = len(s.hashes) - 1
	}
	s.res = s.status(mover, kingTaken)
}

// status decides whether the game is over after a move by mover (-1 when
// the state is set up), in this order: escape, king captured, enclosure, no
// legal move, repetition, move limit.
func (s *State) status(mover int, kingTaken bool) game.Result {
	b, r := &s.b, &s.rules
	win := func(p int, reason string) game.Result {
		return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(p)}, Reason: reason}
	}
	if mover != Black && b.KingEscaped(r) { // 4.1
		return win(White, "king escaped")
	}
	// The king is taken by the move that completes the capture; a position
	// set up (mover -1) with the king surrounded is over too.
	if mover != White && (kingTaken || mover < 0 && b.KingStrong(r) && b.kingSurrounded(r)) { // 3.4, 4.2
		return win(Black, "king captured")
	}
	if mover != Black && r.EdgeFort && b.EdgeFort(r) { // Copenhagen 8
		return win(White, "edge fort")
	}
	if mover != White && r.Encirclement && b.Enclosed() { // 4.3
		return win(Black, "white enclosed")
	}
	if !b.HasMove(r, b.ToMove) { // 4.4
		return win(1-b.ToMove, "no legal move")
	}
	if r.Repetition != RepetitionOff && s.repeated() { // 4.5
		switch {
		case r.Repetition == RepetitionDraw:
			return game.Result{Kind: game.Draw, Reason: "threefold repetition"}
		case r.Repetition == RepetitionRepeaterLoses && mover >= 0:
			return win(1-mover, "threefold repetition")
		case r.Repetition == RepetitionRepeaterWins && mover >= 0:
			return win(mover, "threefold repetition")
		}
		return win(Black, "threefold repetition")
	}
	if r.MoveLimit > 0 && b.Plies >= r.MoveLimit { // 4.6
		return game.Result{Kind: game.Draw, Reason: "move limit"}
	}
	return game.Result{}
}

// repeated reports whether the current position (side to move included)
// occurs for the third time since the state was created (4.5). Positions
// before the last capture cannot come back.
func (s *State) repeated() bool {
	h := s.hashes
	cur := h[len(h)-1]
	count := 1
	for i := len(h) - 3; i >= s.irrev; i -= 2 {
		if h[i] == cur {
			count++
			if count >= 3 {
				return true
			}
		}
	}
	return false
}

// Undo takes back the last move.
func (s *State) Undo() error {
	return s.log.UndoLast(func(r game.Record[undo]) {
		s.b = r.Undo.b
		s.irrev = r.Undo.irrev
		s.hashes = s.hashes[:len(s.hashes)-1]
		s.res = game.Result{}
	})
}

// History returns the moves played since the state was created.
func (s *State) History() []game.Action { return s.log.Actions() }

// HistoryLen returns len(s.History()) without copying the history.
func (s *State) HistoryLen() int { return s.log.Len() }

// HistorySince returns s.History()[n:] as a new slice, copying only the tail.
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.hashes = append([]uint64(nil), s.hashes...)
	c.log = s.log.Clone()
	return &c
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.res.Kind != game.Ongoing }

// Returns gives +1 to the winner and -1 to the loser, 0 each otherwise.
func (s *State) Returns() []float64 { return game.WinReturns(2, s.res) }

// Result describes the outcome.
func (s *State) Result() game.Result {
	r := s.res
	r.Winners = append([]game.Player(nil), r.Winners...)
	return r
}

// ActionString writes a move as "f3-f1".
func (s *State) ActionString(a game.Action) string { return moveText(a, s.b.N) }

// ParseAction reads a move "f3-f1", optionally with a capture suffix
// "xf2…" that must list exactly the pieces the move captures.
func (s *State) ParseAction(text string) (game.Action, error) {
	from, to, caps, err := parseMove(text, s.b.N)
	if err != nil {
		return 0, err
	}
	a := actionOf(from, to)
	if s.res.Kind != game.Ongoing {
		return 0, fmt.Errorf("%w: %w: tafl: the game is over", game.ErrIllegal, game.ErrOver)
	}
	if !s.b.IsLegal(&s.rules, from, to) {
		return 0, fmt.Errorf("%w: tafl: %s is not a legal move", game.ErrIllegal, moveText(a, s.b.N))
	}
	if caps != nil {
		if got := s.captured(from, to); !sameSquares(got, caps) {
			names := make([]string, len(got))
			for i, sq := range got {
				names[i] = "x" + squareName(sq, s.b.N)
			}
			return 0, fmt.Errorf("%w: tafl: %s captures %q, not as written in %q", game.ErrIllegal, moveText(a, s.b.N), strings.Join(names, ""), text)
		}
	}
	return a, nil
}

// captured returns the squares of the pieces a legal move captures.
func (s *State) captured(from, to int) []int { return s.b.Captured(&s.rules, from, to) }

// Captured returns the squares of the pieces a legal move from b captures.
func (b Board) Captured(rules *Rules, from, to int) []int {
	n := b.N
	k := b.at(from/n, from%n)
	b.remove(from/n, from%n, k)
	b.put(to/n, to%n, k)
	caps, ncaps, _ := b.captures(rules, to/n, to%n)
	return append([]int{}, caps[:ncaps]...)
}

// Position writes the position (see the package documentation).
func (s *State) Position() string { return s.b.Position() }

// String draws the board with rank numbers and file letters.
func (s *State) String() string {
	b := &s.b
	var sb strings.Builder
	for r := b.N - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := range b.N {
			k := b.at(r, c)
			if k == empty {
				sb.WriteString(" .")
			} else {
				sb.WriteString(" " + string("tTK"[k]))
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   ")
	for c := range b.N {
		sb.WriteString(" " + string(rune('a'+c)))
	}
	sb.WriteString("\n" + []string{"black", "white"}[b.ToMove] + " to move, ply " + strconv.Itoa(b.Plies) + "\n")
	return sb.String()
}
