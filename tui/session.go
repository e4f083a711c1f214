package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// Sessions of accounts (norns login): the session file keeps, for each
// server (its base URL), the user name and the session token the server
// gave at sign-in. A request with the token (the X-Norns-Session header)
// acts as the signed-in player: a game joined carries the account.

// Session is a signed-in session on a server.
type Session struct {
	Name  string `json:"name"`
	Token string `json:"token"`
}

// DefaultSessionFile is the session file in the user's configuration
// directory.
func DefaultSessionFile() (string, error) { return configFile("sessions.json") }

// LoadSession returns the session kept for a server (ok false if none).
func LoadSession(path, base string) (s Session, ok bool, err error) {
	all, err := readEntries[Session](path)
	if err != nil {
		return Session{}, false, err
	}
	s, ok = all[strings.TrimRight(base, "/")]
	return s, ok, nil
}

// SaveSession keeps a server's session in the session file (readable by
// the user alone), replacing the one it had.
func SaveSession(path, base string, s Session) error {
	return saveEntry(path, strings.TrimRight(base, "/"), s)
}

// Login signs in to a server (up: signs up) and returns the session. A
// refusal is an *APIError (bad_credentials, rate_limited…).
func Login(ctx context.Context, base, name, password string, up bool, lang i18n.Lang, client *http.Client) (Session, error) {
	base = strings.TrimRight(base, "/")
	path := "/api/account/signin"
	if up {
		path = "/api/account/signup"
	}
	b, _ := json.Marshal(wire.SignUpRequest{Name: name, Password: password, WantToken: true})
	req, err := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(b))
	if err != nil {
		return Session{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if lang == "" {
		lang = i18n.English
	}
	req.Header.Set("Accept-Language", string(lang))
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return Session{}, &ReachError{Base: base, Err: err}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Session{}, &ReachError{Base: base, Err: err}
	}
	if resp.StatusCode >= 300 {
		var eb wire.ErrorResponse
		if json.Unmarshal(data, &eb) != nil || eb.Error.Code == "" {
			eb.Error = wire.ErrorBody{Code: "http", Detail: strings.TrimSpace(string(data))}
		}
		return Session{}, &APIError{Status: resp.StatusCode, ErrorBody: eb.Error}
	}
	var out wire.AccountResponse
	if err := json.Unmarshal(data, &out); err != nil {
		return Session{}, err
	}
	if out.Token == "" {
		return Session{}, errors.New("tui: the server gave no session token")
	}
	return Session{Name: out.Account.Name, Token: out.Token}, nil
}
