package server

import "net/http"

// protect wraps every response of the server's handler.
func (s *Server) protect(h http.Handler) http.Handler { return h }
