package wire

// SeekRequest is the body of POST /api/seeks: a wish for a game with a
// stranger, in the lobby's list of seeks for another player to accept, or
// (Pool) in the quick-pairing pool of its game, options and clock, for
// the server to pair with another player of that pool.
type SeekRequest struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	// Clock is required: a game with a stranger is played on a clock
	// (or by correspondence, DaysPerMove).
	Clock *ClockRequest `json:"clock"`
	// Rated asks for a rated game (between two accounts).
	Rated bool `json:"rated,omitempty"`
	// Color is the poster's colour, as CreateRequest's: "random" (the
	// default) or a player's name; a pool's games are always random.
	Color string `json:"color,omitempty"`
	Name  string `json:"name,omitempty"`
	// RatingMin and RatingMax bound the opponent's rating (0: none).
	RatingMin int  `json:"rating_min,omitempty"`
	RatingMax int  `json:"rating_max,omitempty"`
	Pool      bool `json:"pool,omitempty"`
	// Account and AccountName are the signed-in poster's account id and
	// user name, set by the server from the session (the name then
	// replaces Name).
	Account     string `json:"-"`
	AccountName string `json:"-"`
}

// SeekResponse is the answer to POST /api/seeks: the seek's id, and the
// token of the seat its poster will hold in the game made for it. The
// seek waits while its poster holds it on the lobby's feed
// (HoldMessage).
type SeekResponse struct {
	ID    string `json:"id"`
	Token string `json:"token"`
}

// Seek is a seek of the lobby's list (not a pool's).
type Seek struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Clock   ClockRequest      `json:"clock"`
	// Speed is the clock's speed class (Speed).
	Speed     string `json:"speed"`
	Rated     bool   `json:"rated"`
	Color     string `json:"color"`
	Name      string `json:"name"`
	Rating    int    `json:"rating"`
	RatingMin int    `json:"rating_min,omitempty"`
	RatingMax int    `json:"rating_max,omitempty"`
}

// SeekStatus is the answer of GET /api/seeks/{id} to its poster (the
// seat token as bearer): Game and Player are set once the seek is matched,
// empty while it waits.
type SeekStatus struct {
	ID     string `json:"id"`
	Game   string `json:"game,omitempty"`
	Player string `json:"player,omitempty"`
}

// AcceptRequest is the body of POST /api/seeks/{id}/accept.
type AcceptRequest struct {
	Name string `json:"name,omitempty"`
	// Account and AccountName are the signed-in player's, set by the
	// server from the session.
	Account     string `json:"-"`
	AccountName string `json:"-"`
}

// AcceptResponse is the answer to POST /api/seeks/{id}/accept: the game
// made, the seat of the player who accepted and its token.
type AcceptResponse struct {
	ID     string `json:"id"`
	Player string `json:"player"`
	Token  string `json:"token"`
}

// The types of the lobby's feed's messages (GET /api/lobby/ws).
const (
	// MessageSeeks is the list of seeks (SeeksMessage), sent at once and
	// whenever it changes.
	MessageSeeks = "seeks"
	// MessageHold, from the client, holds a seek or a place in a pool
	// (HoldMessage): it waits while the feed is open and is withdrawn
	// when it closes.
	MessageHold = "hold"
	// MessageMatched tells the poster of a held seek the game made for
	// it (MatchedMessage).
	MessageMatched = "matched"
)

// SeeksMessage is the lobby's list of seeks:
// {"seeks":[...],"type":"seeks"}.
type SeeksMessage struct {
	Seeks []Seek `json:"seeks"`
	Type  string `json:"type" ts:"\"seeks\""`
}

// HoldMessage is what a client sends on the lobby's feed to hold its seek:
// {"id":"…","token":"…","type":"hold"}, the token of the seek's answer.
// The server answers with the same message without the token, or with an
// ErrorMessage (the feed stays open).
type HoldMessage struct {
	ID    string `json:"id"`
	Token string `json:"token,omitempty"`
	Type  string `json:"type" ts:"\"hold\""`
}

// MatchedMessage tells the poster of a held seek the game made for it and
// its seat: {"game":"…","id":"…","player":"…","type":"matched"}.
type MatchedMessage struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Player string `json:"player"`
	Type   string `json:"type" ts:"\"matched\""`
}
