package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// verifyText parses and verifies a record.
func verifyText(text string) (*record.Verification, error) {
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	return record.Verify(rec, games.All)
}

// edit returns record with f applied to its lines; it fails the test when
// f changes nothing, so that no case passes by tampering with nothing.
func edit(t *testing.T, record string, f func(lines []string) []string) string {
	t.Helper()
	out := strings.Join(f(strings.Split(record, "\n")), "\n")
	if out == record {
		t.Fatalf("the edit changed nothing in\n%s", record)
	}
	return out
}

// tagLine is the index of the line of tag k.
func tagLine(t *testing.T, lines []string, k string) int {
	t.Helper()
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "["+k+" \"") })
	if i < 0 {
		t.Fatalf("no tag %s in the record", k)
	}
	return i
}

// setTag returns record with tag k set to v.
func setTag(t *testing.T, record, k, v string) string {
	t.Helper()
	return edit(t, record, func(l []string) []string {
		l[tagLine(t, l, k)] = fmt.Sprintf("[%s %q]", k, v)
		return l
	})
}

// dropTag returns record without tag k.
func dropTag(t *testing.T, record, k string) string {
	t.Helper()
	return edit(t, record, func(l []string) []string { return slices.Delete(l, tagLine(t, l, k), tagLine(t, l, k)+1) })
}

// alterRoll returns record with its first roll changed to another outcome.
func alterRoll(t *testing.T, record string) string {
	t.Helper()
	return edit(t, record, func(l []string) []string {
		i := slices.IndexFunc(l, func(s string) bool { return strings.Contains(s, " roll chance ") })
		if i < 0 {
			t.Fatalf("no roll in the record")
		}
		l[i] = l[i][:strings.LastIndex(l[i], " ")+1] + otherOutcomes(t, "seidr", l, i)[0]
		return l
	})
}

// alterRollJSON returns the JSON record js with its first roll changed as
// alterRoll changes the text record of the same game.
func alterRollJSON(t *testing.T, js, text string) string {
	t.Helper()
	altered, err := record.Parse(strings.NewReader(alterRoll(t, text)))
	if err != nil {
		t.Fatal(err)
	}
	var r record.JSON
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(r.Events, func(e record.Event) bool { return e.Kind == "roll" })
	r.Events[i].Action = altered.Events[i].Action
	b, _ := json.Marshal(r)
	return string(b)
}

// flipHex changes the first hex digit of s.
func flipHex(s string) string {
	if s[0] == '0' {
		return "1" + s[1:]
	}
	return "0" + s[1:]
}

// TestVerify: the record of a finished game verifies, every roll checked
// against the revealed seed; the record of a game not over yet verifies with
// its rolls unchecked and its commitment given; every tampering and every
// truncation of a record is an error that says why.
func TestVerify(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "e")})
	e.must("POST", "/api/games/"+c.ID+"/seed", c.Seats[0].Token, map[string]string{"seed": "my lucky seed"}, nil)
	end := e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(4, 4)), 100000)
	checkOver(t, end)
	if end.Fairness.Rolls == 0 {
		t.Fatalf("the finished game has no roll")
	}
	over := e.record(c.ID, "norns")
	overJSON := e.record(c.ID, "json")

	u := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "h")})
	rng := rand.New(rand.NewPCG(5, 5))
	uv := e.view(u.ID)
	for uv.Fairness.Rolls < 2 && !uv.Finished {
		uv = e.player(u.ID, tokensOf(u), rng, 1)
	}
	if uv.Finished {
		t.Fatalf("the game to leave unfinished is over after %d events", uv.Seq)
	}
	ongoing := e.record(u.ID, "norns")

	// A game nobody joined expires, over with no events.
	x := e.create(wire.CreateRequest{Game: "seidr", Seats: seats("h", "o"), Clock: &wire.ClockRequest{InitialMs: 60000}})
	if err := e.srv.Sweep(context.Background(), time.Now().Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	xv := e.view(x.ID)
	if !xv.Finished || xv.Seq != 0 {
		t.Fatalf("the game nobody joined after 25 hours: finished %v, %d events, want expired", xv.Finished, xv.Seq)
	}
	expired := e.record(x.ID, "norns")

	const notRevealed = "the game is over but the record does not reveal the server seed"
	tests := []struct {
		name   string
		record string
		// wantErr is in the error; "" means the record verifies, and then
		// check checks what Verify found.
		wantErr string
		check   func(*record.Verification) string
	}{
		{name: "finished game", record: over, check: func(v *record.Verification) string {
			if !v.Revealed || !v.Over || v.Events != int(end.Seq) || v.Rolls != int(end.Fairness.Rolls) || v.Status != end.Status || v.Result != end.Result ||
				v.Commitment != c.Game.Fairness.Commitment || v.ServerSeed != end.Fairness.ServerSeed {
				return fmt.Sprintf("want revealed, over, %d events, %d rolls, %q, %q, commitment %s, seed %s",
					end.Seq, end.Fairness.Rolls, end.Status, end.Result, c.Game.Fairness.Commitment, end.Fairness.ServerSeed)
			}
			return ""
		}},
		{name: "game not over", record: ongoing, check: func(v *record.Verification) string {
			if v.Revealed || v.Over || v.Events != int(uv.Seq) || v.Rolls != int(uv.Fairness.Rolls) || v.Status != uv.Status ||
				v.Commitment != u.Game.Fairness.Commitment || v.ServerSeed != "" {
				return fmt.Sprintf("want not revealed, not over, %d events, %d rolls, %q, commitment %s, no seed",
					uv.Seq, uv.Fairness.Rolls, uv.Status, u.Game.Fairness.Commitment)
			}
			return ""
		}},
		{name: "expired game", record: expired, check: func(v *record.Verification) string {
			if !v.Revealed || !v.Over || v.Events != 0 || v.Rolls != 0 || v.Status != xv.Status || v.Result != xv.Result ||
				v.Commitment != x.Game.Fairness.Commitment || v.ServerSeed != xv.Fairness.ServerSeed {
				return fmt.Sprintf("want revealed, over, no events, %q, %q, commitment %s, seed %s",
					xv.Status, xv.Result, x.Game.Fairness.Commitment, xv.Fairness.ServerSeed)
			}
			return ""
		}},
		{name: "last event cut, tags say expired", wantErr: "do not end the game",
			record: setTag(t, setTag(t, edit(t, over, func(l []string) []string { return slices.Delete(l, len(l)-2, len(l)-1) }), "Status", xv.Status), "Result", xv.Result)},
		{name: "roll altered", record: alterRoll(t, over), wantErr: "but the seeds give"},
		{name: "JSON record", record: overJSON, check: func(v *record.Verification) string {
			if !v.Revealed || !v.Over || v.Events != int(end.Seq) || v.Rolls != int(end.Fairness.Rolls) || v.Result != end.Result {
				return fmt.Sprintf("want revealed, over, %d events, %d rolls, %q", end.Seq, end.Fairness.Rolls, end.Result)
			}
			return ""
		}},
		{name: "JSON record, roll altered", record: alterRollJSON(t, overJSON, over), wantErr: "but the seeds give"},
		{name: "JSON record, unknown field", record: strings.Replace(overJSON, `"format"`, `"extra": 1, "format"`, 1), wantErr: "unknown field"},
		{name: "JSON record, other format", record: strings.Replace(overJSON, "norns-record-1", "norns-record-9", 1), wantErr: "format"},
		{name: "JSON record, cut", record: overJSON[:len(overJSON)/2], wantErr: "JSON record"},
		{name: "roll altered, server seed ?", record: setTag(t, alterRoll(t, over), "ServerSeed", "?"), wantErr: notRevealed},
		{name: "server seed ?", record: setTag(t, over, "ServerSeed", "?"), wantErr: notRevealed},
		{name: "server seed empty", record: setTag(t, over, "ServerSeed", ""), wantErr: notRevealed},
		{name: "ServerSeed tag removed", record: dropTag(t, over, "ServerSeed"), wantErr: notRevealed},
		{name: "ServerSeed tag removed, game not over", record: dropTag(t, ongoing, "ServerSeed"), wantErr: "no ServerSeed tag"},
		{name: "server seed ?, tags say not over", wantErr: "the replay ends the game",
			record: setTag(t, setTag(t, setTag(t, over, "ServerSeed", "?"), "Status", "turn white"), "Result", "game in progress")},
		{name: "server seed revealed, tags say not over", wantErr: "reveals the server seed",
			record: setTag(t, setTag(t, over, "Status", "turn white"), "Result", "game in progress")},
		{name: "Status and Result disagree", record: setTag(t, over, "Result", "game in progress"), wantErr: "disagree"},
		{name: "Status names another end", record: setTag(t, over, "Status", "over nobody"), wantErr: "the record's Status tag is"},
		{name: "Result altered", record: setTag(t, over, "Result", end.Result+"!"), wantErr: "the record's Result tag is"},
		{name: "not a status", record: setTag(t, ongoing, "Status", "white"), wantErr: "is not a status"},
		{name: "last event cut", wantErr: "do not end the game",
			record: edit(t, over, func(l []string) []string { return slices.Delete(l, len(l)-2, len(l)-1) })},
		{name: "last line cut in the middle", record: over[:len(over)-3], wantErr: "stops in the middle of the line"},
		{name: "last newline cut", record: strings.TrimSuffix(over, "\n"), wantErr: "stops in the middle of the line"},
		{name: "tags cut", wantErr: "stops in its tags",
			record: edit(t, over, func(l []string) []string { return append(l[:tagLine(t, l, "ServerSeed")], "") })},
		{name: "tags cut in the middle of a line", wantErr: "stops in the middle of the line",
			record: over[:strings.Index(over, "[ServerSeed ")+5]},
		{name: "no blank line before the events", wantErr: "where a tag or the blank line after the tags belongs",
			record: edit(t, over, func(l []string) []string { return slices.Delete(l, slices.Index(l, ""), slices.Index(l, "")+1) })},
		{name: "wrong seat seed", record: setTag(t, over, "Seed white", "my lucky seed!"), wantErr: "but the seeds give"},
		{name: "seed given to the AI seat", record: setTag(t, over, "Seed black", "x"), wantErr: "but the seeds give"},
		{name: "seed of no player", wantErr: "names no player",
			record: edit(t, over, func(l []string) []string { return slices.Insert(l, tagLine(t, l, "ServerSeed"), `[Seed red ""]`) })},
		{name: "commitment altered", record: setTag(t, over, "Commitment", flipHex(end.Fairness.Commitment)), wantErr: "does not match the commitment"},
		{name: "commitment not hex", record: setTag(t, ongoing, "Commitment", "3f2a"), wantErr: "is not 64 lower-case hex digits"},
		{name: "server seed altered", record: setTag(t, over, "ServerSeed", flipHex(end.Fairness.ServerSeed)), wantErr: "does not match the commitment"},
	}
	for _, k := range []string{"Game", "Options", "Scheme", "Commitment", "Status", "Seed white", "Seed black"} {
		tests = append(tests, struct {
			name, record, wantErr string
			check                 func(*record.Verification) string
		}{name: "tag " + k + " removed", record: dropTag(t, over, k), wantErr: "the record has no " + k + " tag"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := verifyText(tt.record)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Verify(%s) = %v, want it to verify\n%s", tt.name, err, tt.record)
			case tt.wantErr == "":
				if msg := tt.check(v); msg != "" {
					t.Errorf("Verify(%s) = %+v, %s", tt.name, v, msg)
				}
			case err == nil:
				t.Errorf("Verify(%s) = %+v, nil, want an error with %q", tt.name, v, tt.wantErr)
			case !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Verify(%s) = %v, want an error with %q", tt.name, err, tt.wantErr)
			}
		})
	}

	// The command says the same, with its exit status.
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	dir := t.TempDir()
	commands := []struct {
		name, record string
		code         int
		want         string
	}{
		{"finished game", over, 0, fmt.Sprintf("rolls match the revealed seed, 0 of them with the nonce revealed by the move that caused them (commitment %s, the SHA-256 of server seed %s), %s; signed by ",
			c.Game.Fairness.Commitment, end.Fairness.ServerSeed, end.Result)},
		{"game not over", ongoing, 0, fmt.Sprintf("not over yet: %d rolls cannot be checked until the server reveals its seed (commitment %s",
			uv.Fairness.Rolls, u.Game.Fairness.Commitment)},
		{"roll altered, server seed ?", setTag(t, alterRoll(t, over), "ServerSeed", "?"), 1, notRevealed},
	}
	for i, tt := range commands {
		code, out := runVerify(t, filepath.Join(dir, fmt.Sprintf("%d.norns", i)), tt.record)
		if code != tt.code || !strings.Contains(string(out), tt.want) {
			t.Errorf("norns verify (%s) = exit %d\n%s\nwant exit %d and %q", tt.name, code, out, tt.code, tt.want)
		}
	}
}

// runVerify writes record to path and runs `norns verify path args…`,
// returning its exit status and output.
func runVerify(t *testing.T, path, record string, args ...string) (int, []byte) {
	t.Helper()
	if err := os.WriteFile(path, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(binary, append([]string{"verify", path}, args...)...).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out
}
