package chess

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// Game is orthodox chess, short name "chess".
var Game game.Game = chessGame{}

type chessGame struct{}

func (chessGame) Name() string                { return "chess" }
func (chessGame) Title() string               { return "Chess" }
func (chessGame) Players() []string           { return []string{"white", "black"} }
func (chessGame) Options() []game.Option      { return nil }
func (chessGame) ChanceMode() game.ChanceMode { return game.Deterministic }

func (g chessGame) New(opts game.Options) (game.State, error) {
	return g.Setup(opts, StartFEN)
}

func (chessGame) Setup(opts game.Options, fen string) (game.State, error) {
	o, err := game.Resolve(nil, opts)
	if err != nil {
		return nil, fmt.Errorf("chess: %w", err)
	}
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrPosition, err)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrPosition, err)
	}
	s := &State{opts: o, start: p, pos: p}
	s.update()
	return s, nil
}

// State is a game of orthodox chess. Its actions are Moves; its position
// notation is FEN.
type State struct {
	opts   game.Options
	start  Position
	pos    Position
	log    game.Log[Position] // each entry keeps the position before it
	legal  []Move
	result game.Result
}

// Board returns the current position.
func (s *State) Board() *Position { return &s.pos }

// Check lists the square of the king of the player to move when it is in
// check (game.Checker).
func (s *State) Check() []string { return KingInCheck(&s.pos) }

// KingInCheck lists the square of the king of the side to move of p when
// it is in check, else nothing.
func KingInCheck(p *Position) []string {
	if !p.InCheck() {
		return nil
	}
	return []string{p.King(p.Turn()).String()}
}

// LegalMoves returns the legal moves (none once the game is over).
func (s *State) LegalMoves() []Move { return s.legal }

func (s *State) Game() game.Game        { return Game }
func (s *State) Options() game.Options  { return s.opts }
func (s *State) Players() []string      { return Game.Players() }
func (s *State) Terminal() bool         { return s.result.Kind != game.Ongoing }
func (s *State) Result() game.Result    { return s.result }
func (s *State) History() []game.Action { return s.log.Actions() }
func (s *State) Hash() uint64           { return s.pos.Hash() }
func (s *State) Position() string       { return s.pos.FEN() }
func (s *State) String() string         { return s.pos.Diagram() }

// HistoryLen and HistorySince read the history's length and tail without
// copying it all (game.HistoryTail).
// StartHash returns the hash of the game's starting position, for a
// search that keeps what it learnt while a game goes on.
func (s *State) StartHash() uint64 { return s.start.Hash() }

// Reversible appends to past the hashes of the positions played since the
// last capture or pawn move (at most the half-move clock's count), oldest
// first, and returns it: the positions the search's repetition check
// looks back on.
func (s *State) Reversible(past []uint64) []uint64 {
	from := max(0, len(s.log)-s.pos.Halfmove())
	for _, r := range s.log[from:] {
		past = append(past, r.Undo.Hash())
	}
	return past
}

func (s *State) HistoryLen() int                  { return s.log.Len() }
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

func (s *State) Player() game.Player {
	if s.Terminal() {
		return game.NoPlayer
	}
	return game.Player(s.pos.Turn())
}

func (s *State) Legal() []game.Action {
	if s.Terminal() {
		return nil
	}
	out := make([]game.Action, len(s.legal))
	for i, m := range s.legal {
		out[i] = game.Action(m)
	}
	slices.Sort(out)
	return out
}

func (s *State) ChanceOutcomes() []game.Outcome { return nil }

func (s *State) Returns() []float64 { return game.WinReturns(2, s.result) }

func (s *State) Clone() game.State {
	c := *s
	c.log = s.log.Clone()
	c.legal = slices.Clone(s.legal)
	return &c
}

func (s *State) Apply(a game.Action) error {
	if s.Terminal() {
		return fmt.Errorf("chess: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	if a > 0xffff || !slices.Contains(s.legal, Move(a)) {
		return fmt.Errorf("chess: %w: %s", game.ErrIllegal, s.ActionString(a))
	}
	s.ApplyUnchecked(a)
	return nil
}

func (s *State) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, s.pos)
	s.pos.Play(Move(a))
	s.update()
}

func (s *State) Undo() error {
	err := s.log.UndoLast(func(r game.Record[Position]) { s.pos = r.Undo })
	if err != nil {
		return fmt.Errorf("chess: %w", err)
	}
	s.update()
	return nil
}

// ActionString writes a move in UCI notation.
func (s *State) ActionString(a game.Action) string { return ActionString(a) }

// ActionString writes an action of a chess game in UCI notation, or
// "invalid(N)" for a number that is no move.
func ActionString(a game.Action) string {
	if a > 0x7fff {
		return fmt.Sprintf("invalid(%d)", a)
	}
	return Move(a).String()
}

// ParseAction reads a move in UCI notation or SAN.
func (s *State) ParseAction(text string) (game.Action, error) {
	if s.Terminal() {
		return 0, fmt.Errorf("chess: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	m, err := ParseMove(&s.pos, text, s.legal)
	return game.Action(m), err
}

// update recomputes the legal moves and the result after a change.
func (s *State) update() {
	var ml MoveList
	s.pos.LegalMoves(&ml)
	s.legal = append(s.legal[:0], ml.Slice()...)
	s.result = s.adjudicate()
	if s.result.Kind != game.Ongoing {
		s.legal = s.legal[:0]
	}
}

// adjudicate checks the ends of the game in order: checkmate, stalemate,
// insufficient material, threefold repetition, the fifty-move rule.
func (s *State) adjudicate() game.Result {
	p := &s.pos
	if len(s.legal) == 0 {
		if p.InCheck() {
			return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(p.Turn().Other())}, Reason: "checkmate"}
		}
		return game.Result{Kind: game.Draw, Reason: "stalemate"}
	}
	draw := func(reason string) game.Result { return game.Result{Kind: game.Draw, Reason: reason} }
	if InsufficientMaterial(p) {
		return draw("insufficient material")
	}
	if s.repetitions() >= 3 {
		return draw("threefold repetition")
	}
	if p.Halfmove() >= 100 {
		return draw("fifty-move rule")
	}
	return game.Result{}
}

// repetitions counts how often the current position has occurred, this
// time included, looking back to the last capture or pawn move.
func (s *State) repetitions() int {
	n := 1
	h := s.pos.Hash()
	for i, k := len(s.log)-1, 1; i >= 0 && k <= s.pos.Halfmove(); i, k = i-1, k+1 {
		if k%2 == 0 && s.log[i].Undo.Hash() == h {
			n++
		}
	}
	return n
}

// InsufficientMaterial reports whether neither side can ever checkmate:
// kings alone, a king and one minor piece against a king, or kings and
// bishops that all stand on squares of one color.
func InsufficientMaterial(p *Position) bool {
	if p.ByRole(Pawn)|p.ByRole(Rook)|p.ByRole(Queen) != 0 {
		return false
	}
	minors := p.ByRole(Knight) | p.ByRole(Bishop)
	if minors.Count() <= 1 {
		return true
	}
	if p.ByRole(Knight) != 0 {
		return false
	}
	b := p.ByRole(Bishop)
	return b&LightSquares == 0 || b&DarkSquares == 0
}

// Evaluate scores material for both players, in [-1, 1].
func (s *State) Evaluate() []float64 {
	v := float64(Material(&s.pos, White)-Material(&s.pos, Black)) / 4000
	v = max(-1, min(1, v))
	return []float64{v, -v}
}

// PieceValues are the usual material values in centipawns.
var PieceValues = [7]int{NoRole: 0, Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 900, King: 0}

// Material adds up the values of c's pieces.
func Material(p *Position, c Color) int {
	n := 0
	for _, r := range Roles {
		n += PieceValues[r] * p.Pieces(c, r).Count()
	}
	return n
}

// PGN writes the game in Portable Game Notation with SAN moves.
func (s *State) PGN(tags map[string]string) string { return s.PGNClocks(tags, nil) }

// PGNClocks writes the game as PGN does, each move followed by its clock
// (game.ClockedPGNWriter).
func (s *State) PGNClocks(tags map[string]string, clocks []time.Duration) string {
	t := map[string]string{}
	for k, v := range tags {
		t[k] = v
	}
	t["Result"] = game.PGNResultTag(s.result, tags)
	if s.start.FEN() != StartFEN {
		t["SetUp"], t["FEN"] = "1", s.start.FEN()
	}
	var entries []PGNEntry
	for i, r := range s.log {
		p := r.Undo
		e := PGNEntry{Text: p.SAN(Move(r.Action)), Number: p.Fullmove(), Black: p.Turn() == Black}
		e.Clock, e.Clocked = ClockAt(clocks, i)
		entries = append(entries, e)
	}
	if s.result.Kind != game.Ongoing {
		if n := len(entries); n > 0 {
			entries[n-1].Comment = s.result.Reason
		}
	}
	return FormatPGN(t, entries)
}

// Diagram draws the board for people: rank 8 at the top, White's pieces in
// upper case, empty squares as dots, with file and rank labels.
func (p *Position) Diagram() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < 8; f++ {
			c := byte('.')
			if pc := p.board[SquareAt(f, r)]; pc != NoPiece {
				c = pc.Char()
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n")
	fmt.Fprintf(&b, "%s to move", p.turn)
	return b.String()
}
