package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// Error codes: stable names a client can switch on. The human messages live
// in messages, keyed by code, so that a catalog in another language can
// replace them.
const (
	CodeBadRequest    = "bad_request"
	CodeTooLarge      = "too_large"
	CodeNotFound      = "not_found"
	CodeUnknownGame   = "unknown_game"
	CodeBadOption     = "bad_option"
	CodeBadSeats      = "bad_seats"
	CodeBadClock      = "bad_clock"
	CodeBadSeed       = "bad_seed"
	CodeGameNotFound  = "game_not_found"
	CodeMissingToken  = "missing_token"
	CodeBadToken      = "bad_token"
	CodeBadInvite     = "bad_invite"
	CodeSeatNotOpen   = "seat_not_open"
	CodeNotStarted    = "not_started"
	CodeNotYourTurn   = "not_your_turn"
	CodeStale         = "stale_sequence"
	CodeMalformed     = "malformed_action"
	CodeIllegal       = "illegal_action"
	CodeGameOver      = "game_over"
	CodeSeedLocked    = "seed_locked"
	CodeRateLimited   = "rate_limited"
	CodeNoRecord      = "no_record"
	CodeInternal      = "internal"
	CodeShuttingDown  = "shutting_down"
	CodeBadParameter  = "bad_parameter"
	CodeNotSpectating = "spectator"
)

// messages holds the human message of every code.
var messages = map[string]string{
	CodeBadRequest:    "The request is not valid JSON of the expected shape.",
	CodeTooLarge:      "The request is too large.",
	CodeNotFound:      "There is no such API endpoint.",
	CodeUnknownGame:   "There is no game of that name.",
	CodeBadOption:     "An option is unknown or has a value that is not allowed.",
	CodeBadSeats:      "The seats do not fit the game.",
	CodeBadClock:      "The clock settings are not valid.",
	CodeBadSeed:       "A seat seed must be 1 to 64 printable ASCII characters, without quotes or backslashes.",
	CodeGameNotFound:  "There is no game with that id.",
	CodeMissingToken:  "This needs a seat token (Authorization: Bearer <token>).",
	CodeBadToken:      "The seat token does not belong to this game.",
	CodeBadInvite:     "The invitation is not valid for that seat.",
	CodeSeatNotOpen:   "That seat is not open.",
	CodeNotStarted:    "The game waits for players to take the open seats.",
	CodeNotYourTurn:   "It is not this seat's turn.",
	CodeStale:         "The game has moved on since the sequence number given; catch up and try again.",
	CodeMalformed:     "The action is not written in the game's notation.",
	CodeIllegal:       "The action is not legal now.",
	CodeGameOver:      "The game is over.",
	CodeSeedLocked:    "The dice have already rolled; seeds can no longer change.",
	CodeRateLimited:   "Too many requests; slow down.",
	CodeNoRecord:      "That record format is not available for this game.",
	CodeInternal:      "The server failed; nothing was changed.",
	CodeShuttingDown:  "The server is shutting down.",
	CodeBadParameter:  "A query parameter is not valid.",
	CodeNotSpectating: "Spectators cannot act.",
}

// statuses maps codes to HTTP statuses.
var statuses = map[string]int{
	CodeBadRequest:    http.StatusBadRequest,
	CodeTooLarge:      http.StatusRequestEntityTooLarge,
	CodeNotFound:      http.StatusNotFound,
	CodeUnknownGame:   http.StatusNotFound,
	CodeBadOption:     http.StatusBadRequest,
	CodeBadSeats:      http.StatusBadRequest,
	CodeBadClock:      http.StatusBadRequest,
	CodeBadSeed:       http.StatusBadRequest,
	CodeGameNotFound:  http.StatusNotFound,
	CodeMissingToken:  http.StatusUnauthorized,
	CodeBadToken:      http.StatusForbidden,
	CodeBadInvite:     http.StatusForbidden,
	CodeSeatNotOpen:   http.StatusConflict,
	CodeNotStarted:    http.StatusConflict,
	CodeNotYourTurn:   http.StatusConflict,
	CodeStale:         http.StatusConflict,
	CodeMalformed:     http.StatusUnprocessableEntity,
	CodeIllegal:       http.StatusUnprocessableEntity,
	CodeGameOver:      http.StatusConflict,
	CodeSeedLocked:    http.StatusConflict,
	CodeRateLimited:   http.StatusTooManyRequests,
	CodeNoRecord:      http.StatusNotFound,
	CodeInternal:      http.StatusInternalServerError,
	CodeShuttingDown:  http.StatusServiceUnavailable,
	CodeBadParameter:  http.StatusBadRequest,
	CodeNotSpectating: http.StatusForbidden,
}

// Error is an API error: a stable code, and a detail that says what exactly
// was wrong (in English, from the game package or the server).
type Error struct {
	Code   string
	Detail string
}

// Error writes the code and the detail.
func (e *Error) Error() string {
	if e.Detail != "" {
		return e.Code + ": " + e.Detail
	}
	return e.Code
}

// apiErr builds an Error.
func apiErr(code, format string, args ...any) *Error {
	return &Error{Code: code, Detail: fmt.Sprintf(format, args...)}
}

// errorBody is the JSON of an error response.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Detail  string `json:"detail,omitempty"`
	} `json:"error"`
}

func errorJSON(e *Error) []byte {
	var b errorBody
	b.Error.Code, b.Error.Message, b.Error.Detail = e.Code, messages[e.Code], e.Detail
	out, _ := json.Marshal(b)
	return out
}

// writeError answers a request with an error.
func writeError(w http.ResponseWriter, err error) {
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: CodeInternal}
	}
	st := statuses[e.Code]
	if st == 0 {
		st = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(st)
	w.Write(errorJSON(e))
}
