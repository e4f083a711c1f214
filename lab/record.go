package lab

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
)

// Record is one line of games.jsonl: the arena's record of a game (seed,
// options, seats, every action and chance outcome, result), the variant
// it belongs to, and what the lab reads from its history.
type Record struct {
	// Variant names the value of the compared option ("balance=on"), or
	// is empty without --compare.
	Variant string `json:"variant"`
	arena.Record
	// First is the seat that made the game's first decision (the first
	// player), or -1 when nobody decided.
	First int `json:"first"`
	// Moves counts the players' decisions: every action but chance
	// outcomes and passes.
	Moves int `json:"moves"`
	// Passes counts the passes (lost turns, skipped moves) the game
	// recorded.
	Passes int `json:"passes"`
	// Rolls counts the chance outcomes.
	Rolls int `json:"rolls"`
}

// Key identifies a game of a study: its variant and index.
type Key struct {
	Variant string
	Index   int
}

// Key returns the record's key.
func (r *Record) Key() Key { return Key{r.Variant, r.Index} }

// Step is one action of a replayed game.
type Step struct {
	// Ply counts the actions from 1.
	Ply int
	// Player is who chose the action (game.Chance for a chance outcome);
	// a pass the game applied by itself has the player of the action
	// before it and Auto set.
	Player game.Player
	Text   string
	Auto   bool
	// State is the state after the action (and the passes after it).
	State game.State
}

// Replay plays the record's actions from the starting position of its
// options, calling step after each one (step may be nil). It returns the
// final state, or an error when an action does not apply.
func Replay(g game.Game, r *arena.Record, step func(Step) error) (game.State, error) {
	s, err := g.New(r.Options)
	if err != nil {
		return nil, err
	}
	acts := r.Actions
	// At the top of the loop the history holds acts[:i]. Its length is
	// read through game.HistoryLen, which does not copy it, so that n
	// actions cost O(n).
	i := game.HistoryLen(s) // actions the starting state already holds
	for i < len(acts) {
		p := s.Player()
		if err := game.ParseAndApply(s, acts[i]); err != nil {
			return s, fmt.Errorf("lab: game %d, action %d %q: %w", r.Index, i+1, acts[i], err)
		}
		i++
		// The passes the game applied by itself after the action.
		auto := game.HistoryLen(s) - i
		if step != nil {
			if err := step(Step{Ply: i, Player: p, Text: acts[i-1], State: s}); err != nil {
				return s, err
			}
		}
		for range auto {
			if i >= len(acts) {
				return s, fmt.Errorf("lab: game %d: the record misses a pass after action %d", r.Index, i)
			}
			i++
			if step != nil {
				if err := step(Step{Ply: i, Player: p, Text: acts[i-1], Auto: true, State: s}); err != nil {
					return s, err
				}
			}
		}
	}
	return s, nil
}

// Analyze replays the record and fills First, Moves, Passes and Rolls.
func Analyze(g game.Game, r *Record) error {
	r.First, r.Moves, r.Passes, r.Rolls = -1, 0, 0, 0
	_, err := Replay(g, &r.Record, func(st Step) error {
		switch {
		case st.Text == "pass":
			r.Passes++
		case st.Player == game.Chance:
			r.Rolls++
		default:
			r.Moves++
			if r.First < 0 {
				r.First = int(st.Player)
			}
		}
		return nil
	})
	return err
}

// ReadRecords reads a games.jsonl stream. A last line without its newline
// (a write cut short) is left out and reported by the returned length of
// the good part, so that a resuming writer can cut it off.
func ReadRecords(rd io.Reader) (recs []Record, good int64, err error) {
	br := bufio.NewReaderSize(rd, 1<<20)
	line := 0
	for {
		b, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return recs, good, nil // a partial last line, if any, is dropped
		}
		if err != nil {
			return recs, good, err
		}
		line++
		if t := bytes.TrimSpace(b); len(t) > 0 {
			var r Record
			if err := json.Unmarshal(t, &r); err != nil {
				return recs, good, fmt.Errorf("lab: games.jsonl line %d: %v", line, err)
			}
			recs = append(recs, r)
		}
		good += int64(len(b))
	}
}

// ReadFile reads the records of a games.jsonl file.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, _, err := ReadRecords(f)
	return recs, err
}

// SortRecords orders records by variant (in the order of variants) and
// index, and drops repeated keys (keeping the first).
func SortRecords(recs []Record, variants []string) []Record {
	rank := func(v string) int {
		if i := slices.Index(variants, v); i >= 0 {
			return i
		}
		return len(variants)
	}
	out := slices.Clone(recs)
	slices.SortStableFunc(out, func(a, b Record) int {
		if c := rank(a.Variant) - rank(b.Variant); c != 0 {
			return c
		}
		if c := strings.Compare(a.Variant, b.Variant); c != 0 {
			return c
		}
		return a.Index - b.Index
	})
	return slices.CompactFunc(out, func(a, b Record) bool { return a.Key() == b.Key() })
}
