package store

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Shared is a store that several server instances use at once. Besides the
// games it carries the news of every change to every instance, and lets one
// instance at a time claim a piece of work.
type Shared interface {
	Store
	// Listen calls f for every change committed by any instance (this one
	// included) until ctx ends. It reconnects by itself after losing its
	// connection; a change with Resync set follows each (re)connection:
	// changes may have been missed, and the caller compares what it holds
	// with Heads. Listen returns ctx's error.
	Listen(ctx context.Context, f func(Change)) error
	// TryLock claims the work named key for this instance. ok is false
	// when another instance holds it. The claim lasts until release is
	// called or this instance's connection ends (the instance died), so
	// another instance takes the work over.
	TryLock(ctx context.Context, key string) (release func(), ok bool, err error)
	// Heads returns the id, seq and creation time of every unfinished
	// game.
	Heads(ctx context.Context) ([]Head, error)
}

// Change is the news of one committed change to a game.
type Change struct {
	Game string `json:"game"`
	// Seq is the game's seq after the change, and Version its version.
	Seq     int64 `json:"seq"`
	Version int64 `json:"version,omitempty"`
	// Seats is set when the seats changed (a join, a seed).
	Seats bool `json:"seats,omitempty"`
	// Chat is the seq of a chat message added (with Seq 0).
	Chat int64 `json:"chat,omitempty"`
	// Presence is the id of an instance whose count of the game's
	// spectators changed (with Seq 0; see Presence).
	Presence string `json:"presence,omitempty"`
	// Seeks is set (with no game) when the seeks changed (Seeks).
	Seeks bool `json:"seeks,omitempty"`
	// Resync is set (with no game) after the listener (re)connected.
	Resync bool `json:"-"`
	// Events are the events the change appended (Seq-len(Events)+1 to
	// Seq), as Events would read them, when they fit in the notification;
	// nil otherwise (the listener reads them).
	Events []Event `json:"-"`
}

// noteEvent is an event in a notification, in the store's units
// (milliseconds), so that it reads back as the row does.
type noteEvent struct {
	Seq    int64   `json:"s"`
	Kind   string  `json:"k"`
	Player string  `json:"p,omitempty"`
	Action string  `json:"a,omitempty"`
	Code   uint32  `json:"c,omitempty"`
	Time   int64   `json:"t"`
	Clocks []int64 `json:"l,omitempty"`
	Nonce  string  `json:"n,omitempty"`
	Next   string  `json:"x,omitempty"`
}

// notePayload is a notification as sent: the change, with its events.
type notePayload struct {
	Change
	Log []noteEvent `json:"log,omitempty"`
}

// maxPayload is the largest notification sent with its events: PostgreSQL
// takes payloads up to 8000 bytes.
const maxPayload = 7900

// payload encodes a change for NOTIFY, with its events when they fit.
func payload(c Change) string {
	if len(c.Events) > 0 {
		p := notePayload{Change: c, Log: make([]noteEvent, len(c.Events))}
		for i, e := range c.Events {
			var clocks []int64
			for _, d := range e.Clocks {
				clocks = append(clocks, ms(d))
			}
			p.Log[i] = noteEvent{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Code: e.Code, Time: unixMs(e.Time), Clocks: clocks, Nonce: e.Nonce, Next: e.Next}
		}
		if b, err := json.Marshal(p); err == nil && len(b) <= maxPayload {
			return string(b)
		}
	}
	return marshal(c)
}

// parsePayload decodes a notification; ok is false for one not understood.
// The events it carries are kept only when they end at the change's seq
// and follow each other.
func parsePayload(s string) (c Change, ok bool) {
	var p notePayload
	if json.Unmarshal([]byte(s), &p) != nil {
		return Change{}, false
	}
	c = p.Change
	if n := len(p.Log); n > 0 && p.Log[n-1].Seq == c.Seq {
		c.Events = make([]Event, n)
		for i, e := range p.Log {
			if e.Seq != c.Seq-int64(n-1-i) {
				c.Events = nil
				break
			}
			var clocks []time.Duration
			if len(e.Clocks) > 0 {
				clocks = durations(e.Clocks)
			}
			c.Events[i] = Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Code: e.Code, Time: fromMs(e.Time), Clocks: clocks, Nonce: e.Nonce, Next: e.Next}
		}
	}
	return c, true
}

// Head is an unfinished game's place in its log.
type Head struct {
	ID      string
	Seq     int64
	Created time.Time
	// Updated is the time of the game's last change; Clocked says whether
	// it has a clock.
	Updated time.Time
	Clocked bool
}

//go:embed migrations/*.sql
var migrations embed.FS

// migrationLock is the key of the advisory lock held while migrating, so
// that instances starting together migrate one after the other.
const migrationLock = 0x6e6f726e73 // "norns"

// Postgres is the Store on a PostgreSQL database, through a connection
// pool. Appends of events are committed in groups: those of several games
// waiting at once are one statement, one transaction and one WAL flush,
// each acknowledged after that commit. Every append is followed by a
// notification of the new seq, with the events, to every listening
// instance (LISTEN/NOTIFY on a channel named after the schema), so several
// server instances can share one database.
type Postgres struct {
	pool    *pgxpool.Pool
	conn    *pgx.ConnConfig // for the listener and the lock session
	schema  string
	channel string

	lockMu   sync.Mutex
	lockConn *pgx.Conn

	// notes queues the notifications of appends for the notifier.
	notes     chan Change
	quit      chan struct{}
	notified  chan struct{}
	closeOnce sync.Once

	// appends queues the appends for the appenders (group commit), until
	// Close sets appendsClosed and closes it.
	appends       chan *appendReq
	appendsMu     sync.RWMutex
	appendsClosed bool
	appenders     sync.WaitGroup

	applied []int
}

// maxNotes bounds the notifications queued and sent in one statement, and
// notifyLinger is how long the notifier waits for more after the first: a
// statement each for a few milliseconds of appends, instead of one each.
const (
	maxNotes     = 1024
	notifyLinger = 5 * time.Millisecond
)

var _ Shared = (*Postgres)(nil)

// DefaultPoolSize is the size of an instance's connection pool when the
// URL does not set pool_max_conns.
const DefaultPoolSize = 16

// IsPostgres reports whether addr is a PostgreSQL URL.
func IsPostgres(addr string) bool {
	return strings.HasPrefix(addr, "postgres://") || strings.HasPrefix(addr, "postgresql://")
}

// OpenPostgres connects to the PostgreSQL database a URL names and applies
// the migrations it lacks. A search_path parameter in the URL selects the
// schema (which must exist).
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns=") {
		// Appends wait on the disk, not the processor: more of them at
		// once share each flush.
		cfg.MaxConns = DefaultPoolSize
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	s := &Postgres{pool: pool, conn: cfg.ConnConfig}
	if s.applied, err = s.Migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&s.schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	s.channel = "norns_" + s.schema
	s.notes, s.quit, s.notified = make(chan Change, maxNotes), make(chan struct{}), make(chan struct{})
	go s.notifier()
	s.appends = make(chan *appendReq, maxAppends*appenders)
	s.appenders.Add(appenders)
	for range appenders {
		go s.appender()
	}
	return s, nil
}

// note queues the notification of a change; when the queue is full it is
// sent at once.
func (s *Postgres) note(c Change) {
	select {
	case s.notes <- c:
	default:
		s.notify([]Change{c})
	}
}

// notifier sends the queued notifications, those of notifyLinger together
// in one statement, until Close (which it waits for to send the last ones).
func (s *Postgres) notifier() {
	defer close(s.notified)
	for {
		var batch []Change
		select {
		case c := <-s.notes:
			batch = append(batch, c)
		case <-s.quit:
			s.notify(takeWaiting(s.notes, batch, math.MaxInt))
			return
		}
		linger := time.NewTimer(notifyLinger)
	more:
		for len(batch) < maxNotes {
			select {
			case c := <-s.notes:
				batch = append(batch, c)
			case <-linger.C:
				break more
			case <-s.quit:
				break more
			}
		}
		linger.Stop()
		s.notify(batch)
	}
}

// notify sends notifications in one statement. A notification that fails
// is no failure: the listeners' resync makes it up.
func (s *Postgres) notify(batch []Change) {
	if len(batch) == 0 {
		return
	}
	payloads := make([]string, len(batch))
	for i, c := range batch {
		payloads[i] = payload(c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s.pool.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, s.channel, payloads)
}

// Migrate applies the migrations the database lacks, in order, each in its
// own transaction, under an advisory lock so that instances starting at the
// same time do not collide. It returns the versions it applied.
func (s *Postgres) Migrate(ctx context.Context) ([]int, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLock)); err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrationLock))
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	done := map[int]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("store: migrate: %w", err)
		}
		done[v] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	list, err := Migrations()
	if err != nil {
		return nil, err
	}
	var applied []int
	for _, m := range list {
		if done[m.Version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name)
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
		applied = append(applied, m.Version)
	}
	return applied, nil
}

// Migration is one schema change, a file migrations/NNNN_name.sql.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations lists the PostgreSQL migrations in order.
func Migrations() ([]Migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: the name must start with a number", base)
		}
		b, err := migrations.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Close sends the notifications queued, then closes the pool and the lock
// session (which ends every claim).
func (s *Postgres) Close() error {
	s.appendsMu.Lock()
	if !s.appendsClosed && s.appends != nil {
		s.appendsClosed = true
		close(s.appends)
	}
	s.appendsMu.Unlock()
	s.appenders.Wait()
	s.closeOnce.Do(func() { close(s.quit) })
	<-s.notified
	s.lockMu.Lock()
	if s.lockConn != nil {
		s.lockConn.Close(context.Background())
		s.lockConn = nil
	}
	s.lockMu.Unlock()
	s.pool.Close()
	return nil
}

// Applied returns the versions of the migrations applied when the store
// was opened.
func (s *Postgres) Applied() []int { return s.applied }

// Schema is the schema the store's tables are in.
func (s *Postgres) Schema() string { return s.schema }

// isUnique reports a unique violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// Create adds a game, and links the seats that carry an account to it in
// the same transaction.
func (s *Postgres) Create(ctx context.Context, g *Game) error {
	clock := marshalClock(g.Clock)
	insert := func(db interface {
		Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
	}) error {
		_, err := db.Exec(ctx, `INSERT INTO games (id, game, options, seats, clock, server_seed, commitment, created, updated, seq, finished, status, result, private, scheme, rated)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $13, $14, $15)`,
			g.ID, g.Game, marshal(g.Options), marshal(g.Seats), clock, nonNil(g.ServerSeed), g.Commitment,
			unixMs(g.Created), unixMs(g.Updated), g.Finished, g.Status, g.Result, g.Private, schemeOf(g), g.Rated)
		return err
	}
	var err error
	if players, _ := seatAccounts(g.Seats); len(players) == 0 {
		err = insert(s.pool) // one statement, no transaction
	} else {
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if err := insert(tx); err != nil {
				return err
			}
			return pgLinkSeats(ctx, tx, g.ID, g.Seats)
		})
	}
	if isUnique(err) {
		return fmt.Errorf("%w: game %s exists", ErrConflict, g.ID)
	}
	return err
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

const pgGameColumns = `id, game, options::text, seats::text, clock::text, server_seed, commitment, created, updated, seq, finished, status, result, version, private, scheme, rated, ratings::text`

// Load returns a game and its log, read in one snapshot.
func (s *Postgres) Load(ctx context.Context, id string) (*Game, []Event, error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	g, err := scanGame(tx.QueryRow(ctx, `SELECT `+pgGameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, err
	}
	evs, err := pgEvents(ctx, tx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	return g, evs, tx.Commit(ctx)
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Events returns the events after since, and the game's version, in one
// statement (one round trip, one snapshot): a row of the game joined with
// each event after since, or one row with no event.
func (s *Postgres) Events(ctx context.Context, id string, since int64) ([]Event, int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT g.version, e.seq, e.kind, e.player, e.action, e.code, e.time, e.clocks, e.nonce, e.next
		FROM games g LEFT JOIN events e ON e.game_id = g.id AND e.seq > $2
		WHERE g.id = $1 ORDER BY e.seq`, id, since)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var (
		out     []Event
		version int64
		found   bool
	)
	for rows.Next() {
		found = true
		var (
			seq, t, code         *int64
			kind, player, action *string
			nonce, next          *string
			clocks               []int64
		)
		if err := rows.Scan(&version, &seq, &kind, &player, &action, &code, &t, &clocks, &nonce, &next); err != nil {
			return nil, 0, err
		}
		if seq == nil {
			continue // the game has no event after since
		}
		out = append(out, Event{Seq: *seq, Kind: *kind, Player: *player, Action: *action, Code: uint32(*code), Time: fromMs(*t), Clocks: durations(clocks), Nonce: *nonce, Next: *next})
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if !found {
		return nil, 0, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return out, version, nil
}

func pgEvents(ctx context.Context, q querier, id string, since int64) ([]Event, error) {
	rows, err := q.Query(ctx, `SELECT seq, kind, player, action, code, time, clocks, nonce, next FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq`, id, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var t, code int64
		var clocks []int64
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Player, &e.Action, &code, &t, &clocks, &e.Nonce, &e.Next); err != nil {
			return nil, err
		}
		e.Code, e.Time, e.Clocks = uint32(code), fromMs(t), durations(clocks)
		out = append(out, e)
	}
	return out, rows.Err()
}

// appendSQL appends events in one statement (one round trip, atomic): the
// update of the game's row succeeds only if the game is at the version the
// writer read and the log is where the events continue it, and the events
// are inserted only then.
const appendSQL = `WITH up AS (
	UPDATE games SET seq = $3, updated = $4, finished = $5, status = $6, result = $7, version = version + 1
	WHERE id = $1 AND seq = $2 AND version = $15 RETURNING id
), ins AS (
	INSERT INTO events (game_id, seq, kind, player, action, code, time, clocks, nonce, next)
	SELECT up.id, e.seq, e.kind, e.player, e.action, e.code, e.time,
		CASE WHEN e.clocks = '' THEN NULL ELSE string_to_array(e.clocks, ',')::bigint[] END, e.nonce, e.next
	FROM up, unnest($8::bigint[], $9::text[], $10::text[], $11::text[], $12::bigint[], $13::bigint[], $14::text[], $16::text[], $17::text[])
		AS e(seq, kind, player, action, code, time, clocks, nonce, next)
	RETURNING 1
)
SELECT count(*) FROM ins`

// Append adds events and applies the update atomically if the game is at
// version, then notifies the listeners of the game's new seq. Appends of
// events wait for an appender, which commits them with the others waiting
// (appendBatch); Append returns after the commit.
//
// The notification is sent after the commit, not inside the append's
// transaction: PostgreSQL serializes the commits of notifying transactions
// under one lock held across the WAL flush, which would bound every
// instance together to one durable append per disk flush. Nor does the
// append wait for it: the notifier sends the notifications that queue up
// meanwhile together, in one statement. A notification lost because the
// instance died before sending it is made up by the listeners' resync
// (Heads).
func (s *Postgres) Append(ctx context.Context, id string, version int64, events []Event, u Update) error {
	for i, e := range events {
		if i > 0 && e.Seq != events[0].Seq+int64(i) {
			return fmt.Errorf("%w: game %s event %d does not follow %d", ErrConflict, id, e.Seq, events[0].Seq+int64(i)-1)
		}
	}
	if len(events) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := &appendReq{ctx: ctx, id: id, version: version, events: events, u: u, done: make(chan error, 1)}
		if s.queue(r) {
			// Once queued, the append's outcome is waited for whatever
			// ctx says (the appender drops it if ctx ended before its
			// group was sent): a caller told "cancelled" of an append
			// that was stored would hold a game behind its store.
			return <-r.done
		}
		return s.appendOne(ctx, r)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE games SET updated = $2, finished = $3, status = $4, result = $5, version = version + 1 WHERE id = $1 AND version = $6`,
		id, unixMs(time.Now()), u.Finished, u.Status, u.Result, version)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return s.refused(ctx, s.pool, id, version, nil)
	}
	return nil
}

// appendReq is an append of events waiting for an appender, and the
// channel its outcome is sent on.
type appendReq struct {
	ctx     context.Context // the caller's: an append whose caller gave up before it was sent is not sent
	id      string
	version int64
	events  []Event
	u       Update
	done    chan error
}

// appenders is the number of group commits in flight at once, and
// maxAppends the most appends in one.
const (
	appenders  = 4
	maxAppends = 128
)

// queue hands an append to the appenders; false when the store is closed
// (or was made without them), and the caller appends it itself.
func (s *Postgres) queue(r *appendReq) bool {
	s.appendsMu.RLock()
	defer s.appendsMu.RUnlock()
	if s.appends == nil || s.appendsClosed {
		return false
	}
	s.appends <- r
	return true
}

// appender commits the appends queued, those waiting together in one
// statement (group commit: one transaction, one WAL flush for several
// games), until the queue is closed.
func (s *Postgres) appender() {
	defer s.appenders.Done()
	var later []*appendReq // a second append of a game already in the batch
	for {
		batch := later
		later = nil
		if len(batch) == 0 {
			r, ok := <-s.appends
			if !ok {
				return
			}
			batch = append(batch, r)
		}
		seen := make(map[string]bool, len(batch))
		var first []*appendReq
		take := func(r *appendReq) {
			if seen[r.id] {
				later = append(later, r)
				return
			}
			seen[r.id] = true
			first = append(first, r)
		}
		for _, r := range batch {
			take(r)
		}
	more:
		for len(first) < maxAppends {
			select {
			case r, ok := <-s.appends:
				if !ok {
					break more
				}
				take(r)
			default:
				break more
			}
		}
		s.appendBatch(first)
	}
}

// appendTimeout bounds a group commit, which no caller's context ends.
const appendTimeout = 30 * time.Second

// appendBatch commits appends of different games in one statement and
// sends each its outcome: nil for those stored (notified), the reason for
// those refused (each write is conditional on its game's version and
// seq, and one refused does not fail the others). When PostgreSQL rejects
// the statement (nothing is stored then), each append is tried alone.
func (s *Postgres) appendBatch(batch []*appendReq) {
	ctx, cancel := context.WithTimeout(context.Background(), appendTimeout)
	defer cancel()
	batch = slices.DeleteFunc(batch, func(r *appendReq) bool {
		if err := r.ctx.Err(); err != nil {
			r.done <- err
			return true
		}
		return false
	})
	if len(batch) == 0 {
		return
	}
	if len(batch) == 1 {
		batch[0].done <- s.appendOne(ctx, batch[0])
		return
	}
	// The rows are locked in the order of their ids, as every batch does.
	sort.Slice(batch, func(i, j int) bool { return batch[i].id < batch[j].id })
	n := len(batch)
	ids, froms, tos, updated, versions := make([]string, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	finished, statuses, results := make([]bool, n), make([]string, n), make([]string, n)
	var rows eventRows
	for i, r := range batch {
		last := r.events[len(r.events)-1]
		ids[i], froms[i], tos[i], updated[i], versions[i] = r.id, r.events[0].Seq-1, last.Seq, unixMs(last.Time), r.version
		finished[i], statuses[i], results[i] = r.u.Finished, r.u.Status, r.u.Result
		rows.add(r.id, r.events)
	}
	stored := make(map[string]bool, n)
	err := func() error {
		res, err := s.pool.Query(ctx, appendBatchSQL, ids, froms, tos, updated, finished, statuses, results, versions,
			rows.games, rows.seqs, rows.kinds, rows.players, rows.actions, rows.codes, rows.times, rows.clocks, rows.nonces, rows.nexts)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.Next() {
			var id string
			if err := res.Scan(&id); err != nil {
				return err
			}
			stored[id] = true
		}
		return res.Err()
	}()
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Rejected as a whole (a unique violation, a deadlock): nothing
		// was stored.
		for _, r := range batch {
			r.done <- s.appendOne(ctx, r)
		}
		return
	}
	for _, r := range batch {
		switch {
		case err != nil:
			r.done <- err
		case stored[r.id]:
			last := r.events[len(r.events)-1]
			s.note(Change{Game: r.id, Seq: last.Seq, Version: r.version + 1, Events: slices.Clone(r.events)})
			r.done <- nil
		default:
			r.done <- s.refused(ctx, s.pool, r.id, r.version, r.events)
		}
	}
}

// appendBatchSQL appends the events of several games in one statement:
// each game's row is updated only if it is at the version its writer read
// and its log ends where its events start, and its events are inserted
// only then. It returns the ids of the games updated.
const appendBatchSQL = `WITH a AS (
	SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::boolean[], $6::text[], $7::text[], $8::bigint[])
		AS a(id, since, seq, updated, finished, status, result, version)
), up AS (
	UPDATE games g SET seq = a.seq, updated = a.updated, finished = a.finished, status = a.status, result = a.result, version = g.version + 1
	FROM a WHERE g.id = a.id AND g.seq = a.since AND g.version = a.version
	RETURNING g.id
), ins AS (
	INSERT INTO events (game_id, seq, kind, player, action, code, time, clocks, nonce, next)
	SELECT e.game_id, e.seq, e.kind, e.player, e.action, e.code, e.time,
		CASE WHEN e.clocks = '' THEN NULL ELSE string_to_array(e.clocks, ',')::bigint[] END, e.nonce, e.next
	FROM unnest($9::text[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::bigint[], $15::bigint[], $16::text[], $17::text[], $18::text[])
		AS e(game_id, seq, kind, player, action, code, time, clocks, nonce, next)
	WHERE e.game_id IN (SELECT id FROM up)
	RETURNING 1
)
SELECT id FROM up`

// eventRows are events as the columns of an append's arrays.
type eventRows struct {
	games, kinds, players, actions, clocks, nonces, nexts []string
	seqs, codes, times                                    []int64
}

func (r *eventRows) add(game string, events []Event) {
	for _, e := range events {
		var c []string
		for _, d := range e.Clocks {
			c = append(c, strconv.FormatInt(ms(d), 10))
		}
		r.games = append(r.games, game)
		r.seqs, r.codes, r.times = append(r.seqs, e.Seq), append(r.codes, int64(e.Code)), append(r.times, unixMs(e.Time))
		r.kinds, r.players, r.actions = append(r.kinds, e.Kind), append(r.players, e.Player), append(r.actions, e.Action)
		r.clocks, r.nonces, r.nexts = append(r.clocks, strings.Join(c, ",")), append(r.nonces, e.Nonce), append(r.nexts, e.Next)
	}
}

// appendOne appends one game's events in a statement of its own.
func (s *Postgres) appendOne(ctx context.Context, r *appendReq) error {
	var rows eventRows
	rows.add(r.id, r.events)
	n, last := len(r.events), r.events[len(r.events)-1]
	var inserted int64
	err := s.pool.QueryRow(ctx, appendSQL, r.id, r.events[0].Seq-1, last.Seq, unixMs(last.Time), r.u.Finished, r.u.Status, r.u.Result,
		rows.seqs, rows.kinds, rows.players, rows.actions, rows.codes, rows.times, rows.clocks, r.version, rows.nonces, rows.nexts).Scan(&inserted)
	if isUnique(err) {
		return fmt.Errorf("%w: game %s: %v", ErrConflict, r.id, err)
	}
	if err != nil {
		return err
	}
	if inserted == int64(n) {
		s.note(Change{Game: r.id, Seq: last.Seq, Version: r.version + 1, Events: slices.Clone(r.events)})
		return nil
	}
	return s.refused(ctx, s.pool, r.id, r.version, r.events)
}

// queryRower is a pool or a transaction.
type queryRower interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// refused explains a conditional write that changed no row: the game does
// not exist (ErrNotFound), or it is no longer at version or its log does
// not end where events start (ErrConflict). Games are never deleted, so a
// game found now existed at the write.
func (s *Postgres) refused(ctx context.Context, q queryRower, id string, version int64, events []Event) error {
	var seq, cur int64
	err := q.QueryRow(ctx, `SELECT seq, version FROM games WHERE id = $1`, id).Scan(&seq, &cur)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	if cur != version || len(events) == 0 {
		return fmt.Errorf("%w: game %s is at version %d, not %d", ErrConflict, id, cur, version)
	}
	return fmt.Errorf("%w: game %s event %d does not follow %d", ErrConflict, id, events[0].Seq, seq)
}

// SetSeats replaces a game's seats if the game is at version, and notifies
// the listeners (from the same transaction, so only a write that happened
// is announced).
func (s *Postgres) SetSeats(ctx context.Context, id string, version int64, seats []Seat) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var seq, next int64
		err := tx.QueryRow(ctx, `UPDATE games SET seats = $2, updated = $3, version = version + 1 WHERE id = $1 AND version = $4 RETURNING seq, version`,
			id, marshal(seats), unixMs(time.Now()), version).Scan(&seq, &next)
		if errors.Is(err, pgx.ErrNoRows) {
			return s.refused(ctx, tx, id, version, nil)
		}
		if err != nil {
			return err
		}
		if err := pgLinkSeats(ctx, tx, id, seats); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel, marshal(Change{Game: id, Seq: seq, Version: next, Seats: true}))
		return err
	})
}

// List returns games, newest first.
func (s *Postgres) List(ctx context.Context, f Filter) ([]*Game, error) {
	q := `SELECT ` + pgGameColumns + ` FROM games WHERE true`
	var args []any
	if f.Finished != nil {
		args = append(args, *f.Finished)
		q += fmt.Sprintf(` AND finished = $%d`, len(args))
	}
	if f.Game != "" {
		args = append(args, f.Game)
		q += fmt.Sprintf(` AND game = $%d`, len(args))
	}
	if !f.UpdatedBefore.IsZero() {
		args = append(args, unixMs(f.UpdatedBefore))
		q += fmt.Sprintf(` AND updated < $%d`, len(args))
	}
	if f.NoEvents {
		q += ` AND seq = 0`
	}
	if f.Private != nil {
		args = append(args, *f.Private)
		q += fmt.Sprintf(` AND private = $%d`, len(args))
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	args = append(args, limit)
	q += fmt.Sprintf(` ORDER BY created DESC, id LIMIT $%d`, len(args))
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectGames(rows)
}

// Unfinished returns the ids of the games not finished.
func (s *Postgres) Unfinished(ctx context.Context) ([]string, error) {
	heads, err := s.Heads(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(heads))
	for i, h := range heads {
		out[i] = h.ID
	}
	return out, nil
}

// Heads returns the unfinished games' seqs, oldest first.
func (s *Postgres) Heads(ctx context.Context) ([]Head, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, seq, created, updated, clock <> 'null'::jsonb FROM games WHERE NOT finished ORDER BY created, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Head
	for rows.Next() {
		var h Head
		var created, updated int64
		if err := rows.Scan(&h.ID, &h.Seq, &created, &updated, &h.Clocked); err != nil {
			return nil, err
		}
		h.Created, h.Updated = fromMs(created), fromMs(updated)
		out = append(out, h)
	}
	return out, rows.Err()
}

// Listen relays the changes of every instance to f, reconnecting after a
// lost connection (after 0.1 s, doubling up to 2 s).
func (s *Postgres) Listen(ctx context.Context, f func(Change)) error {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listen(ctx, f, func() { backoff = 100 * time.Millisecond })
		if ctx.Err() != nil {
			break
		}
		_ = err // the connection is lost: wait, then reconnect
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 2*time.Second)
	}
	return ctx.Err()
}

func (s *Postgres) listen(ctx context.Context, f func(Change), connected func()) error {
	conn, err := pgx.ConnectConfig(ctx, s.conn.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	f(Change{Resync: true})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if c, ok := parsePayload(n.Payload); ok && c.Game != "" {
			f(c)
		}
	}
}

// lockKey maps a work name to an advisory lock key, within the schema.
func (s *Postgres) lockKey(key string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s.schema + "/" + key))
	return int64(h.Sum64())
}

// TryLock takes a session-level advisory lock on the store's lock session,
// a connection of its own: PostgreSQL ends every claim of an instance whose
// connection closes, so a dead instance's work is taken over.
func (s *Postgres) TryLock(ctx context.Context, key string) (func(), bool, error) {
	k := s.lockKey(key)
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	if s.lockConn == nil || s.lockConn.IsClosed() {
		c, err := pgx.ConnectConfig(ctx, s.conn.Copy())
		if err != nil {
			return nil, false, err
		}
		s.lockConn = c
	}
	conn := s.lockConn
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, k).Scan(&ok); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		s.lockConn = nil
		return nil, false, err
	}
	if !ok {
		return nil, false, nil
	}
	var once sync.Once
	release := func() {
		once.Do(func() {
			s.lockMu.Lock()
			defer s.lockMu.Unlock()
			if s.lockConn != conn || conn.IsClosed() {
				return // the session ended, and the lock with it
			}
			uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := conn.Exec(uctx, `SELECT pg_advisory_unlock($1)`, k); err != nil {
				conn.Close(uctx)
				s.lockConn = nil
			}
		})
	}
	return release, true, nil
}
