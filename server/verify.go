package server

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"norns/dice"
	"norns/game"
	"norns/store"
)

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

// MaxRecord is the largest record ParseRecord reads, in bytes: far more
// than the longest game writes.
const MaxRecord = 16 << 20

// ParseRecord reads a Norns record: the magic line, the tags, a blank line,
// the events. A record that stops before the blank line, or in the middle of
// a line (the writer ends every line with a newline), is truncated and an
// error. It reads the JSON record (RecordJSON) as well.
func ParseRecord(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecord+1))
	if err != nil {
		return nil, err
	}
	if len(data) <= MaxRecord && strings.HasPrefix(strings.TrimSpace(string(data)), "{") {
		return parseRecordJSON(data)
	}
	text := string(data)
	first, _, _ := strings.Cut(text, "\n")
	first = strings.TrimRight(first, "\r")
	switch {
	case len(text) == 0:
		return nil, fmt.Errorf("empty record")
	case len(text) > MaxRecord:
		return nil, fmt.Errorf("the record is longer than %d bytes", MaxRecord)
	case strings.HasPrefix(first, "[Event "):
		return nil, fmt.Errorf("line 1: this is a PGN record; verify the Norns record (GET /api/games/{id}/record?format=norns)")
	case first != recordMagic:
		return nil, fmt.Errorf("line 1: %q is not %q", first, recordMagic)
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
			k, v, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " \"")
			if !ok || !strings.HasSuffix(line, "\"]") {
				return nil, fmt.Errorf("line %d: malformed tag %q", n, line)
			}
			v = strings.TrimSuffix(v, "\"")
			if k == TagSignature {
				if rec.Signature != "" {
					return nil, fmt.Errorf("line %d: tag %s given twice", n, k)
				}
				rec.Signature = v
				continue
			}
			if _, dup := rec.Tags[k]; dup {
				return nil, fmt.Errorf("line %d: tag %s given twice", n, k)
			}
			rec.Tags[k] = v
			rec.Order = append(rec.Order, k)
		case !body:
			return nil, fmt.Errorf("line %d: %q where a tag or the blank line after the tags belongs", n, line)
		case strings.HasPrefix(line, "# "):
			// A comment: a chat message, which the replay does not need.
		default:
			f := strings.SplitN(line, " ", 4)
			if len(f) < 3 {
				return nil, fmt.Errorf("line %d: %q is not \"<seq> <kind> <player> <action>\"", n, line)
			}
			seq, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil || seq != int64(len(rec.Events))+1 {
				return nil, fmt.Errorf("line %d: sequence number %q, want %d", n, f[0], len(rec.Events)+1)
			}
			e := store.Event{Seq: seq, Kind: f[1], Player: f[2]}
			if len(f) == 4 {
				e.Action = f[3]
				if i := strings.LastIndex(e.Action, "{"); i >= 0 && strings.HasSuffix(e.Action, "}") {
					if e.Nonce, e.Next, err = parseReveal(e.Action[i+1 : len(e.Action)-1]); err != nil {
						return nil, fmt.Errorf("line %d: %v", n, err)
					}
					e.Action = strings.TrimSuffix(e.Action[:i], " ")
				}
			}
			rec.Events = append(rec.Events, e)
		}
	}
	if !body {
		return nil, fmt.Errorf("line %d: the record stops in its tags (no blank line before the events): it is truncated", n)
	}
	return rec, nil
}

// parseReveal reads what eventLine writes between the braces after a move:
// "nonce <hex>", "next <hex>", or both in that order.
func parseReveal(s string) (nonce, next string, err error) {
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "nonce" && len(f) >= 2 {
		nonce, f = f[1], f[2:]
	}
	if len(f) == 2 && f[0] == "next" {
		next, f = f[1], nil
	}
	if len(f) > 0 || nonce == "" && next == "" {
		return "", "", fmt.Errorf("{%s} is not {nonce <hex> next <hex>}", s)
	}
	return nonce, next, nil
}

// parseRecordJSON reads a JSON record (format=json).
func parseRecordJSON(data []byte) (*Record, error) {
	var j RecordJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("JSON record: %w", err)
	}
	if j.Format != recordFormatJSON {
		return nil, fmt.Errorf("JSON record: format %q, want %q", j.Format, recordFormatJSON)
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
		rec.Events = append(rec.Events, store.Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Nonce: e.Nonce, Next: e.Next, Time: e.Time})
	}
	return rec, nil
}

// Verification is what Verify found.
type Verification struct {
	Game string
	// Events is the number of events replayed, Rolls the number of them
	// that are rolls.
	Events int
	Rolls  int
	// Revealed says whether the record carries the server seed; then every
	// roll was recomputed from the seeds and matched. Without it (a game not
	// over yet) the rolls are unchecked.
	Revealed bool
	// Scheme is the dice scheme (dice.SchemeV1 or dice.SchemeV2), and
	// Caused the number of rolls that depend on a nonce a player's move
	// revealed (scheme v2), which the server could not compute before
	// that move.
	Scheme string
	Caused int
	// Over says whether the game is over: the tags and the replay agree.
	Over bool
	// Commitment is the record's commitment (hex SHA-256 of the server
	// seed), and ServerSeed the revealed seed in hex, empty when Revealed
	// is false.
	Commitment string
	ServerSeed string
	// Status and Result are the replay's final status (game.Status) and
	// its description (game.Describe).
	Status string
	Result string
	// State is the game the events replay to, by its rules (a
	// resignation or a timeout aside), for a caller that looks at it
	// further (norns analyze).
	State game.State
	// Left are the players who left a game that went on without them
	// (game.Forfeiter), which State's history does not list.
	Left []Left
	// Signed says whether the record is signed, by the key its
	// SigningKey tag names, Key in hex, and the signature matches it (a
	// signature that does not match is an error). Whether Key is the
	// server's is for the caller to compare (norns verify --key).
	Signed bool
	Key    string
}

// Left is a player who left a game that went on, once Ply actions of
// its history were played.
type Left struct {
	Ply    int
	Player game.Player
}

// ErrSeedNotRevealed is the error of a record of a finished game without
// the server seed: its rolls could not be checked, so it does not verify.
var ErrSeedNotRevealed = errors.New("the game is over but the record does not reveal the server seed")

// Verify replays a record with the games given. It requires the tags Game,
// Options, Scheme, Commitment, Status, ServerSeed and a Seed tag for each
// player; it checks the server seed against the commitment, recomputes every
// roll from the seeds and checks it against the record, checks every move
// is legal for the player named, and checks the final status and result
// against the Status and Result tags. The tags and the replay must agree on
// whether the game is over (a game that expired before it started is over
// with no events); when it is, the server seed must be revealed.
// Only a record of a game not over may carry ServerSeed "?", and then the
// rolls are not checked (Revealed is false). Last, when the record is
// signed it checks the signature (CheckSignature): a record that replays
// but was changed after it was signed (a move rewritten into another legal
// one, a tag) is an error. The first discrepancy is the error.
func Verify(rec *Record, gs []game.Game) (*Verification, error) {
	tg := rec.Tags
	for _, k := range []string{"Game", "Options", "Scheme", "Commitment", "Status"} {
		if _, ok := tg[k]; !ok {
			return nil, fmt.Errorf("the record has no %s tag", k)
		}
	}
	var g game.Game
	for _, x := range gs {
		if x.Name() == tg["Game"] {
			g = x
		}
	}
	if g == nil {
		return nil, fmt.Errorf("unknown game %q", tg["Game"])
	}
	scheme := tg["Scheme"]
	if scheme != dice.SchemeV1 && scheme != dice.SchemeV2 {
		return nil, fmt.Errorf("unknown dice scheme %q", scheme)
	}
	opts, err := game.ParseOptions(strings.Fields(tg["Options"]))
	if err != nil {
		return nil, err
	}
	st, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	players := st.Players()
	if p, ok := tg["Players"]; ok && p != strings.Join(players, " ") {
		return nil, fmt.Errorf("the Players tag is %q, the game with these options has %q", p, strings.Join(players, " "))
	}
	var seeds []string
	for _, p := range players {
		s, ok := tg["Seed "+p]
		if !ok {
			return nil, fmt.Errorf("the record has no Seed %s tag", p)
		}
		seeds = append(seeds, s)
	}
	chain, err := newChains(tg, scheme, players)
	if err != nil {
		return nil, err
	}
	for _, k := range rec.Order {
		if p, ok := strings.CutPrefix(k, "Seed "); ok && !slices.Contains(players, p) {
			return nil, fmt.Errorf("tag %s names no player of %s (%s)", k, g.Name(), strings.Join(players, " "))
		}
		if p, ok := strings.CutPrefix(k, "Commit "); ok && !slices.Contains(players, p) {
			return nil, fmt.Errorf("tag %s names no player of %s (%s)", k, g.Name(), strings.Join(players, " "))
		}
	}
	commitment := tg["Commitment"]
	if b, err := hex.DecodeString(commitment); err != nil || len(b) != sha256.Size || commitment != strings.ToLower(commitment) {
		return nil, fmt.Errorf("the commitment %q is not 64 lower-case hex digits", commitment)
	}
	status := tg["Status"]
	tagsOver := strings.HasPrefix(status, "over ")
	turn, isTurn := strings.CutPrefix(status, "turn ")
	if !tagsOver && status != "waiting" && status != "chance" && !(isTurn && slices.Contains(players, turn)) {
		return nil, fmt.Errorf("the Status tag %q is not a status of %s", status, g.Name())
	}
	if r, ok := tg["Result"]; ok && (r == "game in progress") == tagsOver {
		return nil, fmt.Errorf("the Status tag %q and the Result tag %q disagree on whether the game is over", status, r)
	}

	v := &Verification{Game: g.Name(), Commitment: commitment, Scheme: scheme}
	var roller *dice.Roller
	serverSeed, ok := tg["ServerSeed"]
	switch {
	case tagsOver && (!ok || serverSeed == "?" || serverSeed == ""):
		return nil, ErrSeedNotRevealed
	case !ok:
		return nil, fmt.Errorf("the record has no ServerSeed tag")
	case serverSeed == "?" || serverSeed == "":
	case !tagsOver:
		return nil, fmt.Errorf("the record reveals the server seed but its Status tag %q says the game is not over", status)
	default:
		seed, err := hex.DecodeString(serverSeed)
		if err != nil || len(seed) == 0 {
			return nil, fmt.Errorf("the server seed %q is not hex", serverSeed)
		}
		if c := dice.Commit(seed); subtle.ConstantTimeCompare([]byte(c), []byte(commitment)) != 1 {
			return nil, fmt.Errorf("the server seed does not match the commitment: SHA-256 of the seed is %s, the commitment %s", c, commitment)
		}
		if roller, err = dice.ForScheme(scheme, seed, seeds); err != nil {
			return nil, err
		}
		v.Revealed = true
		v.ServerSeed = serverSeed
	}

	var timeout *game.Result // the result of a timeout, resignation or abort
	moved := map[string]bool{}
	var offers offers
	for _, e := range rec.Events {
		if timeout != nil || st.Terminal() {
			return nil, fmt.Errorf("event %d: the game is already over", e.Seq)
		}
		if err := chain.follow(e); err != nil {
			return nil, fmt.Errorf("event %d: %v", e.Seq, err)
		}
		switch e.Kind {
		case store.EventRoll:
			if st.Player() != game.Chance || e.Player != "chance" {
				return nil, fmt.Errorf("event %d: a roll by %s where %s", e.Seq, e.Player, game.Status(st))
			}
			a, err := st.ParseAction(e.Action)
			if err != nil {
				return nil, fmt.Errorf("event %d: roll %q: %v", e.Seq, e.Action, err)
			}
			if roller != nil {
				want, err := roller.RollCaused(uint64(v.Rolls), chain.cause, st.ChanceOutcomes())
				if err != nil {
					return nil, fmt.Errorf("event %d: %v", e.Seq, err)
				}
				if want != a {
					by := "the seeds give"
					if chain.cause != nil {
						by = "the seeds and the nonce revealed before it give"
					}
					return nil, fmt.Errorf("event %d: roll %d is %s in the record, but %s %s", e.Seq, v.Rolls, e.Action, by, st.ActionString(want))
				}
			}
			if chain.cause != nil {
				v.Caused++
			}
			if err := st.Apply(a); err != nil {
				return nil, fmt.Errorf("event %d: %v", e.Seq, err)
			}
			v.Rolls++
			offers.played(e)
		case store.EventMove:
			p := st.Player()
			if p < 0 || players[p] != e.Player {
				return nil, fmt.Errorf("event %d: a move by %s where %s", e.Seq, e.Player, game.Status(st))
			}
			if err := game.ParseAndApply(st, e.Action); err != nil {
				return nil, fmt.Errorf("event %d: %s %s: %v", e.Seq, e.Player, e.Action, err)
			}
			moved[e.Player] = true
			offers.played(e)
		case store.EventTimeout, store.EventResign, store.EventAbort:
			i := slices.Index(players, e.Player)
			switch {
			case i < 0:
				return nil, fmt.Errorf("event %d: a %s of %s, who does not play", e.Seq, e.Kind, e.Player)
			case e.Kind == store.EventTimeout && st.Player() != game.Player(i):
				return nil, fmt.Errorf("event %d: a timeout of %s where %s", e.Seq, e.Player, game.Status(st))
			case e.Kind == store.EventAbort && moved[e.Player]:
				return nil, fmt.Errorf("event %d: an abort by %s, who has moved", e.Seq, e.Player)
			}
			ply := len(st.History())
			r, err := leave(st, e.Kind, game.Player(i))
			if err != nil {
				return nil, fmt.Errorf("event %d: a %s of %s: %v", e.Seq, e.Kind, e.Player, err)
			}
			if r == nil {
				v.Left = append(v.Left, Left{Ply: ply, Player: game.Player(i)})
			}
			timeout = r
		case EventNoHuman:
			left := func(p string) bool {
				return slices.ContainsFunc(v.Left, func(l Left) bool { return players[l.Player] == p })
			}
			if !left(e.Player) {
				return nil, fmt.Errorf("event %d: %s after %s, who has not left", e.Seq, e.Kind, e.Player)
			}
			// The seats, when the record names them: the player who left
			// last was a human's, and only AI seats are still in.
			for _, p := range players {
				seat, named := tg["Seat "+p]
				switch {
				case !named:
				case p == e.Player && !strings.HasPrefix(seat, store.SeatHuman):
					return nil, fmt.Errorf("event %d: %s after %s, whose seat is %q", e.Seq, e.Kind, p, seat)
				case !left(p) && !strings.HasPrefix(seat, store.SeatAI):
					return nil, fmt.Errorf("event %d: %s while %s (seat %q) plays on", e.Seq, e.Kind, p, seat)
				}
			}
			timeout = noHumanLeft(players, left)
		case EventDrawOffer, EventDrawAccept, EventDrawDecline, EventTakebackOffer, EventTakebackAccept, EventTakebackDecline:
			r, err := offers.event(st, e.Kind, e.Player)
			if err != nil {
				return nil, fmt.Errorf("event %d: a %s of %s: %v", e.Seq, e.Kind, e.Player, err)
			}
			timeout = r
		default:
			return nil, fmt.Errorf("event %d: unknown kind %q", e.Seq, e.Kind)
		}
		v.Events++
	}

	var shown game.State = st
	switch {
	case timeout != nil:
		shown = ended{st, *timeout}
	case tagsOver && !st.Terminal() && v.Events == 0 && status == game.Status(ended{st, expired}):
		// A game nobody joined in time expires with nothing in its log.
		shown = ended{st, expired}
	}
	v.Over = shown.Terminal()
	v.State = st
	v.Status = game.Status(shown)
	v.Result = game.Describe(shown)
	switch {
	case tagsOver && !v.Over:
		return nil, fmt.Errorf("the record's Status tag says %q, but its %d events do not end the game (the replay stops at %q): the events are truncated", status, v.Events, v.Status)
	case !tagsOver && v.Over:
		return nil, fmt.Errorf("the replay ends the game (%s), but the record's Status tag says %q", v.Status, status)
	case status == "waiting" && v.Events > 0:
		return nil, fmt.Errorf("the record's Status tag says %q, but the replay has %d events", status, v.Events)
	case status != "waiting" && status != v.Status:
		return nil, fmt.Errorf("the record's Status tag is %q, the replay ends %q", status, v.Status)
	}
	if r, ok := tg["Result"]; ok && r != v.Result {
		return nil, fmt.Errorf("the record's Result tag is %q, the replay ends %q", r, v.Result)
	}
	switch key, err := CheckSignature(rec); {
	case err == nil:
		v.Signed, v.Key = true, key
	case !errors.Is(err, ErrNotSigned):
		return nil, err
	}
	return v, nil
}
