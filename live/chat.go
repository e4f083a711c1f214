package live

// A game's chat: a room for its players and one for its spectators.
//
// Messages are kept by the store (store.Chatter), beside the game and
// apart from its log: they change nothing in the game, and a game over
// still takes them. Each is sent live on the game's feed to the clients
// allowed to read its room: the players' room to the feeds that proved a
// seat of the game (AuthMessage), the spectators' room to the feeds that
// opened it (RoomMessage), players' and spectators' alike. The text is
// plain text, stored as written (trimmed): clients show it as text, never
// as HTML.

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Chat rooms.
const (
	roomPlayers    = store.ChatPlayers
	roomSpectators = store.ChatSpectators
)

// spectatorName is the name of a message sent without a seat token.
const spectatorName = "spectator"

// maxChatText is the longest message, in characters (code points), and
// maxChatLog the most messages one read returns.
const (
	maxChatText = 300
	maxChatLog  = 1000
)

// The rate of the chat, per client address and game: bursts of chatBurst
// messages, refilled at chatRate a second (5 messages each 10 s).
const (
	chatBurst = 5
	chatRate  = 0.5
)

// chatLimiter limits the messages of each client address in each game,
// keyed by "address game". Game ids are random, so that the servers of one
// process (tests) never share a key.
var chatLimiter = ratelimit.New(chatRate, chatBurst)

func chatView(m store.ChatMessage) wire.ChatView {
	return wire.ChatView{Seq: m.Seq, Room: m.Room, Player: m.Player, Name: m.Name, Text: m.Text, Time: m.Time}
}

// chatMessage is the WebSocket message of a chat message:
// {"message":{...},"type":"chat"}.
func chatMessage(m store.ChatMessage) []byte {
	b, _ := json.Marshal(wire.ChatMessage{Message: chatView(m), Type: wire.MessageChat})
	return b
}

// checkRoom checks a room's name.
func checkRoom(room string) error {
	if room != roomPlayers && room != roomSpectators {
		return Errorf(wire.CodeBadChatRoom, "room %q: the rooms are %q and %q", room, roomPlayers, roomSpectators)
	}
	return nil
}

// chatText checks a message's text and returns it trimmed: 1 to
// maxChatText characters of valid UTF-8, with no control, format
// (invisible, bidirectional), line or paragraph separator, private use,
// surrogate or other invisible character (a default ignorable code point,
// a filler: so no variation selector either, and no emoji written with
// U+FE0F). The JSON decoder turns bytes that are not UTF-8,
// and escaped lone surrogates, into U+FFFD: that character is refused too.
func chatText(text string) (string, error) {
	if !utf8.ValidString(text) || strings.ContainsRune(text, utf8.RuneError) {
		return "", Errorf(wire.CodeBadChatText, "the text is not valid UTF-8 (or contains U+FFFD, the replacement character)")
	}
	text = strings.TrimSpace(text)
	n := utf8.RuneCountInString(text)
	if n == 0 || n > maxChatText {
		return "", Errorf(wire.CodeBadChatText, "the text has %d characters once trimmed, it must have 1 to %d", n, maxChatText)
	}
	for _, c := range text {
		if unicode.In(c, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp) || invisible(c) {
			return "", Errorf(wire.CodeBadChatText, "the text contains the character %U, which a chat message may not", c)
		}
	}
	return text, nil
}

// chatter returns the store's chat, or not_found when the store keeps
// none.
func (s *Hall) chatter() (store.Chatter, error) {
	c, ok := s.store.(store.Chatter)
	if !ok {
		return nil, Errorf(wire.CodeNotFound, "this server keeps no chat")
	}
	return c, nil
}

// speaker returns who writes in a room, or reads it: the seat of the
// token and its name, or no seat ("") and spectatorName in the
// spectators' room without a token. The players' room needs a seat token;
// a token that opens no seat is refused in either room. Callers hold t.mu.
func (t *table) speaker(token, room string) (player, name string, err error) {
	if room == roomSpectators && token == "" {
		return "", spectatorName, nil
	}
	p, err := t.authorize(token)
	if err != nil {
		return "", "", err
	}
	seat := t.rec.Seats[p]
	name = seat.Name
	if name == "" {
		name = seat.Player
	}
	return seat.Player, name, nil
}

// sendChat sends a chat message to the subscribers that may read its
// room. Callers hold t.mu.
func (t *table) sendChat(m store.ChatMessage) {
	var msg []byte
	for sub := range t.subs {
		if m.Room == roomPlayers && !sub.player.Load() || m.Room == roomSpectators && !sub.spectators.Load() {
			continue
		}
		if msg == nil {
			msg = chatMessage(m)
		}
		if !sub.send(msg) {
			delete(t.subs, sub)
		}
	}
}

// followChat sends the subscribers the chat messages stored after the
// last one the table knows of (another instance's). Callers hold t.mu.
func (s *Hall) followChat(t *table) {
	chat, err := s.chatter()
	if err != nil || t.chatSeq < 0 {
		return
	}
	ms, err := chat.Chat(s.ctx, t.rec.ID, "", t.chatSeq, 0)
	if err != nil {
		s.log.Warn("following the chat", "game", t.rec.ID, "err", err)
		return
	}
	for _, m := range ms {
		t.sendChat(m)
		t.chatSeq = max(t.chatSeq, m.Seq)
	}
}

// chatHead is the seq of the last chat message of a game stored so far
// (0 for none), or -1 when the store keeps no chat.
func (s *Hall) chatHead(ctx context.Context, id string) (int64, error) {
	chat, err := s.chatter()
	if err != nil {
		return -1, nil
	}
	ms, err := chat.Chat(ctx, id, "", 0, 0)
	if err != nil {
		return -1, err
	}
	if len(ms) == 0 {
		return 0, nil
	}
	return ms[len(ms)-1].Seq, nil
}

// Chat takes a chat message of game id from client (an address, for the
// rate of its messages) with token (a seat's, or "" for a spectator),
// stores it and sends it on the feeds.
func (s *Hall) Chat(ctx context.Context, id, client, token string, req wire.ChatRequest) (wire.ChatView, error) {
	chat, err := s.chatter()
	if err != nil {
		return wire.ChatView{}, err
	}
	if err := checkRoom(req.Room); err != nil {
		return wire.ChatView{}, err
	}
	text, err := chatText(req.Text)
	if err != nil {
		return wire.ChatView{}, err
	}
	var m store.ChatMessage
	err = s.withToken(ctx, id, token, func(t *table) error {
		player, name, err := t.speaker(token, req.Room)
		if err != nil {
			return err
		}
		now := s.cfg.Now()
		if ok, wait := chatLimiter.Take(client+" "+t.rec.ID, now); !ok {
			e := Errorf(wire.CodeRateLimited, "more than %d chat messages in %g s from %s in this game", chatBurst, chatBurst/chatRate, client)
			e.RetryAfter = wait
			return e
		}
		// Stored under the table's lock, so that the feeds get the
		// messages in the order of their seqs.
		m = store.ChatMessage{Game: t.rec.ID, Room: req.Room, Player: player, Name: name, Text: text, Time: now}
		if err := chat.AddChat(ctx, &m); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return Errorf(wire.CodeGameNotFound, "no game %q", id)
			}
			return err
		}
		t.sendChat(m)
		t.chatSeq = max(t.chatSeq, m.Seq)
		return nil
	})
	return chatView(m), err
}

// ChatLog returns the messages of a room of game id after seq since, in
// order (at most maxChatLog: ask again after the last one for more). The
// players' room needs a seat token of the game.
func (s *Hall) ChatLog(ctx context.Context, id, token, room string, since int64) ([]wire.ChatView, error) {
	chat, err := s.chatter()
	if err != nil {
		return nil, err
	}
	if room != roomPlayers && room != roomSpectators {
		return nil, Errorf(wire.CodeBadChatRoom, "room=%q (rooms: %s, %s)", room, roomPlayers, roomSpectators)
	}
	err = s.withToken(ctx, id, token, func(t *table) error {
		_, _, err := t.speaker(token, room)
		return err
	})
	if err != nil {
		return nil, err
	}
	msgs, err := chat.Chat(ctx, id, room, since, maxChatLog)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(wire.CodeGameNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, err
	}
	out := make([]wire.ChatView, len(msgs))
	for i, m := range msgs {
		out[i] = chatView(m)
	}
	return out, nil
}
