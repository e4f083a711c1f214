// Package ai holds the agents that play any game through the game
// interface: they see only game.State, never a game's own package.
//
// New returns the agent for a strength level (easy, medium, hard) or
// "random". Agents implement Agent: Choose returns an action for the player
// to move without changing the state it is given, and stops early when its
// context is done.
package ai
