package live

import (
	"context"
	"slices"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// Accounts: a seat of a signed-in player carries the id of the account
// (store.Seat.Account), given with the create or join request
// (wire.SeatRequest.Account, wire.JoinRequest.Account), or later by
// TakeSeat; the store links the seat's game to the account as it stores
// the seats, so that AccountGames finds it from any device, and
// AccountSeat gives the account a token of its seat on that device.

// TakeSeat gives the seat token opens in game id to an account, under its
// user name (name; "" keeps the seat's), and returns the seat. A seat of
// the account already is answered as taken; a seat of another account, or
// a second seat of one game, is refused (wire.CodeSeatClaimed).
func (s *Hall) TakeSeat(ctx context.Context, id, token, account, name string) (player string, err error) {
	err = s.withToken(ctx, id, token, func(t *table) error {
		p, err := t.authorize(token)
		if err != nil {
			return err
		}
		seat := t.rec.Seats[p]
		switch seat.Account {
		case account:
			player = seat.Player
			return nil
		case "":
		default:
			return Errorf(wire.CodeSeatClaimed, "seat %s", seat.Player)
		}
		if i := slices.IndexFunc(t.rec.Seats, func(st store.Seat) bool { return st.Account == account }); i >= 0 {
			// One person, one seat: a hot-seat game stays anonymous.
			return Errorf(wire.CodeSeatClaimed, "the account holds seat %s of this game already", t.rec.Seats[i].Player)
		}
		seats := slices.Clone(t.rec.Seats)
		seats[p].Account = account
		if name != "" {
			seats[p].Name = name
		}
		if err := t.setSeats(ctx, seats); err != nil {
			return retryable(err)
		}
		t.broadcast(int(t.seq())) // the seat's name changed
		player = seats[p].Player
		return nil
	})
	return player, err
}

// maxDevices bounds the device tokens of one seat (AccountSeat): a new
// one beyond it ends the oldest.
const maxDevices = 8

// AccountSeat gives a signed-in player a token of their seat in game id
// for the device they ask from, and returns the seat: an account plays
// its games from any device it signed in on, as the seat's first token
// does. Each call makes a new token (its hash joins the seat's
// DeviceHashes); the seat's other tokens keep working, but the oldest of
// more than maxDevices ends. Refused with wire.CodeNoSeat when the
// account holds no seat of the game.
func (s *Hall) AccountSeat(ctx context.Context, id, account string) (player, token string, err error) {
	err = s.with(ctx, id, func(t *table) error {
		p := slices.IndexFunc(t.rec.Seats, func(st store.Seat) bool { return st.Kind == store.SeatHuman && st.Account == account })
		if account == "" || p < 0 {
			return Errorf(wire.CodeNoSeat, "game %s", id)
		}
		tok, h := secret()
		seats := slices.Clone(t.rec.Seats)
		devices := append(slices.Clone(seats[p].DeviceHashes), h)
		seats[p].DeviceHashes = devices[max(0, len(devices)-maxDevices):]
		if err := t.setSeats(ctx, seats); err != nil {
			return retryable(err)
		}
		player, token = seats[p].Player, tok
		return nil
	})
	return player, token, err
}

// ClearAccount takes the account out of the seat player of game id, once
// the account is deleted: the seat keeps its place in the game, with no
// name (shown as an anonymous player's) and no account. A seat of another
// account, or of none, is left as it is.
func (s *Hall) ClearAccount(ctx context.Context, id, player, account string) error {
	return s.with(ctx, id, func(t *table) error {
		i := slices.IndexFunc(t.rec.Seats, func(st store.Seat) bool { return st.Player == player })
		if i < 0 || t.rec.Seats[i].Account != account {
			return nil
		}
		seats := slices.Clone(t.rec.Seats)
		seats[i].Account, seats[i].Name, seats[i].DeviceHashes = "", "", nil
		if err := t.setSeats(ctx, seats); err != nil {
			return retryable(err)
		}
		t.broadcast(int(t.seq()))
		return nil
	})
}

// AccountGames lists the games an account took seats in, newest first, at
// most limit (0: the store's bound), private ones included: they are the
// account's own.
func (s *Hall) AccountGames(ctx context.Context, account string, limit int) ([]wire.Summary, error) {
	as, ok := s.store.(store.Accounts)
	if !ok {
		return nil, Errorf(wire.CodeNoAccounts, "")
	}
	gs, err := as.AccountGames(ctx, account, limit)
	if err != nil {
		return nil, err
	}
	return s.summaries(gs), nil
}

// signedIn gives the one human seat of a create request to its signed-in
// creator (req.Account), under their user name; a request with several
// human seats (hot seat) or none is left anonymous.
func signedIn(req wire.CreateRequest) {
	if req.Account == "" {
		return
	}
	human := -1
	for i, sr := range req.Seats {
		if sr.Type == store.SeatHuman {
			if human >= 0 {
				return
			}
			human = i
		}
	}
	if human >= 0 {
		req.Seats[human].Account, req.Seats[human].Name = req.Account, req.AccountName
	}
}
