package server

import (
	"encoding/json"
	"time"
)

// The spectators of a game are its WebSocket subscribers that hold no seat
// (they sent no AuthMessage, or one that opened no seat). Each subscriber
// gets their count, {"type":"watchers","count":N}, when a subscriber comes,
// goes or proves its seat: a moment after, so that a player's client, a
// spectator until its first message, does not make the count flicker. An instance that
// shares its store with others knows only its own subscribers, so it sends
// no count at all rather than a wrong one.

// watchersDelay is how long a change of the count waits before it is sent.
const watchersDelay = 500 * time.Millisecond

// watchersMessage is the WebSocket message of the count of spectators.
func watchersMessage(n int) []byte {
	b, _ := json.Marshal(struct {
		Count int    `json:"count"`
		Type  string `json:"type"`
	}{n, "watchers"})
	return b
}

// spectators counts the subscribers that hold no seat. Callers hold mu.
func (t *table) spectators() int {
	n := 0
	for sub := range t.subs {
		if !sub.player.Load() {
			n++
		}
	}
	return n
}

// countWatchers sends the count of spectators to every subscriber a moment
// from now, unless a sending is due already. Callers hold mu.
func (t *table) countWatchers() {
	if _, shared := t.srv.shared(); shared || t.countDue || t.srv.closing() {
		return
	}
	t.countDue = true
	time.AfterFunc(watchersDelay, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.countDue = false
		msg := watchersMessage(t.spectators())
		for sub := range t.subs {
			if !sub.send(msg) {
				delete(t.subs, sub)
			}
		}
	})
}
