package wire

import "time"

// SignUpRequest is the body of POST /api/account/signup and of POST
// /api/account/signin (docs/api.md).
type SignUpRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Seats are the seats this client took anonymously, to take into the
	// account (as POST /api/account/claim).
	Seats []SeatProof `json:"seats,omitempty"`
	// WantToken asks for the session's token in the answer, for a client
	// that is not a browser (the terminal): it then sends it in the
	// X-Norns-Session header. A browser keeps it in its HttpOnly cookie
	// only.
	WantToken bool `json:"want_token,omitempty"`
}

// SeatProof proves a seat: a game and the seat's token.
type SeatProof struct {
	Game  string `json:"game"`
	Token string `json:"token"`
}

// ClaimRequest is the body of POST /api/account/claim.
type ClaimRequest struct {
	Seats []SeatProof `json:"seats"`
}

// ClaimResult is what became of one seat of a claim: its player, or the
// error code that refused it.
type ClaimResult struct {
	Game   string `json:"game"`
	Player string `json:"player,omitempty"`
	Code   string `json:"code,omitempty"`
}

// AccountView is the signed-in account, as GET /api/account gives it.
type AccountView struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	// Session is the id of the request's session; CSRF the token a
	// browser sends in the X-CSRF-Token header with every state-changing
	// request.
	Session string `json:"session"`
	CSRF    string `json:"csrf"`
}

// AccountResponse is the answer of sign-up, sign-in and GET /api/account.
type AccountResponse struct {
	Account AccountView `json:"account"`
	// Token is the session's token, only when the request asked for it.
	Token string `json:"token,omitempty"`
	// Claimed says what became of the seats the request gave.
	Claimed []ClaimResult `json:"claimed,omitempty"`
}

// ClaimResponse is the answer of POST /api/account/claim.
type ClaimResponse struct {
	Claimed []ClaimResult `json:"claimed"`
}

// SessionView is one session of the account.
type SessionView struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Seen    time.Time `json:"seen"`
	Agent   string    `json:"agent,omitempty"`
	Addr    string    `json:"addr,omitempty"`
	// Current marks the request's own session.
	Current bool `json:"current,omitempty"`
}

// SessionsResponse is the answer of GET /api/account/sessions.
type SessionsResponse struct {
	Sessions []SessionView `json:"sessions"`
}

// PasswordRequest is the body of POST /api/account/password.
type PasswordRequest struct {
	Old string `json:"old_password"`
	New string `json:"new_password"`
}

// DeleteAccountRequest is the body of POST /api/account/delete.
type DeleteAccountRequest struct {
	Password string `json:"password"`
}

// SignedOutResponse is the answer of the sign-outs: how many sessions
// ended.
type SignedOutResponse struct {
	Ended int `json:"ended"`
}
