package searches_test

import (
	"slices"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/searches"
)

// TestAllNamesGames: every search of All is listed under the name of a
// game of games.All, with a Search.
func TestAllNamesGames(t *testing.T) {
	names := games.Names()
	for name, n := range searches.All {
		if !slices.Contains(names, name) {
			t.Errorf("searches.All lists %q, which is not a game (games: %v)", name, names)
		}
		if n.Search == nil {
			t.Errorf("searches.All[%q] has no Search", name)
		}
	}
	for _, name := range []string{"chess", "luxumbra", "seidr", "nordsloki", "seatafl", "copenhagen", "fetlar", "brandubh", "tablut"} {
		if _, ok := searches.All[name]; !ok {
			t.Errorf("searches.All has no search for %q", name)
		}
	}
}
