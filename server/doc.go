// Package server is the Norns game server: a JSON API and WebSocket feeds
// over the games of package games, with every game kept as an event log in
// a store.Store.
//
// # Games
//
// The server knows games only through the game interface: it validates
// every action with the game's State, rolls every die itself (package
// dice), plays the AI seats (package ai) and writes records in the game's
// notation (PGN for the chess games that implement game.PGNWriter).
//
// # Durability
//
// A game is its options, seats, dice commitment and log of events. Every
// event is stored, in one transaction with the rolls that follow it,
// before the request that caused it is answered or any subscriber hears of
// it. At start-up Restore replays the log of every unfinished game; an AI
// turn or a roll that was due when the server stopped is taken again (rolls
// are derived from the seeds and the roll's number, so a roll taken again
// comes out the same).
//
// # Seats and tokens
//
// Creating a game or joining an open seat returns a seat token, 128 bits
// from crypto/rand; the store keeps only its SHA-256, compared in constant
// time. Open seats are joined with an invitation of the same strength.
//
// # One owner per game
//
// A game held in memory is a table (table.go): one type owns its record,
// its state rebuilt from the log, its subscribers, its clock and its AI
// turn, each concern in a file of its own. A table is live, over (only
// once the store holds it finished: the server seed is revealed then and
// only then) or stale. A write that fails, or that the store refuses
// because another instance wrote first (every write is conditional on the
// version of the game it was decided on), makes the table stale: it leaves
// the server's map and is never shown again, and every request re-checks
// the table it took after taking its lock, loading the game anew when it
// went stale.
//
// # Fairness of the work
//
// The AI searches share a few slots, handed out round-robin across the
// clients that created the games; a client has a bounded number of
// unfinished games against the computer, and games with no person in them
// need Config.AIOnlyGames. Games waiting for players expire, and idle ones
// leave memory until they are asked for (Sweep); one whose clock runs (a
// correspondence game waiting days for a move) leaves too, and the sweep
// loads it again before its flag falls.
//
// # Spectators
//
// Every feed hears how many spectators watch its game (watchers.go): its
// subscribers that proved no seat. Alone on its store an instance counts
// them in memory; instances sharing a store (PostgreSQL) each keep their
// count of a game in the store (store.Presence), notify the others when it
// changes, and send their subscribers the total of all of them. Those
// writes come from one goroutine of the instance, a moment after a change
// and on a beat that refreshes them, never from a request: a presence
// write that fails fails nothing else. The rows of an instance that died
// stop counting once no longer refreshed; an instance that stops removes
// its own.
//
// See docs/api.md for the endpoints and docs/fair-dice.md for the dice.
package server
