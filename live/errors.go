package live

import (
	"fmt"
	"time"
)

// The error codes are package wire's (wire.CodeBadRequest…).

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
