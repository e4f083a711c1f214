package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// get sends GET path to h and returns the status and body.
func get(h http.Handler, path string) (int, string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	return w.Code, w.Body.String()
}

// notReady decodes a not_ready answer.
func notReady(t *testing.T, body string) apiError {
	t.Helper()
	var b struct {
		Error apiError `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatalf("answer %q: %v", body, err)
	}
	return b.Error
}

// TestHealthAndReady: on a database it can write, /healthz and /readyz say
// ok, and the readiness check wrote the probe's row in the database file.
func TestHealthAndReady(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "norns.db")
	e := startOn(t, db, nil)
	for _, path := range []string{"/healthz", "/readyz"} {
		resp, err := http.Get(e.base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(b) != "ok\n" || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s = %d %q (Cache-Control %q), want 200 \"ok\\n\" (no-store)", path, resp.StatusCode, b, resp.Header.Get("Cache-Control"))
		}
	}
	conn, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(`SELECT count(*) FROM probe`).Scan(&n); err != nil || n != 1 {
		t.Errorf("probe rows after GET /readyz = %d, %v; want 1", n, err)
	}
}

// probing is a store whose probe fails with fail (when set) and counts its
// calls.
type probing struct {
	store.Store
	calls atomic.Int64
	mu    sync.Mutex
	fail  error
}

func (p *probing) Probe(ctx context.Context) error {
	p.calls.Add(1)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fail
}

// TestReadyCached: many readiness checks at once make one probe (the
// outcome is kept a second), a failed probe answers 503 not_ready with its
// reason while /healthz still says ok, and a server shutting down is not
// ready.
func TestReadyCached(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := &probing{Store: st, fail: errors.New("disk full")}
	srv, err := server.New(server.Config{Config: live.Config{Store: p, Games: games.All}})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	start := time.Now()
	var wg sync.WaitGroup
	codes := make([]int, 50)
	bodies := make([]string, len(codes))
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], bodies[i] = get(h, "/readyz")
		}()
	}
	wg.Wait()
	// The outcome is reused for a second: one probe, or one more for each
	// second this took on a very slow machine.
	if n, most := p.calls.Load(), 1+int64(time.Since(start)/time.Second); n < 1 || n > most {
		t.Errorf("%d readiness checks made %d probes, want 1 (at most %d)", len(codes), n, most)
	}
	for i := range codes {
		e := notReady(t, bodies[i])
		if codes[i] != http.StatusServiceUnavailable || e.Code != "not_ready" || e.Message == "" || !strings.Contains(e.Detail, "disk full") {
			t.Fatalf("GET /readyz with a failing probe = %d %+v, want 503 not_ready \"disk full\"", codes[i], e)
		}
	}
	if code, body := get(h, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /healthz with a failing probe = %d %q, want 200 ok", code, body)
	}
	srv.Close()
	p.mu.Lock()
	p.fail = nil
	p.mu.Unlock()
	code, body := get(h, "/readyz")
	if e := notReady(t, body); code != http.StatusServiceUnavailable || e.Code != "not_ready" || !strings.Contains(e.Detail, "shutting down") {
		t.Errorf("GET /readyz after Close = %d %+v, want 503 not_ready, shutting down", code, e)
	}
}

// TestReadyReadOnly: a server on a SQLite file it can read but not write
// is alive (/healthz ok) but not ready: 503 not_ready, saying the database
// is read-only; and it wrote nothing. The server runs in a child process
// (this test again) that cannot write the file: as root, which writes any
// file whatever its mode, the child runs as the user nobody; otherwise
// the file is made read-only.
func TestReadyReadOnly(t *testing.T) {
	if db := os.Getenv(storetest.EnvReadOnlyDB); db != "" {
		st, err := store.Open(context.Background(), db)
		if err != nil {
			t.Fatalf("store.Open(%s) = %v", db, err)
		}
		defer st.Close()
		srv, err := server.New(server.Config{Config: live.Config{Store: st, Games: games.All}})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if code, body := get(srv.Handler(), "/healthz"); code != http.StatusOK {
			t.Errorf("GET /healthz on a read-only database = %d %q, want 200", code, body)
		}
		code, body := get(srv.Handler(), "/readyz")
		if e := notReady(t, body); code != http.StatusServiceUnavailable || e.Code != "not_ready" || !strings.Contains(e.Detail, "the database is read-only") {
			t.Errorf("GET /readyz on a read-only database = %d %+v, want 503 not_ready, read-only", code, e)
		}
		return
	}
	dir := storetest.SharedDir(t)
	db := filepath.Join(dir, "norns.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	out, err := storetest.RunReadOnly(t, db, []string{"HOME=" + dir}, os.Args[0], "-test.run=^TestReadyReadOnly$", "-test.v")
	if err != nil || !strings.Contains(out, "--- PASS: TestReadyReadOnly") {
		t.Fatalf("the server on a read-only database: %v\n%s", err, out)
	}
	conn, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'probe'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("probe tables after the read-only probe = %d, %v; want none", n, err)
	}
}

// TestReadyWriteLockHeld: while another connection holds the SQLite
// database's write lock (BEGIN IMMEDIATE on the same file), /readyz
// answers 503 not_ready because the probe's 2 s deadline passed (the
// detail says so; a probe that waited out SQLite's 10 s busy timeout would
// say "database is locked"); once the lock is released it is ready again.
func TestReadyWriteLockHeld(t *testing.T) {
	db := filepath.Join(t.TempDir(), "norns.db")
	e := startOn(t, db, nil)
	other, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	h := e.srv.Handler()
	code, body := get(h, "/readyz")
	if ae := notReady(t, body); code != http.StatusServiceUnavailable || ae.Code != "not_ready" || !strings.Contains(ae.Detail, "did not take a write within 2s") {
		t.Errorf("GET /readyz while another connection holds the write lock = %d %+v, want 503 not_ready, no write within 2s", code, ae)
	}
	if _, err := conn.ExecContext(ctx, `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	// The outcome is reused for a second: ask until it is a new one.
	for range 50 {
		if code, body = get(h, "/readyz"); code == http.StatusOK {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if code != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /readyz once the lock is released = %d %q, want 200 ok", code, body)
	}
}
