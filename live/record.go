package live

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
)

// Record formats (GET /api/games/{id}/record?format=…): the Norns
// record, as text and as JSON, for every game; PGN for the chess games
// (game.PGNWriter); the game's own notation for the others
// (game.Recorder); and a game's formats of its own (game.FormatWriter:
// OpenTafl Notation for the tafl games).
var allRecordFormats = []string{"pgn", "text", "otn", "norns", "json"}

// recordFormats returns the record formats of a game, its default first.
func recordFormats(s game.State) []string {
	var out []string
	if _, ok := s.(game.PGNWriter); ok {
		out = append(out, "pgn")
	}
	if _, ok := s.(game.Recorder); ok {
		out = append(out, "text")
	}
	if fw, ok := s.(game.FormatWriter); ok {
		out = append(out, fw.Formats()...)
	}
	return append(out, "norns", "json")
}

// recordTags returns the tags of the Norns record, in order. Callers hold
// mu.
func (t *table) recordTags() [][2]string {
	var tags [][2]string
	tag := func(k, v string) { tags = append(tags, [2]string{k, v}) }
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
	tag("Scheme", t.scheme())
	tag("Commitment", t.rec.Commitment)
	for _, s := range t.rec.Seats {
		tag("Seed "+s.Player, s.Seed)
	}
	if t.scheme() != dice.SchemeV1 {
		for _, s := range t.rec.Seats {
			tag("Commit "+s.Player, s.Commit)
		}
	}
	if t.revealed() {
		tag("ServerSeed", hex.EncodeToString(t.rec.ServerSeed))
	} else {
		tag("ServerSeed", "?")
	}
	s := t.shown()
	tag("Status", game.Status(s))
	tag("Result", game.Describe(s))
	return tags
}

// recordOf returns the game's Norns record, signed with key when the game
// is over and its seed revealed (key nil leaves it unsigned). Callers hold
// mu.
func (t *table) recordOf(key ed25519.PrivateKey) (*record.Record, error) {
	rec := &record.Record{Tags: map[string]string{}, Events: t.events}
	for _, kv := range t.recordTags() {
		rec.Tags[kv[0]] = kv[1]
		rec.Order = append(rec.Order, kv[0])
	}
	if key != nil && t.revealed() {
		if err := record.Sign(rec, key); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// record writes the game as a Norns record in the text form
// (record.Record.Text), with the chat messages given; signed with key
// when the game is over. Callers hold mu.
func (t *table) record(key ed25519.PrivateKey, chat []store.ChatMessage) (string, error) {
	rec, err := t.recordOf(key)
	if err != nil {
		return "", err
	}
	return rec.Text(chat), nil
}

// recordJSON returns the Norns record as JSON (record.Record.JSON), signed
// with key when the game is over. Callers hold mu.
func (t *table) recordJSON(key ed25519.PrivateKey, chat []store.ChatMessage) (record.JSON, error) {
	rec, err := t.recordOf(key)
	if err != nil {
		return record.JSON{}, err
	}
	return rec.JSON(chat), nil
}

// textTags returns the tags of a record in the game's own notation
// (game.Recorder): the event, the players' names, and the result of a game
// that ended outside its rules. Callers hold mu.
func (t *table) textTags() map[string]string {
	tags := t.eventTags()
	for _, s := range t.rec.Seats {
		tags[strings.ToUpper(s.Player[:1])+s.Player[1:]] = seatName(s)
	}
	if t.ending != nil {
		tags["Result"] = game.Describe(t.shown())
	}
	return tags
}

// eventTags returns the tags that name the game in every record format but
// Norns' own: Event, Site and Date. Callers hold mu.
func (t *table) eventTags() map[string]string {
	return map[string]string{"Event": "Norns " + t.g.Title(), "Site": "norns " + t.rec.ID, "Date": t.rec.Created.Format("2006.01.02")}
}

// pgnTags returns the PGN tags of a chess-family game: the usual roster
// plus the game, options and dice fairness. Callers hold mu.
func (t *table) pgnTags() map[string]string {
	tags := t.eventTags()
	tags["NornsGame"], tags["NornsOptions"], tags["NornsCommitment"] = t.g.Name(), game.Options(t.rec.Options).String(), t.rec.Commitment
	for i, s := range t.rec.Seats {
		switch i {
		case 0:
			tags["White"] = seatName(s)
		case 1:
			tags["Black"] = seatName(s)
		}
	}
	if t.revealed() {
		tags["NornsServerSeed"] = hex.EncodeToString(t.rec.ServerSeed)
		tags["Termination"] = t.shown().Result().Reason
	}
	if t.ending != nil {
		tags["Result"] = game.PGNResult(*t.ending)
		tags["Termination"] = map[string]string{"time": "time forfeit", "resignation": "normal", "aborted": "abandoned", "opponent left": "abandoned", "opponent gone": "abandoned"}[t.ending.Reason]
	}
	return tags
}

// seatName is how a record names a seat's player: their name, else what
// the seat is ("Norns AI (hard)", "human").
func seatName(s store.Seat) string {
	switch {
	case s.Name != "":
		return s.Name
	case s.Kind == store.SeatAI:
		return "Norns AI (" + s.Level + ")"
	}
	return s.Kind
}
