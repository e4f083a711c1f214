package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/norns-games/norns/rating"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// TestRatedGame: a rated game is asked for at creation and refused
// where it cannot be (anonymous, hot seat, an AI, no clock, options away
// from the rule set); the invitee must be signed in; a takeback waits for
// the opponent's agreement; played to the end (fool's mate), both ratings change exactly as rating.Rate says, the
// view shows the change, and the store keeps the rows and the history.
func TestRatedGame(t *testing.T) {
	e := start(t, cheapPasswords)
	ann, bob := e.browser(), e.browser()
	annID := ann.signIn(true, "Ann", "correct horse").Account.ID
	bobID := bob.signIn(true, "Bob", "battery staple").Account.ID
	blitz := &wire.ClockRequest{InitialMs: 180000, IncrementMs: 2000}
	for _, tc := range []struct {
		name string
		b    *browser
		req  wire.CreateRequest
		code string
	}{
		{"anonymous", e.browser(), wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Clock: blitz, Rated: true}, wire.CodeRatedNeedsAccount},
		{"hot seat", ann, wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: blitz, Rated: true}, wire.CodeCannotRate},
		{"an AI", ann, wire.CreateRequest{Game: "chess", Seats: seats("h", "e"), Clock: blitz, Rated: true}, wire.CodeCannotRate},
		{"no clock", ann, wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Rated: true}, wire.CodeCannotRate},
		{"options", ann, wire.CreateRequest{Game: "luxumbra", Options: map[string]string{"balance": "on"}, Seats: seats("h", "o"), Clock: blitz, Rated: true}, wire.CodeCannotRate},
	} {
		st, ae, _ := tc.b.do("POST", "/api/games", tc.req, nil)
		if ae.Code != tc.code || st < 400 {
			t.Errorf("rated game with %s = %d %s, want %s", tc.name, st, ae.Code, tc.code)
		}
	}
	// Nords Loki for three: the creator's seat and two open ones.
	var loki created
	ann.must("POST", "/api/games", wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "o", "o"), Clock: blitz, Rated: true}, &loki)
	if loki.Game.Rated != "nordsloki3/blitz" {
		t.Errorf("three-player Nords Loki's key = %q", loki.Game.Rated)
	}
	var g created
	ann.must("POST", "/api/games", wire.CreateRequest{Game: "chess", Seats: seats("h", "o"), Clock: blitz, Color: "white", Rated: true}, &g)
	if g.Game.Rated != "chess/blitz" {
		t.Fatalf("created game's rated = %q, want chess/blitz", g.Game.Rated)
	}
	invite := g.Seats[1].Invite
	// Not signed in, or Ann herself: refused.
	if st, ae, _ := e.browser().do("POST", "/api/games/"+g.ID+"/join", wire.JoinRequest{Invite: invite}, nil); st != http.StatusForbidden || ae.Code != wire.CodeRatedNeedsAccount {
		t.Errorf("anonymous join of a rated game = %d %s", st, ae.Code)
	}
	if _, ae, _ := ann.do("POST", "/api/games/"+g.ID+"/join", wire.JoinRequest{Invite: invite}, nil); ae.Code != wire.CodeRatedNeedsAccount {
		t.Errorf("Ann joining her own rated game = %s", ae.Code)
	}
	var j wire.JoinResponse
	bob.must("POST", "/api/games/"+g.ID+"/join", wire.JoinRequest{Invite: invite}, &j)
	tokens := map[string]string{"white": g.Seats[0].Token, "black": j.Token}
	var v wire.View
	play := func(p, mv string) {
		t.Helper()
		seq := e.view(g.ID).Seq
		e.must("POST", "/api/games/"+g.ID+"/actions", tokens[p], wire.PlayRequest{Action: mv, Seq: &seq}, nil)
	}
	yes, no := true, false
	play("white", "f3")
	// A takeback only with the opponent's agreement: Ann asks, Bob
	// declines, and the move stands.
	moved := e.view(g.ID).Position
	e.must("POST", "/api/games/"+g.ID+"/takeback", tokens["white"], wire.OfferRequest{Accept: &yes}, &v)
	if v.TakebackOffer != "white" || v.Position != moved {
		t.Errorf("after Ann's takeback offer: offer %q, position %s, want white's, %s", v.TakebackOffer, v.Position, moved)
	}
	var declined wire.View
	e.must("POST", "/api/games/"+g.ID+"/takeback", tokens["black"], wire.OfferRequest{Accept: &no}, &declined)
	if declined.TakebackOffer != "" || declined.Position != moved {
		t.Errorf("after Bob declined: offer %q, position %s, want %s", declined.TakebackOffer, declined.Position, moved)
	}
	play("black", "e5")
	play("white", "g4")
	play("black", "Qh4#")
	v = e.view(g.ID)
	if !v.Finished || len(v.Ratings) != 2 {
		t.Fatalf("after the mate: finished %v, ratings %+v", v.Finished, v.Ratings)
	}
	// What rating.Rate says of two new players, Black winning, at the
	// game's end as its record has it.
	end := time.UnixMilli(v.History[len(v.History)-1].Time.UnixMilli()).UTC()
	after, err := rating.Rate([]rating.Perf{rating.NewPerf, rating.NewPerf}, []int{2, 1}, end)
	if err != nil {
		t.Fatal(err)
	}
	want := []wire.RatingChange{
		{Player: "white", Name: "Ann", Before: 1500, After: after[0].Int(), Change: rating.Change(rating.NewPerf, after[0]), Provisional: true},
		{Player: "black", Name: "Bob", Before: 1500, After: after[1].Int(), Change: rating.Change(rating.NewPerf, after[1]), Provisional: true},
	}
	for i := range want {
		if v.Ratings[i] != want[i] {
			t.Errorf("view's rating change %d = %+v, want %+v", i, v.Ratings[i], want[i])
		}
	}
	if want[0].After != 1258 || want[1].After != 1741 {
		t.Errorf("ratings after = %d, %d; want 1258, 1741 (lichess's two new players)", want[0].After, want[1].After)
	}
	rs := e.st.(store.Ratings)
	rows, err := rs.Perfs(context.Background(), "chess/blitz", []string{annID, bobID})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		got := rating.Perf{Glicko: rating.Glicko{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}, Games: r.Games, Latest: r.Latest}
		if got.Glicko != after[i].Glicko || got.Games != 1 || !got.Latest.Equal(after[i].Latest) || r.Version != 1 {
			t.Errorf("stored rating %d = %+v, want %+v (to the bit)", i, r, after[i])
		}
	}
	if h, err := rs.RatingHistory(context.Background(), "", ""); err != nil || len(h) != 2 || h[0].Game != g.ID {
		t.Errorf("history = %+v, %v", h, err)
	}
	// The profiles: Bob's rating provisional, one win; Ann's one loss.
	var prof wire.PlayerResponse
	e.must("GET", "/api/players/bob", "", nil, &prof)
	if prof.Name != "Bob" || len(prof.Ratings) != 1 || prof.Ratings[0].Key != "chess/blitz" || prof.Ratings[0].Rating != after[1].Int() || !prof.Ratings[0].Provisional ||
		prof.Wins != 1 || prof.Losses != 0 || prof.Draws != 0 || len(prof.Games) != 1 || prof.Games[0].ID != g.ID || prof.Games[0].Result != "win" ||
		prof.Games[0].Opponents[0] != "Ann" || prof.Games[0].Change == nil || *prof.Games[0].Change != want[1].Change || prof.Games[0].Clock.InitialMs != 180000 {
		t.Errorf("Bob's profile = %+v", prof)
	}
	e.must("GET", "/api/players/ANN", "", nil, &prof)
	if prof.Name != "Ann" || prof.Losses != 1 || prof.Games[0].Result != "loss" {
		t.Errorf("Ann's profile = %+v", prof)
	}
	var hist wire.RatingHistoryResponse
	e.must("GET", "/api/players/ann/history?key=chess/blitz", "", nil, &hist)
	if len(hist.Points) != 1 || hist.Points[0].Rating != after[0].Int() || hist.Points[0].Game != g.ID || !hist.Points[0].Time.Equal(end) {
		t.Errorf("Ann's history = %+v", hist)
	}
	if st, ae := e.call("GET", "/api/players/nobody", "", nil, nil); st != http.StatusNotFound || ae.Code != wire.CodePlayerNotFound {
		t.Errorf("profile of nobody = %d %s", st, ae.Code)
	}
	if st, ae := e.call("GET", "/api/players/ann/history?key=chess/nonsense", "", nil, nil); st != http.StatusBadRequest || ae.Code != wire.CodeBadParameter {
		t.Errorf("history of a bad key = %d %s", st, ae.Code)
	}
	// Both are provisional after one game: the leaderboard is empty.
	var board wire.LeaderboardResponse
	e.must("GET", "/api/leaderboard?key=chess/blitz", "", nil, &board)
	if board.Key != "chess/blitz" || len(board.Players) != 0 {
		t.Errorf("leaderboard = %+v, want nobody", board)
	}
}
