package wire

import (
	"encoding/json"

	"github.com/norns-games/norns/analysis"
)

// CatalogGame describes a game the server offers.
type CatalogGame struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Players []string `json:"players"`
	Chance  bool     `json:"chance"`
	PGN     bool     `json:"pgn"`
	// Records lists the formats of GET /api/games/{id}/record for the
	// game, its default first.
	Records []string        `json:"records"`
	Options []CatalogOption `json:"options"`
	Levels  []string        `json:"ai_levels"`
	// NoDrawOffers says the game's rules allow no draw by agreement (Lux
	// et Umbra, Nords Loki).
	NoDrawOffers bool `json:"no_draw_offers,omitempty"`
}

// CatalogOption is a game option: its values ("<n>" stands for any whole
// number from 1 up).
type CatalogOption struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
	Help    string   `json:"help"`
}

// CatalogResponse is the answer of GET /api/catalog.
type CatalogResponse struct {
	Games []CatalogGame `json:"games"`
}

// SeatRequest is one seat of a create request.
type SeatRequest struct {
	// Type is "human" (the creator's seat: the answer carries its token),
	// "open" (for a player who joins with the invitation) or "ai".
	Type string `json:"type"`
	// Public makes an open seat joinable by anyone from the list of
	// games, which then shows its invitation.
	Public bool   `json:"public,omitempty"`
	Name   string `json:"name,omitempty"`
	Level  string `json:"level,omitempty"`
	Seed   string `json:"seed,omitempty"`
	// Takebacks false makes an AI seat refuse takebacks (it grants them
	// by default).
	Takebacks *bool `json:"takebacks,omitempty"`
	// Account is the id of the signed-in player a human seat is for: set
	// by the server from the request's session, never read from JSON.
	Account string `json:"-"`
}

// ClockRequest is a Fischer clock.
type ClockRequest struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	// DaysPerMove makes a correspondence clock instead: each turn has that
	// many days (1 to 14), and time not used is not kept.
	DaysPerMove int `json:"days_per_move,omitempty"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Seats   []SeatRequest     `json:"seats,omitempty"`
	Clock   *ClockRequest     `json:"clock,omitempty"`
	// Color places the creator, as lichess's color: the first seat of
	// Seats (or of the default seats) takes the seat it names ("white",
	// "black"; "p2" in Nords Loki), the others follow in their order;
	// "random" puts the seats in a random order (the creator white or
	// black with even chances; a random seat order with three players).
	// Absent, each seat takes the player of its place in Seats.
	Color string `json:"color,omitempty"`
	// Public lists the game in the lists of games, for anybody to watch.
	// By default a game for friends (with open seats, none of them
	// public) is private, seen only by those who have its link, and any
	// other game is public. A game with a public seat is always listed.
	Public *bool `json:"public,omitempty"`
	// Rated asks for a rated game: only between accounts (the creator
	// signed in, every other seat open, to be joined by a signed-in
	// player), with no AI seat, on a clock or correspondence, and with
	// the game's options at a rule set's (docs/ratings.md); otherwise
	// the answer is cannot_rate. Absent or false: a casual game.
	Rated bool `json:"rated,omitempty"`
	// Account and AccountName are the signed-in creator's account id and
	// user name, which the one human seat of the game takes (a game with
	// several, hot seat, stays anonymous): set by the server from the
	// request's session, never read from JSON.
	Account     string `json:"-"`
	AccountName string `json:"-"`
}

// SeatGrant is a seat in a create or join answer: a token for the seats
// the caller holds, an invitation for the open ones.
type SeatGrant struct {
	Player    string `json:"player"`
	Kind      string `json:"kind"`
	Token     string `json:"token,omitempty"`
	Invite    string `json:"invite,omitempty"`
	InviteURL string `json:"invite_url,omitempty"`
}

// CreateResponse is the answer to POST /api/games. Game is the new
// game's View, as JSON (its TypeScript type is View).
type CreateResponse struct {
	ID    string          `json:"id"`
	Seats []SeatGrant     `json:"seats"`
	Game  json.RawMessage `json:"game" ts:"View"`
}

// JoinResponse is the answer to POST /api/games/{id}/join: the seat
// taken, its token and the game.
type JoinResponse struct {
	Player string `json:"player"`
	Token  string `json:"token"`
	Game   View   `json:"game"`
}

// InvitesResponse is the answer of GET /api/games/{id}/invites: the
// invitations of the open seats.
type InvitesResponse struct {
	Invites []SeatGrant `json:"invites"`
}

// ListResponse is the answer of GET /api/games.
type ListResponse struct {
	Games []Summary `json:"games"`
}

// EventsResponse is the answer of GET /api/games/{id}/events: the game's
// seq and its events from ?since= on.
type EventsResponse struct {
	Seq    int64       `json:"seq"`
	Events []EventView `json:"events"`
}

// JoinRequest is the body of POST /api/games/{id}/join.
type JoinRequest struct {
	// Seat names the open seat; empty takes the one the invitation opens.
	Seat   string `json:"seat,omitempty"`
	Invite string `json:"invite"`
	Name   string `json:"name,omitempty"`
	// Seed is the player's dice seed, optional here (the commitment was
	// published when the game was created), and Commit the commitment to
	// the client's first nonce (dice scheme v2).
	Seed   string `json:"seed,omitempty"`
	Commit string `json:"commit,omitempty"`
	// Account is the id of the signed-in player who joins: set by the
	// server from the request's session, never read from JSON.
	Account string `json:"-"`
}

// SeedRequest is the body of POST /api/games/{id}/seed.
type SeedRequest struct {
	Seed string `json:"seed"`
	// Commit is the commitment to the client's first nonce (dice scheme
	// v2), or "".
	Commit string `json:"commit,omitempty"`
}

// PlayRequest is the body of POST /api/games/{id}/actions.
type PlayRequest struct {
	// Action is the action in the game's notation.
	Action string `json:"action"`
	// Seq is the last sequence number the client has seen: the game's
	// seq now, or the action is refused as stale.
	Seq *int64 `json:"seq"`
	// Reveal is the nonce the seat committed to, revealed, and its
	// commitment to the next (dice scheme v2).
	Reveal
}

// Reveal is what a move carries of its player's nonces: the nonce
// committed to before, and the commitment to the next one, in hex.
type Reveal struct {
	Nonce string `json:"nonce,omitempty"`
	Next  string `json:"next,omitempty"`
}

// OfferRequest is the body of POST /api/games/{id}/draw and /takeback:
// accept true offers, or accepts the other player's offer; false declines
// it.
type OfferRequest struct {
	Accept *bool `json:"accept"`
}

// SigningKeyJSON is the answer of GET /api/signing-key.
type SigningKeyJSON struct {
	// Alg is record.SigningAlg.
	Alg string `json:"alg"`
	// Key is the public key in hex.
	Key string `json:"key"`
}

// AnalysisView is the answer of GET and POST /api/games/{id}/analysis:
// Status is "queued", "running", "done" or "failed"; Done of Total
// actions are analysed, of the game's Actions (more than Total when only
// the first Total are: Config.AnalysisActions); Analysis is there once
// done, Error once failed.
type AnalysisView struct {
	Status   string             `json:"status"`
	Done     int                `json:"done"`
	Total    int                `json:"total"`
	Actions  int                `json:"actions"`
	Analysis *analysis.Analysis `json:"analysis,omitempty"`
	Error    string             `json:"error,omitempty"`
}
