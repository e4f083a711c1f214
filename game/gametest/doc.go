// Package gametest is the conformance suite that every Norns game passes.
//
// Run plays random games from fixed seeds and checks, at every ply:
//
//   - Player, Terminal and Result agree; Returns has one entry per player;
//   - at a decision Legal is non-empty, sorted and unique, and every action
//     round-trips through ActionString and ParseAction;
//   - at a chance event the outcomes have positive probabilities summing to
//     1, and Legal lists them in the same order;
//   - garbage text and actions not legal are rejected (ErrIllegal for
//     Apply), and leave the state unchanged;
//   - Position round-trips through Game.Setup (same position, player and
//     legal actions);
//   - a Clone is equal and independent;
//   - game.HistoryLen and game.HistorySince agree with History (the
//     length, and the tail from several points as a new slice);
//   - Apply followed by Undo restores the state exactly;
//   - a finished game has a reason, returns for every player, no legal
//     action, and refuses further actions;
//   - every playout ends within the bound.
//
// It also checks the game's description: names, seats, option defaults, and
// that unknown options, bad values and malformed positions are refused.
package gametest
