package record

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"norns/dice"
	"norns/store"
)

// The players' nonces (dice scheme v2, docs/fair-dice.md): a seat's
// client commits to a nonce with its seed, reveals it with its next move
// and commits to the next one with the same move; the roll a move causes
// depends on the nonce it revealed.

// chains follows the players' nonces through a record, as a table does
// through its log, checking each reveal against the commitment before it.
type chains struct {
	v2      bool
	pending map[string]string
	// cause is the nonce the last event but a roll revealed.
	cause []byte
}

// newChains reads the first commitments of a record's players from its
// Commit tags, which a record of scheme v2 has for every player (possibly
// empty) and one of scheme v1 has not.
func newChains(tags map[string]string, scheme string, players []string) (*chains, error) {
	c := &chains{v2: scheme == dice.SchemeV2, pending: map[string]string{}}
	for _, p := range players {
		commit, ok := tags["Commit "+p]
		switch {
		case ok && !c.v2:
			return nil, fmt.Errorf("the record has a Commit %s tag, but its scheme %s takes no nonces", p, scheme)
		case !ok && c.v2:
			return nil, fmt.Errorf("the record has no Commit %s tag", p)
		case commit != "" && !isHex(commit, sha256.Size):
			return nil, fmt.Errorf("the Commit %s tag %q is not 64 lower-case hex digits", p, commit)
		}
		c.pending[p] = commit
	}
	return c, nil
}

// follow checks the nonces of event e, as a table checked them when the
// move came, and follows them.
func (c *chains) follow(e store.Event) error {
	if e.Kind == store.EventRoll {
		if e.Nonce != "" || e.Next != "" {
			return fmt.Errorf("a roll carries a nonce")
		}
		return nil
	}
	c.cause = nil
	if e.Nonce == "" && e.Next == "" {
		if e.Kind == store.EventMove && c.pending[e.Player] != "" {
			return fmt.Errorf("%s committed to a nonce, but the move does not reveal it", e.Player)
		}
		return nil
	}
	if e.Kind != store.EventMove || !c.v2 {
		return fmt.Errorf("a %s carries a nonce", e.Kind)
	}
	pending := c.pending[e.Player]
	switch {
	case pending == "" && e.Nonce != "":
		return fmt.Errorf("%s reveals a nonce but committed to none", e.Player)
	case pending != "" && e.Next == "":
		return fmt.Errorf("%s reveals a nonce but commits to no next one", e.Player)
	case e.Next != "" && !isHex(e.Next, sha256.Size):
		return fmt.Errorf("the commitment %q is not 64 lower-case hex digits", e.Next)
	}
	if e.Nonce != "" {
		b, err := hex.DecodeString(e.Nonce)
		if err != nil || len(b) != dice.NonceSize || !isHex(e.Nonce, dice.NonceSize) {
			return fmt.Errorf("the nonce %q is not %d bytes in lower-case hex", e.Nonce, dice.NonceSize)
		}
		if got := dice.CommitNonce(b); got != pending {
			return fmt.Errorf("%s's nonce hashes to %s, but %s committed to %s", e.Player, got, e.Player, pending)
		}
		c.cause = b
	}
	c.pending[e.Player] = e.Next
	return nil
}

// isHex reports whether s is n bytes in lower-case hex.
func isHex(s string, n int) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == n && hex.EncodeToString(b) == s
}
