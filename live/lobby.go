package live

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// The lobby: seeks and quick pairing, as lichess's. A seek is a player's
// wish for a game with a stranger. One in the list waits for another
// player to accept it; one in a pool (its game, options and clock) waits
// for the server to pair it with others of the pool, by rating. A seek
// lives while its poster holds it on the lobby's feed; the feed's close,
// or SeekTTL without a sign of it, withdraws it.
//
// The seeks are kept in the store when it is shared (store.Seeks), so
// that every instance lists the same seeks and one instance at a time
// pairs a pool, under the store's lock; a match is one conditional write
// (store.Seeks.MatchSeeks), so that no seek is ever matched twice.

const (
	// lobbyTick is how often the lobby looks at the seeks: the list's
	// changes and the pools' pairings wait at most this long (a change
	// on another instance pokes it at once).
	lobbyTick = 250 * time.Millisecond
	// touchEvery is how often an instance refreshes the seeks its feeds
	// hold, well within store.SeekTTL.
	touchEvery = 3 * time.Second
	// expireEvery is how often an instance deletes the seeks left.
	expireEvery = 5 * time.Second
	// matchedTTL is how long a matched seek is kept, for its poster to
	// learn its game (SeekStatus) should its feed have closed.
	matchedTTL = 10 * time.Minute
	// DefaultRating is the rating of a player without one: an anonymous
	// player's, and a new account's (Glicko-2's start).
	DefaultRating = 1500
	// poolWork is the name of the work of pairing the pools, done by one
	// instance at a time.
	poolWork = "pools"
)

// PoolGap is the largest difference of ratings a pool pairs after a wait:
// 100 at once, widening by 50 a second, as lichess's pools widen the range
// of each member with its waiting time. Two seeks are paired when each is
// within the other's gap.
func PoolGap(waited time.Duration) int {
	return 100 + int(50*waited.Seconds())
}

// lobby holds the seeks' side of a hall: the feeds of the lobby
// connected here and the seeks they hold.
type lobby struct {
	seeks store.Seeks
	poke  chan struct{}

	mu    sync.Mutex
	feeds map[*LobbyFeed]bool
	held  map[string]*LobbyFeed // seek id → the feed that holds it
	list  []byte                // the last list of seeks sent, unfiltered
	fresh bool                  // a feed came since
}

// LobbyFeed is one client's connection to the lobby: it receives the
// lobby's messages (JSON, wire.SeeksMessage and wire.MatchedMessage) on
// C, and holds the seeks its client posted.
type LobbyFeed struct {
	// C carries the messages; it is closed when the feed is dropped.
	C chan []byte
	h *Hall
	// account is the signed-in viewer's (empty: anonymous), whose
	// ratings, kept per key, say which seeks fit it.
	account string
	ratings map[string]int
	// last is the list last sent (lobbyLoop's alone).
	last []byte
}

// startLobby makes the lobby and starts its loop.
func (s *Hall) startLobby() {
	seeks, ok := s.store.(store.Seeks)
	if !ok {
		seeks = &store.MemorySeeks{}
	}
	s.lobby = &lobby{seeks: seeks, poke: make(chan struct{}, 1), feeds: map[*LobbyFeed]bool{}, held: map[string]*LobbyFeed{}}
	s.wg.Add(1)
	go s.lobbyLoop()
}

// pokeLobby makes the lobby look at the seeks now.
func (s *Hall) pokeLobby() {
	select {
	case s.lobby.poke <- struct{}{}:
	default:
	}
}

// seekRating is the rating of the player of account (none: anonymous)
// for the games of g with options on clock, as it stands now:
// DefaultRating for an anonymous player or a game that is not rated.
func (s *Hall) seekRating(ctx context.Context, account string, g game.Game, options map[string]string, clock *store.Clock) (int, error) {
	key, err := keyOf(g, options, clock)
	if account == "" || err != nil {
		return DefaultRating, nil
	}
	p, err := s.Rating(ctx, account, key)
	if err != nil {
		return 0, err
	}
	return p.At(s.cfg.Now()).Int(), nil
}

// PostSeek adds a seek as req asks and returns its id and its poster's
// seat token. The seek waits for SeekTTL, and longer while a lobby feed
// holds it (LobbyFeed.Hold).
func (s *Hall) PostSeek(ctx context.Context, req wire.SeekRequest) (wire.SeekResponse, error) {
	g, st, err := s.newState(req.Game, req.Options)
	if err != nil {
		return wire.SeekResponse{}, err
	}
	if err := checkName(req.Name); err != nil {
		return wire.SeekResponse{}, err
	}
	if req.Account != "" {
		req.Name = req.AccountName
	}
	players := st.Players()
	switch {
	case req.Clock == nil:
		return wire.SeekResponse{}, Errorf(wire.CodeBadSeek, "a seek needs a clock (or days per move)")
	case req.Rated && req.Account == "":
		return wire.SeekResponse{}, Errorf(wire.CodeRatedNeedsAccount, "a rated game is played between accounts: sign in, or seek a casual game")
	case req.RatingMin < 0 || req.RatingMax < 0 || (req.RatingMax > 0 && req.RatingMin > req.RatingMax):
		return wire.SeekResponse{}, Errorf(wire.CodeBadSeek, "the rating range %d–%d is upside down", req.RatingMin, req.RatingMax)
	case !req.Pool && len(players) != 2:
		return wire.SeekResponse{}, Errorf(wire.CodeBadSeek, "%s has %d players with these options: they meet in its quick-pairing pool, not by a seek", g.Title(), len(players))
	}
	color := req.Color
	switch {
	case color == "" || req.Pool:
		color = ColorRandom
	case color != ColorRandom && !slices.Contains(players, color):
		return wire.SeekResponse{}, Errorf(wire.CodeBadSeek, "color %q (colors: %s, %s)", color, ColorRandom, strings.Join(players, ", "))
	}
	clock, err := createClock(req.Clock)
	if err != nil {
		return wire.SeekResponse{}, err
	}
	if req.Rated {
		if _, ok := s.store.(store.Ratings); !ok {
			return wire.SeekResponse{}, Errorf(wire.CodeCannotRate, "this server keeps no ratings")
		}
		if _, err := keyOf(g, st.Options(), clock); err != nil {
			return wire.SeekResponse{}, err
		}
	}
	r, err := s.seekRating(ctx, req.Account, g, st.Options(), clock)
	if err != nil {
		return wire.SeekResponse{}, err
	}
	token, hash := secret()
	now := s.cfg.Now().UTC()
	k := &store.Seek{
		ID: newID(), Game: g.Name(), Options: st.Options(), Clock: clock, Color: color, Name: req.Name, Account: req.Account,
		Rated: req.Rated, Rating: r, RatingMin: req.RatingMin, RatingMax: req.RatingMax, TokenHash: hash, Created: now, Seen: now,
	}
	if req.Pool {
		k.Pool = poolKey(k.Game, k.Options, clock, req.Rated)
	}
	if err := s.lobby.seeks.AddSeek(ctx, k); err != nil {
		return wire.SeekResponse{}, err
	}
	s.log.Info("seek posted", "seek", k.ID, "game", k.Game, "pool", k.Pool)
	s.pokeLobby()
	return wire.SeekResponse{ID: k.ID, Token: token}, nil
}

// poolKey names the pool of a game, its options, its clock and whether
// its games are rated.
func poolKey(name string, options map[string]string, c *store.Clock, rated bool) string {
	clock := "none"
	if c != nil {
		clock = fmt.Sprintf("%d+%d", c.Initial.Milliseconds(), c.Increment.Milliseconds())
		if c.PerMove {
			clock = fmt.Sprintf("%dd", int(c.Initial/(24*time.Hour)))
		}
	}
	kind := "casual"
	if rated {
		kind = "rated"
	}
	return name + " " + game.Options(options).String() + " " + clock + " " + kind
}

// seekOf returns the seek id if token is its poster's.
func (s *Hall) seekOf(ctx context.Context, id, token string) (*store.Seek, error) {
	if token == "" {
		return nil, Errorf(wire.CodeMissingToken, "the seek's token is missing")
	}
	k, err := s.lobby.seeks.Seek(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(wire.CodeSeekNotFound, "no seek %s", id)
	}
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256([]byte(token))
	if subtle.ConstantTimeCompare(h[:], k.TokenHash) != 1 {
		return nil, Errorf(wire.CodeBadToken, "the token is not the seek's")
	}
	return k, nil
}

// SeekStatus tells the poster of seek id (token) whether it was matched,
// and with which game.
func (s *Hall) SeekStatus(ctx context.Context, id, token string) (wire.SeekStatus, error) {
	k, err := s.seekOf(ctx, id, token)
	if err != nil {
		return wire.SeekStatus{}, err
	}
	if !s.made(ctx, k) {
		return wire.SeekStatus{ID: k.ID}, nil
	}
	return wire.SeekStatus{ID: k.ID, Game: k.GameID, Player: k.Player}, nil
}

// made reports whether seek k was matched and its game is in the store:
// the match is written before the game, so that a seek is never matched
// twice, and its poster is told of it once the game is there.
func (s *Hall) made(ctx context.Context, k *store.Seek) bool {
	return k.GameID != "" && s.Load(ctx, k.GameID) == nil
}

// CancelSeek withdraws seek id, if token is its poster's and it still
// waits.
func (s *Hall) CancelSeek(ctx context.Context, id, token string) error {
	k, err := s.seekOf(ctx, id, token)
	if err != nil {
		return err
	}
	if k.GameID != "" {
		return Errorf(wire.CodeSeekTaken, "the seek was matched with game %s", k.GameID)
	}
	s.lobby.forget(id)
	if err := s.lobby.seeks.RemoveSeeks(ctx, []string{id}); err != nil {
		return err
	}
	s.pokeLobby()
	return nil
}

// Seeks returns the seeks of the lobby's list, oldest first.
func (s *Hall) Seeks(ctx context.Context) ([]wire.Seek, error) {
	waiting, err := s.lobby.seeks.WaitingSeeks(ctx, s.cfg.Now().Add(-store.SeekTTL))
	if err != nil {
		return nil, err
	}
	return listed(waiting), nil
}

// listed is the lobby's list of the seeks waiting: those not in a pool.
func listed(waiting []*store.Seek) []wire.Seek {
	out := []wire.Seek{}
	for _, k := range waiting {
		if k.Pool != "" {
			continue
		}
		var c wire.ClockRequest
		if k.Clock.PerMove {
			c.DaysPerMove = int(k.Clock.Initial / (24 * time.Hour))
		} else {
			c.InitialMs, c.IncrementMs = k.Clock.Initial.Milliseconds(), k.Clock.Increment.Milliseconds()
		}
		out = append(out, wire.Seek{
			ID: k.ID, Game: k.Game, Options: k.Options, Clock: c, Speed: speed(k.Clock), Rated: k.Rated, Color: k.Color,
			Name: k.Name, Rating: k.Rating, RatingMin: k.RatingMin, RatingMax: k.RatingMax,
		})
	}
	return out
}

// fits reports whether a player of rating r may play the poster of k.
func fits(k *store.Seek, r int) bool {
	return (k.RatingMin == 0 || r >= k.RatingMin) && (k.RatingMax == 0 || r <= k.RatingMax)
}

// AcceptSeek accepts seek id for the player req names: the game is made at
// once, with the poster in the colour it asked for, and the answer carries
// the seat of the player who accepted and its token. Of two players
// accepting at once, one gets the game and the other seek_taken.
func (s *Hall) AcceptSeek(ctx context.Context, id string, req wire.AcceptRequest) (wire.AcceptResponse, error) {
	if err := checkName(req.Name); err != nil {
		return wire.AcceptResponse{}, err
	}
	if req.Account != "" {
		req.Name = req.AccountName
	}
	k, err := s.lobby.seeks.Seek(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return wire.AcceptResponse{}, Errorf(wire.CodeSeekNotFound, "no seek %s", id)
	case err != nil:
		return wire.AcceptResponse{}, err
	case k.Pool != "":
		return wire.AcceptResponse{}, Errorf(wire.CodeSeekNotFound, "no seek %s in the list (it waits in a pool)", id)
	case k.GameID != "":
		return wire.AcceptResponse{}, Errorf(wire.CodeSeekTaken, "the seek was matched with another player")
	case k.Seen.Before(s.cfg.Now().Add(-store.SeekTTL)):
		return wire.AcceptResponse{}, Errorf(wire.CodeSeekNotFound, "the seek's player left")
	case req.Account != "" && req.Account == k.Account:
		return wire.AcceptResponse{}, Errorf(wire.CodeBadSeek, "the seek is your own")
	case k.Rated && req.Account == "":
		return wire.AcceptResponse{}, Errorf(wire.CodeRatedNeedsAccount, "the seek is for a rated game: sign in to accept it")
	}
	g, err := s.Game(k.Game)
	if err != nil {
		return wire.AcceptResponse{}, err
	}
	r, err := s.seekRating(ctx, req.Account, g, k.Options, k.Clock)
	if err != nil {
		return wire.AcceptResponse{}, err
	}
	if !fits(k, r) {
		return wire.AcceptResponse{}, Errorf(wire.CodeBadSeek, "the seek is for players rated %d to %d, you are rated %d", k.RatingMin, k.RatingMax, r)
	}
	token, hash := secret()
	taker := &store.Seek{Name: req.Name, Account: req.Account, TokenHash: hash, Color: ColorRandom}
	players, gameID, err := s.match(ctx, []*store.Seek{k, taker})
	if err != nil {
		return wire.AcceptResponse{}, err
	}
	return wire.AcceptResponse{ID: gameID, Player: players[1], Token: token}, nil
}

// match makes the game of the seeks ks (the first one's game, options and
// clock), each poster in its colour or a random one, and matches the
// stored ones with it. It returns each seek's seat and the game's id. A
// seek matched meanwhile is seek_taken, and nothing is made.
func (s *Hall) match(ctx context.Context, ks []*store.Seek) ([]string, string, error) {
	first := ks[0]
	g, st, err := s.newState(first.Game, first.Options)
	if err != nil {
		return nil, "", err
	}
	order := seatOrder(ks, st.Players())
	rec, err := newGame(g, st.Options(), first.Clock, nil, s.cfg.Now().UTC())
	if err != nil {
		return nil, "", err
	}
	if first.Rated {
		key, err := keyOf(g, st.Options(), first.Clock)
		if err != nil {
			return nil, "", err
		}
		rec.Rated = key.String()
	}
	rec.Seats = make([]store.Seat, len(ks))
	players := make([]string, len(ks))
	var ids, idPlayers []string
	for i, k := range ks {
		p := st.Players()[order[i]]
		players[i] = p
		rec.Seats[order[i]] = store.Seat{Player: p, Kind: store.SeatHuman, Name: k.Name, TokenHash: k.TokenHash, Account: k.Account}
		if k.ID != "" {
			ids, idPlayers = append(ids, k.ID), append(idPlayers, p)
		}
	}
	if err := s.lobby.seeks.MatchSeeks(ctx, ids, rec.ID, idPlayers); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, "", Errorf(wire.CodeSeekTaken, "the seek was matched with another player")
		}
		return nil, "", err
	}
	t, err := s.newTable(rec, nil)
	if err == nil {
		t.chatSeq = 0
		err = s.store.Create(ctx, rec)
	}
	if err != nil {
		if uerr := s.lobby.seeks.UnmatchSeeks(context.WithoutCancel(ctx), rec.ID); uerr != nil {
			s.log.Error("giving back the seeks of a game not made", "game", rec.ID, "err", uerr)
		}
		return nil, "", err
	}
	s.hold(t)
	s.log.Info("game created for seeks", "game", rec.ID, "name", rec.Game, "seeks", ids)
	s.pokeLobby()
	if err := s.Start(ctx, rec.ID); err != nil {
		s.log.Error("starting a game made for seeks", "game", rec.ID, "err", err)
	}
	return players, rec.ID, nil
}

// seatOrder places the seeks ks in a game of players: order[i] is the
// place of ks[i]. The first seek's colour is kept, or, when it is random,
// every seat is drawn at random.
func seatOrder(ks []*store.Seek, players []string) []int {
	if k := slices.Index(players, ks[0].Color); k >= 0 {
		order := []int{k}
		for i := range players {
			if i != k {
				order = append(order, i)
			}
		}
		return order
	}
	return mrand.Perm(len(players))
}

// pair pairs the waiting seeks of each pool, oldest first: each with the
// oldest seeks after it whose ratings are within each other's gap, as many
// as the game has players. It returns the number of games made.
func (s *Hall) pair(ctx context.Context, waiting []*store.Seek, now time.Time) int {
	pools := map[string][]*store.Seek{}
	var keys []string
	for _, k := range waiting {
		if k.Pool == "" {
			continue
		}
		if _, ok := pools[k.Pool]; !ok {
			keys = append(keys, k.Pool)
		}
		pools[k.Pool] = append(pools[k.Pool], k)
	}
	var groups [][]*store.Seek
	for _, key := range keys {
		ks := pools[key]
		_, st, err := s.newState(ks[0].Game, ks[0].Options)
		if err != nil {
			continue
		}
		n := len(st.Players())
		used := make([]bool, len(ks))
		for i := range ks {
			if used[i] {
				continue
			}
			group := []int{i}
			for j := i + 1; j < len(ks) && len(group) < n; j++ {
				if !used[j] && within(ks, group, j, now) {
					group = append(group, j)
				}
			}
			if len(group) < n {
				continue
			}
			var members []*store.Seek
			for _, j := range group {
				used[j] = true
				members = append(members, ks[j])
			}
			groups = append(groups, members)
		}
	}
	// The games are made side by side: each is its own writes.
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		sem  = make(chan struct{}, matchers)
		made int
	)
	for _, members := range groups {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if _, _, err := s.match(ctx, members); err != nil {
				if !isCode(err, wire.CodeSeekTaken) {
					s.log.Error("pairing a pool", "pool", members[0].Pool, "err", err)
				}
				return
			}
			mu.Lock()
			made++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return made
}

// matchers is the number of games of a pool's pairings made at once.
const matchers = 8

// within reports whether seek ks[j] may join the group of seeks: its
// rating within the gap of each, and each's within its own.
func within(ks []*store.Seek, group []int, j int, now time.Time) bool {
	for _, i := range group {
		if ks[i].Account != "" && ks[i].Account == ks[j].Account {
			return false // one player twice
		}
		d := ks[i].Rating - ks[j].Rating
		if d < 0 {
			d = -d
		}
		if d > PoolGap(now.Sub(ks[i].Created)) || d > PoolGap(now.Sub(ks[j].Created)) {
			return false
		}
		if !fits(ks[i], ks[j].Rating) || !fits(ks[j], ks[i].Rating) {
			return false
		}
	}
	return true
}

// isCode reports whether err is a live.Error with code.
func isCode(err error, code string) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// LobbyFeed connects a client to the lobby: its channel gets the list of
// seeks at once and whenever it changes, and a wire.MatchedMessage for
// each seek it holds once the seek is matched. Close it when the client
// goes: the seeks it holds are withdrawn.
//
// A feed sees the seeks that fit its viewer (account, empty for an
// anonymous one): those whose rating range holds the viewer's rating for
// the seek's game, and, for an anonymous viewer, no rated seek.
func (s *Hall) LobbyFeed(account string) *LobbyFeed {
	f := &LobbyFeed{C: make(chan []byte, 16), h: s, account: account, ratings: map[string]int{}}
	l := s.lobby
	l.mu.Lock()
	l.feeds[f] = true
	l.fresh = true
	l.mu.Unlock()
	s.pokeLobby()
	return f
}

// sees reports whether seek k fits the viewer of feed f.
func (s *Hall) sees(ctx context.Context, f *LobbyFeed, k *store.Seek) bool {
	if k.Rated && f.account == "" {
		return false
	}
	if k.RatingMin == 0 && k.RatingMax == 0 {
		return true
	}
	key := poolKey(k.Game, k.Options, k.Clock, false)
	r, ok := f.ratings[key]
	if !ok {
		g, err := s.Game(k.Game)
		if err != nil {
			return false
		}
		if r, err = s.seekRating(ctx, f.account, g, k.Options, k.Clock); err != nil {
			return true // shown; the acceptance checks again
		}
		f.ratings[key] = r
	}
	return fits(k, r)
}

// send queues a message for feed f, if it is still open, dropping it
// when its client is too slow (the next list replaces it).
func (l *lobby) send(f *LobbyFeed, msg []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sendLocked(f, msg)
}

// sendLocked is send, l.mu held.
func (l *lobby) sendLocked(f *LobbyFeed, msg []byte) {
	if !l.feeds[f] {
		return
	}
	select {
	case f.C <- msg:
	default:
	}
}

// Hold keeps seek id waiting while the feed is open; token is its
// poster's.
func (f *LobbyFeed) Hold(ctx context.Context, id, token string) error {
	s := f.h
	k, err := s.seekOf(ctx, id, token)
	if err != nil {
		return err
	}
	if s.made(ctx, k) {
		f.matched(k)
		return nil
	}
	l := s.lobby
	l.mu.Lock()
	if !l.feeds[f] {
		l.mu.Unlock()
		return Errorf(wire.CodeSeekNotFound, "the feed is closed")
	}
	l.held[id] = f
	l.mu.Unlock()
	if err := l.seeks.TouchSeeks(ctx, []string{id}, s.cfg.Now().UTC()); err != nil {
		return err
	}
	s.pokeLobby()
	return nil
}

// matched tells the feed's client the game made for its seek k.
func (f *LobbyFeed) matched(k *store.Seek) {
	b, _ := json.Marshal(wire.MatchedMessage{ID: k.ID, Game: k.GameID, Player: k.Player, Type: wire.MessageMatched})
	f.h.lobby.send(f, b)
}

// Close drops the feed and withdraws the seeks it holds that wait.
func (f *LobbyFeed) Close() {
	s := f.h
	l := s.lobby
	l.mu.Lock()
	if !l.feeds[f] {
		l.mu.Unlock()
		return
	}
	delete(l.feeds, f)
	close(f.C)
	var ids []string
	for id, g := range l.held {
		if g == f {
			ids = append(ids, id)
			delete(l.held, id)
		}
	}
	l.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var waiting []string
	for _, id := range ids {
		if k, err := l.seeks.Seek(ctx, id); err == nil && k.GameID == "" {
			waiting = append(waiting, id)
		}
	}
	if err := l.seeks.RemoveSeeks(ctx, waiting); err != nil {
		s.log.Error("withdrawing the seeks of a lobby feed", "err", err)
	}
	s.pokeLobby()
}

// forget stops holding seek id.
func (l *lobby) forget(id string) {
	l.mu.Lock()
	delete(l.held, id)
	l.mu.Unlock()
}

// closeFeeds drops every feed (the hall closes).
func (l *lobby) closeFeeds() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for f := range l.feeds {
		close(f.C)
	}
	l.feeds = map[*LobbyFeed]bool{}
	l.held = map[string]*LobbyFeed{}
}

// lobbyLoop looks at the seeks every lobbyTick, and at once when poked:
// it refreshes the seeks held here, deletes those left, pairs the pools
// (one instance at a time), sends the list when it changed and tells the
// posters of the seeks held here that were matched.
func (s *Hall) lobbyLoop() {
	defer s.wg.Done()
	l := s.lobby
	tick := time.NewTicker(lobbyTick)
	defer tick.Stop()
	var touched, expired time.Time
	release := func() {}
	pairer := false
	defer func() { release() }()
	for {
		select {
		case <-s.ctx.Done():
			l.closeFeeds()
			return
		case <-tick.C:
		case <-l.poke:
		}
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		now := s.cfg.Now().UTC()
		l.mu.Lock()
		ids := make([]string, 0, len(l.held))
		for id := range l.held {
			ids = append(ids, id)
		}
		feeds := len(l.feeds)
		l.mu.Unlock()
		if now.Sub(touched) >= touchEvery && len(ids) > 0 {
			if err := l.seeks.TouchSeeks(ctx, ids, now); err == nil {
				touched = now
			}
		}
		if now.Sub(expired) >= expireEvery {
			if err := l.seeks.ExpireSeeks(ctx, now.Add(-store.SeekTTL), now.Add(-matchedTTL)); err == nil {
				expired = now
			}
		}
		if !pairer {
			if sh, ok := s.shared(); ok {
				if r, ok, err := sh.TryLock(ctx, poolWork); err == nil && ok {
					release, pairer = r, true
				}
			} else {
				pairer = true
			}
		}
		if !pairer && feeds == 0 && len(ids) == 0 {
			cancel()
			continue
		}
		waiting, err := l.seeks.WaitingSeeks(ctx, now.Add(-store.SeekTTL))
		if err != nil {
			if !s.closing() {
				s.log.Error("reading the seeks", "err", err)
			}
			cancel()
			continue
		}
		if pairer && s.pair(ctx, waiting, now) > 0 {
			if waiting, err = l.seeks.WaitingSeeks(ctx, now.Add(-store.SeekTTL)); err != nil {
				cancel()
				continue
			}
		}
		s.sendList(ctx, waiting)
		s.tellMatched(ctx, ids, waiting)
		cancel()
	}
}

// sendList sends each feed the seeks of the list that fit its viewer,
// when they changed (or the feed is new).
func (s *Hall) sendList(ctx context.Context, waiting []*store.Seek) {
	var list []*store.Seek
	for _, k := range waiting {
		if k.Pool == "" {
			list = append(list, k)
		}
	}
	all, _ := json.Marshal(listed(list))
	l := s.lobby
	l.mu.Lock()
	if string(all) == string(l.list) && !l.fresh {
		l.mu.Unlock()
		return
	}
	l.list, l.fresh = all, false
	feeds := make([]*LobbyFeed, 0, len(l.feeds))
	for f := range l.feeds {
		feeds = append(feeds, f)
	}
	l.mu.Unlock()
	for _, f := range feeds {
		var seen []*store.Seek
		for _, k := range list {
			if s.sees(ctx, f, k) {
				seen = append(seen, k)
			}
		}
		b, _ := json.Marshal(wire.SeeksMessage{Seeks: listed(seen), Type: wire.MessageSeeks})
		if string(b) != string(f.last) {
			f.last = b
			l.send(f, b)
		}
	}
}

// tellMatched tells the feeds holding the seeks ids that are no longer
// waiting the game made for each (or drops a seek gone).
func (s *Hall) tellMatched(ctx context.Context, ids []string, waiting []*store.Seek) {
	still := map[string]bool{}
	for _, k := range waiting {
		still[k.ID] = true
	}
	l := s.lobby
	for _, id := range ids {
		if still[id] {
			continue
		}
		k, err := l.seeks.Seek(ctx, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			continue
		}
		if k != nil && k.GameID != "" && !s.made(ctx, k) {
			continue // the game is being made: tell its poster next time
		}
		l.mu.Lock()
		f := l.held[id]
		delete(l.held, id)
		l.mu.Unlock()
		if f != nil && k != nil && k.GameID != "" {
			f.matched(k)
		}
	}
}
