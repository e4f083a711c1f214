package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Accounts over HTTP (docs/accounts.md, docs/api.md). A session's token
// travels in the HttpOnly cookie sessionCookie (a browser) or in the
// header sessionHeader (the terminal and other API clients). A request
// that changes something and carries the cookie must come from the
// server's own pages: Sec-Fetch-Site or Origin says so
// (http.CrossOriginProtection), and the header csrfHeader carries the
// session's CSRF token. A request with the header instead needs neither:
// a browser sends no such header to another site without asking it first
// (CORS), and the server allows no other site.
const (
	sessionCookie = "norns_session"
	sessionHeader = "X-Norns-Session"
	csrfHeader    = "X-CSRF-Token"
	// sessionAge is the life of the cookie in the browser, that of a
	// session unused.
	sessionAge = store.SessionIdle
	// maxClaims bounds the seats of one claim.
	maxClaims = 200
)

// accountRoutes registers the endpoints of accounts.
func (s *Server) accountRoutes(api func(pattern string, h func(w http.ResponseWriter, r *http.Request) error)) {
	api("POST /api/account/signup", s.handleSignUp)
	api("POST /api/account/signin", s.handleSignIn)
	api("GET /api/account", s.handleAccount)
	api("POST /api/account/signout", s.handleSignOut)
	api("POST /api/account/signout-everywhere", s.handleSignOutEverywhere)
	api("GET /api/account/sessions", s.handleSessions)
	api("DELETE /api/account/sessions/{id}", s.handleSessionDelete)
	api("POST /api/account/password", s.handlePassword)
	api("POST /api/account/delete", s.handleAccountDelete)
	api("POST /api/account/claim", s.handleClaim)
	api("GET /api/account/games", s.handleAccountGames)
	api("POST /api/account/games/{id}/seat", s.handleAccountSeat)
}

// newAccounts returns the account service of a server, or nil when its
// store keeps no accounts.
func newAccounts(cfg Config) *account.Service {
	as, ok := cfg.Store.(store.Accounts)
	if !ok {
		return nil
	}
	return account.New(account.Config{Store: as, Params: cfg.PasswordParams, Now: cfg.Now,
		PerAccount: cfg.SignInPerAccount, PerAddress: cfg.SignInPerAddress})
}

// accountError turns an error of package account into the API's.
func accountError(err error) error {
	var th *account.ThrottledError
	switch {
	case errors.As(err, &th):
		return &live.Error{Code: wire.CodeRateLimited, Detail: "too many sign-ins; wait", RetryAfter: th.Wait}
	case errors.Is(err, account.ErrName):
		return live.Errorf(wire.CodeBadName, "%v", strings.TrimPrefix(err.Error(), "account: "))
	case errors.Is(err, account.ErrTaken):
		return live.Errorf(wire.CodeNameTaken, "")
	case errors.Is(err, account.ErrPasswordShort), errors.Is(err, account.ErrPasswordLong),
		errors.Is(err, account.ErrPasswordCommon), errors.Is(err, account.ErrPasswordText):
		return live.Errorf(wire.CodeWeakPassword, "%v", strings.TrimPrefix(err.Error(), "account: "))
	case errors.Is(err, account.ErrCredentials):
		return live.Errorf(wire.CodeBadCredentials, "")
	case errors.Is(err, account.ErrNoSession):
		return live.Errorf(wire.CodeNotSignedIn, "")
	case errors.Is(err, store.ErrNotFound):
		return live.Errorf(wire.CodeSessionNotFound, "")
	}
	return err
}

// accountsOn returns the service, or the error of a server without it.
func (s *Server) accountsOn() (*account.Service, error) {
	if s.accounts == nil {
		return nil, live.Errorf(wire.CodeNoAccounts, "")
	}
	return s.accounts, nil
}

// fromOwnSite checks that a browser's request came from the server's own
// pages (Sec-Fetch-Site, else Origin against Host or the public URL); a
// request from no browser passes.
func (s *Server) fromOwnSite(r *http.Request) error {
	if err := s.crossOrigin.Check(r); err != nil {
		return live.Errorf(wire.CodeCSRF, "%v", err)
	}
	return nil
}

// sessionToken returns the session token of a request, and whether it
// came in the cookie.
func sessionToken(r *http.Request) (token string, cookie bool) {
	if t := strings.TrimSpace(r.Header.Get(sessionHeader)); t != "" {
		return t, false
	}
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		return c.Value, true
	}
	return "", false
}

// safeMethod reports whether a request's method changes nothing.
func safeMethod(r *http.Request) bool {
	return r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions
}

// signedIn returns the account and session of a request, or why not: no
// session (not_signed_in), or a state-changing request with the cookie
// that fails the CSRF checks (csrf).
func (s *Server) signedIn(r *http.Request) (*store.Account, *store.Session, error) {
	svc, err := s.accountsOn()
	if err != nil {
		return nil, nil, err
	}
	tok, cookie := sessionToken(r)
	if tok == "" {
		return nil, nil, live.Errorf(wire.CodeNotSignedIn, "")
	}
	if cookie && !safeMethod(r) {
		if err := s.fromOwnSite(r); err != nil {
			return nil, nil, err
		}
	}
	a, se, err := svc.Authenticate(r.Context(), tok)
	if err != nil {
		return nil, nil, accountError(err)
	}
	if cookie && !safeMethod(r) && subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(se.CSRF)) != 1 {
		return nil, nil, live.Errorf(wire.CodeCSRF, "the %s header does not match the session's token", csrfHeader)
	}
	return a, se, nil
}

// optionalAccount returns the account of a request that passes the checks
// of signedIn, or nil: a request to create or join a game that fails them
// is played anonymously, as before accounts.
func (s *Server) optionalAccount(r *http.Request) *store.Account {
	if s.accounts == nil {
		return nil
	}
	if tok, _ := sessionToken(r); tok == "" {
		return nil
	}
	a, _, err := s.signedIn(r)
	if err != nil {
		return nil
	}
	return a
}

// secureCookie reports whether the session cookie is Secure: behind TLS,
// or a public URL in https.
func (s *Server) secureCookie(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(s.cfg.PublicURL, "https://")
}

// setSession sets (token != "") or clears the session cookie.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, token string) {
	c := &http.Cookie{Name: sessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.secureCookie(r), MaxAge: int(sessionAge / time.Second)}
	if token == "" {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// client is the account.Client of a request.
func client(r *http.Request) account.Client {
	return account.Client{Addr: clientAddr(r), Agent: r.UserAgent()}
}

// accountView is the view of a signed-in account.
func accountView(a *store.Account, se *store.Session) wire.AccountView {
	return wire.AccountView{ID: a.ID, Name: a.Name, Created: a.Created, Session: se.ID, CSRF: se.CSRF}
}

// writePrivate answers with JSON that no cache keeps.
func writePrivate(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, status, v)
}

func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) error {
	return s.signIn(w, r, true)
}

func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) error {
	return s.signIn(w, r, false)
}

// signIn signs a player up (up) or in, sets the cookie, and takes the
// seats the request proves into the account.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, up bool) error {
	svc, err := s.accountsOn()
	if err != nil {
		return err
	}
	var req wire.SignUpRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := s.fromOwnSite(r); err != nil {
		return err // no signing a browser in from another site
	}
	if len(req.Seats) > maxClaims {
		return live.Errorf(wire.CodeBadRequest, "%d seats, at most %d", len(req.Seats), maxClaims)
	}
	do, status := svc.SignIn, http.StatusOK
	if up {
		do, status = svc.SignUp, http.StatusCreated
	}
	in, err := do(r.Context(), req.Name, req.Password, client(r))
	if err != nil {
		return accountError(err)
	}
	if tok, cookie := sessionToken(r); cookie {
		// The browser's former session, which its cookie no longer
		// names, ends.
		if _, old, err := svc.Authenticate(r.Context(), tok); err == nil {
			if err := svc.SignOut(r.Context(), old); err != nil {
				return err
			}
		}
	}
	s.setSession(w, r, in.Token)
	resp := wire.AccountResponse{Account: accountView(in.Account, in.Session), Claimed: s.claim(r.Context(), in.Account, req.Seats)}
	if req.WantToken {
		resp.Token = in.Token
	}
	return writePrivate(w, status, resp)
}

// claim takes the seats proved into account a.
func (s *Server) claim(ctx context.Context, a *store.Account, seats []wire.SeatProof) []wire.ClaimResult {
	out := []wire.ClaimResult{}
	for _, sp := range seats {
		res := wire.ClaimResult{Game: sp.Game}
		p, err := s.hall.TakeSeat(context.WithoutCancel(ctx), sp.Game, sp.Token, a.ID, a.Name)
		var e *live.Error
		switch {
		case err == nil:
			res.Player = p
		case errors.As(err, &e):
			res.Code = e.Code
		default:
			s.log.Error("claim failed", "game", sp.Game, "err", err)
			res.Code = wire.CodeInternal
		}
		out = append(out, res)
	}
	return out
}

func (s *Server) handleAccount(w http.ResponseWriter, r *http.Request) error {
	a, se, err := s.signedIn(r)
	if err != nil {
		return err
	}
	if tok, cookie := sessionToken(r); cookie {
		// The web app asks at every start: the cookie lasts a year
		// from the last visit, as the session (store.SessionIdle).
		s.setSession(w, r, tok)
	}
	return writePrivate(w, http.StatusOK, wire.AccountResponse{Account: accountView(a, se)})
}

func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request) error {
	_, se, err := s.signedIn(r)
	if err != nil {
		return err
	}
	if err := s.accounts.SignOut(r.Context(), se); err != nil {
		return err
	}
	s.setSession(w, r, "")
	return writePrivate(w, http.StatusOK, wire.SignedOutResponse{Ended: 1})
}

func (s *Server) handleSignOutEverywhere(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	n, err := s.accounts.SignOutEverywhere(r.Context(), a)
	if err != nil {
		return err
	}
	s.setSession(w, r, "")
	return writePrivate(w, http.StatusOK, wire.SignedOutResponse{Ended: n})
}

func (s *Server) handleSessions(w http.ResponseWriter, r *http.Request) error {
	a, se, err := s.signedIn(r)
	if err != nil {
		return err
	}
	list, err := s.accounts.Sessions(r.Context(), a)
	if err != nil {
		return err
	}
	out := wire.SessionsResponse{Sessions: []wire.SessionView{}}
	for _, x := range list {
		out.Sessions = append(out.Sessions, wire.SessionView{ID: x.ID, Created: x.Created, Seen: x.Seen, Agent: x.Agent, Addr: x.Addr, Current: x.ID == se.ID})
	}
	return writePrivate(w, http.StatusOK, out)
}

func (s *Server) handleSessionDelete(w http.ResponseWriter, r *http.Request) error {
	a, se, err := s.signedIn(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if err := s.accounts.SignOutSession(r.Context(), a, id); err != nil {
		return accountError(err)
	}
	if id == se.ID {
		s.setSession(w, r, "")
	}
	return writePrivate(w, http.StatusOK, wire.SignedOutResponse{Ended: 1})
}

func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) error {
	a, se, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req wire.PasswordRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := s.accounts.ChangePassword(r.Context(), a, se, req.Old, req.New, client(r)); err != nil {
		return accountError(err)
	}
	return writePrivate(w, http.StatusOK, wire.AccountResponse{Account: accountView(a, se)})
}

func (s *Server) handleAccountDelete(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req wire.DeleteAccountRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	seats, err := s.accounts.Delete(r.Context(), a, req.Password, client(r))
	if err != nil {
		return accountError(err)
	}
	ctx := context.WithoutCancel(r.Context())
	for _, st := range seats {
		if err := s.hall.ClearAccount(ctx, st.Game, st.Player, a.ID); err != nil {
			s.log.Error("clearing a deleted account's seat", "game", st.Game, "seat", st.Player, "err", err)
		}
	}
	s.setSession(w, r, "")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req wire.ClaimRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if len(req.Seats) > maxClaims {
		return live.Errorf(wire.CodeBadRequest, "%d seats, at most %d", len(req.Seats), maxClaims)
	}
	return writePrivate(w, http.StatusOK, wire.ClaimResponse{Claimed: s.claim(r.Context(), a, req.Seats)})
}

// handleAccountSeat gives the signed-in player a token of their seat in
// the game, to play it from this device (live's AccountSeat).
func (s *Server) handleAccountSeat(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	player, tok, err := s.hall.AccountSeat(context.WithoutCancel(r.Context()), id, a.ID)
	if err != nil {
		return err
	}
	view, err := s.hall.View(r.Context(), id, tok)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, map[string]any{"player": player, "token": tok, "game": json.RawMessage(view)})
}

func (s *Server) handleAccountGames(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	out, err := s.hall.AccountGames(r.Context(), a.ID, 0)
	if err != nil {
		return err
	}
	return writePrivate(w, http.StatusOK, wire.ListResponse{Games: out})
}
