package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrTaken: an account with the same key or skeleton exists (or existed:
// a deleted account keeps its name).
var ErrTaken = errors.New("store: name taken")

// Account is a player's account. The store does not check names or
// hashes: package account makes them.
type Account struct {
	// ID is the account's random id, which seats carry.
	ID string
	// Name is the user name as chosen; Key is it folded (lower case), the
	// name to sign in with; Skeleton is the form that names imitating
	// each other share (account.Skeleton).
	Name     string
	Key      string
	Skeleton string
	// Password is the hash of the password (account.Hash's encoding).
	Password string
	Created  time.Time
	// Deleted is when the account was deleted (zero if it was not).
	Deleted time.Time
}

// Session is a signed-in browser or terminal of an account.
type Session struct {
	// Hash is the SHA-256 of the session's token, which only the client
	// holds; ID is the session's public id (to sign it out from another).
	Hash    []byte
	ID      string
	Account string
	// CSRF is the token a browser's state-changing requests carry.
	CSRF    string
	Created time.Time
	// Seen is when the session was last used (refreshed at most once a
	// minute).
	Seen time.Time
	// Agent is the client's User-Agent, Addr its address, at sign-in.
	Agent string
	Addr  string
}

// AccountGame is a seat an account took: the game and the seat's player.
type AccountGame struct {
	Game   string
	Player string
}

// Accounts is a store that keeps accounts and their sessions. Account
// methods return ErrNotFound for an unknown (or deleted) account or
// session.
type Accounts interface {
	// CreateAccount stores a new account; ErrTaken when its key or
	// skeleton is another's, deleted accounts included.
	CreateAccount(ctx context.Context, a *Account) error
	// Account returns an account by its id; AccountByKey by its key.
	// Neither returns a deleted account.
	Account(ctx context.Context, id string) (*Account, error)
	AccountByKey(ctx context.Context, key string) (*Account, error)
	// SetPassword replaces an account's password hash and ends every
	// session of the account but the one whose hash is keep (nil: all).
	SetPassword(ctx context.Context, id, password string, keep []byte) error
	// DeleteAccount marks an account deleted, clears its password, ends
	// its sessions, forgets its seats and clears the names of its seats'
	// chat messages; it returns the seats the account had taken, for the
	// caller to clear their names. The name stays taken.
	DeleteAccount(ctx context.Context, id string, now time.Time) ([]AccountGame, error)
	// AddSession stores a new session of an existing account.
	AddSession(ctx context.Context, s *Session) error
	// Session returns the session a token hash opens, of an account not
	// deleted, and refreshes its Seen when it is a minute old. A session
	// unused for SessionIdle has ended: it is deleted, and ErrNotFound.
	Session(ctx context.Context, hash []byte, now time.Time) (*Session, error)
	// Sessions lists an account's sessions, the most recently seen first.
	Sessions(ctx context.Context, account string) ([]Session, error)
	// DeleteSession ends one session of an account by its id, or its hash
	// when id is empty.
	DeleteSession(ctx context.Context, account, id string, hash []byte) error
	// DeleteSessions ends every session of an account and returns how
	// many it ended.
	DeleteSessions(ctx context.Context, account string) (int, error)
	// LinkGame records that an account took a seat of a game (at most
	// once: linking again changes nothing). An unknown game is
	// ErrNotFound.
	LinkGame(ctx context.Context, account, game, player string, now time.Time) error
	// AccountGames returns the games an account took seats in, newest
	// link first, at most limit (0: 100).
	AccountGames(ctx context.Context, account string, limit int) ([]*Game, error)
}

var (
	_ Accounts = (*SQLite)(nil)
	_ Accounts = (*Postgres)(nil)
)

// accountsSchema is the SQLite form of migration 0009_accounts.sql.
const accountsSchema = `
CREATE TABLE IF NOT EXISTS accounts (
	id       TEXT PRIMARY KEY,
	name     TEXT NOT NULL,
	key      TEXT NOT NULL UNIQUE,
	skeleton TEXT NOT NULL UNIQUE,
	password TEXT NOT NULL,
	created  INTEGER NOT NULL,
	deleted  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS sessions (
	hash       BLOB PRIMARY KEY,
	id         TEXT NOT NULL UNIQUE,
	account_id TEXT NOT NULL REFERENCES accounts (id),
	csrf       TEXT NOT NULL,
	created    INTEGER NOT NULL,
	seen       INTEGER NOT NULL,
	agent      TEXT NOT NULL DEFAULT '',
	addr       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS account_games (
	account_id TEXT NOT NULL REFERENCES accounts (id),
	game_id    TEXT NOT NULL REFERENCES games (id),
	player     TEXT NOT NULL,
	created    INTEGER NOT NULL,
	PRIMARY KEY (account_id, game_id, player)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_games_recent ON account_games (account_id, created);
`

// checkAccount checks what the store needs of a new account.
func checkAccount(a *Account) error {
	if a.ID == "" || a.Name == "" || a.Key == "" || a.Skeleton == "" || a.Password == "" {
		return fmt.Errorf("store: account %q: id, name, key, skeleton and password are all needed", a.Name)
	}
	if a.Created.IsZero() {
		a.Created = time.Now()
	}
	a.Created = fromMs(unixMs(a.Created))
	return nil
}

// checkSession checks what the store needs of a new session.
func checkSession(s *Session) error {
	if len(s.Hash) == 0 || s.ID == "" || s.Account == "" || s.CSRF == "" {
		return errors.New("store: session: hash, id, account and csrf are all needed")
	}
	if s.Created.IsZero() {
		s.Created = time.Now()
	}
	s.Created = fromMs(unixMs(s.Created))
	if s.Seen.IsZero() {
		s.Seen = s.Created
	}
	s.Seen = fromMs(unixMs(s.Seen))
	return nil
}

// seenEvery is how old a session's Seen gets before a read refreshes it.
const seenEvery = time.Minute

// SessionIdle is how long a session lasts unused: a year, as the cookie.
const SessionIdle = 365 * 24 * time.Hour

const (
	accountColumns = `id, name, key, skeleton, password, created, deleted`
	sessionColumns = `hash, id, account_id, csrf, created, seen, agent, addr`
)

func scanAccount(r scanner) (*Account, error) {
	var a Account
	var created, deleted int64
	if err := r.Scan(&a.ID, &a.Name, &a.Key, &a.Skeleton, &a.Password, &created, &deleted); err != nil {
		return nil, err
	}
	a.Created = fromMs(created)
	if deleted != 0 {
		a.Deleted = fromMs(deleted)
	}
	return &a, nil
}

func scanSession(r scanner) (*Session, error) {
	var s Session
	var created, seen int64
	if err := r.Scan(&s.Hash, &s.ID, &s.Account, &s.CSRF, &created, &seen, &s.Agent, &s.Addr); err != nil {
		return nil, err
	}
	s.Created, s.Seen = fromMs(created), fromMs(seen)
	return &s, nil
}

// notFound turns a missing row into ErrNotFound.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, what)
	}
	return err
}

// CreateAccount stores a new account.
func (s *SQLite) CreateAccount(ctx context.Context, a *Account) error {
	if err := checkAccount(a); err != nil {
		return err
	}
	err := s.change(ctx, func(ctx context.Context) error {
		_, err := s.writer.ExecContext(ctx, `INSERT INTO accounts (`+accountColumns+`) VALUES (?, ?, ?, ?, ?, ?, 0)`,
			a.ID, a.Name, a.Key, a.Skeleton, a.Password, unixMs(a.Created))
		return err
	})
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return fmt.Errorf("%w: %s", ErrTaken, a.Name)
	}
	return err
}

// Account returns an account by id.
func (s *SQLite) Account(ctx context.Context, id string) (*Account, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = ? AND deleted = 0`, id))
	return a, notFound(err, "account "+id)
}

// AccountByKey returns an account by key.
func (s *SQLite) AccountByKey(ctx context.Context, key string) (*Account, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountColumns+` FROM accounts WHERE key = ? AND deleted = 0`, key))
	return a, notFound(err, "account "+key)
}

// SetPassword replaces a password and ends the other sessions.
func (s *SQLite) SetPassword(ctx context.Context, id, password string, keep []byte) error {
	return s.change(ctx, func(ctx context.Context) error {
		res, err := s.writer.ExecContext(ctx, `UPDATE accounts SET password = ? WHERE id = ? AND deleted = 0`, password, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, id)
		}
		_, err = s.writer.ExecContext(ctx, `DELETE FROM sessions WHERE account_id = ? AND hash <> ?`, id, nonNil(keep))
		return err
	})
}

// DeleteAccount deletes an account (see Accounts).
func (s *SQLite) DeleteAccount(ctx context.Context, id string, now time.Time) (seats []AccountGame, err error) {
	err = s.change(ctx, func(ctx context.Context) error {
		seats = nil
		res, err := s.writer.ExecContext(ctx, `UPDATE accounts SET password = '', deleted = ? WHERE id = ? AND deleted = 0`, max(unixMs(now), 1), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, id)
		}
		rows, err := s.writer.QueryContext(ctx, `SELECT game_id, player FROM account_games WHERE account_id = ? ORDER BY created, game_id`, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var g AccountGame
			if err := rows.Scan(&g.Game, &g.Player); err != nil {
				rows.Close()
				return err
			}
			seats = append(seats, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE chat SET name = '' WHERE EXISTS (SELECT 1 FROM account_games a WHERE a.account_id = ? AND a.game_id = chat.game_id AND a.player = chat.player)`,
			`DELETE FROM account_games WHERE account_id = ?`,
			`DELETE FROM sessions WHERE account_id = ?`,
		} {
			if _, err := s.writer.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	return seats, err
}

// AddSession stores a session.
func (s *SQLite) AddSession(ctx context.Context, se *Session) error {
	if err := checkSession(se); err != nil {
		return err
	}
	return s.change(ctx, func(ctx context.Context) error {
		res, err := s.writer.ExecContext(ctx, `INSERT INTO sessions (`+sessionColumns+`)
			SELECT ?, ?, id, ?, ?, ?, ?, ? FROM accounts WHERE id = ? AND deleted = 0`,
			se.Hash, se.ID, se.CSRF, unixMs(se.Created), unixMs(se.Seen), se.Agent, se.Addr, se.Account)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, se.Account)
		}
		return nil
	})
}

// Session returns the session of a token hash.
func (s *SQLite) Session(ctx context.Context, hash []byte, now time.Time) (*Session, error) {
	se, err := scanSession(s.db.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE hash = ?`, hash))
	if err != nil {
		return nil, notFound(err, "session")
	}
	if now.Sub(se.Seen) > SessionIdle {
		if err := s.DeleteSession(ctx, se.Account, se.ID, nil); err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: session ended unused", ErrNotFound)
	}
	if now.Sub(se.Seen) >= seenEvery {
		se.Seen = fromMs(unixMs(now))
		if err := s.change(ctx, func(ctx context.Context) error {
			_, err := s.writer.ExecContext(ctx, `UPDATE sessions SET seen = ? WHERE hash = ?`, unixMs(now), hash)
			return err
		}); err != nil {
			return nil, err
		}
	}
	return se, nil
}

// Sessions lists an account's sessions.
func (s *SQLite) Sessions(ctx context.Context, account string) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE account_id = ? ORDER BY seen DESC, id`, account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectSessions(rows)
}

// collectSessions reads the rows of a query of sessions.
func collectSessions(rows rowsOf) ([]Session, error) {
	var out []Session
	for rows.Next() {
		se, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *se)
	}
	return out, rows.Err()
}

// DeleteSession ends one session.
func (s *SQLite) DeleteSession(ctx context.Context, account, id string, hash []byte) error {
	return s.change(ctx, func(ctx context.Context) error {
		res, err := s.writer.ExecContext(ctx, `DELETE FROM sessions WHERE account_id = ? AND (id = ? OR (? = '' AND hash = ?))`, account, id, id, nonNil(hash))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: session %s", ErrNotFound, id)
		}
		return nil
	})
}

// DeleteSessions ends every session of an account.
func (s *SQLite) DeleteSessions(ctx context.Context, account string) (n int, err error) {
	err = s.change(ctx, func(ctx context.Context) error {
		res, err := s.writer.ExecContext(ctx, `DELETE FROM sessions WHERE account_id = ?`, account)
		if err != nil {
			return err
		}
		k, _ := res.RowsAffected()
		n = int(k)
		return nil
	})
	return n, err
}

// LinkGame records an account's seat.
func (s *SQLite) LinkGame(ctx context.Context, account, game, player string, now time.Time) error {
	return s.change(ctx, func(ctx context.Context) error {
		var n int
		if err := s.writer.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, game).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: %s", ErrNotFound, game)
		}
		if err := s.writer.QueryRowContext(ctx, `SELECT count(*) FROM accounts WHERE id = ? AND deleted = 0`, account).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, account)
		}
		_, err := s.writer.ExecContext(ctx, `INSERT INTO account_games (account_id, game_id, player, created) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			account, game, player, unixMs(now))
		return err
	})
}

// AccountGames lists an account's games.
func (s *SQLite) AccountGames(ctx context.Context, account string, limit int) ([]*Game, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id IN (
		SELECT game_id FROM account_games WHERE account_id = ?) ORDER BY created DESC, id LIMIT ?`, account, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectGames(rows)
}

// CreateAccount stores a new account.
func (s *Postgres) CreateAccount(ctx context.Context, a *Account) error {
	if err := checkAccount(a); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO accounts (`+accountColumns+`) VALUES ($1, $2, $3, $4, $5, $6, 0)`,
		a.ID, a.Name, a.Key, a.Skeleton, a.Password, unixMs(a.Created))
	if isUnique(err) {
		return fmt.Errorf("%w: %s", ErrTaken, a.Name)
	}
	return err
}

// Account returns an account by id.
func (s *Postgres) Account(ctx context.Context, id string) (*Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1 AND deleted = 0`, id))
	return a, notFound(err, "account "+id)
}

// AccountByKey returns an account by key.
func (s *Postgres) AccountByKey(ctx context.Context, key string) (*Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE key = $1 AND deleted = 0`, key))
	return a, notFound(err, "account "+key)
}

// SetPassword replaces a password and ends the other sessions, in one
// transaction.
func (s *Postgres) SetPassword(ctx context.Context, id, password string, keep []byte) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET password = $1 WHERE id = $2 AND deleted = 0`, password, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, id)
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND hash <> $2`, id, nonNil(keep))
		return err
	})
}

// DeleteAccount deletes an account (see Accounts), in one transaction.
func (s *Postgres) DeleteAccount(ctx context.Context, id string, now time.Time) (seats []AccountGame, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		seats = nil
		tag, err := tx.Exec(ctx, `UPDATE accounts SET password = '', deleted = $1 WHERE id = $2 AND deleted = 0`, max(unixMs(now), 1), id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: account %s", ErrNotFound, id)
		}
		rows, err := tx.Query(ctx, `SELECT game_id, player FROM account_games WHERE account_id = $1 ORDER BY created, game_id`, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var g AccountGame
			if err := rows.Scan(&g.Game, &g.Player); err != nil {
				rows.Close()
				return err
			}
			seats = append(seats, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE chat SET name = '' FROM account_games a WHERE a.account_id = $1 AND a.game_id = chat.game_id AND a.player = chat.player`,
			`DELETE FROM account_games WHERE account_id = $1`,
			`DELETE FROM sessions WHERE account_id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	return seats, err
}

// AddSession stores a session.
func (s *Postgres) AddSession(ctx context.Context, se *Session) error {
	if err := checkSession(se); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO sessions (`+sessionColumns+`)
		SELECT $1, $2, id, $3, $4, $5, $6, $7 FROM accounts WHERE id = $8 AND deleted = 0`,
		se.Hash, se.ID, se.CSRF, unixMs(se.Created), unixMs(se.Seen), se.Agent, se.Addr, se.Account)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: account %s", ErrNotFound, se.Account)
	}
	return nil
}

// Session returns the session of a token hash.
func (s *Postgres) Session(ctx context.Context, hash []byte, now time.Time) (*Session, error) {
	se, err := scanSession(s.pool.QueryRow(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE hash = $1`, hash))
	if err != nil {
		return nil, notFound(err, "session")
	}
	if now.Sub(se.Seen) > SessionIdle {
		if err := s.DeleteSession(ctx, se.Account, se.ID, nil); err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: session ended unused", ErrNotFound)
	}
	if now.Sub(se.Seen) >= seenEvery {
		se.Seen = fromMs(unixMs(now))
		if _, err := s.pool.Exec(ctx, `UPDATE sessions SET seen = $1 WHERE hash = $2`, unixMs(now), hash); err != nil {
			return nil, err
		}
	}
	return se, nil
}

// Sessions lists an account's sessions.
func (s *Postgres) Sessions(ctx context.Context, account string) ([]Session, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE account_id = $1 ORDER BY seen DESC, id`, account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectSessions(rows)
}

// DeleteSession ends one session.
func (s *Postgres) DeleteSession(ctx context.Context, account, id string, hash []byte) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND (id = $2 OR ($2 = '' AND hash = $3))`, account, id, nonNil(hash))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: session %s", ErrNotFound, id)
	}
	return nil
}

// DeleteSessions ends every session of an account.
func (s *Postgres) DeleteSessions(ctx context.Context, account string) (int, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1`, account)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// LinkGame records an account's seat, in one statement: the insert
// selects the game's and the account's rows, so that an unknown one
// inserts nothing.
func (s *Postgres) LinkGame(ctx context.Context, account, game, player string, now time.Time) error {
	var found, linked int
	err := s.pool.QueryRow(ctx, `WITH g AS (SELECT g.id AS game_id, a.id AS account_id FROM games g, accounts a WHERE g.id = $1 AND a.id = $2 AND a.deleted = 0),
		ins AS (INSERT INTO account_games (account_id, game_id, player, created) SELECT account_id, game_id, $3, $4 FROM g ON CONFLICT DO NOTHING RETURNING 1)
		SELECT (SELECT count(*) FROM g), (SELECT count(*) FROM ins)`, game, account, player, unixMs(now)).Scan(&found, &linked)
	if err != nil {
		return err
	}
	if found == 0 {
		return fmt.Errorf("%w: game %s or account %s", ErrNotFound, game, account)
	}
	return nil
}

// AccountGames lists an account's games.
func (s *Postgres) AccountGames(ctx context.Context, account string, limit int) ([]*Game, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `SELECT `+pgGameColumns+` FROM games WHERE id IN (
		SELECT game_id FROM account_games WHERE account_id = $1) ORDER BY created DESC, id LIMIT $2`, account, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectGames(rows)
}

// seatAccounts returns the seats that carry an account: their players
// and accounts.
func seatAccounts(seats []Seat) (players, accounts []string) {
	for _, st := range seats {
		if st.Account != "" {
			players = append(players, st.Player)
			accounts = append(accounts, st.Account)
		}
	}
	return players, accounts
}

// linkSeats links the seats of a game that carry an account to it (an
// account unknown or deleted is passed over). The writer calls it in the
// transaction that stores the seats.
func (s *SQLite) linkSeats(ctx context.Context, game string, seats []Seat) error {
	players, accounts := seatAccounts(seats)
	for i := range players {
		if _, err := s.writer.ExecContext(ctx, `INSERT INTO account_games (account_id, game_id, player, created)
			SELECT id, ?, ?, ? FROM accounts WHERE id = ? AND deleted = 0 ON CONFLICT DO NOTHING`,
			game, players[i], unixMs(time.Now()), accounts[i]); err != nil {
			return err
		}
	}
	return nil
}

// pgLinkSeats is linkSeats on PostgreSQL, in the transaction tx.
func pgLinkSeats(ctx context.Context, tx pgx.Tx, game string, seats []Seat) error {
	players, accounts := seatAccounts(seats)
	if len(players) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `INSERT INTO account_games (account_id, game_id, player, created)
		SELECT a.id, $1, s.player, $2 FROM unnest($3::text[], $4::text[]) AS s (player, account)
		JOIN accounts a ON a.id = s.account AND a.deleted = 0 ON CONFLICT DO NOTHING`,
		game, unixMs(time.Now()), players, accounts)
	return err
}
