package live_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// TestLeaderboard: the players not provisional now (the deviation grown
// to now, not as stored) who played within 15 days, best first, ranked.
func TestLeaderboard(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h, err := live.New(live.Config{Store: st, Games: games.All, SweepEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	rows := []store.Perf{
		{Player: "a", Rating: 1800.7, Deviation: 60, Volatility: 0.06, Games: 40, Latest: now.Add(-day)},
		{Player: "b", Rating: 1900, Deviation: 60, Volatility: 0.06, Games: 40, Latest: now.Add(-20 * day)},   // inactive
		{Player: "c", Rating: 1700, Deviation: 100, Volatility: 0.06, Games: 12, Latest: now.Add(-day)},       // 100.1 now
		{Player: "d", Rating: 2000, Deviation: 109, Volatility: 0.06, Games: 9, Latest: now.Add(-10 * day)},   // 110.06 now: provisional
		{Player: "e", Rating: 2100, Deviation: 150, Volatility: 0.06, Games: 3, Latest: now.Add(-day)},        // provisional
		{Player: "f", Rating: 1750.2, Deviation: 80, Volatility: 0.06, Games: 20, Latest: now.Add(-14 * day)}, // active still; 82.0 now
	}
	for i, r := range rows {
		if err := st.(store.Accounts).CreateAccount(ctx, &store.Account{ID: r.Player, Name: "N" + r.Player, Key: "n" + r.Player, Skeleton: "n" + r.Player, Password: "x"}); err != nil {
			t.Fatal(err)
		}
		id := fmt.Sprintf("g%d", i)
		if err := st.Create(ctx, &store.Game{ID: id, Game: "chess", ServerSeed: []byte{1}, Rated: "chess/blitz", Created: now, Updated: now}); err != nil {
			t.Fatal(err)
		}
		if err := st.Append(ctx, id, 0, nil, store.Update{Status: "over white", Finished: true}); err != nil {
			t.Fatal(err)
		}
		r.Key = "chess/blitz"
		if _, err := st.(store.Ratings).RateGame(ctx, store.RatedGame{Game: id, Key: "chess/blitz", End: r.Latest, Before: []store.Perf{{Player: r.Player, Key: "chess/blitz"}}, After: []store.Perf{r}, Record: []store.GameRating{{Player: "white", Account: r.Player}}}); err != nil {
			t.Fatal(err)
		}
	}
	board, err := h.Leaderboard(ctx, "chess/blitz", now)
	if err != nil {
		t.Fatal(err)
	}
	want := []wire.LeaderboardEntry{{Rank: 1, Name: "Na", Rating: 1800, Deviation: 60, Games: 40}, {Rank: 2, Name: "Nf", Rating: 1750, Deviation: 82, Games: 20}, {Rank: 3, Name: "Nc", Rating: 1700, Deviation: 100, Games: 12}}
	if len(board.Players) != len(want) {
		t.Fatalf("leaderboard = %+v, want %+v", board.Players, want)
	}
	for i := range want {
		if board.Players[i] != want[i] {
			t.Errorf("leaderboard[%d] = %+v, want %+v", i, board.Players[i], want[i])
		}
	}
	if _, err := h.Leaderboard(ctx, "chess/nonsense", now); err == nil {
		t.Error("Leaderboard of a bad key: no error")
	}
	// The profile shows d's rating provisional now.
	p, err := h.Player(ctx, "nd", now)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Ratings) != 1 || p.Ratings[0].Rating != 2000 || !p.Ratings[0].Provisional || p.Ratings[0].Deviation != 110 {
		t.Errorf("d's ratings = %+v", p.Ratings)
	}
}
