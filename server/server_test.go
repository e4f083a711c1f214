package server_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/wire"
)

func TestCatalog(t *testing.T) {
	e := start(t, nil)
	var cat struct {
		Games []wire.CatalogGame `json:"games"`
	}
	e.must("GET", "/api/catalog", "", nil, &cat)
	if len(cat.Games) != len(games.All) {
		t.Fatalf("GET /api/catalog lists %d games, want %d", len(cat.Games), len(games.All))
	}
	for i, g := range games.All {
		c := cat.Games[i]
		if c.Name != g.Name() || c.Title != g.Title() || len(c.Options) != len(g.Options()) || !slices.Equal(c.Players, g.Players()) {
			t.Errorf("catalog[%d] = %s %q %d options %v, want %s %q %d options %v", i, c.Name, c.Title, len(c.Options), c.Players, g.Name(), g.Title(), len(g.Options()), g.Players())
		}
	}
	var one wire.CatalogGame
	e.must("GET", "/api/catalog/chess", "", nil, &one)
	if one.Name != "chess" || !one.PGN || one.Chance {
		t.Errorf("GET /api/catalog/chess = %+v, want chess with PGN and no chance", one)
	}
}

// TestNordsLoki3 plays three-player Nords Loki: a human, an AI and a
// player who joins after the game was created.
func TestNordsLoki3(t *testing.T) {
	if _, err := games.ByName("nordsloki"); err != nil {
		t.Skip("nordsloki is not in the game list")
	}
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "e", "o")})
	if len(c.Seats) != 3 || c.Seats[2].Invite == "" || c.Seats[0].Token == "" || c.Seats[1].Token != "" {
		t.Fatalf("create 3-player nordsloki: seats %+v", c.Seats)
	}
	if !strings.Contains(c.Seats[2].InviteURL, c.ID) || !strings.Contains(c.Seats[2].InviteURL, c.Seats[2].Invite) {
		t.Errorf("invite URL %q lacks the game or the invitation", c.Seats[2].InviteURL)
	}
	// Nothing happens until p3 takes the seat: no roll, no move.
	time.Sleep(50 * time.Millisecond)
	v := e.view(c.ID)
	if v.Started || v.Seq != 0 || v.Status != "waiting" {
		t.Errorf("before p3 joins: started %v, seq %d, status %q, want false, 0, waiting", v.Started, v.Seq, v.Status)
	}
	st, ae := e.call("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"action": "x", "seq": 0}, nil)
	if st != http.StatusConflict || ae.Code != "not_started" {
		t.Errorf("move before p3 joins = %d %s, want 409 not_started", st, ae.Code)
	}
	var j struct {
		Player string    `json:"player"`
		Token  string    `json:"token"`
		Game   wire.View `json:"game"`
	}
	e.must("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[2].Invite, "name": "Late", "seed": "late-seed"}, &j)
	if j.Player != "p3" || j.Token == "" || !j.Game.Started {
		t.Fatalf("join = %s %q started %v, want p3 with a token, started", j.Player, j.Token, j.Game.Started)
	}
	// The first-player draw is the server's first roll.
	if len(j.Game.History) == 0 || j.Game.History[0].Kind != "roll" || j.Game.History[0].Player != "chance" {
		t.Errorf("after the join the history starts %+v, want the first-player roll", j.Game.History)
	}
	tokens := map[string]string{"p1": c.Seats[0].Token, "p3": j.Token}
	e.playSeats(c.ID, tokens, 3)
	end := e.view(c.ID)
	checkOver(t, end)
	movers := map[string]bool{}
	for _, h := range end.History {
		if h.Kind == "move" {
			movers[h.Player] = true
		}
	}
	if !movers["p2"] || !(movers["p1"] || movers["p3"]) {
		t.Errorf("3-player game: moves by %v, want the AI (p2) and the humans", movers)
	}
}

// TestReconnect: a client reads part of the feed, drops, and catches up from
// its last sequence number with nothing missing or doubled.
func TestReconnect(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tok := tokensOf(c)
	f := e.subscribe(c.ID, 0, "")
	if m := f.read(); m.Type != "state" || m.Game.Seq != 0 {
		t.Fatalf("first message = %s at seq %d, want the state at 0", m.Type, m.Game.Seq)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	e.player(c.ID, tok, rng, 6)
	evs, _ := f.until(func(v wire.View) bool { return v.Seq == 6 })
	if len(evs) != 6 {
		t.Fatalf("feed before the drop: %d events, want 6", len(evs))
	}
	f.c.CloseNow()
	e.player(c.ID, tok, rng, 5) // played while the client is away
	g := e.subscribe(c.ID, 4, "")
	more, v := g.until(func(v wire.View) bool { return v.Seq == 11 })
	var seqs []int64
	for _, ev := range more {
		seqs = append(seqs, ev.Seq)
	}
	if want := []int64{5, 6, 7, 8, 9, 10, 11}; !slices.Equal(seqs, want) {
		t.Errorf("catch-up since 4 = %v, want %v", seqs, want)
	}
	full := e.view(c.ID)
	for i, ev := range more {
		if h := full.History[ev.Seq-1]; h.Action != ev.Action || h.Player != ev.Player {
			t.Errorf("catch-up event %d = %s %s, history has %s %s", i, ev.Player, ev.Action, h.Player, h.Action)
		}
	}
	if v.Seq != 11 {
		t.Errorf("state after catch-up at seq %d, want 11", v.Seq)
	}
	// Live events keep coming on the new feed.
	e.player(c.ID, tok, rng, 1)
	live, _ := g.until(func(v wire.View) bool { return v.Seq == 12 })
	if len(live) != 1 || live[0].Seq != 12 {
		t.Errorf("live after catch-up = %+v, want event 12", live)
	}
	// The polling endpoint gives the same.
	var polled struct {
		Seq    int64            `json:"seq"`
		Events []wire.EventView `json:"events"`
	}
	e.must("GET", "/api/games/"+c.ID+"/events?since=10", "", nil, &polled)
	if polled.Seq != 12 || len(polled.Events) != 2 || polled.Events[0].Seq != 11 {
		t.Errorf("GET events?since=10 = seq %d, %d events, want 12 and events 11, 12", polled.Seq, len(polled.Events))
	}
}

// TestSpectator: anybody can watch and read, nobody without a seat acts.
func TestSpectator(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("e", "h")})
	f := e.subscribe(c.ID, 0, "")
	_, v := f.until(func(v wire.View) bool { return v.Seq >= 1 })
	if v.You != "" {
		t.Errorf("spectator view has you = %q", v.You)
	}
	st, ae := e.call("POST", "/api/games/"+c.ID+"/actions", "", map[string]any{"action": "e2e4", "seq": v.Seq}, nil)
	if st != http.StatusUnauthorized || ae.Code != "missing_token" {
		t.Errorf("spectator move = %d %s, want 401 missing_token", st, ae.Code)
	}
	var mine wire.View
	e.must("GET", "/api/games/"+c.ID, c.Seats[1].Token, nil, &mine)
	if mine.You != "black" {
		t.Errorf("view with black's token: you = %q, want black", mine.You)
	}
	var list struct {
		Games []wire.Summary `json:"games"`
	}
	e.must("GET", "/api/games?state=live", "", nil, &list)
	if len(list.Games) != 1 || list.Games[0].ID != c.ID {
		t.Errorf("GET /api/games?state=live = %+v, want the game", list.Games)
	}
	e.must("GET", "/api/games?state=finished", "", nil, &list)
	if len(list.Games) != 0 {
		t.Errorf("GET /api/games?state=finished = %+v, want none", list.Games)
	}
}

// TestBadInput sends each kind of bad request and checks its error code and
// that the game did not change.
func TestBadInput(t *testing.T) {
	e := start(t, func(c *server.Config) { c.MaxBody = 4096 })
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "o")})
	var j struct {
		Token string `json:"token"`
	}
	e.must("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[1].Invite}, &j)
	white, black := c.Seats[0].Token, j.Token
	e.must("POST", "/api/games/"+c.ID+"/actions", white, map[string]any{"action": "e2e4", "seq": 0}, nil)
	game := "/api/games/" + c.ID
	act := game + "/actions"
	tests := []struct {
		name, method, path, token string
		body                      any
		status                    int
		code                      string
	}{
		{"unknown game", "POST", "/api/games", "", map[string]any{"game": "go"}, 404, "unknown_game"},
		{"unknown option", "POST", "/api/games", "", map[string]any{"game": "chess", "options": map[string]string{"speed": "fast"}}, 400, "bad_option"},
		{"bad option value", "POST", "/api/games", "", map[string]any{"game": "seatafl", "options": map[string]string{"max-turns": "0"}}, 400, "bad_option"},
		{"too many seats", "POST", "/api/games", "", map[string]any{"game": "chess", "seats": seats("h", "h", "h")}, 400, "bad_seats"},
		{"bad AI level", "POST", "/api/games", "", map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human"}, {"type": "ai", "level": "godlike"}}}, 400, "bad_seats"},
		{"bad clock", "POST", "/api/games", "", map[string]any{"game": "chess", "clock": map[string]int{"initial_ms": 5}}, 400, "bad_clock"},
		{"seed at creation", "POST", "/api/games", "", map[string]any{"game": "seidr", "seats": []map[string]string{{"type": "human", "seed": "mine"}, {"type": "open"}}}, 400, "bad_seed"},
		{"seed for an open seat", "POST", "/api/games", "", map[string]any{"game": "seidr", "seats": []map[string]string{{"type": "human"}, {"type": "open", "seed": "theirs"}}}, 400, "bad_seed"},
		{"bad seed", "POST", game + "/seed", white, map[string]string{"seed": "a\"b"}, 400, "bad_seed"},
		{"empty seed", "POST", game + "/seed", white, map[string]string{"seed": ""}, 400, "bad_seed"},
		{"bad seed at the join", "POST", game + "/join", "", map[string]string{"invite": c.Seats[1].Invite, "seed": "a\\b"}, 400, "bad_seed"},
		{"every seat an AI", "POST", "/api/games", "", map[string]any{"game": "chess", "seats": seats("e", "e")}, 403, "ai_only"},
		{"token in the feed's URL", "GET", game + "/ws?token=" + white, "", nil, 400, "bad_parameter"},
		{"feed without an upgrade", "GET", game + "/ws", "", nil, 400, "bad_request"},
		{"malformed JSON", "POST", act, black, `{"action": "e7e5", "seq": 1`, 400, "bad_request"},
		{"unknown field", "POST", act, black, `{"action": "e7e5", "seq": 1, "force": true}`, 400, "bad_request"},
		{"missing seq", "POST", act, black, map[string]any{"action": "e7e5"}, 400, "bad_request"},
		{"oversized", "POST", act, black, `{"action": "` + strings.Repeat("x", 5000) + `", "seq": 1}`, 413, "too_large"},
		{"missing token", "POST", act, "", map[string]any{"action": "e7e5", "seq": 1}, 401, "missing_token"},
		{"wrong token", "POST", act, "AAAAAAAAAAAAAAAAAAAAAA", map[string]any{"action": "e7e5", "seq": 1}, 403, "bad_token"},
		{"invite is not a token", "POST", act, c.Seats[1].Invite, map[string]any{"action": "e7e5", "seq": 1}, 403, "bad_token"},
		{"out of turn", "POST", act, white, map[string]any{"action": "d2d4", "seq": 1}, 409, "not_your_turn"},
		{"stale seq", "POST", act, black, map[string]any{"action": "e7e5", "seq": 0}, 409, "stale_sequence"},
		{"future seq", "POST", act, black, map[string]any{"action": "e7e5", "seq": 7}, 409, "stale_sequence"},
		{"illegal action", "POST", act, black, map[string]any{"action": "e7e4", "seq": 1}, 422, "illegal_action"},
		{"malformed action", "POST", act, black, map[string]any{"action": "hello world", "seq": 1}, 422, "malformed_action"},
		{"unknown game id", "GET", "/api/games/nosuchgame", "", nil, 404, "game_not_found"},
		{"bad invite", "POST", game + "/join", "", map[string]string{"invite": "nope"}, 403, "bad_invite"},
		{"seat taken", "POST", game + "/join", "", map[string]string{"invite": c.Seats[1].Invite}, 409, "seat_not_open"},
		{"bad since", "GET", game + "/events?since=-3", "", nil, 400, "bad_parameter"},
		{"bad list state", "GET", "/api/games?state=sleeping", "", nil, 400, "bad_parameter"},
		{"no PGN for tafl", "GET", "/api/games/" + e.create(wire.CreateRequest{Game: "seatafl"}).ID + "/record?format=pgn", "", nil, 404, "no_record"},
		{"no text record for chess", "GET", game + "/record?format=text", "", nil, 404, "no_record"},
		{"unknown record format", "GET", game + "/record?format=xml", "", nil, 400, "bad_parameter"},
		{"unknown endpoint", "GET", "/api/nothing", "", nil, 404, "not_found"},
	}
	for _, tt := range tests {
		before := e.view(c.ID)
		st, ae := e.call(tt.method, tt.path, tt.token, tt.body, nil)
		if tt.status != 0 && (st != tt.status || ae.Code != tt.code || ae.Message == "") {
			t.Errorf("%s: %s %s = %d %q %q, want %d %q with a message", tt.name, tt.method, tt.path, st, ae.Code, ae.Message, tt.status, tt.code)
		}
		after := e.view(c.ID)
		if after.Seq != before.Seq || after.Position != before.Position {
			t.Errorf("%s changed the game: seq %d → %d", tt.name, before.Seq, after.Seq)
		}
	}
	// The game goes on normally after all that.
	e.must("POST", act, black, map[string]any{"action": "e7e5", "seq": 1}, nil)
	// A repeated request (a client retrying) is refused, not applied twice.
	st, ae := e.call("POST", act, black, map[string]any{"action": "e7e5", "seq": 1}, nil)
	if st != 409 || ae.Code != "stale_sequence" || e.view(c.ID).Seq != 2 {
		t.Errorf("retried action = %d %s at seq %d, want 409 stale_sequence at 2", st, ae.Code, e.view(c.ID).Seq)
	}
}

// TestRateLimit: a client that sends too many requests is refused with
// rate_limited, its refused requests change nothing, and other clients are
// not affected. The limiter keys on the client's IP address, so client A
// calls from 127.0.0.1 and client B from 127.0.0.2.
func TestRateLimit(t *testing.T) {
	// One token per 1000 s: the buckets refill nothing during the test,
	// however slow the machine.
	e := start(t, func(c *server.Config) { c.RateLimit, c.RateBurst = 0.001, 5 })
	a, b := e, e.from("127.0.0.2")

	// A spends its burst of 5: it creates a game, plays white's first
	// move and looks at the game.
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	white, black := c.Seats[0].Token, c.Seats[1].Token
	game := "/api/games/" + c.ID
	act := game + "/actions"
	a.must("POST", act, white, map[string]any{"action": "e2e4", "seq": 0}, nil)
	before := a.view(c.ID)
	a.must("GET", "/api/catalog", "", nil, nil)
	a.must("GET", game+"/events", "", nil, nil)
	if before.Seq != 1 {
		t.Fatalf("after e2e4: seq %d, want 1", before.Seq)
	}

	// A is refused from now on, whatever it asks: black's legal reply, a
	// new game, a read.
	refused := []struct {
		method, path, token string
		body                any
	}{
		{"POST", act, black, map[string]any{"action": "e7e5", "seq": 1}},
		{"POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: seats("h", "h")}},
		{"GET", "/api/catalog", "", nil},
	}
	for _, r := range refused {
		st, ae := a.call(r.method, r.path, r.token, r.body, nil)
		if st != http.StatusTooManyRequests || ae.Code != "rate_limited" || !strings.HasSuffix(ae.Detail, "from 127.0.0.1") {
			t.Errorf("A's %s %s after its burst = %d %q %q, want 429 rate_limited from 127.0.0.1", r.method, r.path, st, ae.Code, ae.Detail)
		}
	}

	// B, meanwhile, has its own burst of 5. It sees the game as A left
	// it: A's refused move was not applied (else seq 1 would be stale) and
	// A's refused create made no game.
	if v := b.view(c.ID); v.Seq != before.Seq || v.Position != before.Position {
		t.Errorf("B's view after A's refused move: seq %d position %q, want seq %d position %q", v.Seq, v.Position, before.Seq, before.Position)
	}
	if st, ae := b.call("POST", act, black, map[string]any{"action": "e7e5", "seq": 1}, nil); st != http.StatusOK {
		t.Errorf("B plays e7e5 at seq 1 = %d %q, want 200", st, ae.Code)
	}
	var list struct {
		Games []wire.Summary `json:"games"`
	}
	b.must("GET", "/api/games", "", nil, &list)
	if len(list.Games) != 1 || list.Games[0].ID != c.ID {
		t.Errorf("games after A's refused create = %+v, want only %s", list.Games, c.ID)
	}
	if v := b.view(c.ID); v.Seq != 2 || v.Position == before.Position {
		t.Errorf("after B's e7e5: seq %d position %q, want seq 2 and a new position", v.Seq, v.Position)
	}
	b.must("GET", "/api/catalog", "", nil, nil)
	// B's sixth request is refused in its turn, and A is still refused.
	if st, ae := b.call("GET", "/api/catalog", "", nil, nil); st != http.StatusTooManyRequests || !strings.HasSuffix(ae.Detail, "from 127.0.0.2") {
		t.Errorf("B's sixth request = %d %q %q, want 429 rate_limited from 127.0.0.2", st, ae.Code, ae.Detail)
	}
	if st, ae := a.call("GET", "/api/catalog", "", nil, nil); st != http.StatusTooManyRequests {
		t.Errorf("A after B's requests = %d %q, want 429", st, ae.Code)
	}
}

// TestFairDice finishes a game with dice, verifies its record, and checks
// that a tampered record fails.
func TestFairDice(t *testing.T) {
	e := start(t, nil)
	name := "nordsloki"
	if _, err := games.ByName(name); err != nil {
		name = "seidr"
	}
	c := e.createOnly(wire.CreateRequest{Game: name, Seats: seats("h", "e")})
	if len(c.Game.Fairness.Commitment) != 64 || c.Game.Fairness.ServerSeed != "" {
		t.Fatalf("fairness at creation = %+v, want a commitment and no seed", c.Game.Fairness)
	}
	e.must("POST", "/api/games/"+c.ID+"/seed", c.Seats[0].Token, map[string]string{"seed": "my lucky seed"}, nil)
	v := e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(7, 7)), 100000)
	checkOver(t, v)
	if v.Fairness.Rolls == 0 || v.Fairness.SeatSeeds["p1"] != "my lucky seed" && v.Fairness.SeatSeeds["white"] != "my lucky seed" {
		t.Fatalf("fairness at the end = %+v, want rolls and the seat seed", v.Fairness)
	}
	rec := e.record(c.ID, "norns")
	parsed, err := record.Parse(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	res, err := record.Verify(parsed, games.All)
	if err != nil || !res.Revealed || res.Rolls != int(v.Fairness.Rolls) || res.Status != v.Status {
		t.Fatalf("Verify(record) = %+v, %v, want %d rolls matching, status %q\n%s", res, err, v.Fairness.Rolls, v.Status, rec)
	}

	// Tamper with a roll: change the first roll to another outcome.
	lines := strings.Split(rec, "\n")
	var tampered []string
	for i, l := range lines {
		if strings.Contains(l, " roll chance ") {
			for _, other := range otherOutcomes(t, name, lines, i) {
				cp := slices.Clone(lines)
				cp[i] = l[:strings.Index(l, " roll chance ")] + " roll chance " + other
				tampered = append(tampered, strings.Join(cp, "\n"))
			}
			break
		}
	}
	if len(tampered) == 0 {
		t.Fatal("no roll to tamper with")
	}
	for _, bad := range tampered {
		p, err := record.Parse(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := record.Verify(p, games.All); err == nil {
			t.Errorf("Verify(tampered roll) = nil, want an error")
		}
	}
	// Tamper with the seed, and with a seat seed.
	seedLine := fmt.Sprintf("[ServerSeed %q]", v.Fairness.ServerSeed)
	flipped := []byte(v.Fairness.ServerSeed)
	flipped[0] ^= 1
	for name, bad := range map[string]string{
		"server seed": strings.Replace(rec, seedLine, fmt.Sprintf("[ServerSeed %q]", flipped), 1),
		"seat seed":   strings.Replace(rec, `"my lucky seed"`, `"my lucky seed!"`, 1),
	} {
		if bad == rec {
			t.Fatalf("tampering with the %s changed nothing", name)
		}
		p, err := record.Parse(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := record.Verify(p, games.All); err == nil {
			t.Errorf("Verify(tampered %s) = nil, want an error", name)
		}
	}
	// The seed in the view hashes to the commitment.
	seed, _ := hex.DecodeString(v.Fairness.ServerSeed)
	if len(seed) != 32 {
		t.Errorf("revealed seed has %d bytes, want 32", len(seed))
	}
}

// otherOutcomes lists, for the roll on line i of a record, the outcomes the
// roll could have had other than the recorded one.
func otherOutcomes(t *testing.T, name string, lines []string, i int) []string {
	t.Helper()
	// Replay the record up to line i to learn the outcomes there.
	p, err := record.Parse(strings.NewReader(strings.Join(lines[:i], "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, name)
	st, _ := g.New(optsOf(p.Tags["Options"]))
	for _, ev := range p.Events {
		a, err := st.ParseAction(ev.Action)
		if err != nil {
			t.Fatal(err)
		}
		st.Apply(a)
	}
	recorded := strings.SplitN(lines[i], " ", 4)[3]
	var out []string
	for _, o := range st.ChanceOutcomes() {
		if s := st.ActionString(o.Action); s != recorded {
			out = append(out, s)
		}
	}
	return out
}

// TestClock: a player who runs out of time loses; a finished timed game's
// record verifies.
func TestClock(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 1000, IncrementMs: 100}})
	tok := tokensOf(c)
	f0 := e.subscribe(c.ID, 0, "")
	f0.read()
	// The first move of each side is not timed.
	time.Sleep(300 * time.Millisecond) // white thinks
	var v wire.View
	e.must("POST", "/api/games/"+c.ID+"/actions", tok["white"], map[string]any{"action": "e2e4", "seq": 0}, &v)
	if w := v.Clock.RemainingMs["white"]; w != 1100 {
		t.Errorf("white's clock after an untimed first move = %d ms, want 1100 (1000 and the increment)", w)
	}
	e.must("POST", "/api/games/"+c.ID+"/actions", tok["black"], map[string]any{"action": "e7e5", "seq": 1}, nil)
	time.Sleep(300 * time.Millisecond) // white thinks, on the clock now
	e.must("POST", "/api/games/"+c.ID+"/actions", tok["white"], map[string]any{"action": "g1f3", "seq": 2}, &v)
	// The feed's state shows black's clock starting afresh, white's
	// charged with the thinking and credited with the increment.
	_, s1 := f0.until(func(v wire.View) bool { return v.Seq == 3 })
	if b, w := s1.Clock.RemainingMs["black"], s1.Clock.RemainingMs["white"]; b < 1000 || w > 950 || w < 100 {
		t.Errorf("clocks on the feed after 2. Nf3 = %v, want black near 1100, white near 900", s1.Clock.RemainingMs)
	}
	if v.Clock == nil || v.Clock.Running != "black" || v.Clock.RemainingMs["white"] <= 0 || v.Clock.RemainingMs["white"] > 1200 {
		t.Fatalf("clock after 2. Nf3 = %+v, want black running and white with at most 1.2 s left", v.Clock)
	}
	f := e.subscribe(c.ID, 3, "")
	evs, end := f.until(func(v wire.View) bool { return v.Finished })
	if len(evs) != 1 || evs[0].Kind != "timeout" || evs[0].Player != "black" {
		t.Errorf("events to the end = %+v, want black's timeout", evs)
	}
	if end.Status != "over white" || !strings.Contains(end.Result, "time") || end.Clock.RemainingMs["black"] != 0 {
		t.Errorf("after black's flag fell: %q %q, clocks %v, want over white (time), black at 0", end.Status, end.Result, end.Clock.RemainingMs)
	}
	st, ae := e.call("POST", "/api/games/"+c.ID+"/actions", tok["black"], map[string]any{"action": "b8c6", "seq": 4}, nil)
	if st != 409 || ae.Code != "game_over" {
		t.Errorf("move after the flag fell = %d %s, want 409 game_over", st, ae.Code)
	}
	p, err := record.Parse(strings.NewReader(e.record(c.ID, "norns")))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := record.Verify(p, games.All); err != nil || res.Status != "over white" {
		t.Errorf("Verify(timed record) = %+v, %v, want over white", res, err)
	}
}

// TestClockThreePlayers: in three-player Nords Loki a player out of time
// is out of the game (a technical defeat, 8.3) and the others play on;
// the second timeout leaves the last player the winner. Once each has
// made a first move (not timed), nobody moves, so each player to move in
// turn runs out of time.
func TestClockThreePlayers(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h"), Clock: &wire.ClockRequest{InitialMs: 1000}})
	f := e.subscribe(c.ID, 0, "")
	// The first move of each player is not timed: each plays a whole
	// turn, then nobody moves.
	tokens := tokensOf(c)
	done, current := map[string]bool{}, ""
	for len(done) < 3 {
		v := e.view(c.ID)
		if v.Finished {
			t.Fatalf("the game ended before each player had a turn: %s", v.Result)
		}
		tok, seat := tokens[v.ToMove]
		if !seat {
			continue // a roll
		}
		if v.ToMove != current && current != "" {
			done[current] = true
		}
		current = v.ToMove
		if !done[v.ToMove] && len(v.Legal) > 0 {
			e.call("POST", "/api/games/"+c.ID+"/actions", tok, map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil)
		}
	}
	_, end := f.until(func(v wire.View) bool { return v.Finished })
	v := e.view(c.ID)
	var out []string
	rolled := false
	for _, h := range v.History {
		switch {
		case h.Kind == "timeout":
			out = append(out, h.Player)
		case h.Kind == "roll" && len(out) == 1:
			rolled = true // the game went on after the first timeout
		}
	}
	if len(out) != 2 || out[0] == out[1] || !rolled {
		t.Fatalf("history %+v: want a timeout, a roll for the next player, a second timeout", v.History)
	}
	var last string
	for _, p := range v.Players {
		if !slices.Contains(out, p) {
			last = p
		}
	}
	if want := "over " + last + " 1"; v.Status != want || end.Seq != v.Seq || !strings.Contains(v.Result, "technical defeat") {
		t.Errorf("after the timeouts of %v: status %q, result %q; want %q by technical defeat", out, v.Status, v.Result, want)
	}
	for _, p := range out {
		if !regexp.MustCompile(`\b` + p + `=\S*/out\b`).MatchString(v.Position) {
			t.Errorf("position %q: want %s out", v.Position, p)
		}
	}
	// A timed-out player cannot act, and the record replays to the same end.
	code, apiErr := e.call("POST", "/api/games/"+c.ID+"/actions", tokensOf(c)[out[0]], wire.PlayRequest{Action: "W0/1", Seq: &v.Seq}, nil)
	if code == 200 || apiErr.Code != wire.CodeGameOver {
		t.Errorf("action of %s after the end = %d %+v, want game_over", out[0], code, apiErr)
	}
	checkRecords(t, e, v)
}

// TestRestore: games survive a restart of the server (in process): the
// position, the seats, the clocks; an AI turn that was due is taken.
func TestRestore(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/norns.db"
	e := startOn(t, path, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 600000, IncrementMs: 1000}})
	e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(1, 1)), 9)
	before := e.view(c.ID)
	e.stop()

	e2 := startOn(t, path, nil)
	after := e2.view(c.ID)
	if after.Position != before.Position || after.Seq != 9 || after.ToMove != "black" || len(after.History) != 9 {
		t.Fatalf("after restart: %q seq %d to move %s, want %q seq 9 black", after.Position, after.Seq, after.ToMove, before.Position)
	}
	// White's clock is as stored; black's restarts from what it had at
	// the last move (not from the initial time).
	b0, b1 := before.Clock.RemainingMs["black"], after.Clock.RemainingMs["black"]
	if after.Clock.RemainingMs["white"] != before.Clock.RemainingMs["white"] || b1 < b0-1000 || b1 > b0+1000 || b1 == 600000 {
		t.Errorf("clocks after restart = %v, before %v", after.Clock.RemainingMs, before.Clock.RemainingMs)
	}
	// The tokens still work, and the game goes on.
	e2.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(1, 2)), 1)

	e2.stop()
}

// stuck is an agent that thinks until its context ends.
type stuck struct{ started chan struct{} }

func (s stuck) Choose(ctx context.Context, st game.State) (game.Action, error) {
	close(s.started)
	<-ctx.Done()
	return st.Legal()[0], nil
}

// TestRestoreAITurn: an AI turn interrupted by a shutdown is taken again
// after the restart.
func TestRestoreAITurn(t *testing.T) {
	path := t.TempDir() + "/norns.db"
	started := make(chan struct{})
	e := startOn(t, path, func(c *server.Config) {
		c.NewAgent = func(ai.Config) (ai.Agent, error) { return stuck{started}, nil }
	})
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("e", "h")})
	<-started
	e.stop()
	e2 := startOn(t, path, nil)
	f := e2.subscribe(c.ID, 0, "")
	_, v := f.until(func(v wire.View) bool { return v.Seq >= 1 })
	if v.ToMove != "black" {
		t.Errorf("after the restart the AI moved; to move = %q, want black", v.ToMove)
	}
	if full := e2.view(c.ID); len(full.History) != 1 || full.History[0].Player != "white" {
		t.Errorf("history after the restart = %+v, want white's one move", full.History)
	}
}

func (e *env) record(id, format string) string {
	e.t.Helper()
	resp, err := http.Get(e.base + "/api/games/" + id + "/record?format=" + format)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		e.t.Fatalf("record %s: %d %s", format, resp.StatusCode, b)
	}
	return string(b)
}

// TestRecords: a chess game downloads as PGN by default, every game as a
// Norns record.
func TestRecords(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: "Ann"}, {Type: "human", Name: "Bob"}}})
	e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(2, 2)), 4)
	pgn := e.record(c.ID, "")
	for _, want := range []string{`[White "Ann"]`, `[Black "Bob"]`, `[NornsCommitment "` + c.Game.Fairness.Commitment + `"]`, "1. ", "\n*\n"} {
		if !strings.Contains(pgn, want) && !strings.HasSuffix(pgn, strings.TrimPrefix(want, "\n")) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	norns := e.record(c.ID, "norns")
	if !strings.HasPrefix(norns, "# norns record 1\n") || !strings.Contains(norns, "\n4 move black ") || !strings.Contains(norns, `[ServerSeed "?"]`) {
		t.Errorf("Norns record of an unfinished game:\n%s", norns)
	}
	p, _ := record.Parse(strings.NewReader(norns))
	if v, err := record.Verify(p, games.All); err != nil || v.Revealed || v.Events != 4 {
		t.Errorf("Verify(unfinished) = %+v, %v, want 4 events, seed not revealed", v, err)
	}
	if _, err := record.Parse(bytes.NewReader([]byte(pgn))); err == nil {
		t.Errorf("ParseRecord(PGN) = nil error, want one")
	}
}

// TestSeed: a seat adds its dice seed before the first roll, not after,
// and not once the game is over.
func TestSeed(t *testing.T) {
	e := start(t, nil)
	c := e.createOnly(wire.CreateRequest{Game: "seidr", Seats: seats("h", "o")})
	white := c.Seats[0].Token
	var v wire.View
	e.must("POST", "/api/games/"+c.ID+"/seed", white, map[string]string{"seed": "white's own"}, &v)
	if v.Fairness.SeatSeeds["white"] != "white's own" || !v.Seats[0].Seeded {
		t.Errorf("after POST seed: fairness %+v, seats %+v", v.Fairness, v.Seats)
	}
	st, ae := e.call("POST", "/api/games/"+c.ID+"/seed", "", map[string]string{"seed": "x"}, nil)
	if st != 401 || ae.Code != "missing_token" {
		t.Errorf("seed without a token = %d %s, want 401 missing_token", st, ae.Code)
	}
	st, ae = e.call("POST", "/api/games/"+c.ID+"/seed", white, map[string]string{"seed": strings.Repeat("x", 65)}, nil)
	if st != 400 || ae.Code != "bad_seed" {
		t.Errorf("65-character seed = %d %s, want 400 bad_seed", st, ae.Code)
	}
	var j struct {
		Token string `json:"token"`
	}
	e.must("POST", "/api/games/"+c.ID+"/join", "", map[string]string{"invite": c.Seats[1].Invite, "seed": "black's"}, &j)
	tokens := map[string]string{"white": white, "black": j.Token}
	rng := rand.New(rand.NewPCG(8, 8))
	for e.view(c.ID).Fairness.Rolls == 0 && !e.view(c.ID).Finished {
		e.player(c.ID, tokens, rng, 1)
	}
	if e.view(c.ID).Finished {
		t.Skip("the game ended before a roll")
	}
	st, ae = e.call("POST", "/api/games/"+c.ID+"/seed", j.Token, map[string]string{"seed": "changed my mind"}, nil)
	if st != 409 || ae.Code != "seed_locked" {
		t.Errorf("seed after the first roll = %d %s, want 409 seed_locked", st, ae.Code)
	}
	if v := e.view(c.ID); v.Fairness.SeatSeeds["black"] != "black's" {
		t.Errorf("black's seed after the refused change = %q, want %q", v.Fairness.SeatSeeds["black"], "black's")
	}
	e.player(c.ID, tokens, rng, 100000)
	st, ae = e.call("POST", "/api/games/"+c.ID+"/seed", white, map[string]string{"seed": "too late"}, nil)
	if st != 409 || ae.Code != "game_over" {
		t.Errorf("seed after the end = %d %s, want 409 game_over", st, ae.Code)
	}
}

// TestWebSocketLimit: the feed takes one message from a client, its seat
// token; anything else closes it (1008, policy violation), and a message
// over the limit closes it too (1009, too big).
func TestWebSocketLimit(t *testing.T) {
	e := start(t, func(c *server.Config) { c.MaxBody = 1024 })
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, tt := range []struct {
		msg  []byte
		want websocket.StatusCode
	}{
		{bytes.Repeat([]byte("x"), 4096), websocket.StatusMessageTooBig},
		{[]byte(`{"type":"move","action":"e2e4"}`), websocket.StatusPolicyViolation},
		{[]byte("hello"), websocket.StatusPolicyViolation},
	} {
		f := e.subscribe(c.ID, 0, "")
		f.read()
		f.c.Write(ctx, websocket.MessageText, tt.msg)
		if _, _, err := f.c.Read(ctx); websocket.CloseStatus(err) != tt.want {
			t.Errorf("after the message %.20q the feed reads %v, want close %d", tt.msg, err, tt.want)
		}
	}
	// A bad token in the first message ends the feed with an error.
	f := e.subscribe(c.ID, 0, "")
	f.auth("nope")
	for m := f.read(); m.Type != "error"; m = f.read() {
		if m.Type != "state" && m.Type != "event" {
			t.Fatalf("feed after a bad token: %+v", m)
		}
	}
	if _, _, err := f.c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("after a bad token the feed reads %v, want close 1008", err)
	}
	// A good one is answered with the seat.
	f = e.subscribe(c.ID, 0, c.Seats[1].Token)
	m := f.read()
	for m.Type == "state" || m.Type == "event" {
		m = f.read()
	}
	if m.Type != "auth" || m.Player != "black" {
		t.Errorf("answer to black's token = %+v, want auth black", m)
	}
}
