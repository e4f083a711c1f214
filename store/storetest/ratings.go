package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
)

// RunRatings runs the suite of the players' ratings (store.Ratings) on
// the stores open makes.
func RunRatings(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(*testing.T, store.Store, store.Ratings)
	}{
		{"RateGame", testRateGame},
		{"RateConflict", testRateConflict},
		{"Unrated", testUnrated},
		{"Leaderboard", testLeaderboard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			r, ok := s.(store.Ratings)
			if !ok {
				t.Fatalf("%T does not keep ratings", s)
			}
			for _, a := range []*store.Account{account("a1", "Ann", "ann", "ann"), account("b1", "Bob", "bob", "bob"), account("c1", "Cid", "cid", "cid")} {
				if err := s.(store.Accounts).CreateAccount(context.Background(), a); err != nil {
					t.Fatal(err)
				}
			}
			tt.f(t, s, r)
		})
	}
}

// ratedGame stores a finished rated game between accounts a1 (white) and
// b1 (black) under chess/blitz.
func ratedGame(t *testing.T, s store.Store, id string, finished bool) *store.Game {
	t.Helper()
	ctx := context.Background()
	g := sample(id, t0)
	g.Seats = []store.Seat{
		{Player: "white", Kind: store.SeatHuman, Name: "Ann", Account: "a1", TokenHash: []byte{1}},
		{Player: "black", Kind: store.SeatHuman, Name: "Bob", Account: "b1", TokenHash: []byte{2}},
	}
	g.Rated = "chess/blitz"
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if finished {
		if err := s.Append(ctx, id, 0, events(1, 2), store.Update{Status: "over white", Result: "white wins", Finished: true}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func perf(player string, r, rd, v float64, games int, latest time.Time) store.Perf {
	return store.Perf{Player: player, Key: "chess/blitz", Rating: r, Deviation: rd, Volatility: v, Games: games, Latest: latest}
}

func testRateGame(t *testing.T, s store.Store, r store.Ratings) {
	ctx := context.Background()
	ratedGame(t, s, "g1", true)
	if g, _, err := s.Load(ctx, "g1"); err != nil || g.Rated != "chess/blitz" || g.Ratings != nil {
		t.Fatalf("Load(g1) = rated %q, ratings %v, %v; want chess/blitz, nil", g.Rated, g.Ratings, err)
	}
	before, err := r.Perfs(ctx, "chess/blitz", []string{"a1", "b1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != 2 || before[0] != (store.Perf{Player: "a1", Key: "chess/blitz"}) || before[1].Version != 0 {
		t.Fatalf("Perfs of new players = %+v", before)
	}
	end := t0.Add(time.Minute)
	after := []store.Perf{perf("a1", 1741.5, 396.7, 0.09, 1, end), perf("b1", 1258.5, 396.7, 0.0899983, 1, end)}
	record := []store.GameRating{
		{Player: "white", Account: "a1", Before: store.Glicko{Rating: 1500, Deviation: 500, Volatility: 0.09}, After: store.Glicko{Rating: 1741.5, Deviation: 396.7, Volatility: 0.09}, Change: 241},
		{Player: "black", Account: "b1", Before: store.Glicko{Rating: 1500, Deviation: 500, Volatility: 0.09}, After: store.Glicko{Rating: 1258.5, Deviation: 396.7, Volatility: 0.0899983}, Change: -242},
	}
	v, err := r.RateGame(ctx, store.RatedGame{Game: "g1", Key: "chess/blitz", End: end, Before: before, After: after, Record: record})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := s.Load(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if v != 2 || g.Version != 2 || len(g.Ratings) != 2 || g.Ratings[0] != record[0] || g.Ratings[1] != record[1] {
		t.Errorf("after RateGame: version %d (game %d), ratings %+v; want 2, %+v", v, g.Version, g.Ratings, record)
	}
	got, err := r.Perfs(ctx, "chess/blitz", []string{"b1", "a1", "c1"})
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Perf{after[1], after[0], {Player: "c1", Key: "chess/blitz"}}
	want[0].Version, want[1].Version = 1, 1
	for i := range want {
		if !got[i].Latest.Equal(want[i].Latest) {
			t.Errorf("Perfs[%d].Latest = %v, want %v", i, got[i].Latest, want[i].Latest)
		}
		got[i].Latest, want[i].Latest = time.Time{}, time.Time{}
		if got[i] != want[i] {
			t.Errorf("Perfs[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
	// Rating it again is refused, and changes nothing.
	if _, err := r.RateGame(ctx, store.RatedGame{Game: "g1", Key: "chess/blitz", End: end, Before: before, After: after, Record: record}); !errors.Is(err, store.ErrRated) {
		t.Errorf("RateGame again = %v, want ErrRated", err)
	}
	h, err := r.RatingHistory(ctx, "", "chess/blitz")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h[0].Player != "a1" || h[1].Player != "b1" || h[0].Game != "g1" || h[0].Rating != 1741.5 || h[1].Volatility != 0.0899983 || !h[0].At.Equal(end) || h[0].ID >= h[1].ID {
		t.Errorf("RatingHistory = %+v", h)
	}
	if h, err := r.RatingHistory(ctx, "b1", "chess/blitz"); err != nil || len(h) != 1 || h[0].Rating != 1258.5 {
		t.Errorf("RatingHistory(b1) = %+v, %v", h, err)
	}
	if ps, err := r.PlayerPerfs(ctx, "a1"); err != nil || len(ps) != 1 || ps[0].Rating != 1741.5 || ps[0].Games != 1 {
		t.Errorf("PlayerPerfs(a1) = %+v, %v", ps, err)
	}
}

func testRateConflict(t *testing.T, s store.Store, r store.Ratings) {
	ctx := context.Background()
	ratedGame(t, s, "g1", true)
	ratedGame(t, s, "g2", true)
	end := t0.Add(time.Minute)
	before, _ := r.Perfs(ctx, "chess/blitz", []string{"a1", "b1"})
	rate := func(id string, rating float64, before []store.Perf) error {
		after := []store.Perf{perf("a1", rating, 300, 0.09, 1, end), perf("b1", 3000-rating, 300, 0.09, 1, end)}
		_, err := r.RateGame(ctx, store.RatedGame{Game: id, Key: "chess/blitz", End: end, Before: before, After: after,
			Record: []store.GameRating{{Player: "white", Account: "a1"}, {Player: "black", Account: "b1"}}})
		return err
	}
	if err := rate("g1", 1600, before); err != nil {
		t.Fatal(err)
	}
	// g2 was decided on the rows g1 has changed: refused, nothing written.
	if err := rate("g2", 1700, before); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("RateGame on stale rows = %v, want ErrConflict", err)
	}
	if g, _, _ := s.Load(ctx, "g2"); g.Ratings != nil || g.Version != 1 {
		t.Errorf("refused RateGame left ratings %v, version %d", g.Ratings, g.Version)
	}
	if h, _ := r.RatingHistory(ctx, "", ""); len(h) != 2 {
		t.Errorf("refused RateGame left %d history rows, want 2", len(h))
	}
	// Read again, it succeeds.
	before, _ = r.Perfs(ctx, "chess/blitz", []string{"a1", "b1"})
	if err := rate("g2", 1700, before); err != nil {
		t.Fatal(err)
	}
	if ps, _ := r.Perfs(ctx, "chess/blitz", []string{"a1"}); ps[0].Rating != 1700 || ps[0].Version != 2 {
		t.Errorf("after two games a1 = %+v", ps[0])
	}
}

func testUnrated(t *testing.T, s store.Store, r store.Ratings) {
	ctx := context.Background()
	ratedGame(t, s, "g1", true)
	ratedGame(t, s, "g2", false)
	casual := sample("g3", t0)
	if err := s.Create(ctx, casual); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g3", 0, events(1, 1), store.Update{Finished: true}); err != nil {
		t.Fatal(err)
	}
	ids, err := r.Unrated(ctx)
	if err != nil || len(ids) != 1 || ids[0] != "g1" {
		t.Fatalf("Unrated = %v, %v; want [g1]", ids, err)
	}
	// A game unfinished, or casual, cannot be rated.
	for _, id := range []string{"g2", "g3"} {
		if _, err := r.RateGame(ctx, store.RatedGame{Game: id, Key: "chess/blitz"}); !errors.Is(err, store.ErrRated) {
			t.Errorf("RateGame(%s) = %v, want ErrRated", id, err)
		}
	}
	// A rated game with nothing to rate (aborted) gets an empty record.
	if _, err := r.RateGame(ctx, store.RatedGame{Game: "g1", Key: "chess/blitz"}); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := s.Load(ctx, "g1"); g.Ratings == nil || len(g.Ratings) != 0 {
		t.Errorf("aborted game's ratings = %#v, want empty", g.Ratings)
	}
	if ids, err := r.Unrated(ctx); err != nil || len(ids) != 0 {
		t.Errorf("Unrated after = %v, %v", ids, err)
	}
}

func testLeaderboard(t *testing.T, s store.Store, r store.Ratings) {
	ctx := context.Background()
	ratedGame(t, s, "g1", true)
	ratedGame(t, s, "g2", true)
	old := t0.AddDate(0, 0, -20)
	before, _ := r.Perfs(ctx, "chess/blitz", []string{"a1", "b1"})
	if _, err := r.RateGame(ctx, store.RatedGame{Game: "g1", Key: "chess/blitz", End: t0, Before: before,
		After:  []store.Perf{perf("a1", 1800, 60, 0.06, 30, t0), perf("b1", 1900, 60, 0.06, 30, old)},
		Record: []store.GameRating{{Player: "white", Account: "a1"}, {Player: "black", Account: "b1"}}}); err != nil {
		t.Fatal(err)
	}
	board, err := r.Leaderboard(ctx, "chess/blitz", t0.AddDate(0, 0, -15), 110, 100)
	if err != nil || len(board) != 1 || board[0].Player != "a1" || board[0].Name != "Ann" || board[0].Rating != 1800 {
		t.Errorf("Leaderboard = %+v, %v; want Ann alone (Bob inactive)", board, err)
	}
	board, err = r.Leaderboard(ctx, "chess/blitz", old, 110, 100)
	if err != nil || len(board) != 2 || board[0].Name != "Bob" || board[1].Name != "Ann" {
		t.Errorf("Leaderboard since 20 days = %+v, %v; want Bob, Ann", board, err)
	}
	if board, err := r.Leaderboard(ctx, "chess/blitz", old, 50, 100); err != nil || len(board) != 0 {
		t.Errorf("Leaderboard of deviation ≤ 50 = %+v, %v", board, err)
	}
}
