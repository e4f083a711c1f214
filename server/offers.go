package server

import (
	"fmt"
	"slices"

	"norns/game"
	"norns/store"
)

// Offers between the two players of a game: a draw, and the takeback of
// one's own last move. Each offer and each answer is an event of the log,
// so a replay, a record and another instance see them as they happened.

// Offer event kinds.
const (
	EventDrawOffer       = "draw-offer"
	EventDrawAccept      = "draw-accept"
	EventDrawDecline     = "draw-decline"
	EventTakebackOffer   = "takeback-offer"
	EventTakebackAccept  = "takeback-accept"
	EventTakebackDecline = "takeback-decline"
)

// agreement is the result of a draw both players agreed to.
var agreement = game.Result{Kind: game.Draw, Reason: "agreement"}

// offers are a game's pending offers, as its log says. The zero value is a
// game's start.
type offers struct {
	// draw and takeback are the players who offered, or "".
	draw, takeback string
	// mover made the last move, if no roll came after it (a takeback may
	// not cross a chance event) and it was not taken back already.
	mover string
}

// played follows a move or a roll: a draw offer lapses when the offerer's
// opponent moves, a takeback offer at any move or roll.
func (o *offers) played(e store.Event) {
	o.takeback, o.mover = "", ""
	if e.Kind == store.EventMove {
		o.mover = e.Player
		if o.draw != e.Player {
			o.draw = ""
		}
	}
}

// event plays an offer event of player on st, a game between two players
// that is not over: it checks the offer or answer is allowed now and
// updates the offers. An accepted takeback takes back the offerer's last
// move on st; an accepted draw ends the game, with the result event
// returns.
func (o *offers) event(st game.State, kind, player string) (*game.Result, error) {
	players := st.Players()
	if len(players) != 2 {
		return nil, fmt.Errorf("offers are made in games of two players")
	}
	if !slices.Contains(players, player) {
		return nil, fmt.Errorf("%s does not play", player)
	}
	other := players[0]
	if other == player {
		other = players[1]
	}
	switch kind {
	case EventDrawOffer:
		switch {
		case st.Player() == game.Chance:
			return nil, fmt.Errorf("no draw offer while the dice are to roll")
		case o.draw != "":
			return nil, fmt.Errorf("%s has offered a draw already", o.draw)
		}
		o.draw = player
	case EventDrawAccept, EventDrawDecline:
		if o.draw != other {
			return nil, fmt.Errorf("%s has not offered a draw", other)
		}
		o.draw = ""
		if kind == EventDrawAccept {
			r := agreement
			return &r, nil
		}
	case EventTakebackOffer:
		switch {
		case o.mover != player:
			return nil, fmt.Errorf("%s can take back only their own last move, before anything else happened (a roll included)", player)
		case o.takeback != "":
			return nil, fmt.Errorf("%s has asked for a takeback already", o.takeback)
		}
		o.takeback = player
	case EventTakebackAccept, EventTakebackDecline:
		if o.takeback != other {
			return nil, fmt.Errorf("%s has not asked for a takeback", other)
		}
		o.takeback = ""
		if kind == EventTakebackAccept {
			if err := st.Undo(); err != nil {
				return nil, err
			}
			o.mover, o.draw = "", ""
		}
	default:
		return nil, fmt.Errorf("unknown event kind %q", kind)
	}
	return nil, nil
}
