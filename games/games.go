// Package games is the list of every game Norns plays.
//
// The list is explicit: a game is added here by name, not registered by an
// init function. Everything generic (the engine protocol, the AI, the server,
// the lab, the terminal client) finds games through All and ByName. The
// games' own searches are listed the same way, in games/searches.
package games

import (
	"fmt"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/luxumbra"
	"github.com/norns-games/norns/games/nordsloki"
	"github.com/norns-games/norns/games/samurai"
	"github.com/norns-games/norns/games/seidr"
	"github.com/norns-games/norns/games/tafl"
)

// All lists every game, in the order menus show them.
var All = []game.Game{
	chess.Game,
	luxumbra.Game,
	samurai.Game,
	seidr.Game,
	tafl.Sea,
	tafl.Copenhagen,
	tafl.Fetlar,
	tafl.Brandubh,
	tafl.Tablut,
	nordsloki.Game{},
}

// ByName returns the game with the given short name.
func ByName(name string) (game.Game, error) {
	for _, g := range All {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("games: unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the short names of all games, in order.
func Names() []string {
	out := make([]string, len(All))
	for i, g := range All {
		out[i] = g.Name()
	}
	return out
}
