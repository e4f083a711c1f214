package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ErrRated: the game was rated already (RateGame's condition on a game's
// ratings being NULL), or is not a rated game.
var ErrRated = errors.New("store: game rated already")

// Perf is a player's rating under one key as the store keeps it (the
// numbers of rating.Perf, which the store does not import), with the
// row's version: every write bumps it, and a write names the version it
// read. Version 0 is a row not stored yet (a player new to the key, at
// rating.NewPerf).
type Perf struct {
	Player     string
	Key        string
	Rating     float64
	Deviation  float64
	Volatility float64
	Games      int
	// Latest is when the player's last rated game under the key ended
	// (zero: none).
	Latest  time.Time
	Version int64
	// Name is the account's user name (in Leaderboard's answers).
	Name string
}

// Glicko is a rating's three numbers, as a game's rating record keeps
// them.
type Glicko struct {
	Rating     float64 `json:"r"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"v"`
}

// GameRating is one player's line in a rated game's rating record: the
// seat, the account, the rating before the game (at its end, the
// deviation grown by the time away) and after it, and the change as
// players see it.
type GameRating struct {
	Player  string `json:"player"`
	Account string `json:"account"`
	Before  Glicko `json:"before"`
	After   Glicko `json:"after"`
	Change  int    `json:"change"`
}

// RatedGame is the write that rates a game (RateGame): the rows read,
// with their versions, and the rows after the game, in the same order,
// and the game's rating record. A game that ended without a result to
// rate has no rows and an empty record.
type RatedGame struct {
	Game   string
	Key    string
	End    time.Time
	Before []Perf
	After  []Perf
	Record []GameRating
}

// HistoryPoint is a player's rating after one rated game (a row of the
// history), in the order the ratings were written.
type HistoryPoint struct {
	ID         int64
	Player     string
	Key        string
	Game       string
	Rating     float64
	Deviation  float64
	Volatility float64
	Games      int
	At         time.Time
}

// Ratings is a store that keeps the players' ratings (docs/ratings.md
// §6).
type Ratings interface {
	// Perfs reads the rows of players under key, in the order of players;
	// a player with no row gets a Perf with Version 0 and no numbers.
	Perfs(ctx context.Context, key string, players []string) ([]Perf, error)
	// RateGame stores a game's ratings in one transaction: each row
	// updated if still at the version read (inserted if it was missing),
	// the game's rating record if the game has none yet, and the history
	// rows. A row that moved on (or was inserted meanwhile) is
	// ErrConflict, a game rated already (or not rated at all) ErrRated;
	// either way nothing is written. On success the game's version is
	// bumped and the instances notified; the new version is returned.
	RateGame(ctx context.Context, r RatedGame) (int64, error)
	// Unrated lists the finished rated games not rated yet.
	Unrated(ctx context.Context) ([]string, error)
	// PlayerPerfs lists a player's rows, every key.
	PlayerPerfs(ctx context.Context, player string) ([]Perf, error)
	// RatingHistory lists the history rows of a player under a key in
	// the order they were written; an empty player or key selects all.
	RatingHistory(ctx context.Context, player, key string) ([]HistoryPoint, error)
	// Leaderboard lists the rows under key of accounts not deleted whose
	// latest game ended at since or after and whose stored deviation is
	// at most maxDeviation, the highest rating first, at most limit.
	Leaderboard(ctx context.Context, key string, since time.Time, maxDeviation float64, limit int) ([]Perf, error)
}

var (
	_ Ratings = (*SQLite)(nil)
	_ Ratings = (*Postgres)(nil)
)

// ratingsSchema is the SQLite form of migration 0010_ratings.sql (the
// games' columns rated and ratings are added by addVersion).
const ratingsSchema = `
CREATE INDEX IF NOT EXISTS games_unrated ON games (updated) WHERE rated <> '' AND finished AND ratings IS NULL;
CREATE TABLE IF NOT EXISTS ratings (
	player     TEXT NOT NULL REFERENCES accounts (id),
	key        TEXT NOT NULL,
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	latest     INTEGER NOT NULL,
	version    INTEGER NOT NULL,
	PRIMARY KEY (player, key)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (key, rating DESC);
CREATE TABLE IF NOT EXISTS rating_history (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	player     TEXT NOT NULL REFERENCES accounts (id),
	key        TEXT NOT NULL,
	game_id    TEXT NOT NULL REFERENCES games (id),
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	at         INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, key, id);
`

// checkRated checks a rating write.
func checkRated(r *RatedGame) error {
	if r.Game == "" || len(r.Before) != len(r.After) || len(r.After) != len(r.Record) && len(r.After) > 0 {
		return fmt.Errorf("store: rating game %q: a game and as many rows before as after are needed", r.Game)
	}
	for i := range r.After {
		if r.Before[i].Player != r.After[i].Player || r.After[i].Player == "" || r.After[i].Key != r.Key {
			return fmt.Errorf("store: rating game %s: row %d names %q before and %q after, key %q", r.Game, i, r.Before[i].Player, r.After[i].Player, r.After[i].Key)
		}
	}
	return nil
}

// rowOrder is the order a rating write touches its rows in: by player,
// so that two writes lock their common rows in the same order.
func rowOrder(r *RatedGame) []int {
	order := make([]int, len(r.After))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if r.After[a].Player < r.After[b].Player {
			return -1
		}
		if r.After[a].Player > r.After[b].Player {
			return 1
		}
		return 0
	})
	return order
}

const perfColumns = `player, key, rating, deviation, volatility, games, latest, version`

func scanPerf(r scanner) (Perf, error) {
	var p Perf
	var latest int64
	if err := r.Scan(&p.Player, &p.Key, &p.Rating, &p.Deviation, &p.Volatility, &p.Games, &latest, &p.Version); err != nil {
		return p, err
	}
	if latest != 0 {
		p.Latest = fromMs(latest)
	}
	return p, nil
}

func latestMs(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return unixMs(t)
}

// Perfs reads rows.
func (s *SQLite) Perfs(ctx context.Context, key string, players []string) ([]Perf, error) {
	out := make([]Perf, len(players))
	for i, p := range players {
		perf, err := scanPerf(s.db.QueryRowContext(ctx, `SELECT `+perfColumns+` FROM ratings WHERE player = ? AND key = ?`, p, key))
		if errors.Is(err, sql.ErrNoRows) {
			perf, err = Perf{Player: p, Key: key}, nil
		}
		if err != nil {
			return nil, err
		}
		out[i] = perf
	}
	return out, nil
}

// RateGame stores a game's ratings (see Ratings).
func (s *SQLite) RateGame(ctx context.Context, r RatedGame) (version int64, err error) {
	if err := checkRated(&r); err != nil {
		return 0, err
	}
	err = s.change(ctx, func(ctx context.Context) error {
		res, err := s.writer.ExecContext(ctx, `UPDATE games SET ratings = ?, version = version + 1 WHERE id = ? AND rated = ? AND rated <> '' AND finished AND ratings IS NULL`, marshal(nonNilRecord(r.Record)), r.Game, r.Key)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s", ErrRated, r.Game)
		}
		if err := s.writer.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, r.Game).Scan(&version); err != nil {
			return err
		}
		for _, i := range rowOrder(&r) {
			b, a := r.Before[i], r.After[i]
			if b.Version == 0 {
				res, err = s.writer.ExecContext(ctx, `INSERT INTO ratings (`+perfColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT DO NOTHING`,
					a.Player, r.Key, a.Rating, a.Deviation, a.Volatility, a.Games, latestMs(a.Latest))
			} else {
				res, err = s.writer.ExecContext(ctx, `UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ?, latest = ?, version = version + 1 WHERE player = ? AND key = ? AND version = ?`,
					a.Rating, a.Deviation, a.Volatility, a.Games, latestMs(a.Latest), a.Player, r.Key, b.Version)
			}
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return fmt.Errorf("%w: the rating of %s under %s moved on from version %d", ErrConflict, a.Player, r.Key, b.Version)
			}
			if _, err := s.writer.ExecContext(ctx, `INSERT INTO rating_history (player, key, game_id, rating, deviation, volatility, games, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				a.Player, r.Key, r.Game, a.Rating, a.Deviation, a.Volatility, a.Games, unixMs(r.End)); err != nil {
				return err
			}
		}
		return nil
	})
	return version, err
}

func nonNilRecord(r []GameRating) []GameRating {
	if r == nil {
		return []GameRating{}
	}
	return r
}

// Unrated lists the games to rate.
func (s *SQLite) Unrated(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE rated <> '' AND finished AND ratings IS NULL ORDER BY updated, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectIDs(rows)
}

// collectIDs reads the rows of a query of ids.
func collectIDs(rows rowsOf) ([]string, error) {
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

// rowsOf is the rows of a query, as database/sql and pgx both give them;
// the caller closes them.
type rowsOf interface {
	Next() bool
	Scan(...any) error
	Err() error
}

// collectGames reads the rows of a query of gameColumns.
func collectGames(rows rowsOf) ([]*Game, error) {
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

func collectPerfs(rows rowsOf, name bool) ([]Perf, error) {
	var out []Perf
	for rows.Next() {
		var p Perf
		var latest int64
		dest := []any{&p.Player, &p.Key, &p.Rating, &p.Deviation, &p.Volatility, &p.Games, &latest, &p.Version}
		if name {
			dest = append(dest, &p.Name)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if latest != 0 {
			p.Latest = fromMs(latest)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func collectHistory(rows rowsOf) ([]HistoryPoint, error) {
	var out []HistoryPoint
	for rows.Next() {
		var h HistoryPoint
		var at int64
		if err := rows.Scan(&h.ID, &h.Player, &h.Key, &h.Game, &h.Rating, &h.Deviation, &h.Volatility, &h.Games, &at); err != nil {
			return nil, err
		}
		h.At = fromMs(at)
		out = append(out, h)
	}
	return out, rows.Err()
}

// PlayerPerfs lists a player's rows.
func (s *SQLite) PlayerPerfs(ctx context.Context, player string) ([]Perf, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+perfColumns+` FROM ratings WHERE player = ? ORDER BY key`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectPerfs(rows, false)
}

const historyColumns = `id, player, key, game_id, rating, deviation, volatility, games, at`

// RatingHistory lists history rows.
func (s *SQLite) RatingHistory(ctx context.Context, player, key string) ([]HistoryPoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+historyColumns+` FROM rating_history WHERE (? = '' OR player = ?) AND (? = '' OR key = ?) ORDER BY id`, player, player, key, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectHistory(rows)
}

// Leaderboard lists the best rows under a key.
func (s *SQLite) Leaderboard(ctx context.Context, key string, since time.Time, maxDeviation float64, limit int) ([]Perf, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.player, r.key, r.rating, r.deviation, r.volatility, r.games, r.latest, r.version, a.name
		FROM ratings r JOIN accounts a ON a.id = r.player AND a.deleted = 0
		WHERE r.key = ? AND r.latest >= ? AND r.deviation <= ? ORDER BY r.rating DESC, r.player LIMIT ?`, key, unixMs(since), maxDeviation, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectPerfs(rows, true)
}

// Perfs reads rows.
func (s *Postgres) Perfs(ctx context.Context, key string, players []string) ([]Perf, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+perfColumns+` FROM ratings WHERE key = $1 AND player = ANY($2)`, key, players)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found, err := collectPerfs(rows, false)
	if err != nil {
		return nil, err
	}
	out := make([]Perf, len(players))
	for i, p := range players {
		out[i] = Perf{Player: p, Key: key}
		for _, f := range found {
			if f.Player == p {
				out[i] = f
			}
		}
	}
	return out, nil
}

// RateGame stores a game's ratings (see Ratings): one transaction whose
// every statement is conditional, rolled back when one touches no row.
func (s *Postgres) RateGame(ctx context.Context, r RatedGame) (version int64, err error) {
	if err := checkRated(&r); err != nil {
		return 0, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var seq int64
		err := tx.QueryRow(ctx, `UPDATE games SET ratings = $2, version = version + 1 WHERE id = $1 AND rated = $3 AND rated <> '' AND finished AND ratings IS NULL RETURNING seq, version`,
			r.Game, marshal(nonNilRecord(r.Record)), r.Key).Scan(&seq, &version)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrRated, r.Game)
		}
		if err != nil {
			return err
		}
		for _, i := range rowOrder(&r) {
			b, a := r.Before[i], r.After[i]
			var tag pgconn.CommandTag
			if b.Version == 0 {
				tag, err = tx.Exec(ctx, `INSERT INTO ratings (`+perfColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, 1) ON CONFLICT DO NOTHING`,
					a.Player, r.Key, a.Rating, a.Deviation, a.Volatility, a.Games, latestMs(a.Latest))
			} else {
				tag, err = tx.Exec(ctx, `UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6, latest = $7, version = version + 1 WHERE player = $1 AND key = $2 AND version = $8`,
					a.Player, r.Key, a.Rating, a.Deviation, a.Volatility, a.Games, latestMs(a.Latest), b.Version)
			}
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return fmt.Errorf("%w: the rating of %s under %s moved on from version %d", ErrConflict, a.Player, r.Key, b.Version)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rating_history (player, key, game_id, rating, deviation, volatility, games, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				a.Player, r.Key, r.Game, a.Rating, a.Deviation, a.Volatility, a.Games, unixMs(r.End)); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel, marshal(Change{Game: r.Game, Seq: seq, Version: version, Seats: true}))
		return err
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001") {
		// A deadlock or a serialization failure: refused like a row
		// that moved on.
		return 0, fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return version, err
}

// Unrated lists the games to rate.
func (s *Postgres) Unrated(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE rated <> '' AND finished AND ratings IS NULL ORDER BY updated, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectIDs(rows)
}

// PlayerPerfs lists a player's rows.
func (s *Postgres) PlayerPerfs(ctx context.Context, player string) ([]Perf, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+perfColumns+` FROM ratings WHERE player = $1 ORDER BY key`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectPerfs(rows, false)
}

// RatingHistory lists history rows.
func (s *Postgres) RatingHistory(ctx context.Context, player, key string) ([]HistoryPoint, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+historyColumns+` FROM rating_history WHERE ($1 = '' OR player = $1) AND ($2 = '' OR key = $2) ORDER BY id`, player, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectHistory(rows)
}

// Leaderboard lists the best rows under a key.
func (s *Postgres) Leaderboard(ctx context.Context, key string, since time.Time, maxDeviation float64, limit int) ([]Perf, error) {
	rows, err := s.pool.Query(ctx, `SELECT r.player, r.key, r.rating, r.deviation, r.volatility, r.games, r.latest, r.version, a.name
		FROM ratings r JOIN accounts a ON a.id = r.player AND a.deleted = 0
		WHERE r.key = $1 AND r.latest >= $2 AND r.deviation <= $3 ORDER BY r.rating DESC, r.player LIMIT $4`, key, unixMs(since), maxDeviation, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collectPerfs(rows, true)
}
