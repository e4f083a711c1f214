package record

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/store"
)

// The players' nonces (dice scheme v2, docs/fair-dice.md): a seat's
// client commits to a nonce with its seed, reveals it with its next move
// and commits to the next one with the same move; the roll a move causes
// depends on the nonce it revealed.

// Chain follows the players' nonces through a game's log, event by event:
// the commitment each player is to reveal next, the number of nonces each
// revealed, and the nonce that causes the rolls to come. The table of a
// live game and Verify each follow one, so that both check a move's
// nonces alike. A player's first commitment (its seat's, or its Commit
// tag) is given to the calls that need it; the zero value is a game's
// start.
type Chain struct {
	pending map[string]string // set by a player's moves
	reveals map[string]int
	cause   []byte
}

// Pending returns the commitment player is to reveal with its next move:
// the one its last move made, else first ("" for none).
func (c *Chain) Pending(player, first string) string {
	if p, ok := c.pending[player]; ok {
		return p
	}
	return first
}

// Reveals returns the number of nonces player revealed.
func (c *Chain) Reveals(player string) int { return c.reveals[player] }

// Cause returns the nonce the last event but a roll revealed, which the
// rolls after it use (nil for none).
func (c *Chain) Cause() []byte { return c.cause }

// Check checks the nonce and the next commitment a move of player carries
// (hex, "" for none), player's first commitment being first: a player with
// a pending commitment reveals the nonce that hashes to it and commits to
// the next one; one without may begin a chain with a commitment alone.
func (c *Chain) Check(player, first, nonce, next string) error {
	pending := c.Pending(player, first)
	switch {
	case pending == "" && nonce != "":
		return fmt.Errorf("%s reveals a nonce but committed to none", player)
	case pending != "" && nonce == "":
		return fmt.Errorf("%s committed to a nonce, but the move does not reveal it", player)
	case pending != "" && next == "":
		return fmt.Errorf("%s reveals a nonce but commits to no next one", player)
	case next != "" && !IsHex(next, sha256.Size):
		return fmt.Errorf("the commitment %q is not 64 lower-case hex digits", next)
	}
	if nonce != "" {
		if !IsHex(nonce, dice.NonceSize) {
			return fmt.Errorf("the nonce %q is not %d bytes in lower-case hex", nonce, dice.NonceSize)
		}
		b, _ := hex.DecodeString(nonce)
		if got := dice.CommitNonce(b); subtle.ConstantTimeCompare([]byte(got), []byte(pending)) != 1 {
			return fmt.Errorf("%s's nonce hashes to %s, but %s committed to %s", player, got, player, pending)
		}
	}
	return nil
}

// Follow follows event e, checked before: a move that revealed a nonce or
// committed to one advances its player's chain and causes the rolls that
// follow with its nonce; any other event but a roll causes them with none.
func (c *Chain) Follow(e store.Event) {
	switch {
	case e.Kind == store.EventRoll:
	case e.Nonce != "" || e.Next != "":
		if c.pending == nil {
			c.pending, c.reveals = map[string]string{}, map[string]int{}
		}
		c.pending[e.Player] = e.Next
		c.cause = nil
		if e.Nonce != "" {
			c.reveals[e.Player]++
			c.cause, _ = hex.DecodeString(e.Nonce)
		}
	default:
		c.cause = nil
	}
}

// chains follows the players' nonces through a record: a Chain, with the
// first commitments from the record's Commit tags.
type chains struct {
	Chain
	v2    bool
	first map[string]string
}

// newChains reads the first commitments of a record's players from its
// Commit tags, which a record of scheme v2 has for every player (possibly
// empty) and one of scheme v1 has not.
func newChains(tags map[string]string, scheme string, players []string) (*chains, error) {
	c := &chains{v2: scheme == dice.SchemeV2, first: map[string]string{}}
	for _, p := range players {
		commit, ok := tags["Commit "+p]
		switch {
		case ok && !c.v2:
			return nil, fmt.Errorf("the record has a Commit %s tag, but its scheme %s takes no nonces", p, scheme)
		case !ok && c.v2:
			return nil, fmt.Errorf("the record has no Commit %s tag", p)
		case commit != "" && !IsHex(commit, sha256.Size):
			return nil, fmt.Errorf("the Commit %s tag %q is not 64 lower-case hex digits", p, commit)
		}
		c.first[p] = commit
	}
	return c, nil
}

// follow checks the nonces of event e, as the table checked them when the
// move came (Chain.Check), and follows them.
func (c *chains) follow(e store.Event) error {
	carries := e.Nonce != "" || e.Next != ""
	switch {
	case carries && e.Kind == store.EventRoll:
		return fmt.Errorf("a roll carries a nonce")
	case carries && (e.Kind != store.EventMove || !c.v2):
		return fmt.Errorf("a %s carries a nonce", e.Kind)
	case e.Kind == store.EventMove:
		if err := c.Check(e.Player, c.first[e.Player], e.Nonce, e.Next); err != nil {
			return err
		}
	}
	c.Follow(e)
	return nil
}

// IsHex reports whether s is n bytes in lower-case hex.
func IsHex(s string, n int) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == n && hex.EncodeToString(b) == s
}
