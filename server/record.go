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
// <action>", then the chat messages given, a comment line each: "# chat
// <seq> <room> <player or -> <time> <quoted name> <text>". Callers hold
// mu.
func (t *table) record(chat []store.ChatMessage) string {
	var b strings.Builder
	b.WriteString(recordMagic + "\n")
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v) }
	tag("Game", t.g.Name())
	tag("Title", t.g.Title())
	tag("Id", t.rec.ID)
	tag("Date", t.rec.Created.Format("2006.01.02"))
	tag("Options", game.Options(t.rec.Options).String())
	tag("Players", strings.Join(t.st.Players(), " "))
	for _, s := range t.rec.Seats {
		who := s.Kind
		if s.Kind == store.SeatAI {
			who += " " + s.Level
		}
		if s.Name != "" {
			who += " " + s.Name
		}
		tag("Seat "+s.Player, who)
	}
	if c := t.rec.Clock; c != nil {
		if c.PerMove {
			tag("Clock", fmt.Sprintf("%d/move", c.Initial.Milliseconds()))
		} else {
			tag("Clock", fmt.Sprintf("%d+%d", c.Initial.Milliseconds(), c.Increment.Milliseconds()))
		}
	}
	tag("Scheme", "norns-dice-v1")
	tag("Commitment", t.rec.Commitment)
	for _, s := range t.rec.Seats {
		tag("Seed "+s.Player, s.Seed)
	}
	if t.revealed() {
		tag("ServerSeed", hex.EncodeToString(t.rec.ServerSeed))
	} else {
		tag("ServerSeed", "?")
	}
	s := t.shown()
	tag("Status", game.Status(s))
	tag("Result", game.Describe(s))
	b.WriteByte('\n')
	for _, e := range t.events {
		fmt.Fprintf(&b, "%d %s %s", e.Seq, e.Kind, e.Player)
		if e.Action != "" {
			b.WriteString(" " + e.Action)
		}
		b.WriteByte('\n')
	}
	for _, m := range chat {
		player := m.Player
		if player == "" {
			player = "-"
		}
		fmt.Fprintf(&b, "# chat %d %s %s %s %q %s\n", m.Seq, m.Room, player, m.Time.UTC().Format("2006-01-02T15:04:05.000Z"), m.Name, m.Text)
	}
	return b.String()
}

// pgnTags returns the PGN tags of a chess-family game: the usual roster
// plus the game, options and dice fairness. Callers hold mu.
func (t *table) pgnTags() map[string]string {
	tags := map[string]string{
		"Event": "Norns " + t.g.Title(), "Site": "norns " + t.rec.ID, "Date": t.rec.Created.Format("2006.01.02"),
		"NornsGame": t.g.Name(), "NornsOptions": game.Options(t.rec.Options).String(), "NornsCommitment": t.rec.Commitment,
	}
	for i, s := range t.rec.Seats {
		name := s.Name
		if name == "" {
			name = s.Kind
			if s.Kind == store.SeatAI {
				name = "Norns AI (" + s.Level + ")"
			}
		}
		switch i {
		case 0:
			tags["White"] = name
		case 1:
			tags["Black"] = name
		}
	}
	if t.revealed() {
		tags["NornsServerSeed"] = hex.EncodeToString(t.rec.ServerSeed)
		tags["Termination"] = t.shown().Result().Reason
	}
	if t.ending != nil {
		tags["Result"] = game.PGNResult(*t.ending)
		tags["Termination"] = map[string]string{"time": "time forfeit", "resignation": "normal", "aborted": "abandoned"}[t.ending.Reason]
	}
	return tags
}
