package live

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/norns-games/norns/wire"
)

// Subscriber is one client of a game's feed (a WebSocket).
type Subscriber struct {
	ch   chan []byte
	gone chan struct{}
	once sync.Once
	// player is set once the client proved it holds a seat (AuthMessage),
	// spectators while it has the spectators' chat open (RoomMessage):
	// they choose the chat messages it gets (chat.go).
	player, spectators atomic.Bool
	// seat is the seat the client proved (Authenticate), guarded by the
	// table's mu.
	seat string
}

// subscriberBuffer is how many messages a client may fall behind before it
// is dropped (it reconnects and catches up from its last seq).
const subscriberBuffer = 256

func (s *Subscriber) drop() { s.once.Do(func() { close(s.gone) }) }

// send queues a message, dropping a client that is too far behind.
func (s *Subscriber) send(b []byte) bool {
	select {
	case s.ch <- b:
		return true
	default:
		s.drop()
		return false
	}
}

// eventMessage is the WebSocket message of one event:
// {"event":{...},"seq":N,"type":"event"}.
func eventMessage(e wire.EventView) []byte {
	b, _ := json.Marshal(wire.EventMessage{Event: e, Seq: e.Seq, Type: wire.MessageEvent})
	return b
}

// rematchMessage is the WebSocket message that takes the clients of a
// finished game to its rematch: {"id":"…","type":"rematch"}.
func rematchMessage(id string) []byte {
	b, _ := json.Marshal(wire.RematchMessage{ID: id, Type: wire.MessageRematch})
	return b
}

// stateMessage is the WebSocket message of the game's state,
// {"game":{...},"type":"state"}, around the view's JSON as it is (it comes
// from json.Marshal, compact and escaped already).
func stateMessage(view []byte) []byte {
	const head, tail = `{"game":`, `,"type":"state"}`
	b := make([]byte, 0, len(head)+len(view)+len(tail))
	return append(append(append(b, head...), view...), tail...)
}

// messages returns the messages of the events from index start on, then
// of the state. Callers hold t.mu.
func (t *table) messages(start int64) [][]byte {
	start = min(max(start, 0), t.seq())
	msgs := make([][]byte, 0, t.seq()-start+1)
	for i := start; i < t.seq(); i++ {
		msgs = append(msgs, eventMessage(eventView(t.events[i], t.autos[i])))
	}
	return append(msgs, stateMessage(t.viewJSONFrom(t.seq())))
}

// broadcast sends the events from index start on, then the new state, to
// every subscriber. Callers hold t.mu.
func (t *table) broadcast(start int) {
	if len(t.subs) == 0 {
		return
	}
	msgs := t.messages(int64(start))
	for sub := range t.subs {
		for _, m := range msgs {
			if !sub.send(m) {
				delete(t.subs, sub)
				break
			}
		}
	}
}

// Messages are the messages queued for the subscriber, in order.
func (s *Subscriber) Messages() <-chan []byte { return s.ch }

// Gone is closed when the subscriber is dropped: too far behind, the game
// reloaded, or the hall closing. What is queued may still be sent.
func (s *Subscriber) Gone() <-chan struct{} { return s.gone }

// OpenSpectators opens (true) or closes the spectators' chat on the feed.
func (s *Subscriber) OpenSpectators(open bool) { s.spectators.Store(open) }

// Subscribe adds a new subscriber to game id (unless the hall is closing:
// then it is dropped at once) and returns it with the game's messages
// after since: the events, then the state.
func (s *Hall) Subscribe(ctx context.Context, id string, since int64) (*Subscriber, [][]byte, error) {
	sub := &Subscriber{ch: make(chan []byte, subscriberBuffer), gone: make(chan struct{})}
	var backlog [][]byte
	err := s.with(ctx, id, func(t *table) error {
		backlog = t.messages(since)
		if s.closing() {
			sub.drop()
		} else {
			t.subs[sub] = struct{}{}
			t.countWatchers()
		}
		return nil
	})
	return sub, backlog, err
}

// Unsubscribe removes sub from the subscribers of game id, if it is held.
func (s *Hall) Unsubscribe(id string, sub *Subscriber) {
	if t := s.held(id); t != nil {
		t.mu.Lock()
		delete(t.subs, sub)
		if len(t.subs) == 0 {
			t.offSince = nil // nobody here follows presence now
		}
		t.countWatchers()
		t.mu.Unlock()
	}
}

// Authenticate makes sub a player's feed when token opens a seat of game
// id (it then gets the players' chat), and returns the seat, or "" when
// the token opens none.
func (s *Hall) Authenticate(ctx context.Context, id string, sub *Subscriber, token string) (player string, err error) {
	err = s.withToken(ctx, id, token, func(t *table) error {
		if p := t.seatOf(token); p >= 0 {
			player = t.rec.Seats[p].Player
			sub.player.Store(true)
			sub.seat = player
			t.countWatchers()
		}
		return nil
	})
	return player, err
}
