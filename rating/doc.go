// Package rating is the arithmetic of the players' ratings: Glicko-2 as
// lichess uses it, for every game and rule set Norns plays and every
// speed class, with two or three players. It is pure: no I/O, no clock
// of its own (every time is given), no state; the store keeps the
// ratings and the server shows them (docs/ratings.md).
//
// # Glicko-2
//
// Glicko is a rating r, deviation RD and volatility σ. Update is
// Glickman's system, steps 1 to 8 of his "Example of the Glicko-2
// system", the volatility found by the Illinois algorithm to 0.000001.
// The constants are lichess's: new players 1500, 500, 0.09 (Default);
// τ = 0.75 (Tau); a rating is provisional, and displayed with "?",
// while its deviation is above 110.
//
// # A player's rating under a key
//
// A Perf is what is kept for a player under a Key: the Glicko as of the
// end of the player's last rated game (Latest), and the number of rated
// games. Perf.At is the rating at a later time: the deviation grows with
// the time away, √(RD² + t·(σ·173.7178)²) with t the days away times
// 0.21436 (lichess's rating periods), fractions included, and stays
// within [45, 500].
//
// # Rating a game
//
// Rate rates one finished game as lichess does, the game a rating
// period of its own: each player against each other player they make a
// pair with, at everyone's rating at the end of the game, then bounded
// (a change of at most 700, the rating at least 400, the deviation
// within [45, 500], the volatility at most 0.1). Pairs scores the pairs
// from the players' places (the better placed wins, two sharing first
// place drew); Places reads the places from a game.Result and the
// players who left a three-player game of Nords Loki before its end.
// Apply applies games one after the other to Ratings: a function of the
// ratings before and the games alone, so that whichever instance
// applies a game gets the same ratings, to the bit.
//
// # Keys
//
// A Key is a RuleSet (a game with its rules fixed: chess, Lux et Umbra,
// Samurai, Seiðr, each tafl game, Nords Loki for two and for three) and
// a Speed (bullet, blitz, rapid, classical, correspondence, from the
// clock by SpeedOf, lichess's initial + 40 × increment). KeyOf finds the
// key of a game from its name and options, as package games lists them,
// and its clock; a game with options away from its rule set, or no
// clock, is casual only (ErrCasual). Key.String and ParseKey write and
// read a key as "chess/blitz".
//
// # Errors
//
// Every error wraps ErrInvalid (bad input), ErrCasual (a game that
// cannot be rated) or ErrConvergence (the volatility's iteration did not
// converge), and a call that fails changes nothing.
package rating
