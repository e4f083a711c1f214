package game

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Player identifies whose turn it is: an index into State.Players(), or one of
// the markers Chance and NoPlayer.
type Player int8

const (
	// Chance is returned by State.Player at a chance event (a die roll, a draw
	// of lots): the next action is one of State.ChanceOutcomes.
	Chance Player = -1
	// NoPlayer is returned by State.Player when the game is over.
	NoPlayer Player = -2
)

// Action is a move, a step, a pass or a chance outcome, encoded by its game.
// Its numeric value means nothing outside that game; State.ActionString and
// State.ParseAction convert it to and from the game's notation.
type Action uint32

// Outcome is a chance event's possible result and its probability.
type Outcome struct {
	Action Action
	Prob   float64
}

// ChanceMode tells an algorithm whether a game has chance events.
type ChanceMode int8

const (
	// Deterministic games have no chance events.
	Deterministic ChanceMode = iota
	// ExplicitStochastic games have chance events whose outcomes and
	// probabilities State.ChanceOutcomes lists.
	ExplicitStochastic
)

// Game describes one game: its names, players and options. A Game is
// immutable; it creates States.
type Game interface {
	// Name is the short name used in commands and records ("seidr").
	Name() string
	// Title is the display name ("Seiðr chess").
	Title() string
	// Players lists every seat name the game can have, in seat order; a
	// State's Players may be a prefix of it (a two-player game of a game
	// for two or three).
	Players() []string
	// Options lists the game's options.
	Options() []Option
	// ChanceMode says whether the game has chance events.
	ChanceMode() ChanceMode
	// New returns the starting state. Unknown options and bad values are
	// errors wrapping ErrOption.
	New(opts Options) (State, error)
	// Setup returns the state that a position string (State.Position)
	// describes, under the given options. A malformed position is an error
	// wrapping ErrPosition.
	Setup(opts Options, position string) (State, error)
}

// State is a position of a game together with the history that led to it.
//
// Every method that changes the state either succeeds completely or returns
// an error and changes nothing. A state in which the player to move has no
// legal action never waits: the game applies its rule (a lost turn, a skipped
// phase) by itself and records it in the history as an action that
// ActionString writes "pass".
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// Options returns the options in force, every option present.
	Options() Options
	// Players returns the seat names, in seat order.
	Players() []string
	// Player returns the player to move, Chance, or NoPlayer when the game
	// is over.
	Player() Player
	// Legal returns the legal actions at a decision, sorted ascending and
	// unique; at a chance event the outcomes' actions; nil when the game is
	// over. The slice belongs to the caller.
	Legal() []Action
	// ChanceOutcomes returns the outcomes of the pending chance event with
	// their probabilities (positive, summing to 1), or nil at a decision.
	ChanceOutcomes() []Outcome
	// Apply plays an action of the player to move, or the outcome of the
	// pending chance event. An illegal action returns an error wrapping
	// ErrIllegal and leaves the state unchanged.
	Apply(a Action) error
	// ApplyUnchecked plays an action known to be legal (one of Legal). It
	// is the fast path for search; an illegal action may corrupt the state
	// or panic.
	ApplyUnchecked(a Action)
	// Undo takes back the last action or chance outcome applied, together
	// with any pass the game recorded after it by itself. It returns
	// ErrNoHistory when there is nothing to undo.
	Undo() error
	// History returns every action and chance outcome since the position
	// the state was created from, passes included. The slice belongs to
	// the caller.
	History() []Action
	// Clone returns an independent copy.
	Clone() State
	// Terminal reports whether the game is over.
	Terminal() bool
	// Returns gives each player's score: zero while the game goes on.
	Returns() []float64
	// Result describes the outcome, or Ongoing.
	Result() Result
	// ActionString writes an action (or chance outcome) in the game's
	// notation.
	ActionString(a Action) string
	// ParseAction reads an action or chance outcome in the game's notation
	// for the current state. Malformed text is an error wrapping ErrSyntax;
	// text that names no action legal here wraps ErrIllegal.
	ParseAction(s string) (Action, error)
	// Position writes the position in the game's notation, on one line.
	// Game.Setup of it gives back an equal state (history aside).
	Position() string
	// String draws the position for people, on several lines.
	String() string
}

// Evaluator is implemented by states that can estimate each player's
// prospects without playing on: a value per player in [-1, 1], zero-sum for
// two-player games. Search uses it to cut playouts short.
type Evaluator interface {
	Evaluate() []float64
}

// Hasher is implemented by states with a position hash (Zobrist), equal for
// equal positions with the same player to move.
type Hasher interface {
	Hash() uint64
}

// Forfeiter is implemented by states of games whose rules let a player
// leave during play while the others play on, as Nords Loki's technical
// defeat does with three players (8.3). The server forfeits a player whose
// clock runs out.
type Forfeiter interface {
	// Forfeit takes p out of the game, on p's turn or not: the game goes
	// on without p, or ends when one player is left. It is an error when p
	// cannot leave now (not in the game, or the game is over). A forfeit
	// is not an action: History does not list it, and undoing an action
	// played before it takes it back.
	Forfeit(p Player) error
}

// NoAgreedDraw is implemented by games whose rules allow no draw by
// agreement: Lux et Umbra, which has no draws at all (1.1), and Nords
// Loki, whose one draw is its rules' own (8.6). A server offers no draw
// in them and refuses a draw offer. NoAgreedDraw reports whether the rule
// holds; a game without the method allows such draws.
type NoAgreedDraw interface {
	NoAgreedDraw() bool
}

// AgreedDraws reports whether the rules of g allow a draw by agreement
// (see NoAgreedDraw).
func AgreedDraws(g Game) bool {
	n, ok := g.(NoAgreedDraw)
	return !ok || !n.NoAgreedDraw()
}

// Resigner is implemented by Forfeiter states whose own record
// (Recorder) tells a resignation apart from a forfeit on time: Resign
// takes p out of the game as Forfeit does, and the record says that p
// resigned there.
type Resigner interface {
	Forfeiter
	Resign(p Player) error
}

// Errors that game packages wrap, so callers can tell the kinds apart with
// errors.Is.
var (
	ErrOption    = errors.New("bad option")
	ErrSyntax    = errors.New("malformed notation")
	ErrIllegal   = errors.New("illegal action")
	ErrPosition  = errors.New("bad position")
	ErrNoHistory = errors.New("nothing to undo")
	ErrOver      = errors.New("game is over")
)

// ResultKind says how a game ended, or that it goes on.
type ResultKind int8

const (
	// Ongoing: the game goes on.
	Ongoing ResultKind = iota
	// Win: Winners holds the winner (or winners, in a game that lets
	// several win together).
	Win
	// Draw: nobody won; Winners lists the players sharing the draw where
	// that is not everyone (three-player Nords Loki), else it is empty.
	Draw
	// Unfinished: the game was stopped by a simulation limit (max-turns); it
	// is neither a win nor a draw.
	Unfinished
)

// Result is the outcome of a game as data: what happened, to whom, and why.
type Result struct {
	Kind    ResultKind
	Winners []Player
	// Points is the winner's score where the game scores wins (Nords
	// Loki's oin and mars), else 0.
	Points float64
	// Reason is a short stable phrase: "checkmate", "king captured",
	// "stalemate", "threefold repetition", "mars"…
	Reason string
}

// Status writes a state's status line as the engine protocol does:
// "turn <player>", "chance", "over <player>", "over <player> <points>",
// "over draw", "over draw <players…>" or "over unfinished".
func Status(s State) string {
	p := s.Player()
	switch {
	case p == Chance:
		return "chance"
	case p >= 0:
		return "turn " + s.Players()[p]
	}
	r := s.Result()
	names := s.Players()
	var b strings.Builder
	b.WriteString("over ")
	switch r.Kind {
	case Win:
		for i, w := range r.Winners {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(names[w])
		}
		if r.Points != 0 {
			fmt.Fprintf(&b, " %g", r.Points)
		}
	case Draw:
		b.WriteString("draw")
		for _, w := range r.Winners {
			b.WriteString(" " + names[w])
		}
	case Unfinished:
		b.WriteString("unfinished")
	default:
		b.WriteString("unknown")
	}
	return b.String()
}

// Describe writes a result for people: "white wins (checkmate)".
func Describe(s State) string {
	r := s.Result()
	names := s.Players()
	var who []string
	for _, w := range r.Winners {
		who = append(who, names[w])
	}
	switch r.Kind {
	case Ongoing:
		return "game in progress"
	case Win:
		if r.Points != 0 {
			return fmt.Sprintf("%s wins %g (%s)", strings.Join(who, " and "), r.Points, r.Reason)
		}
		return fmt.Sprintf("%s wins (%s)", strings.Join(who, " and "), r.Reason)
	case Draw:
		if len(who) > 0 {
			return fmt.Sprintf("draw between %s (%s)", strings.Join(who, " and "), r.Reason)
		}
		return fmt.Sprintf("draw (%s)", r.Reason)
	default:
		return fmt.Sprintf("unfinished (%s)", r.Reason)
	}
}

// PlayerByName returns the index of a seat name in s.Players().
func PlayerByName(s State, name string) (Player, bool) {
	i := slices.Index(s.Players(), name)
	return Player(i), i >= 0
}

// SampleChance draws an outcome of the pending chance event from rng,
// according to the outcomes' probabilities.
func SampleChance(s State, rng *rand.Rand) Action {
	outs := s.ChanceOutcomes()
	x := rng.Float64()
	for _, o := range outs {
		x -= o.Prob
		if x < 0 {
			return o.Action
		}
	}
	return outs[len(outs)-1].Action
}

// ParseAndApply reads an action in the game's notation and applies it.
func ParseAndApply(s State, text string) error {
	a, err := s.ParseAction(text)
	if err != nil {
		return err
	}
	return s.Apply(a)
}

// WinReturns builds the usual return vector for a finished game: +1 for each
// winner and -1 shared among the others, so that it sums to 0; all zero for a
// draw or an unfinished game. Points, when set, scale it.
func WinReturns(n int, r Result) []float64 {
	out := make([]float64, n)
	if r.Kind != Win || len(r.Winners) == 0 || len(r.Winners) == n {
		return out
	}
	scale := 1.0
	if r.Points != 0 {
		scale = r.Points
	}
	win := scale / float64(len(r.Winners))
	lose := -scale / float64(n-len(r.Winners))
	for i := range out {
		out[i] = lose
	}
	for _, w := range r.Winners {
		out[w] = win
	}
	return out
}

// PGNWriter is implemented by the states of the chess games: the game so far
// in Portable Game Notation, with the given tags (Event, Site, White…). A
// Result tag given is kept while the game goes on by its rules: it is the
// result of a game that ended outside them (a clock, a resignation).
type PGNWriter interface {
	PGN(tags map[string]string) string
}

// ClockedPGNWriter is a PGNWriter that also writes each move's clock, as a
// [%clk h:mm:ss] comment after it: clocks[i] is the time left, after the
// i-th action of the state's history, of the player who took it; a
// negative time, or an index past the end, is no clock (a roll, a game
// without clocks).
type ClockedPGNWriter interface {
	PGNWriter
	PGNClocks(tags map[string]string, clocks []time.Duration) string
}

// Recorder is implemented by the states of games whose players write their
// games in a notation of their own, as PGNWriter is for the chess games:
// Sea Hnefatafl's numbered moves with their captures, Nords Loki's turns
// with their rolls. Record writes the game so far: the tags given (see
// FormatTags), a blank line, the moves, and the result. A Result tag
// given is the result of a game that ended outside its rules (a clock, a
// resignation) and is written in place of the game's own.
type Recorder interface {
	Record(tags map[string]string) string
}

// ClockedRecorder is a Recorder that also writes the players' clocks, as
// ClockedPGNWriter does for PGN: clocks[i] is the time left, after the
// i-th action of the state's history, of the player who took it; a
// negative time, or an index past the end, is no clock.
type ClockedRecorder interface {
	Recorder
	RecordClocks(tags map[string]string, clocks []time.Duration) string
}

// Checker is implemented by the states of games with check (orthodox
// chess, Samurai chess): Check lists the squares of the kings in check
// now, in the game's square notation ("e1"), none when no king is.
type Checker interface {
	Check() []string
}

// FormatWriter is implemented by the states of games with record formats
// of their own beyond PGN and Recorder's: OpenTafl Notation for the tafl
// games. Formats names them (short lower-case words, such as "otn"), and
// WriteFormat writes the game so far in one of them with the tags given.
type FormatWriter interface {
	Formats() []string
	WriteFormat(format string, tags map[string]string) (string, error)
}

// FormatTags writes tags as PGN does, one [Name "value"] a line, sorted by
// name, with backslashes and quotes in values escaped.
func FormatTags(tags map[string]string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(tags)) {
		v := strings.ReplaceAll(strings.ReplaceAll(tags[k], `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v)
	}
	return b.String()
}

// ParseTag reads a tag line as FormatTags writes it, [Name "value"],
// undoing its escapes; ok is false for a line of another form.
func ParseTag(line string) (name, value string, ok bool) {
	name, value, ok = strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " ")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, `"]`) || len(value) < 2 || value[0] != '"' {
		return "", "", false
	}
	return name, strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(value[1 : len(value)-1]), true
}

// PGNResult is the PGN Result of a two-player game's result, the first
// player being White: "1-0", "0-1", "1/2-1/2", or "*" when there is none.
func PGNResult(r Result) string {
	switch {
	case r.Kind == Win && r.Winners[0] == 0:
		return "1-0"
	case r.Kind == Win:
		return "0-1"
	case r.Kind == Draw:
		return "1/2-1/2"
	}
	return "*"
}

// PGNResultTag is the Result tag of a PGN writer for a game whose result by
// its rules is r: that result, or, while there is none, the tag given.
func PGNResultTag(r Result, tags map[string]string) string {
	if s := PGNResult(r); s != "*" || tags["Result"] == "" {
		return s
	}
	return tags["Result"]
}
