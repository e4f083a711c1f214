package record_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
)

// play plays seidr with random legal moves (seeded) and the rolls of
// norns-dice-v1 for at most limit events, then the events given in tail,
// and returns its record, unsigned. The tags are those a server writes.
func play(t *testing.T, limit int, tail ...store.Event) *record.Record {
	t.Helper()
	g, err := games.ByName("seidr")
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	seed := sha256.Sum256([]byte("record_test server seed"))
	seeds := []string{"white's seed", "black's seed"}
	roller := dice.NewRoller(seed[:], seeds)
	rng := rand.New(rand.NewPCG(3, 5))
	var events []store.Event
	var offers ending.Offers
	var end *game.Result
	claimed := false
	rolls := 0
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for !st.Terminal() && len(events) < limit {
		e := store.Event{Seq: int64(len(events)) + 1, Time: at}
		if st.Player() == game.Chance {
			a, err := roller.Roll(uint64(rolls), st.ChanceOutcomes())
			if err != nil {
				t.Fatal(err)
			}
			e.Kind, e.Player, e.Action = store.EventRoll, "chance", st.ActionString(a)
			rolls++
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		} else {
			legal := st.Legal()
			a := legal[rng.IntN(len(legal))]
			e.Kind, e.Player, e.Action = store.EventMove, st.Players()[st.Player()], st.ActionString(a)
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		offers.Played(e)
		events = append(events, e)
	}
	for _, e := range tail {
		e.Seq = int64(len(events)) + 1
		switch e.Kind {
		case store.EventResign, store.EventTimeout, store.EventAbort:
			end, err = ending.Leave(st, e.Kind, game.Player(slices.Index(st.Players(), e.Player)))
		case ending.EventClaimVictory, ending.EventClaimDraw:
			end, err = ending.Claim(st, blitz, e.Kind, game.Player(slices.Index(st.Players(), e.Player)))
			claimed = true
		default:
			end, err = offers.Event(st, e.Kind, e.Player)
		}
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, e)
	}
	shown := st
	if end != nil {
		shown = ending.End(st, *end)
	}
	serverSeed := "?"
	if shown.Terminal() {
		serverSeed = hex.EncodeToString(seed[:])
	}
	rec := &record.Record{Tags: map[string]string{}, Events: events}
	for _, kv := range [][2]string{
		{"Game", "seidr"}, {"Options", ""}, {"Players", "white black"},
		{"Seat white", "human Ann"}, {"Seat black", "ai hard"},
		{"Scheme", dice.SchemeV1}, {"Commitment", dice.Commit(seed[:])},
		{"Seed white", seeds[0]}, {"Seed black", seeds[1]}, {"ServerSeed", serverSeed},
		{"Status", game.Status(shown)}, {"Result", game.Describe(shown)},
	} {
		rec.Tags[kv[0]] = kv[1]
		rec.Order = append(rec.Order, kv[0])
	}
	if claimed {
		tag("Clock", "300000+0")(rec)
	}
	return rec
}

// blitz is the clock of the games of play that end by a claim: 5+0.
var blitz = &store.Clock{Initial: 5 * time.Minute}

// edited returns a copy of rec with f applied.
func edited(rec *record.Record, f func(r *record.Record)) *record.Record {
	c := &record.Record{Tags: map[string]string{}, Order: slices.Clone(rec.Order), Signature: rec.Signature, Events: slices.Clone(rec.Events)}
	for k, v := range rec.Tags {
		c.Tags[k] = v
	}
	f(c)
	return c
}

// tag returns a change of tag k to v, or its removal when v is "-".
func tag(k, v string) func(*record.Record) {
	return func(r *record.Record) {
		if v == "-" {
			delete(r.Tags, k)
			r.Order = slices.DeleteFunc(r.Order, func(o string) bool { return o == k })
			return
		}
		if _, ok := r.Tags[k]; !ok {
			r.Order = append(r.Order, k)
		}
		r.Tags[k] = v
	}
}

// firstOf returns the index of the first event of kind in rec.
func firstOf(t *testing.T, rec *record.Record, kind string) int {
	t.Helper()
	i := slices.IndexFunc(rec.Events, func(e store.Event) bool { return e.Kind == kind })
	if i < 0 {
		t.Fatalf("no %s in the record", kind)
	}
	return i
}

// TestVerify: records of a finished game, of a game in progress, of a
// resignation, of an agreed draw and of claims against an opponent who
// left verify, with what Verify reports; each
// tampering, one a step of the verification, is an error that says what.
func TestVerify(t *testing.T) {
	over := play(t, 1<<20)
	ongoing := play(t, 12)
	resigned := play(t, 12, store.Event{Kind: store.EventResign, Player: "black"})
	drawn := play(t, 12, store.Event{Kind: ending.EventDrawOffer, Player: "white"}, store.Event{Kind: ending.EventDrawAccept, Player: "black"})
	claimed := play(t, 12, store.Event{Kind: ending.EventClaimVictory, Player: "white"})
	called := play(t, 12, store.Event{Kind: ending.EventClaimDraw, Player: "black"})
	for _, tt := range []struct {
		name       string
		rec        *record.Record
		revealed   bool
		over       bool
		result     string
		wantEvents int
	}{
		{"finished", over, true, true, over.Tags["Result"], len(over.Events)},
		{"in progress", ongoing, false, false, "game in progress", 12},
		{"resigned", resigned, true, true, "white wins (resignation)", 13},
		{"drawn", drawn, true, true, "draw (agreement)", 14},
		{"victory claimed, the opponent gone", claimed, true, true, "white wins (opponent left)", 13},
		{"draw called, the opponent gone", called, true, true, "draw (opponent gone)", 13},
	} {
		v, err := record.Verify(tt.rec, games.All)
		if err != nil {
			t.Errorf("%s: Verify = %v", tt.name, err)
			continue
		}
		if v.Revealed != tt.revealed || v.Over != tt.over || v.Result != tt.result || v.Events != tt.wantEvents || v.Signed {
			t.Errorf("%s: Verify = revealed %v over %v result %q events %d signed %v, want %v %v %q %d false", tt.name, v.Revealed, v.Over, v.Result, v.Events, v.Signed, tt.revealed, tt.over, tt.result, tt.wantEvents)
		}
	}

	roll := firstOf(t, over, store.EventRoll)
	move := firstOf(t, over, store.EventMove)
	for _, tt := range []struct {
		name    string
		rec     *record.Record
		wantErr string
	}{
		// The tags.
		{"no Game tag", edited(over, tag("Game", "-")), "the record has no Game tag"},
		{"unknown game", edited(over, tag("Game", "go")), `unknown game "go"`},
		{"unknown scheme", edited(over, tag("Scheme", "dice-v9")), `unknown dice scheme "dice-v9"`},
		{"bad options", edited(over, tag("Options", "x")), "x"},
		{"other players", edited(over, tag("Players", "white red")), `the Players tag is "white red"`},
		{"no seed", edited(over, tag("Seed black", "-")), "the record has no Seed black tag"},
		{"seed of nobody", edited(over, tag("Seed red", "")), "tag Seed red names no player of seidr"},
		{"commit in v1", edited(over, tag("Commit white", "")), "its scheme norns-dice-v1 takes no nonces"},
		{"bad commitment", edited(over, tag("Commitment", "ABC")), `the commitment "ABC" is not 64 lower-case hex digits`},
		{"bad status", edited(over, tag("Status", "turn red")), `the Status tag "turn red" is not a status of seidr`},
		{"status and result", edited(over, tag("Result", "game in progress")), "disagree on whether the game is over"},
		// The seeds.
		{"seed hidden", edited(over, tag("ServerSeed", "?")), record.ErrSeedNotRevealed.Error()},
		{"seed not hex", edited(over, tag("ServerSeed", "zz")), `the server seed "zz" is not hex`},
		{"seed of another", edited(over, tag("ServerSeed", "00")), "the server seed does not match the commitment"},
		{"seed too soon", edited(ongoing, tag("ServerSeed", over.Tags["ServerSeed"])), "reveals the server seed but its Status tag"},
		// The events.
		{"roll changed", edited(over, func(r *record.Record) { r.Events[roll].Action = otherRoll(r.Events[roll].Action) }), fmt.Sprintf("event %d: roll 0 is", roll+1)},
		{"move by the other", edited(over, func(r *record.Record) { r.Events[move].Player = "black" }), fmt.Sprintf("event %d: a move by black where", move+1)},
		{"unknown kind", edited(ongoing, func(r *record.Record) { r.Events[move].Kind = "dance" }), fmt.Sprintf(`event %d: unknown kind "dance"`, move+1)},
		{"roll with a nonce", edited(ongoing, func(r *record.Record) { r.Events[roll].Nonce = "00" }), fmt.Sprintf("event %d: a roll carries a nonce", roll+1)},
		{"resign of nobody", edited(resigned, func(r *record.Record) { r.Events[12].Player = "red" }), "event 13: a resign of red, who does not play"},
		{"abort after moving", edited(resigned, func(r *record.Record) { r.Events[12].Kind, r.Events[12].Player = store.EventAbort, "white" }), "event 13: an abort by white, who has moved"},
		{"no-human without leaving", edited(resigned, func(r *record.Record) { r.Events[12].Kind = ending.EventNoHuman }), "event 13: no-human after black, who has not left"},
		{"claim of nobody", edited(claimed, func(r *record.Record) { r.Events[12].Player = "red" }), "event 13: a claim-victory of red, who does not play"},
		{"claim in correspondence", edited(claimed, tag("Clock", "86400000/move")), "event 13: a claim-victory of white: a claim-victory is made in live games only"},
		{"claim without a clock", edited(called, tag("Clock", "-")), "event 13: a claim-draw of black: a claim-draw is made in live games only"},
		{"claim with a bad clock", edited(claimed, tag("Clock", "5 min")), `event 13: the Clock tag "5 min" is not initial+increment`},
		{"accept of no offer", edited(drawn, func(r *record.Record) { r.Events = slices.Delete(r.Events, 12, 13); r.Events[12].Seq = 13 }), "event 13: a draw-accept of black: white has not offered a draw"},
		{"after the end", edited(resigned, func(r *record.Record) {
			r.Events = append(r.Events, store.Event{Seq: 14, Kind: store.EventMove, Player: "white", Action: "a2a3"})
		}), "event 14: the game is already over"},
		// The final agreement.
		{"truncated", edited(over, func(r *record.Record) { r.Events = r.Events[:len(r.Events)-1] }), "do not end the game"},
		{"ended early", edited(resigned, func(r *record.Record) {
			tag("Status", "turn white")(r)
			tag("Result", "-")(r)
			tag("ServerSeed", "?")(r)
		}), `the replay ends the game (over white), but the record's Status tag says "turn white"`},
		{"other result", edited(resigned, tag("Result", "black wins (resignation)")), `the record's Result tag is "black wins (resignation)", the replay ends "white wins (resignation)"`},
		{"waiting with events", edited(ongoing, tag("Status", "waiting")), `the record's Status tag says "waiting", but the replay has 12 events`},
	} {
		if _, err := record.Verify(tt.rec, games.All); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: Verify = %v, want an error with %q", tt.name, err, tt.wantErr)
		}
	}
}

// otherRoll returns a seidr roll (a die's face) other than a.
func otherRoll(a string) string {
	if a == "1" {
		return "2"
	}
	return "1"
}

// TestRoundTrip: the text and JSON forms of a record parse back to the
// same record, chat aside; the signed record verifies as signed by its
// key in both forms, and a change after signing does not.
func TestRoundTrip(t *testing.T) {
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := key.Public().(ed25519.PublicKey)
	rec := play(t, 1<<20)
	if err := record.Sign(rec, key); err != nil {
		t.Fatal(err)
	}
	if err := record.Sign(rec, key); err == nil {
		t.Errorf("Sign(signed record) = nil, want an error")
	}
	chat := []store.ChatMessage{{Seq: 1, Room: "players", Player: "white", Name: "Ann", Text: "gl hf", Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}}
	text := rec.Text(chat)
	if !strings.HasPrefix(text, "# norns record 1\n[Game \"seidr\"]\n") || !strings.HasSuffix(text, "# chat 1 players white 2026-01-02T03:04:05.000Z \"Ann\" gl hf\n") {
		t.Errorf("Text = %q, want the magic line, the tags first and the chat last", text)
	}
	js, err := json.Marshal(rec.JSON(chat))
	if err != nil {
		t.Fatal(err)
	}
	for _, form := range []string{text, string(js)} {
		got, err := record.Parse(strings.NewReader(form))
		if err != nil {
			t.Fatalf("Parse(%.40q) = %v", form, err)
		}
		if got.Text(chat) != text {
			t.Errorf("Parse(%.40q).Text() = %q, want %q", form, got.Text(chat), text)
		}
		v, err := record.Verify(got, games.All)
		if err != nil || !v.Signed || v.Key != hex.EncodeToString(pub) {
			t.Errorf("Verify(Parse(%.40q)) = %+v, %v, want signed by %x", form, v, err, pub)
		}
	}
	changed, err := record.Parse(strings.NewReader(strings.Replace(text, `[Seat white "human Ann"]`, `[Seat white "human Bob"]`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.Verify(changed, games.All); err == nil || !strings.Contains(err.Error(), "the signature does not match the record") {
		t.Errorf("Verify(changed after signing) = %v, want a signature mismatch", err)
	}
	unsigned := edited(rec, func(r *record.Record) { r.Signature = ""; tag(record.TagSigningKey, "-")(r) })
	if _, err := record.CheckSignature(unsigned); !errors.Is(err, record.ErrNotSigned) {
		t.Errorf("CheckSignature(unsigned) = %v, want ErrNotSigned", err)
	}
}

// TestNonceSuffix: a move's nonces are written as " {nonce … next …}"
// after its action, and read back.
func TestNonceSuffix(t *testing.T) {
	nonce, next := strings.Repeat("ab", dice.NonceSize), strings.Repeat("cd", sha256.Size)
	rec := &record.Record{Tags: map[string]string{}, Events: []store.Event{
		{Seq: 1, Kind: store.EventMove, Player: "white", Action: "c2c4", Nonce: nonce, Next: next},
		{Seq: 2, Kind: store.EventMove, Player: "black", Action: "c7c5", Next: next},
		{Seq: 3, Kind: store.EventResign, Player: "white"},
	}}
	text := rec.Text(nil)
	want := "# norns record 1\n\n1 move white c2c4 {nonce " + nonce + " next " + next + "}\n2 move black c7c5 {next " + next + "}\n3 resign white\n"
	if text != want {
		t.Errorf("Text = %q, want %q", text, want)
	}
	got, err := record.Parse(strings.NewReader(text))
	if err != nil || !reflect.DeepEqual(got.Events, rec.Events) {
		t.Errorf("Parse(Text) = %+v, %v, want %+v", got, err, rec.Events)
	}
}

// TestParseErrors: malformed records are errors that say where.
func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ text, wantErr string }{
		{"", "empty record"},
		{"[Event \"x\"]\n\n1. e4 *\n", "this is a PGN record"},
		{"# norns record 2\n", `line 1: "# norns record 2" is not "# norns record 1"`},
		{"# norns record 1\n[Game \"seidr\"]\n\n1 move white c2c4", "line 4: the record stops in the middle of the line"},
		{"# norns record 1\n[Game \"seidr\"]\n", "line 2: the record stops in its tags"},
		{"# norns record 1\n[Game seidr]\n\n", `line 2: malformed tag "[Game seidr]"`},
		{"# norns record 1\n[Game \"a\"]\n[Game \"b\"]\n\n", "line 3: tag Game given twice"},
		{"# norns record 1\n\n2 move white c2c4\n", `line 3: sequence number "2", want 1`},
		{"# norns record 1\n\n1 move white c2c4 {nonce}\n", "line 3: {nonce} is not {nonce <hex> next <hex>}"},
		{`{"format":"norns-record-2"}`, `JSON record: format "norns-record-2", want "norns-record-1"`},
		{`{"format":"norns-record-1","tags":[["Signature","00"]]}`, "the signature belongs in the signature field"},
		{`{"format":"norns-record-1","events":[{"seq":1,"kind":"move"}]}`, "JSON record: event 1 lacks its kind or player"},
	} {
		if _, err := record.Parse(strings.NewReader(tt.text)); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tt.text, err, tt.wantErr)
		}
	}
}

// FuzzParse: any text parses or fails cleanly, and what parses verifies
// or fails cleanly.
func FuzzParse(f *testing.F) {
	// A record with a roll, a move and a timeout.
	f.Add("# norns record 1\n[Game \"seidr\"]\n[Scheme \"norns-dice-v1\"]\n[Options \"\"]\n[ServerSeed \"?\"]\n\n1 move white c2c4\n2 roll chance 3\n3 timeout black\n")
	// A PGN, refused.
	f.Add("[Event \"x\"]\n\n1. e4 *\n")
	// Broken tags and sequence numbers.
	f.Add("# norns record 1\n[Game\n1 move\n3 move white e2e4\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := record.Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		record.Verify(rec, games.All)
	})
}

// TestClocksAndTermination: the clocks of the events and the Termination
// tag are written in the text and the JSON forms, read back, signed and
// verified; a Termination tag that disagrees with the replay, a clock of a
// seat that does not exist, and malformed clocks are errors.
func TestClocksAndTermination(t *testing.T) {
	rec := play(t, 30, store.Event{Kind: store.EventResign, Player: "black"})
	tag("Termination", "resignation")(rec)
	for i := range rec.Events {
		rec.Events[i].Clocks = []time.Duration{time.Duration(300000-i*1001) * time.Millisecond, 299*time.Second + 7*time.Millisecond}
	}
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	if err := record.Sign(rec, key); err != nil {
		t.Fatal(err)
	}
	text := rec.Text(nil)
	for _, want := range []string{
		"\n1 move white " + rec.Events[0].Action + " {clk 0:05:00.000 0:04:59.007}\n",
		"\n2 roll chance " + rec.Events[1].Action + " {clk 0:04:58.999 0:04:59.007}\n",
		"[Termination \"resignation\"]\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Text does not contain %q:\n%.600s", want, text)
		}
	}
	js, err := json.Marshal(rec.JSON(nil))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"clocks_ms":[300000,299007]`) {
		t.Errorf("JSON = %.300s…, want the first event's clocks_ms [300000,299007]", js)
	}
	for _, form := range []string{text, string(js)} {
		got, err := record.Parse(strings.NewReader(form))
		if err != nil {
			t.Fatalf("Parse(%.40q) = %v", form, err)
		}
		if !slices.EqualFunc(got.Events, rec.Events, func(a, b store.Event) bool { return slices.Equal(a.Clocks, b.Clocks) }) {
			t.Errorf("Parse(%.40q): the clocks %v…, want %v…", form, got.Events[0].Clocks, rec.Events[0].Clocks)
		}
		if got.Text(nil) != text {
			t.Errorf("Parse(%.40q).Text() differs from the text written", form)
		}
		if v, err := record.Verify(got, games.All); err != nil || !v.Signed {
			t.Errorf("Verify(Parse(%.40q)) = %+v, %v, want signed", form, v, err)
		}
	}
	wrong := edited(rec, func(r *record.Record) {
		r.Signature = ""
		tag(record.TagSigningKey, "-")(r)
		tag("Termination", "time")(r)
	})
	if _, err := record.Verify(wrong, games.All); err == nil || !strings.Contains(err.Error(), `Termination tag is "time", the replay ends by "resignation"`) {
		t.Errorf("Verify(Termination time) = %v, want a disagreement", err)
	}
	three := edited(rec, func(r *record.Record) {
		r.Signature = ""
		tag(record.TagSigningKey, "-")(r)
		r.Events[3].Clocks = []time.Duration{1, 2, 3}
	})
	if _, err := record.Verify(three, games.All); err == nil || !strings.Contains(err.Error(), "event 4: 3 clocks for 2 players") {
		t.Errorf("Verify(3 clocks) = %v, want an error", err)
	}
	nonce, next := strings.Repeat("ab", dice.NonceSize), strings.Repeat("cd", sha256.Size)
	line := "1 move white c2c4 {clk 0:05:00.000 1:59:59.999 nonce " + nonce + " next " + next + "}\n"
	both, err := record.Parse(strings.NewReader("# norns record 1\n\n" + line))
	if want := (store.Event{Seq: 1, Kind: store.EventMove, Player: "white", Action: "c2c4", Clocks: []time.Duration{5 * time.Minute, 2*time.Hour - time.Millisecond}, Nonce: nonce, Next: next}); err != nil || !reflect.DeepEqual(both.Events, []store.Event{want}) || both.Text(nil) != "# norns record 1\n\n"+line {
		t.Errorf("Parse(%q) = %+v, %v, want %+v", line, both, err, want)
	}
	for _, line := range []string{"1 move white c2c4 {clk}", "1 move white c2c4 {clk 5:00}", "1 move white c2c4 {clk 0:05:60.000}", "1 move white c2c4 {clk 0:05:00.000 nonce}"} {
		if _, err := record.Parse(strings.NewReader("# norns record 1\n\n" + line + "\n")); err == nil {
			t.Errorf("Parse(%q) = nil error, want one", line)
		}
	}
}

// TestClockFormat: FormatClock and ParseClock, both ways.
func TestClockFormat(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00.000"}, {-time.Second, "0:00:00.000"}, {1500 * time.Microsecond, "0:00:00.001"},
		{5*time.Minute + 3*time.Second + 120*time.Millisecond, "0:05:03.120"}, {26*time.Hour + time.Minute, "26:01:00.000"},
	} {
		if got := record.FormatClock(tt.d); got != tt.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tt.d, got, tt.want)
		}
		if d, err := record.ParseClock(tt.want); err != nil || d != max(tt.d, 0).Truncate(time.Millisecond) {
			t.Errorf("ParseClock(%q) = %v, %v, want %v", tt.want, d, err, max(tt.d, 0).Truncate(time.Millisecond))
		}
	}
}

// TestRecordsBeforeClocks: records a server wrote and signed before event
// lines carried clocks and before the Termination tag (testdata, a chess
// game with a 5+3 clock that black resigned after four moves) still read,
// write back to the same text and verify, signed.
func TestRecordsBeforeClocks(t *testing.T) {
	const key = "9035b1f9a7dccb73d10b1b4a81e5abd16e4e5ee3d4a6540a41632117e2437ebd"
	for _, name := range []string{"chess-before-clocks.norns", "chess-before-clocks.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("Parse(%s) = %v", name, err)
		}
		if _, ok := rec.Tags["Termination"]; ok || len(rec.Events) != 5 || rec.Events[0].Clocks != nil {
			t.Errorf("Parse(%s) = %d events, clocks %v, tags %v; want 5 events without clocks or Termination", name, len(rec.Events), rec.Events[0].Clocks, rec.Order)
		}
		v, err := record.Verify(rec, games.All)
		if err != nil || !v.Signed || v.Key != key || v.Result != "white wins (resignation)" || v.Events != 5 {
			t.Errorf("Verify(%s) = %+v, %v; want white wins (resignation), 5 events, signed by %s", name, v, err, key)
		}
	}
	text, err := os.ReadFile(filepath.Join("testdata", "chess-before-clocks.norns"))
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := record.Parse(bytes.NewReader(text))
	if got := rec.Text(nil); got != string(text) {
		t.Errorf("Parse(old record).Text() = %q, want the record as written, %q", got, text)
	}
}
