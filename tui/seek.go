package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// Seek finds an opponent on the server at base (http://host:port), as the
// lobby's quick pairing does: it posts req (a place in a pool when
// req.Pool is set, else a seek in the lobby's list), holds it on the
// lobby's feed until the server makes its game, then opens the player's
// seat (its dice seed and first nonce commitment given as Open does).
// With a session of norns login (session, its token; empty for none) the
// seek is the account's. waiting, when not nil, is called once the seek
// waits. When ctx ends before a game is made the seek is withdrawn.
func Seek(ctx context.Context, base string, req wire.SeekRequest, session string, lang i18n.Lang, client *http.Client, waiting func(id string)) (*Online, *wire.View, error) {
	if lang == "" {
		lang = i18n.English
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, nil, fmt.Errorf("%w: %q is not a server's address (want http://host:port)", ErrNotGameURL, base)
	}
	base = strings.TrimRight(u.Scheme+"://"+u.Host+u.Path, "/")
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	server := &Online{Base: base, Lang: lang, HTTP: client, Session: session}
	call := server.request
	var k wire.SeekResponse
	if err := call(ctx, "POST", "/api/seeks", "", req, &k); err != nil {
		return nil, nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	c, _, err := websocket.Dial(dctx, strings.Replace(base, "http", "ws", 1)+"/api/lobby/ws", &websocket.DialOptions{HTTPClient: client, HTTPHeader: http.Header{"Accept-Language": {string(lang)}}})
	cancel()
	if err != nil {
		return nil, nil, &ReachError{Base: base, Err: err}
	}
	defer c.CloseNow()
	c.SetReadLimit(8 << 20)
	hold, _ := json.Marshal(wire.HoldMessage{ID: k.ID, Token: k.Token, Type: wire.MessageHold})
	if err := c.Write(ctx, websocket.MessageText, hold); err != nil {
		return nil, nil, &ReachError{Base: base, Err: err}
	}
	if waiting != nil {
		waiting(k.ID)
	}
	var m struct {
		Type   string         `json:"type"`
		ID     string         `json:"id"`
		Game   string         `json:"game"`
		Player string         `json:"player"`
		Error  wire.ErrorBody `json:"error"`
	}
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				// Withdrawn: the feed's close does it, and so does this.
				wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				call(wctx, "DELETE", "/api/seeks/"+k.ID, k.Token, nil, nil)
				cancel()
				return nil, nil, ctx.Err()
			}
			return nil, nil, &ReachError{Base: base, Err: err}
		}
		m.Type, m.ID, m.Game = "", "", ""
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		switch {
		case m.Type == wire.MessageError:
			return nil, nil, &APIError{Status: http.StatusBadRequest, ErrorBody: m.Error, Lang: lang}
		case m.Type == wire.MessageMatched && m.ID == k.ID && m.Game != "":
			c.Close(websocket.StatusNormalClosure, "")
			return OpenSecret(ctx, base+"/games/"+m.Game, k.Token, nil, lang, client)
		}
	}
}
