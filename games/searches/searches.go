// Package searches pairs each game with its own search, for the ai
// package's levels.
//
// The list is explicit, as games.All is: a game's search is added here by
// name, not registered by an init function. A rules package (games/chess,
// games/tafl, ...) keeps only its rules; its search, evaluation for the
// search and agents live in a sibling package (games/chess/search, ...),
// which imports the rules and the ai package. Everything that makes the
// players' agents (the server, the lab's arena, the engine protocols,
// the terminal client, the command) calls NewAgent, which is ai.NewWith
// with this list.
package searches

import (
	"github.com/norns-games/norns/ai"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	luxumbrasearch "github.com/norns-games/norns/games/luxumbra/search"
	nordslokisearch "github.com/norns-games/norns/games/nordsloki/search"
	seidrsearch "github.com/norns-games/norns/games/seidr/search"
	"github.com/norns-games/norns/games/tafl"
	taflsearch "github.com/norns-games/norns/games/tafl/search"
)

// All maps each game with a search of its own, by short name, to it; the
// other games play the generic searches of the ai package.
var All = ai.Natives{
	"chess":                chesssearch.Native,
	"luxumbra":             luxumbrasearch.Native,
	"seidr":                seidrsearch.Native,
	"nordsloki":            nordslokisearch.Native,
	tafl.Sea.Name():        taflsearch.Native,
	tafl.Copenhagen.Name(): taflsearch.Native,
	tafl.Fetlar.Name():     taflsearch.Native,
	tafl.Brandubh.Name():   taflsearch.Native,
	tafl.Tablut.Name():     taflsearch.Native,
}

// NewAgent returns the agent for a configuration, with the games' own
// searches: ai.NewWith(cfg, All).
func NewAgent(cfg ai.Config) (ai.Agent, error) { return ai.NewWith(cfg, All) }
