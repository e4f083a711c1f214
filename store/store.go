// Package store keeps the games of the Norns server: each game is its
// options, its seats, its dice commitment and its log of events (event
// sourcing). The server rebuilds a game's state by replaying its log.
//
// Every game has a version, the number of writes to it since it was
// created: each Append and SetSeats that succeeds adds one. A write names
// the version its writer read (from Load or List) and is refused with
// ErrConflict, changing nothing, when the game has moved on meanwhile, so
// that of two writers who read the same version exactly one wins (optimistic
// concurrency). The loser loads the game again and decides anew: two server
// instances sharing a database cannot both seat a player on the same
// invitation, nor roll dice from a seed that changed under them.
//
// Store is the interface; Open returns the SQLite implementation for a file
// name and the PostgreSQL one (Postgres, a Shared store) for postgres:// URLs;
// every implementation must pass the shared suite in store/storetest.
//
// Besides the games, a shared store keeps what its instances must know of
// each other: the news of every change (Shared.Listen), claims of work
// (Shared.TryLock), and how many spectators each instance has of each game
// (Presence), so that every instance can give its subscribers the total.
package store

import (
	"context"
	"crypto/ed25519"
	"errors"
	"time"
)

// Errors that implementations return, so callers can tell them apart with
// errors.Is.
var (
	// ErrNotFound: no game with that id.
	ErrNotFound = errors.New("store: game not found")
	// ErrConflict: the game is no longer at the version the writer read
	// (another writer came first), the events do not continue the log, or
	// the game already exists.
	ErrConflict = errors.New("store: conflict")
)

// Seat kinds.
const (
	SeatHuman = "human"
	SeatOpen  = "open"
	SeatAI    = "ai"
)

// Seat is one player's seat in a game.
type Seat struct {
	// Player is the seat's name in the game ("white", "p2").
	Player string `json:"player"`
	// Kind is SeatHuman, SeatOpen or SeatAI.
	Kind string `json:"kind"`
	// Level is an AI seat's strength.
	Level string `json:"level,omitempty"`
	// Name is the display name a human chose (a signed-in player's user
	// name).
	Name string `json:"name,omitempty"`
	// Account is the id of the account of a signed-in player who holds
	// the seat (store.Account), empty for an anonymous one.
	Account string `json:"account,omitempty"`
	// TokenHash is the SHA-256 of a human seat's token.
	TokenHash []byte `json:"token_hash,omitempty"`
	// DeviceHashes are the SHA-256 of the further tokens the seat's
	// account was given to play from its other devices (live's
	// AccountSeat), the newest last; they open the seat as its token does
	// while the account holds it.
	DeviceHashes [][]byte `json:"device_hashes,omitempty"`
	// InviteHash is the SHA-256 of an open seat's invitation.
	InviteHash []byte `json:"invite_hash,omitempty"`
	// Public marks an open seat anyone may join from the list of games,
	// which shows its invitation until the seat is taken. Invite is an
	// open seat's invitation in clear, which the seat holders of the game
	// can always get again (a private seat's is listed nowhere else).
	Public bool   `json:"public,omitempty"`
	Invite string `json:"invite,omitempty"`
	// Creator marks the seats of the person who created the game (every
	// human seat of the create request): only they get the open seats'
	// invitations again (GET /api/games/{id}/invites). A game stored
	// before seats were marked has none, and nobody gets them. Like every
	// seat field it lives in the seats' JSON, so no store needs a new
	// column for it. A rematch keeps the mark with the person.
	Creator bool `json:"creator,omitempty"`
	// NoTakebacks, on an AI seat, refuses the other player's takebacks
	// (the AI grants them otherwise).
	NoTakebacks bool `json:"no_takebacks,omitempty"`
	// WantsRematch marks a seat that asked for a rematch of a finished
	// game; Rematch is then, on every seat, the id of the new game once
	// it exists.
	WantsRematch bool   `json:"wants_rematch,omitempty"`
	Rematch      string `json:"rematch,omitempty"`
	// Seed is the seat's contribution to the dice.
	Seed string `json:"seed,omitempty"`
	// Commit is the commitment (hex SHA-256) to the nonce the seat's
	// client reveals with its first move, given with the seed (dice scheme
	// v2); empty when the client gave none.
	Commit string `json:"commit,omitempty"`
}

// Clock is a Fischer clock: each player starts with Initial and gains
// Increment after each of their turns. A correspondence clock (PerMove)
// gives each turn Initial afresh instead: time not used is not kept.
type Clock struct {
	Initial   time.Duration `json:"initial"`
	Increment time.Duration `json:"increment"`
	PerMove   bool          `json:"per_move,omitempty"`
}

// marshalClock writes a clock as the stores keep it: null, [initial,
// increment] in milliseconds, or [initial, 0, 1] for a correspondence
// clock.
func marshalClock(c *Clock) string {
	switch {
	case c == nil:
		return "null"
	case c.PerMove:
		return marshal([]int64{ms(c.Initial), ms(c.Increment), 1})
	}
	return marshal([]int64{ms(c.Initial), ms(c.Increment)})
}

// clockOf reads a clock as marshalClock writes it.
func clockOf(c []int64) *Clock {
	if len(c) < 2 {
		return nil
	}
	return &Clock{Initial: time.Duration(c[0]) * time.Millisecond, Increment: time.Duration(c[1]) * time.Millisecond, PerMove: len(c) > 2 && c[2] == 1}
}

// Game is a game's record without its events.
type Game struct {
	ID      string
	Game    string
	Options map[string]string
	Seats   []Seat
	// Clock is nil for a game without clocks.
	Clock *Clock
	// ServerSeed is the secret dice seed; Commitment its SHA-256 in hex.
	ServerSeed []byte
	Commitment string
	// Scheme names how the dice roll (dice.SchemeV1 or dice.SchemeV2); a
	// game stored before schemes were named rolled by norns-dice-v1.
	Scheme  string
	Created time.Time
	// Updated is the time of the last change.
	Updated time.Time
	// Seq is the number of events in the log.
	Seq int64
	// Finished is set when the game is over; Status is its last status
	// line and Result the description of its result.
	Finished bool
	Status   string
	Result   string
	// Private keeps the game out of the lists of games: only those who
	// have its link see it.
	Private bool
	// Rated is the key of a rated game's ratings (rating.Key's text,
	// "chess/blitz"), fixed at creation; empty for a casual game.
	Rated string
	// Ratings is a rated game's rating record once it is rated: each
	// rated player's rating before and after (RateGame). Nil while the
	// game is not rated yet (or casual); empty for a rated game that
	// ended without a result to rate (aborted, expired).
	Ratings []GameRating
	// Version counts the writes to the game since Create (which stores 0):
	// each Append and SetSeats that succeeds adds one. Every write names the
	// version it read and fails with ErrConflict when the game has moved on.
	Version int64
}

// Event kinds.
const (
	// EventMove is a player's action (human or AI).
	EventMove = "move"
	// EventRoll is a chance outcome the server drew.
	EventRoll = "roll"
	// EventTimeout is a player's clock running out.
	EventTimeout = "timeout"
	// EventResign is a player resigning, EventAbort a player calling the
	// game off before making a move.
	EventResign = "resign"
	EventAbort  = "abort"
)

// Event is one entry of a game's log.
type Event struct {
	// Seq numbers the events of a game from 1.
	Seq  int64
	Kind string
	// Player is the seat name of the player who acted (or ran out of
	// time), "chance" for a roll.
	Player string
	// Action is the action in the game's notation, and Code its number.
	Action string
	Code   uint32
	Time   time.Time
	// Clocks is each seat's remaining time after the event, for a game
	// with clocks.
	Clocks []time.Duration
	// Nonce is the nonce (hex) a move's player revealed, and Next their
	// commitment to the next one (dice scheme v2); both empty otherwise.
	Nonce string
	Next  string
}

// Update is what changes in a game's record with an append.
type Update struct {
	Status   string
	Result   string
	Finished bool
}

// Filter selects games to list.
type Filter struct {
	// Finished selects finished games when true, unfinished ones when
	// false; nil selects both.
	Finished *bool
	// Game selects one game name when not empty.
	Game string
	// UpdatedBefore, when not zero, selects the games last changed before it.
	UpdatedBefore time.Time
	// NoEvents selects the games with an empty log (seq 0).
	NoEvents bool
	// Private, when not nil, selects the private games (true) or the
	// others (false).
	Private *bool
	// Limit bounds the number of games (newest first); 0 means 100.
	Limit int
}

// Store keeps games and their logs. Implementations are safe for concurrent
// use.
type Store interface {
	// Create adds a new game, with an empty log, at version 0 (whatever
	// g.Version says). An existing id is ErrConflict.
	Create(ctx context.Context, g *Game) error
	// Load returns a game, with its version, and its whole log.
	Load(ctx context.Context, id string) (*Game, []Event, error)
	// Events returns the events of a game with Seq > since, in order.
	//
	// It also returns the game's Version, read before the events: a write
	// decided on it is refused if anything was written since, even when
	// the events read already show that write.
	Events(ctx context.Context, id string, since int64) ([]Event, int64, error)
	// Append adds events to the log and applies the update, atomically and
	// durably, if the game's Version is still version; the Version then
	// becomes version+1. When it returns nil the events are stored. The
	// events must number on from the game's Seq. Otherwise (another writer
	// came first) it returns an error wrapping ErrConflict and changes
	// nothing. Appending no events applies just the update (also
	// conditional, also version+1). An unknown id is ErrNotFound, whatever
	// the version.
	Append(ctx context.Context, id string, version int64, events []Event, u Update) error
	// SetSeats replaces a game's seats (a join, a seat's dice seed) under
	// the same condition on version as Append; the Version then becomes
	// version+1.
	SetSeats(ctx context.Context, id string, version int64, seats []Seat) error
	// List returns games without their logs, with their versions, newest
	// first.
	List(ctx context.Context, f Filter) ([]*Game, error)
	// Unfinished returns the ids of every game not finished.
	Unfinished(ctx context.Context) ([]string, error)
	// SigningKey returns the deployment's Ed25519 key, with which the
	// server signs the records of finished games. The first call on a
	// database makes it; every later call, from any handle or instance on
	// the same database, returns the same key, also when several make it
	// at once (only the first one stored counts).
	SigningKey(ctx context.Context) (ed25519.PrivateKey, error)
	// Close releases the store.
	Close() error
}

// SchemeV1 is the dice scheme of a game stored before games named theirs.
const SchemeV1 = "norns-dice-v1"

// schemeOf returns the dice scheme a game is stored with: its own, or
// SchemeV1 when it names none.
func schemeOf(g *Game) string {
	if g.Scheme == "" {
		return SchemeV1
	}
	return g.Scheme
}

// Open opens the store an address names: a postgres:// or postgresql://
// URL (migrated to the current schema), or the file name of a SQLite
// database, created if missing.
func Open(ctx context.Context, addr string) (Store, error) {
	if IsPostgres(addr) {
		return OpenPostgres(ctx, addr)
	}
	return OpenSQLite(ctx, addr)
}

// takeWaiting appends to batch what is already waiting on ch, without
// blocking, until batch holds limit items.
func takeWaiting[T any](ch <-chan T, batch []T, limit int) []T {
	for len(batch) < limit {
		select {
		case v := <-ch:
			batch = append(batch, v)
		default:
			return batch
		}
	}
	return batch
}
