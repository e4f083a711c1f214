package server

import (
	"context"
	"net/http"

	"github.com/norns-games/norns/wire"
)

// handleChat takes a chat message of a game, {"room","text"}, stores it
// and sends it on the feeds; it answers {"message": {...}}.
func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) error {
	var req wire.ChatRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	m, err := s.hall.Chat(context.WithoutCancel(r.Context()), r.PathValue("id"), clientAddr(r), token(r), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, wire.ChatResponse{Message: m})
}

// handleChatLog answers a game's chat, ?room=players|spectators&since=N:
// {"messages": [...]}, the room's messages after seq N in order. The
// players' room needs a seat token of the game.
func (s *Server) handleChatLog(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	msgs, err := s.hall.ChatLog(r.Context(), r.PathValue("id"), token(r), r.URL.Query().Get("room"), since)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, wire.ChatLogResponse{Messages: msgs})
}
