package server

import (
	"encoding/hex"
	"fmt"
	"strings"

	"norns/game"
	"norns/store"
)

// recordMagic is the first line of a Norns record.
const recordMagic = "# norns record 1"

// record writes the game as a Norns record: the magic line, tag pairs as
// in PGN, a blank line, then one event a line: "<seq> <kind> <player>
// <action>". Callers hold mu.
func (l *live) record() string {
	var b strings.Builder
	b.WriteString(recordMagic + "\n")
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v) }
	tag("Game", l.g.Name())
	tag("Title", l.g.Title())
	tag("Id", l.rec.ID)
	tag("Date", l.rec.Created.Format("2006.01.02"))
	tag("Options", game.Options(l.rec.Options).String())
	tag("Players", strings.Join(l.st.Players(), " "))
	for _, s := range l.rec.Seats {
		who := s.Kind
		if s.Kind == store.SeatAI {
			who += " " + s.Level
		}
		if s.Name != "" {
			who += " " + s.Name
		}
		tag("Seat "+s.Player, who)
	}
	if c := l.rec.Clock; c != nil {
		tag("Clock", fmt.Sprintf("%d+%d", c.Initial.Milliseconds(), c.Increment.Milliseconds()))
	}
	tag("Scheme", "norns-dice-v1")
	tag("Commitment", l.rec.Commitment)
	for _, s := range l.rec.Seats {
		tag("Seed "+s.Player, s.Seed)
	}
	if l.over() {
		tag("ServerSeed", hex.EncodeToString(l.rec.ServerSeed))
	} else {
		tag("ServerSeed", "?")
	}
	s := l.shown()
	tag("Status", game.Status(s))
	tag("Result", game.Describe(s))
	b.WriteByte('\n')
	for _, e := range l.events {
		fmt.Fprintf(&b, "%d %s %s", e.Seq, e.Kind, e.Player)
		if e.Action != "" {
			b.WriteString(" " + e.Action)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// pgnTags returns the PGN tags of a chess-family game: the usual roster
// plus the game, options and dice fairness. Callers hold mu.
func (l *live) pgnTags() map[string]string {
	t := map[string]string{
		"Event": "Norns " + l.g.Title(), "Site": "norns " + l.rec.ID, "Date": l.rec.Created.Format("2006.01.02"),
		"NornsGame": l.g.Name(), "NornsOptions": game.Options(l.rec.Options).String(), "NornsCommitment": l.rec.Commitment,
	}
	for i, s := range l.rec.Seats {
		name := s.Name
		if name == "" {
			name = s.Kind
			if s.Kind == store.SeatAI {
				name = "Norns AI " + s.Level
			}
		}
		switch i {
		case 0:
			t["White"] = name
		case 1:
			t["Black"] = name
		}
	}
	if l.over() {
		t["NornsServerSeed"] = hex.EncodeToString(l.rec.ServerSeed)
		t["Termination"] = l.shown().Result().Reason
	}
	if l.timeout != nil {
		t["Termination"] = "time forfeit"
	}
	return t
}
