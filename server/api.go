package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/wire"
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
	api("POST /api/games/{id}/resign", s.seatCommand((*live.Hall).Resign))
	api("POST /api/games/{id}/abort", s.seatCommand((*live.Hall).Abort))
	api("POST /api/games/{id}/rematch", s.seatCommand((*live.Hall).Rematch))
	api("POST /api/games/{id}/rematch/decline", s.seatCommand((*live.Hall).DeclineRematch))
	api("POST /api/games/{id}/claim-victory", s.seatCommand((*live.Hall).ClaimVictory))
	api("POST /api/games/{id}/claim-draw", s.seatCommand((*live.Hall).ClaimDraw))
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
	api("GET /api/seeks", s.handleSeeks)
	api("POST /api/seeks", s.handlePostSeek)
	api("GET /api/seeks/{id}", s.handleSeekStatus)
	api("DELETE /api/seeks/{id}", s.handleCancelSeek)
	api("POST /api/seeks/{id}/accept", s.handleAccept)
	api("GET /api/lobby/ws", s.handleLobbyWS)
	s.accountRoutes(api)
	s.playerRoutes(api)
	api("/api/", func(w http.ResponseWriter, r *http.Request) error {
		return live.Errorf(wire.CodeNotFound, "%s %s", r.Method, r.URL.Path)
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
		if s.limiter != nil && !s.limiter.Allow(clientAddr(r), start) {
			s.metrics.requests.WithLabelValues(wire.CodeRateLimited).Inc()
			w.Header().Set("Retry-After", "1")
			writeError(w, r, live.Errorf(wire.CodeRateLimited, "more than %g requests per second from %s", s.cfg.RateLimit, clientAddr(r)))
			return
		}
		if s.closing() {
			writeError(w, r, live.Errorf(wire.CodeShuttingDown, ""))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		err := h(w, r)
		code := "ok"
		if err != nil {
			var e *live.Error
			if !errors.As(err, &e) {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
				e = &live.Error{Code: wire.CodeInternal}
			}
			code = e.Code
			writeError(w, r, e)
		}
		s.metrics.requests.WithLabelValues(code).Inc()
		s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "code", code, "took", time.Since(start))
	})
}

// closing reports whether Close has begun.
func (s *Server) closing() bool { return s.ctx.Err() != nil }

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
			return live.Errorf(wire.CodeTooLarge, "the limit is %d bytes", tooBig.Limit)
		}
		if errors.Is(err, io.EOF) {
			return live.Errorf(wire.CodeBadRequest, "empty body")
		}
		return live.Errorf(wire.CodeBadRequest, "%v", err)
	}
	if dec.More() {
		return live.Errorf(wire.CodeBadRequest, "data after the JSON value")
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

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, wire.CatalogResponse{Games: s.hall.Catalog()})
}

func (s *Server) handleCatalogGame(w http.ResponseWriter, r *http.Request) error {
	c, err := s.hall.CatalogGame(r.PathValue("game"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, c)
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

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req wire.CreateRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if a := s.optionalAccount(r); a != nil {
		req.Account, req.AccountName = a.ID, a.Name
	}
	resp, err := s.hall.Create(r.Context(), req, clientAddr(r))
	if err != nil {
		return err
	}
	s.inviteURLs(r, resp.ID, resp.Seats)
	if err := writeJSON(w, http.StatusCreated, resp); err != nil {
		return err
	}
	return s.hall.Start(context.WithoutCancel(r.Context()), resp.ID)
}

// inviteURLs sets the link of each invitation among grants.
func (s *Server) inviteURLs(r *http.Request, id string, grants []wire.SeatGrant) {
	for i, g := range grants {
		if g.Invite != "" {
			grants[i].InviteURL = s.inviteURL(r, id, g.Player, g.Invite)
		}
	}
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req wire.JoinRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	if a := s.optionalAccount(r); a != nil {
		req.Account, req.Name = a.ID, a.Name
	}
	player, tok, view, err := s.hall.Join(context.WithoutCancel(r.Context()), r.PathValue("id"), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"player": player, "token": tok, "game": json.RawMessage(view)})
}

func (s *Server) handleSeed(w http.ResponseWriter, r *http.Request) error {
	var req wire.SeedRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	return writeView(w)(s.hall.Seed(context.WithoutCancel(r.Context()), r.PathValue("id"), token(r), req))
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) error {
	return writeView(w)(s.hall.View(r.Context(), r.PathValue("id"), token(r)))
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) error {
	var req wire.PlayRequest
	if err := readJSON(r, &req); err != nil {
		return err
	}
	return writeView(w)(s.hall.Play(context.WithoutCancel(r.Context()), r.PathValue("id"), token(r), req))
}

// seatCommand answers a request a seat makes of its game (resign, abort,
// rematch): do runs the hall's command with the request's token; the
// answer is the view.
func (s *Server) seatCommand(do func(h *live.Hall, ctx context.Context, id, token string) ([]byte, error)) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		return writeView(w)(do(s.hall, context.WithoutCancel(r.Context()), r.PathValue("id"), token(r)))
	}
}

// writeView returns a function that answers with a view, or the error.
func writeView(w http.ResponseWriter) func(view []byte, err error) error {
	return func(view []byte, err error) error {
		if err != nil {
			return err
		}
		return writeRaw(w, http.StatusOK, view)
	}
}

// handleInvites gives the game's creator the invitations of its open
// seats, to share again: {"invites": [{player, kind, invite, invite_url}]}.
func (s *Server) handleInvites(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	out, err := s.hall.Invites(r.Context(), id, token(r))
	if err != nil {
		return err
	}
	s.inviteURLs(r, id, out)
	return writeJSON(w, http.StatusOK, wire.InvitesResponse{Invites: out})
}

// handleOffer answers a seat's word on a draw or a takeback (what).
func (s *Server) handleOffer(what string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req wire.OfferRequest
		if err := readJSON(r, &req); err != nil {
			return err
		}
		return writeView(w)(s.hall.Offer(context.WithoutCancel(r.Context()), r.PathValue("id"), token(r), what, req))
	}
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) error {
	since, err := sinceParam(r)
	if err != nil {
		return err
	}
	seq, out, err := s.hall.Events(r.Context(), r.PathValue("id"), since)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, wire.EventsResponse{Seq: seq, Events: out})
}

func sinceParam(r *http.Request) (int64, error) {
	v := r.URL.Query().Get("since")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, live.Errorf(wire.CodeBadParameter, "since=%q is not a sequence number", v)
	}
	return n, nil
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return live.Errorf(wire.CodeBadParameter, "limit=%q (1 to 1000)", v)
		}
		limit = n
	}
	out, err := s.hall.List(r.Context(), q.Get("state"), q.Get("game"), limit)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, wire.ListResponse{Games: out})
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.hall.Record(r.Context(), r.PathValue("id"), token(r), r.URL.Query().Get("format"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", rec.ContentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", rec.Name))
	_, err = io.WriteString(w, rec.Text)
	return err
}
