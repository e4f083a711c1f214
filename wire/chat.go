package wire

import "time"

// The chat's rooms: a game's players' and its spectators'.
const (
	RoomPlayers    = "players"
	RoomSpectators = "spectators"
)

// Rooms lists the chat's rooms.
var Rooms = []string{RoomPlayers, RoomSpectators}

// ChatRequest is the body of POST /api/games/{id}/chat.
type ChatRequest struct {
	// Room is "players" or "spectators".
	Room string `json:"room" ts:"ChatRoom"`
	// Text is the message: 1 to 300 characters once trimmed, plain text.
	Text string `json:"text"`
}

// ChatView is a chat message as clients get it.
type ChatView struct {
	Seq  int64  `json:"seq"`
	Room string `json:"room" ts:"ChatRoom"`
	// Player is the writer's seat, "" for a spectator.
	Player string    `json:"player"`
	Name   string    `json:"name"`
	Text   string    `json:"text"`
	Time   time.Time `json:"time"`
}

// ChatResponse is the answer to POST /api/games/{id}/chat: the message
// as written.
type ChatResponse struct {
	Message ChatView `json:"message"`
}

// ChatLogResponse is the answer of GET /api/games/{id}/chat: a room's
// messages after ?since=.
type ChatLogResponse struct {
	Messages []ChatView `json:"messages"`
}
