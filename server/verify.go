package server

import (
	"bufio"
	"crypto/subtle"
	"encoding/hex"
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
	Order  []string
	Events []store.Event
}

// ParseRecord reads a Norns record.
func ParseRecord(r io.Reader) (*Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	rec := &Record{Tags: map[string]string{}}
	n := 0
	body := false
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case n == 1:
			if line != recordMagic {
				if strings.HasPrefix(line, "[Event ") {
					return nil, fmt.Errorf("line 1: this is a PGN record; verify the Norns record (GET /api/games/{id}/record?format=norns)")
				}
				return nil, fmt.Errorf("line 1: %q is not %q", line, recordMagic)
			}
		case line == "":
			body = true
		case !body && strings.HasPrefix(line, "["):
			k, v, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " \"")
			if !ok || !strings.HasSuffix(line, "\"]") {
				return nil, fmt.Errorf("line %d: malformed tag %q", n, line)
			}
			v = strings.TrimSuffix(v, "\"")
			if _, dup := rec.Tags[k]; dup {
				return nil, fmt.Errorf("line %d: tag %s given twice", n, k)
			}
			rec.Tags[k] = v
			rec.Order = append(rec.Order, k)
		default:
			body = true
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
			}
			rec.Events = append(rec.Events, e)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("empty record")
	}
	return rec, nil
}

// Verification is what Verify found.
type Verification struct {
	Game   string
	Events int
	Rolls  int
	// Revealed says whether the record carries the server seed (the game
	// is over); without it the rolls cannot be checked yet.
	Revealed bool
	Status   string
}

// Verify replays a record with the games given: it checks the server seed
// against the commitment, recomputes every roll from the seeds and checks it
// against the record, checks every move is legal for the player named, and
// checks the final status. The first discrepancy is the error.
func Verify(rec *Record, gs []game.Game) (*Verification, error) {
	tg := rec.Tags
	var g game.Game
	for _, x := range gs {
		if x.Name() == tg["Game"] {
			g = x
		}
	}
	if g == nil {
		return nil, fmt.Errorf("unknown game %q", tg["Game"])
	}
	if tg["Scheme"] != "norns-dice-v1" {
		return nil, fmt.Errorf("unknown dice scheme %q", tg["Scheme"])
	}
	opts, err := game.ParseOptions(strings.Fields(tg["Options"]))
	if err != nil {
		return nil, err
	}
	st, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	v := &Verification{Game: g.Name()}
	var roller *dice.Roller
	if s := tg["ServerSeed"]; s != "?" && s != "" {
		seed, err := hex.DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("server seed %q is not hex", s)
		}
		if c := dice.Commit(seed); subtle.ConstantTimeCompare([]byte(c), []byte(tg["Commitment"])) != 1 {
			return nil, fmt.Errorf("the server seed does not match the commitment: SHA-256 of the seed is %s, the commitment %s", c, tg["Commitment"])
		}
		var seeds []string
		for _, p := range st.Players() {
			seeds = append(seeds, tg["Seed "+p])
		}
		roller = dice.NewRoller(seed, seeds)
		v.Revealed = true
	}
	var timeout *game.Result
	for _, e := range rec.Events {
		if timeout != nil || st.Terminal() {
			return nil, fmt.Errorf("event %d: the game is already over", e.Seq)
		}
		switch e.Kind {
		case store.EventRoll:
			if st.Player() != game.Chance {
				return nil, fmt.Errorf("event %d: a roll where %s", e.Seq, game.Status(st))
			}
			a, err := st.ParseAction(e.Action)
			if err != nil {
				return nil, fmt.Errorf("event %d: roll %q: %v", e.Seq, e.Action, err)
			}
			if roller != nil {
				want, err := roller.Roll(uint64(v.Rolls), st.ChanceOutcomes())
				if err != nil {
					return nil, fmt.Errorf("event %d: %v", e.Seq, err)
				}
				if want != a {
					return nil, fmt.Errorf("event %d: roll %d is %s in the record, but the seeds give %s", e.Seq, v.Rolls, e.Action, st.ActionString(want))
				}
			}
			if err := st.Apply(a); err != nil {
				return nil, fmt.Errorf("event %d: %v", e.Seq, err)
			}
			v.Rolls++
		case store.EventMove:
			p := st.Player()
			if p < 0 || st.Players()[p] != e.Player {
				return nil, fmt.Errorf("event %d: a move by %s where %s", e.Seq, e.Player, game.Status(st))
			}
			if err := game.ParseAndApply(st, e.Action); err != nil {
				return nil, fmt.Errorf("event %d: %s %s: %v", e.Seq, e.Player, e.Action, err)
			}
		case store.EventTimeout:
			i := slices.Index(st.Players(), e.Player)
			if i < 0 || st.Player() != game.Player(i) {
				return nil, fmt.Errorf("event %d: a timeout of %s where %s", e.Seq, e.Player, game.Status(st))
			}
			r, err := timeOut(st, game.Player(i))
			if err != nil {
				return nil, fmt.Errorf("event %d: a timeout of %s: %v", e.Seq, e.Player, err)
			}
			timeout = r
		default:
			return nil, fmt.Errorf("event %d: unknown kind %q", e.Seq, e.Kind)
		}
		v.Events++
	}
	var shown game.State = st
	if timeout != nil {
		shown = ended{st, *timeout}
	}
	v.Status = game.Status(shown)
	if want := tg["Status"]; want != "" && want != v.Status && want != "waiting" {
		return nil, fmt.Errorf("the record's status is %q, the replay ends %q", want, v.Status)
	}
	return v, nil
}
