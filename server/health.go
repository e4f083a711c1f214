package server

import (
	"io"
	"net/http"
)

// handleHealth answers GET /healthz: the process is up.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") }

// handleReady answers GET /readyz.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") }
