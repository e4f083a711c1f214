package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"norns/i18n"
)

// subscriber is one WebSocket client of a game.
type subscriber struct {
	ch   chan []byte
	gone chan struct{}
	once sync.Once
	// player is set once the client proved it holds a seat (AuthMessage),
	// spectators while it has the spectators' chat open (RoomMessage):
	// they choose the chat messages it gets (chat.go).
	player, spectators atomic.Bool
}

// subscriberBuffer is how many messages a client may fall behind before it
// is dropped (it reconnects and catches up from its last seq).
const subscriberBuffer = 256

func (s *subscriber) drop() { s.once.Do(func() { close(s.gone) }) }

// send queues a message, dropping a client that is too far behind.
func (s *subscriber) send(b []byte) bool {
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
func eventMessage(e EventView) []byte {
	b, _ := json.Marshal(struct {
		Event EventView `json:"event"`
		Seq   int64     `json:"seq"`
		Type  string    `json:"type"`
	}{e, e.Seq, "event"})
	return b
}

// rematchMessage is the WebSocket message that takes the clients of a
// finished game to its rematch: {"id":"…","type":"rematch"}.
func rematchMessage(id string) []byte {
	b, _ := json.Marshal(struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}{id, "rematch"})
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

// AuthMessage is the message a WebSocket client may send first, to say
// which seat it holds: {"type":"auth","token":"<seat token>"}. The server
// answers {"type":"auth","player":"<seat>"}, or an error message and the
// end of the feed.
type AuthMessage struct {
	Type  string `json:"type"`
	Token string `json:"token"`
}

// handleWS subscribes a client to a game: it sends every event after
// ?since=N, then the state, then each new event and state as they happen.
// Anybody may subscribe (spectators included). A player's client sends
// its seat token in its first message (AuthMessage), never in the URL;
// any other message from the client closes the feed (policy violation).
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	if r.URL.Query().Has("token") {
		return apiErr(CodeBadParameter, "a seat token is never sent in a URL: send it in the WebSocket's first message, {\"type\":\"auth\",\"token\":…}")
	}
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return apiErr(CodeBadRequest, "GET %s is a WebSocket feed: the request must ask for an upgrade", r.URL.Path)
	}
	id := r.PathValue("id")
	if _, err := s.load(r.Context(), id); err != nil {
		return err
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil // Accept has answered
	}
	c.SetReadLimit(s.cfg.MaxBody)
	s.metrics.wsClients.Inc()
	defer s.metrics.wsClients.Dec()

	sub := &subscriber{ch: make(chan []byte, subscriberBuffer), gone: make(chan struct{})}
	backlog, err := s.subscribe(r.Context(), id, sub, since)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the game could not be loaded")
		return nil
	}
	defer s.unsubscribe(id, sub)

	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	replies := make(chan wsReply, 2)
	go s.readWS(ctx, c, id, sub, requestLang(r), replies)
	s.feed(ctx, c, sub, backlog, replies)
	return nil
}

// subscribe adds sub to the subscribers of game id (unless the server
// is closing: then sub is dropped at once) and returns the game's
// messages after since.
func (s *Server) subscribe(ctx context.Context, id string, sub *subscriber, since int64) ([][]byte, error) {
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
	return backlog, err
}

// unsubscribe removes sub from the subscribers of game id, if it is held.
func (s *Server) unsubscribe(id string, sub *subscriber) {
	if t := s.held(id); t != nil {
		t.mu.Lock()
		delete(t.subs, sub)
		t.countWatchers()
		t.mu.Unlock()
	}
}

// feed writes backlog to c, then the subscriber's messages and readWS's
// replies as they come, with a ping every 30 s, until the client goes,
// the subscriber is dropped or ctx is done.
func (s *Server) feed(ctx context.Context, c *websocket.Conn, sub *subscriber, backlog [][]byte, replies <-chan wsReply) {
	write := func(b []byte) error {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	for _, m := range backlog {
		if err := write(m); err != nil {
			return
		}
	}
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case m := <-sub.ch:
			if err := write(m); err != nil {
				return
			}
		case m := <-replies:
			if m.msg != nil && write(m.msg) != nil {
				return
			}
			if m.close != 0 {
				c.Close(m.close, "")
				return
			}
		case <-sub.gone:
			s.closeDropped(c, sub, write)
			return
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "")
			return
		}
	}
}

// closeDropped sends what is queued for the dropped sub, then closes c:
// the client reconnects with its last seq.
func (s *Server) closeDropped(c *websocket.Conn, sub *subscriber, write func([]byte) error) {
	for {
		select {
		case m := <-sub.ch:
			if write(m) != nil {
				return
			}
			continue
		default:
		}
		break
	}
	reason := "too far behind, or the game was reloaded; reconnect with since=<last seq>"
	if s.closing() {
		reason = "server shutting down"
	}
	c.Close(websocket.StatusTryAgainLater, reason)
}

// wsReply is what readWS asks the feed to send, in order: a message, the
// end of the feed (close not 0), or both.
type wsReply struct {
	msg   []byte
	close websocket.StatusCode
}

// readWS reads what a WebSocket client sends: one AuthMessage at most,
// and RoomMessages (chat.go) before or after it. It answers on replies,
// and ends the feed normally when the client left, with a policy violation
// for anything else it sent.
func (s *Server) readWS(ctx context.Context, c *websocket.Conn, id string, sub *subscriber, lang i18n.Lang, replies chan<- wsReply) {
	first := true
	for {
		typ, b, err := c.Read(ctx)
		if err != nil {
			status := websocket.StatusNormalClosure
			if s.closing() {
				status = websocket.StatusGoingAway
			} else if errors.Is(err, context.Canceled) {
				return
			}
			replies <- wsReply{close: status}
			return
		}
		var rm RoomMessage
		if typ == websocket.MessageText && json.Unmarshal(b, &rm) == nil && rm.Type == "room" && rm.Room == roomSpectators {
			sub.spectators.Store(rm.Open)
			b, _ = json.Marshal(rm)
			replies <- wsReply{msg: b}
			continue
		}
		var m AuthMessage
		if !first || typ != websocket.MessageText || json.Unmarshal(b, &m) != nil || m.Type != "auth" {
			replies <- wsReply{close: websocket.StatusPolicyViolation}
			return
		}
		first = false
		p := -1
		var player string
		s.with(ctx, id, func(t *table) error {
			if p = t.seatOf(m.Token); p >= 0 {
				player = t.rec.Seats[p].Player
				sub.player.Store(true)
				t.countWatchers()
			}
			return nil
		})
		if p < 0 {
			msg := errorJSON(apiErr(CodeBadToken, "the token opens no seat of this game"), lang)
			msg = append([]byte(`{"type":"error",`), msg[1:]...)
			replies <- wsReply{msg: msg, close: websocket.StatusPolicyViolation}
			return
		}
		b, _ = json.Marshal(map[string]string{"type": "auth", "player": player})
		replies <- wsReply{msg: b}
	}
}
