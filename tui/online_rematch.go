package tui

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// rematchWishes says whether the player asked for a rematch of the
// finished game, and names the others who did.
func (on *onlineGame) rematchWishes(l i18n.Lang) (mine bool, others []string) {
	for _, p := range on.view.RematchOffers {
		if p == on.o.Player {
			mine = true
			continue
		}
		others = append(others, on.seatName(l, p))
	}
	return mine, others
}

// seatName is the name of a seat's player, or the seat's.
func (on *onlineGame) seatName(l i18n.Lang, player string) string {
	i := slices.IndexFunc(on.view.Seats, func(s wire.SeatView) bool { return s.Player == player })
	if i >= 0 && on.view.Seats[i].Name != "" && on.view.Seats[i].Name != player {
		return on.view.Seats[i].Name
	}
	return i18n.Player(l, player)
}

// rematch asks for a rematch of the finished game, or accepts the other
// players' wish; when the rematch exists already, it goes there.
func (m *Model) rematch() tea.Cmd {
	on := m.on
	if on.view.Rematch != "" {
		return m.goRematch(on.view.Rematch)
	}
	return m.call("rematch", on.o.Rematch)
}

// goRematch opens the seat of the rematch id with the token the player
// holds (the server moved it to its new seat).
func (m *Model) goRematch(id string) tea.Cmd {
	on := m.on
	if id == on.o.ID || id == on.rematching {
		return nil
	}
	on.rematching = id
	o := on.o
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		defer cancel()
		no, v, err := Open(ctx, o.Base+"/games/"+id, o.Token, o.Lang, o.HTTP)
		return rematchMsg{no, v, err}
	}
}

// enterRematch makes the rematch opened the model's game: its board, its
// seat, its feed; the seat file keeps its token.
func (m *Model) enterRematch(msg rematchMsg) tea.Cmd {
	on := m.on
	if msg.err != nil {
		on.rematching = ""
		m.message = ErrorText(m.lang, msg.err)
		return nil
	}
	if msg.o.ID != on.rematching {
		return nil
	}
	nm, err := NewOnline(m.cfg, msg.o, msg.v)
	if err != nil {
		on.rematching = ""
		m.message = ErrorText(m.lang, err)
		return nil
	}
	nm.width, nm.height, nm.now = m.width, m.height, m.now
	nm.on.room, nm.on.feed = on.room, on.feed
	*m = *nm
	m.message = i18n.T(m.lang, "tui.online.rematchstarted", "player", i18n.Player(m.lang, msg.o.Player))
	if m.cfg.SeatFile != "" {
		if err := SaveSeat(m.cfg.SeatFile, msg.o); err != nil {
			m.message = i18n.T(m.lang, "tui.cli.seatfile", "file", m.cfg.SeatFile, "error", ErrorText(m.lang, err))
		}
	}
	if m.on.feed != nil {
		m.follow()
	}
	return nil
}
