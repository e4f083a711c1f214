package ending

import (
	"fmt"
	"slices"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
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

// Agreement is the result of a draw both players agreed to.
var Agreement = game.Result{Kind: game.Draw, Reason: "agreement"}

// drawEvery is how many moves must have been played since a player's last
// draw offer before they may offer one again: more than 20, as on lichess
// (a move is one action of a player, a ply in chess).
const drawEvery = 20

// Offers are a game's pending offers, and what limits new ones, as its log
// says: every instance that plays the log enforces the same limits. The
// zero value is a game's start.
type Offers struct {
	// draw and takeback are the players who offered, or "".
	draw, takeback string
	// mover made the last move, if no roll came after it (a takeback may
	// not cross a chance event) and it was not taken back already.
	mover string
	// asked says mover has asked to take that move back already: a
	// takeback is asked once a move, however it was answered.
	asked bool
	// plies counts the moves that stand: made, and not taken back.
	plies int
	// drawAt holds, for each of the two seats, plies at its last draw
	// offer plus one (0: none yet).
	drawAt [2]int
}

// Played follows a move or a roll: a draw offer lapses when the offerer's
// opponent moves, a takeback offer at any move or roll.
func (o *Offers) Played(e store.Event) {
	o.takeback, o.mover, o.asked = "", "", false
	if e.Kind == store.EventMove {
		o.plies++
		o.mover = e.Player
		if o.draw != e.Player {
			o.draw = ""
		}
	}
}

// Limit says why player may not make a new offer of kind (EventDrawOffer
// or EventTakebackOffer) in st, beyond what Event checks, or nil: a draw
// is offered once in more than drawEvery moves, a takeback of a move asked
// once. The limits are not checked when a log is played again, so that a
// log written before them still loads.
func (o *Offers) Limit(st game.State, kind, player string) error {
	switch kind {
	case EventDrawOffer:
		seat := slices.Index(st.Players(), player)
		if seat < 0 || seat > 1 || o.drawAt[seat] == 0 {
			return nil
		}
		if since := o.plies - (o.drawAt[seat] - 1); since <= drawEvery {
			return fmt.Errorf("%s offered a draw %d moves ago: again once more than %d moves have been played since", player, max(since, 0), drawEvery)
		}
	case EventTakebackOffer:
		if o.asked && o.mover == player {
			return fmt.Errorf("%s has asked to take back this move already", player)
		}
	}
	return nil
}

// Event plays an offer event of player on st, a game between two players
// that is not over: it checks the offer or answer is allowed now and
// updates the offers. An accepted takeback takes back the offerer's last
// move on st; an accepted draw ends the game, with the result Event
// returns.
func (o *Offers) Event(st game.State, kind, player string) (*game.Result, error) {
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
		o.drawAt[slices.Index(players, player)] = o.plies + 1
	case EventDrawAccept, EventDrawDecline:
		if o.draw != other {
			return nil, fmt.Errorf("%s has not offered a draw", other)
		}
		o.draw = ""
		if kind == EventDrawAccept {
			r := Agreement
			return &r, nil
		}
	case EventTakebackOffer:
		switch {
		case o.mover != player:
			return nil, fmt.Errorf("%s can take back only their own last move, before anything else happened (a roll included)", player)
		case o.takeback != "":
			return nil, fmt.Errorf("%s has asked for a takeback already", o.takeback)
		}
		o.takeback, o.asked = player, true
	case EventTakebackAccept, EventTakebackDecline:
		if o.takeback != other {
			return nil, fmt.Errorf("%s has not asked for a takeback", other)
		}
		o.takeback = ""
		if kind == EventTakebackAccept {
			if err := st.Undo(); err != nil {
				return nil, err
			}
			o.mover, o.draw, o.asked = "", "", false
			o.plies--
		}
	default:
		return nil, fmt.Errorf("unknown event kind %q", kind)
	}
	return nil, nil
}

// Draw is the player who offered a draw that is pending, or "".
func (o *Offers) Draw() string { return o.draw }

// Takeback is the player who asked for a takeback that is pending, or "".
func (o *Offers) Takeback() string { return o.takeback }
