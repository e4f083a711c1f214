package account

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/store"
)

// Errors of the Service, besides those of CheckName and CheckPassword.
var (
	// ErrTaken: the name, or one that looks like it, is another's.
	ErrTaken = errors.New("account: name taken")
	// ErrCredentials: no account has that name, or the password is
	// wrong; the two are never told apart.
	ErrCredentials = errors.New("account: wrong name or password")
	// ErrNoSession: the token opens no session (signed out, or never).
	ErrNoSession = errors.New("account: not signed in")
)

// ThrottledError is the error of a sign-in refused because too many were
// tried for the account or from the address; Wait is the time until the
// next one is allowed.
type ThrottledError struct{ Wait time.Duration }

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("account: too many sign-ins; wait %v", e.Wait)
}

// Config configures a Service.
type Config struct {
	// Store keeps the accounts.
	Store store.Accounts
	// Params hash new passwords (DefaultParams when zero).
	Params Params
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// PerAccount and PerAddress throttle the sign-ins (and sign-ups, per
	// address): DefaultPerAccount and DefaultPerAddress when nil.
	PerAccount, PerAddress *ratelimit.Limiter
}

// The default throttles: 5 sign-ins in a row for one account, then one a
// minute; 20 from one address, then one every 15 seconds.
func DefaultPerAccount() *ratelimit.Limiter { return ratelimit.New(1.0/60, 5) }

// DefaultPerAddress is the default throttle of one address.
func DefaultPerAddress() *ratelimit.Limiter { return ratelimit.New(1.0/15, 20) }

// Service signs players up and in, and manages their sessions.
type Service struct {
	cfg   Config
	dummy string // the hash an unknown name's password is checked against
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.Params == (Params{}) {
		cfg.Params = DefaultParams
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PerAccount == nil {
		cfg.PerAccount = DefaultPerAccount()
	}
	if cfg.PerAddress == nil {
		cfg.PerAddress = DefaultPerAddress()
	}
	return &Service{cfg: cfg, dummy: Hash(randomHex(16), cfg.Params)}
}

// Client says who signs in: the address (the key of the throttle) and the
// User-Agent, kept with the session.
type Client struct {
	Addr  string
	Agent string
}

// SignedIn is an account with a new session: Token goes to the client,
// once.
type SignedIn struct {
	Account *store.Account
	Session *store.Session
	Token   string
}

// throttle takes a try of key from l, or says how long to wait. On a
// store shared by instances (store.Throttles) the buckets are the
// store's, with l's rate and burst, so that every instance counts the
// same tries; otherwise l's own.
func (s *Service) throttle(ctx context.Context, l *ratelimit.Limiter, kind, key string) error {
	if th, ok := s.cfg.Store.(store.Throttles); ok {
		ok, wait, err := th.TakeToken(ctx, "signin:"+kind+":"+key, l.Rate(), l.Burst(), s.cfg.Now())
		if err != nil {
			return err
		}
		if !ok {
			return &ThrottledError{Wait: wait}
		}
		return nil
	}
	if ok, wait := l.Take(key, s.cfg.Now()); !ok {
		return &ThrottledError{Wait: wait}
	}
	return nil
}

// SignUp makes an account and signs it in.
func (s *Service) SignUp(ctx context.Context, name, password string, c Client) (*SignedIn, error) {
	name = Normalize(name)
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if err := CheckPassword(password, name); err != nil {
		return nil, err
	}
	if err := s.throttle(ctx, s.cfg.PerAddress, "address", c.Addr); err != nil {
		return nil, err
	}
	a := &store.Account{ID: randomHex(12), Name: name, Key: Key(name), Skeleton: Skeleton(name), Password: Hash(password, s.cfg.Params), Created: s.cfg.Now()}
	if err := s.cfg.Store.CreateAccount(ctx, a); err != nil {
		if errors.Is(err, store.ErrTaken) {
			return nil, fmt.Errorf("%w: %s", ErrTaken, name)
		}
		return nil, err
	}
	return s.newSession(ctx, a, c)
}

// SignIn checks a name and password and opens a session. An unknown name
// and a wrong password give the same error, after the same work (the
// password is checked against a dummy hash).
func (s *Service) SignIn(ctx context.Context, name, password string, c Client) (*SignedIn, error) {
	key := Key(name)
	if err := s.throttle(ctx, s.cfg.PerAddress, "address", c.Addr); err != nil {
		return nil, err
	}
	if err := s.throttle(ctx, s.cfg.PerAccount, "account", key); err != nil {
		return nil, err
	}
	a, err := s.cfg.Store.AccountByKey(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if a == nil {
		Verify(password, s.dummy)
		return nil, ErrCredentials
	}
	if !Verify(password, a.Password) {
		return nil, ErrCredentials
	}
	return s.newSession(ctx, a, c)
}

// newSession opens a session of a.
func (s *Service) newSession(ctx context.Context, a *store.Account, c Client) (*SignedIn, error) {
	tok, hash := NewToken()
	se := &store.Session{Hash: hash, ID: randomHex(8), Account: a.ID, CSRF: randomHex(16), Created: s.cfg.Now(), Agent: clip(c.Agent, 200), Addr: c.Addr}
	if err := s.cfg.Store.AddSession(ctx, se); err != nil {
		return nil, err
	}
	return &SignedIn{Account: a, Session: se, Token: tok}, nil
}

// clip cuts s to at most n bytes, on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Authenticate returns the account and session a token opens, or
// ErrNoSession.
func (s *Service) Authenticate(ctx context.Context, token string) (*store.Account, *store.Session, error) {
	if token == "" {
		return nil, nil, ErrNoSession
	}
	se, err := s.cfg.Store.Session(ctx, HashToken(token), s.cfg.Now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, ErrNoSession
	}
	if err != nil {
		return nil, nil, err
	}
	a, err := s.cfg.Store.Account(ctx, se.Account)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, ErrNoSession
	}
	if err != nil {
		return nil, nil, err
	}
	return a, se, nil
}

// SignOut ends the session se.
func (s *Service) SignOut(ctx context.Context, se *store.Session) error {
	err := s.cfg.Store.DeleteSession(ctx, se.Account, "", se.Hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil // signed out already
	}
	return err
}

// SignOutSession ends the session of account a with public id id.
func (s *Service) SignOutSession(ctx context.Context, a *store.Account, id string) error {
	return s.cfg.Store.DeleteSession(ctx, a.ID, id, nil)
}

// SignOutEverywhere ends every session of a, and returns how many.
func (s *Service) SignOutEverywhere(ctx context.Context, a *store.Account) (int, error) {
	return s.cfg.Store.DeleteSessions(ctx, a.ID)
}

// Sessions lists the sessions of a.
func (s *Service) Sessions(ctx context.Context, a *store.Account) ([]store.Session, error) {
	return s.cfg.Store.Sessions(ctx, a.ID)
}

// ChangePassword replaces a's password once the old one is checked, and
// ends every other session of a than se. A wrong old password is
// ErrCredentials, throttled as a sign-in.
func (s *Service) ChangePassword(ctx context.Context, a *store.Account, se *store.Session, old, password string, c Client) error {
	if err := s.checkPassword(ctx, a, old, c); err != nil {
		return err
	}
	if err := CheckPassword(password, a.Name); err != nil {
		return err
	}
	return s.cfg.Store.SetPassword(ctx, a.ID, Hash(password, s.cfg.Params), se.Hash)
}

// checkPassword checks a's password, throttled as a sign-in.
func (s *Service) checkPassword(ctx context.Context, a *store.Account, password string, c Client) error {
	if err := s.throttle(ctx, s.cfg.PerAddress, "address", c.Addr); err != nil {
		return err
	}
	if err := s.throttle(ctx, s.cfg.PerAccount, "account", a.Key); err != nil {
		return err
	}
	if !Verify(password, a.Password) {
		return ErrCredentials
	}
	return nil
}

// Delete deletes a once its password is checked, and returns the seats it
// had taken, whose names the caller clears.
func (s *Service) Delete(ctx context.Context, a *store.Account, password string, c Client) ([]store.AccountGame, error) {
	if err := s.checkPassword(ctx, a, password, c); err != nil {
		return nil, err
	}
	return s.cfg.Store.DeleteAccount(ctx, a.ID, s.cfg.Now())
}
