package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"norns/i18n"
	"norns/live"
)

// messages holds the human message of every code.

// statuses maps codes to HTTP statuses.
var statuses = map[string]int{
	live.CodeBadRequest:      http.StatusBadRequest,
	live.CodeTooLarge:        http.StatusRequestEntityTooLarge,
	live.CodeNotFound:        http.StatusNotFound,
	live.CodeUnknownGame:     http.StatusNotFound,
	live.CodeBadOption:       http.StatusBadRequest,
	live.CodeBadSeats:        http.StatusBadRequest,
	live.CodeBadClock:        http.StatusBadRequest,
	live.CodeBadSeed:         http.StatusBadRequest,
	live.CodeBadNonce:        http.StatusBadRequest,
	live.CodeGameNotFound:    http.StatusNotFound,
	live.CodeMissingToken:    http.StatusUnauthorized,
	live.CodeBadToken:        http.StatusForbidden,
	live.CodeBadInvite:       http.StatusForbidden,
	live.CodeSeatNotOpen:     http.StatusConflict,
	live.CodeNotStarted:      http.StatusConflict,
	live.CodeNotYourTurn:     http.StatusConflict,
	live.CodeStale:           http.StatusConflict,
	live.CodeMalformed:       http.StatusUnprocessableEntity,
	live.CodeIllegal:         http.StatusUnprocessableEntity,
	live.CodeGameOver:        http.StatusConflict,
	live.CodeSeedLocked:      http.StatusConflict,
	live.CodeRateLimited:     http.StatusTooManyRequests,
	live.CodeNoRecord:        http.StatusNotFound,
	live.CodeInternal:        http.StatusInternalServerError,
	live.CodeShuttingDown:    http.StatusServiceUnavailable,
	live.CodeBadParameter:    http.StatusBadRequest,
	live.CodeNotSpectating:   http.StatusForbidden,
	live.CodeConflict:        http.StatusConflict,
	live.CodeAIOnly:          http.StatusForbidden,
	live.CodeTooManyGames:    http.StatusTooManyRequests,
	live.CodeNotReady:        http.StatusServiceUnavailable,
	live.CodeCannotAbort:     http.StatusConflict,
	live.CodeCannotOffer:     http.StatusConflict,
	live.CodeNoOffer:         http.StatusConflict,
	live.CodeBadChatText:     http.StatusBadRequest,
	live.CodeBadChatRoom:     http.StatusBadRequest,
	live.CodeNotOver:         http.StatusConflict,
	live.CodeLeft:            http.StatusConflict,
	live.CodeNotCreator:      http.StatusForbidden,
	live.CodeTooManyAnalyses: http.StatusTooManyRequests,
}

// errorBody is the JSON of an error response.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Detail  string `json:"detail,omitempty"`
	} `json:"error"`
}

func errorJSON(e *live.Error, lang i18n.Lang) []byte {
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
	var e *live.Error
	if !errors.As(err, &e) {
		e = &live.Error{Code: live.CodeInternal}
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
