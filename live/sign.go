package live

import (
	"context"
	"crypto/ed25519"
)

// Signed records: the hall signs the Norns record of a finished game
// with the deployment's Ed25519 key (store.Store.SigningKey), by
// record.Sign; package record says what the signature covers.

// signingKey returns the deployment's signing key, asked of the store
// once and kept: an error is not kept, so that the next call asks again.
func (s *Hall) signingKey(ctx context.Context) (ed25519.PrivateKey, error) {
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
func (s *Hall) PublicKey(ctx context.Context) (ed25519.PublicKey, error) {
	k, err := s.signingKey(ctx)
	if err != nil {
		return nil, err
	}
	return k.Public().(ed25519.PublicKey), nil
}
