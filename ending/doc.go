// Package ending holds how a game of Norns ends, or changes, outside its
// rules: a player's timeout, resignation or abort (Leave), a game that
// expired before anybody joined (Expired), one that lost its last human
// seat (EventNoHuman), and the draw and takeback offers between two
// players (Offers). The server's tables play these events as they come,
// and the record verifier (package record) replays them from a record,
// both with this one package, so that the two cannot disagree.
//
// End wraps a game.State with such a result, so that game.Status and
// game.Describe tell it as they tell an ending by the rules.
package ending
