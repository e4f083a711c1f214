package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"norns/dice"
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
	api("GET /api/games/{id}/events", s.handleEvents)
	api("GET /api/games/{id}/record", s.handleRecord)
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

// token reads the seat token of a request: "Authorization: Bearer <token>",
// or the token query parameter (for WebSocket clients, which cannot set
// headers).
func token(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
	}
	return r.URL.Query().Get("token")
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

// checkSeed checks a seat's dice seed: up to 64 printable ASCII characters,
// no quote or backslash (records carry it in quotes).
func checkSeed(seed string) error {
	if len(seed) > 64 {
		return apiErr(CodeBadSeed, "the seed has %d characters, at most 64", len(seed))
	}
	for _, c := range []byte(seed) {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return apiErr(CodeBadSeed, "the seed contains %q", c)
		}
	}
	return nil
}

// checkName checks a display name: up to 40 characters, no control
// characters, no quotes.
func checkName(name string) error {
	if len([]rune(name)) > 40 || strings.ContainsAny(name, "\"\\\n\r\t") {
		return apiErr(CodeBadSeats, "a name must be at most 40 characters without quotes, backslashes or line breaks")
	}
	return nil
}

// CatalogGame describes a game the server offers.
type CatalogGame struct {
	Name    string          `json:"name"`
	Title   string          `json:"title"`
	Players []string        `json:"players"`
	Chance  bool            `json:"chance"`
	PGN     bool            `json:"pgn"`
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
}

// ClockRequest is a Fischer clock.
type ClockRequest struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Seats   []SeatRequest     `json:"seats,omitempty"`
	Clock   *ClockRequest     `json:"clock,omitempty"`
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

func inviteURL(r *http.Request, id, player, invite string) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return fmt.Sprintf("%s://%s/games/%s?seat=%s&invite=%s", scheme, r.Host, id, player, invite)
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
	var clock *store.Clock
	if req.Clock != nil {
		c := req.Clock
		if c.InitialMs < 1000 || c.InitialMs > 24*3600*1000 || c.IncrementMs < 0 || c.IncrementMs > 3600*1000 {
			return apiErr(CodeBadClock, "initial_ms must be 1000 to 86400000 and increment_ms 0 to 3600000")
		}
		clock = &store.Clock{Initial: time.Duration(c.InitialMs) * time.Millisecond, Increment: time.Duration(c.IncrementMs) * time.Millisecond}
	}
	seed, err := dice.NewSeed()
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	rec := &store.Game{ID: newID(), Game: g.Name(), Options: st.Options(), Clock: clock, ServerSeed: seed, Commitment: dice.Commit(seed), Created: now, Updated: now}
	var grants []SeatGrant
	for i, sr := range req.Seats {
		seat := store.Seat{Player: players[i], Kind: sr.Type}
		grant := SeatGrant{Player: players[i], Kind: sr.Type}
		if err := checkName(sr.Name); err != nil {
			return err
		}
		if sr.Public && sr.Type != store.SeatOpen {
			return apiErr(CodeBadSeats, "seat %s: only an open seat can be public", players[i])
		}
		switch sr.Type {
		case store.SeatHuman:
			if err := checkSeed(sr.Seed); err != nil {
				return err
			}
			seat.Name, seat.Seed = sr.Name, sr.Seed
			grant.Token, seat.TokenHash = secret()
		case store.SeatOpen:
			grant.Invite, seat.InviteHash = secret()
			grant.InviteURL = inviteURL(r, rec.ID, players[i], grant.Invite)
			if sr.Public {
				seat.Public, seat.Invite = true, grant.Invite
			}
		case store.SeatAI:
			if _, ok := s.cfg.AITime[sr.Level]; !ok {
				return apiErr(CodeBadSeats, "seat %s: AI level %q (levels: easy, medium, hard)", players[i], sr.Level)
			}
			seat.Level, seat.Name = sr.Level, sr.Name
		default:
			return apiErr(CodeBadSeats, "seat %s: type %q (types: human, open, ai)", players[i], sr.Type)
		}
		rec.Seats = append(rec.Seats, seat)
		grants = append(grants, grant)
	}
	l, err := s.restore(rec, nil)
	if err != nil {
		return err
	}
	u := l.update()
	rec.Status, rec.Result = u.Status, u.Result
	if err := s.store.Create(r.Context(), rec); err != nil {
		return err
	}
	s.mu.Lock()
	s.games[rec.ID] = l
	if len(s.games) > maxHeld {
		s.forget()
	}
	s.mu.Unlock()
	s.metrics.live.Inc()
	s.log.Info("game created", "game", rec.ID, "name", rec.Game, "options", game.Options(rec.Options).String())
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.commit(context.WithoutCancel(r.Context()), nil); err != nil {
		return err
	}
	l.next()
	return writeJSON(w, http.StatusCreated, CreateResponse{ID: rec.ID, Seats: grants, Game: l.viewJSON()})
}

// JoinRequest is the body of POST /api/games/{id}/join.
type JoinRequest struct {
	// Seat names the open seat; empty takes the one the invitation opens.
	Seat   string `json:"seat,omitempty"`
	Invite string `json:"invite"`
	Name   string `json:"name,omitempty"`
	Seed   string `json:"seed,omitempty"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req JoinRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	if err := checkSeed(req.Seed); err != nil {
		return err
	}
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	h := sha256.Sum256([]byte(req.Invite))
	idx := -1
	for i, seat := range l.rec.Seats {
		if req.Seat != "" && seat.Player != req.Seat {
			continue
		}
		if len(seat.InviteHash) == len(h) && subtle.ConstantTimeCompare(seat.InviteHash, h[:]) == 1 {
			idx = i
		}
	}
	if idx < 0 {
		if req.Seat != "" && !slices.ContainsFunc(l.rec.Seats, func(s store.Seat) bool { return s.Player == req.Seat }) {
			return apiErr(CodeBadInvite, "no seat %q", req.Seat)
		}
		return apiErr(CodeBadInvite, "")
	}
	if l.rec.Seats[idx].Kind != store.SeatOpen {
		return apiErr(CodeSeatNotOpen, "seat %s is taken", l.rec.Seats[idx].Player)
	}
	if l.over() {
		return apiErr(CodeGameOver, "")
	}
	seats := slices.Clone(l.rec.Seats)
	tok, th := secret()
	seats[idx] = store.Seat{Player: seats[idx].Player, Kind: store.SeatHuman, Name: req.Name, Seed: req.Seed, TokenHash: th, InviteHash: seats[idx].InviteHash}
	if err := s.store.SetSeats(r.Context(), l.rec.ID, seats); err != nil {
		return err
	}
	l.rec.Seats = seats
	l.invalidate()
	s.log.Info("seat joined", "game", l.rec.ID, "seat", seats[idx].Player)
	start := l.seq()
	if err := l.commit(context.WithoutCancel(r.Context()), nil); err != nil {
		return err
	}
	if l.seq() == start {
		l.broadcast(int(start)) // the seats changed: a new state for everyone
	}
	l.next()
	return writeJSON(w, http.StatusOK, map[string]any{"player": seats[idx].Player, "token": tok, "game": json.RawMessage(l.viewJSON())})
}

// SeedRequest is the body of POST /api/games/{id}/seed.
type SeedRequest struct {
	Seed string `json:"seed"`
}

func (s *Server) handleSeed(w http.ResponseWriter, r *http.Request) error {
	var req SeedRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if err := checkSeed(req.Seed); err != nil {
		return err
	}
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	p, err := l.authorize(r)
	if err != nil {
		return err
	}
	if l.roller != nil || l.rolls > 0 {
		return apiErr(CodeSeedLocked, "%d rolls made", l.rolls)
	}
	seats := slices.Clone(l.rec.Seats)
	seats[p].Seed = req.Seed
	if err := s.store.SetSeats(r.Context(), l.rec.ID, seats); err != nil {
		return err
	}
	l.rec.Seats = seats
	l.invalidate()
	l.broadcast(int(l.seq())) // the new state, for everyone watching
	return writeRaw(w, http.StatusOK, l.viewJSON())
}

// authorize returns the seat the request's token opens. Callers hold mu.
func (l *live) authorize(r *http.Request) (int, error) {
	t := token(r)
	if t == "" {
		return -1, apiErr(CodeMissingToken, "")
	}
	p := l.seatOf(t)
	if p < 0 {
		return -1, apiErr(CodeBadToken, "")
	}
	return p, nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) error {
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if t := token(r); t != "" {
		p := l.seatOf(t)
		if p < 0 {
			return apiErr(CodeBadToken, "")
		}
		v := l.buildView(0)
		v.You = v.Players[p]
		return writeJSON(w, http.StatusOK, v)
	}
	return writeRaw(w, http.StatusOK, l.viewJSON())
}

// PlayRequest is the body of POST /api/games/{id}/actions.
type PlayRequest struct {
	// Action is the action in the game's notation.
	Action string `json:"action"`
	// Seq is the last sequence number the client has seen: the game's
	// seq now, or the action is refused as stale.
	Seq *int64 `json:"seq"`
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) error {
	var req PlayRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if req.Seq == nil {
		return apiErr(CodeBadRequest, "seq is missing: send the last sequence number seen")
	}
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if *req.Seq > l.seq() {
		// The client has seen more than this instance holds: another
		// instance is ahead. (When another instance appended what neither
		// has seen yet, the store refuses the append below as a conflict.)
		s.catchUp(r.Context(), l, false)
	}
	p, err := l.authorize(r)
	if err != nil {
		return err
	}
	switch {
	case l.over():
		return apiErr(CodeGameOver, "%s", game.Describe(l.shown()))
	case !l.started():
		return apiErr(CodeNotStarted, "")
	case *req.Seq != l.seq():
		return apiErr(CodeStale, "the client has seen %d, the game is at %d", *req.Seq, l.seq())
	case l.toMove() != p:
		return apiErr(CodeNotYourTurn, "%s is %s", l.st.Players()[p], game.Status(l.st))
	}
	a, err := l.st.ParseAction(strings.TrimSpace(req.Action))
	if err != nil {
		if errors.Is(err, game.ErrSyntax) {
			return apiErr(CodeMalformed, "%v", err)
		}
		return apiErr(CodeIllegal, "%v", err)
	}
	if err := l.play(context.WithoutCancel(r.Context()), p, a); err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another instance appended first; this copy of the game is
			// dropped and read again on the next request.
			return apiErr(CodeStale, "the game has moved on since %d", *req.Seq)
		}
		return err
	}
	return writeRaw(w, http.StatusOK, l.viewJSONFrom(*req.Seq))
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []EventView{}
	for i := int(min(since, l.seq())); i < len(l.events); i++ {
		out = append(out, eventView(l.events[i], l.autos[i]))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"seq": l.seq(), "events": out})
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
	var f store.Filter
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
	l, err := s.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	format := r.URL.Query().Get("format")
	pw, isPGN := l.st.(game.PGNWriter)
	if format == "" {
		format = "norns"
		if isPGN {
			format = "pgn"
		}
	}
	var text, name string
	switch format {
	case "norns":
		text, name = l.record(), l.rec.ID+".norns"
	case "pgn":
		if !isPGN {
			return apiErr(CodeNoRecord, "%s has no PGN; use format=norns", l.g.Name())
		}
		text, name = pw.PGN(l.pgnTags()), l.rec.ID+".pgn"
	default:
		return apiErr(CodeBadParameter, "format=%q (formats: norns, pgn)", format)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	_, err = io.WriteString(w, text)
	return err
}
