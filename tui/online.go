package tui

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// Online is a seat of a game on a Norns server (docs/api.md): the server's
// address, the game, the seat and its token. Its methods call the API.
type Online struct {
	// Base is the server's address, "http://host:port".
	Base   string
	ID     string
	Player string
	Token  string
	// Secret is the seat's nonce secret (dice scheme norns-dice-v2,
	// docs/fair-dice.md section 7), from which its nonces are derived;
	// nil when the seat committed to none from this client. The seat
	// file keeps it beside the token.
	Secret []byte
	// Lang is the language the server's error messages are asked in.
	Lang i18n.Lang
	// HTTP makes the calls; nil means a client with a 30 s timeout.
	HTTP *http.Client
	// Session is the token of the player's account session on the
	// server (norns login), sent with every call; "" plays anonymously.
	Session string
}

// ErrNotGameURL is the error of a URL that does not name a game of a
// Norns server.
var ErrNotGameURL = errors.New("tui: not the URL of a game (want http://host/games/ID)")

// APIError is an error answer of the server: its code, the message in the
// language asked for and the detail.
type APIError struct {
	Status int
	wire.ErrorBody
	// Lang is the language of the message: its text adds the detail,
	// which is English, only to an English message.
	Lang i18n.Lang `json:"-"`
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = fmt.Sprintf("HTTP %d %s", e.Status, e.Code)
	}
	if e.Detail != "" && (e.Lang == "" || e.Lang == i18n.English || e.Message == "") {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

// ReachError is the error of a call that found no server.
type ReachError struct {
	Base string
	Err  error
}

func (e *ReachError) Error() string { return "tui: cannot reach " + e.Base + ": " + e.Err.Error() }
func (e *ReachError) Unwrap() error { return e.Err }

// ParseGameURL splits the URL of a game, http://host/games/ID, with or
// without an invitation's ?seat=…&invite=…, into the server's address, the
// game's id, and the seat and invitation when it has them.
func ParseGameURL(raw string) (base, id, seat, invite string, err error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", "", "", "", ErrNotGameURL
	}
	path := strings.TrimSuffix(u.Path, "/")
	i := strings.LastIndex(path, "/games/")
	if i < 0 {
		return "", "", "", "", ErrNotGameURL
	}
	id = path[i+len("/games/"):]
	if id == "" || strings.Contains(id, "/") {
		return "", "", "", "", ErrNotGameURL
	}
	base = u.Scheme + "://" + u.Host + path[:i]
	q := u.Query()
	return base, id, q.Get("seat"), q.Get("invite"), nil
}

// GameURL is the address of the game, http://host/games/ID: the key of its
// token in a seat file.
func (o *Online) GameURL() string { return o.Base + "/games/" + o.ID }

// NewSeed returns a dice seed: 16 random bytes, base64url.
func NewSeed() string {
	var b [16]byte
	crand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Join takes the open seat of an invitation URL under a name (optional),
// giving the seat the player's dice seed (a random one, NewSeed, when seed
// is empty) and, in a game with dice, the commitment to its first nonce
// from a secret drawn for it (Online.Secret); and returns the seat and the
// game's view.
func Join(ctx context.Context, invitation, name, seed string, lang i18n.Lang, client *http.Client) (*Online, *wire.View, error) {
	return JoinAs(ctx, invitation, name, seed, "", lang, client)
}

// JoinAs is Join for the player signed in with a session token (norns
// login; "" for none): the seat then carries the account, under its user
// name.
func JoinAs(ctx context.Context, invitation, name, seed, session string, lang i18n.Lang, client *http.Client) (*Online, *wire.View, error) {
	base, id, seat, invite, err := ParseGameURL(invitation)
	if err != nil {
		return nil, nil, err
	}
	if invite == "" {
		return nil, nil, fmt.Errorf("%w: the invitation URL has no invite=…", ErrNotGameURL)
	}
	o := &Online{Base: base, ID: id, Lang: lang, HTTP: client, Session: session}
	if seed == "" {
		seed = NewSeed()
	}
	req := wire.JoinRequest{Seat: seat, Invite: invite, Name: name, Seed: seed}
	// The game as it stands says whether its seats commit to nonces.
	before, err := o.View(ctx)
	if err != nil {
		return nil, nil, err
	}
	commit, err := o.firstCommit(before)
	if err != nil {
		return nil, nil, err
	}
	if commit != "" {
		req.Commit = commit
	}
	var out wire.JoinResponse
	if err := o.do(ctx, "POST", "/join", req, &out); err != nil {
		return nil, nil, err
	}
	o.Player, o.Token = out.Player, out.Token
	return o, &out.Game, nil
}

// AccountSeat asks the server of the game at a URL for a token of the
// seat that the account of session (norns login) holds in it, for this
// device: a game joined signed in elsewhere is played here too. An
// account with no seat in the game is refused (wire.CodeNoSeat).
func AccountSeat(ctx context.Context, gameURL, session string, lang i18n.Lang, client *http.Client) (token string, err error) {
	base, id, _, _, err := ParseGameURL(gameURL)
	if err != nil {
		return "", err
	}
	o := &Online{Base: base, ID: id, Lang: lang, HTTP: client, Session: session}
	var out wire.JoinResponse
	if err := o.request(ctx, "POST", "/api/account/games/"+url.PathEscape(id)+"/seat", "", nil, &out); err != nil {
		return "", err
	}
	return out.Token, nil
}

// Open returns the seat of a token in the game at a URL, with the game's
// view; a token that opens no seat is an error (bad_token). A seat whose
// seed the game awaits gives one, committing to its first nonce from a
// secret drawn for it.
func Open(ctx context.Context, gameURL, token string, lang i18n.Lang, client *http.Client) (*Online, *wire.View, error) {
	return OpenSecret(ctx, gameURL, token, nil, lang, client)
}

// OpenSecret is Open for a seat whose nonce secret the client kept
// (LoadSeatSecret), or nil.
func OpenSecret(ctx context.Context, gameURL, token string, secret []byte, lang i18n.Lang, client *http.Client) (*Online, *wire.View, error) {
	base, id, _, _, err := ParseGameURL(gameURL)
	if err != nil {
		return nil, nil, err
	}
	o := &Online{Base: base, ID: id, Token: token, Secret: secret, Lang: lang, HTTP: client}
	v, err := o.View(ctx)
	if err != nil {
		return nil, nil, err
	}
	if v.You == "" {
		return nil, nil, &APIError{Status: http.StatusForbidden, ErrorBody: wire.ErrorBody{Code: wire.CodeBadToken, Message: i18n.T(lang, "error."+wire.CodeBadToken)}}
	}
	o.Player = v.You
	if contains(v.AwaitingSeeds, o.Player) {
		req := wire.SeedRequest{Seed: NewSeed()}
		commit, err := o.firstCommit(v)
		if err != nil {
			return nil, nil, err
		}
		if commit != "" {
			req.Commit = commit
		}
		if v, err = o.post(ctx, "/seed", req); err != nil {
			return nil, nil, err
		}
	}
	return o, v, nil
}

// firstCommit is the commitment to the seat's first nonce that its seed
// or join gives in a game with dice of scheme v2: nonce 0 of its secret,
// drawn now when it has none; "" in another game.
func (o *Online) firstCommit(v *wire.View) (string, error) {
	g, err := games.ByName(v.Game)
	if err != nil || g.ChanceMode() == game.Deterministic || v.Fairness.Scheme != dice.SchemeV2 {
		return "", nil
	}
	if o.Secret == nil {
		if o.Secret, err = dice.NewSecret(); err != nil {
			return "", err
		}
	}
	return dice.CommitNonce(dice.Nonce(o.Secret, o.ID, 0)), nil
}

// NoSecretError is a move the client cannot make: the seat committed to
// a nonce, and the client lacks the secret it came from (or holds another
// one), so the server would refuse the move.
type NoSecretError struct {
	Player string
}

func (e *NoSecretError) Error() string {
	return "tui: " + e.Player + " committed to a dice nonce, and this client lacks the secret it came from"
}

// Reveal returns what the seat's next move carries in the game's view v:
// nonce number k of its secret (k is the number of nonces it revealed),
// which must match its pending commitment, and the commitment to nonce
// k+1; with a secret and no commitment pending, the commitment to nonce k
// alone (the chain begins); nothing in a game of scheme v1, nor for a seat
// without a secret that committed to nothing. A seat that committed and
// whose secret is missing or another is a NoSecretError.
func (o *Online) Reveal(v *wire.View) (wire.Reveal, error) {
	if v.Fairness.Scheme != dice.SchemeV2 {
		return wire.Reveal{}, nil
	}
	var seat wire.SeatView
	for _, s := range v.Seats {
		if s.Player == o.Player {
			seat = s
		}
	}
	if o.Secret == nil {
		if seat.Commit != "" {
			return wire.Reveal{}, &NoSecretError{Player: o.Player}
		}
		return wire.Reveal{}, nil
	}
	k := uint64(seat.Reveals)
	n := dice.Nonce(o.Secret, o.ID, k)
	if seat.Commit == "" {
		return wire.Reveal{Next: dice.CommitNonce(n)}, nil
	}
	if dice.CommitNonce(n) != seat.Commit {
		return wire.Reveal{}, &NoSecretError{Player: o.Player}
	}
	return wire.Reveal{Nonce: hex.EncodeToString(n), Next: dice.CommitNonce(dice.Nonce(o.Secret, o.ID, k+1))}, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// View returns the game's view, with the whole history.
func (o *Online) View(ctx context.Context) (*wire.View, error) {
	var v wire.View
	err := o.do(ctx, "GET", "", nil, &v)
	return &v, err
}

// Act plays an action at seq with what it reveals of the seat's nonces
// (Reveal); the answer's history holds the events after seq.
func (o *Online) Act(ctx context.Context, action string, seq int64, r wire.Reveal) (*wire.View, error) {
	return o.post(ctx, "/actions", wire.PlayRequest{Action: action, Seq: &seq, Reveal: r})
}

// Resign resigns the seat.
func (o *Online) Resign(ctx context.Context) (*wire.View, error) { return o.post(ctx, "/resign", nil) }

// Abort calls the game off (while the seat has not moved).
func (o *Online) Abort(ctx context.Context) (*wire.View, error) { return o.post(ctx, "/abort", nil) }

// Claim claims the victory (what "victory") or calls a draw ("draw")
// when the opponent left the game (gone for the grace time).
func (o *Online) Claim(ctx context.Context, what string) (*wire.View, error) {
	return o.post(ctx, "/claim-"+what, nil)
}

// Draw offers or accepts a draw (accept), or declines the other's offer.
func (o *Online) Draw(ctx context.Context, accept bool) (*wire.View, error) {
	return o.post(ctx, "/draw", wire.OfferRequest{Accept: &accept})
}

// Takeback asks to take back the seat's last move or accepts the other's
// request (accept), or declines it.
func (o *Online) Takeback(ctx context.Context, accept bool) (*wire.View, error) {
	return o.post(ctx, "/takeback", wire.OfferRequest{Accept: &accept})
}

// Rematch asks for a rematch of the finished game, or accepts the other
// players' wish; the answer is the old game's view, whose Rematch names
// the new game once every person has asked.
func (o *Online) Rematch(ctx context.Context) (*wire.View, error) {
	return o.post(ctx, "/rematch", nil)
}

// The chat's rooms (docs/api.md): the players' and the spectators'.
const (
	RoomPlayers    = wire.RoomPlayers
	RoomSpectators = wire.RoomSpectators
)

// Chat writes a message to the players' room.
func (o *Online) Chat(ctx context.Context, text string) (*wire.ChatView, error) {
	return o.ChatIn(ctx, RoomPlayers, text)
}

// ChatIn writes a message to a room, under the seat's name.
func (o *Online) ChatIn(ctx context.Context, room, text string) (*wire.ChatView, error) {
	var out wire.ChatResponse
	err := o.do(ctx, "POST", "/chat", wire.ChatRequest{Room: room, Text: text}, &out)
	return &out.Message, err
}

// ChatSince reads the players' room after message seq.
func (o *Online) ChatSince(ctx context.Context, since int64) ([]wire.ChatView, error) {
	return o.ChatRoom(ctx, RoomPlayers, since)
}

// ChatRoom reads a room after message seq.
func (o *Online) ChatRoom(ctx context.Context, room string, since int64) ([]wire.ChatView, error) {
	var out wire.ChatLogResponse
	err := o.do(ctx, "GET", fmt.Sprintf("/chat?room=%s&since=%d", url.QueryEscape(room), since), nil, &out)
	return out.Messages, err
}

func (o *Online) post(ctx context.Context, path string, body any) (*wire.View, error) {
	var v wire.View
	if err := o.do(ctx, "POST", path, body, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// do calls the game's endpoint path with a JSON body and decodes the JSON
// answer into out. An error answer is an *APIError, no answer a
// *ReachError.
func (o *Online) do(ctx context.Context, method, path string, body, out any) error {
	return o.request(ctx, method, "/api/games/"+url.PathEscape(o.ID)+path, o.Token, body, out)
}

// request calls the server's endpoint path with a JSON body (nil for
// none) and a bearer token (none when empty), and decodes the JSON answer
// into out (nil: the answer is not read). An error answer is an
// *APIError, no answer a *ReachError.
func (o *Online) request(ctx context.Context, method, path, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, o.Base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if o.Session != "" {
		req.Header.Set("X-Norns-Session", o.Session)
	}
	lang := o.Lang
	if lang == "" {
		lang = i18n.English
	}
	req.Header.Set("Accept-Language", string(lang))
	client := o.HTTP
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return &ReachError{Base: o.Base, Err: err}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return &ReachError{Base: o.Base, Err: err}
	}
	if resp.StatusCode >= 300 {
		var eb wire.ErrorResponse
		if json.Unmarshal(data, &eb) != nil || eb.Error.Code == "" {
			eb.Error = wire.ErrorBody{Code: "http", Detail: strings.TrimSpace(string(data))}
		}
		return &APIError{Status: resp.StatusCode, ErrorBody: eb.Error, Lang: lang}
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("tui: the server's answer to %s %s: %w", method, path, err)
		}
	}
	return nil
}

// feedMsg is a message of the game's feed: an event, the game's state, a
// chat message, the rematch that follows the game, the spectators' room
// opened or closed, or the feed's trouble (err; the feed tries again).
type feedMsg struct {
	// game is the id of the game whose feed sent the message.
	game  string
	event *wire.EventView
	view  *wire.View
	chat  []wire.ChatView
	// rematch is the id of the new game the server made.
	rematch string
	// room is set when the server says the spectators' room reaches the
	// feed (open) or no longer does.
	room *bool
	// presence is the players' presence the feed said (a watchers
	// message).
	presence *wire.WatchersMessage
	err      error
	// fatal is set when the feed gave up (the token opens no seat).
	fatal bool
}

// feedRooms is what the player wants of the spectators' room and the
// feed's connection, on which a change is sent at once.
type feedRooms struct {
	mu         sync.Mutex
	spectators bool
	conn       *websocket.Conn
}

// roomMessage is the feed's message that opens or closes the spectators'
// room.
func roomMessage(open bool) []byte {
	b, _ := json.Marshal(wire.RoomMessage{Type: wire.MessageRoom, Room: RoomSpectators, Open: open})
	return b
}

// set opens or closes the spectators' room, on the feed connected now and
// on the ones after.
func (r *feedRooms) set(ctx context.Context, open bool) {
	r.mu.Lock()
	r.spectators = open
	c := r.conn
	r.mu.Unlock()
	if c != nil {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		c.Write(wctx, websocket.MessageText, roomMessage(open))
	}
}

// attach makes c the feed's connection (nil: none), and reports whether
// the spectators' room is wanted.
func (r *feedRooms) attach(c *websocket.Conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.conn = c
	return r.spectators
}

// Follow reads the game's WebSocket feed from event since on and hands
// each message to send, until ctx ends: the events, the states, the
// players' chat (with what was written while it was not connected) and
// the spectators' when rooms wants it (rooms may be nil), the rematch. It
// reconnects after a second when the feed breaks, from the last event it
// received. chatSince gives the last message of each room the client has.
func (o *Online) Follow(ctx context.Context, since int64, chatSince map[string]int64, rooms *feedRooms, send func(feedMsg)) {
	if rooms == nil {
		rooms = &feedRooms{}
	}
	seen := map[string]int64{RoomPlayers: chatSince[RoomPlayers], RoomSpectators: chatSince[RoomSpectators]}
	for ctx.Err() == nil {
		err := o.follow(ctx, &since, seen, rooms, send)
		if ctx.Err() != nil {
			return
		}
		var ae *APIError
		if errors.As(err, &ae) && ae.Code == wire.CodeBadToken {
			send(feedMsg{err: err, fatal: true})
			return
		}
		if err != nil {
			send(feedMsg{err: err})
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// follow reads the feed once, until it ends.
func (o *Online) follow(ctx context.Context, since *int64, seen map[string]int64, rooms *feedRooms, send func(feedMsg)) error {
	u := strings.Replace(o.Base, "http", "ws", 1) + "/api/games/" + url.PathEscape(o.ID) + fmt.Sprintf("/ws?since=%d", *since)
	opts := &websocket.DialOptions{HTTPClient: o.HTTP, HTTPHeader: http.Header{"Accept-Language": {string(o.Lang)}}}
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	c, _, err := websocket.Dial(dctx, u, opts)
	cancel()
	if err != nil {
		return &ReachError{Base: o.Base, Err: err}
	}
	defer c.CloseNow()
	c.SetReadLimit(16 << 20)
	auth, _ := json.Marshal(wire.AuthMessage{Type: wire.MessageAuth, Token: o.Token})
	if err := c.Write(ctx, websocket.MessageText, auth); err != nil {
		return &ReachError{Base: o.Base, Err: err}
	}
	if rooms.attach(c) {
		if err := c.Write(ctx, websocket.MessageText, roomMessage(true)); err != nil {
			return &ReachError{Base: o.Base, Err: err}
		}
	}
	defer rooms.attach(nil)
	// catchUp reads what a room holds that the client has not seen.
	catchUp := func(room string) {
		msgs, err := o.ChatRoom(ctx, room, seen[room])
		if err == nil && len(msgs) > 0 {
			seen[room] = msgs[len(msgs)-1].Seq
			send(feedMsg{game: o.ID, chat: msgs})
		}
	}
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return &ReachError{Base: o.Base, Err: err}
		}
		var m wire.FeedMessage
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		switch m.Type {
		case wire.MessageEvent:
			if m.Event != nil && m.Event.Seq > *since {
				*since = m.Event.Seq
				send(feedMsg{game: o.ID, event: m.Event})
			}
		case wire.MessageState:
			if m.Game != nil {
				send(feedMsg{game: o.ID, view: m.Game})
			}
		case wire.MessageChat:
			if m.Message != nil && m.Message.Seq > seen[m.Message.Room] {
				seen[m.Message.Room] = m.Message.Seq
				send(feedMsg{game: o.ID, chat: []wire.ChatView{*m.Message}})
			}
		case wire.MessageRematch:
			if m.ID != "" {
				send(feedMsg{game: o.ID, rematch: m.ID})
			}
		case wire.MessageRoom:
			if m.Room != RoomSpectators {
				continue
			}
			open := m.Open
			if open {
				// The room reaches this feed from now on: read what
				// was written before.
				catchUp(RoomSpectators)
			}
			send(feedMsg{game: o.ID, room: &open})
		case wire.MessageWatchers:
			online := m.Online
			if online == nil {
				online = []string{}
			}
			send(feedMsg{game: o.ID, presence: &wire.WatchersMessage{Count: m.Count, Online: online, GoneMs: m.GoneMs, Type: m.Type}})
		case wire.MessageAuth:
			// The players' room reaches this feed from now on: read
			// what was written before.
			catchUp(RoomPlayers)
		case wire.MessageError:
			if m.Error != nil {
				return &APIError{ErrorBody: *m.Error}
			}
		}
	}
}

// Seat files keep the tokens of the games joined, so that a player can
// come back to a game: a JSON object from the game's URL to its seat.
type seatEntry struct {
	Player string `json:"player"`
	Token  string `json:"token"`
	// Secret is the seat's nonce secret in hex, if it has one.
	Secret string `json:"secret,omitempty"`
}

// DefaultSeatFile is the seat file in the user's configuration directory,
// norns/seats.json.
func DefaultSeatFile() (string, error) { return configFile("seats.json") }

// SaveSeat writes the seat's token and nonce secret to the seat file
// (readable by the user only), under the game's URL.
func SaveSeat(path string, o *Online) error {
	return saveEntry(path, o.GameURL(), seatEntry{Player: o.Player, Token: o.Token, Secret: hex.EncodeToString(o.Secret)})
}

// LoadSeat returns the token the seat file keeps for the game at a URL
// (with or without an invitation's query).
func LoadSeat(path, gameURL string) (token string, ok bool, err error) {
	token, _, ok, err = LoadSeatSecret(path, gameURL)
	return token, ok, err
}

// LoadSeatSecret returns the token and the nonce secret (nil when it has
// none) the seat file keeps for the game at a URL.
func LoadSeatSecret(path, gameURL string) (token string, secret []byte, ok bool, err error) {
	base, id, _, _, err := ParseGameURL(gameURL)
	if err != nil {
		return "", nil, false, err
	}
	seats, err := readEntries[seatEntry](path)
	if err != nil {
		return "", nil, false, err
	}
	e, ok := seats[base+"/games/"+id]
	if e.Secret != "" {
		if secret, err = hex.DecodeString(e.Secret); err != nil || len(secret) != dice.NonceSize {
			return "", nil, false, fmt.Errorf("tui: %s: the secret of %s is not %d bytes in hex", path, base+"/games/"+id, dice.NonceSize)
		}
	}
	return e.Token, secret, ok, nil
}
