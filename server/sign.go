package server

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"

	"norns/record"
)

// Signed records: the server signs the Norns record of a finished game
// with the deployment's Ed25519 key (store.Store.SigningKey), by
// record.Sign; package record says what the signature covers.

// signingKey returns the deployment's signing key, asked of the store
// once and kept: an error is not kept, so that the next call asks again.
func (s *Server) signingKey(ctx context.Context) (ed25519.PrivateKey, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key == nil {
		k, err := s.store.SigningKey(ctx)
		if err != nil {
			return nil, err
		}
		s.key = k
	}
	return s.key, nil
}

// PublicKey returns the public key with which the server signs the
// records of finished games, the same for every instance on one store.
func (s *Server) PublicKey(ctx context.Context) (ed25519.PublicKey, error) {
	k, err := s.signingKey(ctx)
	if err != nil {
		return nil, err
	}
	return k.Public().(ed25519.PublicKey), nil
}

// SigningKeyJSON is the answer of GET /api/signing-key.
type SigningKeyJSON struct {
	// Alg is record.SigningAlg.
	Alg string `json:"alg"`
	// Key is the public key in hex.
	Key string `json:"key"`
}

func (s *Server) handleSigningKey(w http.ResponseWriter, r *http.Request) error {
	k, err := s.PublicKey(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, SigningKeyJSON{Alg: record.SigningAlg, Key: hex.EncodeToString(k)})
}
