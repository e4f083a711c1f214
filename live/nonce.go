package live

import (
	"crypto/sha256"

	"norns/dice"
	"norns/record"
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
	if c != "" && !record.IsHex(c, sha256.Size) {
		return Errorf(CodeBadNonce, "the commitment %q is not 64 lower-case hex digits", c)
	}
	return nil
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
		return Errorf(CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	}
	return nil
}

// pendingCommit returns the commitment seat p is to reveal with its next
// move: the one its last reveal made, or the one given with its seed; ""
// when it has none.
func (t *table) pendingCommit(p int) string {
	return t.chain.Pending(t.rec.Seats[p].Player, t.rec.Seats[p].Commit)
}

// checkReveal checks what a move of seat p carries of its nonces, as
// record.Chain.Check does (and Verify after it); a game of scheme v1 takes
// none.
func (t *table) checkReveal(p int, r Reveal) error {
	if t.scheme() == dice.SchemeV1 && (r.Nonce != "" || r.Next != "") {
		return Errorf(CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	}
	if err := t.chain.Check(t.rec.Seats[p].Player, t.rec.Seats[p].Commit, r.Nonce, r.Next); err != nil {
		return Errorf(CodeBadNonce, "%v", err)
	}
	return nil
}
