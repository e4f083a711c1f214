package wire

import "time"

// PlayerResponse is the answer of GET /api/players/{name}: an account's
// profile, as lichess's: its ratings, its record and its recent games.
type PlayerResponse struct {
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	// Ratings lists the account's ratings, one per key it played rated
	// games under, in the order of the rule sets and speed classes.
	Ratings []PlayerRating `json:"ratings"`
	// Wins, Draws and Losses count the account's finished games, rated
	// and casual (an aborted or expired game counts for none).
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// Games are the account's most recent games, newest first.
	Games []PlayerGame `json:"games"`
}

// PlayerRating is one rating of a player's as of now: the rating and
// deviation grown by the time since the last rated game (rating.Perf.At),
// provisional while the deviation is above 110.
type PlayerRating struct {
	// Key is the rule set and speed class ("chess/blitz"); RuleSet and
	// Speed its halves.
	Key         string    `json:"key"`
	RuleSet     string    `json:"rule_set"`
	Speed       string    `json:"speed"`
	Rating      int       `json:"rating"`
	Deviation   int       `json:"deviation"`
	Provisional bool      `json:"provisional,omitempty"`
	Games       int       `json:"games"`
	Latest      time.Time `json:"latest"`
}

// PlayerGame is one game in a player's list: the seat the player held,
// the opponents' names, the result for the player ("win", "draw", "loss";
// empty while the game goes on or when it ended with none), the clock,
// the rating key of a rated game and the player's rating change in it.
type PlayerGame struct {
	ID        string        `json:"id"`
	Game      string        `json:"game"`
	Player    string        `json:"player"`
	Opponents []string      `json:"opponents"`
	Result    string        `json:"result,omitempty"`
	Finished  bool          `json:"finished"`
	Speed     string        `json:"speed"`
	Clock     *ClockRequest `json:"clock,omitempty"`
	Rated     string        `json:"rated,omitempty"`
	Change    *int          `json:"change,omitempty"`
	Created   time.Time     `json:"created"`
	Updated   time.Time     `json:"updated"`
}

// RatingHistoryResponse is the answer of GET
// /api/players/{name}/history?key=K: the player's rating after each rated
// game under the key, oldest first.
type RatingHistoryResponse struct {
	Key    string        `json:"key"`
	Points []RatingPoint `json:"points"`
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Game   string    `json:"game"`
	Rating int       `json:"rating"`
	Time   time.Time `json:"time"`
}

// LeaderboardResponse is the answer of GET /api/leaderboard?key=K: the
// best 100 players under the key whose rating is not provisional and who
// played a rated game under it in the last 15 days, best first.
type LeaderboardResponse struct {
	Key     string             `json:"key"`
	Players []LeaderboardEntry `json:"players"`
}

// LeaderboardEntry is one player of a leaderboard.
type LeaderboardEntry struct {
	Rank      int    `json:"rank"`
	Name      string `json:"name"`
	Rating    int    `json:"rating"`
	Deviation int    `json:"deviation"`
	Games     int    `json:"games"`
}
