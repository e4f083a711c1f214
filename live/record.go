package live

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
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
	tag("Termination", record.Termination(s))
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
// (game.Recorder): the event, the players' names, the result of a game
// that ended outside its rules, the time control (TimeControl, as PGN's),
// the end reason (Termination, as the Norns record's) and each seat's time
// left (Clocks, "white 0:04:57.120, black 0:05:00.000"). Callers hold mu.
func (t *table) textTags() map[string]string {
	tags := t.eventTags()
	for _, s := range t.rec.Seats {
		tags[strings.ToUpper(s.Player[:1])+s.Player[1:]] = seatName(s)
	}
	if t.ending != nil {
		tags["Result"] = game.Describe(t.shown())
	}
	tags["TimeControl"], tags["Termination"] = timeControl(t.rec.Clock), record.Termination(t.shown())
	if t.clocks != nil {
		var left []string
		for i, d := range t.remaining(t.deps.now()) {
			left = append(left, t.st.Players()[i]+" "+record.FormatClock(d))
		}
		tags["Clocks"] = strings.Join(left, ", ")
	}
	return tags
}

// eventTags returns the tags that name the game in every record format but
// Norns' own: Event, Site and Date. Callers hold mu.
func (t *table) eventTags() map[string]string {
	return map[string]string{"Event": "Norns " + t.g.Title(), "Site": "norns " + t.rec.ID, "Date": t.rec.Created.Format("2006.01.02")}
}

// pgnTags returns the PGN tags of a chess-family game: the usual roster
// with the players' names, the time control and how the game ended
// (TimeControl, Termination), plus the game, options and dice fairness.
// Callers hold mu.
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
	tags["TimeControl"], tags["Termination"] = timeControl(t.rec.Clock), termination(t.shown())
	if t.revealed() {
		tags["NornsServerSeed"] = hex.EncodeToString(t.rec.ServerSeed)
	}
	if t.ending != nil {
		tags["Result"] = game.PGNResult(*t.ending)
	}
	return tags
}

// pgnClocks returns, for each action of the game's history, the time its
// player had left after it (game.ClockedPGNWriter), -1 for an action
// without one. Callers hold mu.
func (t *table) pgnClocks() []time.Duration {
	out := make([]time.Duration, len(t.takers))
	for i, k := range t.takers {
		out[i] = -1
		if k < 0 || k >= len(t.events) {
			continue
		}
		e := t.events[k]
		if p := slices.Index(t.st.Players(), e.Player); p >= 0 && p < len(e.Clocks) {
			out[i] = e.Clocks[p]
		}
	}
	return out
}

// timeControl is the PGN TimeControl tag of a clock: "300+5" (seconds and
// increment), "1/86400" for a correspondence clock (a move in so many
// seconds), "-" for none.
func timeControl(c *store.Clock) string {
	switch {
	case c == nil:
		return "-"
	case c.PerMove:
		return fmt.Sprintf("1/%d", int64(c.Initial/time.Second))
	case c.Increment == 0:
		return fmt.Sprintf("%d", int64(c.Initial/time.Second))
	}
	return fmt.Sprintf("%d+%d", int64(c.Initial/time.Second), int64(c.Increment/time.Second))
}

// termination is the PGN Termination tag of a game (the PGN standard's
// values): "normal" for an end by the rules, a resignation or an agreed
// draw, "time forfeit", "abandoned" for a game called off or left (its opponent claiming the
// victory or a draw, too),
// "unterminated" while it goes on.
func termination(s game.State) string {
	if !s.Terminal() {
		return "unterminated"
	}
	switch s.Result().Reason {
	case "time":
		return "time forfeit"
	case ending.Aborted.Reason, ending.Expired.Reason, "no human left", "opponent left", "opponent gone":
		return "abandoned"
	}
	return "normal"
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
