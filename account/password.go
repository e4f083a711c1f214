package account

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// The bounds of a password's length: at least MinPassword characters, at
// most MaxPassword bytes.
const (
	MinPassword = 8
	MaxPassword = 256
)

// Errors of CheckPassword; the error it returns wraps one.
var (
	ErrPasswordShort  = errors.New("account: password too short")
	ErrPasswordLong   = errors.New("account: password too long")
	ErrPasswordCommon = errors.New("account: password too common")
	ErrPasswordText   = errors.New("account: password not valid UTF-8")
)

//go:embed common-passwords.txt
var commonText string

// common is the set of common passwords, in lower case.
var common = func() map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(commonText))
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			m[strings.ToLower(l)] = true
		}
	}
	return m
}()

// CommonPasswords is the number of common passwords refused.
func CommonPasswords() int { return len(common) }

// CheckPassword checks a new password: long enough, not too long, valid
// UTF-8, and not a common one (whatever its case), nor the user name.
func CheckPassword(password, name string) error {
	switch {
	case !utf8.ValidString(password):
		return ErrPasswordText
	case utf8.RuneCountInString(password) < MinPassword:
		return fmt.Errorf("%w: %d characters, at least %d", ErrPasswordShort, utf8.RuneCountInString(password), MinPassword)
	case len(password) > MaxPassword:
		return fmt.Errorf("%w: %d bytes, at most %d", ErrPasswordLong, len(password), MaxPassword)
	case common[strings.ToLower(password)]:
		return fmt.Errorf("%w: one of the %d most common", ErrPasswordCommon, len(common))
	case name != "" && strings.EqualFold(password, name):
		return fmt.Errorf("%w: the user name", ErrPasswordCommon)
	}
	return nil
}

// Params are argon2id's parameters.
type Params struct {
	// Memory in KiB, Time the passes, Threads the lanes, KeyLen the
	// length of the hash in bytes.
	Memory  uint32
	Time    uint32
	Threads uint8
	KeyLen  uint32
}

// DefaultParams are the parameters of new hashes: OWASP's recommended
// minimum for argon2id (m = 19 MiB, t = 2, p = 1).
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32}

// saltLen is the length of a hash's random salt, in bytes.
const saltLen = 16

// b64 is the base64 of PHC strings: standard alphabet, no padding.
var b64 = base64.RawStdEncoding

// Hash returns the argon2id hash of a password with a new random salt,
// as a PHC string.
func Hash(password string, p Params) string {
	salt := make([]byte, saltLen)
	rand.Read(salt)
	return encode(p, salt, argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen))
}

func encode(p Params, salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// ErrHash is the error of a stored hash that cannot be read.
var ErrHash = errors.New("account: malformed password hash")

// decode reads a PHC string that encode wrote.
func decode(h string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(h, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, ErrHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, ErrHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 || p.Memory > 1<<22 {
		return p, nil, nil, ErrHash
	}
	if salt, err = b64.DecodeString(parts[4]); err != nil {
		return p, nil, nil, ErrHash
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) == 0 {
		return p, nil, nil, ErrHash
	}
	p.KeyLen = uint32(len(key))
	return p, salt, key, nil
}

// Verify reports whether password is the one hash was made of, in time
// that does not depend on where they differ. A malformed hash verifies
// nothing.
func Verify(password, hash string) bool {
	p, salt, key, err := decode(hash)
	if err != nil {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return subtle.ConstantTimeCompare(got, key) == 1
}
