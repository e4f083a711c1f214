package server

import (
	"net/http"
)

// handleAnalysisGet answers GET /api/games/{id}/analysis: the analysis
// asked for, its progress or its result; not_found when none was.
func (s *Server) handleAnalysisGet(w http.ResponseWriter, r *http.Request) error {
	v, err := s.hall.Analysis(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

// handleAnalysisPost answers POST /api/games/{id}/analysis: it starts the
// analysis of a finished game and answers as GET does, 202 Accepted when
// it started it.
func (s *Server) handleAnalysisPost(w http.ResponseWriter, r *http.Request) error {
	v, started, err := s.hall.Analyse(r.Context(), r.PathValue("id"), clientAddr(r))
	if err != nil {
		return err
	}
	if started {
		return writeJSON(w, http.StatusAccepted, v)
	}
	return writeJSON(w, http.StatusOK, v)
}
