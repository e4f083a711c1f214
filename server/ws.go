package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// subscriber is one WebSocket client of a game.
type subscriber struct {
	ch   chan []byte
	gone chan struct{}
	once sync.Once
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

// stateMessage is the WebSocket message of the game's state,
// {"game":{...},"type":"state"}, around the view's JSON as it is (it comes
// from json.Marshal, compact and escaped already).
func stateMessage(view []byte) []byte {
	const head, tail = `{"game":`, `,"type":"state"}`
	b := make([]byte, 0, len(head)+len(view)+len(tail))
	return append(append(append(b, head...), view...), tail...)
}

// broadcast sends the events from index start on, then the new state, to
// every subscriber. Callers hold mu.
func (l *live) broadcast(start int) {
	if len(l.subs) == 0 {
		return
	}
	var msgs [][]byte
	for i := start; i < len(l.events); i++ {
		msgs = append(msgs, eventMessage(eventView(l.events[i], l.autos[i])))
	}
	msgs = append(msgs, stateMessage(l.viewJSONFrom(l.seq())))
	for sub := range l.subs {
		for _, m := range msgs {
			if !sub.send(m) {
				delete(l.subs, sub)
				break
			}
		}
	}
}

// handleWS subscribes a client to a game: it sends every event after
// ?since=N, then the state, then each new event and state as they happen.
// Anybody may subscribe (spectators included). The client sends nothing:
// its data messages close the feed (policy violation).
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if t := token(r); t != "" {
		l.mu.Lock()
		p := l.seatOf(t)
		l.mu.Unlock()
		if p < 0 {
			return apiErr(CodeBadToken, "")
		}
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil // Accept has answered
	}
	c.SetReadLimit(s.cfg.MaxBody)
	s.metrics.wsClients.Inc()
	defer s.metrics.wsClients.Dec()

	sub := &subscriber{ch: make(chan []byte, subscriberBuffer), gone: make(chan struct{})}
	l.mu.Lock()
	var backlog [][]byte
	for i := int(min(since, l.seq())); i < len(l.events); i++ {
		backlog = append(backlog, eventMessage(eventView(l.events[i], l.autos[i])))
	}
	backlog = append(backlog, stateMessage(l.viewJSONFrom(l.seq())))
	if s.closing() {
		sub.drop()
	} else {
		l.subs[sub] = struct{}{}
	}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.subs, sub)
		l.mu.Unlock()
	}()

	ctx := c.CloseRead(s.ctx)
	write := func(b []byte) error {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	for _, m := range backlog {
		if err := write(m); err != nil {
			return nil
		}
	}
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case m := <-sub.ch:
			if err := write(m); err != nil {
				return nil
			}
		case <-sub.gone:
			// Send what is queued, then close: the client reconnects
			// with its last seq.
			for {
				select {
				case m := <-sub.ch:
					if write(m) != nil {
						return nil
					}
					continue
				default:
				}
				break
			}
			reason := "too far behind; reconnect with since=<last seq>"
			if s.closing() {
				reason = "server shutting down"
			}
			c.Close(websocket.StatusTryAgainLater, reason)
			return nil
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return nil
			}
		case <-ctx.Done():
			status := websocket.StatusNormalClosure
			if errors.Is(context.Cause(ctx), context.Canceled) && s.closing() {
				status = websocket.StatusGoingAway
			}
			c.Close(status, "")
			return nil
		}
	}
}
