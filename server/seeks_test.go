package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/wire"
)

// lobbyFeed is a client of the lobby's feed.
type lobbyFeed struct {
	t testing.TB
	c *websocket.Conn
	// matched keeps the matches read while waiting for something else.
	matched   []lobbyMessage
	onTimeout func()
}

// lobby opens the lobby's feed.
func (e *env) lobby() *lobbyFeed { return e.lobbyWith(nil) }

// lobbyWith opens the lobby's feed with a client (its cookies: a
// signed-in browser's session).
func (e *env) lobbyWith(client *http.Client) *lobbyFeed {
	e.t.Helper()
	url := "ws" + strings.TrimPrefix(e.base, "http") + "/api/lobby/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		e.t.Fatalf("dial %s: %v", url, err)
	}
	c.SetReadLimit(8 << 20)
	e.t.Cleanup(func() { c.CloseNow() })
	return &lobbyFeed{t: e.t, c: c}
}

// lobbyMessage is any message of the lobby's feed.
type lobbyMessage struct {
	Type   string      `json:"type"`
	Seeks  []wire.Seek `json:"seeks"`
	ID     string      `json:"id"`
	Game   string      `json:"game"`
	Player string      `json:"player"`
	Token  string      `json:"token"`
	Error  apiError    `json:"error"`
}

func (f *lobbyFeed) send(v any) {
	f.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.c.Write(ctx, websocket.MessageText, b); err != nil {
		f.t.Fatalf("lobby write: %v", err)
	}
}

// until reads messages until ok accepts one, and returns it.
func (f *lobbyFeed) until(what string, ok func(lobbyMessage) bool) lobbyMessage {
	f.t.Helper()
	for i, m := range f.matched {
		if ok(m) {
			f.matched = append(f.matched[:i], f.matched[i+1:]...)
			return m
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		_, b, err := f.c.Read(ctx)
		if err != nil {
			if f.onTimeout != nil {
				f.onTimeout()
			}
			f.t.Fatalf("lobby read while waiting for %s: %v", what, err)
		}
		var m lobbyMessage
		if err := json.Unmarshal(b, &m); err != nil {
			f.t.Fatalf("lobby message %s: %v", b, err)
		}
		if ok(m) {
			return m
		}
		if m.Type == wire.MessageMatched {
			f.matched = append(f.matched, m)
		}
	}
}

// hold holds seek id on the feed and reads the answer.
func (f *lobbyFeed) hold(id, token string) lobbyMessage {
	f.t.Helper()
	f.send(wire.HoldMessage{ID: id, Token: token, Type: wire.MessageHold})
	return f.until("the hold's answer", func(m lobbyMessage) bool { return m.Type == wire.MessageHold || m.Type == wire.MessageError })
}

// listed reports whether a list of seeks has id, and returns it.
func listed(m lobbyMessage, id string) (wire.Seek, bool) {
	for _, k := range m.Seeks {
		if k.ID == id {
			return k, true
		}
	}
	return wire.Seek{}, false
}

var seekClock = &wire.ClockRequest{InitialMs: 180_000, IncrementMs: 2_000}

// TestSeekAccepted: a seek posted and held by its poster appears in the
// lobby's list, live on another client's feed and in GET /api/seeks; a
// player accepts it and gets a seat and its token, the poster's feed
// tells it its game and seat (its colour as asked), both tokens open
// their seats, the seek leaves the list, and a second acceptance is
// seek_taken.
func TestSeekAccepted(t *testing.T) {
	e := start(t, nil)
	poster, viewer := e.lobby(), e.lobby()
	var k wire.SeekResponse
	if st, ae := e.call("POST", "/api/seeks", "", wire.SeekRequest{Game: "chess", Clock: seekClock, Color: "white", Name: "Ann"}, &k); st != http.StatusCreated {
		t.Fatalf("POST /api/seeks = %d %+v", st, ae)
	}
	if m := poster.hold(k.ID, k.Token); m.Type != wire.MessageHold || m.ID != k.ID || m.Token != "" {
		t.Fatalf("the hold's answer %+v, want the hold back without its token", m)
	}
	m := viewer.until("the seek in the list", func(m lobbyMessage) bool {
		_, ok := listed(m, k.ID)
		return m.Type == wire.MessageSeeks && ok
	})
	got, _ := listed(m, k.ID)
	if got.Game != "chess" || got.Speed != wire.SpeedBlitz || got.Color != "white" || got.Name != "Ann" || got.Rating != 1500 || got.Rated ||
		got.Clock.InitialMs != 180_000 || got.Clock.IncrementMs != 2_000 {
		t.Fatalf("the seek listed: %+v", got)
	}
	var list wire.SeeksMessage
	e.must("GET", "/api/seeks", "", nil, &list)
	if len(list.Seeks) != 1 || list.Seeks[0].ID != k.ID {
		t.Fatalf("GET /api/seeks = %+v, want the one seek", list)
	}
	var st wire.SeekStatus
	e.must("GET", "/api/seeks/"+k.ID, k.Token, nil, &st)
	if st.Game != "" {
		t.Fatalf("the status of a seek waiting: %+v", st)
	}

	var acc wire.AcceptResponse
	e.must("POST", "/api/seeks/"+k.ID+"/accept", "", wire.AcceptRequest{Name: "Bob"}, &acc)
	if acc.ID == "" || acc.Player != "black" || acc.Token == "" {
		t.Fatalf("the acceptance: %+v, want a game and the black seat", acc)
	}
	matched := poster.until("the match", func(m lobbyMessage) bool { return m.Type == wire.MessageMatched })
	if matched.ID != k.ID || matched.Game != acc.ID || matched.Player != "white" {
		t.Fatalf("the poster's match: %+v, want seek %s, game %s, white", matched, k.ID, acc.ID)
	}
	e.must("GET", "/api/seeks/"+k.ID, k.Token, nil, &st)
	if st.Game != acc.ID || st.Player != "white" {
		t.Fatalf("the status of the seek matched: %+v", st)
	}
	for tok, want := range map[string]string{k.Token: "white", acc.Token: "black"} {
		var v wire.View
		e.must("GET", "/api/games/"+acc.ID, tok, nil, &v)
		if v.You != want || v.Seats[0].Name != "Ann" || v.Seats[1].Name != "Bob" || v.Seats[0].Kind != "human" || v.Seats[1].Kind != "human" || v.Clock == nil {
			t.Fatalf("the game as %s sees it: you %q, seats %+v, clock %v", want, v.You, v.Seats, v.Clock)
		}
	}
	viewer.until("the seek gone from the list", func(m lobbyMessage) bool {
		_, ok := listed(m, k.ID)
		return m.Type == wire.MessageSeeks && !ok
	})
	if code, ae := e.call("POST", "/api/seeks/"+k.ID+"/accept", "", wire.AcceptRequest{Name: "Cid"}, nil); code != http.StatusConflict || ae.Code != wire.CodeSeekTaken {
		t.Fatalf("a second acceptance = %d %s, want 409 seek_taken", code, ae.Code)
	}
}

// TestSeekWithdrawn: a seek leaves the list when its poster's feed closes,
// or when the poster cancels it; accepting it then is seek_not_found.
func TestSeekWithdrawn(t *testing.T) {
	e := start(t, nil)
	viewer := e.lobby()
	for _, how := range []string{"feed closed", "cancelled"} {
		poster := e.lobby()
		var k wire.SeekResponse
		e.must("POST", "/api/seeks", "", wire.SeekRequest{Game: "seidr", Clock: seekClock}, &k)
		poster.hold(k.ID, k.Token)
		viewer.until("the seek listed", func(m lobbyMessage) bool { _, ok := listed(m, k.ID); return ok })
		if how == "feed closed" {
			poster.c.Close(websocket.StatusNormalClosure, "")
		} else {
			if code, ae := e.call("DELETE", "/api/seeks/"+k.ID, "not the token", nil, nil); code != http.StatusUnauthorized && code != http.StatusForbidden || ae.Code != wire.CodeBadToken {
				t.Fatalf("a cancel with another token = %d %s, want bad_token", code, ae.Code)
			}
			e.must("DELETE", "/api/seeks/"+k.ID, k.Token, nil, nil)
		}
		viewer.until("the seek gone", func(m lobbyMessage) bool {
			_, ok := listed(m, k.ID)
			return m.Type == wire.MessageSeeks && !ok
		})
		if code, ae := e.call("POST", "/api/seeks/"+k.ID+"/accept", "", wire.AcceptRequest{}, nil); code != http.StatusNotFound || ae.Code != wire.CodeSeekNotFound {
			t.Fatalf("%s: accepting = %d %s, want 404 seek_not_found", how, code, ae.Code)
		}
	}
}

// TestBadSeeks: a seek that cannot be is refused with the reason, and
// nothing is listed.
func TestBadSeeks(t *testing.T) {
	e := start(t, nil)
	for _, tc := range []struct {
		name string
		req  wire.SeekRequest
		code string
	}{
		{"no clock", wire.SeekRequest{Game: "chess"}, wire.CodeBadSeek},
		{"rated, anonymous", wire.SeekRequest{Game: "chess", Clock: seekClock, Rated: true}, wire.CodeRatedNeedsAccount},
		{"a range upside down", wire.SeekRequest{Game: "chess", Clock: seekClock, RatingMin: 1800, RatingMax: 1200}, wire.CodeBadSeek},
		{"a colour the game has not", wire.SeekRequest{Game: "chess", Clock: seekClock, Color: "p3"}, wire.CodeBadSeek},
		{"three players in the list", wire.SeekRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Clock: seekClock}, wire.CodeBadSeek},
		{"an unknown game", wire.SeekRequest{Game: "go", Clock: seekClock}, wire.CodeUnknownGame},
		{"a bad option", wire.SeekRequest{Game: "chess", Options: map[string]string{"nope": "x"}, Clock: seekClock}, wire.CodeBadOption},
		{"a bad clock", wire.SeekRequest{Game: "chess", Clock: &wire.ClockRequest{InitialMs: 5}}, wire.CodeBadClock},
		{"a bad name", wire.SeekRequest{Game: "chess", Clock: seekClock, Name: " x"}, wire.CodeBadSeats},
	} {
		if code, ae := e.call("POST", "/api/seeks", "", tc.req, nil); code/100 != 4 || ae.Code != tc.code {
			t.Errorf("%s: %d %s, want 4xx %s", tc.name, code, ae.Code, tc.code)
		}
	}
	var list wire.SeeksMessage
	e.must("GET", "/api/seeks", "", nil, &list)
	if len(list.Seeks) != 0 {
		t.Fatalf("listed after the refusals: %+v", list.Seeks)
	}
	if code, ae := e.call("GET", "/api/seeks/nope", "t", nil, nil); code != http.StatusNotFound || ae.Code != wire.CodeSeekNotFound {
		t.Fatalf("the status of no seek = %d %s", code, ae.Code)
	}
}

// poolPlayer posts a place in a pool on e and holds it on a feed of e.
type poolPlayer struct {
	seek wire.SeekResponse
	feed *lobbyFeed
}

func joinPool(e *env, req wire.SeekRequest) poolPlayer {
	e.t.Helper()
	req.Pool = true
	var p poolPlayer
	e.must("POST", "/api/seeks", "", req, &p.seek)
	p.feed = e.lobby()
	p.feed.onTimeout = func() {
		var st wire.SeekStatus
		code, ae := e.call("GET", "/api/seeks/"+p.seek.ID, p.seek.Token, nil, &st)
		e.t.Logf("seek %s: %d %+v %+v", p.seek.ID, code, ae, st)
	}
	if m := p.feed.hold(p.seek.ID, p.seek.Token); m.Type != wire.MessageHold {
		e.t.Fatalf("holding a place in the pool: %+v", m)
	}
	return p
}

// checkPairs waits for every player's match and checks that each was
// paired exactly once: each game has exactly two players, in two seats,
// and each token opens its seat.
func checkPairs(t *testing.T, es []*env, players []poolPlayer) map[string][]string {
	t.Helper()
	games := map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := p.feed.until("the pairing", func(m lobbyMessage) bool { return m.Type == wire.MessageMatched && m.ID == p.seek.ID })
			mu.Lock()
			games[m.Game] = append(games[m.Game], m.Player)
			mu.Unlock()
			var v wire.View
			es[i%len(es)].must("GET", "/api/games/"+m.Game, p.seek.Token, nil, &v)
			if v.You != m.Player {
				t.Errorf("player %d: the token opens %q of game %s, want %q", i, v.You, m.Game, m.Player)
			}
		}()
	}
	wg.Wait()
	for g, ps := range games {
		if len(ps) != 2 || ps[0] == ps[1] {
			t.Errorf("game %s has players %v, want two in two seats", g, ps)
		}
	}
	if len(games) != len(players)/2 {
		t.Errorf("%d games for %d players, want %d", len(games), len(players), len(players)/2)
	}
	return games
}

// TestPoolPairs: players in a pool are paired two by two into games of the
// pool's game and clock; one in another pool is not paired with them.
func TestPoolPairs(t *testing.T) {
	e := start(t, nil)
	var players []poolPlayer
	for i := range 4 {
		players = append(players, joinPool(e, wire.SeekRequest{Game: "chess", Clock: seekClock, Name: fmt.Sprintf("p%d", i)}))
	}
	other := joinPool(e, wire.SeekRequest{Game: "chess", Clock: &wire.ClockRequest{InitialMs: 60_000}})
	games := checkPairs(t, []*env{e}, players)
	for g := range games {
		v := e.view(g)
		if v.Clock == nil || v.Clock.InitialMs != 180_000 || v.Clock.IncrementMs != 2_000 {
			t.Errorf("game %s: clock %+v, want 3+2", g, v.Clock)
		}
	}
	var st wire.SeekStatus
	e.must("GET", "/api/seeks/"+other.seek.ID, other.seek.Token, nil, &st)
	if st.Game != "" {
		t.Fatalf("the player alone in the 1+0 pool was paired: %+v", st)
	}
	// A three-player pool pairs three at a time.
	var three []poolPlayer
	for range 3 {
		three = append(three, joinPool(e, wire.SeekRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Clock: seekClock}))
	}
	seen := map[string]bool{}
	game := ""
	for _, p := range three {
		m := p.feed.until("the pairing", func(m lobbyMessage) bool { return m.Type == wire.MessageMatched })
		if game != "" && m.Game != game || seen[m.Player] {
			t.Fatalf("three-player pool: %+v (game %s, seats %v)", m, game, seen)
		}
		game, seen[m.Player] = m.Game, true
	}
}

// TestPoolTwoInstances: 500 players joining one pool across two instances
// on one PostgreSQL, each holding its place on the instance it joined,
// are each paired exactly once.
func TestPoolTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	es := []*env{a, b}
	players := make([]poolPlayer, 500)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range players {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			players[i] = joinPool(es[i%2], wire.SeekRequest{Game: "chess", Clock: seekClock})
		}()
	}
	wg.Wait()
	games := checkPairs(t, es, players)
	if n := countGames(t, a.st); n != len(games) {
		t.Errorf("%d games in the store for %d pairs", n, len(games))
	}
}

// TestSeekAccounts: the seeks of signed-in players carry their accounts:
// the seek lists the poster's user name, accepting one's own seek is
// refused, and the game made has both seats under their accounts and
// names, in each account's games.
func TestSeekAccounts(t *testing.T) {
	e := start(t, cheapPasswords)
	ann, bob := e.browser(), e.browser()
	ann.signIn(true, "Ann", "correct horse")
	bob.signIn(true, "Bob", "battery staple")
	var k wire.SeekResponse
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock, Name: "someone else"}, &k)
	var list wire.SeeksMessage
	e.must("GET", "/api/seeks", "", nil, &list)
	if len(list.Seeks) != 1 || list.Seeks[0].Name != "Ann" {
		t.Fatalf("the seek listed: %+v, want Ann's", list.Seeks)
	}
	if code, ae, _ := ann.do("POST", "/api/seeks/"+k.ID+"/accept", wire.AcceptRequest{}, nil); code != http.StatusBadRequest || ae.Code != wire.CodeBadSeek {
		t.Fatalf("Ann accepting her own seek = %d %s, want 400 bad_seek", code, ae.Code)
	}
	var acc wire.AcceptResponse
	bob.must("POST", "/api/seeks/"+k.ID+"/accept", wire.AcceptRequest{}, &acc)
	v := e.view(acc.ID)
	names := map[string]string{}
	for _, s := range v.Seats {
		names[s.Player] = s.Name
	}
	if names[acc.Player] != "Bob" || len(names) != 2 {
		t.Fatalf("the game's seats %+v, want Bob as %s and Ann", v.Seats, acc.Player)
	}
	for who, b := range map[string]*browser{"Ann": ann, "Bob": bob} {
		var games wire.ListResponse
		b.must("GET", "/api/account/games", nil, &games)
		found := false
		for _, g := range games.Games {
			found = found || g.ID == acc.ID
		}
		if !found {
			t.Errorf("%s's games lack the game of the seek", who)
		}
	}
}

// TestRatedSeeks: a signed-in player's rated seek is listed as rated with
// the poster's rating; an anonymous player cannot accept it; the game made
// with another account is rated, and its end changes both ratings, which
// the next seek of the winner shows. Two accounts in a rated pool get a
// rated game; options no rating takes are refused.
func TestRatedSeeks(t *testing.T) {
	e := start(t, cheapPasswords)
	ann, bob := e.browser(), e.browser()
	ann.signIn(true, "Ann", "correct horse")
	bob.signIn(true, "Bob", "battery staple")
	var k wire.SeekResponse
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock, Rated: true, Color: "white"}, &k)
	var list wire.SeeksMessage
	e.must("GET", "/api/seeks", "", nil, &list)
	if len(list.Seeks) != 1 || !list.Seeks[0].Rated || list.Seeks[0].Rating != 1500 {
		t.Fatalf("the rated seek listed: %+v", list.Seeks)
	}
	if code, ae := e.call("POST", "/api/seeks/"+k.ID+"/accept", "", wire.AcceptRequest{Name: "anon"}, nil); code != http.StatusForbidden || ae.Code != wire.CodeRatedNeedsAccount {
		t.Fatalf("an anonymous acceptance of a rated seek = %d %s, want 403 rated_needs_account", code, ae.Code)
	}
	var acc wire.AcceptResponse
	bob.must("POST", "/api/seeks/"+k.ID+"/accept", wire.AcceptRequest{}, &acc)
	if v := e.view(acc.ID); v.Rated != "chess/blitz" {
		t.Fatalf("the game of a rated seek: rated %q, want chess/blitz", v.Rated)
	}
	e.must("POST", "/api/games/"+acc.ID+"/resign", acc.Token, nil, nil)
	var v wire.View
	for range 100 {
		if v = e.view(acc.ID); len(v.Ratings) == 2 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(v.Ratings) != 2 {
		t.Fatalf("the ratings of the game after Bob resigned: %+v", v.Ratings)
	}
	var again wire.SeekResponse
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock, Rated: true}, &again)
	e.must("GET", "/api/seeks", "", nil, &list)
	if len(list.Seeks) != 1 || list.Seeks[0].Rating <= 1500 {
		t.Fatalf("Ann's seek after her win: %+v, want a rating above 1500", list.Seeks)
	}
	e.must("DELETE", "/api/seeks/"+again.ID, again.Token, nil, nil)

	if code, ae, _ := ann.do("POST", "/api/seeks", wire.SeekRequest{Game: "luxumbra", Options: map[string]string{"balance": "on"}, Clock: seekClock, Rated: true}, nil); code/100 != 4 || ae.Code != wire.CodeCannotRate {
		t.Fatalf("a rated seek with options no rating takes = %d %s, want cannot_rate", code, ae.Code)
	}
	// A rated pool.
	var ks [2]wire.SeekResponse
	feeds := [2]*lobbyFeed{e.lobby(), e.lobby()}
	for i, b := range []*browser{ann, bob} {
		b.must("POST", "/api/seeks", wire.SeekRequest{Game: "seidr", Clock: seekClock, Rated: true, Pool: true}, &ks[i])
		feeds[i].hold(ks[i].ID, ks[i].Token)
	}
	m := feeds[0].until("the rated pairing", func(m lobbyMessage) bool { return m.Type == wire.MessageMatched })
	if v := e.view(m.Game); v.Rated != "seidr/blitz" {
		t.Fatalf("the rated pool's game: rated %q, want seidr/blitz", v.Rated)
	}
}

// TestSeeksThatFit: the lobby's feed shows each viewer the seeks that fit
// it: an anonymous viewer no rated seek, and nobody a seek whose rating
// range leaves their rating out.
func TestSeeksThatFit(t *testing.T) {
	e := start(t, cheapPasswords)
	ann, bob := e.browser(), e.browser()
	ann.signIn(true, "Ann", "correct horse")
	bob.signIn(true, "Bob", "battery staple")
	var rated, casual, strong wire.SeekResponse
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock, Rated: true}, &rated)
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock}, &casual)
	ann.must("POST", "/api/seeks", wire.SeekRequest{Game: "chess", Clock: seekClock, RatingMin: 1600}, &strong)
	ids := func(m lobbyMessage) map[string]bool {
		out := map[string]bool{}
		for _, k := range m.Seeks {
			out[k.ID] = true
		}
		return out
	}
	anon := e.lobby().until("the list", func(m lobbyMessage) bool { return m.Type == wire.MessageSeeks && len(m.Seeks) > 0 })
	if got := ids(anon); len(got) != 1 || !got[casual.ID] {
		t.Errorf("an anonymous viewer sees %v, want the casual seek alone", got)
	}
	signed := e.lobbyWith(bob.client).until("the list", func(m lobbyMessage) bool { return m.Type == wire.MessageSeeks && len(m.Seeks) > 1 })
	if got := ids(signed); len(got) != 2 || !got[casual.ID] || !got[rated.ID] {
		t.Errorf("Bob (1500) sees %v, want the rated and the casual seek, not the one for 1600 and up", got)
	}
}
