package ai

import "github.com/norns-games/norns/game"

// Build makes the searcher a level agent of New or NewWith plays in the
// game of s, as its first Choose would, and returns it.
func Build(a Agent, s game.State) Agent {
	au := a.(*auto)
	au.inner, au.game = au.build(s), s.Game().Name()
	au.applyClock()
	return au.inner
}
