package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
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
	result      TEXT NOT NULL DEFAULT '',
	version     INTEGER NOT NULL DEFAULT 0,
	private     INTEGER NOT NULL DEFAULT 0,
	scheme      TEXT NOT NULL DEFAULT 'norns-dice-v1',
	rated       TEXT NOT NULL DEFAULT '',
	ratings     TEXT
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
	nonce   TEXT NOT NULL DEFAULT '',
	next    TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
	game_id TEXT NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL,
	room    TEXT NOT NULL CHECK (room IN ('players', 'spectators')),
	player  TEXT NOT NULL,
	name    TEXT NOT NULL,
	text    TEXT NOT NULL,
	time    INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS signing_key (
	id      INTEGER PRIMARY KEY CHECK (id = 1),
	seed    BLOB NOT NULL CHECK (length(seed) = 32)
);
`

// SQLite is the Store on an embedded SQLite database in WAL mode. Every
// write is part of a transaction synced to disk (synchronous=FULL) before
// it returns.
//
// SQLite has one writer at a time, so one goroutine does every write, on a
// connection of its own with prepared statements, and commits the writes
// that arrive while it is busy together (group commit): one transaction and
// one sync for the lot. A write checks the game's version before changing
// anything (with one writer nothing can come between the check and the
// change), and a write refused by its check (a conflict, a game not found)
// has changed nothing, so the others go on in the same transaction. Any
// other failure may have left part of a write done: the group is rolled
// back and its writes are committed one by one, each alone, so that the
// one that fails fails alone. Reads use the other connections of the pool
// and never wait for a write.
type SQLite struct {
	db     *sql.DB
	writer *sql.Conn
	stmts  map[string]*sql.Stmt

	writes    chan *write
	ckptEvery time.Duration
	quit      chan struct{}
	done      chan struct{}
	once      sync.Once
}

// write is a change waiting for the writer: do runs inside the group's
// transaction, and its outcome (or the commit's) comes back on err.
type write struct {
	ctx context.Context
	do  func(context.Context) error
	err chan error
}

// maxGroup bounds the writes committed together.
const maxGroup = 256

// Statements of the writer, prepared once.
const (
	sqlBegin    = `BEGIN IMMEDIATE`
	sqlCommit   = `COMMIT`
	sqlRollback = `ROLLBACK`
	sqlHead     = `SELECT seq, version FROM games WHERE id = ?`
	sqlEvent    = `INSERT INTO events (game_id, seq, kind, player, action, code, time, clocks, nonce, next) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlAppended moves a game at version and seq on to a new seq.
	sqlAppended = `UPDATE games SET seq = ?, updated = ?, finished = ?, status = ?, result = ?, version = version + 1 WHERE id = ? AND version = ? AND seq = ?`
	// sqlUpdated changes a game at version without adding events.
	sqlUpdated = `UPDATE games SET updated = ?, finished = ?, status = ?, result = ?, version = version + 1 WHERE id = ? AND version = ?`
	sqlSeats   = `UPDATE games SET seats = ?, updated = ?, version = version + 1 WHERE id = ?`
	sqlCreate  = `INSERT INTO games (id, game, options, seats, clock, server_seed, commitment, created, updated, seq, finished, status, result, private, scheme, rated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`
)

// errClosed is the answer to a write after Close.
var errClosed = errors.New("store: closed")

// OpenSQLite opens (creating if needed) the SQLite database in file path.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("store: no database file")
	}
	q := url.Values{}
	// No checkpoint in the commits: the writer does them (see write).
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(ON)", "wal_autocheckpoint(0)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// The writer's connection and a few readers: in WAL mode readers
	// neither wait for the writer nor block it.
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	s := &SQLite{db: db, stmts: map[string]*sql.Stmt{}, writes: make(chan *write), ckptEvery: checkpointEvery, quit: make(chan struct{}), done: make(chan struct{})}
	fail := func(err error) (*SQLite, error) {
		if s.writer != nil {
			s.writer.Close()
		}
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if s.writer, err = db.Conn(ctx); err != nil {
		return fail(err)
	}
	if _, err := s.writer.ExecContext(ctx, schema); err != nil {
		return fail(err)
	}
	if _, err := s.writer.ExecContext(ctx, accountsSchema); err != nil {
		return fail(err)
	}
	// The schema's pages of a new database go into the database file
	// now, so that the write-ahead log starts small (it keeps the size it
	// once had). Another process reading the database may keep it from
	// it: the writer's checkpoints do it later.
	s.writer.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	if err := addVersion(ctx, s.writer); err != nil {
		return fail(err)
	}
	if _, err := s.writer.ExecContext(ctx, ratingsSchema); err != nil {
		return fail(err)
	}
	for _, q := range []string{sqlBegin, sqlCommit, sqlRollback, sqlHead, sqlEvent, sqlAppended, sqlUpdated, sqlSeats, sqlCreate} {
		st, err := s.writer.PrepareContext(ctx, q)
		if err != nil {
			return fail(err)
		}
		s.stmts[q] = st
	}
	go s.write()
	return s, nil
}

// addVersion gives the tables of a database made before games had
// versions, could be private or named their dice scheme, the columns they
// lack, with the value every row had before: CREATE TABLE IF NOT EXISTS
// leaves an existing table as it is. The check and the change are one
// transaction, so that two processes opening the database at once add
// each column once.
func addVersion(ctx context.Context, conn *sql.Conn) (err error) {
	if _, err := conn.ExecContext(ctx, sqlBegin); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			conn.ExecContext(context.WithoutCancel(ctx), sqlRollback)
			return
		}
		_, err = conn.ExecContext(ctx, sqlCommit)
	}()
	for _, c := range []struct{ table, col, def string }{
		{"games", "version", "INTEGER NOT NULL DEFAULT 0"},
		{"games", "private", "INTEGER NOT NULL DEFAULT 0"},
		{"games", "scheme", "TEXT NOT NULL DEFAULT '" + SchemeV1 + "'"},
		{"events", "nonce", "TEXT NOT NULL DEFAULT ''"},
		{"events", "next", "TEXT NOT NULL DEFAULT ''"},
		{"games", "rated", "TEXT NOT NULL DEFAULT ''"},
		{"games", "ratings", "TEXT"},
	} {
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, c.table, c.col).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := conn.ExecContext(ctx, `ALTER TABLE `+c.table+` ADD COLUMN `+c.col+` `+c.def); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkpointEvery is the period of the checkpoints of the stores opened
// (a variable for the tests).
var checkpointEvery = time.Second

// exec runs one of the writer's prepared statements.
func (s *SQLite) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return s.stmts[q].ExecContext(ctx, args...)
}

// change has the writer run do in a transaction and returns once it is
// committed (nil) or undone (an error). A write that has started is
// always waited for, whatever ctx says: its outcome must be known.
func (s *SQLite) change(ctx context.Context, do func(context.Context) error) error {
	w, err := s.submit(ctx, do)
	if err != nil {
		return err
	}
	return <-w.err
}

// submit hands do to the writer, unless ctx ends or the store is closed
// first.
func (s *SQLite) submit(ctx context.Context, do func(context.Context) error) (*write, error) {
	w := &write{ctx: ctx, do: do, err: make(chan error, 1)}
	select {
	case s.writes <- w:
		return w, nil
	case <-s.quit:
		return nil, errClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// write is the writer: it takes the writes waiting and commits them as one
// group, until Close.
//
// It also copies the write-ahead log into the database (a checkpoint)
// every checkpointEvery, right after answering a group. SQLite would do it
// inside the commit that fills the log (1,000 pages), so that the writes
// of that group would wait for the copy and its sync too; and a checkpoint
// beside the writer, on another connection, rarely finds the log copied
// whole, so the log would never start over and would grow without end.
func (s *SQLite) write() {
	defer close(s.done)
	last := time.Now()
	for {
		var group []*write
		select {
		case w := <-s.writes:
			group = append(group, w)
		case <-s.quit:
			return
		}
		group = takeWaiting(s.writes, group, maxGroup)
		s.commit(group)
		if time.Since(last) >= s.ckptEvery {
			// A failure is tried again at the next one; the log keeps
			// the pages meanwhile.
			s.writer.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
			last = time.Now()
		}
	}
}

// refusal is the error of a write refused by its check before it changed
// anything: the group's transaction goes on without it.
type refusal struct{ error }

func (r refusal) Unwrap() error { return r.error }

// refuse marks err, returned by a write that has changed nothing, as its
// refusal when it is one (ErrNotFound, ErrConflict). Any other error (the
// database's) might have ended the transaction, and goes as it is.
func refuse(err error) error {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) {
		return refusal{err}
	}
	return err
}

// commit runs a group of writes in one transaction and answers each. The
// statements run without the callers' contexts: an interrupted statement
// would roll back the whole group. A caller gone before its turn is
// skipped. A write that fails other than by its refusal may have changed
// part of what it meant to: the group is rolled back and each of its
// writes committed alone.
func (s *SQLite) commit(group []*write) {
	if len(group) == 1 {
		group[0].err <- s.alone(group[0])
		return
	}
	ctx := context.Background()
	errs := make([]error, len(group))
	answer := func() {
		for i, w := range group {
			w.err <- errs[i]
		}
	}
	if _, err := s.exec(ctx, sqlBegin); err != nil {
		for i := range errs {
			errs[i] = err
		}
		answer()
		return
	}
	for i, w := range group {
		if errs[i] = w.ctx.Err(); errs[i] != nil {
			continue
		}
		err := w.do(ctx)
		var r refusal
		switch {
		case err == nil:
		case errors.As(err, &r):
			errs[i] = r.error
		default:
			s.exec(ctx, sqlRollback)
			for _, w := range group {
				w.err <- s.alone(w)
			}
			return
		}
	}
	if _, err := s.exec(ctx, sqlCommit); err != nil {
		s.exec(ctx, sqlRollback)
		for i := range errs {
			errs[i] = err
		}
	}
	answer()
}

// alone commits one write in a transaction of its own and returns its
// outcome.
func (s *SQLite) alone(w *write) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	ctx := context.Background()
	if _, err := s.exec(ctx, sqlBegin); err != nil {
		return err
	}
	if err := w.do(ctx); err != nil {
		s.exec(ctx, sqlRollback)
		if r := (refusal{}); errors.As(err, &r) {
			return r.error
		}
		return err
	}
	if _, err := s.exec(ctx, sqlCommit); err != nil {
		s.exec(ctx, sqlRollback)
		return err
	}
	return nil
}

// Close stops the writer (waiting for its group) and closes the database.
func (s *SQLite) Close() error {
	s.once.Do(func() { close(s.quit) })
	<-s.done
	for _, st := range s.stmts {
		st.Close()
	}
	s.writer.Close()
	return s.db.Close()
}

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
	clock := marshalClock(g.Clock)
	opts, seats := marshal(g.Options), marshal(g.Seats)
	err := s.change(ctx, func(ctx context.Context) error {
		_, err := s.exec(ctx, sqlCreate, g.ID, g.Game, opts, seats, clock, g.ServerSeed, g.Commitment,
			unixMs(g.Created), unixMs(g.Updated), g.Finished, g.Status, g.Result, g.Private, schemeOf(g), g.Rated)
		if err != nil {
			return err
		}
		return s.linkSeats(ctx, g.ID, g.Seats)
	})
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return fmt.Errorf("%w: game %s exists", ErrConflict, g.ID)
	}
	return err
}

const gameColumns = `id, game, options, seats, clock, server_seed, commitment, created, updated, seq, finished, status, result, version, private, scheme, rated, ratings`

type scanner interface{ Scan(...any) error }

func scanGame(r scanner) (*Game, error) {
	var g Game
	var opts, seats, clock string
	var ratings *string
	var created, updated int64
	if err := r.Scan(&g.ID, &g.Game, &opts, &seats, &clock, &g.ServerSeed, &g.Commitment, &created, &updated, &g.Seq, &g.Finished, &g.Status, &g.Result, &g.Version, &g.Private, &g.Scheme, &g.Rated, &ratings); err != nil {
		return nil, err
	}
	if ratings != nil {
		g.Ratings = []GameRating{}
		if err := json.Unmarshal([]byte(*ratings), &g.Ratings); err != nil {
			return nil, fmt.Errorf("store: game %s ratings: %w", g.ID, err)
		}
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
	g.Clock = clockOf(c)
	return &g, nil
}

// Load returns a game and its log.
func (s *SQLite) Load(ctx context.Context, id string) (*Game, []Event, error) {
	// One read transaction: the record and the log of one moment, even
	// with the writer committing meanwhile.
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, err
	}
	evs, err := events(ctx, tx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	return g, evs, nil
}

// Events returns the events after since, and the game's version read
// before them.
func (s *SQLite) Events(ctx context.Context, id string, since int64) ([]Event, int64, error) {
	var version int64
	err := s.db.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, 0, err
	}
	evs, err := events(ctx, s.db, id, since)
	return evs, version, err
}

// events reads the events of a game after since.
func events(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, id string, since int64) ([]Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, kind, player, action, code, time, clocks, nonce, next FROM events WHERE game_id = ? AND seq > ? ORDER BY seq`, id, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var t int64
		var clocks string
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Player, &e.Action, &e.Code, &t, &clocks, &e.Nonce, &e.Next); err != nil {
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

// head reads a game's seq and version inside the writer's transaction and
// checks the version: an unknown id is ErrNotFound, another version
// ErrConflict. The writer does every write, so the game stays as read until
// the caller's write.
func (s *SQLite) head(ctx context.Context, id string, version int64) (seq int64, err error) {
	var cur int64
	if err := s.stmts[sqlHead].QueryRowContext(ctx, id).Scan(&seq, &cur); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		return 0, err
	}
	if cur != version {
		return 0, fmt.Errorf("%w: game %s is at version %d, not %d", ErrConflict, id, cur, version)
	}
	return seq, nil
}

// Append adds events and applies the update in one transaction, if the
// game is at version and its events follow the game's. The game's row is
// changed first, on the condition that it is at version and seq: a write
// refused by it has changed nothing.
func (s *SQLite) Append(ctx context.Context, id string, version int64, events []Event, u Update) error {
	clocks := make([]string, len(events))
	for i, e := range events {
		if i > 0 && e.Seq != events[0].Seq+int64(i) {
			return fmt.Errorf("%w: game %s event %d does not follow %d", ErrConflict, id, e.Seq, events[0].Seq+int64(i)-1)
		}
		var c []int64 // null without clocks
		for _, d := range e.Clocks {
			c = append(c, ms(d))
		}
		clocks[i] = marshal(c)
	}
	return s.change(ctx, func(ctx context.Context) error {
		var res sql.Result
		var err error
		if len(events) == 0 {
			res, err = s.exec(ctx, sqlUpdated, unixMs(time.Now()), u.Finished, u.Status, u.Result, id, version)
		} else {
			last := events[len(events)-1]
			res, err = s.exec(ctx, sqlAppended, last.Seq, unixMs(last.Time), u.Finished, u.Status, u.Result, id, version, events[0].Seq-1)
		}
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return refuse(s.refused(ctx, id, version, events))
		}
		for i, e := range events {
			if _, err := s.exec(ctx, sqlEvent, id, e.Seq, e.Kind, e.Player, e.Action, e.Code, unixMs(e.Time), clocks[i], e.Nonce, e.Next); err != nil {
				if strings.Contains(err.Error(), "UNIQUE") {
					return fmt.Errorf("%w: game %s event %d: %v", ErrConflict, id, e.Seq, err)
				}
				return err
			}
		}
		return nil
	})
}

// refused says why an append to game id at version was refused: the game
// is not there, is at another version, or its events do not follow.
func (s *SQLite) refused(ctx context.Context, id string, version int64, events []Event) error {
	seq, err := s.head(ctx, id, version)
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: game %s event %d does not follow %d", ErrConflict, id, events[0].Seq, seq)
}

// SetSeats replaces a game's seats, if the game is at version.
func (s *SQLite) SetSeats(ctx context.Context, id string, version int64, seats []Seat) error {
	b := marshal(seats)
	return s.change(ctx, func(ctx context.Context) error {
		if _, err := s.head(ctx, id, version); err != nil {
			return refuse(err)
		}
		if _, err := s.exec(ctx, sqlSeats, b, unixMs(time.Now()), id); err != nil {
			return err
		}
		return s.linkSeats(ctx, id, seats)
	})
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
	if !f.UpdatedBefore.IsZero() {
		q += ` AND updated < ?`
		args = append(args, unixMs(f.UpdatedBefore))
	}
	if f.NoEvents {
		q += ` AND seq = 0`
	}
	if f.Private != nil {
		q += ` AND private = ?`
		args = append(args, *f.Private)
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
	return collectGames(rows)
}

// Unfinished returns the ids of the games not finished.
func (s *SQLite) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE finished = 0 ORDER BY created`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectIDs(rows)
}
