package live

import (
	"fmt"
	"time"
)

// Error codes: stable names a client can switch on. The human message of
// code C is the catalog entry "error.C" (package i18n), in the language the
// request asks for.
const (
	CodeBadRequest      = "bad_request"
	CodeTooLarge        = "too_large"
	CodeNotFound        = "not_found"
	CodeUnknownGame     = "unknown_game"
	CodeBadOption       = "bad_option"
	CodeBadSeats        = "bad_seats"
	CodeBadClock        = "bad_clock"
	CodeBadSeed         = "bad_seed"
	CodeGameNotFound    = "game_not_found"
	CodeMissingToken    = "missing_token"
	CodeBadToken        = "bad_token"
	CodeBadInvite       = "bad_invite"
	CodeSeatNotOpen     = "seat_not_open"
	CodeNotStarted      = "not_started"
	CodeNotYourTurn     = "not_your_turn"
	CodeStale           = "stale_sequence"
	CodeMalformed       = "malformed_action"
	CodeIllegal         = "illegal_action"
	CodeGameOver        = "game_over"
	CodeSeedLocked      = "seed_locked"
	CodeRateLimited     = "rate_limited"
	CodeNoRecord        = "no_record"
	CodeInternal        = "internal"
	CodeShuttingDown    = "shutting_down"
	CodeBadParameter    = "bad_parameter"
	CodeNotSpectating   = "spectator"
	CodeConflict        = "conflict"
	CodeAIOnly          = "ai_only"
	CodeTooManyGames    = "too_many_games"
	CodeNotReady        = "not_ready"
	CodeCannotAbort     = "cannot_abort"
	CodeCannotOffer     = "cannot_offer"
	CodeNoOffer         = "no_offer"
	CodeBadChatText     = "bad_chat_text"
	CodeBadChatRoom     = "bad_chat_room"
	CodeNotOver         = "not_over"
	CodeLeft            = "left_game"
	CodeBadNonce        = "bad_nonce"
	CodeNotCreator      = "not_creator"
	CodeTooManyAnalyses = "too_many_analyses"
)

// Error is an API error: a stable code, and a detail that says what exactly
// was wrong (in English, from the game package or the server).
type Error struct {
	Code   string
	Detail string
	// RetryAfter is how long a client that was refused for its rate
	// (rate_limited) should wait before it asks again.
	RetryAfter time.Duration
}

// Error writes the code and the detail.
func (e *Error) Error() string {
	if e.Detail != "" {
		return e.Code + ": " + e.Detail
	}
	return e.Code
}

// Errorf builds an Error.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Detail: fmt.Sprintf(format, args...)}
}
