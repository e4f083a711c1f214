package i18n

import (
	"slices"
	"strings"

	"github.com/norns-games/norns/game"
)

// Player names a seat for people ("White", "Игрок 2").
func Player(l Lang, name string) string { return T(l, "player."+name) }

// Reason translates a result's reason phrase ("checkmate"); a reason not in
// the catalog is shown as it is.
func Reason(l Lang, reason string) string {
	key := "reason." + strings.ReplaceAll(reason, " ", "-")
	if s := T(l, key); s != key {
		return s
	}
	return reason
}

// taflGames are the tafl rule sets, whose "king captured" is their own
// (the seed of Sea Hnefatafl: the king immobilised).
var taflGames = []string{"seatafl", "copenhagen", "fetlar", "brandubh", "tablut"}

// GameReason is Reason in a game's own words: a tafl king captured is
// immobilised in Sea Hnefatafl («король обездвижен») and taken in the other
// rule sets and in Seiðr, not eaten as in Lux et Umbra.
func GameReason(l Lang, gameName, reason string) string {
	if reason == "king captured" && gameName == "seidr" {
		return T(l, "seidr.reason.captured") // the seed: a throat cut, not a king eaten
	}
	if reason == "king captured" && slices.Contains(taflGames, gameName) {
		if gameName == "seatafl" {
			return T(l, "tafl.reason.immobilised")
		}
		return T(l, "tafl.reason.captured")
	}
	return Reason(l, reason)
}

// Status describes a state for people: whose turn it is, the dice, or the
// result with its reason.
func Status(l Lang, s game.State) string {
	p := s.Player()
	names := s.Players()
	switch {
	case p == game.Chance:
		return T(l, "status.chance")
	case p >= 0:
		return T(l, "status.turn", "player", Player(l, names[p]))
	}
	r := s.Result()
	var who []string
	for _, w := range r.Winners {
		who = append(who, Player(l, names[w]))
	}
	var text string
	switch r.Kind {
	case game.Win:
		if r.Points != 0 {
			text = T(l, "status.win.points", "player", strings.Join(who, ", "), "n", r.Points)
		} else {
			text = T(l, "status.win", "player", strings.Join(who, ", "))
		}
	case game.Draw:
		text = T(l, "status.draw")
		if len(who) > 0 {
			text += ": " + strings.Join(who, ", ")
		}
	default:
		text = T(l, "status.unfinished")
	}
	return text + " (" + GameReason(l, s.Game().Name(), r.Reason) + ")"
}
