package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

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
		return live.Errorf(wire.CodeBadParameter, "a seat token is never sent in a URL: send it in the WebSocket's first message, {\"type\":\"auth\",\"token\":…}")
	}
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return live.Errorf(wire.CodeBadRequest, "GET %s is a WebSocket feed: the request must ask for an upgrade", r.URL.Path)
	}
	id := r.PathValue("id")
	if err := s.hall.Load(r.Context(), id); err != nil {
		return err
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil // Accept has answered
	}
	c.SetReadLimit(s.cfg.MaxBody)
	s.metrics.wsClients.Inc()
	defer s.metrics.wsClients.Dec()

	sub, backlog, err := s.hall.Subscribe(r.Context(), id, since)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the game could not be loaded")
		return nil
	}
	defer s.hall.Unsubscribe(id, sub)

	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	replies := make(chan wsReply, 2)
	go s.readWS(ctx, c, id, sub, requestLang(r), replies)
	s.feed(ctx, c, sub, backlog, replies)
	return nil
}

// feed writes backlog to c, then the subscriber's messages and readWS's
// replies as they come, with a ping every 30 s, until the client goes,
// the subscriber is dropped or ctx is done.
func (s *Server) feed(ctx context.Context, c *websocket.Conn, sub *live.Subscriber, backlog [][]byte, replies <-chan wsReply) {
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
		case m := <-sub.Messages():
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
		case <-sub.Gone():
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
func (s *Server) closeDropped(c *websocket.Conn, sub *live.Subscriber, write func([]byte) error) {
	for {
		select {
		case m := <-sub.Messages():
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
func (s *Server) readWS(ctx context.Context, c *websocket.Conn, id string, sub *live.Subscriber, lang i18n.Lang, replies chan<- wsReply) {
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
		var rm wire.RoomMessage
		if typ == websocket.MessageText && json.Unmarshal(b, &rm) == nil && rm.Type == "room" && rm.Room == store.ChatSpectators {
			sub.OpenSpectators(rm.Open)
			b, _ = json.Marshal(rm)
			replies <- wsReply{msg: b}
			continue
		}
		var m wire.AuthMessage
		if !first || typ != websocket.MessageText || json.Unmarshal(b, &m) != nil || m.Type != wire.MessageAuth {
			replies <- wsReply{close: websocket.StatusPolicyViolation}
			return
		}
		first = false
		player, _ := s.hall.Authenticate(ctx, id, sub, m.Token)
		if player == "" {
			msg, _ := json.Marshal(wire.ErrorMessage{Type: wire.MessageError, Error: errorBody(live.Errorf(wire.CodeBadToken, "the token opens no seat of this game"), lang)})
			replies <- wsReply{msg: msg, close: websocket.StatusPolicyViolation}
			return
		}
		b, _ = json.Marshal(wire.AuthReply{Player: player, Type: wire.MessageAuth})
		replies <- wsReply{msg: b}
	}
}
