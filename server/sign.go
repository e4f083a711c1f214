package server

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"

	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// PublicKey returns the public key with which the server signs the
// records of finished games, the same for every instance on one store.
func (s *Server) PublicKey(ctx context.Context) (ed25519.PublicKey, error) {
	return s.hall.PublicKey(ctx)
}

func (s *Server) handleSigningKey(w http.ResponseWriter, r *http.Request) error {
	k, err := s.hall.PublicKey(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, wire.SigningKeyJSON{Alg: record.SigningAlg, Key: hex.EncodeToString(k)})
}
