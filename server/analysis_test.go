package server_test

import (
	"net/http"
	"testing"
	"time"

	"norns/analysis"
	"norns/server"
)

// TestAnalysis: a game in progress is not analysed (409 not_over); once
// it is over, POST starts the analysis, GET shows its progress and then
// the result, in which Black's 3...Nf6 of the scholar's mate is a blunder.
func TestAnalysis(t *testing.T) {
	e := start(t, nil)
	c := e.create(server.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	path := "/api/games/" + c.ID + "/analysis"
	if st, ae := e.call("GET", path, "", nil, nil); st != http.StatusNotFound || ae.Code != server.CodeNotFound {
		t.Errorf("GET %s before any = %d %+v, want 404 %s", path, st, ae, server.CodeNotFound)
	}
	moves := []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}
	for i, m := range moves {
		if i == 3 {
			if st, ae := e.call("POST", path, "", nil, nil); st != http.StatusConflict || ae.Code != server.CodeNotOver {
				t.Errorf("POST %s in play = %d %+v, want 409 %s", path, st, ae, server.CodeNotOver)
			}
		}
		e.must("POST", "/api/games/"+c.ID+"/actions", c.Seats[i%2].Token, map[string]any{"action": m, "seq": i}, nil)
	}
	var v server.AnalysisView
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
	var again server.AnalysisView
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
	c := e.create(server.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
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
	var v server.AnalysisView
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

// TestAnalysisRate: a client starts three analyses at once, not a fourth;
// asking again for one it started costs nothing.
func TestAnalysisRate(t *testing.T) {
	e := start(t, nil)
	var ids []string
	for range 4 {
		c := e.create(server.CreateRequest{Game: "chess", Seats: seats("h", "h")})
		e.must("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"action": "e2e4", "seq": 0}, nil)
		e.must("POST", "/api/games/"+c.ID+"/resign", c.Seats[0].Token, nil, nil)
		ids = append(ids, c.ID)
	}
	for i, id := range ids {
		st, ae := e.call("POST", "/api/games/"+id+"/analysis", "", nil, nil)
		switch {
		case i < 3 && st != http.StatusAccepted:
			t.Errorf("analysis %d = %d %+v, want 202", i, st, ae)
		case i == 3 && (st != http.StatusTooManyRequests || ae.Code != server.CodeRateLimited):
			t.Errorf("analysis %d = %d %+v, want 429 %s", i, st, ae, server.CodeRateLimited)
		}
	}
	if st, ae := e.call("POST", "/api/games/"+ids[0]+"/analysis", "", nil, nil); st != http.StatusOK {
		t.Errorf("the first analysis again = %d %+v, want 200", st, ae)
	}
}
