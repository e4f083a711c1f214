package loadtest

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/wire"
)

// APIError is an error answer of the server: its HTTP status, code and
// message.
type APIError struct {
	Status int
	wire.ErrorBody
}

func (e *APIError) Error() string {
	return fmt.Sprintf("HTTP %d %s: %s", e.Status, e.Code, e.Message)
}

// commitOf is the commitment to nonce k of a secret in game id.
func commitOf(secret []byte, id string, k int) string {
	return dice.CommitNonce(dice.Nonce(secret, id, uint64(k)))
}

// RevealFor is what a move of seat player carries in a game whose seats
// and scheme are given, the seat's client holding secret (nil: none): the
// nonce numbered by the seat's reveals and the commitment to the next; a
// chain's first commitment alone when the seat has none pending; nothing
// without a secret or in a game of scheme v1.
func RevealFor(secret []byte, id, player string, seats []wire.SeatView, f wire.FairnessView) wire.Reveal {
	if secret == nil || f.Scheme != dice.SchemeV2 {
		return wire.Reveal{}
	}
	for _, s := range seats {
		if s.Player != player {
			continue
		}
		if s.Commit == "" {
			return wire.Reveal{Next: commitOf(secret, id, s.Reveals)}
		}
		return wire.Reveal{Nonce: hex.EncodeToString(dice.Nonce(secret, id, uint64(s.Reveals))), Next: commitOf(secret, id, s.Reveals+1)}
	}
	return wire.Reveal{}
}

// Client calls the JSON API of a Norns server.
type Client struct {
	HTTP *http.Client
}

// NewClient returns a client whose connections are kept for reuse, up to
// conns per server.
func NewClient(conns int) *Client {
	tr := &http.Transport{MaxIdleConns: conns * 2, MaxIdleConnsPerHost: conns, IdleConnTimeout: 90 * time.Second}
	return &Client{HTTP: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// Do makes a request with a JSON body and decodes the JSON answer into out.
// An error answer is an *APIError.
func (c *Client) Do(ctx context.Context, method, url, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 300 && out == nil {
		// Read to the end, so that the connection is used again.
		_, err := io.Copy(io.Discard, resp.Body)
		return err
	}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var eb wire.ErrorResponse
		json.Unmarshal(data, &eb)
		return &APIError{Status: resp.StatusCode, ErrorBody: eb.Error}
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// Created is the answer to a create, and the nonce secrets Create drew
// for the seats it holds, by player (in a game with dice).
type Created struct {
	ID      string            `json:"id"`
	Seats   []wire.SeatGrant  `json:"seats"`
	Game    wire.View         `json:"game"`
	Secrets map[string][]byte `json:"-"`
}

// HasDice says whether the game just created rolls dice.
func (c *Created) HasDice() bool {
	g, err := games.ByName(c.Game.Game)
	return err == nil && g.ChanceMode() != game.Deterministic
}

// Create creates a game with options (nil: the defaults); seats nil gives
// the creator the first seat and leaves the others open. It then gives each
// seat it holds a dice seed, which a game with dice waits for, with the
// commitment to the seat's first nonce from a secret drawn for it (dice
// scheme norns-dice-v2; Created.Secrets).
func (c *Client) Create(ctx context.Context, base, name string, options map[string]string, seats []wire.SeatRequest) (*Created, error) {
	var out Created
	req := wire.CreateRequest{Game: name, Options: options, Seats: seats}
	if err := c.Do(ctx, "POST", base+"/api/games", "", req, &out); err != nil {
		return nil, err
	}
	withDice := out.HasDice() && out.Game.Fairness.Scheme == dice.SchemeV2
	for _, s := range out.Seats {
		if s.Token == "" {
			continue
		}
		req := wire.SeedRequest{Seed: "loadtest " + s.Player}
		if withDice {
			secret, err := NewSecret()
			if err != nil {
				return nil, err
			}
			if out.Secrets == nil {
				out.Secrets = map[string][]byte{}
			}
			out.Secrets[s.Player] = secret
			req.Commit = commitOf(secret, out.ID, 0)
		}
		if err := c.Do(ctx, "POST", base+"/api/games/"+out.ID+"/seed", s.Token, req, nil); err != nil {
			return nil, fmt.Errorf("seed of %s: %w", s.Player, err)
		}
	}
	return &out, nil
}

// NewSecret draws a seat's nonce secret.
func NewSecret() ([]byte, error) { return dice.NewSecret() }

// Join takes an open seat with its invitation and returns the seat's
// token; with a nonce secret (not nil) the seat commits to its first
// nonce.
func (c *Client) Join(ctx context.Context, base, id, player, invite string, secret []byte) (string, error) {
	var out wire.JoinResponse
	req := wire.JoinRequest{Seat: player, Invite: invite, Seed: "loadtest " + player}
	if secret != nil {
		req.Commit = commitOf(secret, id, 0)
	}
	err := c.Do(ctx, "POST", base+"/api/games/"+id+"/join", "", req, &out)
	return out.Token, err
}

// Play sends an action at seq, with what it reveals of the seat's nonces
// (RevealFor; the zero Reveal for a seat that committed to none).
func (c *Client) Play(ctx context.Context, base, id, token, action string, seq int64, r wire.Reveal) error {
	return c.Do(ctx, "POST", base+"/api/games/"+id+"/actions", token, wire.PlayRequest{Action: action, Seq: &seq, Reveal: r}, nil)
}

// Events returns a game's whole log.
func (c *Client) Events(ctx context.Context, base, id string) ([]wire.EventView, error) {
	var out wire.EventsResponse
	err := c.Do(ctx, "GET", base+"/api/games/"+id+"/events?since=0", "", nil, &out)
	return out.Events, err
}

// Catalog returns the names of the games a server offers.
func (c *Client) Catalog(ctx context.Context, base string) ([]string, error) {
	var out wire.CatalogResponse
	if err := c.Do(ctx, "GET", base+"/api/catalog", "", nil, &out); err != nil {
		return nil, err
	}
	var names []string
	for _, g := range out.Games {
		names = append(names, g.Name)
	}
	return names, nil
}

// dialFeed opens a game's WebSocket feed from event since on, and sends
// the seat token, if any, in its first message.
func dialFeed(ctx context.Context, base, id, token string, since int64, opts *websocket.DialOptions) (*websocket.Conn, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + fmt.Sprintf("/api/games/%s/ws?since=%d", id, since)
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil || token == "" {
		return c, err
	}
	b, _ := json.Marshal(wire.AuthMessage{Type: wire.MessageAuth, Token: token})
	if err := c.Write(ctx, websocket.MessageText, b); err != nil {
		c.CloseNow()
		return nil, err
	}
	return c, nil
}

func newGet(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, "GET", url, nil)
}
