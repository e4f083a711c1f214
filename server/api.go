package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"norns/dice"
	"norns/ending"
	"norns/game"
	"norns/store"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	api := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		m.Handle(pattern, s.guard(h))
	}
	api("GET /api/catalog", s.handleCatalog)
	api("GET /api/catalog/{game}", s.handleCatalogGame)
	api("GET /api/games", s.handleList)
	api("POST /api/games", s.handleCreate)
	api("GET /api/games/{id}", s.handleGet)
	api("POST /api/games/{id}/join", s.handleJoin)
	api("POST /api/games/{id}/seed", s.handleSeed)
	api("POST /api/games/{id}/actions", s.handlePlay)
	api("POST /api/games/{id}/resign", s.seatCommand((*table).resign))
	api("POST /api/games/{id}/abort", s.seatCommand((*table).abort))
	api("POST /api/games/{id}/rematch", s.seatCommand(func(t *table, ctx context.Context, p int) error {
		_, err := t.rematch(ctx, p)
		return err
	}))
	api("POST /api/games/{id}/draw", s.handleOffer(ending.EventDrawOffer))
	api("POST /api/games/{id}/takeback", s.handleOffer(ending.EventTakebackOffer))
	api("GET /api/games/{id}/events", s.handleEvents)
	api("GET /api/games/{id}/invites", s.handleInvites)
	api("POST /api/games/{id}/chat", s.handleChat)
	api("GET /api/games/{id}/chat", s.handleChatLog)
	api("GET /api/games/{id}/record", s.handleRecord)
	api("GET /api/signing-key", s.handleSigningKey)
	api("GET /api/games/{id}/analysis", s.handleAnalysisGet)
	api("POST /api/games/{id}/analysis", s.handleAnalysisPost)
	api("GET /api/games/{id}/ws", s.handleWS)
	api("/api/", func(w http.ResponseWriter, r *http.Request) error {
		return apiErr(CodeNotFound, "%s %s", r.Method, r.URL.Path)
	})
	m.HandleFunc("GET /healthz", s.handleHealth)
	m.HandleFunc("GET /readyz", s.handleReady)
	if s.cfg.Web != nil {
		m.Handle("/", s.cfg.Web)
	}
	s.mux = m
}

// guard wraps an API handler: rate limit, body limit, errors as JSON,
// metrics and a debug log line.
func (s *Server) guard(h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		if s.limiter != nil && !s.limiter.allow(clientAddr(r), start) {
			s.metrics.requests.WithLabelValues(CodeRateLimited).Inc()
			w.Header().Set("Retry-After", "1")
			writeError(w, r, apiErr(CodeRateLimited, "more than %g requests per second from %s", s.cfg.RateLimit, clientAddr(r)))
			return
		}
		if s.closing() {
			writeError(w, r, apiErr(CodeShuttingDown, ""))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		err := h(w, r)
		code := "ok"
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
				e = &Error{Code: CodeInternal}
			}
			code = e.Code
			writeError(w, r, e)
		}
		s.metrics.requests.WithLabelValues(code).Inc()
		s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "code", code, "took", time.Since(start))
	})
}

// clientAddr is the client's IP address, the key of the rate limit.
func clientAddr(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	return host
}

// readJSON decodes a request body into v, refusing unknown fields and
// trailing data.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apiErr(CodeTooLarge, "the limit is %d bytes", tooBig.Limit)
		}
		if errors.Is(err, io.EOF) {
			return apiErr(CodeBadRequest, "empty body")
		}
		return apiErr(CodeBadRequest, "%v", err)
	}
	if dec.More() {
		return apiErr(CodeBadRequest, "data after the JSON value")
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// writeRaw answers with JSON already encoded.
func writeRaw(w http.ResponseWriter, status int, b []byte) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, err := w.Write(b)
	return err
}

// token reads the seat token of a request: "Authorization: Bearer
// <token>" (the scheme in any case). A token is never read from a URL.
func token(r *http.Request) string {
	scheme, t, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(t)
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
		return apiErr(CodeBadSeed, "the seed has %d characters, it must have 1 to 64", len(seed))
	}
	for _, c := range []byte(seed) {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return apiErr(CodeBadSeed, "the seed contains %q", c)
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
		return apiErr(CodeBadSeats, "a name has 1 to %d letters, digits, spaces or the characters - _ . and does not begin or end with a space", maxName)
	}
	if i := strings.IndexFunc(name, invisible); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return apiErr(CodeBadSeats, "a name may not contain %U, a character that shows as nothing", r)
	}
	if !strings.ContainsFunc(name, visible) {
		return apiErr(CodeBadSeats, "a name needs a letter or a digit that shows")
	}
	return nil
}

// CatalogGame describes a game the server offers.
type CatalogGame struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Players []string `json:"players"`
	Chance  bool     `json:"chance"`
	PGN     bool     `json:"pgn"`
	// Records lists the formats of GET /api/games/{id}/record for the
	// game, its default first.
	Records []string        `json:"records"`
	Options []CatalogOption `json:"options"`
	Levels  []string        `json:"ai_levels"`
}

// CatalogOption is a game option: its values ("<n>" stands for any whole
// number from 1 up).
type CatalogOption struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
	Help    string   `json:"help"`
}

func (s *Server) catalogEntry(g game.Game) CatalogGame {
	c := CatalogGame{Name: g.Name(), Title: g.Title(), Players: g.Players(), Chance: g.ChanceMode() == game.ExplicitStochastic, Options: []CatalogOption{}}
	for _, o := range g.Options() {
		c.Options = append(c.Options, CatalogOption{Name: o.Name, Default: o.Default, Values: o.Values, Help: o.Help})
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

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) error {
	out := []CatalogGame{}
	for _, g := range s.cfg.Games {
		out = append(out, s.catalogEntry(g))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

func (s *Server) handleCatalogGame(w http.ResponseWriter, r *http.Request) error {
	g, err := s.gameByName(r.PathValue("game"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, s.catalogEntry(g))
}

// SeatRequest is one seat of a create request.
type SeatRequest struct {
	// Type is "human" (the creator's seat: the answer carries its token),
	// "open" (for a player who joins with the invitation) or "ai".
	Type string `json:"type"`
	// Public makes an open seat joinable by anyone from the list of
	// games, which then shows its invitation.
	Public bool   `json:"public,omitempty"`
	Name   string `json:"name,omitempty"`
	Level  string `json:"level,omitempty"`
	Seed   string `json:"seed,omitempty"`
	// Takebacks false makes an AI seat refuse takebacks (it grants them
	// by default).
	Takebacks *bool `json:"takebacks,omitempty"`
}

// ClockRequest is a Fischer clock.
type ClockRequest struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	// DaysPerMove makes a correspondence clock instead: each turn has that
	// many days (1 to 14), and time not used is not kept.
	DaysPerMove int `json:"days_per_move,omitempty"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Seats   []SeatRequest     `json:"seats,omitempty"`
	Clock   *ClockRequest     `json:"clock,omitempty"`
	// Public lists the game in the lists of games, for anybody to watch.
	// By default a game for friends (with open seats, none of them
	// public) is private, seen only by those who have its link, and any
	// other game is public. A game with a public seat is always listed.
	Public *bool `json:"public,omitempty"`
}

// SeatGrant is a seat in a create or join answer: a token for the seats
// the caller holds, an invitation for the open ones.
type SeatGrant struct {
	Player    string `json:"player"`
	Kind      string `json:"kind"`
	Token     string `json:"token,omitempty"`
	Invite    string `json:"invite,omitempty"`
	InviteURL string `json:"invite_url,omitempty"`
}

// CreateResponse is the answer to POST /api/games.
type CreateResponse struct {
	ID    string          `json:"id"`
	Seats []SeatGrant     `json:"seats"`
	Game  json.RawMessage `json:"game"`
}

// inviteURL is the link that opens an invitation in the web app, on the
// server's origin.
func (s *Server) inviteURL(r *http.Request, id, player, invite string) string {
	return fmt.Sprintf("%s/games/%s?seat=%s&invite=%s", s.origin(r), id, player, invite)
}

// origin is the scheme and host of the server's absolute URLs: the public
// URL configured, else the address the request came to (the local side of
// its connection, "http://127.0.0.1:8080"), else http://localhost. Never
// the request's Host header: a client may write any site there.
func (s *Server) origin(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr); ok {
		return scheme + "://" + a.String()
	}
	return scheme + "://localhost"
}

// PublicOrigin checks a public URL (Config.PublicURL) and returns it as
// an origin, "https://norns.example": an http or https URL with a host and
// nothing after it but a slash, which it drops.
func PublicOrigin(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("server: public URL %q: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil || u.Opaque != "" ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return "", fmt.Errorf("server: public URL %q: want http:// or https:// and a host, with no path, query or user (https://norns.example)", raw)
	}
	return u.Scheme + "://" + u.Host, nil
}

// newGame is the record of a new game, with a new id, dice seed and
// commitment, and the status of its start.
func (s *Server) newGame(g game.Game, options map[string]string, clock *store.Clock, seats []store.Seat, now time.Time) (*store.Game, error) {
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

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req CreateRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	g, err := s.gameByName(req.Game)
	if err != nil {
		return err
	}
	st, err := g.New(game.Options(req.Options))
	if err != nil {
		if errors.Is(err, game.ErrOption) {
			return apiErr(CodeBadOption, "%v", err)
		}
		return err
	}
	players := st.Players()
	if req.Seats == nil {
		req.Seats = []SeatRequest{{Type: store.SeatHuman}}
		for range players[1:] {
			req.Seats = append(req.Seats, SeatRequest{Type: store.SeatOpen})
		}
	}
	if len(req.Seats) != len(players) {
		return apiErr(CodeBadSeats, "%s with these options has %d seats (%s), the request gives %d", g.Name(), len(players), strings.Join(players, ", "), len(req.Seats))
	}
	clock, err := createClock(req.Clock)
	if err != nil {
		return err
	}
	rec, err := s.newGame(g, st.Options(), clock, nil, time.Now().UTC())
	if err != nil {
		return err
	}
	var grants []SeatGrant
	people := false
	for i, sr := range req.Seats {
		seat, grant, err := s.createSeat(r, rec.ID, players[i], sr)
		if err != nil {
			return err
		}
		people = people || sr.Type != store.SeatAI
		rec.Seats = append(rec.Seats, seat)
		grants = append(grants, grant)
	}
	if err := setPrivate(rec, req.Public); err != nil {
		return err
	}
	if !people && !s.cfg.AIOnlyGames {
		return apiErr(CodeAIOnly, "every seat is an AI's: such games are played by the balance lab (norns lab), or on a server started with --ai-games")
	}
	t, err := s.newTable(rec, nil)
	if err != nil {
		return err
	}
	t.chatSeq = 0 // a new game has no chat yet
	if hasAI(rec.Seats) {
		if err := s.countAI(rec.ID, clientAddr(r)); err != nil {
			return err
		}
		t.owner = clientAddr(r)
	}
	if err := s.store.Create(r.Context(), rec); err != nil {
		s.uncountAI(t.rec.ID)
		return err
	}
	s.hold(t) // from here on the game is reached by its id
	s.log.Info("game created", "game", rec.ID, "name", rec.Game, "options", game.Options(rec.Options).String())
	// The answer holds the commitment and no roll: a game whose first
	// event is a roll rolls once the players' seeds are in (or, with no
	// player, right after this answer).
	var view []byte
	s.with(r.Context(), rec.ID, func(t *table) error {
		view = t.viewJSON()
		return nil
	})
	if err := writeJSON(w, http.StatusCreated, CreateResponse{ID: rec.ID, Seats: grants, Game: view}); err != nil {
		return err
	}
	return s.with(context.WithoutCancel(r.Context()), rec.ID, func(t *table) error {
		t.next()
		return nil
	})
}

// createClock is the clock a create request asks for: nil for none.
func createClock(c *ClockRequest) (*store.Clock, error) {
	switch {
	case c == nil:
		return nil, nil
	case c.DaysPerMove != 0 && (c.DaysPerMove < 1 || c.DaysPerMove > 14 || c.InitialMs != 0 || c.IncrementMs != 0):
		return nil, apiErr(CodeBadClock, "days_per_move must be 1 to 14, without initial_ms or increment_ms")
	case c.DaysPerMove != 0:
		return &store.Clock{Initial: time.Duration(c.DaysPerMove) * 24 * time.Hour, PerMove: true}, nil
	case c.InitialMs < 1000 || c.InitialMs > 24*3600*1000 || c.IncrementMs < 0 || c.IncrementMs > 3600*1000:
		return nil, apiErr(CodeBadClock, "initial_ms must be 1000 to 86400000 and increment_ms 0 to 3600000")
	default:
		return &store.Clock{Initial: time.Duration(c.InitialMs) * time.Millisecond, Increment: time.Duration(c.IncrementMs) * time.Millisecond}, nil
	}
}

// createSeat is the seat player of the new game id as sr asks, and the
// grant the creator gets for it: a token for a human seat, an
// invitation for an open one.
func (s *Server) createSeat(r *http.Request, id, player string, sr SeatRequest) (store.Seat, SeatGrant, error) {
	seat := store.Seat{Player: player, Kind: sr.Type}
	grant := SeatGrant{Player: player, Kind: sr.Type}
	if err := checkName(sr.Name); err != nil {
		return seat, grant, err
	}
	if sr.Public && sr.Type != store.SeatOpen {
		return seat, grant, apiErr(CodeBadSeats, "seat %s: only an open seat can be public", player)
	}
	if sr.Seed != "" {
		// The server commits to its seed before it accepts any of
		// the players' (docs/fair-dice.md).
		return seat, grant, apiErr(CodeBadSeed, "seat %s: a seed is given once the game exists and its commitment is published: POST /api/games/{id}/seed, or with the join", player)
	}
	switch sr.Type {
	case store.SeatHuman:
		seat.Name, seat.Creator = sr.Name, true
		grant.Token, seat.TokenHash = secret()
	case store.SeatOpen:
		grant.Invite, seat.InviteHash = secret()
		grant.InviteURL = s.inviteURL(r, id, player, grant.Invite)
		seat.Public, seat.Invite = sr.Public, grant.Invite
	case store.SeatAI:
		if _, ok := s.cfg.AITime[sr.Level]; !ok {
			return seat, grant, apiErr(CodeBadSeats, "seat %s: AI level %q (levels: easy, medium, hard)", player, sr.Level)
		}
		seat.Level, seat.Name = sr.Level, sr.Name
		seat.NoTakebacks = sr.Takebacks != nil && !*sr.Takebacks
	default:
		return seat, grant, apiErr(CodeBadSeats, "seat %s: type %q (types: human, open, ai)", player, sr.Type)
	}
	return seat, grant, nil
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
		return apiErr(CodeBadSeats, "a game with a public seat is listed for anybody to join: it cannot be private")
	}
	return nil
}

// JoinRequest is the body of POST /api/games/{id}/join.
type JoinRequest struct {
	// Seat names the open seat; empty takes the one the invitation opens.
	Seat   string `json:"seat,omitempty"`
	Invite string `json:"invite"`
	Name   string `json:"name,omitempty"`
	// Seed is the player's dice seed, optional here (the commitment was
	// published when the game was created), and Commit the commitment to
	// the client's first nonce (dice scheme v2).
	Seed   string `json:"seed,omitempty"`
	Commit string `json:"commit,omitempty"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req JoinRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	if req.Seed != "" {
		if err := checkSeed(req.Seed); err != nil {
			return err
		}
	}
	if err := checkCommit(req.Commit); err != nil {
		return err
	}
	ctx := context.WithoutCancel(r.Context())
	id := r.PathValue("id")
	var player, tok string
	err := s.with(ctx, id, func(t *table) (err error) {
		player, tok, err = t.join(ctx, req)
		return err
	})
	if err != nil {
		return err
	}
	return s.with(ctx, id, func(t *table) error {
		return writeJSON(w, http.StatusOK, map[string]any{"player": player, "token": tok, "game": json.RawMessage(t.viewJSON())})
	})
}

// SeedRequest is the body of POST /api/games/{id}/seed.
type SeedRequest struct {
	Seed string `json:"seed"`
	// Commit is the commitment to the client's first nonce (dice scheme
	// v2), or "".
	Commit string `json:"commit,omitempty"`
}

func (s *Server) handleSeed(w http.ResponseWriter, r *http.Request) error {
	var req SeedRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := checkSeed(req.Seed); err != nil {
		return err
	}
	if err := checkCommit(req.Commit); err != nil {
		return err
	}
	return s.seatCommand(func(t *table, ctx context.Context, p int) error {
		return t.setSeed(ctx, p, req.Seed, req.Commit)
	})(w, r)
}

// authorize returns the seat the request's token opens. Callers hold mu.
func (t *table) authorize(r *http.Request) (int, error) {
	tok := token(r)
	if tok == "" {
		return -1, apiErr(CodeMissingToken, "")
	}
	p := t.seatOf(tok)
	if p < 0 {
		return -1, apiErr(CodeBadToken, "")
	}
	return p, nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) error {
	return s.with(r.Context(), r.PathValue("id"), func(t *table) error {
		if tok := token(r); tok != "" {
			p := t.seatOf(tok)
			if p < 0 {
				return apiErr(CodeBadToken, "")
			}
			v := t.buildView(0)
			v.You = v.Players[p]
			return writeJSON(w, http.StatusOK, v)
		}
		return writeRaw(w, http.StatusOK, t.viewJSON())
	})
}

// PlayRequest is the body of POST /api/games/{id}/actions.
type PlayRequest struct {
	// Action is the action in the game's notation.
	Action string `json:"action"`
	// Seq is the last sequence number the client has seen: the game's
	// seq now, or the action is refused as stale.
	Seq *int64 `json:"seq"`
	// Reveal is the nonce the seat committed to, revealed, and its
	// commitment to the next (dice scheme v2).
	Reveal
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) error {
	var req PlayRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if req.Seq == nil {
		return apiErr(CodeBadRequest, "seq is missing: send the last sequence number seen")
	}
	ctx := context.WithoutCancel(r.Context())
	return s.with(ctx, r.PathValue("id"), func(t *table) error {
		if *req.Seq > t.seq() || !t.started() {
			// The client has seen more than this instance holds, or the
			// game has started on another instance (the last seat or seed
			// came there): catch up first. (When another instance
			// appended what neither has seen yet, the store refuses the
			// append.)
			if err := s.catchUp(ctx, t, !t.started()); err != nil {
				return err
			}
		}
		p, err := t.authorize(r)
		if err != nil {
			return err
		}
		if err := t.play(ctx, p, req.Action, *req.Seq, req.Reveal); err != nil {
			return err
		}
		return writeRaw(w, http.StatusOK, t.viewJSONFrom(*req.Seq))
	})
}

// seatCommand answers a request a seat makes of its game (resign, abort,
// rematch, an offer, its seed): do runs on the game with the seat the
// request's token opens; the answer is the view.
func (s *Server) seatCommand(do func(t *table, ctx context.Context, p int) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		ctx := context.WithoutCancel(r.Context())
		id := r.PathValue("id")
		err := s.with(ctx, id, func(t *table) error {
			p, err := t.authorize(r)
			if err != nil {
				return err
			}
			return do(t, ctx, p)
		})
		if err != nil {
			return err
		}
		return s.with(ctx, id, func(t *table) error { return writeRaw(w, http.StatusOK, t.viewJSON()) })
	}
}

// handleInvites gives the game's creator the invitations of its open
// seats, to share again: {"invites": [{player, kind, invite, invite_url}]}.
// Any other seat holder gets not_creator: whoever joined a public seat
// must not learn a private seat's invitation. A game stored before the
// creator's seats were marked gives them to nobody.
func (s *Server) handleInvites(w http.ResponseWriter, r *http.Request) error {
	return s.with(r.Context(), r.PathValue("id"), func(t *table) error {
		p, err := t.authorize(r)
		if err != nil {
			return err
		}
		if !t.rec.Seats[p].Creator {
			return apiErr(CodeNotCreator, "seat %s did not create the game", t.rec.Seats[p].Player)
		}
		out := []SeatGrant{}
		for _, seat := range t.rec.Seats {
			if seat.Kind == store.SeatOpen && seat.Invite != "" && !t.over() {
				out = append(out, SeatGrant{Player: seat.Player, Kind: seat.Kind, Invite: seat.Invite, InviteURL: s.inviteURL(r, t.rec.ID, seat.Player, seat.Invite)})
			}
		}
		return writeJSON(w, http.StatusOK, map[string]any{"invites": out})
	})
}

// OfferRequest is the body of POST /api/games/{id}/draw and /takeback:
// accept true offers, or accepts the other player's offer; false declines
// it.
type OfferRequest struct {
	Accept *bool `json:"accept"`
}

// handleOffer answers a seat's word on a draw or a takeback (what).
func (s *Server) handleOffer(what string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req OfferRequest
		if err := readJSON(r, &req); err != nil {
			return err
		}
		if req.Accept == nil {
			return apiErr(CodeBadRequest, "accept is missing: true to offer or accept, false to decline")
		}
		return s.seatCommand(func(t *table, ctx context.Context, p int) error {
			return t.offer(ctx, p, what, *req.Accept)
		})(w, r)
	}
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	return s.with(r.Context(), r.PathValue("id"), func(t *table) error {
		out := []EventView{}
		for i := int(min(since, t.seq())); i < len(t.events); i++ {
			out = append(out, eventView(t.events[i], t.autos[i]))
		}
		return writeJSON(w, http.StatusOK, map[string]any{"seq": t.seq(), "events": out})
	})
}

func sinceParam(r *http.Request) (int64, error) {
	v := r.URL.Query().Get("since")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, apiErr(CodeBadParameter, "since=%q is not a sequence number", v)
	}
	return n, nil
}

// Summary is a game in a list.
type Summary struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Seats    []SeatView        `json:"seats"`
	Seq      int64             `json:"seq"`
	Status   string            `json:"status"`
	Result   string            `json:"result"`
	Finished bool              `json:"finished"`
	Created  time.Time         `json:"created"`
	Updated  time.Time         `json:"updated"`
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	public := false
	f := store.Filter{Private: &public}
	switch q.Get("state") {
	case "":
	case "live":
		f.Finished = new(bool)
	case "finished":
		f.Finished = new(bool)
		*f.Finished = true
	default:
		return apiErr(CodeBadParameter, "state=%q (states: live, finished)", q.Get("state"))
	}
	if g := q.Get("game"); g != "" {
		if _, err := s.gameByName(g); err != nil {
			return err
		}
		f.Game = g
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return apiErr(CodeBadParameter, "limit=%q (1 to 1000)", v)
		}
		f.Limit = n
	}
	gs, err := s.store.List(r.Context(), f)
	if err != nil {
		return err
	}
	out := []Summary{}
	for _, g := range gs {
		sm := Summary{ID: g.ID, Game: g.Game, Options: g.Options, Seq: g.Seq, Status: g.Status, Result: g.Result, Finished: g.Finished, Created: g.Created, Updated: g.Updated}
		for _, seat := range g.Seats {
			sv := SeatView{Player: seat.Player, Kind: seat.Kind, Name: seat.Name, Level: seat.Level, Seeded: seat.Seed != ""}
			if seat.Kind == store.SeatOpen && seat.Public && !g.Finished {
				sv.Public, sv.Invite = true, seat.Invite
			}
			sm.Seats = append(sm.Seats, sv)
		}
		out = append(out, sm)
	}
	return writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) error {
	// The Norns record carries the chat: the spectators' room for
	// everybody, the players' only for a request with a seat's token. The
	// Norns record of a finished game is signed (sign.go).
	key, err := s.signingKey(r.Context())
	if err != nil {
		return err
	}
	var chat []store.ChatMessage
	if c, ok := s.store.(store.Chatter); ok {
		var err error
		if chat, err = c.Chat(r.Context(), r.PathValue("id"), "", 0, 0); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return s.with(r.Context(), r.PathValue("id"), func(t *table) error {
		if t.seatOf(token(r)) < 0 {
			chat = slices.DeleteFunc(chat, func(m store.ChatMessage) bool { return m.Room == roomPlayers })
		}
		formats := recordFormats(t.st)
		format := r.URL.Query().Get("format")
		if format == "" {
			format = formats[0]
		}
		if !slices.Contains(formats, format) {
			if slices.Contains(allRecordFormats, format) {
				return apiErr(CodeNoRecord, "%s has no %s record (formats: %s)", t.g.Name(), format, strings.Join(formats, ", "))
			}
			return apiErr(CodeBadParameter, "format=%q (formats: %s)", format, strings.Join(formats, ", "))
		}
		var text, name string
		ctype := "text/plain; charset=utf-8"
		switch format {
		case "norns":
			var err error
			if text, err = t.record(key, chat); err != nil {
				return err
			}
			name = t.rec.ID + ".norns"
		case "json":
			j, err := t.recordJSON(key, chat)
			if err != nil {
				return err
			}
			b, err := json.MarshalIndent(j, "", "  ")
			if err != nil {
				return err
			}
			text, name, ctype = string(b)+"\n", t.rec.ID+".json", "application/json"
		case "pgn":
			text, name = t.st.(game.PGNWriter).PGN(t.pgnTags()), t.rec.ID+".pgn"
		case "text":
			text, name = t.st.(game.Recorder).Record(t.textTags()), t.rec.ID+".txt"
		default: // a game's own format (game.FormatWriter)
			var err error
			if text, err = t.st.(game.FormatWriter).WriteFormat(format, t.textTags()); err != nil {
				return err
			}
			name = t.rec.ID + "." + format
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
		_, err := io.WriteString(w, text)
		return err
	})
}
