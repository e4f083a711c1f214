// Package dice rolls provably fair dice for any game.
//
// # The scheme
//
// At a game's creation the server draws a secret seed of 32 bytes from
// crypto/rand and publishes its commitment, the SHA-256 of the seed, in hex.
// Each seat may add a seed of its own (any text) before the first roll. Roll
// number i of the game (0, 1, 2… in the order the chance events occur) is
// derived from
//
//	HMAC-SHA256(key = server seed, message = block(i, j))
//
// where block(i, j) is the byte string
//
//	"norns-dice-v1" 0x00
//	uint32 number of seats
//	for each seat, in seat order: uint32 length, the seat seed's bytes
//	uint64 i
//	uint32 j
//
// (integers big-endian) for j = 0, 1, 2… as more bytes are needed. Each
// 32-byte HMAC output gives four 64-bit words, read big-endian in order.
//
// # From words to faces
//
// A chance event lists its outcomes with float64 probabilities. The
// probabilities of the Norns games are rationals with small denominators
// (1/8, 1/2, 1/3, k/216…), so Exact recovers the smallest common denominator
// D ≤ MaxDenominator such that every p·D is within 1e-9 of a whole number
// c (the outcome's count; the counts sum to D). A uniform integer u in
// [0, D) is drawn by rejection sampling: a word w is accepted when w <
// 2⁶⁴ − (2⁶⁴ mod D), and then u = w mod D; otherwise the next word is tried.
// The outcome is the first one, in the order listed, whose cumulative count
// exceeds u. Every outcome is thus drawn with probability exactly c/D.
//
// When the game is over the server seed is revealed: anybody can check it
// against the commitment and recompute every roll (norns verify).
//
// # Version 2: the causing player's nonce
//
// In scheme norns-dice-v2 a roll depends also on a nonce that the player
// whose action caused it revealed with that action, having committed to it
// (its SHA-256) with their previous action or their seed. block(i, j) is
// then
//
//	"norns-dice-v2" 0x00
//	uint32 number of seats
//	for each seat, in seat order: uint32 length, the seat seed's bytes
//	uint64 i
//	uint32 length of the nonce, the nonce's bytes
//	uint32 j
//
// with an empty nonce for a roll that no revealed nonce caused (the first
// rolls of a game, those after an AI seat's move, a timeout or a
// resignation). So the server cannot compute a roll before the action
// that causes it arrives, and the player cannot choose it. A client
// derives its nonces from a secret of its own (Nonce), so that it keeps
// one secret per seat however long the game.
package dice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"

	"github.com/norns-games/norns/game"
)

// SeedSize is the length of a server seed in bytes.
const SeedSize = 32

// MaxDenominator bounds the common denominator of a chance event's
// probabilities.
const MaxDenominator = 1_000_000

// tolerance is how far p·D may be from a whole number.
const tolerance = 1e-9

// The schemes: their names, which start every HMAC message.
const (
	SchemeV1 = "norns-dice-v1"
	SchemeV2 = "norns-dice-v2"
)

// NonceSize is the length of a player's nonce, and of the secret it is
// derived from, in bytes.
const NonceSize = 32

// nonceLabel starts the message from which a nonce is derived.
const nonceLabel = "norns-nonce-v1\x00"

// ErrNotRational is returned for probabilities with no common denominator
// up to MaxDenominator.
var ErrNotRational = errors.New("dice: probabilities are not rationals with a denominator up to 1000000")

// NewSeed draws a fresh server seed from crypto/rand.
func NewSeed() ([]byte, error) {
	b := make([]byte, SeedSize)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("dice: %w", err)
	}
	return b, nil
}

// Commit returns the commitment to a seed: its SHA-256, in lower-case hex.
func Commit(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// NewSecret draws a client's secret for the nonces of one seat.
func NewSecret() ([]byte, error) { return NewSeed() }

// Nonce derives nonce number k of a seat from its client's secret:
// HMAC-SHA256(key = secret, message = "norns-nonce-v1" 0x00, the game's id,
// 0x00, uint64 k).
func Nonce(secret []byte, gameID string, k uint64) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(nonceLabel + gameID + "\x00"))
	m.Write(binary.BigEndian.AppendUint64(nil, k))
	return m.Sum(nil)
}

// CommitNonce returns the commitment to a nonce: its SHA-256 in lower-case
// hex, as Commit.
func CommitNonce(nonce []byte) string { return Commit(nonce) }

// Exact returns the smallest common denominator D of the probabilities and
// each one's count p·D. It fails when some p·D is not within 1e-9 of a whole
// number for any D ≤ MaxDenominator, or when the counts do not sum to D.
func Exact(probs []float64) (d int64, counts []int64, err error) {
	if len(probs) == 0 {
		return 0, nil, errors.New("dice: no outcomes")
	}
	d = 1
	seen := map[float64]bool{}
	for _, p := range probs {
		if !(p > 0 && p <= 1) {
			return 0, nil, fmt.Errorf("dice: probability %g out of (0, 1]", p)
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		q := denominator(p)
		if q == 0 {
			return 0, nil, ErrNotRational
		}
		d = lcm(d, q)
		if d > MaxDenominator {
			return 0, nil, ErrNotRational
		}
	}
	counts = make([]int64, len(probs))
	var sum int64
	for i, p := range probs {
		c := math.Round(p * float64(d))
		if math.Abs(p*float64(d)-c) > tolerance || c < 1 {
			return 0, nil, ErrNotRational
		}
		counts[i] = int64(c)
		sum += counts[i]
	}
	if sum != d {
		return 0, nil, fmt.Errorf("dice: probabilities sum to %d/%d, not 1", sum, d)
	}
	return d, counts, nil
}

// denominator returns the smallest q ≤ MaxDenominator with p·q within the
// tolerance of a whole number, or 0.
func denominator(p float64) int64 {
	for q := int64(1); q <= MaxDenominator; q++ {
		x := p * float64(q)
		if math.Abs(x-math.Round(x)) <= tolerance {
			return q
		}
	}
	return 0
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int64) int64 { return a / gcd(a, b) * b }

// Roller derives the rolls of one game from its server seed and seat seeds.
type Roller struct {
	key    []byte
	prefix []byte
	v2     bool
}

// NewRoller returns the roller of scheme norns-dice-v1 for a server seed
// and the seat seeds, in seat order (an empty string for a seat that gave
// none).
func NewRoller(serverSeed []byte, seatSeeds []string) *Roller {
	r, _ := ForScheme(SchemeV1, serverSeed, seatSeeds)
	return r
}

// ForScheme returns the roller of a scheme (SchemeV1 or SchemeV2).
func ForScheme(scheme string, serverSeed []byte, seatSeeds []string) (*Roller, error) {
	if scheme != SchemeV1 && scheme != SchemeV2 {
		return nil, fmt.Errorf("dice: unknown scheme %q", scheme)
	}
	p := []byte(scheme + "\x00")
	p = binary.BigEndian.AppendUint32(p, uint32(len(seatSeeds)))
	for _, s := range seatSeeds {
		p = binary.BigEndian.AppendUint32(p, uint32(len(s)))
		p = append(p, s...)
	}
	return &Roller{key: append([]byte(nil), serverSeed...), prefix: p, v2: scheme == SchemeV2}, nil
}

// Uniform returns roll number index, caused by no nonce, as a uniform
// integer in [0, d).
func (r *Roller) Uniform(index uint64, d int64) uint64 { return r.uniform(index, nil, d) }

func (r *Roller) uniform(index uint64, nonce []byte, d int64) uint64 {
	if d <= 1 {
		return 0
	}
	n := uint64(d)
	// limit is the largest multiple of n that fits in 64 bits (as 2⁶⁴ − (2⁶⁴ mod n)).
	rem := (math.MaxUint64%n + 1) % n
	limit := -rem // wraps: 2⁶⁴ − rem
	for j := uint32(0); ; j++ {
		sum := r.block(index, nonce, j)
		for k := 0; k < 4; k++ {
			w := binary.BigEndian.Uint64(sum[8*k:])
			if rem == 0 || w < limit {
				return w % n
			}
		}
	}
}

// block returns HMAC-SHA256 of block(index, j); in scheme v2 the nonce
// stands between them.
func (r *Roller) block(index uint64, nonce []byte, j uint32) []byte {
	m := hmac.New(sha256.New, r.key)
	msg := binary.BigEndian.AppendUint64(append([]byte(nil), r.prefix...), index)
	if r.v2 {
		msg = binary.BigEndian.AppendUint32(msg, uint32(len(nonce)))
		msg = append(msg, nonce...)
	}
	msg = binary.BigEndian.AppendUint32(msg, j)
	m.Write(msg)
	return m.Sum(nil)
}

// Roll draws roll number index, caused by no nonce, among the outcomes of
// a chance event and returns the chosen outcome's action.
func (r *Roller) Roll(index uint64, outs []game.Outcome) (game.Action, error) {
	return r.RollCaused(index, nil, outs)
}

// RollCaused draws roll number index, caused by an action that revealed
// nonce, among the outcomes of a chance event. A roller of scheme v1 takes
// no nonce.
func (r *Roller) RollCaused(index uint64, nonce []byte, outs []game.Outcome) (game.Action, error) {
	if len(nonce) > 0 && !r.v2 {
		return 0, fmt.Errorf("dice: scheme %s takes no nonce", SchemeV1)
	}
	probs := make([]float64, len(outs))
	for i, o := range outs {
		probs[i] = o.Prob
	}
	d, counts, err := Exact(probs)
	if err != nil {
		return 0, err
	}
	u := int64(r.uniform(index, nonce, d))
	for i, c := range counts {
		if u < c {
			return outs[i].Action, nil
		}
		u -= c
	}
	return outs[len(outs)-1].Action, nil // unreachable: the counts sum to d
}
