package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/wire"
)

// messages holds the human message of every code.

// statuses maps codes to HTTP statuses.
var statuses = map[string]int{
	wire.CodeBadRequest:        http.StatusBadRequest,
	wire.CodeTooLarge:          http.StatusRequestEntityTooLarge,
	wire.CodeNotFound:          http.StatusNotFound,
	wire.CodeUnknownGame:       http.StatusNotFound,
	wire.CodeBadOption:         http.StatusBadRequest,
	wire.CodeBadSeats:          http.StatusBadRequest,
	wire.CodeBadClock:          http.StatusBadRequest,
	wire.CodeBadSeed:           http.StatusBadRequest,
	wire.CodeBadNonce:          http.StatusBadRequest,
	wire.CodeGameNotFound:      http.StatusNotFound,
	wire.CodeMissingToken:      http.StatusUnauthorized,
	wire.CodeBadToken:          http.StatusForbidden,
	wire.CodeBadInvite:         http.StatusForbidden,
	wire.CodeSeatNotOpen:       http.StatusConflict,
	wire.CodeNotStarted:        http.StatusConflict,
	wire.CodeNotYourTurn:       http.StatusConflict,
	wire.CodeStale:             http.StatusConflict,
	wire.CodeMalformed:         http.StatusUnprocessableEntity,
	wire.CodeIllegal:           http.StatusUnprocessableEntity,
	wire.CodeGameOver:          http.StatusConflict,
	wire.CodeSeedLocked:        http.StatusConflict,
	wire.CodeRateLimited:       http.StatusTooManyRequests,
	wire.CodeNoRecord:          http.StatusNotFound,
	wire.CodeInternal:          http.StatusInternalServerError,
	wire.CodeShuttingDown:      http.StatusServiceUnavailable,
	wire.CodeBadParameter:      http.StatusBadRequest,
	wire.CodeNotSpectating:     http.StatusForbidden,
	wire.CodeConflict:          http.StatusConflict,
	wire.CodeAIOnly:            http.StatusForbidden,
	wire.CodeTooManyGames:      http.StatusTooManyRequests,
	wire.CodeNotReady:          http.StatusServiceUnavailable,
	wire.CodeCannotAbort:       http.StatusConflict,
	wire.CodeCannotOffer:       http.StatusConflict,
	wire.CodeNoOffer:           http.StatusConflict,
	wire.CodeNoDraws:           http.StatusForbidden,
	wire.CodeBadChatText:       http.StatusBadRequest,
	wire.CodeBadChatRoom:       http.StatusBadRequest,
	wire.CodeNotOver:           http.StatusConflict,
	wire.CodeLeft:              http.StatusConflict,
	wire.CodeCannotClaim:       http.StatusConflict,
	wire.CodeSeekNotFound:      http.StatusNotFound,
	wire.CodeSeekTaken:         http.StatusConflict,
	wire.CodeBadSeek:           http.StatusBadRequest,
	wire.CodeNotCreator:        http.StatusForbidden,
	wire.CodeTooManyAnalyses:   http.StatusTooManyRequests,
	wire.CodeBadName:           http.StatusBadRequest,
	wire.CodeNameTaken:         http.StatusConflict,
	wire.CodeWeakPassword:      http.StatusBadRequest,
	wire.CodeBadCredentials:    http.StatusUnauthorized,
	wire.CodeNotSignedIn:       http.StatusUnauthorized,
	wire.CodeCSRF:              http.StatusForbidden,
	wire.CodeSeatClaimed:       http.StatusConflict,
	wire.CodeNoAccounts:        http.StatusNotFound,
	wire.CodeSessionNotFound:   http.StatusNotFound,
	wire.CodeCannotRate:        http.StatusBadRequest,
	wire.CodeRatedNeedsAccount: http.StatusForbidden,
	wire.CodePlayerNotFound:    http.StatusNotFound,
	wire.CodeNoSeat:            http.StatusForbidden,
}

// errorBody is e as the API sends it, its message in lang.
func errorBody(e *live.Error, lang i18n.Lang) wire.ErrorBody {
	return wire.ErrorBody{Code: e.Code, Message: i18n.T(lang, "error."+e.Code), Detail: e.Detail}
}

func errorJSON(e *live.Error, lang i18n.Lang) []byte {
	out, _ := json.Marshal(wire.ErrorResponse{Error: errorBody(e, lang)})
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
		e = &live.Error{Code: wire.CodeInternal}
	}
	st := statuses[e.Code]
	if st == 0 {
		st = http.StatusInternalServerError
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ratelimit.RetryAfter(e.RetryAfter)))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Vary", "Cookie, Accept-Language") // the message's language
	w.WriteHeader(st)
	w.Write(errorJSON(e, requestLang(r)))
}
