package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/game/gametest"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
)

// longGame is a legal Sea Hnefatafl record of n plies, without repetition
// rule and with a move limit beyond n: random moves, each chosen among
// those after which the game goes on. The same n gives the same record.
func longGame(tb testing.TB, n int) ReplayRequest {
	tb.Helper()
	opts := map[string]string{"repetition": "off", "move-limit": "30000"}
	g, err := games.ByName("seatafl")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := g.New(game.Options(opts))
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	req := ReplayRequest{Game: "seatafl", Options: opts}
	_, req.Actions = gametest.PlayOn(tb, s, rng, n)
	return req
}

// TestReplayLimit: a record of MaxReplayActions actions is replayed, one
// more is refused with the limit named, before anything is played (even
// the game's name is not looked at).
func TestReplayLimit(t *testing.T) {
	req := longGame(t, MaxReplayActions)
	r, err := Replay(t.Context(), req)
	if err != nil || r.Error != "" || len(r.Plies) != MaxReplayActions {
		t.Fatalf("Replay of %d actions = %d plies, error %q, %v; want them all", MaxReplayActions, len(r.Plies), r.Error, err)
	}
	if got := r.Plies[len(r.Plies)-1].Position; !strings.HasSuffix(got, fmt.Sprintf(" %d", MaxReplayActions)) {
		t.Errorf("Replay of %d actions: last position %q, want the ply count %d at its end", MaxReplayActions, got, MaxReplayActions)
	}
	for _, tc := range []ReplayRequest{
		{Game: "seatafl", Options: req.Options, Actions: append(req.Actions, "a4-a1")},
		{Game: "nosuch", Actions: make([]string, MaxReplayActions+1)},
	} {
		r, err := Replay(t.Context(), tc)
		if !errors.Is(err, ErrTooManyActions) || !strings.Contains(err.Error(), "10001 actions, the limit is 10000") || r != nil {
			t.Errorf("Replay(%s, %d actions) = %v, %v; want ErrTooManyActions naming 10001 and the limit 10000", tc.Game, len(tc.Actions), r, err)
		}
	}
}

// steppingState wraps a state: it counts the actions applied and calls
// onApply after each.
type steppingState struct {
	game.State
	applied int
	onApply func(n int)
}

func (s *steppingState) Apply(a game.Action) error {
	err := s.State.Apply(a)
	s.applied++
	s.onApply(s.applied)
	return err
}

// TestReplayCancel: a context cancelled before the replay stops it at
// once; cancelled during the replay, it stops within replayCheckEvery
// actions; with its deadline passed it stops with DeadlineExceeded.
func TestReplayCancel(t *testing.T) {
	req := longGame(t, 2000)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if r, err := Replay(ctx, req); !errors.Is(err, context.Canceled) || r != nil {
		t.Errorf("Replay with a cancelled context = %v, %v; want context.Canceled", r, err)
	}
	past, stop := context.WithDeadline(t.Context(), time.Unix(0, 0))
	defer stop()
	if r, err := Replay(past, req); !errors.Is(err, context.DeadlineExceeded) || r != nil {
		t.Errorf("Replay past its deadline = %v, %v; want context.DeadlineExceeded", r, err)
	}

	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	g, _ := games.ByName(req.Game)
	s, err := g.New(game.Options(req.Options))
	if err != nil {
		t.Fatal(err)
	}
	const at = 300
	st := &steppingState{State: s, onApply: func(n int) {
		if n == at {
			cancel()
		}
	}}
	r, err := replay(ctx, st, req.Actions)
	if !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("replay cancelled after %d actions = %v, %v; want context.Canceled", at, r, err)
	}
	if st.applied < at || st.applied > at+replayCheckEvery {
		t.Errorf("replay cancelled after %d actions applied %d, want at most %d", at, st.applied, at+replayCheckEvery)
	}
	where := fmt.Sprintf("stopped after %d of 2000 actions", (at/replayCheckEvery+1)*replayCheckEvery)
	if !strings.Contains(err.Error(), where) {
		t.Errorf("replay cancelled after %d actions: %q, want it to say %q", at, err, where)
	}
}

// TestReplayLinear: replaying n actions copies O(n) actions out of the
// history, not O(n²) as reading the whole history at each ply does (about
// n² = 4,000,000 here), and gives the same plies as Replay.
func TestReplayLinear(t *testing.T) {
	long := longGame(t, 2000)
	tests := []struct {
		game    string
		options map[string]string
		actions []string
	}{
		{"seatafl", long.Options, long.Actions},
		// Rolls and a pass the game applies by itself (the worked example).
		{"seidr", nil, []string{"c2c4", "2", "8", "6", "1", "8", "pass", "g8f6"}},
	}
	for _, tc := range tests {
		want, err := Replay(t.Context(), ReplayRequest{Game: tc.game, Options: tc.options, Actions: tc.actions})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := games.ByName(tc.game)
		s, err := g.New(game.Options(tc.options))
		if err != nil {
			t.Fatal(err)
		}
		st := &gametest.CountingState{State: s, Copied: new(int)}
		got, err := replay(t.Context(), st, tc.actions)
		if err != nil {
			t.Fatal(err)
		}
		n := len(tc.actions)
		if *st.Copied > 2*n {
			t.Errorf("replay of %d %s actions copied %d actions out of the history, want at most %d", n, tc.game, *st.Copied, 2*n)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Errorf("replay of %s through a wrapper = %s, want %s", tc.game, a, b)
		}
	}
}

// TestReplayErrors: POST /web/replay answers errors in the API's shape,
// with the documented codes and statuses and the catalog's message.
func TestReplayErrors(t *testing.T) {
	many, _ := json.Marshal(ReplayRequest{Game: "chess", Actions: make([]string, MaxReplayActions+1)})
	huge, _ := json.Marshal(ReplayRequest{Game: "chess", Actions: []string{strings.Repeat(" ", maxReplayBody)}})
	past, stop := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer stop()
	tests := []struct {
		name   string
		body   string
		ctx    context.Context
		query  string
		status int
		code   string
		detail string
	}{
		{"malformed JSON", `{"game":`, nil, "", 400, "bad_request", "unexpected EOF"},
		{"empty body", ``, nil, "", 400, "bad_request", "EOF"},
		{"not an object", `["chess"]`, nil, "", 400, "bad_request", "cannot unmarshal array"},
		{"body over the limit", string(huge), nil, "", 413, "too_large", "1048576 bytes"},
		{"too many actions", string(many), nil, "", 413, "too_large", "10001 actions, the limit is 10000"},
		{"unknown game", `{"game":"nosuch","actions":[]}`, nil, "", 404, "unknown_game", `"nosuch"`},
		{"unknown option", `{"game":"chess","options":{"colour":"red"}}`, nil, "", 400, "bad_option", "colour"},
		{"bad option value", `{"game":"seatafl","options":{"repetition":"maybe"}}`, nil, "", 400, "bad_option", "maybe"},
		{"bad position", `{"game":"chess","position":"garbage","actions":["e2e4"]}`, nil, "", 400, "bad_request", "garbage"},
		{"out of time", `{"game":"chess","actions":["e2e4"]}`, past, "", 413, "too_large", "did not finish within 5s"},
		{"in Russian", `{"game":"nosuch"}`, nil, "?lang=ru", 404, "unknown_game", `"nosuch"`},
	}
	h := Handler()
	for _, tc := range tests {
		req := httptest.NewRequest("POST", "/web/replay"+tc.query, strings.NewReader(tc.body))
		if tc.ctx != nil {
			req = req.WithContext(tc.ctx)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var got struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
				Detail  string `json:"detail"`
			} `json:"error"`
		}
		dec := json.NewDecoder(w.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&got); err != nil {
			t.Errorf("%s: POST /web/replay = %d, body not an API error: %v", tc.name, w.Code, err)
			continue
		}
		lang := i18n.English
		if tc.query != "" {
			lang = i18n.Russian
		}
		e := got.Error
		if w.Code != tc.status || e.Code != tc.code || !strings.Contains(e.Detail, tc.detail) ||
			e.Message != i18n.T(lang, "error."+tc.code) || e.Message == "error."+tc.code {
			t.Errorf("%s: POST /web/replay = %d %+v, want %d %s with the catalog's message and a detail containing %q",
				tc.name, w.Code, e, tc.status, tc.code, tc.detail)
		}
		if ct := w.Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q, want application/json", tc.name, ct)
		}
	}
}

// BenchmarkReplay replays legal Sea Hnefatafl records of several lengths,
// up to MaxReplayActions: the time per replay grows linearly.
func BenchmarkReplay(b *testing.B) {
	for _, n := range []int{2500, 5000, MaxReplayActions} {
		req := longGame(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				r, err := Replay(context.Background(), req)
				if err != nil || r.Error != "" || len(r.Plies) != n {
					b.Fatalf("Replay of %d actions: %v, error %q, %d plies", n, err, r.Error, len(r.Plies))
				}
			}
		})
	}
}
