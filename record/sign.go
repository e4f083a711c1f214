package record

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Tags of a signed record.
const (
	// TagSigningKey names the public key (hex) that signed the record.
	TagSigningKey = "SigningKey"
	// TagSignature is the signature (hex) of the record's signed text.
	TagSignature = "Signature"
)

// SigningAlg is the signature algorithm of the records.
const SigningAlg = "Ed25519"

// SignedText returns the text a record's signature covers: the record as
// its text form writes it, without the Signature tag and without the chat.
// A record read from JSON whose tags or events could not be written as
// that text, each in its line and read back the same (a newline in a
// value, a space in an event's kind or player), is an error.
func SignedText(rec *Record) (string, error) {
	for _, k := range rec.Order {
		v := rec.Tags[k]
		switch {
		case k == "" || strings.ContainsAny(k, "\r\n") || strings.Contains(k, " \""):
			return "", fmt.Errorf("tag name %q cannot be written in the record", k)
		case strings.ContainsAny(v, "\r\n"):
			return "", fmt.Errorf("tag %s: the value %q cannot be written in the record", k, v)
		case k == TagSignature:
			return "", fmt.Errorf("the Signature tag is not signed")
		}
	}
	for _, e := range rec.Events {
		if e.Kind == "" || e.Player == "" || strings.ContainsAny(e.Kind+e.Player, " \r\n") || strings.ContainsAny(e.Action, "\r\n") {
			return "", fmt.Errorf("event %d (%q %q %q) cannot be written in the record", e.Seq, e.Kind, e.Player, e.Action)
		}
	}
	unsigned := *rec
	unsigned.Signature = ""
	return unsigned.Text(nil), nil
}

// Sign names key's public key in rec's SigningKey tag (after its other
// tags) and signs the record.
func Sign(rec *Record, key ed25519.PrivateKey) error {
	if _, ok := rec.Tags[TagSigningKey]; ok {
		return errors.New("the record is signed already")
	}
	rec.Tags[TagSigningKey] = hex.EncodeToString(key.Public().(ed25519.PublicKey))
	rec.Order = append(rec.Order, TagSigningKey)
	text, err := SignedText(rec)
	if err != nil {
		return err
	}
	rec.Signature = hex.EncodeToString(ed25519.Sign(key, []byte(text)))
	return nil
}

// ErrNotSigned is the error of checking the signature of a record that
// has none.
var ErrNotSigned = errors.New("the record is not signed")

// CheckSignature checks a record's signature against the key its
// SigningKey tag names and returns that key in hex. A record with neither
// tag is ErrNotSigned; one with a single one of them, a key or a signature
// that is not hex of the right size, or a signature that does not match
// the record's signed text (the record was changed after it was signed)
// is an error that says which.
func CheckSignature(rec *Record) (string, error) {
	keyHex, hasKey := rec.Tags[TagSigningKey]
	switch {
	case rec.Signature == "" && !hasKey:
		return "", ErrNotSigned
	case rec.Signature == "":
		return "", fmt.Errorf("the record names a signing key (%s) but carries no signature: its Signature tag was removed", keyHex)
	case !hasKey:
		return "", fmt.Errorf("the record carries a signature but no SigningKey tag")
	}
	key, err := hex.DecodeString(keyHex)
	if err != nil || len(key) != ed25519.PublicKeySize || keyHex != strings.ToLower(keyHex) {
		return "", fmt.Errorf("the signing key %q is not %d lower-case hex digits", keyHex, 2*ed25519.PublicKeySize)
	}
	sig, err := hex.DecodeString(rec.Signature)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return "", fmt.Errorf("the signature %q is not %d hex digits", rec.Signature, 2*ed25519.SignatureSize)
	}
	text, err := SignedText(rec)
	if err != nil {
		return "", err
	}
	if !ed25519.Verify(key, []byte(text), sig) {
		return "", fmt.Errorf("the signature does not match the record: it was changed after key %s signed it, or that key never signed it", keyHex)
	}
	return keyHex, nil
}
