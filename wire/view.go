package wire

import "time"

// View is the JSON of a game, as GET /api/games/{id} and the WebSocket's
// state messages give it.
type View struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	Players []string          `json:"players"`
	Seats   []SeatView        `json:"seats"`
	// You is the seat the request's token opens, when it opens one.
	You     string `json:"you,omitempty"`
	Started bool   `json:"started"`
	// AwaitingSeeds lists the seats whose dice seed the first roll waits
	// for, once every seat is taken (POST /api/games/{id}/seed).
	AwaitingSeeds []string `json:"awaiting_seeds,omitempty"`
	// CanAbort lists the human seats that may still abort the game: they
	// have not moved, nor left, and no die has rolled yet; the others may
	// resign once it has started.
	CanAbort []string `json:"can_abort,omitempty"`
	// DrawOffer and TakebackOffer name the seat whose offer waits for an
	// answer.
	DrawOffer     string `json:"draw_offer,omitempty"`
	TakebackOffer string `json:"takeback_offer,omitempty"`
	// CanOfferDraw lists the human seats that may offer a draw now, and
	// CanTakeback those that may ask to take back their last move now
	// (games of two players; see package ending for the limits).
	CanOfferDraw []string `json:"can_offer_draw,omitempty"`
	CanTakeback  []string `json:"can_takeback,omitempty"`
	// NoDrawOffers says the game's rules allow no draw by agreement (Lux
	// et Umbra, Nords Loki): a draw is never offered in it (no_draws).
	NoDrawOffers bool `json:"no_draw_offers,omitempty"`
	// RematchOffers lists the seats of a finished game that asked for a
	// rematch; Rematch is the new game's id once it exists.
	RematchOffers []string `json:"rematch_offers,omitempty"`
	Rematch       string   `json:"rematch,omitempty"`
	// Seq is the number of events so far: the sequence number to send
	// with the next action.
	Seq int64 `json:"seq"`
	// ToMove is the seat name of the player to move, "chance" at a roll,
	// "" when the game waits for players or is over.
	ToMove   string `json:"to_move"`
	Status   string `json:"status"`
	Result   string `json:"result"`
	Finished bool   `json:"finished"`
	// Position is the game's one-line position notation; Board draws it.
	Position string `json:"position"`
	Board    string `json:"board"`
	// Check lists the squares of the kings in check, in the games with
	// check (chess, Samurai chess; game.Checker).
	Check []string `json:"check,omitempty"`
	// Legal lists the actions of the player to move, in the game's
	// notation (empty at a roll, while waiting, or when over).
	Legal    []string     `json:"legal"`
	History  []EventView  `json:"history"`
	Fairness FairnessView `json:"fairness"`
	Clock    *ClockView   `json:"clock,omitempty"`
	Created  time.Time    `json:"created"`
	// Private says the game is not in the lists of games.
	Private bool `json:"private,omitempty"`
	// Speed is the game's speed class by its clock (Speed): bullet,
	// blitz, rapid, classical or correspondence.
	Speed string `json:"speed"`
	// HotSeat says the game is played on one device: its creator holds
	// more than one seat.
	HotSeat bool `json:"hot_seat,omitempty"`
	// Rated is a rated game's key ("chess/blitz": the rule set and speed
	// class its ratings are kept under), empty for a casual game.
	Rated string `json:"rated,omitempty"`
	// Ratings is, once a rated game is over and rated, each player's
	// rating before and after it and the change.
	Ratings []RatingChange `json:"ratings,omitempty"`
}

// RatingChange is one player's rating change in a rated game: the
// ratings as players see them (whole numbers) before and after, the
// difference (rating.Change) and whether the rating after is
// provisional (shown with "?").
type RatingChange struct {
	Player      string `json:"player"`
	Name        string `json:"name,omitempty"`
	Before      int    `json:"before"`
	After       int    `json:"after"`
	Change      int    `json:"change"`
	Provisional bool   `json:"provisional,omitempty"`
}

// SeatView is a seat as everybody sees it (never its token).
type SeatView struct {
	Player string `json:"player"`
	Kind   string `json:"kind"`
	Name   string `json:"name,omitempty"`
	Level  string `json:"level,omitempty"`
	// Seeded says whether the seat gave a dice seed.
	Seeded bool `json:"seeded"`
	// Public marks an open seat anyone may join; in the list of games it
	// comes with its Invite, to post to /join. Never set for a private
	// seat, nor once the seat is taken.
	Public bool   `json:"public,omitempty"`
	Invite string `json:"invite,omitempty"`
	// Left marks a seat whose player left a game that goes on without
	// them (three-player Nords Loki: out of time, or resigned).
	Left bool `json:"left,omitempty"`
	// Commit is the seat's pending nonce commitment (dice scheme v2),
	// which its next move reveals, and Reveals the number of nonces it
	// revealed: its client's next nonce is number Reveals.
	Commit  string `json:"commit,omitempty"`
	Reveals int    `json:"reveals,omitempty"`
}

// EventView is one entry of the history.
type EventView struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Player string `json:"player"`
	Action string `json:"action,omitempty"`
	// Auto lists what the game applied by itself after the action (a
	// pass of a player who could not move).
	Auto []string  `json:"auto,omitempty"`
	Time time.Time `json:"time"`
}

// FairnessView is the dice commitment and, at the end, the revealed seed.
type FairnessView struct {
	Scheme     string            `json:"scheme"`
	Commitment string            `json:"commitment"`
	ServerSeed string            `json:"server_seed,omitempty"`
	SeatSeeds  map[string]string `json:"seat_seeds"`
	Rolls      uint64            `json:"rolls"`
}

// ClockView is the state of the clocks.
type ClockView struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	// DaysPerMove is set for a correspondence clock.
	DaysPerMove int              `json:"days_per_move,omitempty"`
	RemainingMs map[string]int64 `json:"remaining_ms"`
	// Running is the seat whose clock runs, if any (none before a player's
	// first move, which is not timed).
	Running string `json:"running,omitempty"`
	// FirstMoveMs is, while the player to move has not moved yet, the
	// time left for that first move, after which the game is aborted.
	FirstMoveMs int64 `json:"first_move_ms,omitempty"`
}

// Summary is a game in a list.
type Summary struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Seats    []SeatView        `json:"seats"`
	Seq      int64             `json:"seq"`
	Status   string            `json:"status"`
	Result   string            `json:"result"`
	Finished bool              `json:"finished"`
	Created  time.Time         `json:"created"`
	Updated  time.Time         `json:"updated"`
	// Speed and HotSeat are the View's.
	Speed   string `json:"speed"`
	HotSeat bool   `json:"hot_seat,omitempty"`
	// ToMove is the seat whose turn it is ("chance" for a roll), empty
	// while the game waits for players and once it is over.
	ToMove string `json:"to_move,omitempty"`
	// Position (the game's notation, for a small picture of the board) and
	// ClocksMs (each seat's time left, for a game with clocks) are given
	// for the games the instance holds in memory: those under way.
	Position string           `json:"position,omitempty"`
	ClocksMs map[string]int64 `json:"clocks_ms,omitempty"`
}
