package live

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Catalog describes the games the hall offers.
func (s *Hall) Catalog() []wire.CatalogGame {
	out := []wire.CatalogGame{}
	for _, g := range s.cfg.Games {
		out = append(out, s.catalogEntry(g))
	}
	return out
}

// CatalogGame describes the game named name, or unknown_game.
func (s *Hall) CatalogGame(name string) (wire.CatalogGame, error) {
	g, err := s.Game(name)
	if err != nil {
		return wire.CatalogGame{}, err
	}
	return s.catalogEntry(g), nil
}

// Create makes a new game as req asks, for client (an address: the owner
// of its AI work, and the key of AIGamesPerClient), stores it and holds
// it. The answer's grants carry a token for the creator's seats and an
// invitation for the open ones (no URL: the caller knows its origin). The
// game starts (its first roll, its AI's first turn) when the caller calls
// Start, after it answered.
func (s *Hall) Create(ctx context.Context, req wire.CreateRequest, client string) (wire.CreateResponse, error) {
	g, st, err := s.newState(req.Game, req.Options)
	if err != nil {
		return wire.CreateResponse{}, err
	}
	players := st.Players()
	if req.Seats == nil {
		req.Seats = []wire.SeatRequest{{Type: store.SeatHuman}}
		for range players[1:] {
			req.Seats = append(req.Seats, wire.SeatRequest{Type: store.SeatOpen})
		}
	}
	signedIn(req)
	if len(req.Seats) != len(players) {
		return wire.CreateResponse{}, Errorf(wire.CodeBadSeats, "%s with these options has %d seats (%s), the request gives %d", g.Name(), len(players), strings.Join(players, ", "), len(req.Seats))
	}
	if req.Seats, err = placeSeats(req.Seats, req.Color, players); err != nil {
		return wire.CreateResponse{}, err
	}
	clock, err := createClock(req.Clock)
	if err != nil {
		return wire.CreateResponse{}, err
	}
	rec, err := newGame(g, st.Options(), clock, nil, s.cfg.Now().UTC())
	if err != nil {
		return wire.CreateResponse{}, err
	}
	var grants []wire.SeatGrant
	people := false
	for i, sr := range req.Seats {
		seat, grant, err := s.createSeat(players[i], sr)
		if err != nil {
			return wire.CreateResponse{}, err
		}
		people = people || sr.Type != store.SeatAI
		rec.Seats = append(rec.Seats, seat)
		grants = append(grants, grant)
	}
	if err := setPrivate(rec, req.Public); err != nil {
		return wire.CreateResponse{}, err
	}
	if req.Rated {
		if rec.Rated, err = s.ratedKey(g, req, rec.Seats, clock); err != nil {
			return wire.CreateResponse{}, err
		}
	}
	if !people && !s.cfg.AIOnlyGames {
		return wire.CreateResponse{}, Errorf(wire.CodeAIOnly, "every seat is an AI's: such games are played by the balance lab (norns lab), or on a server started with --ai-games")
	}
	t, err := s.newTable(rec, nil)
	if err != nil {
		return wire.CreateResponse{}, err
	}
	t.chatSeq = 0 // a new game has no chat yet
	if hasAI(rec.Seats) {
		if err := s.countAI(rec.ID, client); err != nil {
			return wire.CreateResponse{}, err
		}
		t.owner = client
	}
	if err := s.store.Create(ctx, rec); err != nil {
		s.uncountAI(t.rec.ID)
		return wire.CreateResponse{}, err
	}
	s.hold(t) // from here on the game is reached by its id
	s.log.Info("game created", "game", rec.ID, "name", rec.Game, "options", game.Options(rec.Options).String())
	// The answer holds the commitment and no roll: a game whose first
	// event is a roll rolls once the players' seeds are in (or, with no
	// player, right after this answer).
	var view []byte
	s.with(ctx, rec.ID, func(t *table) error {
		view = t.viewJSON()
		return nil
	})
	return wire.CreateResponse{ID: rec.ID, Seats: grants, Game: view}, nil
}

// newState is the game named name and its start with options: unknown_game
// or bad_option when there is none.
func (s *Hall) newState(name string, options map[string]string) (game.Game, game.State, error) {
	g, err := s.Game(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := g.New(game.Options(options))
	if err != nil {
		if errors.Is(err, game.ErrOption) {
			return nil, nil, Errorf(wire.CodeBadOption, "%v", err)
		}
		return nil, nil, err
	}
	return g, st, nil
}

// Start takes up what is due in game id once its creator has its answer:
// the first roll, the first AI turn, the clock.
func (s *Hall) Start(ctx context.Context, id string) error {
	return s.with(ctx, id, func(t *table) error {
		t.next()
		return nil
	})
}

// Join seats a player in game id as req asks, and returns the seat, its
// token and the view.
func (s *Hall) Join(ctx context.Context, id string, req wire.JoinRequest) (player, token string, view []byte, err error) {
	if err := checkName(req.Name); err != nil {
		return "", "", nil, err
	}
	if req.Seed != "" {
		if err := checkSeed(req.Seed); err != nil {
			return "", "", nil, err
		}
	}
	if err := checkCommit(req.Commit); err != nil {
		return "", "", nil, err
	}
	if err := s.with(ctx, id, func(t *table) (err error) {
		player, token, err = t.join(ctx, req)
		return err
	}); err != nil {
		return "", "", nil, err
	}
	view, err = s.View(ctx, id, "")
	return player, token, view, err
}

// Seed sets the dice seed of the seat token opens (and its commitment to
// its first nonce), and returns the view.
func (s *Hall) Seed(ctx context.Context, id, token string, req wire.SeedRequest) ([]byte, error) {
	if err := checkSeed(req.Seed); err != nil {
		return nil, err
	}
	if err := checkCommit(req.Commit); err != nil {
		return nil, err
	}
	return s.seatCommand(ctx, id, token, func(t *table, p int) error {
		return t.setSeed(ctx, p, req.Seed, req.Commit)
	})
}

// View returns the view of game id, in JSON: with token, as its seat sees
// it ("you" set).
func (s *Hall) View(ctx context.Context, id, token string) (view []byte, err error) {
	err = s.withToken(ctx, id, token, func(t *table) error {
		if token == "" {
			view = t.viewJSON()
			return nil
		}
		p := t.seatOf(token)
		if p < 0 {
			return Errorf(wire.CodeBadToken, "")
		}
		view = t.viewJSONFor(0, t.st.Players()[p])
		return nil
	})
	return view, err
}

// Play plays an action of the seat token opens, given in the game's
// notation, by a client that has seen the game up to seq (or it is
// refused as stale), and returns the view from seq on.
func (s *Hall) Play(ctx context.Context, id, token string, req wire.PlayRequest) (view []byte, err error) {
	if req.Seq == nil {
		return nil, Errorf(wire.CodeBadRequest, "seq is missing: send the last sequence number seen")
	}
	seq := *req.Seq
	err = s.withToken(ctx, id, token, func(t *table) error {
		if seq > t.seq() || !t.started() {
			// The client has seen more than this instance holds, or the
			// game has started on another instance (the last seat or seed
			// came there): catch up first. (When another instance
			// appended what neither has seen yet, the store refuses the
			// append.)
			if err := s.catchUp(ctx, t, !t.started()); err != nil {
				return err
			}
		}
		p, err := t.authorize(token)
		if err != nil {
			return err
		}
		if err := t.play(ctx, p, req.Action, seq, req.Reveal); err != nil {
			return err
		}
		view = t.viewJSONFrom(seq)
		return nil
	})
	return view, err
}

// Resign resigns the seat token opens, and returns the view.
func (s *Hall) Resign(ctx context.Context, id, token string) ([]byte, error) {
	return s.seatCommand(ctx, id, token, func(t *table, p int) error { return t.resign(ctx, p) })
}

// Abort aborts the game for the seat token opens, and returns the view.
func (s *Hall) Abort(ctx context.Context, id, token string) ([]byte, error) {
	return s.seatCommand(ctx, id, token, func(t *table, p int) error { return t.abort(ctx, p) })
}

// Rematch offers or accepts a rematch of finished game id for the seat
// token opens, and returns the view (its rematch field names the new
// game once both want it).
func (s *Hall) Rematch(ctx context.Context, id, token string) ([]byte, error) {
	return s.seatCommand(ctx, id, token, func(t *table, p int) error {
		_, err := t.rematch(ctx, p)
		return err
	})
}

// DeclineRematch declines, for the seat token opens, the rematch the other
// player of finished game id asked for, and returns the view (its
// rematch_offers empty).
func (s *Hall) DeclineRematch(ctx context.Context, id, token string) ([]byte, error) {
	return s.seatCommand(ctx, id, token, func(t *table, p int) error { return t.declineRematch(ctx, p) })
}

// Offer is the word of the seat token opens on a draw or a takeback
// (what: ending.EventDrawOffer or ending.EventTakebackOffer): accept true
// offers, or accepts the other's offer, false declines it. It returns the
// view.
func (s *Hall) Offer(ctx context.Context, id, token, what string, req wire.OfferRequest) ([]byte, error) {
	if req.Accept == nil {
		return nil, Errorf(wire.CodeBadRequest, "accept is missing: true to offer or accept, false to decline")
	}
	return s.seatCommand(ctx, id, token, func(t *table, p int) error {
		return t.offer(ctx, p, what, *req.Accept)
	})
}

// seatCommand runs do on game id with the seat token opens, then returns
// the view.
func (s *Hall) seatCommand(ctx context.Context, id, token string, do func(t *table, p int) error) ([]byte, error) {
	err := s.withToken(ctx, id, token, func(t *table) error {
		p, err := t.authorize(token)
		if err != nil {
			return err
		}
		return do(t, p)
	})
	if err != nil {
		return nil, err
	}
	return s.View(ctx, id, "")
}

// Invites gives the game's creator the invitations of its open seats, to
// share again (no URL: the caller knows its origin). Any other seat holder
// gets not_creator: whoever joined a public seat must not learn a private
// seat's invitation. A game stored before the creator's seats were marked
// gives them to nobody.
func (s *Hall) Invites(ctx context.Context, id, token string) (out []wire.SeatGrant, err error) {
	err = s.withToken(ctx, id, token, func(t *table) error {
		p, err := t.authorize(token)
		if err != nil {
			return err
		}
		if !t.rec.Seats[p].Creator {
			return Errorf(wire.CodeNotCreator, "seat %s did not create the game", t.rec.Seats[p].Player)
		}
		out = []wire.SeatGrant{}
		for _, seat := range t.rec.Seats {
			if seat.Kind == store.SeatOpen && seat.Invite != "" && !t.over() {
				out = append(out, wire.SeatGrant{Player: seat.Player, Kind: seat.Kind, Invite: seat.Invite})
			}
		}
		return nil
	})
	return out, err
}

// Events returns the events of game id after seq since, and its seq.
func (s *Hall) Events(ctx context.Context, id string, since int64) (seq int64, out []wire.EventView, err error) {
	err = s.with(ctx, id, func(t *table) error {
		out = []wire.EventView{}
		for i := int(min(since, t.seq())); i < len(t.events); i++ {
			out = append(out, eventView(t.events[i], t.autos[i]))
		}
		seq = t.seq()
		return nil
	})
	return seq, out, err
}

// List lists the public games of the store: state "" (all), "live" or
// "finished"; game "" (all) or a game's name; at most limit (0: the
// store's bound).
func (s *Hall) List(ctx context.Context, state, gameName string, limit int) ([]wire.Summary, error) {
	public := false
	f := store.Filter{Private: &public, Limit: limit}
	switch state {
	case "":
	case "live":
		f.Finished = new(bool)
	case "finished":
		f.Finished = new(bool)
		*f.Finished = true
	default:
		return nil, Errorf(wire.CodeBadParameter, "state=%q (states: live, finished)", state)
	}
	if gameName != "" {
		if _, err := s.Game(gameName); err != nil {
			return nil, err
		}
		f.Game = gameName
	}
	gs, err := s.store.List(ctx, f)
	if err != nil {
		return nil, err
	}
	return s.summaries(gs), nil
}

// summaries returns the summaries of games listed by the store.
func (s *Hall) summaries(gs []*store.Game) []wire.Summary {
	out := []wire.Summary{}
	for _, g := range gs {
		sm := wire.Summary{ID: g.ID, Game: g.Game, Options: g.Options, Seq: g.Seq, Status: g.Status, Result: g.Result, Finished: g.Finished, Created: g.Created, Updated: g.Updated,
			Speed: speed(g.Clock), HotSeat: hotSeat(g.Seats)}
		for _, seat := range g.Seats {
			sv := wire.SeatView{Player: seat.Player, Kind: seat.Kind, Name: seat.Name, Level: seat.Level, Seeded: seat.Seed != ""}
			if seat.Kind == store.SeatOpen && seat.Public && !g.Finished {
				sv.Public, sv.Invite = true, seat.Invite
			}
			sm.Seats = append(sm.Seats, sv)
		}
		if p, ok := strings.CutPrefix(g.Status, "turn "); ok {
			sm.ToMove = p
		} else if g.Status == "chance" {
			sm.ToMove = "chance"
		}
		if t := s.held(g.ID); t != nil {
			t.summarize(&sm)
		}
		out = append(out, sm)
	}
	return out
}

// Load loads game id, if it is not held, or says why it cannot be.
func (s *Hall) Load(ctx context.Context, id string) error {
	_, err := s.load(ctx, id)
	return err
}

// A Record is a game's record in one format: its text, a file name and a
// content type.
type Record struct {
	Text, Name, ContentType string
}

// Record returns the record of game id in format ("" for the game's
// first): the Norns record carries the chat, the spectators' room for
// everybody, the players' only with a seat's token, and the Norns record
// of a finished game is signed (sign.go).
func (s *Hall) Record(ctx context.Context, id, token, format string) (Record, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return Record{}, err
	}
	var chat []store.ChatMessage
	if c, ok := s.store.(store.Chatter); ok {
		var err error
		if chat, err = c.Chat(ctx, id, "", 0, 0); err != nil && !errors.Is(err, store.ErrNotFound) {
			return Record{}, err
		}
	}
	var out Record
	err = s.withToken(ctx, id, token, func(t *table) error {
		if t.seatOf(token) < 0 {
			chat = slices.DeleteFunc(chat, func(m store.ChatMessage) bool { return m.Room == roomPlayers })
		}
		formats := recordFormats(t.st)
		if format == "" {
			format = formats[0]
		}
		if !slices.Contains(formats, format) {
			if slices.Contains(allRecordFormats, format) {
				return Errorf(wire.CodeNoRecord, "%s has no %s record (formats: %s)", t.g.Name(), format, strings.Join(formats, ", "))
			}
			return Errorf(wire.CodeBadParameter, "format=%q (formats: %s)", format, strings.Join(formats, ", "))
		}
		out = Record{Name: t.rec.ID + "." + format, ContentType: "text/plain; charset=utf-8"}
		var err error
		switch format {
		case "norns":
			out.Text, err = t.record(key, chat)
		case "json":
			var j record.JSON
			if j, err = t.recordJSON(key, chat); err != nil {
				return err
			}
			b, err := json.MarshalIndent(j, "", "  ")
			if err != nil {
				return err
			}
			out.Text, out.ContentType = string(b)+"\n", "application/json"
		case "pgn":
			if w, ok := t.st.(game.ClockedPGNWriter); ok && t.rec.Clock != nil {
				out.Text = w.PGNClocks(t.pgnTags(), t.pgnClocks())
			} else {
				out.Text = t.st.(game.PGNWriter).PGN(t.pgnTags())
			}
		case "text":
			if w, ok := t.st.(game.ClockedRecorder); ok && t.rec.Clock != nil {
				out.Text = w.RecordClocks(t.textTags(), t.pgnClocks())
			} else {
				out.Text = t.st.(game.Recorder).Record(t.textTags())
			}
			out.Name = t.rec.ID + ".txt"
		default: // a game's own format (game.FormatWriter)
			out.Text, err = t.st.(game.FormatWriter).WriteFormat(format, t.textTags())
		}
		return err
	})
	return out, err
}

// secret returns 128 bits from crypto/rand, base64url-encoded, and its
// SHA-256.
func secret() (string, []byte) {
	b := make([]byte, 16)
	rand.Read(b)
	t := base64.RawURLEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(t))
	return t, h[:]
}

// newID returns a game id: 80 random bits in lower-case base32.
func newID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// checkSeed checks a seat's dice seed: 1 to 64 printable ASCII characters,
// no quote or backslash (records carry it in quotes).
func checkSeed(seed string) error {
	if seed == "" || len(seed) > 64 {
		return Errorf(wire.CodeBadSeed, "the seed has %d characters, it must have 1 to 64", len(seed))
	}
	for _, c := range []byte(seed) {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return Errorf(wire.CodeBadSeed, "the seed contains %q", c)
		}
	}
	return nil
}

// maxName is the length of the longest display name, in characters.
const maxName = 24

// checkName checks a display name (none is "", allowed): 1 to 24
// characters, letters (with their combining marks), digits, spaces and
// "-_.", not beginning or ending with a space, with at least one letter or
// digit that shows. So no control character, no invisible (a default
// ignorable code point, a filler) or direction-changing one, no name that
// shows as blank or as marks alone, no quote, no markup.
func checkName(name string) error {
	if name == "" {
		return nil
	}
	ok := utf8.ValidString(name) && utf8.RuneCountInString(name) <= maxName && strings.TrimSpace(name) == name &&
		!strings.ContainsFunc(name, func(r rune) bool {
			return !unicode.In(r, unicode.L, unicode.Mn, unicode.Mc, unicode.Nd) && r != ' ' && r != '-' && r != '_' && r != '.'
		})
	if !ok {
		return Errorf(wire.CodeBadSeats, "a name has 1 to %d letters, digits, spaces or the characters - _ . and does not begin or end with a space", maxName)
	}
	if i := strings.IndexFunc(name, invisible); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return Errorf(wire.CodeBadSeats, "a name may not contain %U, a character that shows as nothing", r)
	}
	if !strings.ContainsFunc(name, visible) {
		return Errorf(wire.CodeBadSeats, "a name needs a letter or a digit that shows")
	}
	return nil
}

// catalogEntry describes game g as the hall offers it: its options, its
// record formats and the AI levels.
func (s *Hall) catalogEntry(g game.Game) wire.CatalogGame {
	c := wire.CatalogGame{Name: g.Name(), Title: g.Title(), Players: g.Players(), Chance: g.ChanceMode() == game.ExplicitStochastic, Options: []wire.CatalogOption{}, NoDrawOffers: !game.AgreedDraws(g)}
	for _, o := range g.Options() {
		c.Options = append(c.Options, wire.CatalogOption{Name: o.Name, Default: o.Default, Values: o.Values, Help: o.Help})
	}
	if st, err := g.New(nil); err == nil {
		_, c.PGN = st.(game.PGNWriter)
		c.Records = recordFormats(st)
	}
	for _, lv := range []string{"easy", "medium", "hard"} {
		if _, ok := s.cfg.AITime[lv]; ok {
			c.Levels = append(c.Levels, lv)
		}
	}
	return c
}

// newGame is the record of a new game, with a new id, dice seed and
// commitment, and the status of its start.
func newGame(g game.Game, options map[string]string, clock *store.Clock, seats []store.Seat, now time.Time) (*store.Game, error) {
	seed, err := dice.NewSeed()
	if err != nil {
		return nil, err
	}
	st, err := g.New(game.Options(options))
	if err != nil {
		return nil, err
	}
	return &store.Game{
		ID: newID(), Game: g.Name(), Options: options, Clock: clock, Seats: seats, ServerSeed: seed, Commitment: dice.Commit(seed), Scheme: dice.SchemeV2,
		Created: now, Updated: now, Status: game.Status(st), Result: game.Describe(st),
	}, nil
}

// createClock is the clock a create request asks for: nil for none.
func createClock(c *wire.ClockRequest) (*store.Clock, error) {
	switch {
	case c == nil:
		return nil, nil
	case c.DaysPerMove != 0 && (c.DaysPerMove < 1 || c.DaysPerMove > 14 || c.InitialMs != 0 || c.IncrementMs != 0):
		return nil, Errorf(wire.CodeBadClock, "days_per_move must be 1 to 14, without initial_ms or increment_ms")
	case c.DaysPerMove != 0:
		return &store.Clock{Initial: time.Duration(c.DaysPerMove) * 24 * time.Hour, PerMove: true}, nil
	case c.InitialMs < 1000 || c.InitialMs > 24*3600*1000 || c.IncrementMs < 0 || c.IncrementMs > 3600*1000:
		return nil, Errorf(wire.CodeBadClock, "initial_ms must be 1000 to 86400000 and increment_ms 0 to 3600000")
	default:
		return &store.Clock{Initial: time.Duration(c.InitialMs) * time.Millisecond, Increment: time.Duration(c.IncrementMs) * time.Millisecond}, nil
	}
}

// setPrivate sets whether rec is left out of the lists of games: as
// public asks, or by default when it has open seats and none of them
// is public. A game with a public seat cannot be private.
func setPrivate(rec *store.Game, public *bool) error {
	privateSeat := slices.ContainsFunc(rec.Seats, func(s store.Seat) bool { return s.Kind == store.SeatOpen && !s.Public })
	publicSeat := slices.ContainsFunc(rec.Seats, func(s store.Seat) bool { return s.Kind == store.SeatOpen && s.Public })
	rec.Private = privateSeat && !publicSeat
	if public != nil {
		rec.Private = !*public
	}
	if rec.Private && publicSeat {
		return Errorf(wire.CodeBadSeats, "a game with a public seat is listed for anybody to join: it cannot be private")
	}
	return nil
}

// authorize returns the seat the token opens. Callers hold mu.
func (t *table) authorize(tok string) (int, error) {
	if tok == "" {
		return -1, Errorf(wire.CodeMissingToken, "")
	}
	p := t.seatOf(tok)
	if p < 0 {
		return -1, Errorf(wire.CodeBadToken, "")
	}
	return p, nil
}

// ColorRandom is the create request's color that puts the seats in a
// random order.
const ColorRandom = "random"

// placeSeats puts the seats of a create request in the places its color
// asks for (wire.CreateRequest.Color): the first seat in the one named,
// or every seat in a random order.
func placeSeats(seats []wire.SeatRequest, color string, players []string) ([]wire.SeatRequest, error) {
	var order []int // order[i] is the place of seats[i]
	switch k := slices.Index(players, color); {
	case color == "":
		return seats, nil
	case color == ColorRandom:
		order = mrand.Perm(len(seats))
	case k >= 0:
		order = append(order, k)
		for i := range players {
			if i != k {
				order = append(order, i)
			}
		}
	default:
		return nil, Errorf(wire.CodeBadSeats, "color %q (colors: %s, %s)", color, ColorRandom, strings.Join(players, ", "))
	}
	placed := make([]wire.SeatRequest, len(seats))
	for i, p := range order {
		placed[p] = seats[i]
	}
	return placed, nil
}

// createSeat is the seat player of a new game as sr asks, and the grant
// the creator gets for it: a token for a human seat, an invitation for an
// open one.
func (s *Hall) createSeat(player string, sr wire.SeatRequest) (store.Seat, wire.SeatGrant, error) {
	seat := store.Seat{Player: player, Kind: sr.Type}
	grant := wire.SeatGrant{Player: player, Kind: sr.Type}
	if err := checkName(sr.Name); err != nil {
		return seat, grant, err
	}
	if sr.Public && sr.Type != store.SeatOpen {
		return seat, grant, Errorf(wire.CodeBadSeats, "seat %s: only an open seat can be public", player)
	}
	if sr.Seed != "" {
		// The server commits to its seed before it accepts any of
		// the players' (docs/fair-dice.md).
		return seat, grant, Errorf(wire.CodeBadSeed, "seat %s: a seed is given once the game exists and its commitment is published: POST /api/games/{id}/seed, or with the join", player)
	}
	switch sr.Type {
	case store.SeatHuman:
		seat.Name, seat.Creator, seat.Account = sr.Name, true, sr.Account
		grant.Token, seat.TokenHash = secret()
	case store.SeatOpen:
		grant.Invite, seat.InviteHash = secret()
		seat.Public, seat.Invite = sr.Public, grant.Invite
	case store.SeatAI:
		if _, ok := s.cfg.AITime[sr.Level]; !ok {
			return seat, grant, Errorf(wire.CodeBadSeats, "seat %s: AI level %q (levels: easy, medium, hard)", player, sr.Level)
		}
		seat.Level, seat.Name = sr.Level, sr.Name
		seat.NoTakebacks = sr.Takebacks != nil && !*sr.Takebacks
	default:
		return seat, grant, Errorf(wire.CodeBadSeats, "seat %s: type %q (types: human, open, ai)", player, sr.Type)
	}
	return seat, grant, nil
}
