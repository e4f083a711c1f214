package nordsloki

import (
	"fmt"
	"slices"

	"github.com/norns-games/norns/game"
)

// Game is Nords Loki. Its zero value is ready to use.
type Game struct{}

// options lists the game's options.
var options = []game.Option{
	{Name: "players", Default: "2", Values: []string{"2", "3"}, Help: "number of players"},
	{Name: "konungs", Default: "on", Values: []string{"on", "off"}, Help: "play with konungs (off: the simplified game, 13 warriors each)"},
	{Name: "max-turns", Default: "off", Values: []string{"off", game.Count}, Help: "stop after this many turns and record the game as unfinished (batch simulations)"},
}

// seatNames are the seats of the game; a two-player state uses the first two.
var seatNames = []string{"p1", "p2", "p3"}

// Name returns "nordsloki".
func (Game) Name() string { return "nordsloki" }

// Title returns "Nords Loki".
func (Game) Title() string { return "Nords Loki" }

// Players returns p1, p2 and p3; a state has the first two or all three.
func (Game) Players() []string { return slices.Clone(seatNames) }

// Options returns the options players, konungs and max-turns.
func (Game) Options() []game.Option { return slices.Clone(options) }

// ChanceMode returns game.ExplicitStochastic: the first player and every
// roll of the three dice are chance events.
func (Game) ChanceMode() game.ChanceMode { return game.ExplicitStochastic }

// NoAgreedDraw returns true: the draw of 8.1 is the only one, there is
// no draw by agreement (8.6).
func (Game) NoAgreedDraw() bool { return true }

// config is the resolved options.
type config struct {
	opts     game.Options
	n        int
	konungs  bool
	maxTurns int
}

func resolve(opts game.Options) (*config, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("nordsloki: %w", err)
	}
	return &config{opts: o, n: o.Int("players"), konungs: o["konungs"] == "on", maxTurns: o.Int("max-turns")}, nil
}

// New returns the starting position: every checker waiting, the first
// player to be drawn.
func (Game) New(opts game.Options) (game.State, error) {
	c, err := resolve(opts)
	if err != nil {
		return nil, err
	}
	s := &State{cfg: c}
	s.pos = startPos(c)
	return s, nil
}

// Setup returns the state that a position string describes (see the
// package documentation for the notation).
func (Game) Setup(opts game.Options, position string) (game.State, error) {
	c, err := resolve(opts)
	if err != nil {
		return nil, err
	}
	p, err := parsePosition(c, position)
	if err != nil {
		return nil, err
	}
	s := &State{cfg: c, pos: p}
	if s.phase == phaseMove && len(s.Legal()) == 0 {
		// A player with no usable die never waits (3.2).
		s.log.Push(actPass, true, s.pos)
		s.endTurn()
	}
	return s, nil
}

// State is a Nords Loki position with its history.
type State struct {
	cfg *config
	pos
	log     game.Log[pos]
	legal   []game.Action
	legalOK bool
	// resigned lists the resignations (Resign), in order, for the record.
	resigned []resignation
}

// resignation is a player's resignation, after the first at actions of
// the log.
type resignation struct {
	at int
	p  game.Player
}

// Seats returns the number of players.
func (s *State) Seats() int { return s.cfg.n }

// Mover returns the seat whose turn it is: the player to roll or to move
// (Player is game.Chance before a roll).
func (s *State) Mover() int { return int(s.mover) }

// Konungs reports whether the game is played with konungs (the option
// konungs).
func (s *State) Konungs() bool { return s.cfg.konungs }

// Bare returns a copy of s without its history, for a search that plays
// many positions on: Undo on it fails, and PlayBare keeps it bare.
func (s *State) Bare() *State { return &State{cfg: s.cfg, pos: s.pos} }

// PlayBare applies a without keeping it in the history (ApplyUnchecked,
// then the history dropped): a must be legal.
func (s *State) PlayBare(a game.Action) {
	s.ApplyUnchecked(a)
	s.log = nil
}

// Game returns Game{}.
func (s *State) Game() game.Game { return Game{} }

// Options returns the options in force.
func (s *State) Options() game.Options {
	out := make(game.Options, len(s.cfg.opts))
	for k, v := range s.cfg.opts {
		out[k] = v
	}
	return out
}

// Players returns p1, p2 and, with three players, p3.
func (s *State) Players() []string { return slices.Clone(seatNames[:s.cfg.n]) }

// Player returns the player to move, game.Chance before the first-player
// draw and before every roll, or game.NoPlayer when the game is over.
func (s *State) Player() game.Player {
	switch s.phase {
	case phaseMove:
		return game.Player(s.mover)
	case phaseOver:
		return game.NoPlayer
	}
	return game.Chance
}

// Legal returns the steps that begin a sequence allowed by 3.2 and 3.3, or
// the chance outcomes at a chance event.
func (s *State) Legal() []game.Action {
	if !s.legalOK {
		s.legal = s.computeLegal()
		s.legalOK = true
	}
	return slices.Clone(s.legal)
}

func (s *State) computeLegal() []game.Action {
	switch s.phase {
	case phaseMove:
		return legalSteps(&s.pos, s.cfg)
	case phaseFirst, phaseRoll:
		outs := s.ChanceOutcomes()
		out := make([]game.Action, len(outs))
		for i, o := range outs {
			out[i] = o.Action
		}
		return out
	}
	return nil
}

// ChanceOutcomes returns the first-player draw (p1, p2[, p3], equally
// likely) or the 56 rolls of three dice with their probabilities.
func (s *State) ChanceOutcomes() []game.Outcome {
	switch s.phase {
	case phaseFirst:
		out := make([]game.Outcome, s.cfg.n)
		for i := range out {
			out[i] = game.Outcome{Action: actFirst + game.Action(i), Prob: 1 / float64(s.cfg.n)}
		}
		return out
	case phaseRoll:
		return slices.Clone(rollOutcomes)
	}
	return nil
}

// rollOutcomes lists the 56 rolls of three dice, ascending by action.
var rollOutcomes = func() []game.Outcome {
	var out []game.Outcome
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			for c := 1; c <= b; c++ {
				ways := 6
				switch {
				case a == b && b == c:
					ways = 1
				case a == b || b == c:
					ways = 3
				}
				out = append(out, game.Outcome{Action: RollAction(a, b, c), Prob: float64(ways) / 216})
			}
		}
	}
	slices.SortFunc(out, func(x, y game.Outcome) int { return int(x.Action) - int(y.Action) })
	return out
}()

// Apply plays a step or a chance outcome; anything not legal is an error
// wrapping game.ErrIllegal and changes nothing.
func (s *State) Apply(a game.Action) error {
	if s.phase == phaseOver {
		return fmt.Errorf("nordsloki: %w: %w", game.ErrIllegal, game.ErrOver)
	}
	s.Legal()
	if _, ok := slices.BinarySearch(s.legal, a); !ok {
		return fmt.Errorf("nordsloki: %w: %s is not legal now", game.ErrIllegal, describeAction(a))
	}
	s.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked plays an action known to be legal.
func (s *State) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, s.pos)
	s.legalOK = false
	switch s.phase {
	case phaseFirst:
		s.first = int8(a - actFirst)
		s.mover = s.first
		s.phase = phaseRoll
	case phaseRoll:
		d := rollDice(a)
		s.dice, s.nd = d, 3
		s.startTurn()
	case phaseMove:
		s.step(decodeStep(a))
	}
}

// startTurn begins the mover's turn after the roll; a turn in which no die
// can be used passes by itself (3.2).
func (s *State) startTurn() {
	s.phase = phaseMove
	s.entered = false
	s.odinAtStart = hasOdin(&s.board, int(s.mover))
	s.legalOK = false
	if len(s.Legal()) == 0 {
		s.log.Push(actPass, true, s.pos)
		s.endTurn()
	}
}

// step plays one step of the mover and ends the turn when no further die
// can be used.
func (s *State) step(st step) {
	p := int(s.mover)
	victim, killedKonung := applyStep(&s.board, p, st)
	if st.from == 0 {
		s.entered = true
	}
	s.removeDie(st.die)
	if killedKonung && s.cfg.konungs && s.p[victim].lives == 0 {
		s.technicalDefeats([]int{victim})
		if s.phase == phaseOver {
			return
		}
	}
	s.legalOK = false
	if len(s.Legal()) == 0 {
		s.endTurn()
	}
}

func (s *State) removeDie(d uint8) {
	for i := 0; i < int(s.nd); i++ {
		if s.dice[i] == d {
			copy(s.dice[i:], s.dice[i+1:s.nd])
			s.nd--
			s.dice[s.nd] = 0
			return
		}
	}
}

// Forfeit takes p out of the game (game.Forfeiter), on p's turn or not:
// the server calls it when p's clock runs out or p resigns. As after a
// technical defeat (8.3), p's checkers stay where they stand as obstacles
// and are never re-entered, and with one player left that player wins by
// technical defeat. When p is the mover, p's turn ends: the steps already
// played stand, the end of the turn (section 6) follows without LOKI and
// ODIN, p being out, and the next player still in the game rolls; when
// another player is the mover, their turn goes on. While a finisher awaits
// the end of the round (8.1), the round decides instead. A player who has
// finished, is out already, or is not in the game, cannot forfeit, and
// nobody can before the first player is drawn.
func (s *State) Forfeit(p game.Player) error {
	switch {
	case s.phase == phaseOver:
		return fmt.Errorf("nordsloki: %w", game.ErrOver)
	case s.phase == phaseFirst:
		return fmt.Errorf("nordsloki: the first player is not drawn yet")
	case p < 0 || int(p) >= s.cfg.n || !s.active(int(p)):
		return fmt.Errorf("nordsloki: player %d is not in the game", p)
	case s.finished(int(p)):
		return fmt.Errorf("nordsloki: player %d has borne off every checker", p)
	}
	s.out |= 1 << p
	if s.cfg.konungs {
		s.p[p].lives = 0 // the position writes "out" in place of lives
	}
	s.legalOK = false
	if s.technicalDefeats([]int{int(p)}); s.phase != phaseOver && int(s.mover) == int(p) {
		s.endTurn()
	}
	return nil
}

// Resign takes p out of the game as Forfeit does (game.Resigner), and
// the record (Record) writes "p1 resigns" where it happened.
func (s *State) Resign(p game.Player) error {
	if err := s.Forfeit(p); err != nil {
		return err
	}
	s.resigned = append(s.resigned, resignation{at: s.log.Len(), p: p})
	return nil
}

var _ game.Resigner = (*State)(nil)

// Undo takes back the last action or chance outcome, with the pass the
// game recorded after it.
func (s *State) Undo() error {
	err := s.log.UndoLast(func(r game.Record[pos]) { s.pos = r.Undo })
	if err != nil {
		return fmt.Errorf("nordsloki: %w", err)
	}
	s.legalOK = false
	s.resigned = slices.DeleteFunc(s.resigned, func(r resignation) bool { return r.at > s.log.Len() })
	return nil
}

// History returns the actions and chance outcomes so far, passes included.
func (s *State) History() []game.Action { return s.log.Actions() }

// HistoryLen returns len(s.History()) without copying the history.
func (s *State) HistoryLen() int { return s.log.Len() }

// HistorySince returns s.History()[n:] as a new slice, copying only the tail.
func (s *State) HistorySince(n int) []game.Action { return s.log.Since(n) }

var _ game.HistoryTail = (*State)(nil)

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := &State{cfg: s.cfg, pos: s.pos, log: s.log.Clone(), legalOK: s.legalOK, resigned: slices.Clone(s.resigned)}
	if s.legalOK {
		c.legal = slices.Clone(s.legal)
	}
	return c
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Result describes the outcome: a win (oin, mars, loki, technical defeat), a
// shared finish, or unfinished at max-turns.
func (s *State) Result() game.Result {
	if s.phase != phaseOver {
		return game.Result{}
	}
	var who []game.Player
	for i := 0; i < s.cfg.n; i++ {
		if s.winners&(1<<i) != 0 {
			who = append(who, game.Player(i))
		}
	}
	switch s.reason {
	case reasonDraw:
		return game.Result{Kind: game.Draw, Winners: who, Points: 0.5, Reason: "shared finish"}
	case reasonUnfinished:
		return game.Result{Kind: game.Unfinished, Reason: "max turns"}
	case reasonMars:
		return game.Result{Kind: game.Win, Winners: who, Points: 2, Reason: "mars"}
	}
	return game.Result{Kind: game.Win, Winners: who, Points: 1, Reason: reasonNames[s.reason]}
}

// Returns gives each player's score. A win of P points: the winner +P, the
// others share -P. A shared finish: each sharer +1/2, the players left out
// share the negative of the sharers' total (all zero when everyone shares).
// Unfinished: all zero.
func (s *State) Returns() []float64 {
	r := s.Result()
	switch r.Kind {
	case game.Win:
		return game.WinReturns(s.cfg.n, r)
	case game.Draw:
		out := make([]float64, s.cfg.n)
		k := len(r.Winners)
		if k == s.cfg.n {
			return out
		}
		for i := range out {
			out[i] = -0.5 * float64(k) / float64(s.cfg.n-k)
		}
		for _, w := range r.Winners {
			out[w] = 0.5
		}
		return out
	}
	return make([]float64, s.cfg.n)
}
