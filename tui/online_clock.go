package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// clockTickMsg makes the screen show the running clock's time again.
type clockTickMsg struct{}

// clockNow is the time now (the tests set Model.now).
func (m *Model) clockNow() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// clockTick waits until the running clock's display changes, at most a
// second (a tenth of a second under ten seconds), then asks for a redraw;
// the model asks for the next tick when it comes, for as long as it plays
// a game with a clock.
func (m *Model) clockTick() tea.Cmd {
	d := time.Second
	if left, first, ok := m.countdown(); ok && (first || m.on.view.Clock.DaysPerMove == 0) {
		switch {
		case left <= 0:
		case left < 10100:
			d = 100 * time.Millisecond
		case left%1000 != 0:
			d = time.Duration(left%1000+1) * time.Millisecond
		}
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return clockTickMsg{} })
}

// countdown returns, in ms, the time left of what counts down now: the
// clock that runs, or the time for the first move of the player to move
// (first).
func (m *Model) countdown() (left int64, first, ok bool) {
	on := m.on
	if on == nil || on.view == nil || on.view.Clock == nil || on.view.Finished {
		return 0, false, false
	}
	c, since := on.view.Clock, m.clockNow().Sub(on.clockAt).Milliseconds()
	switch {
	case c.Running != "":
		return c.RemainingMs[c.Running] - since, false, true
	case c.FirstMoveMs > 0:
		return c.FirstMoveMs - since, true, true
	}
	return 0, false, false
}

// clockLines are the lines of the clocks, for a game with a clock: each
// seat's time, the running one's counted down from the view's (marked
// ▸), after the mark of the player's presence (● online, ○ offline), the
// opponent's leaving (goneLines), and while the player to move makes a first move, which is not
// timed, the time left for it.
func (m *Model) clockLines(w int) []string {
	on := m.on
	v := on.view
	if v == nil || v.Clock == nil {
		return m.presenceLines(w)
	}
	c := v.Clock
	var parts []string
	for _, p := range v.Players {
		ms, running := c.RemainingMs[p], p == c.Running
		if running {
			ms, _, _ = m.countdown()
		}
		text := i18n.Player(m.lang, p) + " " + clockText(m.lang, max(ms, 0), c.DaysPerMove > 0)
		if running {
			text = "▸" + text
		}
		text = on.presenceMark(p) + text
		parts = append(parts, text)
	}
	out := wrap(strings.Join(parts, " · "), w)
	out = append(out, m.goneLines(w)...)
	if v.Started && !v.Finished && c.Running == "" && v.ToMove != "" && v.ToMove != "chance" {
		who := i18n.Player(m.lang, v.ToMove)
		if left, first, _ := m.countdown(); first {
			out = append(out, wrap(i18n.T(m.lang, "tui.online.clock.firstleft", "player", who, "time", clockText(m.lang, max(left, 0), c.DaysPerMove > 0)), w)...)
		} else {
			out = append(out, wrap(i18n.T(m.lang, "tui.online.clock.first", "player", who), w)...)
		}
	}
	return out
}

// clockText writes a clock's time as the web app does: m:ss (whole
// seconds rounded up), with tenths under ten seconds (0:09.4); a
// correspondence clock in days and hours, or hours and minutes in the
// last day (whole minutes: a clock never shows more time than it has).
func clockText(l i18n.Lang, ms int64, days bool) string {
	if days {
		mins := ms / 60000
		d, h := mins/1440, (mins%1440)/60
		if d > 0 {
			return i18n.T(l, "clock.days", "d", int(d), "h", int(h))
		}
		return i18n.T(l, "clock.hours", "h", int(h), "m", int(mins%60))
	}
	if ms < 10000 {
		tenths := ms / 100
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	s := (ms + 999) / 1000
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// presenceMark marks player p's presence, as the feed said it: ● online,
// ○ offline, for a human seat of a game going on; "" otherwise.
func (on *onlineGame) presenceMark(p string) string {
	v := on.view
	if on.online == nil || v == nil || v.Finished || !slices.ContainsFunc(v.Seats, func(s wire.SeatView) bool { return s.Player == p && s.Kind == "human" }) {
		return ""
	}
	if slices.Contains(on.online, p) {
		return "● "
	}
	return "○ "
}

// presenceLines are the players with their presence, for a game without
// a clock (clockLines shows it with the clocks otherwise).
func (m *Model) presenceLines(w int) []string {
	on := m.on
	if on == nil || on.view == nil || on.online == nil || on.view.Finished {
		return nil
	}
	var parts []string
	for _, p := range on.view.Players {
		if mark := on.presenceMark(p); mark != "" {
			parts = append(parts, mark+i18n.Player(m.lang, p)+" "+i18n.T(m.lang, map[bool]string{true: "presence.online", false: "presence.offline"}[slices.Contains(on.online, p)]))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return wrap(strings.Join(parts, " · "), w)
}

// opponentGone is the opponent of the player's seat, in a game of two
// going on, when the feed said they are gone, and when a claim is
// possible.
func (on *onlineGame) opponentGone() (who string, at time.Time, ok bool) {
	v := on.view
	if v == nil || v.Finished || len(v.Players) != 2 || !slices.Contains(v.Players, on.o.Player) {
		return "", time.Time{}, false
	}
	for _, p := range v.Players {
		if p != on.o.Player {
			at, ok = on.claimAt[p]
			return p, at, ok
		}
	}
	return "", time.Time{}, false
}

// claimable reports whether the player may claim now: the opponent has
// been gone for the grace time.
func (on *onlineGame) claimable(now time.Time) bool {
	_, at, ok := on.opponentGone()
	return ok && !now.Before(at)
}

// goneLines say that the opponent left: the time before a claim, then how
// to claim.
func (m *Model) goneLines(w int) []string {
	who, at, ok := m.on.opponentGone()
	if !ok {
		return nil
	}
	name := i18n.Player(m.lang, who)
	if left := at.Sub(m.clockNow()); left > 0 {
		return wrap(i18n.T(m.lang, "tui.gone.countdown", "player", name, "time", clockText(m.lang, left.Milliseconds(), false)), w)
	}
	return wrap(i18n.T(m.lang, "tui.gone.claimable", "player", name), w)
}
