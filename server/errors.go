package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"norns/i18n"
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

// messages holds the human message of every code.

// statuses maps codes to HTTP statuses.
var statuses = map[string]int{
	CodeBadRequest:      http.StatusBadRequest,
	CodeTooLarge:        http.StatusRequestEntityTooLarge,
	CodeNotFound:        http.StatusNotFound,
	CodeUnknownGame:     http.StatusNotFound,
	CodeBadOption:       http.StatusBadRequest,
	CodeBadSeats:        http.StatusBadRequest,
	CodeBadClock:        http.StatusBadRequest,
	CodeBadSeed:         http.StatusBadRequest,
	CodeBadNonce:        http.StatusBadRequest,
	CodeGameNotFound:    http.StatusNotFound,
	CodeMissingToken:    http.StatusUnauthorized,
	CodeBadToken:        http.StatusForbidden,
	CodeBadInvite:       http.StatusForbidden,
	CodeSeatNotOpen:     http.StatusConflict,
	CodeNotStarted:      http.StatusConflict,
	CodeNotYourTurn:     http.StatusConflict,
	CodeStale:           http.StatusConflict,
	CodeMalformed:       http.StatusUnprocessableEntity,
	CodeIllegal:         http.StatusUnprocessableEntity,
	CodeGameOver:        http.StatusConflict,
	CodeSeedLocked:      http.StatusConflict,
	CodeRateLimited:     http.StatusTooManyRequests,
	CodeNoRecord:        http.StatusNotFound,
	CodeInternal:        http.StatusInternalServerError,
	CodeShuttingDown:    http.StatusServiceUnavailable,
	CodeBadParameter:    http.StatusBadRequest,
	CodeNotSpectating:   http.StatusForbidden,
	CodeConflict:        http.StatusConflict,
	CodeAIOnly:          http.StatusForbidden,
	CodeTooManyGames:    http.StatusTooManyRequests,
	CodeNotReady:        http.StatusServiceUnavailable,
	CodeCannotAbort:     http.StatusConflict,
	CodeCannotOffer:     http.StatusConflict,
	CodeNoOffer:         http.StatusConflict,
	CodeBadChatText:     http.StatusBadRequest,
	CodeBadChatRoom:     http.StatusBadRequest,
	CodeNotOver:         http.StatusConflict,
	CodeLeft:            http.StatusConflict,
	CodeNotCreator:      http.StatusForbidden,
	CodeTooManyAnalyses: http.StatusTooManyRequests,
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

func errorJSON(e *Error, lang i18n.Lang) []byte {
	var b errorBody
	b.Error.Code, b.Error.Message, b.Error.Detail = e.Code, i18n.T(lang, "error."+e.Code), e.Detail
	out, _ := json.Marshal(b)
	return out
}

// requestLang is the language a request asks for: the lang query
// parameter, then the lang cookie the web app sets, then Accept-Language
// (a value that names no language is passed over).
func requestLang(r *http.Request) i18n.Lang {
	cookie := ""
	if c, err := r.Cookie("lang"); err == nil {
		cookie = c.Value
	}
	return i18n.FromRequest(r.Header.Get("Accept-Language"), r.URL.Query().Get("lang"), cookie)
}

// writeError answers a request with an error, its message in the request's
// language.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
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
	w.Header().Set("Vary", "Cookie, Accept-Language") // the message's language
	w.WriteHeader(st)
	w.Write(errorJSON(e, requestLang(r)))
}
