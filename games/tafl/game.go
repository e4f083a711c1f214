package tafl

import (
	"fmt"

	"norns/game"
)

// Game is a tafl game: a preset of Rules, its layouts and its names.
type Game struct {
	name, title string
	rules       Rules
	layouts     []Layout
}

// Sea is Sea Hnefatafl, short name "seatafl".
var Sea = &Game{name: "seatafl", title: "Sea Hnefatafl", rules: SeaRules, layouts: SeaLayouts}

// Name returns the short name.
func (g *Game) Name() string { return g.name }

// Title returns the display name.
func (g *Game) Title() string { return g.title }

// Players returns the seats: black (attackers, first) and white (defenders
// and the king).
func (g *Game) Players() []string { return []string{"black", "white"} }

// ChanceMode returns game.Deterministic.
func (g *Game) ChanceMode() game.ChanceMode { return game.Deterministic }

// Options lists layout, repetition and move-limit.
func (g *Game) Options() []game.Option {
	names := make([]string, len(g.layouts))
	help := "starting position:"
	for i, l := range g.layouts {
		names[i] = l.Name
		help += " " + l.Name + " (" + l.Help + ")"
	}
	return []game.Option{
		{Name: "layout", Default: names[0], Values: names, Help: help},
		{Name: "repetition", Default: "white-loses", Values: []string{"white-loses", "draw", "off"},
			Help: "the third occurrence of a position: White loses, the game is drawn, or nothing happens"},
		{Name: "move-limit", Default: "400", Values: []string{game.Count},
			Help: "the game is drawn after this many plies"},
	}
}

// rulesFor returns the preset with the options applied.
func (g *Game) rulesFor(opts game.Options) (game.Options, Rules, error) {
	o, err := game.Resolve(g.Options(), opts)
	if err != nil {
		return nil, Rules{}, fmt.Errorf("tafl: %w", err)
	}
	r := g.rules
	switch o["repetition"] {
	case "white-loses":
		r.Repetition = RepetitionWhiteLoses
	case "draw":
		r.Repetition = RepetitionDraw
	default:
		r.Repetition = RepetitionOff
	}
	r.MoveLimit = o.Int("move-limit")
	return o, r, nil
}

// New returns the starting position of the chosen layout.
func (g *Game) New(opts game.Options) (game.State, error) {
	o, r, err := g.rulesFor(opts)
	if err != nil {
		return nil, err
	}
	for _, l := range g.layouts {
		if l.Name == o["layout"] {
			return newState(g, o, r, l.Position)
		}
	}
	return nil, fmt.Errorf("%w: tafl: no layout %q", game.ErrOption, o["layout"])
}

// Setup returns the state of a position (see the package documentation for
// the notation). The layout option does not matter here: the position gives
// the board.
func (g *Game) Setup(opts game.Options, position string) (game.State, error) {
	o, r, err := g.rulesFor(opts)
	if err != nil {
		return nil, err
	}
	return newState(g, o, r, position)
}

// newState builds a state from a position under the given rules.
func newState(g *Game, o game.Options, r Rules, position string) (*State, error) {
	b, err := parsePosition(position)
	if err != nil {
		return nil, err
	}
	s := &State{g: g, opts: o, rules: r, b: b, hashes: []uint64{b.hash}}
	s.res = s.status(-1, false)
	return s, nil
}
