package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/store"
)

// magic is the first line of a Norns record.
const magic = "# norns record 1"

// Record is a Norns record as read back.
type Record struct {
	Tags map[string]string
	// Order lists the tag names in the order read.
	Order []string
	// Signature is the record's signature in hex (the Signature tag, or
	// the JSON record's signature), empty when it has none; it is not
	// among the Tags.
	Signature string
	Events    []store.Event
}

// MaxSize is the largest record Parse reads, in bytes: far more
// than the longest game writes.
const MaxSize = 16 << 20

// Parse reads a Norns record: the magic line, the tags, a blank line,
// the events. A record that stops before the blank line, or in the middle of
// a line (the writer ends every line with a newline), is truncated and an
// error. It reads the JSON record (JSON) as well.
func Parse(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) <= MaxSize && strings.HasPrefix(strings.TrimSpace(string(data)), "{") {
		return parseJSON(data)
	}
	text := string(data)
	first, _, _ := strings.Cut(text, "\n")
	first = strings.TrimRight(first, "\r")
	switch {
	case len(text) == 0:
		return nil, fmt.Errorf("empty record")
	case len(text) > MaxSize:
		return nil, fmt.Errorf("the record is longer than %d bytes", MaxSize)
	case strings.HasPrefix(first, "[Event "):
		return nil, fmt.Errorf("line 1: this is a PGN record; verify the Norns record (GET /api/games/{id}/record?format=norns)")
	case first != magic:
		return nil, fmt.Errorf("line 1: %q is not %q", first, magic)
	case !strings.HasSuffix(text, "\n"):
		return nil, fmt.Errorf("line %d: the record stops in the middle of the line (no newline at its end): it is truncated", strings.Count(text, "\n")+1)
	}
	rec := &Record{Tags: map[string]string{}}
	n := 0
	body := false
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		n++
		line = strings.TrimRight(line, "\r")
		switch {
		case n == 1: // the magic line, checked above
		case line == "":
			body = true
		case !body && strings.HasPrefix(line, "["):
			if err := rec.parseTag(line); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		case !body:
			return nil, fmt.Errorf("line %d: %q where a tag or the blank line after the tags belongs", n, line)
		case strings.HasPrefix(line, "# "):
			// A comment: a chat message, which the replay does not need.
		default:
			if err := rec.parseEvent(line); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		}
	}
	if !body {
		return nil, fmt.Errorf("line %d: the record stops in its tags (no blank line before the events): it is truncated", n)
	}
	return rec, nil
}

// parseTag reads a tag line, [Name "value"], into rec: the Signature
// tag into its Signature, any other into its Tags.
func (rec *Record) parseTag(line string) error {
	k, v, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " \"")
	if !ok || !strings.HasSuffix(line, "\"]") {
		return fmt.Errorf("malformed tag %q", line)
	}
	v = strings.TrimSuffix(v, "\"")
	if k == TagSignature {
		if rec.Signature != "" {
			return fmt.Errorf("tag %s given twice", k)
		}
		rec.Signature = v
		return nil
	}
	if _, dup := rec.Tags[k]; dup {
		return fmt.Errorf("tag %s given twice", k)
	}
	rec.Tags[k] = v
	rec.Order = append(rec.Order, k)
	return nil
}

// parseEvent reads an event line (eventLine) into rec: its sequence
// number must follow the events before it.
func (rec *Record) parseEvent(line string) error {
	f := strings.SplitN(line, " ", 4)
	if len(f) < 3 {
		return fmt.Errorf("%q is not \"<seq> <kind> <player> <action>\"", line)
	}
	seq, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || seq != int64(len(rec.Events))+1 {
		return fmt.Errorf("sequence number %q, want %d", f[0], len(rec.Events)+1)
	}
	e := store.Event{Seq: seq, Kind: f[1], Player: f[2]}
	if len(f) == 4 {
		e.Action = f[3]
		if i := strings.LastIndex(e.Action, "{"); i >= 0 && strings.HasSuffix(e.Action, "}") {
			if e.Clocks, e.Nonce, e.Next, err = parseReveal(e.Action[i+1 : len(e.Action)-1]); err != nil {
				return err
			}
			e.Action = strings.TrimSuffix(e.Action[:i], " ")
		}
	}
	rec.Events = append(rec.Events, e)
	return nil
}

// parseReveal reads what eventLine writes between the braces after an
// event: "clk" and the clocks, "nonce <hex>", "next <hex>", each optional,
// in that order.
func parseReveal(s string) (clocks []time.Duration, nonce, next string, err error) {
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "clk" {
		f = f[1:]
		for len(f) > 0 && f[0] != "nonce" && f[0] != "next" {
			d, err := ParseClock(f[0])
			if err != nil {
				return nil, "", "", err
			}
			clocks, f = append(clocks, d), f[1:]
		}
		if len(clocks) == 0 {
			return nil, "", "", fmt.Errorf("{%s}: clk without the clocks", s)
		}
	}
	if len(f) > 0 && f[0] == "nonce" && len(f) >= 2 {
		nonce, f = f[1], f[2:]
	}
	if len(f) == 2 && f[0] == "next" {
		next, f = f[1], nil
	}
	if len(f) > 0 || clocks == nil && nonce == "" && next == "" {
		return nil, "", "", fmt.Errorf("{%s} is not {nonce <hex> next <hex>}", s)
	}
	return clocks, nonce, next, nil
}

// parseJSON reads a JSON record (format=json).
func parseJSON(data []byte) (*Record, error) {
	var j JSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("JSON record: %w", err)
	}
	if j.Format != FormatJSON {
		return nil, fmt.Errorf("JSON record: format %q, want %q", j.Format, FormatJSON)
	}
	rec := &Record{Tags: map[string]string{}, Signature: j.Signature}
	for _, kv := range j.Tags {
		if kv[0] == TagSignature {
			return nil, fmt.Errorf("JSON record: the signature belongs in the signature field, not among the tags")
		}
		if _, dup := rec.Tags[kv[0]]; dup {
			return nil, fmt.Errorf("JSON record: tag %s given twice", kv[0])
		}
		rec.Tags[kv[0]] = kv[1]
		rec.Order = append(rec.Order, kv[0])
	}
	for i, e := range j.Events {
		if e.Seq != int64(i)+1 {
			return nil, fmt.Errorf("JSON record: event %d has sequence number %d", i+1, e.Seq)
		}
		if e.Kind == "" || e.Player == "" {
			return nil, fmt.Errorf("JSON record: event %d lacks its kind or player", e.Seq)
		}
		ev := store.Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Nonce: e.Nonce, Next: e.Next, Time: e.Time}
		for _, ms := range e.ClocksMs {
			if ms < 0 {
				return nil, fmt.Errorf("JSON record: event %d has a negative clock", e.Seq)
			}
			ev.Clocks = append(ev.Clocks, time.Duration(ms)*time.Millisecond)
		}
		rec.Events = append(rec.Events, ev)
	}
	return rec, nil
}
