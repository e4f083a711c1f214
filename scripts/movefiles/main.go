// Command movefiles lists the files of packages server, live and store
// whose code runs for one move on a single server: it makes a game on a
// server over a SQLite store in a temporary directory, plays a first move,
// clears the coverage counters, plays a second move over HTTP and writes
// the counters. Build it with atomic coverage of those packages and of
// itself (without itself, the coverage runtime knows no mode):
//
//	go build -cover -covermode=atomic -coverpkg=github.com/norns-games/norns/server,github.com/norns-games/norns/live,github.com/norns-games/norns/store,github.com/norns-games/norns/scripts/movefiles -o movefiles ./scripts/movefiles && ./movefiles
//
// It prints one file a line, then "files N". TestMoveFiles (package
// server) runs it and bounds N.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/coverage"
	"slices"
	"strings"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "movefiles:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := os.MkdirTemp("", "movefiles")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(context.Background(), filepath.Join(dir, "norns.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := server.New(server.Config{Config: live.Config{Store: st, Games: games.All}})
	if err != nil {
		return err
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	var c wire.CreateResponse
	if err := call(ts.URL+"/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "human"}}}, &c); err != nil {
		return err
	}
	play := func(token, action string, seq int64) error {
		return call(ts.URL+"/api/games/"+c.ID+"/actions", token, map[string]any{"action": action, "seq": seq}, nil)
	}
	if err := play(c.Seats[0].Token, "e2e4", 0); err != nil {
		return err
	}
	if err := coverage.ClearCounters(); err != nil {
		return err
	}
	if err := play(c.Seats[1].Token, "e7e5", 1); err != nil {
		return err
	}
	cov := filepath.Join(dir, "cov")
	if err := os.Mkdir(cov, 0o755); err != nil {
		return err
	}
	if err := coverage.WriteMetaDir(cov); err != nil {
		return err
	}
	if err := coverage.WriteCountersDir(cov); err != nil {
		return err
	}
	out := filepath.Join(dir, "cover.txt")
	if b, err := exec.Command("go", "tool", "covdata", "textfmt", "-i", cov, "-o", out).CombinedOutput(); err != nil {
		return fmt.Errorf("go tool covdata: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	var files []string
	for _, line := range strings.Split(string(b), "\n")[1:] {
		// github.com/norns-games/norns/live/table.go:12.3,14.2 2 1: 2 statements, run once.
		f, rest, ok := strings.Cut(line, ":")
		if ok && !strings.HasSuffix(rest, " 0") && !strings.HasPrefix(f, "github.com/norns-games/norns/scripts/") && !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	for _, f := range files {
		fmt.Println(f)
	}
	fmt.Println("files", len(files))
	return nil
}

// call posts body as JSON to url with a seat token, decoding the answer
// into out unless it is nil.
func call(url, token string, body, out any) error {
	j, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", url, bytes.NewReader(j))
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %s", url, resp.Status)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}
