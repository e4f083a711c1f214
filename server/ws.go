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
	cw := &corkWriter{ResponseWriter: w}
	c, err := websocket.Accept(cw, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
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
	s.feed(ctx, &feedWriter{c: c, cc: cw.conn}, sub, backlog, replies)
	return nil
}

// feedWriteTimeout is how long a client may take to take in a batch of
// messages before its feed is closed.
const feedWriteTimeout = 10 * time.Second

// feedMaxBatch is how many bytes a feed gathers before it sends them.
const feedMaxBatch = 32 << 10

// feedWriter writes a feed's messages, each its own WebSocket message,
// gathering those at hand into one write to the connection.
type feedWriter struct {
	c  *websocket.Conn
	cc *corkConn
}

// send writes m, then whatever more has queued (up to feedMaxBatch bytes;
// more may be nil), with one write to the connection.
func (f *feedWriter) send(m []byte, more <-chan []byte) error {
	f.cc.cork()
	err := f.write(m)
gather:
	for err == nil && more != nil && f.cc.buffered() < feedMaxBatch {
		select {
		case m := <-more:
			err = f.write(m)
		default:
			break gather
		}
	}
	return f.flush(err)
}

// sendAll writes msgs, gathered into writes of about feedMaxBatch bytes.
func (f *feedWriter) sendAll(msgs [][]byte) error {
	for len(msgs) > 0 {
		f.cc.cork()
		var err error
		for err == nil && len(msgs) > 0 && f.cc.buffered() < feedMaxBatch {
			err = f.write(msgs[0])
			msgs = msgs[1:]
		}
		if err := f.flush(err); err != nil {
			return err
		}
	}
	return nil
}

// write writes m as one WebSocket message into the corked connection.
// The library's writes then go to memory and never block: no context of
// its own is needed (nor allocated) for each message, and the deadline is
// on the one write to the connection, in flush.
func (f *feedWriter) write(m []byte) error {
	return f.c.Write(context.Background(), websocket.MessageText, m)
}

// flush sends what was written since the cork, unless err (the writes'
// error) is set, and closes the connection on an error.
func (f *feedWriter) flush(err error) error {
	if uerr := f.cc.uncork(feedWriteTimeout); err == nil {
		err = uerr
	}
	if err != nil {
		f.c.CloseNow()
	}
	return err
}

// feed writes backlog to c, then the subscriber's messages and readWS's
// replies as they come, with a ping every 30 s, until the client goes,
// the subscriber is dropped or ctx is done.
func (s *Server) feed(ctx context.Context, f *feedWriter, sub *live.Subscriber, backlog [][]byte, replies <-chan wsReply) {
	c := f.c
	if f.sendAll(backlog) != nil {
		return
	}
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case m := <-sub.Messages():
			if f.send(m, sub.Messages()) != nil {
				return
			}
		case m := <-replies:
			if m.msg != nil && f.send(m.msg, nil) != nil {
				return
			}
			if m.close != 0 {
				c.Close(m.close, "")
				return
			}
		case <-sub.Gone():
			s.closeDropped(f, sub)
			return
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, feedWriteTimeout)
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

// closeDropped sends what is queued for the dropped sub, then closes the
// feed: the client reconnects with its last seq.
func (s *Server) closeDropped(f *feedWriter, sub *live.Subscriber) {
	for {
		select {
		case m := <-sub.Messages():
			if f.send(m, sub.Messages()) != nil {
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
	f.c.Close(websocket.StatusTryAgainLater, reason)
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
