package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Seek is a player's wish for a game with a stranger: in the lobby's list
// of seeks, for another player to accept, or in a quick-pairing pool
// (Pool set), for the server to pair with another wish of the same pool.
// Its poster holds the seat token whose hash is TokenHash, and takes with
// it the seat of the game made for the seek.
type Seek struct {
	ID string
	// Pool is the key of the quick-pairing pool the seek waits in (the
	// game, its options and its clock), empty for a seek in the list.
	Pool    string
	Game    string
	Options map[string]string
	Clock   *Clock
	Rated   bool
	// Color is the poster's colour: a player's name ("white"), or
	// "random".
	Color string
	Name  string
	// Account is the poster's account, empty for an anonymous player.
	Account string
	// Rating is the poster's, and RatingMin and RatingMax bound the
	// opponents' (0 for no bound).
	Rating, RatingMin, RatingMax int
	TokenHash                    []byte
	Created                      time.Time
	// Seen is when the poster was last known to wait (see SeekTTL).
	Seen time.Time
	// GameID is the game made for the seek once it is matched, and
	// Player the poster's seat in it; both empty while it waits.
	GameID string
	Player string
}

// SeekTTL is the age of Seen from which a seek waits no more: its poster
// left (its client refreshes Seen while it is connected).
const SeekTTL = 15 * time.Second

// Seeks keeps the seeks and the pools, for every instance of a store.
type Seeks interface {
	// AddSeek stores a new, waiting seek.
	AddSeek(ctx context.Context, s *Seek) error
	// Seek returns the seek id, waiting or matched; ErrNotFound when
	// there is none (it was withdrawn or expired).
	Seek(ctx context.Context, id string) (*Seek, error)
	// WaitingSeeks returns the seeks waiting and seen since seen, oldest
	// first.
	WaitingSeeks(ctx context.Context, seen time.Time) ([]*Seek, error)
	// TouchSeeks sets the Seen of the seeks named to now.
	TouchSeeks(ctx context.Context, ids []string, now time.Time) error
	// MatchSeeks matches the seeks ids[i] with the game gameID, the poster
	// of ids[i] taking its seat players[i], if every one of them still
	// waits; otherwise (another match came first, or one was withdrawn)
	// it returns an error wrapping ErrConflict and changes nothing.
	MatchSeeks(ctx context.Context, ids []string, gameID string, players []string) error
	// UnmatchSeeks puts the seeks matched with gameID back to waiting (the
	// game could not be made).
	UnmatchSeeks(ctx context.Context, gameID string) error
	// RemoveSeeks deletes the seeks named, waiting or matched.
	RemoveSeeks(ctx context.Context, ids []string) error
	// ExpireSeeks deletes the waiting seeks not seen since seen, and the
	// matched ones created before created.
	ExpireSeeks(ctx context.Context, seen, created time.Time) error
}

// MemorySeeks keeps seeks in memory: the seeks of a server alone on its
// store (SQLite), which lose nothing worth keeping when it stops, since a
// seek lives only while its poster is connected. The zero value is ready.
type MemorySeeks struct {
	mu    sync.Mutex
	seeks map[string]*Seek
}

var (
	_ Seeks = (*MemorySeeks)(nil)
	_ Seeks = (*Postgres)(nil)
)

// copySeek is a copy of s that shares nothing with it.
func copySeek(s *Seek) *Seek {
	c := *s
	c.Options = cloneMap(s.Options)
	c.TokenHash = slices.Clone(s.TokenHash)
	if s.Clock != nil {
		k := *s.Clock
		c.Clock = &k
	}
	return &c
}

func cloneMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// AddSeek implements Seeks.
func (m *MemorySeeks) AddSeek(_ context.Context, s *Seek) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.seeks == nil {
		m.seeks = map[string]*Seek{}
	}
	if _, ok := m.seeks[s.ID]; ok {
		return fmt.Errorf("store: seek %s: %w", s.ID, ErrConflict)
	}
	m.seeks[s.ID] = copySeek(s)
	return nil
}

// Seek implements Seeks.
func (m *MemorySeeks) Seek(_ context.Context, id string) (*Seek, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.seeks[id]
	if !ok {
		return nil, fmt.Errorf("store: seek %s: %w", id, ErrNotFound)
	}
	return copySeek(s), nil
}

// WaitingSeeks implements Seeks.
func (m *MemorySeeks) WaitingSeeks(_ context.Context, seen time.Time) ([]*Seek, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*Seek
	for _, s := range m.seeks {
		if s.GameID == "" && !s.Seen.Before(seen) {
			out = append(out, copySeek(s))
		}
	}
	sortSeeks(out)
	return out, nil
}

// sortSeeks orders seeks oldest first (then by id).
func sortSeeks(ss []*Seek) {
	slices.SortFunc(ss, func(a, b *Seek) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
}

// TouchSeeks implements Seeks.
func (m *MemorySeeks) TouchSeeks(_ context.Context, ids []string, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		if s, ok := m.seeks[id]; ok {
			s.Seen = now
		}
	}
	return nil
}

// MatchSeeks implements Seeks.
func (m *MemorySeeks) MatchSeeks(_ context.Context, ids []string, gameID string, players []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		if s, ok := m.seeks[id]; !ok || s.GameID != "" {
			return fmt.Errorf("store: seek %s no longer waits: %w", id, ErrConflict)
		}
	}
	for i, id := range ids {
		m.seeks[id].GameID, m.seeks[id].Player = gameID, players[i]
	}
	return nil
}

// UnmatchSeeks implements Seeks.
func (m *MemorySeeks) UnmatchSeeks(_ context.Context, gameID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.seeks {
		if s.GameID == gameID {
			s.GameID, s.Player = "", ""
		}
	}
	return nil
}

// RemoveSeeks implements Seeks.
func (m *MemorySeeks) RemoveSeeks(_ context.Context, ids []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		delete(m.seeks, id)
	}
	return nil
}

// ExpireSeeks implements Seeks.
func (m *MemorySeeks) ExpireSeeks(_ context.Context, seen, created time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, s := range m.seeks {
		if (s.GameID == "" && s.Seen.Before(seen)) || (s.GameID != "" && s.Created.Before(created)) {
			delete(m.seeks, id)
		}
	}
	return nil
}

const seekColumns = `id, pool, game, options, clock, rated, color, name, account, rating, rating_min, rating_max, token_hash, created, seen, game_id, player`

// scanSeek reads a row of seekColumns.
func scanSeek(row pgx.Row) (*Seek, error) {
	var (
		s             Seek
		opts, clock   []byte
		created, seen time.Time
	)
	if err := row.Scan(&s.ID, &s.Pool, &s.Game, &opts, &clock, &s.Rated, &s.Color, &s.Name, &s.Account, &s.Rating, &s.RatingMin, &s.RatingMax, &s.TokenHash, &created, &seen, &s.GameID, &s.Player); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(opts, &s.Options); err != nil {
		return nil, fmt.Errorf("store: seek %s: options: %w", s.ID, err)
	}
	if err := json.Unmarshal(clock, &s.Clock); err != nil {
		return nil, fmt.Errorf("store: seek %s: clock: %w", s.ID, err)
	}
	s.Created, s.Seen = created.UTC(), seen.UTC()
	return &s, nil
}

// AddSeek implements Seeks.
func (s *Postgres) AddSeek(ctx context.Context, k *Seek) error {
	opts, err := json.Marshal(cloneMap(k.Options))
	if err != nil {
		return err
	}
	clock, err := json.Marshal(k.Clock)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO seeks (`+seekColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '', '')`,
		k.ID, k.Pool, k.Game, opts, clock, k.Rated, k.Color, k.Name, k.Account, k.Rating, k.RatingMin, k.RatingMax, nonNil(k.TokenHash), k.Created, k.Seen)
	if isUnique(err) {
		return fmt.Errorf("store: seek %s: %w", k.ID, ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("store: add seek: %w", err)
	}
	s.note(Change{Seeks: true})
	return nil
}

// Seek implements Seeks.
func (s *Postgres) Seek(ctx context.Context, id string) (*Seek, error) {
	k, err := scanSeek(s.pool.QueryRow(ctx, `SELECT `+seekColumns+` FROM seeks WHERE id = $1`, id))
	if err == pgx.ErrNoRows {
		return nil, fmt.Errorf("store: seek %s: %w", id, ErrNotFound)
	}
	return k, err
}

// WaitingSeeks implements Seeks.
func (s *Postgres) WaitingSeeks(ctx context.Context, seen time.Time) ([]*Seek, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+seekColumns+` FROM seeks WHERE game_id = '' AND seen >= $1 ORDER BY created, id`, seen)
	if err != nil {
		return nil, fmt.Errorf("store: seeks: %w", err)
	}
	defer rows.Close()
	var out []*Seek
	for rows.Next() {
		k, err := scanSeek(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// TouchSeeks implements Seeks.
func (s *Postgres) TouchSeeks(ctx context.Context, ids []string, now time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := s.pool.Exec(ctx, `UPDATE seeks SET seen = $2 WHERE id = ANY($1)`, ids, now)
	return err
}

// MatchSeeks implements Seeks: one statement, which matches the seeks
// only if all of them still wait.
func (s *Postgres) MatchSeeks(ctx context.Context, ids []string, gameID string, players []string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE seeks SET game_id = $2, player = p.player
			FROM unnest($1::text[], $3::text[]) AS p(id, player)
			WHERE seeks.id = p.id AND seeks.game_id = ''`, ids, gameID, players)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != int64(len(ids)) {
			return fmt.Errorf("store: seeks %v no longer all wait: %w", ids, ErrConflict)
		}
		return nil
	})
	if err == nil {
		s.note(Change{Seeks: true})
	}
	return err
}

// UnmatchSeeks implements Seeks.
func (s *Postgres) UnmatchSeeks(ctx context.Context, gameID string) error {
	_, err := s.pool.Exec(ctx, `UPDATE seeks SET game_id = '', player = '' WHERE game_id = $1`, gameID)
	if err == nil {
		s.note(Change{Seeks: true})
	}
	return err
}

// RemoveSeeks implements Seeks.
func (s *Postgres) RemoveSeeks(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := s.pool.Exec(ctx, `DELETE FROM seeks WHERE id = ANY($1)`, ids)
	if err == nil {
		s.note(Change{Seeks: true})
	}
	return err
}

// ExpireSeeks implements Seeks.
func (s *Postgres) ExpireSeeks(ctx context.Context, seen, created time.Time) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM seeks WHERE (game_id = '' AND seen < $1) OR (game_id <> '' AND created < $2)`, seen, created)
	if err == nil && tag.RowsAffected() > 0 {
		s.note(Change{Seeks: true})
	}
	return err
}
