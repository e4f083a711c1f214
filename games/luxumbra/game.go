package luxumbra

import (
	"fmt"

	"github.com/norns-games/norns/game"
)

// Game is Lux et Umbra, short name "luxumbra".
var Game game.Game = luxGame{}

// StartPosition is the position notation of a new game without the balance
// rule: the orthodox array, White to roll two dice.
const StartPosition = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 --"

// BalanceStartPosition is the position notation of a new game under
// balance=on: White rolls one die on the first turn (5).
const BalanceStartPosition = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -"

var options = []game.Option{
	{
		Name:    "balance",
		Default: "off",
		Values:  []string{"off", "on"},
		Help:    "first-move balance (rule 5): on White's very first turn White rolls one die and makes one move",
	},
	{
		Name:    "max-turns",
		Default: "off",
		Values:  []string{"off", game.Count},
		Help:    "stop the game as unfinished (never a draw) once this many turns are complete, counted from the FEN move number (rule 4.4, for simulations)",
	},
}

type luxGame struct{}

func (luxGame) Name() string                { return "luxumbra" }
func (luxGame) Title() string               { return "Lux et Umbra" }
func (luxGame) Players() []string           { return []string{"white", "black"} }
func (luxGame) Options() []game.Option      { return options }
func (luxGame) ChanceMode() game.ChanceMode { return game.ExplicitStochastic }

// NoAgreedDraw returns true: draws do not exist, by agreement neither
// (1.1).
func (luxGame) NoAgreedDraw() bool { return true }

func (g luxGame) New(opts game.Options) (game.State, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("luxumbra: %w", err)
	}
	if o["balance"] == "on" {
		return g.Setup(o, BalanceStartPosition)
	}
	return g.Setup(o, StartPosition)
}

func (luxGame) Setup(opts game.Options, position string) (game.State, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("luxumbra: %w", err)
	}
	s := &State{opts: o, balance: o["balance"] == "on", maxTurns: o.Int("max-turns")}
	c, err := parsePosition(position, s.balance)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrPosition, err)
	}
	s.cur = c
	s.cur.result = adjudicate(&s.cur.pos)
	if !s.cur.over() && s.cur.d.Roll == 0 && s.cur.d.Unused() == 0 {
		return nil, fmt.Errorf("%w: luxumbra: dice %q are all used, but the game is not over (a turn ends when its last die is used)", game.ErrPosition, s.cur.d)
	}
	s.settle()
	s.start = s.cur
	return s, nil
}

// Pass is the action that History records when a turn ends because the
// second die allows no move (3.3). It is never legal.
const Pass game.Action = 0x20000

// The chance outcomes: two dice (LL, LS, SS) and the single die of the
// balance rule (L, S).
const (
	RollLL game.Action = 0x10000 + iota
	RollLS
	RollSS
	RollL
	RollS
)

var (
	twoDice = []game.Outcome{{Action: RollLL, Prob: 0.25}, {Action: RollLS, Prob: 0.5}, {Action: RollSS, Prob: 0.25}}
	oneDie  = []game.Outcome{{Action: RollL, Prob: 0.5}, {Action: RollS, Prob: 0.5}}
)

// rollNames are the outcomes' names, indexed by action - RollLL.
var rollNames = [...]string{"LL", "LS", "SS", "L", "S"}
