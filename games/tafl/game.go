package tafl

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/norns-games/norns/game"
)

// Game is a tafl game: a preset of Rules, its layouts and its names.
type Game struct {
	name, title string
	rules       Rules
	layouts     []Layout
}

// The presets: each is a value of Rules and its start layouts.
var (
	// Sea is Sea Hnefatafl, short name "seatafl" (rules/sea-hnefatafl.md).
	Sea = &Game{name: "seatafl", title: "Sea Hnefatafl", rules: SeaRules, layouts: SeaLayouts}
	// Copenhagen is Copenhagen Hnefatafl, "copenhagen"
	// (rules/copenhagen-hnefatafl.md).
	Copenhagen = &Game{name: "copenhagen", title: "Copenhagen Hnefatafl", rules: CopenhagenRules, layouts: CopenhagenLayouts}
	// Fetlar is Fetlar Hnefatafl, "fetlar" (rules/fetlar-hnefatafl.md).
	Fetlar = &Game{name: "fetlar", title: "Fetlar Hnefatafl", rules: FetlarRules, layouts: FetlarLayouts}
	// Brandubh is Brandubh, "brandubh" (rules/brandubh.md).
	Brandubh = &Game{name: "brandubh", title: "Brandubh", rules: BrandubhRules, layouts: BrandubhLayouts}
	// Tablut is Tablut, "tablut" (rules/tablut.md).
	Tablut = &Game{name: "tablut", title: "Tablut", rules: TablutRules, layouts: TablutLayouts}
)

// Presets lists every tafl preset, Sea Hnefatafl first.
var Presets = []*Game{Sea, Copenhagen, Fetlar, Brandubh, Tablut}

// Rules returns the preset's rules before options are applied.
func (g *Game) Rules() Rules { return g.rules }

// Layouts returns the preset's start layouts, the default first.
func (g *Game) Layouts() []Layout { return append([]Layout(nil), g.layouts...) }

// Name returns the short name.
func (g *Game) Name() string { return g.name }

// Title returns the display name.
func (g *Game) Title() string { return g.title }

// Players returns the seats: black (attackers, first) and white (defenders
// and the king).
func (g *Game) Players() []string { return []string{"black", "white"} }

// ChanceMode returns game.Deterministic.
func (g *Game) ChanceMode() game.ChanceMode { return game.Deterministic }

// repetitionNames are the values of the option "repetition", in the order
// of Repetition.
var repetitionNames = []string{"white-loses", "draw", "off", "repeater-loses", "repeater-wins"}

// Options lists layout (where the preset has more than one), repetition
// and move-limit; the defaults are the preset's.
func (g *Game) Options() []game.Option {
	var out []game.Option
	if len(g.layouts) > 1 {
		names := make([]string, len(g.layouts))
		help := "starting position:"
		for i, l := range g.layouts {
			names[i] = l.Name
			help += " " + l.Name + " (" + l.Help + ")"
		}
		out = append(out, game.Option{Name: "layout", Default: names[0], Values: names, Help: help})
	}
	return append(out,
		game.Option{Name: "repetition", Default: repetitionNames[g.rules.Repetition], Values: repetitionNames,
			Help: "the third occurrence of a position: White loses, the game is drawn, nothing happens, the side that makes it loses, or the side that makes it wins"},
		game.Option{Name: "move-limit", Default: strconv.Itoa(g.rules.MoveLimit), Values: []string{game.Count},
			Help: "the game is drawn after this many plies"},
	)
}

// rulesFor returns the preset with the options applied.
func (g *Game) rulesFor(opts game.Options) (game.Options, Rules, error) {
	o, err := game.Resolve(g.Options(), opts)
	if err != nil {
		return nil, Rules{}, fmt.Errorf("tafl: %w", err)
	}
	r := g.rules
	r.Repetition = Repetition(slices.Index(repetitionNames, o["repetition"]))
	r.MoveLimit = o.Int("move-limit")
	return o, r, nil
}

// New returns the starting position of the chosen layout.
func (g *Game) New(opts game.Options) (game.State, error) {
	o, r, err := g.rulesFor(opts)
	if err != nil {
		return nil, err
	}
	if len(g.layouts) == 1 {
		return newState(g, o, r, g.layouts[0].Position)
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

// SetupRules returns the state of position in the game g played by the
// rules r in place of g's own, with g's default options: a rule variant
// that no option names, for tests and for measuring the search on it.
func SetupRules(g *Game, r Rules, position string) (*State, error) {
	o, _, err := g.rulesFor(nil)
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
	s := &State{g: g, opts: o, rules: r, b: b, hashes: []uint64{b.Hash}}
	s.res = s.status(-1, false)
	return s, nil
}
