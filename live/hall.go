package live

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/searches"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// DefaultAITime is the think time of each AI level.
var DefaultAITime = map[string]time.Duration{
	"easy":   50 * time.Millisecond,
	"medium": 300 * time.Millisecond,
	"hard":   1500 * time.Millisecond,
}

// Config configures a Hall: its dependencies and its policies.
type Config struct {
	Store store.Store
	// Games lists the games the server offers.
	Games []game.Game
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// Now is the clock of the games, time.Now when nil. Tests set it to
	// control time.
	Now func() time.Time
	// Metrics registers the hall's metrics (Metrics); nil keeps them
	// unregistered.
	Metrics prometheus.Registerer
	// AITime is the think time of each AI level (DefaultAITime when nil).
	AITime map[string]time.Duration
	// AIConcurrency bounds the AI searches running at once (GOMAXPROCS
	// when 0).
	AIConcurrency int
	// NewAgent returns the agent of an AI seat (searches.NewAgent when nil:
	// the generic searches, and each game's own where it has one).
	NewAgent func(ai.Config) (ai.Agent, error)
	// AIOnlyGames allows games with no seat for a person (every seat an
	// AI's), which otherwise only the balance lab plays.
	AIOnlyGames bool
	// AIGamesPerClient bounds the unfinished games with an AI seat that
	// one client address may have created on this instance (4 when 0; -1
	// for no bound).
	AIGamesPerClient int
	// WaitingTTL is how long a game waits for players (an open seat, a
	// seed) before it expires: LiveTTL for a game with a clock (24 h when
	// 0), CorrespondenceTTL for one without (30 days when 0).
	LiveTTL, CorrespondenceTTL time.Duration
	// IdleAfter is how long a game nobody watches or plays stays in memory
	// (10 minutes when 0); it is loaded again when asked for.
	IdleAfter time.Duration
	// SweepEvery is the period of the sweep that expires waiting games and
	// unloads idle ones (a minute when 0).
	SweepEvery time.Duration
	// FirstMoveTime is the time a player of a game with a clock has for
	// their first move, which their clock does not count; the game is
	// aborted after it (a minute when 0).
	FirstMoveTime time.Duration
	// AnalysisActions bounds the analysis of a finished game to its first
	// AnalysisActions actions, the result saying it is partial
	// (DefaultAnalysisActions when 0; -1 for no bound).
	AnalysisActions int
	// AnalysisBudget is the AI's search of each action of an analysis, in
	// nodes (AnalysisBudget when 0; the tests make it small).
	AnalysisBudget int
	// GoneGrace is how long a player must be gone (no client connected)
	// before the opponent may claim the victory or a draw:
	// ending.GoneGrace of the game's clock when 0 (tests make it short).
	GoneGrace time.Duration
	// AnalysisHook, when not nil, is called after each piece of an
	// analysis's work, which waits for it (tests).
	AnalysisHook func(id string, done, total int)
}

// Hall holds the live games of an instance: the registry of the tables in
// memory, the AI turns and every background loop (the sweep, the clocks'
// work, following the other instances of a shared store, the analyses).
// Create it with New, call Restore, and Close it at the end.
type Hall struct {
	cfg     Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics
	// deps is what the tables need of the hall.
	deps *deps

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// sched hands out the slots of the AI searches.
	sched *scheduler

	mu    sync.Mutex
	games map[string]*table
	// aiOwner maps the unfinished games with an AI seat created on this
	// instance to their creator's address; aiCount counts them per
	// address.
	aiOwner map[string]string
	aiCount map[string]int
	// asleep holds the games taken out of memory while a clock runs (a
	// correspondence game, a live one left alone) and when the sweep must
	// load each again, before its flag falls.
	asleep map[string]time.Time
	// started is when this hall began: the turn of a game loaded later
	// is timed from its log when the hall ran all through it.
	started time.Time
	// presence counts the spectators with the other instances of a shared
	// store (watchers.go); nil otherwise.
	presence *presence

	// keyMu guards key, the signing key once the store gave it
	// (signingKey).
	keyMu sync.Mutex
	key   ed25519.PrivateKey
	// analyses are the analyses asked for (analysis.go).
	analyses *analysisQueue
	// lobby holds the seeks and the lobby's feeds (lobby.go).
	lobby *lobby
}

// deps is what a table needs from outside itself, passed in by the hall
// that holds it: the store, the log, the metrics, the clock and the
// configuration, and the hall's background work, to which it hands what
// is due (a roll, a flag fall, an AI turn, catching up with the store).
type deps struct {
	cfg     *Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics
	now     func() time.Time
	// ctx ends when the hall closes.
	ctx context.Context
	// shared says the store is shared with other instances; presence
	// counts their spectators (nil without).
	shared   bool
	presence *presence
	later    func(t *table, seq int64, kind work)
	think    func(t *table, seq int64)
	catchUp  func(ctx context.Context, t *table, seats bool) error
	// gameOver tells the hall an unfinished game has ended, forget that
	// a table is stale (and was live, not over).
	gameOver func(id string)
	forget   func(t *table, wasLive bool)
	// noRating leaves the games this instance ends unrated, as an
	// instance that died right after storing their end (for the tests).
	noRating bool
}

// New returns a hall on a store, and starts its background work.
func New(cfg Config) (*Hall, error) {
	if cfg.Store == nil {
		return nil, errors.New("live: no store")
	}
	if len(cfg.Games) == 0 {
		return nil, errors.New("live: no games")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AITime == nil {
		cfg.AITime = DefaultAITime
	}
	if cfg.AIConcurrency <= 0 {
		cfg.AIConcurrency = runtime.GOMAXPROCS(0)
	}
	if cfg.NewAgent == nil {
		cfg.NewAgent = searches.NewAgent
	}
	if cfg.AIGamesPerClient == 0 {
		cfg.AIGamesPerClient = 4
	}
	if cfg.LiveTTL <= 0 {
		cfg.LiveTTL = 24 * time.Hour
	}
	if cfg.CorrespondenceTTL <= 0 {
		cfg.CorrespondenceTTL = 30 * 24 * time.Hour
	}
	if cfg.IdleAfter <= 0 {
		cfg.IdleAfter = 10 * time.Minute
	}
	if cfg.SweepEvery <= 0 {
		cfg.SweepEvery = time.Minute
	}
	if cfg.FirstMoveTime <= 0 {
		cfg.FirstMoveTime = time.Minute
	}
	if cfg.AnalysisBudget <= 0 {
		cfg.AnalysisBudget = AnalysisBudget
	}
	if cfg.AnalysisActions == 0 {
		cfg.AnalysisActions = DefaultAnalysisActions
	}
	s := &Hall{
		cfg: cfg, store: cfg.Store, log: cfg.Logger, metrics: newMetrics(cfg.Metrics),
		sched: newScheduler(cfg.AIConcurrency), games: map[string]*table{},
		aiOwner: map[string]string{}, aiCount: map[string]int{}, asleep: map[string]time.Time{},
		started: cfg.Now(), analyses: newAnalysisQueue(),
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.startPresence()
	_, shared := s.shared()
	s.deps = &deps{
		cfg: &s.cfg, store: s.store, log: s.log, metrics: s.metrics, now: cfg.Now, ctx: s.ctx,
		shared: shared, presence: s.presence,
		later: s.later, think: s.think, catchUp: s.catchUp, gameOver: s.uncountAI, forget: s.forget,
	}
	s.startLobby()
	s.startCluster()
	s.wg.Add(1)
	go s.sweeper()
	return s, nil
}

// Restore takes up the unfinished games of the store: it lists them, and
// loads each in the background, replaying its log and taking up what was
// due (rolls, AI turns, clocks). It returns once the list is read, so the
// server can listen at once; a request for a game not yet loaded loads it.
func (s *Hall) Restore(ctx context.Context) error {
	ids, err := s.store.Unfinished(ctx)
	if err != nil {
		return fmt.Errorf("live: restore: %w", err)
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for _, id := range ids {
			if s.closing() {
				return
			}
			err := s.with(s.ctx, id, func(t *table) error {
				if t.over() {
					return nil
				}
				if err := t.commit(s.ctx, nil); err != nil { // the rolls that were due
					return err
				}
				t.next()
				return nil
			})
			if err != nil && !s.closing() {
				s.log.Error("restoring a game", "game", id, "err", err)
			}
		}
		s.log.Info("games restored", "count", len(ids))
	}()
	return nil
}

// Close stops the AI searches and the clocks, drops the subscribers,
// waits for the background work to end and removes this instance's count
// of spectators from a shared store. It does not close the store.
func (s *Hall) Close() {
	s.cancel()
	all := s.tables()
	for _, t := range all {
		t.mu.Lock()
		if t.flag != nil {
			t.flag.Stop()
		}
		for sub := range t.subs {
			sub.drop()
		}
		t.mu.Unlock()
	}
	s.wg.Wait()
	s.stopPresence()
}

// forget takes a stale table out of the map, if it is there.
func (s *Hall) forget(t *table, wasLive bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games[t.rec.ID] == t {
		delete(s.games, t.rec.ID)
		if wasLive {
			s.metrics.live.Dec()
		}
	}
}

func (s *Hall) closing() bool { return s.ctx.Err() != nil }

// Games lists the games the hall offers.
func (s *Hall) Games() []game.Game { return s.cfg.Games }

// AILevel reports whether the AI plays at level.
func (s *Hall) AILevel(level string) bool {
	_, ok := s.cfg.AITime[level]
	return ok
}

// Game returns the game with the given name, or unknown_game.
func (s *Hall) Game(name string) (game.Game, error) {
	for _, g := range s.cfg.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, Errorf(wire.CodeUnknownGame, "unknown game %q", name)
}

// sweeper expires the games that waited too long for players and
// unloads the idle ones, every SweepEvery.
func (s *Hall) sweeper() {
	defer s.wg.Done()
	tick := time.NewTicker(s.cfg.SweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		if err := s.Sweep(s.ctx, s.cfg.Now()); err != nil && !s.closing() {
			s.log.Warn("sweep", "err", err)
		}
	}
}

// Sweep expires every game that has waited for players (an open seat, a
// seed) longer than its time to live, as of now, and takes the idle games
// out of memory. The sweeper calls it; tests may too.
func (s *Hall) Sweep(ctx context.Context, now time.Time) error {
	unfinished := false
	// A game waiting for players has no event yet: nobody moves and no
	// die rolls before every seat is taken and every seed is in.
	gs, err := s.store.List(ctx, store.Filter{Finished: &unfinished, NoEvents: true, UpdatedBefore: now.Add(-min(s.cfg.LiveTTL, s.cfg.CorrespondenceTTL)), Limit: 1000})
	if err != nil {
		return err
	}
	for _, g := range gs {
		ttl := s.cfg.CorrespondenceTTL
		if g.Clock != nil && !g.Clock.PerMove {
			ttl = s.cfg.LiveTTL
		}
		if now.Sub(g.Updated) < ttl {
			continue
		}
		err := s.with(ctx, g.ID, func(t *table) error {
			if t.over() || t.started() || now.Sub(t.rec.Updated) < ttl {
				return nil
			}
			s.log.Info("game expired: nobody came", "game", t.rec.ID, "waited", now.Sub(t.rec.Updated).Round(time.Second))
			return retryable(t.expire(ctx))
		})
		if err != nil {
			s.log.Warn("expiring a game", "game", g.ID, "err", err)
		}
	}
	// The rated games left unrated by an instance that died after
	// storing their end.
	if _, err := s.RateUnrated(ctx); err != nil && !s.closing() {
		s.log.Warn("rating games left unrated", "err", err)
	}
	// The games asleep whose flag falls within two sweeps are loaded
	// again, which arms their flag.
	for _, id := range s.waking(now.Add(2 * s.cfg.SweepEvery)) {
		if err := s.with(ctx, id, func(*table) error { return nil }); err != nil && !s.closing() {
			s.log.Warn("loading a game whose clock runs", "game", id, "err", err)
		}
	}
	all := s.tables()
	for _, t := range all {
		t.mu.Lock()
		if t.phase == phaseStale {
			t.mu.Unlock()
			continue
		}
		if idle, wake := t.idle(now, s.cfg.IdleAfter); idle {
			s.mu.Lock()
			if s.games[t.rec.ID] == t {
				delete(s.games, t.rec.ID)
				if t.phase == phaseLive {
					s.metrics.live.Dec()
				}
				if !wake.IsZero() {
					s.asleep[t.rec.ID] = wake
				}
			}
			s.mu.Unlock()
			s.uncountAI(t.rec.ID)
			t.phase = phaseStale // whoever still holds it loads the game again
		}
		t.mu.Unlock()
	}
	return nil
}

// waking takes out of asleep the games to be loaded by the time before.
func (s *Hall) waking(before time.Time) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, at := range s.asleep {
		if at.Before(before) {
			ids = append(ids, id)
			delete(s.asleep, id)
		}
	}
	return ids
}

// isAsleep reports whether the game was taken out of memory with its clock
// running, to be loaded again by the sweep.
func (s *Hall) isAsleep(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.asleep[id]
	return ok
}

// newTable rebuilds a game from its record and log. It replays the log in
// time linear in its length.
func (s *Hall) newTable(rec *store.Game, events []store.Event) (*table, error) {
	g, err := s.Game(rec.Game)
	if err != nil {
		return nil, err
	}
	st, err := g.New(game.Options(rec.Options))
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	t := &table{
		deps: s.deps, rec: rec, g: g, st: st, hlen: game.HistoryLen(st), thinking: -1, chatSeq: -1, owner: s.ownerOf(rec.ID),
		used: s.cfg.Now(), subs: map[*Subscriber]struct{}{}, viewSeq: -1,
		events: make([]store.Event, 0, len(events)), autos: make([][]string, 0, len(events)),
	}
	if rec.Clock != nil {
		t.clocks = make([]time.Duration, len(rec.Seats))
		for i := range t.clocks {
			t.clocks[i] = rec.Clock.Initial
		}
	}
	for _, e := range events {
		if err := t.apply(e); err != nil {
			return nil, fmt.Errorf("game %s: replaying event %d (%s %s): %w", rec.ID, e.Seq, e.Player, e.Action, err)
		}
	}
	if rec.Finished {
		t.phase = phaseOver
	}
	// The turn runs from the last event that set the clocks (a game loaded
	// again after it slept), but not from before this server started: the
	// player to move could not move while the server was down.
	t.turnStart = t.deps.now()
	if last, ok := t.clocksSet(); ok {
		t.turnStart = last
		if last.Before(s.started) {
			t.turnStart = s.started
		}
	}
	return t, nil
}

// load returns the table of a game, loading and replaying it on first use.
func (s *Hall) load(ctx context.Context, id string) (*table, error) {
	if t := s.held(id); t != nil {
		return t, nil
	}
	// Read outside s.mu: a long log must not hold up the other games.
	rec, events, err := s.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(wire.CodeGameNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, err
	}
	t, err := s.newTable(rec, events)
	if err != nil {
		return nil, err
	}
	if _, shared := s.shared(); shared {
		// The chat messages another instance stores from now on are
		// followed from here (the feeds, all newer than the table, have
		// seen none).
		if t.chatSeq, err = s.chatHead(ctx, id); err != nil {
			return nil, err
		}
	}
	if held := s.hold(t); held != t {
		return held, nil
	}
	// Take up what is due: an AI turn, a roll, a clock.
	t.mu.Lock()
	if t.phase == phaseLive {
		t.next()
	}
	t.mu.Unlock()
	return t, nil
}

// hold puts a table in the server's map, unless one is there already
// (loaded meanwhile), which it returns instead.
func (s *Hall) hold(t *table) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.games[t.rec.ID]; ok {
		return old
	}
	s.games[t.rec.ID] = t
	delete(s.asleep, t.rec.ID)
	if !t.rec.Finished {
		s.metrics.live.Inc()
	}
	return t
}

// tables returns the tables held in memory now.
func (s *Hall) tables() []*table {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := make([]*table, 0, len(s.games))
	for _, t := range s.games {
		all = append(all, t)
	}
	return all
}

// held returns the table held in memory, or nil.
func (s *Hall) held(id string) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// withToken is with for a command that a seat token authorizes: a token
// the table does not know, when instances share the store, may be one
// another instance has just given (AccountSeat), so the table reads its
// seats again from the store once before f runs.
func (s *Hall) withToken(ctx context.Context, id, token string, f func(t *table) error) error {
	return s.with(ctx, id, func(t *table) error {
		if token != "" && t.seatOf(token) < 0 {
			// catchUp does nothing on a store no other instance shares.
			if err := s.catchUp(ctx, t, true); err != nil {
				return err
			}
		}
		return f(t)
	})
}

// with runs f on the game's table, locked. A table found stale once its
// lock is taken is loaded again, and so is one f made stale by a write
// the store refused (errRetry or store.ErrConflict): the command then runs
// again on the game as stored, and answers as that game allows (a seat
// another instance filled meanwhile is taken, an action a stale sequence).
func (s *Hall) with(ctx context.Context, id string, f func(t *table) error) error {
	for range 3 {
		t, err := s.load(ctx, id)
		if err != nil {
			return err
		}
		t.mu.Lock()
		if t.phase == phaseStale {
			t.mu.Unlock()
			continue
		}
		t.used = t.deps.now()
		err = f(t)
		stale := t.phase == phaseStale
		t.mu.Unlock()
		if stale && (errors.Is(err, errRetry) || errors.Is(err, store.ErrConflict)) {
			continue
		}
		return err
	}
	return Errorf(wire.CodeConflict, "the game keeps changing on another server; try again")
}
