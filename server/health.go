package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// handleHealth answers GET /healthz, the liveness check: "ok" whenever the
// process answers at all. It reads nothing and writes nothing.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok\n")
}

// Readiness.
const (
	// readyFor is how long the outcome of a readiness check is reused:
	// requests to /readyz make at most one write a second, however many
	// they are.
	readyFor = time.Second
	// probeLimit bounds a readiness check's write: a database that takes
	// longer is not ready.
	probeLimit = 2 * time.Second
)

// readyCache holds the last outcome of a readiness check. protect makes
// one for each handler and hands it to handleReady in the request's
// context.
type readyCache struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

type readyKey struct{}

// handleReady answers GET /readyz, the readiness check: 200 "ok" when the
// server can take games, else 503 with the error not_ready, whose detail
// says why (the server is shutting down, or the store's probe failed: a
// read-only database, a full disk, a lost connection). The store's probe
// (store.Prober) makes a real write; its outcome is reused for readyFor,
// and requests that come while it runs wait for it instead of writing too.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.closing() {
		writeNotReady(w, r, "the server is shutting down")
		return
	}
	rc, _ := r.Context().Value(readyKey{}).(*readyCache)
	if rc == nil {
		rc = &readyCache{}
	}
	if err := rc.check(s.cfg.Store, time.Now()); err != nil {
		s.log.Warn("not ready", "err", err)
		writeNotReady(w, r, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, "ok\n")
}

// check returns the outcome of the store's probe, reusing the last one
// for readyFor. A store that cannot probe is taken as ready.
func (rc *readyCache) check(st store.Store, now time.Time) error {
	p, ok := st.(store.Prober)
	if !ok {
		return nil
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if !rc.at.IsZero() && now.Sub(rc.at) < readyFor {
		return rc.err
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeLimit)
	defer cancel()
	rc.err = p.Probe(ctx)
	if errors.Is(rc.err, context.DeadlineExceeded) {
		rc.err = errors.New("the database did not take a write within " + probeLimit.String())
	}
	rc.at = time.Now()
	return rc.err
}

// writeNotReady answers 503 with the error not_ready and its reason.
func writeNotReady(w http.ResponseWriter, r *http.Request, detail string) {
	w.Header().Set("Retry-After", "1")
	writeError(w, r, live.Errorf(wire.CodeNotReady, "%s", detail))
}
