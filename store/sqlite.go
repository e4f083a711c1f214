package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id          TEXT PRIMARY KEY,
	game        TEXT NOT NULL,
	options     TEXT NOT NULL,
	seats       TEXT NOT NULL,
	clock       TEXT NOT NULL,
	server_seed BLOB NOT NULL,
	commitment  TEXT NOT NULL,
	created     INTEGER NOT NULL,
	updated     INTEGER NOT NULL,
	seq         INTEGER NOT NULL DEFAULT 0,
	finished    INTEGER NOT NULL DEFAULT 0,
	status      TEXT NOT NULL DEFAULT '',
	result      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished, created);
CREATE TABLE IF NOT EXISTS events (
	game_id TEXT NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	player  TEXT NOT NULL,
	action  TEXT NOT NULL,
	code    INTEGER NOT NULL,
	time    INTEGER NOT NULL,
	clocks  TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
`

// SQLite is the Store on an embedded SQLite database in WAL mode. Every
// append is one transaction, synced to disk (synchronous=FULL) before it
// returns.
type SQLite struct {
	db *sql.DB
}

// OpenSQLite opens (creating if needed) the SQLite database in file path.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("store: no database file")
	}
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(ON)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One connection: SQLite has one writer anyway, and this keeps every
	// transaction free of SQLITE_BUSY.
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return &SQLite{db: db}, nil
}

// Close closes the database.
func (s *SQLite) Close() error { return s.db.Close() }

func ms(d time.Duration) int64 { return d.Milliseconds() }
func unixMs(t time.Time) int64 { return t.UnixMilli() }
func fromMs(n int64) time.Time { return time.UnixMilli(n).UTC() }
func marshal(v any) string     { b, _ := json.Marshal(v); return string(b) }
func durations(ns []int64) []time.Duration {
	if ns == nil {
		return nil
	}
	out := make([]time.Duration, len(ns))
	for i, n := range ns {
		out[i] = time.Duration(n) * time.Millisecond
	}
	return out
}

// Create adds a game.
func (s *SQLite) Create(ctx context.Context, g *Game) error {
	clock := "null"
	if g.Clock != nil {
		clock = marshal([]int64{ms(g.Clock.Initial), ms(g.Clock.Increment)})
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO games (id, game, options, seats, clock, server_seed, commitment, created, updated, seq, finished, status, result)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		g.ID, g.Game, marshal(g.Options), marshal(g.Seats), clock, g.ServerSeed, g.Commitment,
		unixMs(g.Created), unixMs(g.Updated), g.Finished, g.Status, g.Result)
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return fmt.Errorf("%w: game %s exists", ErrConflict, g.ID)
	}
	return err
}

const gameColumns = `id, game, options, seats, clock, server_seed, commitment, created, updated, seq, finished, status, result`

type scanner interface{ Scan(...any) error }

func scanGame(r scanner) (*Game, error) {
	var g Game
	var opts, seats, clock string
	var created, updated int64
	if err := r.Scan(&g.ID, &g.Game, &opts, &seats, &clock, &g.ServerSeed, &g.Commitment, &created, &updated, &g.Seq, &g.Finished, &g.Status, &g.Result); err != nil {
		return nil, err
	}
	g.Created, g.Updated = fromMs(created), fromMs(updated)
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, fmt.Errorf("store: game %s options: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return nil, fmt.Errorf("store: game %s seats: %w", g.ID, err)
	}
	var c []int64
	if err := json.Unmarshal([]byte(clock), &c); err != nil {
		return nil, fmt.Errorf("store: game %s clock: %w", g.ID, err)
	}
	if len(c) == 2 {
		g.Clock = &Clock{Initial: time.Duration(c[0]) * time.Millisecond, Increment: time.Duration(c[1]) * time.Millisecond}
	}
	return &g, nil
}

// Load returns a game and its log.
func (s *SQLite) Load(ctx context.Context, id string) (*Game, []Event, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, err
	}
	evs, err := s.Events(ctx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	return g, evs, nil
}

// Events returns the events after since.
func (s *SQLite) Events(ctx context.Context, id string, since int64) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, kind, player, action, code, time, clocks FROM events WHERE game_id = ? AND seq > ? ORDER BY seq`, id, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var t int64
		var clocks string
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Player, &e.Action, &e.Code, &t, &clocks); err != nil {
			return nil, err
		}
		e.Time = fromMs(t)
		var c []int64
		if err := json.Unmarshal([]byte(clocks), &c); err != nil {
			return nil, fmt.Errorf("store: game %s event %d clocks: %w", id, e.Seq, err)
		}
		e.Clocks = durations(c)
		out = append(out, e)
	}
	return out, rows.Err()
}

// Append adds events and applies the update in one transaction.
func (s *SQLite) Append(ctx context.Context, id string, events []Event, u Update) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var seq int64
	if err := tx.QueryRowContext(ctx, `SELECT seq FROM games WHERE id = ?`, id).Scan(&seq); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		return err
	}
	now := time.Now()
	for i, e := range events {
		if e.Seq != seq+int64(i)+1 {
			return fmt.Errorf("%w: game %s event %d does not follow %d", ErrConflict, id, e.Seq, seq+int64(i))
		}
		var c []int64
		for _, d := range e.Clocks {
			c = append(c, ms(d))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO events (game_id, seq, kind, player, action, code, time, clocks) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			id, e.Seq, e.Kind, e.Player, e.Action, e.Code, unixMs(e.Time), marshal(c)); err != nil {
			return err
		}
		now = e.Time
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET seq = ?, updated = ?, finished = ?, status = ?, result = ? WHERE id = ?`,
		seq+int64(len(events)), unixMs(now), u.Finished, u.Status, u.Result, id); err != nil {
		return err
	}
	return tx.Commit()
}

// SetSeats replaces a game's seats.
func (s *SQLite) SetSeats(ctx context.Context, id string, seats []Seat) error {
	r, err := s.db.ExecContext(ctx, `UPDATE games SET seats = ?, updated = ? WHERE id = ?`, marshal(seats), unixMs(time.Now()), id)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return nil
}

// List returns games, newest first.
func (s *SQLite) List(ctx context.Context, f Filter) ([]*Game, error) {
	q := `SELECT ` + gameColumns + ` FROM games WHERE 1=1`
	var args []any
	if f.Finished != nil {
		q += ` AND finished = ?`
		args = append(args, *f.Finished)
	}
	if f.Game != "" {
		q += ` AND game = ?`
		args = append(args, f.Game)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	q += ` ORDER BY created DESC, id LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Unfinished returns the ids of the games not finished.
func (s *SQLite) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE finished = 0 ORDER BY created`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
