package server

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"

	"norns/record"
)

// PublicKey returns the public key with which the server signs the
// records of finished games, the same for every instance on one store.
func (s *Server) PublicKey(ctx context.Context) (ed25519.PublicKey, error) {
	return s.hall.PublicKey(ctx)
}

// SigningKeyJSON is the answer of GET /api/signing-key.
type SigningKeyJSON struct {
	// Alg is record.SigningAlg.
	Alg string `json:"alg"`
	// Key is the public key in hex.
	Key string `json:"key"`
}

func (s *Server) handleSigningKey(w http.ResponseWriter, r *http.Request) error {
	k, err := s.hall.PublicKey(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, SigningKeyJSON{Alg: record.SigningAlg, Key: hex.EncodeToString(k)})
}
