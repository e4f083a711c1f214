package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// servedLog is the output of a `norns serve` process, safe to read while
// it writes.
type servedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *servedLog) add(s string) {
	l.mu.Lock()
	l.b.WriteString(s + "\n")
	l.mu.Unlock()
}

func (l *servedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var logAddr = regexp.MustCompile(`addr=(http://\S+)`)

// startServe starts `norns serve` with args and returns its public URL and
// its metrics URL (empty without --metrics-addr), once it listens.
func startServe(t *testing.T, args ...string) (public, metrics string, log *servedLog) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	log = &servedLog{}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			log.add(line)
			if m := logAddr.FindStringSubmatch(line); m != nil {
				switch {
				case strings.Contains(line, "msg=metrics"):
					metrics = m[1]
				case strings.Contains(line, "msg=listening"):
					found <- m[1]
				}
			}
		}
		close(found)
	}()
	select {
	case public = <-found:
	case <-time.After(60 * time.Second):
	}
	if public == "" {
		t.Fatalf("norns serve %q did not start:\n%s", args, log)
	}
	return public, metrics, log
}

// hostPort is the host:port of a URL.
func hostPort(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// httpGet returns the status and body of GET url.
func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// endsWithin reads c until the server closes it, and reports whether it
// did within 10 s (the tests' timeouts are a fraction of that).
func endsWithin(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestServeLimits runs `norns serve` with short timeouts, a cap of 2
// connections an address and a metrics listener: a request whose body
// never comes and a keep-alive connection left idle are closed by the
// server; a third connection is closed at once; the metrics are on their
// own listener only; the server is ready.
func TestServeLimits(t *testing.T) {
	db := filepath.Join(t.TempDir(), "norns.db")
	public, metrics, log := startServe(t, "--db", db, "--rate", "0", "--conns-per-addr", "2",
		"--read-timeout", "300ms", "--idle-timeout", "300ms", "--metrics-addr", "127.0.0.1:0")
	addr := hostPort(t, public)

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "POST /api/games HTTP/1.1\r\nHost: norns\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"game\":")
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: norns\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz on a kept connection = %v, %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	third, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	if !endsWithin(third) {
		t.Errorf("a third connection with --conns-per-addr 2 stays open, want it closed at once")
	}
	if !endsWithin(slow) {
		t.Errorf("a request whose body never comes stays open with --read-timeout 300ms")
	}
	idle.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("an idle keep-alive connection after --idle-timeout 300ms: read = %v, want EOF", err)
	}
	slow.Close()
	idle.Close()

	if metrics == "" {
		t.Fatalf("no metrics address in the log:\n%s", log)
	}
	// The two connections closed, the cap lets these through (the server
	// may not have seen the closes yet: try a few times).
	var code int
	var body string
	for i := 0; i < 100; i++ {
		resp, err := http.Get(public + "/readyz")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			code, body = resp.StatusCode, string(b)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /readyz = %d %q, want 200 ok", code, body)
	}
	if code, body := httpGet(t, metrics); code != http.StatusOK || !strings.Contains(body, "norns_games_live") || !strings.Contains(body, "process_resident_memory_bytes") {
		t.Errorf("GET %s = %d, want 200 with the metrics:\n%.300s", metrics, code, body)
	}
	if _, body := httpGet(t, public+"/metrics"); strings.Contains(body, "norns_games_live") {
		t.Errorf("the public port serves the metrics")
	}
}

// TestServeFlagErrors: limits that make no sense are refused before
// anything starts.
func TestServeFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--read-timeout", "-1s"}, "--read-timeout -1s: a timeout cannot be negative"},
		{[]string{"--idle-timeout", "-5ms"}, "--idle-timeout -5ms: a timeout cannot be negative"},
		{[]string{"--conns-per-addr", "-1"}, "--conns-per-addr -1: cannot be negative"},
		{[]string{"--max-header-bytes", "100"}, "--max-header-bytes 100: at least 1024"},
		{[]string{"--public-url", "norns.example"}, "--public-url: server: public URL \"norns.example\""},
		{[]string{"--public-url", "https://norns.example/play"}, "--public-url: server: public URL \"https://norns.example/play\""},
		{[]string{"--analysis-actions", "0"}, "--analysis-actions 0: at least 1 (-1: all)"},
		{[]string{"--analysis-actions", "-2"}, "--analysis-actions -2: at least 1 (-1: all)"},
	}
	for _, tc := range tests {
		db := filepath.Join(t.TempDir(), "norns.db")
		_, stderr, err := run(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, tc.args...)...)
		if err == nil || !strings.Contains(stderr, tc.want) {
			t.Errorf("norns serve %q = %v, %q; want an error %q", tc.args, err, stderr, tc.want)
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("norns serve %q created the database", tc.args)
		}
	}
}

// TestServeReadOnlyPostgres: on a PostgreSQL database whose sessions are
// read-only, norns serve exits with status 1 saying so, before listening.
func TestServeReadOnlyPostgres(t *testing.T) {
	u, err := url.Parse(storetest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.RawQuery += "&options=-c%20default_transaction_read_only%3Don"
	_, stderr, err := run(t, "", "serve", "--addr", "127.0.0.1:0", "--db", u.String())
	checkRefused(t, err, stderr)
}

// checkRefused checks that norns serve exited with status 1, saying the
// database is read-only, without listening.
func checkRefused(t *testing.T, err error, stderr string) {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr, "not starting: the database") || !strings.Contains(stderr, "is read-only") || strings.Contains(stderr, "listening") {
		t.Errorf("norns serve on a read-only database = %v:\n%s\nwant exit status 1, \"not starting: the database … is read-only\", no listening", err, stderr)
	}
}

// TestServeReadOnlySQLite: on a SQLite file it may read but not write,
// norns serve exits with status 1 saying the database is read-only, before
// listening, and writes nothing. As root, which writes any file whatever
// its mode, it runs as the user nobody; otherwise the file is made
// read-only.
func TestServeReadOnlySQLite(t *testing.T) {
	db := filepath.Join(storetest.SharedDir(t), "norns.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	out, err := storetest.RunReadOnly(t, db, os.Environ(), binary, "serve", "--addr", "127.0.0.1:0", "--db", db)
	checkRefused(t, err, out)
	if after, err := os.ReadFile(db); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the database file changed (%v)", err)
	}
}

// TestServePublicURL: with --public-url the invitation links of norns
// serve name that origin, whatever Host header the request carries;
// without it they name the address it listens on.
func TestServePublicURL(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		origin string // "" for the listening address
	}{
		{[]string{"--public-url", "https://norns.example/"}, "https://norns.example"},
		{nil, ""},
	} {
		db := filepath.Join(t.TempDir(), "norns.db")
		public, _, _ := startServe(t, append([]string{"--db", db, "--rate", "0"}, tc.args...)...)
		origin := tc.origin
		if origin == "" {
			origin = public
		}
		req, err := http.NewRequest("POST", public+"/api/games", strings.NewReader(`{"game":"chess","seats":[{"type":"human"},{"type":"open"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = "evil.example"
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			ID    string `json:"id"`
			Seats []struct {
				Invite    string `json:"invite"`
				InviteURL string `json:"invite_url"`
			} `json:"seats"`
		}
		err = json.NewDecoder(resp.Body).Decode(&c)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusCreated || len(c.Seats) != 2 {
			t.Fatalf("norns serve %q: create = %d, %v, %+v", tc.args, resp.StatusCode, err, c)
		}
		if want := origin + "/games/" + c.ID + "?seat=black&invite=" + c.Seats[1].Invite; c.Seats[1].InviteURL != want {
			t.Errorf("norns serve %q: invite_url with Host evil.example = %q, want %q", tc.args, c.Seats[1].InviteURL, want)
		}
	}
}

// TestServePprof: with --pprof the profiles are on the metrics listener,
// never on the public one; --pprof without --metrics-addr is refused.
func TestServePprof(t *testing.T) {
	public, metrics, log := startServe(t, "--db", filepath.Join(t.TempDir(), "norns.db"), "--metrics-addr", "127.0.0.1:0", "--pprof")
	if metrics == "" {
		t.Fatalf("no metrics address in the log:\n%s", log)
	}
	base := strings.TrimSuffix(metrics, "/metrics")
	if code, body := httpGet(t, base+"/debug/pprof/cmdline"); code != http.StatusOK || !strings.Contains(body, "--pprof") {
		t.Errorf("GET %s/debug/pprof/cmdline = %d %q, want 200 and the command line", base, code, body)
	}
	if code, body := httpGet(t, base+"/debug/pprof/"); code != http.StatusOK || !strings.Contains(body, "heap") {
		t.Errorf("GET %s/debug/pprof/ = %d, want 200 and the list of profiles:\n%s", base, code, body)
	}
	if code, _ := httpGet(t, public+"/debug/pprof/cmdline"); code == http.StatusOK {
		t.Errorf("GET %s/debug/pprof/cmdline = 200 on the public listener, want no profiles there", public)
	}
	db := filepath.Join(t.TempDir(), "x.db")
	_, stderr, err := run(t, "", "serve", "--addr", "127.0.0.1:0", "--db", db, "--pprof")
	if err == nil || !strings.Contains(stderr, "--pprof") {
		t.Errorf("norns serve --pprof without --metrics-addr = %v, %q; want an error naming --pprof", err, stderr)
	}
	if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("norns serve --pprof without --metrics-addr made %s (%v), want nothing made", db, err)
	}
}
