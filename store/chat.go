package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
)

// Chat rooms: each game has one for its players and one for its
// spectators.
const (
	ChatPlayers    = "players"
	ChatSpectators = "spectators"
)

// ChatMessage is one message of a game's chat. Messages are kept with the
// game, apart from its log of events: they change nothing in the game.
type ChatMessage struct {
	Game string
	// Seq numbers the messages of a game from 1, both rooms together.
	Seq int64
	// Room is ChatPlayers or ChatSpectators.
	Room string
	// Player is the seat of the writer ("white"), "" for a spectator.
	Player string
	// Name is the writer's display name.
	Name string
	// Text is the message as written, plain text.
	Text string
	// Time is when the message was taken, to the millisecond.
	Time time.Time
}

// Chatter is a store that keeps the games' chats. It is optional: a server
// on a store without it has no chat.
type Chatter interface {
	// AddChat stores a message of a game's chat, giving it the next Seq of
	// the game's chat (and the time now when m.Time is zero, rounded to
	// the millisecond in either case). An unknown game is ErrNotFound; a
	// room that is neither ChatPlayers nor ChatSpectators, or an empty or
	// invalid UTF-8 text, is an error, and nothing is stored.
	AddChat(ctx context.Context, m *ChatMessage) error
	// Chat returns the messages of a game's room with Seq > since, in
	// order, at most limit of them (limit <= 0: all). An empty room means
	// both rooms. An unknown game is ErrNotFound.
	Chat(ctx context.Context, game, room string, since int64, limit int) ([]ChatMessage, error)
}

var (
	_ Chatter = (*SQLite)(nil)
	_ Chatter = (*Postgres)(nil)
)

// checkChat checks a message before it is stored and settles its time.
func checkChat(m *ChatMessage) error {
	if m.Room != ChatPlayers && m.Room != ChatSpectators {
		return fmt.Errorf("store: chat room %q (rooms: %s, %s)", m.Room, ChatPlayers, ChatSpectators)
	}
	if m.Text == "" || !utf8.ValidString(m.Text) {
		return fmt.Errorf("store: chat text %q: empty or not UTF-8", m.Text)
	}
	if m.Time.IsZero() {
		m.Time = time.Now()
	}
	m.Time = fromMs(unixMs(m.Time))
	return nil
}

// checkRoom checks the room of a read: a room or "" (both).
func checkRoom(room string) error {
	if room != "" && room != ChatPlayers && room != ChatSpectators {
		return fmt.Errorf("store: chat room %q (rooms: %s, %s, or none for both)", room, ChatPlayers, ChatSpectators)
	}
	return nil
}

// The insert of a message, numbered on from the last of its game: a row
// from the game's, so that an unknown game inserts nothing and returns no
// row.
const (
	sqlChatAdd = `INSERT INTO chat (game_id, seq, room, player, name, text, time)
		SELECT id, (SELECT coalesce(max(seq), 0) + 1 FROM chat WHERE game_id = games.id), ?, ?, ?, ?, ?
		FROM games WHERE id = ? RETURNING seq`
	pgChatAdd = `INSERT INTO chat (game_id, seq, room, player, name, text, time)
		SELECT id, (SELECT coalesce(max(seq), 0) + 1 FROM chat WHERE game_id = games.id), $2, $3, $4, $5, $6
		FROM games WHERE id = $1 RETURNING seq`
)

// AddChat stores a chat message. The writer numbers it: nothing else
// writes between its reading of the last seq and its insert.
func (s *SQLite) AddChat(ctx context.Context, m *ChatMessage) error {
	if err := checkChat(m); err != nil {
		return err
	}
	var seq int64
	err := s.change(ctx, func(ctx context.Context) error {
		err := s.writer.QueryRowContext(ctx, sqlChatAdd, m.Room, m.Player, m.Name, m.Text, unixMs(m.Time), m.Game).Scan(&seq)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrNotFound, m.Game)
		}
		return err
	})
	if err != nil {
		return err
	}
	m.Seq = seq
	return nil
}

// Chat returns a game's chat messages after since.
func (s *SQLite) Chat(ctx context.Context, game, room string, since int64, limit int) ([]ChatMessage, error) {
	if err := checkRoom(room); err != nil {
		return nil, err
	}
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, game).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, game)
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, room, player, name, text, time FROM chat
		WHERE game_id = ? AND seq > ? AND (? = '' OR room = ?) ORDER BY seq LIMIT ?`, game, since, room, room, chatLimit(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ChatMessage
	for rows.Next() {
		m := ChatMessage{Game: game}
		var t int64
		if err := rows.Scan(&m.Seq, &m.Room, &m.Player, &m.Name, &m.Text, &t); err != nil {
			return nil, err
		}
		m.Time = fromMs(t)
		out = append(out, m)
	}
	return out, rows.Err()
}

// chatLimit is the LIMIT of a read: limit, or every row.
func chatLimit(limit int) int64 {
	if limit <= 0 {
		return -1 // SQLite: no limit
	}
	return int64(limit)
}

// chatLockClass is the first key of the advisory locks that number a
// game's chat messages (the second is a hash of the game's id): two keys
// of 32 bits, a space apart from the locks of one 64-bit key (TryLock,
// migrations).
const chatLockClass = 0x63686174 // "chat"

// AddChat stores a chat message. It numbers it under a lock of the game's
// chat held to the end of its transaction, so that instances adding
// messages to the same game at once take turns: each reads the last seq
// once the previous one committed.
func (s *Postgres) AddChat(ctx context.Context, m *ChatMessage) error {
	if err := checkChat(m); err != nil {
		return err
	}
	var seq int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, int32(chatLockClass), m.Game); err != nil {
			return err
		}
		return tx.QueryRow(ctx, pgChatAdd, m.Game, m.Room, m.Player, m.Name, m.Text, unixMs(m.Time)).Scan(&seq)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, m.Game)
	}
	if err != nil {
		return err
	}
	m.Seq = seq
	s.note(Change{Game: m.Game, Chat: seq})
	return nil
}

// Chat returns a game's chat messages after since, in one statement: a row
// of the game joined with each message, or one row with no message.
func (s *Postgres) Chat(ctx context.Context, game, room string, since int64, limit int) ([]ChatMessage, error) {
	if err := checkRoom(room); err != nil {
		return nil, err
	}
	q := `SELECT c.seq, c.room, c.player, c.name, c.text, c.time
		FROM games g LEFT JOIN LATERAL (
			SELECT * FROM chat WHERE game_id = g.id AND seq > $2 AND ($3 = '' OR room = $3) ORDER BY seq LIMIT $4
		) c ON true
		WHERE g.id = $1 ORDER BY c.seq`
	var lim any // NULL: no limit
	if limit > 0 {
		lim = int64(limit)
	}
	rows, err := s.pool.Query(ctx, q, game, since, room, lim)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ChatMessage
	found := false
	for rows.Next() {
		found = true
		var (
			seq, t                   *int64
			room, player, name, text *string
		)
		if err := rows.Scan(&seq, &room, &player, &name, &text, &t); err != nil {
			return nil, err
		}
		if seq == nil {
			continue // no message after since
		}
		out = append(out, ChatMessage{Game: game, Seq: *seq, Room: *room, Player: *player, Name: *name, Text: *text, Time: fromMs(*t)})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, game)
	}
	return out, nil
}
