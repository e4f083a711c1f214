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
	"github.com/norns-games/norns/wire"
)

// The lobby's seeks and quick pairing (live/lobby.go).

func (s *Server) handlePostSeek(w http.ResponseWriter, r *http.Request) error {
	var req wire.SeekRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if a := s.optionalAccount(r); a != nil {
		req.Account, req.AccountName = a.ID, a.Name
	}
	resp, err := s.hall.PostSeek(context.WithoutCancel(r.Context()), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, resp)
}

func (s *Server) handleSeeks(w http.ResponseWriter, r *http.Request) error {
	seeks, err := s.hall.Seeks(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, wire.SeeksMessage{Seeks: seeks, Type: wire.MessageSeeks})
}

func (s *Server) handleSeekStatus(w http.ResponseWriter, r *http.Request) error {
	st, err := s.hall.SeekStatus(r.Context(), r.PathValue("id"), token(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

func (s *Server) handleCancelSeek(w http.ResponseWriter, r *http.Request) error {
	if err := s.hall.CancelSeek(context.WithoutCancel(r.Context()), r.PathValue("id"), token(r)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleAccept(w http.ResponseWriter, r *http.Request) error {
	var req wire.AcceptRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if a := s.optionalAccount(r); a != nil {
		req.Account, req.AccountName = a.ID, a.Name
	}
	resp, err := s.hall.AcceptSeek(context.WithoutCancel(r.Context()), r.PathValue("id"), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// handleLobbyWS connects a client to the lobby's feed: the list of seeks
// at once and on every change, and, for each seek the client holds
// (wire.HoldMessage), the game made for it (wire.MatchedMessage). The
// seeks it holds are withdrawn when it goes.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) error {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return live.Errorf(wire.CodeBadRequest, "GET %s is a WebSocket feed: the request must ask for an upgrade", r.URL.Path)
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil // Accept has answered
	}
	c.SetReadLimit(4096)
	s.metrics.wsClients.Inc()
	defer s.metrics.wsClients.Dec()
	account := ""
	if a := s.optionalAccount(r); a != nil {
		account = a.ID
	}
	f := s.hall.LobbyFeed(account)
	defer f.Close()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	replies := make(chan wsReply, 4)
	go s.readLobby(ctx, c, f, requestLang(r), replies)
	write := func(b []byte) error {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case m, ok := <-f.C:
			if !ok {
				c.Close(websocket.StatusGoingAway, "")
				return nil
			}
			if write(m) != nil {
				return nil
			}
		case m := <-replies:
			if m.msg != nil && write(m.msg) != nil {
				return nil
			}
			if m.close != 0 {
				c.Close(m.close, "")
				return nil
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return nil
			}
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "")
			return nil
		}
	}
}

// readLobby reads the HoldMessages of a lobby client and answers each:
// the message back without its token, or an error message. Anything else
// closes the feed (policy violation).
func (s *Server) readLobby(ctx context.Context, c *websocket.Conn, f *live.LobbyFeed, lang i18n.Lang, replies chan<- wsReply) {
	for {
		typ, b, err := c.Read(ctx)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				replies <- wsReply{close: websocket.StatusNormalClosure}
			}
			return
		}
		var m wire.HoldMessage
		if typ != websocket.MessageText || json.Unmarshal(b, &m) != nil || m.Type != wire.MessageHold {
			replies <- wsReply{close: websocket.StatusPolicyViolation}
			return
		}
		if err := f.Hold(ctx, m.ID, m.Token); err != nil {
			var e *live.Error
			if !errors.As(err, &e) {
				s.log.Error("holding a seek", "seek", m.ID, "err", err)
				e = &live.Error{Code: wire.CodeInternal}
			}
			b, _ = json.Marshal(wire.ErrorMessage{Type: wire.MessageError, Error: errorBody(e, lang)})
		} else {
			b, _ = json.Marshal(wire.HoldMessage{ID: m.ID, Type: wire.MessageHold})
		}
		replies <- wsReply{msg: b}
	}
}
