package server

import "net/http"

// handleChat takes a chat message of a game.
func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) error {
	return apiErr(CodeNotFound, "%s %s", r.Method, r.URL.Path)
}

// handleChatLog answers a game's chat.
func (s *Server) handleChatLog(w http.ResponseWriter, r *http.Request) error {
	return apiErr(CodeNotFound, "%s %s", r.Method, r.URL.Path)
}
