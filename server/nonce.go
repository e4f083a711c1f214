package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"

	"norns/dice"
)

// The players' nonces (dice scheme v2, docs/fair-dice.md): a seat's
// client commits to a nonce with its seed, reveals it with its next move
// and commits to the next one with the same move. The roll that a move
// causes depends on the nonce it revealed, so the server cannot compute
// it before the move arrives.

// Reveal is what a move carries of its player's nonces: the nonce
// committed to before, and the commitment to the next one, in hex.
type Reveal struct {
	Nonce string `json:"nonce,omitempty"`
	Next  string `json:"next,omitempty"`
}

// checkCommit checks a commitment as a request gives it: empty (none) or
// 64 lower-case hex digits.
func checkCommit(c string) error {
	if c != "" && !isHex(c, sha256.Size) {
		return apiErr(CodeBadNonce, "the commitment %q is not 64 lower-case hex digits", c)
	}
	return nil
}

// isHex reports whether s is n bytes in lower-case hex.
func isHex(s string, n int) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == n && hex.EncodeToString(b) == s
}

// scheme is the dice scheme of the table's game.
func (t *table) scheme() string {
	if t.rec.Scheme == "" {
		return dice.SchemeV1
	}
	return t.rec.Scheme
}

// takesCommit refuses a first commitment in a game of scheme v1, whose
// moves take no nonce: the seat could never move.
func (t *table) takesCommit(c string) error {
	if c != "" && t.scheme() == dice.SchemeV1 {
		return apiErr(CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	}
	return nil
}

// pendingCommit returns the commitment seat p is to reveal with its next
// move: the one its last reveal made, or the one given with its seed; ""
// when it has none.
func (t *table) pendingCommit(p int) string {
	if c, ok := t.commits[t.rec.Seats[p].Player]; ok {
		return c
	}
	return t.rec.Seats[p].Commit
}

// checkReveal checks what a move of seat p carries of its nonces: a seat
// with a pending commitment reveals the nonce that hashes to it and
// commits to the next one; a seat without one may begin a chain with a
// commitment; a game of scheme v1 takes neither.
func (t *table) checkReveal(p int, r Reveal) error {
	pending := t.pendingCommit(p)
	switch {
	case t.scheme() == dice.SchemeV1 && (r.Nonce != "" || r.Next != ""):
		return apiErr(CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	case pending == "" && r.Nonce != "":
		return apiErr(CodeBadNonce, "%s has committed to no nonce to reveal", t.rec.Seats[p].Player)
	case pending != "" && r.Nonce == "":
		return apiErr(CodeBadNonce, "%s committed to a nonce: the move must reveal it", t.rec.Seats[p].Player)
	case pending != "" && r.Next == "":
		return apiErr(CodeBadNonce, "the move must commit to the next nonce")
	}
	if r.Nonce != "" {
		if !isHex(r.Nonce, dice.NonceSize) {
			return apiErr(CodeBadNonce, "the nonce is not %d bytes in lower-case hex", dice.NonceSize)
		}
		b, _ := hex.DecodeString(r.Nonce)
		if subtle.ConstantTimeCompare([]byte(dice.CommitNonce(b)), []byte(pending)) != 1 {
			return apiErr(CodeBadNonce, "the nonce does not match the commitment %s", pending)
		}
	}
	return checkCommit(r.Next)
}

// followReveal follows the nonces of an event: a move that revealed one
// advances its player's chain and causes the rolls that follow it; any
// other event but a roll causes what follows with no nonce.
func (t *table) followReveal(kind, player, nonce, next string) {
	switch {
	case kind == "roll":
	case nonce != "" || next != "":
		if t.commits == nil {
			t.commits, t.reveals = map[string]string{}, map[string]int{}
		}
		t.commits[player] = next
		if nonce != "" {
			t.reveals[player]++
		}
		t.cause = nil
		if nonce != "" {
			t.cause, _ = hex.DecodeString(nonce)
		}
	default:
		t.cause = nil
	}
}
