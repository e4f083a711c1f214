// Package live holds the life of every game an instance serves: the hall
// (Hall) of the games held in memory, each a table that owns its record,
// its state rebuilt from the log, its subscribers, its clock and its AI
// turn, and every background loop around them. It knows nothing of HTTP:
// package server decodes requests and calls the hall's commands (api.go),
// each with the seat token that authorizes it, and encodes their answers.
//
// Its dependencies are explicit and passed in (Config): the store, the
// games, the logger, the metrics registry, the clock (Now) and the AI's
// agents. A table gets what it needs of the hall the same way (deps), and
// holds no pointer to it.
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
// the hall's map and is never shown again, and every request re-checks
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
// # Files
//
//	hall.go      the hall: configuration, start, restore, close, sweep, and
//	             the registry of the tables (load, hold, with)
//	api.go       the commands the server calls, one per request
//	table.go     the table and its lifecycle
//	commands.go  what players ask of a table: join, seed, play, offers,
//	             and the checks of their dice nonces (scheme v2)
//	log.go       the game's log: the conditional writes to the store, and
//	             playing each event on the state
//	broadcast.go the subscribers and what is sent to them
//	view.go      the JSON views
//	clock.go     the clocks and their flag falls
//	aiturn.go    the AI seat's turn and the fair scheduler of searches
//	follow.go    following the other instances on a shared store
//	watchers.go  the count of spectators
//	chat.go      the chat rooms
//	analysis.go  the analyses of finished games
//	record.go    the game records; sign.go their signature
//	errors.go    the error codes
//
// See docs/architecture.md for the path of a move through these files.
package live
