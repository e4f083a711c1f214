package samurai

import (
	"fmt"
	"slices"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Game is Samurai chess, short name "samurai".
var Game game.Game = samuraiGame{}

// Pass is the action recorded when a player passes (6.2). It is never
// among the legal actions: the game applies it by itself.
const Pass game.Action = 0x10000

// deckValues lists the values of the option deck: every multiset of at most
// two Q, two R, two B and two N cards, letters in the order Q R B N, "-"
// for the empty deck.
var deckValues = func() []string {
	var out []string
	for q := range 3 {
		for r := range 3 {
			for b := range 3 {
				for n := range 3 {
					s := strings.Repeat("Q", q) + strings.Repeat("R", r) + strings.Repeat("B", b) + strings.Repeat("N", n)
					if s == "" {
						s = "-"
					}
					out = append(out, s)
				}
			}
		}
	}
	return out
}()

var options = []game.Option{
	{Name: "deck", Default: "QRBN", Values: deckValues,
		Help: "the retired deck at the start (1.3): up to two each of Q, R, B, N in that order, - for none"},
	{Name: "castling", Default: "on", Values: []string{"on", "off"},
		Help: "castling allowed as in orthodox chess, a king move needing the K card (2.3)"},
	{Name: "en-passant", Default: "on", Values: []string{"on", "off"},
		Help: "en passant allowed as an orthodox pawn move needing a P card (2.4)"},
	{Name: "no-card", Default: "pass", Values: []string{"pass", "lose"},
		Help: "a player not in check with moves but no card for any of them passes or loses (6.2)"},
}

// rules are the options in force, read once.
type rules struct {
	deck      Cards
	castling  bool
	enPassant bool
	lose      bool
}

func readRules(o game.Options) rules {
	r := rules{castling: o["castling"] == "on", enPassant: o["en-passant"] == "on", lose: o["no-card"] == "lose"}
	if d := o["deck"]; d != "-" {
		for i := 0; i < len(d); i++ {
			r.deck[chess.RoleFromChar(d[i])]++
		}
	}
	return r
}

type samuraiGame struct{}

// Name returns the short name, "samurai".
func (samuraiGame) Name() string { return "samurai" }

// Title returns the display name.
func (samuraiGame) Title() string { return "Samurai chess" }

// Players returns the seats: white, black.
func (samuraiGame) Players() []string { return []string{"white", "black"} }

// Options lists deck, castling, en-passant and no-card.
func (samuraiGame) Options() []game.Option { return options }

// ChanceMode says the game has no chance events.
func (samuraiGame) ChanceMode() game.ChanceMode { return game.Deterministic }

// New returns the starting position: the orthodox array, each hand K Q R
// B N P P (1.2) and the deck the option names (1.3).
func (samuraiGame) New(opts game.Options) (game.State, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("samurai: %w", err)
	}
	r := readRules(o)
	p := pos{board: chess.Start(), hand: [2]Cards{startHand, startHand}, deck: r.deck}
	return newState(o, r, p), nil
}

// Setup reads a position (see the package documentation). With castling
// off the castling rights are cleared, with en-passant off the en-passant
// square.
func (samuraiGame) Setup(opts game.Options, position string) (game.State, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("samurai: %w", err)
	}
	r := readRules(o)
	p, err := parsePosition(position)
	if err != nil {
		return nil, errPosition(err)
	}
	if err := p.check(&r); err != nil {
		return nil, errPosition(err)
	}
	return newState(o, r, p), nil
}

func newState(o game.Options, r rules, p pos) *State {
	if !r.castling {
		p.board.SetCastling(0)
	}
	if !r.enPassant {
		p.board.SetEPSquare(chess.NoSquare)
	}
	s := &State{opts: o, rules: r, start: p, pos: p}
	s.update()
	return s
}

// State is a game of Samurai chess. Its actions are chess.Moves (UCI) and
// Pass; its position notation is FEN with the cards (see the package
// documentation).
type State struct {
	opts   game.Options
	rules  rules
	start  pos
	pos    pos
	log    game.Log[pos] // each entry keeps the position before it
	legal  []chess.Move  // the moves with a card, sorted
	result game.Result
}

// Board returns the chess position.
func (s *State) Board() *chess.Position { return &s.pos.board }

// Check lists the square of the king of the player to move when it is in
// check (game.Checker).
func (s *State) Check() []string { return chess.KingInCheck(&s.pos.board) }

// Hand returns the cards that player c holds.
func (s *State) Hand(c chess.Color) Cards { return s.pos.hand[c] }

// Deck returns the retired deck.
func (s *State) Deck() Cards { return s.pos.deck }

// Game returns Game.
func (s *State) Game() game.Game { return Game }

// Options returns the options in force, every option present.
func (s *State) Options() game.Options { return s.opts }

// Players returns the seats: white, black.
func (s *State) Players() []string { return Game.Players() }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.result.Kind != game.Ongoing }

// Result describes the end of the game, or Ongoing.
func (s *State) Result() game.Result { return s.result }

// History returns the moves and passes since the position set up.
func (s *State) History() []game.Action { return s.log.Actions() }

// HistoryLen returns len(s.History()) without copying the history.
func (s *State) HistoryLen() int { return s.log.Len() }

// HistorySince returns s.History()[n:] as a new slice, copying only the tail.
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

// Position writes the position notation (see the package documentation).
func (s *State) Position() string { return s.pos.format() }

// Hash is the Zobrist hash of the board, side to move, castling rights,
// en-passant square, both hands, the deck and the passes in a row.
func (s *State) Hash() uint64 { return s.pos.key() ^ zobristPasses[min(s.pos.passes, 2)] }

// String draws the board with the hands and the deck under it.
func (s *State) String() string {
	p := &s.pos
	return fmt.Sprintf("%s\nwhite's cards: %s\nblack's cards: %s\ndeck: %s",
		p.board.Diagram(), orNone(p.hand[chess.White].String()),
		orNone(p.hand[chess.Black].String()), orNone(p.deck.String()))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Player returns the side to move, or NoPlayer when the game is over.
func (s *State) Player() game.Player {
	if s.Terminal() {
		return game.NoPlayer
	}
	return game.Player(s.pos.board.Turn())
}

// Legal returns the moves the side to move holds a card for, sorted.
func (s *State) Legal() []game.Action {
	if s.Terminal() {
		return nil
	}
	out := make([]game.Action, len(s.legal))
	for i, m := range s.legal {
		out[i] = game.Action(m)
	}
	return out
}

// ChanceOutcomes returns nil: the game has no chance events.
func (s *State) ChanceOutcomes() []game.Outcome { return nil }

// Returns gives +1 to the winner and -1 to the loser, 0 each otherwise.
func (s *State) Returns() []float64 { return game.WinReturns(2, s.result) }

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.log = s.log.Clone()
	c.legal = slices.Clone(s.legal)
	return &c
}

// Apply plays a legal move; anything else is an error wrapping
// game.ErrIllegal and changes nothing.
func (s *State) Apply(a game.Action) error {
	if s.Terminal() {
		return fmt.Errorf("samurai: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	if a > 0xffff || !slices.Contains(s.legal, chess.Move(a)) {
		return fmt.Errorf("samurai: %w: %s is not legal here", game.ErrIllegal, s.ActionString(a))
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked plays a move known to be legal, then makes any pass
// that follows (6.2).
func (s *State) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, s.pos)
	s.pos.play(chess.Move(a), &s.rules)
	s.update()
}

// Undo takes back the last move with the passes made after it.
func (s *State) Undo() error {
	err := s.log.UndoLast(func(r game.Record[pos]) { s.pos = r.Undo })
	if err != nil {
		return fmt.Errorf("samurai: %w", err)
	}
	s.update()
	return nil
}

// ActionString writes a move in UCI notation, Pass as "pass", and any
// other number as "invalid(N)".
func (s *State) ActionString(a game.Action) string {
	switch {
	case a == Pass:
		return "pass"
	case a > 0x7fff:
		return fmt.Sprintf("invalid(%d)", a)
	}
	return chess.Move(a).String()
}

// ParseAction reads a move in UCI notation or SAN. "pass" (or "--") is
// well-formed but never legal: passes happen by themselves.
func (s *State) ParseAction(text string) (game.Action, error) {
	if text == "pass" || text == "--" {
		return 0, fmt.Errorf("samurai: %w: a pass is never chosen; it happens by itself (6.2)", game.ErrIllegal)
	}
	if s.Terminal() {
		return 0, fmt.Errorf("samurai: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	m, err := chess.ParseMove(&s.pos.board, text, s.legal)
	if err != nil {
		return 0, fmt.Errorf("samurai: %w", err)
	}
	return game.Action(m), nil
}

// update recomputes the legal moves and the result after a change, and
// makes the passes of rule 6.2 (recorded as automatic) while a player has
// to pass.
func (s *State) update() {
	for {
		var ml chess.MoveList
		n := s.pos.legal(&ml)
		s.legal = append(s.legal[:0], ml.Slice()...)
		slices.Sort(s.legal)
		s.result = s.adjudicate(n)
		if s.result.Kind != game.Ongoing {
			s.legal = s.legal[:0]
			return
		}
		if len(s.legal) > 0 {
			return
		}
		// 6.2: not in check, legal chess moves, no card for any: pass.
		s.log.Push(Pass, true, s.pos)
		s.pos.pass()
	}
}

// adjudicate checks the ends of the game in order: two passes in a row,
// checkmate (6.1), stalemate, insufficient material, threefold repetition,
// the fifty-move rule (6.3), then the no-card rule (6.2) when it makes the
// player lose. chessMoves is the number of orthodox legal moves.
func (s *State) adjudicate(chessMoves int) game.Result {
	p := &s.pos
	draw := func(reason string) game.Result { return game.Result{Kind: game.Draw, Reason: reason} }
	win := func(reason string) game.Result {
		return game.Result{Kind: game.Win, Winners: []game.Player{game.Player(p.board.Turn().Other())}, Reason: reason}
	}
	switch {
	case p.passes >= 2:
		return draw("two passes") // 6.3
	case len(s.legal) == 0 && p.board.InCheck():
		return win("checkmate") // 6.1: no card to escape is mate too
	case chessMoves == 0:
		return draw("stalemate") // 6.3
	case chess.InsufficientMaterial(&p.board):
		return draw("insufficient material") // 6.3
	case s.repetitions() >= 3:
		return draw("threefold repetition") // 6.3
	case p.board.Halfmove() >= 100:
		return draw("fifty-move rule") // 6.3
	case len(s.legal) == 0 && s.rules.lose:
		return win("no card") // 6.2 with no-card=lose
	}
	return game.Result{}
}

// repetitions counts how often the current position (board, side to move,
// castling rights, en-passant square, hands and deck) has occurred, this
// time included, looking back over the positions since the last capture or
// pawn move (a position before those cannot recur).
func (s *State) repetitions() int {
	n := 1
	h := s.pos.key()
	for i, k := len(s.log)-1, 1; i >= 0 && k <= s.pos.board.Halfmove(); i, k = i-1, k+1 {
		if s.log[i].Undo.key() == h {
			n++
		}
	}
	return n
}
