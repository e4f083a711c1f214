package server_test

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/norns-games/norns/wire"
)

// binary is the norns program, built by TestMain for the tests that run
// `norns serve` as a subprocess; buildErr says why it is missing.
var (
	binary   string
	buildErr error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "norns-server-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "norns")
	if out, err := exec.Command("go", "build", "-o", binary, "github.com/norns-games/norns/cmd/norns").CombinedOutput(); err != nil {
		buildErr = fmt.Errorf("go build norns/cmd/norns: %v\n%s", err, out)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// proc is a `norns serve` subprocess.
type proc struct {
	cmd  *exec.Cmd
	base string
	logs *logBuf
}

// logBuf keeps what a subprocess writes to its standard error.
type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.WriteString(line + "\n")
}

// String returns everything written so far.
func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var listening = regexp.MustCompile(`addr=(http://\S+)`)

// serve starts `norns serve` on a database file and waits until it listens.
func serve(t *testing.T, db string) *proc {
	t.Helper()
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	p, err := launch(db)
	if p != nil {
		t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// launch starts `norns serve` on a database (a file or a postgres:// URL)
// with the test's flags and more, and waits until it listens. The caller
// kills the process; when it did not start, the error says why.
func launch(db string, more ...string) (*proc, error) {
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--rate", "0", "--ai-easy", "5ms"}, more...)
	cmd := exec.Command(binary, args...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, logs: &logBuf{}}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.logs.add(line)
			if m := listening.FindStringSubmatch(line); m != nil && strings.Contains(line, "listening") {
				found <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case p.base = <-found:
	case <-time.After(20 * time.Second):
		return p, fmt.Errorf("norns serve did not start:\n%s", p.logs)
	}
	return p, nil
}

// TestCrash plays part of a chess game and of a game with dice through a
// `norns serve` subprocess, kills it with SIGKILL, starts it again on the
// same database, and finishes both games from the same positions: nothing
// acknowledged is lost, nothing is doubled, the rolls are the same.
func TestCrash(t *testing.T) {
	db := filepath.Join(t.TempDir(), "norns.db")
	p := serve(t, db)
	e := &env{t: t, base: p.base}
	if want := "records signed\" alg=Ed25519 key=" + e.signingKey(); !strings.Contains(p.logs.String(), want) {
		t.Errorf("norns serve logs\n%s\nwant the key of GET /api/signing-key: %q", p.logs, want)
	}
	type played struct {
		c    created
		view wire.View
	}
	var gs []played
	for i, req := range []wire.CreateRequest{
		{Game: "chess", Seats: seats("h", "h")},
		{Game: "nordsloki", Seats: seats("h", "h")},
		{Game: "seatafl", Seats: seats("h", "e")},
	} {
		if req.Game == "nordsloki" && !strings.Contains(fmt.Sprint(catalogNames(e)), "nordsloki") {
			continue
		}
		c := e.create(req)
		v := e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(uint64(i), 9)), 7)
		gs = append(gs, played{c, v})
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()

	p2 := serve(t, db)
	e.base = p2.base
	for i, g := range gs {
		after := e.view(g.c.ID)
		if after.Seq != g.view.Seq || after.Position != g.view.Position {
			t.Fatalf("%s after SIGKILL: seq %d %q, want seq %d %q", g.c.Game.Game, after.Seq, after.Position, g.view.Seq, g.view.Position)
		}
		for j := range g.view.History {
			if a, b := after.History[j], g.view.History[j]; a.Seq != b.Seq || a.Action != b.Action || a.Player != b.Player {
				t.Errorf("%s history %d after SIGKILL = %+v, want %+v", g.c.Game.Game, j, a, b)
			}
		}
		end := e.player(g.c.ID, tokensOf(g.c), rand.New(rand.NewPCG(uint64(i), 10)), 100000)
		checkOver(t, end)
		// The whole record, rolls included, verifies with `norns verify`.
		rec := filepath.Join(t.TempDir(), g.c.ID+".norns")
		os.WriteFile(rec, []byte(recordOf(t, e, g.c.ID)), 0o644)
		out, err := exec.Command(binary, "verify", rec).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "ok:") {
			t.Errorf("norns verify %s = %v\n%s", g.c.Game.Game, err, out)
		}
	}
	// SIGTERM stops the server gracefully.
	p2.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p2.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("norns serve after SIGTERM: %v\n%s", err, p2.logs)
		}
	case <-time.After(15 * time.Second):
		t.Errorf("norns serve did not stop on SIGTERM")
	}
}

func catalogNames(e *env) []string {
	var cat struct {
		Games []wire.CatalogGame `json:"games"`
	}
	e.must("GET", "/api/catalog", "", nil, &cat)
	var out []string
	for _, g := range cat.Games {
		out = append(out, g.Name)
	}
	return out
}

func recordOf(t *testing.T, e *env, id string) string { return e.record(id, "norns") }

// TestVerifyTampered: `norns verify` refuses a record whose roll was
// changed, with exit status 1.
func TestVerifyTampered(t *testing.T) {
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "e")})
	e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(4, 4)), 100000)
	rec := e.record(c.ID, "norns")
	lines := strings.Split(rec, "\n")
	idx := -1
	for i, l := range lines {
		if strings.Contains(l, " roll chance ") {
			idx = i
			break
		}
	}
	if idx < 0 {
		t.Skip("the game ended before any roll")
	}
	others := otherOutcomes(t, "seidr", lines, idx)
	lines[idx] = lines[idx][:strings.LastIndex(lines[idx], " ")+1] + others[0]
	path := filepath.Join(t.TempDir(), "bad.norns")
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	out, err := exec.Command(binary, "verify", path).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "does not match") {
		t.Errorf("norns verify (tampered) = %v\n%s, want exit 1 and does not match", err, out)
	}
}
