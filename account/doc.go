// Package account is the logic of players' accounts, apart from HTTP: the
// rules of user names (CheckName, Key, Skeleton), of passwords
// (CheckPassword, Hash, Verify), the tokens of sessions (NewToken,
// HashToken), and the Service that signs players up and in over a
// store.Accounts, throttling the sign-ins per account and per address.
//
// # Names
//
// A user name has 2 to 20 characters: letters (Latin A–Z, or Cyrillic),
// the digits 0–9, "_" and "-"; it starts and ends with a letter or a
// digit, and does not mix Latin and Cyrillic letters. It is stored in
// Unicode NFC. Its key, the name folded to lower case, signs in, so that
// "Ann" and "ann" are the same account. Its skeleton is the key with the
// characters that look alike mapped to one of them: Cyrillic letters that
// look like Latin ones to those ("а" → "a", "р" → "p", "н" → "h"), "0" →
// "o", "1" and "i" → "l", "-" → "_", "rn" → "m", "vv" → "w". Two names
// with one skeleton imitate each other, and only the first is accepted
// (docs/accounts.md lists the whole table).
//
// # Passwords
//
// A password has at least 8 characters, at most 256 bytes, and is not one
// of the most common ones (common-passwords.txt, compared without regard
// to case). It is kept as its argon2id hash (RFC 9106) with a random
// 16-byte salt, in the PHC string format
// "$argon2id$v=19$m=19456,t=2,p=1$salt$hash", so that the parameters can
// change later without invalidating the hashes made before:
// DefaultParams are OWASP's recommended minimum (19 MiB of memory, 2
// passes, 1 lane, a 32-byte hash).
//
// # Sessions
//
// A session's token is 32 random bytes (256 bits), in base64url; the
// store keeps only its SHA-256 (HashToken). Each session also has a public
// id, to sign it out from another, and a CSRF token its browser sends with
// state-changing requests.
package account
