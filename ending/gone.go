package ending

import (
	"fmt"
	"slices"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
)

// A player whose opponent has left a live game (gone: no client of theirs
// connected, and not back within the grace time) may claim the victory,
// or call it a draw, as on lichess. Whether the opponent was gone is the
// server's to judge, at the moment of the claim; the event records the
// claim, and a replay checks only that the game could end so: a game of
// two players, with a clock that is not a correspondence clock.

// Claim event kinds: the player named claims the victory, or a draw,
// because their opponent left.
const (
	EventClaimVictory = "claim-victory"
	EventClaimDraw    = "claim-draw"
)

// Claim plays a claim of kind (EventClaimVictory or EventClaimDraw) by
// player p on s, a game of two players that is not over, with clock c,
// and returns the result: p wins ("opponent left"), or a draw ("opponent
// gone").
func Claim(s game.State, c *store.Clock, kind string, p game.Player) (*game.Result, error) {
	players := s.Players()
	switch {
	case len(players) != 2:
		return nil, fmt.Errorf("a %s is made in games of two players", kind)
	case p < 0 || int(p) >= len(players):
		return nil, fmt.Errorf("player %d does not play", p)
	case !Claimable(c):
		return nil, fmt.Errorf("a %s is made in live games only, with a clock that is not a correspondence clock", kind)
	}
	switch kind {
	case EventClaimVictory:
		return &game.Result{Kind: game.Win, Winners: []game.Player{p}, Reason: "opponent left"}, nil
	case EventClaimDraw:
		return &game.Result{Kind: game.Draw, Reason: "opponent gone"}, nil
	}
	return nil, fmt.Errorf("unknown event kind %q", kind)
}

// IsClaim reports whether kind is a claim's.
func IsClaim(kind string) bool {
	return slices.Contains([]string{EventClaimVictory, EventClaimDraw}, kind)
}

// Claimable reports whether a game with clock c lets a player claim when
// their opponent left: a live game, whose clock is not a correspondence
// clock. (Lichess does the same: no claim in correspondence or unlimited
// games.)
func Claimable(c *store.Clock) bool { return c != nil && !c.PerMove }

// Bounds of the grace time (GoneGrace).
const (
	GoneGraceMin = 10 * time.Second
	GoneGraceMax = 60 * time.Second
)

// GoneGrace is how long a player of a game with clock c must have been
// gone before the opponent may claim: a tenth of the game's expected
// length for one player, initial + 40 × increment (lichess's estimate of
// a game's time), within GoneGraceMin and GoneGraceMax. So 30 s at 5+0,
// 26 s at 3+2, 18 s at 3+0, 10 s in bullet, 60 s from 10+0 on.
func GoneGrace(c *store.Clock) time.Duration {
	if c == nil {
		return GoneGraceMax
	}
	return min(max((c.Initial+40*c.Increment)/10, GoneGraceMin), GoneGraceMax)
}
