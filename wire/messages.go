package wire

// The types of the feed's messages (GET /api/games/{id}/ws), the Type of
// each message.
const (
	// MessageAuth is the client's first message, with its seat token
	// (AuthMessage), and the server's answer, with the seat (AuthReply).
	MessageAuth = "auth"
	// MessageRoom opens or closes the spectators' chat (RoomMessage),
	// from the client and back from the server.
	MessageRoom = "room"
	// MessageEvent is an event of the game (EventMessage).
	MessageEvent = "event"
	// MessageState is the game's state (StateMessage).
	MessageState = "state"
	// MessageChat is a chat message (ChatMessage).
	MessageChat = "chat"
	// MessageRematch takes the clients of a finished game to its rematch
	// (RematchMessage).
	MessageRematch = "rematch"
	// MessageWatchers is the count of spectators (WatchersMessage).
	MessageWatchers = "watchers"
	// MessageError is the error that ends the feed (ErrorMessage).
	MessageError = "error"
)

// MessageTypes lists the types of the feed's messages.
var MessageTypes = []string{MessageAuth, MessageRoom, MessageEvent, MessageState, MessageChat, MessageRematch, MessageWatchers, MessageError}

// AuthMessage is the first message of a player's client on the feed:
// {"type":"auth","token":"…"}, its seat token (never in the URL).
type AuthMessage struct {
	Type  string `json:"type" ts:"\"auth\""`
	Token string `json:"token"`
}

// AuthReply is the server's answer to an AuthMessage whose token opens a
// seat: {"player":"…","type":"auth"}. The players' chat reaches the feed
// from then on.
type AuthReply struct {
	Player string `json:"player"`
	Type   string `json:"type" ts:"\"auth\""`
}

// RoomMessage is what a WebSocket client sends to open (Open true) or
// close the spectators' chat on its feed:
// {"type":"room","room":"spectators","open":true}. The server answers
// with the same message once the feed gets the room's messages (or no
// longer does). The players' room needs no opening: a feed that sent a
// seat token gets it.
type RoomMessage struct {
	Type string `json:"type" ts:"\"room\""`
	Room string `json:"room" ts:"ChatRoom"`
	Open bool   `json:"open"`
}

// EventMessage is the feed's message of an event:
// {"event":{...},"seq":N,"type":"event"}, Seq the event's.
type EventMessage struct {
	Event EventView `json:"event"`
	Seq   int64     `json:"seq"`
	Type  string    `json:"type" ts:"\"event\""`
}

// StateMessage is the feed's message of the game's state, after the
// events of a change: {"game":{...},"type":"state"}.
type StateMessage struct {
	Game View   `json:"game"`
	Type string `json:"type" ts:"\"state\""`
}

// ChatMessage is the feed's message of a chat message:
// {"message":{...},"type":"chat"}.
type ChatMessage struct {
	Message ChatView `json:"message"`
	Type    string   `json:"type" ts:"\"chat\""`
}

// RematchMessage is the feed's message that takes the clients of a
// finished game to its rematch: {"id":"…","type":"rematch"}.
type RematchMessage struct {
	ID   string `json:"id"`
	Type string `json:"type" ts:"\"rematch\""`
}

// WatchersMessage is the feed's message of the count of spectators and
// of the players' presence, sent when either changes:
// {"count":N,"online":["white"],"gone_ms":{"black":25000},"type":"watchers"}.
type WatchersMessage struct {
	Count int `json:"count"`
	// Online lists the players (seats) whose client is connected to the
	// game with its seat proved (AuthMessage), on any instance.
	Online []string `json:"online"`
	// GoneMs gives, for each player offline in a game where their
	// opponent may claim (a live game between two people, going on), the
	// time in ms from this message until the claim is possible (0: now).
	GoneMs map[string]int64 `json:"gone_ms,omitempty"`
	Type   string           `json:"type" ts:"\"watchers\""`
}

// ErrorMessage is the feed's last message when the server ends it for an
// error (a token that opens no seat): {"type":"error","error":{...}}.
type ErrorMessage struct {
	Type  string    `json:"type" ts:"\"error\""`
	Error ErrorBody `json:"error"`
}

// FeedMessage is any message of the feed as a client reads it: Type
// says which of the other fields it has.
type FeedMessage struct {
	Type string `json:"type" ts:"MessageType"`
	// Event and Seq come with an event; Game with the state; Message
	// with a chat message.
	Event   *EventView `json:"event,omitempty"`
	Seq     int64      `json:"seq,omitempty"`
	Game    *View      `json:"game,omitempty"`
	Message *ChatView  `json:"message,omitempty"`
	// ID is the rematch's game.
	ID string `json:"id,omitempty"`
	// Room and Open come with a room message.
	Room string `json:"room,omitempty" ts:"ChatRoom"`
	Open bool   `json:"open,omitempty"`
	// Player is the seat of an auth answer.
	Player string `json:"player,omitempty"`
	// Count is the count of spectators, Online the players online and
	// GoneMs the time before a claim against each player gone.
	Count  int              `json:"count,omitempty"`
	Online []string         `json:"online,omitempty"`
	GoneMs map[string]int64 `json:"gone_ms,omitempty"`
	// Error comes with an error.
	Error *ErrorBody `json:"error,omitempty"`
}
