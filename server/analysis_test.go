package server_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/analysis"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/wire"
)

// TestAnalysis: a game in progress is not analysed (409 not_over); once
// it is over, POST starts the analysis, GET shows its progress and then
// the result, in which Black's 3...Nf6 of the scholar's mate is a blunder.
func TestAnalysis(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	path := "/api/games/" + c.ID + "/analysis"
	if st, ae := e.call("GET", path, "", nil, nil); st != http.StatusNotFound || ae.Code != wire.CodeNotFound {
		t.Errorf("GET %s before any = %d %+v, want 404 %s", path, st, ae, wire.CodeNotFound)
	}
	moves := []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}
	for i, m := range moves {
		if i == 3 {
			if st, ae := e.call("POST", path, "", nil, nil); st != http.StatusConflict || ae.Code != wire.CodeNotOver {
				t.Errorf("POST %s in play = %d %+v, want 409 %s", path, st, ae, wire.CodeNotOver)
			}
		}
		e.must("POST", "/api/games/"+c.ID+"/actions", c.Seats[i%2].Token, map[string]any{"action": m, "seq": i}, nil)
	}
	var v wire.AnalysisView
	if st, ae := e.call("POST", path, "", nil, &v); st != http.StatusAccepted {
		t.Fatalf("POST %s once over = %d %+v, want 202", path, st, ae)
	}
	if v.Total != len(moves) || v.Analysis != nil {
		t.Errorf("POST %s = %+v, want %d actions to do", path, v, len(moves))
	}
	seen := map[string]bool{}
	for v.Status != "done" {
		seen[v.Status] = true
		if v.Status == "failed" {
			t.Fatalf("analysis failed: %s", v.Error)
		}
		if v.Done > v.Total {
			t.Fatalf("progress %d of %d", v.Done, v.Total)
		}
		time.Sleep(20 * time.Millisecond)
		e.must("GET", path, "", nil, &v)
	}
	t.Logf("statuses seen before done: %v", seen)
	an := v.Analysis
	if v.Done != v.Total || an == nil || len(an.Steps) != len(moves) {
		t.Fatalf("done: %+v", v)
	}
	if st := an.Steps[5]; st.Mark != analysis.MarkBlunder || st.Best == "" {
		t.Errorf("g8f6: %+v, want a blunder with the AI's move", st)
	}
	var again wire.AnalysisView
	e.must("POST", path, "", nil, &again)
	if again.Status != "done" || again.Analysis == nil {
		t.Errorf("POST %s again = %+v, want the analysis done", path, again)
	}
}

// TestAnalysisForfeit: a three-player game of Nords Loki that went on
// after a resignation, and ended with a second, is analysed with the
// first at its place.
func TestAnalysisForfeit(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	tokens := tokensOf(c)
	play := func(n int) {
		for range n {
			v := e.view(c.ID)
			tok, ok := tokens[v.ToMove]
			if v.Finished || !ok || len(v.Legal) == 0 {
				return
			}
			e.must("POST", "/api/games/"+c.ID+"/actions", tok, map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil)
		}
	}
	play(15)
	e.must("POST", "/api/games/"+c.ID+"/resign", tokens["p2"], nil, nil)
	play(10)
	if !e.view(c.ID).Finished {
		e.must("POST", "/api/games/"+c.ID+"/resign", tokens["p1"], nil, nil)
	}
	path := "/api/games/" + c.ID + "/analysis"
	var v wire.AnalysisView
	e.must("POST", path, "", nil, &v)
	for v.Status != "done" {
		if v.Status == "failed" {
			t.Fatalf("analysis failed: %s", v.Error)
		}
		time.Sleep(20 * time.Millisecond)
		e.must("GET", path, "", nil, &v)
	}
	if len(v.Analysis.Players) != 3 || len(v.Analysis.Steps) == 0 || len(v.Analysis.Steps) > v.Total {
		t.Errorf("players %v, %d steps of %d", v.Analysis.Players, len(v.Analysis.Steps), v.Total)
	}
}

// TestAnalysisRate: a client starts three analyses in a row, not a
// fourth; asking again for one it started costs nothing.
func TestAnalysisRate(t *testing.T) {
	e := start(t, func(c *server.Config) { c.AnalysisBudget = 50 })
	var ids []string
	for range 4 {
		id, _ := finishedChess(e, 1)
		ids = append(ids, id)
	}
	for i, id := range ids {
		st, ae := e.call("POST", "/api/games/"+id+"/analysis", "", nil, nil)
		switch {
		case i < 3 && st != http.StatusAccepted:
			t.Errorf("analysis %d = %d %+v, want 202", i, st, ae)
		case i == 3 && (st != http.StatusTooManyRequests || ae.Code != wire.CodeRateLimited):
			t.Errorf("analysis %d = %d %+v, want 429 %s", i, st, ae, wire.CodeRateLimited)
		}
		if i < 3 {
			awaitAnalysis(e, id) // not to be held by the bound on the analyses waiting
		}
	}
	if st, ae := e.call("POST", "/api/games/"+ids[0]+"/analysis", "", nil, nil); st != http.StatusOK {
		t.Errorf("the first analysis again = %d %+v, want 200", st, ae)
	}
}

// TestAnalysisPerClient: while a client's two analyses wait or run, its
// third is refused (429 too_many_analyses, and nothing is started), not
// another client's; once one is done, the third is accepted.
func TestAnalysisPerClient(t *testing.T) {
	var hook func(id string, done, total int) // set before any analysis starts
	e := start(t, func(c *server.Config) {
		c.AnalysisBudget = 50
		c.AnalysisHook = func(id string, done, total int) { hook(id, done, total) }
	})
	other := e.from("127.0.0.2")
	var ids []string
	for _, plies := range []int{20, 2, 2} {
		id, _ := finishedChess(e, plies)
		ids = append(ids, id)
	}
	theirs, _ := finishedChess(other, 2)
	paused, resume := make(chan struct{}), make(chan struct{})
	var once sync.Once
	hook = func(id string, done, total int) {
		once.Do(func() {
			close(paused)
			<-resume
		})
	}
	path := func(id string) string { return "/api/games/" + id + "/analysis" }
	e.must("POST", path(ids[0]), "", nil, nil)
	<-paused // the first analysis runs, a turn done
	e.must("POST", path(ids[1]), "", nil, nil)
	if st, ae := e.call("POST", path(ids[2]), "", nil, nil); st != http.StatusTooManyRequests || ae.Code != wire.CodeTooManyAnalyses {
		t.Errorf("a third analysis = %d %+v, want 429 %s", st, ae, wire.CodeTooManyAnalyses)
	}
	if st, ae := e.call("GET", path(ids[2]), "", nil, nil); st != http.StatusNotFound {
		t.Errorf("GET the refused analysis = %d %+v, want 404", st, ae)
	}
	if st, ae := other.call("POST", path(theirs), "", nil, nil); st != http.StatusAccepted {
		t.Errorf("another client's analysis = %d %+v, want 202", st, ae)
	}
	close(resume)
	awaitAnalysis(e, ids[0])
	if st, ae := e.call("POST", path(ids[2]), "", nil, nil); st != http.StatusAccepted {
		t.Errorf("the third analysis once the first is done = %d %+v, want 202", st, ae)
	}
	awaitAnalysis(e, ids[2])
}

// TestAnalysisPartial: a game longer than Config.AnalysisActions is
// analysed over its first AnalysisActions actions, and the answer says
// so from the start; a game no longer is analysed whole.
func TestAnalysisPartial(t *testing.T) {
	e := start(t, func(c *server.Config) { c.AnalysisActions, c.AnalysisBudget = 4, 50 })
	tests := []struct {
		plies, total int
		partial      bool
	}{
		{7, 4, true},
		{4, 4, false},
		{3, 3, false},
	}
	for _, tc := range tests {
		id, n := finishedChess(e, tc.plies)
		if n != tc.plies {
			t.Fatalf("the game has %d actions, want %d", n, tc.plies)
		}
		var v wire.AnalysisView
		e.must("POST", "/api/games/"+id+"/analysis", "", nil, &v)
		if v.Total != tc.total || v.Actions != tc.plies {
			t.Errorf("%d actions: POST = %+v, want %d to analyse of %d", tc.plies, v, tc.total, tc.plies)
		}
		v = awaitAnalysis(e, id)
		an := v.Analysis
		if v.Done != tc.total || len(an.Steps) != tc.total || an.Analysed != tc.total || an.Actions != tc.plies || an.Partial != tc.partial {
			t.Errorf("%d actions: done %d of %d, %d steps, analysed %d of %d, partial %v; want %d steps of %d, partial %v",
				tc.plies, v.Done, v.Total, len(an.Steps), an.Analysed, an.Actions, an.Partial, tc.total, tc.plies, tc.partial)
		}
	}
}

// finishedChess plays a game of chess of plies actions (the first legal
// move each time, fewer if the game ends before) and resigns it; it
// returns the game's id and its actions.
func finishedChess(e *env, plies int) (string, int) {
	e.t.Helper()
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	n := 0
	for ; n < plies; n++ {
		v := e.view(c.ID)
		if v.Finished {
			break
		}
		e.must("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil)
	}
	if !e.view(c.ID).Finished {
		e.must("POST", "/api/games/"+c.ID+"/resign", c.Seats[0].Token, nil, nil)
	}
	return c.ID, n
}

// awaitAnalysis polls the analysis of game id until it is done.
func awaitAnalysis(e *env, id string) wire.AnalysisView {
	e.t.Helper()
	var v wire.AnalysisView
	e.must("GET", "/api/games/"+id+"/analysis", "", nil, &v)
	for v.Status != "done" {
		if v.Status == "failed" {
			e.t.Fatalf("analysis of %s failed: %s", id, v.Error)
		}
		time.Sleep(10 * time.Millisecond)
		e.must("GET", "/api/games/"+id+"/analysis", "", nil, &v)
	}
	return v
}

// TestAnalysisShortPassesLong: another client's short analysis, asked
// for while a long one runs, is done before it: the long one does not
// hold the slot to its end.
func TestAnalysisShortPassesLong(t *testing.T) {
	var hook func(id string, done, total int) // set before any analysis starts
	e := start(t, func(c *server.Config) {
		c.AnalysisBudget = 50
		c.AnalysisHook = func(id string, done, total int) { hook(id, done, total) }
	})
	other := e.from("127.0.0.2")
	long, n := finishedChess(e, 40)
	short, _ := finishedChess(other, 2)
	if n < 30 {
		t.Fatalf("the long game has %d actions, want 30 or more", n)
	}
	paused, resume := make(chan struct{}), make(chan struct{})
	var once sync.Once
	finished := make(chan string, 2)
	hook = func(id string, done, total int) {
		if id == long {
			once.Do(func() {
				close(paused)
				<-resume
			})
		}
		if done == total {
			finished <- id
		}
	}
	e.must("POST", "/api/games/"+long+"/analysis", "", nil, nil)
	<-paused // the long analysis runs
	var v wire.AnalysisView
	other.must("POST", "/api/games/"+short+"/analysis", "", nil, &v)
	if v.Status != "queued" {
		t.Errorf("the short analysis, asked for while the long one runs = %+v, want queued", v)
	}
	close(resume)
	first, second := <-finished, <-finished
	if first != short || second != long {
		t.Errorf("finished %s then %s, want the short %s before the long %s", first, second, short, long)
	}
	if v := awaitAnalysis(e, long); len(v.Analysis.Steps) != n {
		t.Errorf("the long analysis has %d steps, want %d", len(v.Analysis.Steps), n)
	}
	if v := awaitAnalysis(other, short); len(v.Analysis.Steps) != 2 {
		t.Errorf("the short analysis has %d steps, want 2", len(v.Analysis.Steps))
	}
}
