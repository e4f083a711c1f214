package account

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The bounds of a user name's length, in characters.
const (
	MinName = 2
	MaxName = 20
)

// ErrName is the error of a user name that breaks the rules; the error
// CheckName returns wraps it and says which rule.
var ErrName = errors.New("account: user name not allowed")

// CheckName checks a user name (in NFC: Normalize first) against the
// rules of the package documentation.
func CheckName(name string) error {
	n := utf8.RuneCountInString(name)
	if n < MinName || n > MaxName {
		return fmt.Errorf("%w: %q has %d characters, not %d to %d", ErrName, name, n, MinName, MaxName)
	}
	if !norm.NFC.IsNormalString(name) {
		return fmt.Errorf("%w: %q is not in Unicode NFC", ErrName, name)
	}
	latin, cyrillic := false, false
	for _, r := range name {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			latin = true
		case unicode.Is(unicode.Cyrillic, r) && unicode.IsLetter(r):
			cyrillic = true
		case r >= '0' && r <= '9', r == '_', r == '-':
		default:
			return fmt.Errorf("%w: %q has %q (letters, digits, _ and - only)", ErrName, name, r)
		}
	}
	if latin && cyrillic {
		return fmt.Errorf("%w: %q mixes Latin and Cyrillic letters", ErrName, name)
	}
	first, _ := utf8.DecodeRuneInString(name)
	last, _ := utf8.DecodeLastRuneInString(name)
	if strings.ContainsRune("_-", first) || strings.ContainsRune("_-", last) {
		return fmt.Errorf("%w: %q starts or ends with _ or -", ErrName, name)
	}
	return nil
}

// Normalize returns a name as it is checked and kept: in NFC, without
// surrounding spaces.
func Normalize(name string) string {
	return norm.NFC.String(strings.TrimSpace(name))
}

// Key returns the key of a name: the name in lower case, with which the
// account signs in whatever case is typed.
func Key(name string) string {
	return strings.ToLower(Normalize(name))
}

// confusables maps each character of a key that looks like another to
// that other (docs/accounts.md).
var confusables = map[rune]rune{
	// Digits and Latin letters that look alike.
	'0': 'o', '1': 'l', 'i': 'l', '-': '_',
	// Cyrillic letters that look like Latin ones, in one case or the
	// other (a key is in lower case: "в" stands for "В", which looks
	// like "B").
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'з': '3', 'і': 'l', 'ї': 'l',
	'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'п': 'n', 'р': 'p',
	'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'ԁ': 'd', 'ь': 'b',
	'г': 'r', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l',
}

// sequences maps runs of characters that look like one to it, after the
// single characters are mapped.
var sequences = strings.NewReplacer("rn", "m", "vv", "w")

// Skeleton returns the skeleton of a name: its key with the characters
// that look alike mapped to one of them (confusables, then sequences). Two
// names that imitate each other have one skeleton.
func Skeleton(name string) string {
	s := strings.Map(func(r rune) rune {
		if c, ok := confusables[r]; ok {
			return c
		}
		return r
	}, Key(name))
	return sequences.Replace(s)
}
