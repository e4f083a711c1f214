package live

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/rating"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Profiles and leaderboards: what GET /api/players/{name}, its history
// and GET /api/leaderboard answer, read from the store (docs/ratings.md:
// a rating is shown as of now, Perf.At, its provisional mark read from
// it).

// profileGames is how many of a player's games the profile lists;
// recordGames how many it counts the wins, draws and losses of.
const (
	profileGames = 50
	recordGames  = 10000
)

// LeaderboardSize is the length of a leaderboard, and LeaderboardActive
// how recently its players must have played a rated game under its key
// (lichess's).
const (
	LeaderboardSize   = 100
	LeaderboardActive = 15 * 24 * time.Hour
)

// accountOf finds the account a folded name (account.Key) names.
func (s *Hall) accountOf(ctx context.Context, key string) (store.Accounts, store.Ratings, *store.Account, error) {
	as, ok := s.store.(store.Accounts)
	rs, ok2 := s.store.(store.Ratings)
	if !ok || !ok2 {
		return nil, nil, nil, Errorf(wire.CodeNoAccounts, "")
	}
	a, err := as.AccountByKey(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil, Errorf(wire.CodePlayerNotFound, "%q", key)
	}
	return as, rs, a, err
}

// Player is the profile of the account whose name folds to key, as of
// now.
func (s *Hall) Player(ctx context.Context, key string, now time.Time) (wire.PlayerResponse, error) {
	as, rs, a, err := s.accountOf(ctx, key)
	if err != nil {
		return wire.PlayerResponse{}, err
	}
	out := wire.PlayerResponse{Name: a.Name, Created: a.Created, Ratings: []wire.PlayerRating{}, Games: []wire.PlayerGame{}}
	perfs, err := rs.PlayerPerfs(ctx, a.ID)
	if err != nil {
		return out, err
	}
	for _, p := range perfs {
		k, err := rating.ParseKey(p.Key)
		if err != nil {
			continue
		}
		at := perfOf(p).At(now)
		out.Ratings = append(out.Ratings, wire.PlayerRating{Key: p.Key, RuleSet: string(k.RuleSet), Speed: string(k.Speed),
			Rating: at.Int(), Deviation: int(at.Deviation), Provisional: at.Provisional(), Games: p.Games, Latest: p.Latest})
	}
	slices.SortStableFunc(out.Ratings, func(x, y wire.PlayerRating) int { return keyOrder(x.Key) - keyOrder(y.Key) })
	gs, err := as.AccountGames(ctx, a.ID, recordGames)
	if err != nil {
		return out, err
	}
	for _, g := range gs {
		pg, ok := playerGame(g, a.ID)
		if !ok {
			continue
		}
		switch pg.Result {
		case "win":
			out.Wins++
		case "draw":
			out.Draws++
		case "loss":
			out.Losses++
		}
		if len(out.Games) < profileGames {
			out.Games = append(out.Games, pg)
		}
	}
	return out, nil
}

// keyOrder orders keys by rule set, then speed class, as package rating
// lists them.
func keyOrder(key string) int {
	k, err := rating.ParseKey(key)
	if err != nil {
		return 1 << 20
	}
	return slices.Index(rating.RuleSets, k.RuleSet)*len(rating.Speeds) + slices.Index(rating.Speeds, k.Speed)
}

// playerGame is a game as the profile of account lists it.
func playerGame(g *store.Game, account string) (wire.PlayerGame, bool) {
	i := slices.IndexFunc(g.Seats, func(st store.Seat) bool { return st.Account == account })
	if i < 0 {
		return wire.PlayerGame{}, false
	}
	me := g.Seats[i].Player
	pg := wire.PlayerGame{ID: g.ID, Game: g.Game, Player: me, Opponents: []string{}, Finished: g.Finished, Speed: speed(g.Clock),
		Rated: g.Rated, Created: g.Created, Updated: g.Updated}
	for j, st := range g.Seats {
		if j != i {
			pg.Opponents = append(pg.Opponents, st.Name)
		}
	}
	if c := g.Clock; c != nil {
		if c.PerMove {
			pg.Clock = &wire.ClockRequest{DaysPerMove: int(c.Initial / (24 * time.Hour))}
		} else {
			pg.Clock = &wire.ClockRequest{InitialMs: c.Initial.Milliseconds(), IncrementMs: c.Increment.Milliseconds()}
		}
	}
	if g.Finished {
		pg.Result = resultFor(g.Status, me)
	}
	for _, r := range g.Ratings {
		if r.Player == me {
			change := r.Change
			pg.Change = &change
		}
	}
	return pg, true
}

// resultFor reads a finished game's status line (game.Status: "over
// <winners…> [points]", "over draw [<players…>]", "over unfinished") for
// player: "win", "draw", "loss", or "" when it ended with no result.
func resultFor(status, player string) string {
	f := strings.Fields(status)
	if len(f) < 2 || f[0] != "over" || f[1] == "unfinished" {
		return ""
	}
	if f[1] == "draw" {
		if len(f) == 2 || slices.Contains(f[2:], player) {
			return "draw"
		}
		return "loss"
	}
	if slices.Contains(f[1:], player) {
		return "win"
	}
	return "loss"
}

// RatingHistory is the rating history of the account whose name folds to
// key under a rating key.
func (s *Hall) RatingHistory(ctx context.Context, key, ratingKey string) (wire.RatingHistoryResponse, error) {
	k, err := rating.ParseKey(ratingKey)
	if err != nil {
		return wire.RatingHistoryResponse{}, Errorf(wire.CodeBadParameter, "key: %v", err)
	}
	_, rs, a, err := s.accountOf(ctx, key)
	if err != nil {
		return wire.RatingHistoryResponse{}, err
	}
	hs, err := rs.RatingHistory(ctx, a.ID, k.String())
	if err != nil {
		return wire.RatingHistoryResponse{}, err
	}
	out := wire.RatingHistoryResponse{Key: k.String(), Points: []wire.RatingPoint{}}
	for _, h := range hs {
		out.Points = append(out.Points, wire.RatingPoint{Game: h.Game, Rating: rating.Glicko{Rating: h.Rating}.Int(), Time: h.At})
	}
	return out, nil
}

// Leaderboard is the leaderboard of a rating key as of now: the best
// LeaderboardSize players not provisional now (the deviation grown to
// now) whose last rated game under the key ended within
// LeaderboardActive.
func (s *Hall) Leaderboard(ctx context.Context, ratingKey string, now time.Time) (wire.LeaderboardResponse, error) {
	k, err := rating.ParseKey(ratingKey)
	if err != nil {
		return wire.LeaderboardResponse{}, Errorf(wire.CodeBadParameter, "key: %v", err)
	}
	rs, ok := s.store.(store.Ratings)
	if !ok {
		return wire.LeaderboardResponse{}, Errorf(wire.CodeNoAccounts, "")
	}
	// The stored deviation is at most the one grown to now: the rows
	// read are a superset, filtered here.
	rows, err := rs.Leaderboard(ctx, k.String(), now.Add(-LeaderboardActive), rating.ProvisionalDeviation, 10*LeaderboardSize)
	if err != nil {
		return wire.LeaderboardResponse{}, err
	}
	out := wire.LeaderboardResponse{Key: k.String(), Players: []wire.LeaderboardEntry{}}
	for _, r := range rows {
		at := perfOf(r).At(now)
		if at.Provisional() {
			continue
		}
		out.Players = append(out.Players, wire.LeaderboardEntry{Name: r.Name, Rating: at.Int(), Deviation: int(at.Deviation), Games: r.Games})
	}
	slices.SortStableFunc(out.Players, func(x, y wire.LeaderboardEntry) int { return y.Rating - x.Rating })
	if len(out.Players) > LeaderboardSize {
		out.Players = out.Players[:LeaderboardSize]
	}
	for i := range out.Players {
		out.Players[i].Rank = i + 1
	}
	return out, nil
}
