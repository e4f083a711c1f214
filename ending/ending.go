package ending

import (
	"fmt"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
)

// Expired is the result of a game that nobody joined in time.
var Expired = game.Result{Kind: game.Unfinished, Reason: "expired"}

// End returns s as a game that ended outside its rules with result r (a
// clock, a resignation, an abort, an expiry), so that game.Status and
// game.Describe tell it. s itself is not changed.
func End(s game.State, r game.Result) game.State { return ended{s, r} }

// ended wraps a state whose game ended outside its rules.
type ended struct {
	game.State
	r game.Result
}

// Player is NoPlayer: the game is over.
func (e ended) Player() game.Player { return game.NoPlayer }

// Terminal is true.
func (e ended) Terminal() bool { return true }

// Result is the result of the clock.
func (e ended) Result() game.Result { return e.r }

// Legal is empty.
func (e ended) Legal() []game.Action { return nil }

// Returns scores the result of the clock.
func (e ended) Returns() []float64 { return game.WinReturns(len(e.Players()), e.r) }

// EventNoHuman is the event that ends a game whose last human seat left
// while AI seats would play on (three-player Nords Loki): the server
// takes no games of AIs only unless told to, and nobody is left to watch
// over this one. Its player is the human seat whose leaving caused it.
const EventNoHuman = "no-human"

// NoHumanLeft is the result of a game ended by EventNoHuman: the players
// still in (not in left) share a draw, as the others do when a player of
// a game of more than two runs out of time in a game that cannot go on
// without them (timeLoss).
func NoHumanLeft(players []string, left func(string) bool) *game.Result {
	r := &game.Result{Kind: game.Draw, Reason: "no human left"}
	for i, p := range players {
		if !left(p) {
			r.Winners = append(r.Winners, game.Player(i))
		}
	}
	return r
}

// Aborted is the result of a game a player left before making a move.
var Aborted = game.Result{Kind: game.Unfinished, Reason: "aborted"}

// Leave plays an event by which player p leaves the game outside its
// rules (kind store.EventTimeout, store.EventResign or store.EventAbort).
// A game whose rules let a player leave while the others play on
// (game.Forfeiter: Nords Loki with three players) goes on without p after
// a timeout or a resignation, and Leave returns nil, unless a resignation
// leaves one player in (the result is then theirs, by resignation); otherwise the game
// ends with the result Leave returns: a loss on time, a loss by
// resignation, or no result at all (an abort).
func Leave(s game.State, kind string, p game.Player) (*game.Result, error) {
	switch kind {
	case store.EventTimeout:
		return timeOut(s, p)
	case store.EventResign:
		if f, ok := s.(game.Forfeiter); ok && len(s.Players()) > 2 {
			return resignOut(s, f, p)
		}
		r := timeLoss(s, p)
		return &game.Result{Kind: r.Kind, Winners: r.Winners, Reason: "resignation"}, nil
	case store.EventAbort:
		r := Aborted
		return &r, nil
	}
	return nil, fmt.Errorf("unknown event kind %q", kind)
}

// resignOut takes player p, who resigns, out of a game that goes on
// without them (game.Forfeiter; as a resignation when the game is a
// game.Resigner, for its own record). When that leaves one player in, the
// game is over and its result is theirs by resignation, which resignOut
// returns; otherwise nil.
func resignOut(s game.State, f game.Forfeiter, p game.Player) (*game.Result, error) {
	var err error
	if r, ok := f.(game.Resigner); ok {
		err = r.Resign(p)
	} else {
		err = f.Forfeit(p)
	}
	if err != nil || !s.Terminal() {
		return nil, err
	}
	r := s.Result()
	r.Reason = "resignation"
	return &r, nil
}

// timeOut plays the timeout of player p, who is to move. A game whose rules
// let a player leave (game.Forfeiter: Nords Loki) goes on without p or ends
// by its own rules, and timeOut returns nil; any other game ends on the
// clock, with the result timeOut returns.
func timeOut(s game.State, p game.Player) (*game.Result, error) {
	if f, ok := s.(game.Forfeiter); ok {
		return nil, f.Forfeit(p)
	}
	return timeLoss(s, p), nil
}

// timeLoss is the result when player p runs out of time (or resigns): with
// two players the other wins; with more, the game ends and the others
// share a draw.
func timeLoss(s game.State, p game.Player) *game.Result {
	var others []game.Player
	for i := range s.Players() {
		if game.Player(i) != p {
			others = append(others, game.Player(i))
		}
	}
	if len(others) == 1 {
		return &game.Result{Kind: game.Win, Winners: others, Reason: "time"}
	}
	return &game.Result{Kind: game.Draw, Winners: others, Reason: "time"}
}
