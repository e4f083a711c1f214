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
// <action>", then in braces what the event carries besides: in a game with
// clocks each seat's time left after it, in the order of the Players tag
// ("clk 0:04:57.120 0:05:00.000", to the millisecond), and after a move that
// revealed a nonce or committed to one (dice scheme v2) "nonce <hex> next
// <hex>"; each part left out when empty, the braces when all are. Parse
// reads it back.
func eventLine(e store.Event) string {
	line := fmt.Sprintf("%d %s %s", e.Seq, e.Kind, e.Player)
	if e.Action != "" {
		line += " " + e.Action
	}
	var reveal []string
	if len(e.Clocks) > 0 {
		reveal = append(reveal, "clk")
		for _, d := range e.Clocks {
			reveal = append(reveal, FormatClock(d))
		}
	}
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
	Nonce string `json:"nonce,omitempty"`
	Next  string `json:"next,omitempty"`
	// ClocksMs is each seat's time left after the event in milliseconds,
	// in a game with clocks.
	ClocksMs []int64   `json:"clocks_ms,omitempty"`
	Time     time.Time `json:"time"`
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
		ev := Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Nonce: e.Nonce, Next: e.Next, Time: e.Time.UTC()}
		for _, d := range e.Clocks {
			ev.ClocksMs = append(ev.ClocksMs, d.Milliseconds())
		}
		r.Events = append(r.Events, ev)
	}
	for _, m := range chat {
		r.Chat = append(r.Chat, Chat{Seq: m.Seq, Room: m.Room, Player: m.Player, Name: m.Name, Text: m.Text, Time: m.Time.UTC()})
	}
	return r
}

// FormatClock writes a time left as the records do, h:mm:ss.mmm, to the
// millisecond, rounded down ("0:04:57.120"); a negative time is written
// as zero. ParseClock reads it back.
func FormatClock(d time.Duration) string {
	ms := max(d.Milliseconds(), 0)
	return fmt.Sprintf("%d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

// ParseClock reads a time left as FormatClock writes it.
func ParseClock(s string) (time.Duration, error) {
	var h, m, sec, ms int64
	if n, err := fmt.Sscanf(s, "%d:%2d:%2d.%3d", &h, &m, &sec, &ms); err != nil || n != 4 || h < 0 || m > 59 || sec > 59 || ms < 0 || FormatClock(time.Duration(((h*60+m)*60+sec)*1000+ms)*time.Millisecond) != s {
		return 0, fmt.Errorf("%q is not a time left h:mm:ss.mmm", s)
	}
	return time.Duration(((h*60+m)*60+sec)*1000+ms) * time.Millisecond, nil
}
