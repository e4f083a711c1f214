// Package game defines the interface every Norns game implements, and the
// small helpers that work on any game.
//
// # Games and states
//
// A Game is immutable: its names, its seats, its options and whether it has
// chance events. Game.New and Game.Setup create a State, which holds a
// position and the history that led to it. The AI, the engine protocol, the
// server, the balance lab and the terminal client are written against these
// two interfaces only.
//
// # Players and chance
//
// State.Player returns an index into State.Players, or Chance at a chance
// event, or NoPlayer when the game is over. Chance is a player, as in
// OpenSpiel: at a chance event State.ChanceOutcomes lists every outcome with
// its probability, and State.Apply takes the outcome's Action like any other.
// Algorithms that need exact expectations read the probabilities; samplers
// use SampleChance.
//
// # Actions
//
// An Action is a small integer whose meaning belongs to its game. Legal
// returns them sorted and unique; ActionString and ParseAction convert them
// to and from the game's notation. Apply is checked (an illegal action is an
// error and changes nothing); ApplyUnchecked is the fast path for search.
//
// A player who has no legal action never waits: the game applies what its
// rules say (a lost turn, a skipped phase) by itself, and History records it
// as an action written "pass". Undo takes back the last action applied
// together with such automatic passes after it (see Log).
//
// History returns a copy of the whole history. A caller that follows a game
// ply by ply reads only what is new with HistoryLen and HistorySince, which
// copy nothing but the tail on states that implement HistoryTail (every
// game's does, through Log), so n plies cost O(n), not O(n²).
//
// # Results
//
// Result describes the end as data (winners, points, a reason); Returns gives
// a per-player vector, so two- and three-player games need no special case.
// Status writes the engine protocol's status line.
//
// # Options
//
// Options are name=value text. Each game lists its Option specs; Resolve
// checks given options against them and fills in defaults.
//
// # Errors
//
// Game packages wrap the sentinel errors ErrOption, ErrSyntax, ErrIllegal,
// ErrPosition, ErrNoHistory and ErrOver, so callers can tell them apart with
// errors.Is.
package game
