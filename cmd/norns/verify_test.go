package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// played is a game played by writeRecord: its record and what verify
// must print about it.
type played struct {
	record     string
	commitment string
	serverSeed string
	events     int
	rolls      int
	result     string
	// roll is the line index of the first roll in record, other an outcome
	// of that roll other than the recorded one.
	roll  int
	other string
}

// writeRecord plays name from the start with random legal moves (seeded)
// and the rolls of norns-dice-v1, to the end or for at most limit events,
// and writes its Norns record as docs/fair-dice.md describes it. It is the
// test's own writer, so the command is checked against the documented
// format and package dice, not against the server's writer only.
func writeRecord(t *testing.T, name string, limit int) played {
	t.Helper()
	g, err := games.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	seed := sha256.Sum256([]byte("verify_test server seed"))
	seatSeeds := []string{"white's seed", ""}
	roller := dice.NewRoller(seed[:], seatSeeds)
	rng := rand.New(rand.NewPCG(3, 5))
	var events []string
	p := played{roll: -1}
	for !st.Terminal() && len(events) < limit {
		line := fmt.Sprintf("%d ", len(events)+1)
		if st.Player() == game.Chance {
			outs := st.ChanceOutcomes()
			a, err := roller.Roll(uint64(p.rolls), outs)
			if err != nil {
				t.Fatal(err)
			}
			if p.roll < 0 {
				p.roll = len(events)
				for _, o := range outs {
					if o.Action != a {
						p.other = st.ActionString(o.Action)
						break
					}
				}
			}
			line += "roll chance " + st.ActionString(a)
			p.rolls++
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		} else {
			legal := st.Legal()
			a := legal[rng.IntN(len(legal))]
			line += "move " + st.Players()[st.Player()] + " " + st.ActionString(a)
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		events = append(events, line)
	}
	if p.roll < 0 {
		t.Fatalf("%s: no roll in %d events", name, len(events))
	}
	p.events = len(events)
	p.commitment = dice.Commit(seed[:])
	p.serverSeed = "?"
	if st.Terminal() {
		p.serverSeed = hex.EncodeToString(seed[:])
	}
	p.result = game.Describe(st)
	tags := []string{
		"# norns record 1",
		fmt.Sprintf("[Game %q]", name),
		`[Options ""]`,
		fmt.Sprintf("[Players %q]", strings.Join(st.Players(), " ")),
		`[Scheme "norns-dice-v1"]`,
		fmt.Sprintf("[Commitment %q]", p.commitment),
		fmt.Sprintf("[Seed %s %q]", st.Players()[0], seatSeeds[0]),
		fmt.Sprintf("[Seed %s %q]", st.Players()[1], seatSeeds[1]),
		fmt.Sprintf("[ServerSeed %q]", p.serverSeed),
		fmt.Sprintf("[Status %q]", game.Status(st)),
		fmt.Sprintf("[Result %q]", p.result),
		"",
	}
	p.roll += len(tags)
	p.record = strings.Join(append(tags, events...), "\n") + "\n"
	return p
}

// TestVerifyCommand runs `norns verify` on record files: a finished game
// verifies with exit status 0 and names the commitment and seed it
// checked; a game not over yet exits 0 but says its rolls are unchecked
// and prints the commitment; every tampering or truncation exits 1 with the
// reason.
func TestVerifyCommand(t *testing.T) {
	over := writeRecord(t, "seidr", 100000)
	if over.serverSeed == "?" {
		t.Fatalf("seidr: no end after %d events", over.events)
	}
	ongoing := writeRecord(t, "seidr", 12)
	if ongoing.serverSeed != "?" {
		t.Fatalf("seidr: over after %d events, want a game in progress", ongoing.events)
	}
	lines := strings.Split(over.record, "\n")
	alter := func(f func([]string)) string {
		cp := append([]string(nil), lines...)
		f(cp)
		return strings.Join(cp, "\n")
	}
	rollAltered := func(l []string) {
		l[over.roll] = l[over.roll][:strings.LastIndex(l[over.roll], " ")+1] + over.other
	}
	seedHidden := func(l []string) {
		for i := range l {
			if strings.HasPrefix(l[i], "[ServerSeed ") {
				l[i] = `[ServerSeed "?"]`
			}
		}
	}
	dir := t.TempDir()
	tests := []struct {
		name     string
		record   string
		stdin    bool // pass the record on standard input ("-")
		wantCode int
		want     []string // in standard output (code 0) or standard error
	}{
		{"over", over.record, false, 0, []string{
			fmt.Sprintf("ok: seidr, %d events legal, %d rolls match the revealed seed (commitment %s, the SHA-256 of server seed %s), %s; not signed\n",
				over.events, over.rolls, over.commitment, over.serverSeed, over.result)}},
		{"over on standard input", over.record, true, 0, []string{"-: ok: seidr, "}},
		{"not over", ongoing.record, false, 0, []string{
			fmt.Sprintf("not over yet: %d rolls cannot be checked until the server reveals its seed (commitment %s", ongoing.rolls, ongoing.commitment),
			fmt.Sprintf("seidr, %d events legal", ongoing.events)}},
		{"roll altered", alter(rollAltered), false, 1, []string{"does not match: event ", "but the seeds give"}},
		{"roll altered, seed hidden", alter(func(l []string) { rollAltered(l); seedHidden(l) }), false, 1,
			[]string{"does not match: the game is over but the record does not reveal the server seed"}},
		{"last event cut", strings.Join(lines[:len(lines)-2], "\n") + "\n", false, 1, []string{"do not end the game", "truncated"}},
		{"last line cut in the middle", strings.TrimSuffix(over.record, "\n"), false, 1, []string{"stops in the middle of the line", "truncated"}},
		{"tags cut", strings.Join(lines[:5], "\n") + "\n", false, 1, []string{"stops in its tags", "truncated"}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("%d.norns", i))
			if err := os.WriteFile(path, []byte(tt.record), 0o644); err != nil {
				t.Fatal(err)
			}
			arg, stdin := path, ""
			if tt.stdin {
				arg, stdin = "-", tt.record
			}
			stdout, stderr, err := run(t, stdin, "verify", arg)
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			got := stdout
			if tt.wantCode != 0 {
				got = stderr
			}
			if code != tt.wantCode {
				t.Fatalf("norns verify %s: exit %d, want %d\nstdout: %s\nstderr: %s", tt.name, code, tt.wantCode, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("norns verify %s: output lacks %q:\nstdout: %s\nstderr: %s", tt.name, w, stdout, stderr)
				}
			}
			if tt.wantCode != 0 && stdout != "" {
				t.Errorf("norns verify %s: a refused record printed %q on standard output", tt.name, stdout)
			}
		})
	}
}

// TestVerifyOldRecords: norns verify still verifies the records a server
// signed before event lines carried clocks and records a Termination tag
// (record/testdata), in the text and the JSON form.
func TestVerifyOldRecords(t *testing.T) {
	for _, name := range []string{"chess-before-clocks.norns", "chess-before-clocks.json"} {
		stdout, stderr, err := run(t, "", "verify", filepath.Join("..", "..", "record", "testdata", name))
		if err != nil || !strings.Contains(stdout, "ok: chess, 5 events legal") || !strings.Contains(stdout, "white wins (resignation)") || !strings.Contains(stdout, "signed by 9035b1f9a7dccb73d10b1b4a81e5abd16e4e5ee3d4a6540a41632117e2437ebd") {
			t.Errorf("norns verify %s = %v\nstdout: %s\nstderr: %s", name, err, stdout, stderr)
		}
	}
}

// TestVerifyClaim: `norns verify` verifies the record of a live game that
// ended when a player claimed the victory against an opponent who left
// ("opponent left"), and refuses such a claim in a correspondence game.
func TestVerifyClaim(t *testing.T) {
	p := writeRecord(t, "seidr", 12)
	if p.serverSeed != "?" {
		t.Fatalf("seidr: over after %d events, want a game in progress", p.events)
	}
	seed := sha256.Sum256([]byte("verify_test server seed"))
	claimed := func(clock string) string {
		r := strings.Replace(p.record, `[ServerSeed "?"]`, fmt.Sprintf("[Clock %q]\n[ServerSeed %q]", clock, hex.EncodeToString(seed[:])), 1)
		r = regexpReplace(r, `\[Status "[^"]*"\]`, `[Status "over white"]`)
		r = regexpReplace(r, `\[Result "[^"]*"\]`, `[Result "white wins (opponent left)"]`)
		return r + fmt.Sprintf("%d claim-victory white\n", p.events+1)
	}
	dir := t.TempDir()
	live, corr := filepath.Join(dir, "live.norns"), filepath.Join(dir, "corr.norns")
	if err := os.WriteFile(live, []byte(claimed("300000+0")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(corr, []byte(claimed("259200000/move")), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := run(t, "", "verify", live)
	if want := fmt.Sprintf("ok: seidr, %d events legal, %d rolls match the revealed seed", p.events+1, p.rolls); err != nil || !strings.Contains(stdout, want) || !strings.Contains(stdout, "white wins (opponent left)") {
		t.Errorf("norns verify of a victory claimed = %v\nstdout: %s\nstderr: %s\nwant %q and the result", err, stdout, stderr, want)
	}
	_, stderr, err = run(t, "", "verify", corr)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr, "is made in live games only") {
		t.Errorf("norns verify of a claim in a correspondence game = %v\nstderr: %s", err, stderr)
	}
}

// regexpReplace replaces the first match of pattern in s by repl.
func regexpReplace(s, pattern, repl string) string {
	re := regexp.MustCompile(pattern)
	loc := re.FindStringIndex(s)
	if loc == nil {
		return s
	}
	return s[:loc[0]] + repl + s[loc[1]:]
}
