package loadtest

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// fastAI is the think time of every AI level in the tests.
var fastAI = map[string]time.Duration{"easy": 5 * time.Millisecond, "medium": 5 * time.Millisecond, "hard": 5 * time.Millisecond}

// instance is a server on a store, served over real HTTP.
type instance struct {
	srv  *server.Server
	http *httptest.Server
	url  string
}

func startInstance(t *testing.T, st store.Store) *instance {
	t.Helper()
	srv, err := server.New(server.Config{Config: live.Config{Store: st, Games: games.All, AITime: fastAI, AIConcurrency: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := newHTTP(srv)
	in := &instance{srv: srv, http: hs, url: hs.URL}
	t.Cleanup(in.stop)
	return in
}

func newHTTP(srv *server.Server) *httptest.Server { return httptest.NewServer(srv.Handler()) }

func (in *instance) stop() {
	if in.http == nil {
		return
	}
	in.srv.Close()
	in.http.CloseClientConnections()
	in.http.Close()
	in.http = nil
}

func TestCheckURL(t *testing.T) {
	tests := []struct {
		url    string
		remote bool
		ok     bool
	}{
		{"http://127.0.0.1:8080", false, true},
		{"http://127.8.9.10:8080", false, true},
		{"http://localhost:8080", false, true},
		{"http://[::1]:8080", false, true},
		{"https://127.0.0.1", false, true},
		{"http://10.0.0.1:8080", false, false},
		{"http://192.168.1.5", false, false},
		{"http://example.org", false, false},
		{"http://example.org", true, true},
		{"ftp://127.0.0.1", false, false},
		{"ftp://127.0.0.1", true, false},
	}
	for _, tt := range tests {
		if err := CheckURL(tt.url, tt.remote); (err == nil) != tt.ok {
			t.Errorf("CheckURL(%q, %v) = %v, want ok %v", tt.url, tt.remote, err, tt.ok)
		}
	}
}

// TestRunRefusesRemote: Run refuses a remote URL before sending anything.
func TestRunRefusesRemote(t *testing.T) {
	_, err := Run(context.Background(), Config{URLs: []string{"http://10.1.2.3:8080"}, Games: 1, Duration: time.Second})
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("Run(remote URL) = %v, want a refusal naming the loopback network", err)
	}
}

// TestRunBounds: Run refuses runs outside its bounds.
func TestRunBounds(t *testing.T) {
	for _, cfg := range []Config{
		{Games: 0, Duration: time.Second},
		{Games: MaxGames + 1, Duration: time.Second},
		{Games: 1, Duration: 0},
		{Games: 1, Duration: MaxDuration + time.Second},
		{Games: 1, Duration: time.Second, IdleGames: MaxGames + 1},
	} {
		cfg.URLs = []string{"http://127.0.0.1:1"}
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "games must be") {
			t.Errorf("Run(%d games, %s, %d idle) = %v, want a refusal", cfg.Games, cfg.Duration, cfg.IdleGames, err)
		}
	}
}

// TestCheck: the check finds a lost move, an unexpected move and accepts a
// log that matches.
func TestCheck(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	log := []store.Event{
		{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e4"},
		{Seq: 2, Kind: store.EventMove, Player: "black", Action: "e5"},
		{Seq: 3, Kind: store.EventMove, Player: "white", Action: "Nf3"},
	}
	for _, id := range []string{"same", "lost", "extra"} {
		if err := st.Create(ctx, &store.Game{ID: id, Game: "chess", ServerSeed: []byte{1}}); err != nil {
			t.Fatal(err)
		}
		// A game just created is at version 0.
		if err := st.Append(ctx, id, 0, log, store.Update{}); err != nil {
			t.Fatal(err)
		}
	}
	rec := func(id string, evs ...store.Event) *Record {
		r := newRecord(id, "chess")
		r.Seats = []string{"white", "black"}
		for _, e := range evs {
			r.add(wire.EventView{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action})
		}
		return r
	}
	tests := []struct {
		rec              *Record
		lost, unexpected int
	}{
		{rec("same", log...), 0, 0},
		{rec("lost", append(log, store.Event{Seq: 4, Kind: "move", Player: "black", Action: "Nc6"})...), 1, 0},
		{rec("extra", log[:2]...), 0, 1},
	}
	for _, tt := range tests {
		var rep Report
		Check(ctx, NewClient(1), Config{Store: st}, []*Record{tt.rec}, &rep)
		if rep.Checked != 1 || rep.Lost != tt.lost || rep.Unexpected != tt.unexpected {
			t.Errorf("Check(%s) = checked %d, lost %d, unexpected %d (%v), want 1, %d, %d", tt.rec.ID, rep.Checked, rep.Lost, rep.Unexpected, rep.Problems, tt.lost, tt.unexpected)
		}
	}
}

// TestRunSQLite: a short run against one instance on SQLite plays every
// game of the catalog with no error and no lost move; in the games with
// dice every move reveals its seat's nonce and commits to the next (dice
// scheme norns-dice-v2), each seat having committed to its first one.
func TestRunSQLite(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	in := startInstance(t, st)
	n := len(games.All)
	rep, err := Run(ctx, Config{URLs: []string{in.url}, Games: n, Duration: 2 * time.Second, Store: st, IdleGames: 10})
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, rep, n)
	revealed := 0
	for _, g := range games.All {
		if g.ChanceMode() == game.Deterministic {
			continue
		}
		played, err := st.List(ctx, store.Filter{Game: g.Name(), Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for _, pg := range played {
			_, events, err := st.Load(ctx, pg.ID)
			if err != nil {
				t.Fatal(err)
			}
			moves := 0
			for _, e := range events {
				if e.Kind != store.EventMove {
					continue
				}
				moves++
				if e.Nonce == "" || e.Next == "" {
					t.Errorf("%s %s: move %d of %s reveals %q, commits to %q; want both", g.Name(), pg.ID, e.Seq, e.Player, e.Nonce, e.Next)
				}
				revealed++
			}
			for _, s := range pg.Seats {
				if moves > 0 && s.Commit == "" {
					t.Errorf("%s %s: seat %s committed to no first nonce", g.Name(), pg.ID, s.Player)
				}
			}
		}
	}
	if revealed == 0 {
		t.Error("no move of a game with dice revealed a nonce")
	}
}

// checkReport checks a run's report: games played, moves, round trips, no
// error and no lost or unexpected move.
func checkReport(t *testing.T, rep *Report, games int) {
	t.Helper()
	if rep.Games < games || rep.Clients < 2*games || rep.Moves == 0 || rep.RoundTrips == 0 || rep.P99 <= 0 {
		t.Errorf("report = %d games, %d clients, %d moves, %d round trips, p99 %s; want at least %d games, %d clients and some moves",
			rep.Games, rep.Clients, rep.Moves, rep.RoundTrips, rep.P99, games, 2*games)
	}
	if rep.Errors != 0 || rep.Lost != 0 || rep.Unexpected != 0 || rep.Checked != rep.Games {
		t.Errorf("report = %d errors %v, %d lost, %d unexpected %v, %d of %d checked; want none and all",
			rep.Errors, rep.ErrorSamples, rep.Lost, rep.Unexpected, rep.Problems, rep.Checked, rep.Games)
	}
}

// BenchmarkIdleGame measures the memory an idle game holds in a server
// (SQLite store): the live Go heap after a collection, before and after
// creating b.N games through the API, per game.
func BenchmarkIdleGame(b *testing.B) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "norns.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Config: live.Config{Store: st, Games: games.All, AITime: fastAI}})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	hs := newHTTP(srv)
	defer hs.Close()
	c := NewClient(1)
	names := games.Names()
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	i := 0
	for b.Loop() {
		if _, err := c.Create(context.Background(), hs.URL, names[i%len(names)], nil, nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(int64(heap())-int64(before))/float64(i), "bytes/game")
}
