package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/norns-games/norns/store"
)

// tagLine is a tag of the Norns record as written: [Name "value"].
func tagLine(k, v string) string {
	return "[" + k + " \"" + v + "\"]"
}

// chatLine is a chat message of the Norns record, a comment line: "# chat
// <seq> <room> <player or -> <time> <quoted name> <text>".
func chatLine(m store.ChatMessage) string {
	player := m.Player
	if player == "" {
		player = "-"
	}
	return fmt.Sprintf("# chat %d %s %s %s %q %s", m.Seq, m.Room, player, m.Time.UTC().Format("2006-01-02T15:04:05.000Z"), m.Name, m.Text)
}

// Text writes rec in the text form: the magic line, its tags in order
// (tag pairs as in PGN), its Signature tag when it has one, a blank line,
// its events one a line (eventLine), then the chat given, a comment line
// each (chatLine). Parse reads it back, the chat aside.
func (rec *Record) Text(chat []store.ChatMessage) string {
	var b strings.Builder
	b.WriteString(magic + "\n")
	for _, k := range rec.Order {
		b.WriteString(tagLine(k, rec.Tags[k]) + "\n")
	}
	if rec.Signature != "" {
		b.WriteString(tagLine(TagSignature, rec.Signature) + "\n")
	}
	b.WriteByte('\n')
	for _, e := range rec.Events {
		b.WriteString(eventLine(e) + "\n")
	}
	for _, m := range chat {
		b.WriteString(chatLine(m) + "\n")
	}
	return b.String()
}

// eventLine is an event's line in a Norns record: "<seq> <kind> <player>
// <action>", and after a move that revealed a nonce or committed to one
// (dice scheme v2) " {nonce <hex> next <hex>}", either part left out when
// empty. Parse reads it back.
func eventLine(e store.Event) string {
	line := fmt.Sprintf("%d %s %s", e.Seq, e.Kind, e.Player)
	if e.Action != "" {
		line += " " + e.Action
	}
	var reveal []string
	if e.Nonce != "" {
		reveal = append(reveal, "nonce "+e.Nonce)
	}
	if e.Next != "" {
		reveal = append(reveal, "next "+e.Next)
	}
	if len(reveal) > 0 {
		line += " {" + strings.Join(reveal, " ") + "}"
	}
	return line
}

// JSON is the Norns record as JSON (format=json), for programs: the
// tags of the text record in their order, its events with their times, and
// its chat. Parse reads it too.
type JSON struct {
	// Format is "norns-record-1".
	Format string      `json:"format"`
	Tags   [][2]string `json:"tags"`
	// Signature is the record's signature (the Signature tag of the text
	// form), empty when it has none.
	Signature string  `json:"signature,omitempty"`
	Events    []Event `json:"events"`
	Chat      []Chat  `json:"chat,omitempty"`
}

// Event is an event of a JSON record.
type Event struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Player string `json:"player"`
	Action string `json:"action,omitempty"`
	// Nonce and Next are what a move revealed and committed to (dice
	// scheme v2).
	Nonce string    `json:"nonce,omitempty"`
	Next  string    `json:"next,omitempty"`
	Time  time.Time `json:"time"`
}

// Chat is a chat message of a JSON record.
type Chat struct {
	Seq    int64     `json:"seq"`
	Room   string    `json:"room"`
	Player string    `json:"player,omitempty"`
	Name   string    `json:"name"`
	Text   string    `json:"text"`
	Time   time.Time `json:"time"`
}

// FormatJSON is the Format of a JSON record.
const FormatJSON = "norns-record-1"

// JSON returns rec in the JSON form, with the chat given.
func (rec *Record) JSON(chat []store.ChatMessage) JSON {
	r := JSON{Format: FormatJSON, Tags: [][2]string{}, Signature: rec.Signature, Events: []Event{}}
	for _, k := range rec.Order {
		r.Tags = append(r.Tags, [2]string{k, rec.Tags[k]})
	}
	for _, e := range rec.Events {
		r.Events = append(r.Events, Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Nonce: e.Nonce, Next: e.Next, Time: e.Time.UTC()})
	}
	for _, m := range chat {
		r.Chat = append(r.Chat, Chat{Seq: m.Seq, Room: m.Room, Player: m.Player, Name: m.Name, Text: m.Text, Time: m.Time.UTC()})
	}
	return r
}
