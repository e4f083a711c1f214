package server

import (
	"net/http"
	"time"

	"github.com/norns-games/norns/account"
)

// Profiles and leaderboards (docs/api.md): public, read-only.

// playerRoutes adds the profile and leaderboard routes.
func (s *Server) playerRoutes(api func(string, func(http.ResponseWriter, *http.Request) error)) {
	api("GET /api/players/{name}", s.handlePlayer)
	api("GET /api/players/{name}/history", s.handlePlayerHistory)
	api("GET /api/leaderboard", s.handleLeaderboard)
}

// handlePlayer answers a player's profile.
func (s *Server) handlePlayer(w http.ResponseWriter, r *http.Request) error {
	out, err := s.hall.Player(r.Context(), account.Key(r.PathValue("name")), s.clock())
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, out)
}

// handlePlayerHistory answers a player's rating history under ?key=.
func (s *Server) handlePlayerHistory(w http.ResponseWriter, r *http.Request) error {
	out, err := s.hall.RatingHistory(r.Context(), account.Key(r.PathValue("name")), r.URL.Query().Get("key"))
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, out)
}

// handleLeaderboard answers the leaderboard of ?key=.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) error {
	out, err := s.hall.Leaderboard(r.Context(), r.URL.Query().Get("key"), s.clock())
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, out)
}

// clock is the time now, by the configuration's clock where it has one.
func (s *Server) clock() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}
