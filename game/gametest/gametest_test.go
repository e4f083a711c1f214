package gametest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

// race is a small dice game for testing the suite: a die (1 or 2) is
// rolled, then the player to move adds 1 or the roll to their total; the
// first to reach 6 wins. Actions 1 and 2 are additions, 101 and 102 rolls.
// A mutation breaks one part of the contract.
type race struct {
	totals  [2]int
	turn    int
	rolled  int // 0: a roll is pending
	log     game.Log[[3]int]
	mutants mutation
}

type mutation struct {
	unsorted, acceptIllegal, badUndo, badPosition, badProbs, noEnd, badTail bool
}

type raceGame struct{ m mutation }

func (raceGame) Name() string                { return "race" }
func (raceGame) Title() string               { return "Race" }
func (raceGame) Players() []string           { return []string{"a", "b"} }
func (raceGame) Options() []game.Option      { return nil }
func (raceGame) ChanceMode() game.ChanceMode { return game.ExplicitStochastic }
func (g raceGame) New(o game.Options) (game.State, error) {
	return g.Setup(o, "0 0 a -")
}
func (g raceGame) Setup(o game.Options, pos string) (game.State, error) {
	if _, err := game.Resolve(nil, o); err != nil {
		return nil, err
	}
	f := strings.Fields(pos)
	if len(f) != 4 {
		return nil, fmt.Errorf("%w: %q", game.ErrPosition, pos)
	}
	s := &race{mutants: g.m}
	var err1, err2 error
	s.totals[0], err1 = strconv.Atoi(f[0])
	s.totals[1], err2 = strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || (f[2] != "a" && f[2] != "b") {
		return nil, fmt.Errorf("%w: %q", game.ErrPosition, pos)
	}
	if f[2] == "b" {
		s.turn = 1
	}
	if f[3] != "-" {
		s.rolled, _ = strconv.Atoi(f[3])
	}
	return s, nil
}

func (s *race) Game() game.Game        { return raceGame{s.mutants} }
func (s *race) Options() game.Options  { return game.Options{} }
func (s *race) Players() []string      { return []string{"a", "b"} }
func (s *race) Terminal() bool         { return !s.mutants.noEnd && (s.totals[0] >= 6 || s.totals[1] >= 6) }
func (s *race) History() []game.Action { return s.log.Actions() }
func (s *race) String() string         { return s.Position() }
func (s *race) HistoryLen() int        { return s.log.Len() }
func (s *race) HistorySince(n int) []game.Action {
	if s.mutants.badTail && n > 0 {
		return s.log.Since(n - 1)
	}
	return s.log.Since(n)
}
func (s *race) Player() game.Player {
	switch {
	case s.Terminal():
		return game.NoPlayer
	case s.rolled == 0:
		return game.Chance
	}
	return game.Player(s.turn)
}
func (s *race) Legal() []game.Action {
	switch s.Player() {
	case game.NoPlayer:
		return nil
	case game.Chance:
		return []game.Action{101, 102}
	}
	if s.rolled == 1 {
		return []game.Action{1}
	}
	if s.mutants.unsorted {
		return []game.Action{2, 1}
	}
	return []game.Action{1, 2}
}
func (s *race) ChanceOutcomes() []game.Outcome {
	if s.Player() != game.Chance {
		return nil
	}
	if s.mutants.badProbs {
		return []game.Outcome{{Action: 101, Prob: 0.5}, {Action: 102, Prob: 0.6}}
	}
	return []game.Outcome{{Action: 101, Prob: 0.5}, {Action: 102, Prob: 0.5}}
}
func (s *race) Apply(a game.Action) error {
	if !s.mutants.acceptIllegal && !slices.Contains(s.Legal(), a) {
		return fmt.Errorf("%w: %d", game.ErrIllegal, a)
	}
	s.ApplyUnchecked(a)
	return nil
}
func (s *race) ApplyUnchecked(a game.Action) {
	s.log.Push(a, false, [3]int{s.totals[0], s.totals[1], s.rolled})
	if a > 100 {
		s.rolled = int(a - 100)
		return
	}
	s.totals[s.turn] += int(a)
	s.turn, s.rolled = 1-s.turn, 0
}
func (s *race) Undo() error {
	return s.log.UndoLast(func(r game.Record[[3]int]) {
		if s.mutants.badUndo {
			return
		}
		if r.Action <= 100 {
			s.turn = 1 - s.turn
		}
		s.totals[0], s.totals[1], s.rolled = r.Undo[0], r.Undo[1], r.Undo[2]
	})
}
func (s *race) Clone() game.State {
	c := *s
	c.log = s.log.Clone()
	return &c
}
func (s *race) Returns() []float64 { return game.WinReturns(2, s.Result()) }
func (s *race) Result() game.Result {
	switch {
	case !s.Terminal():
		return game.Result{}
	case s.totals[0] >= 6:
		return game.Result{Kind: game.Win, Winners: []game.Player{0}, Reason: "reached 6"}
	}
	return game.Result{Kind: game.Win, Winners: []game.Player{1}, Reason: "reached 6"}
}
func (s *race) ActionString(a game.Action) string {
	if a > 100 {
		return "r" + strconv.Itoa(int(a-100))
	}
	return "+" + strconv.Itoa(int(a))
}
func (s *race) ParseAction(text string) (game.Action, error) {
	for _, a := range s.Legal() {
		if s.ActionString(a) == text {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%w: %q", game.ErrSyntax, text)
}
func (s *race) Position() string {
	side, roll := "a", "-"
	if s.turn == 1 {
		side = "b"
	}
	if s.rolled > 0 {
		roll = strconv.Itoa(s.rolled)
	}
	if s.mutants.badPosition && s.totals[0] > 2 {
		return fmt.Sprintf("%d %d %s %s", s.totals[0]-1, s.totals[1], side, roll)
	}
	return fmt.Sprintf("%d %d %s %s", s.totals[0], s.totals[1], side, roll)
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

func TestSuitePassesACorrectGame(t *testing.T) {
	Run(t, raceGame{}, Config{Playouts: 20})
}

// TestSuiteCatchesBrokenGames checks that each broken contract fails the
// suite with a message that names it.
func TestSuiteCatchesBrokenGames(t *testing.T) {
	tests := []struct {
		name string
		m    mutation
		want string
	}{
		{"unsorted legal actions", mutation{unsorted: true}, "not sorted and unique"},
		{"illegal action accepted", mutation{acceptIllegal: true}, "of an action not legal succeeded"},
		{"undo that restores nothing", mutation{badUndo: true}, "and Undo"},
		{"position that does not round-trip", mutation{badPosition: true}, "Setup("},
		{"probabilities summing to 1.1", mutation{badProbs: true}, "chance probabilities sum to 1.1"},
		{"a game that never ends", mutation{noEnd: true}, "no end after"},
		{"a history tail one action too long", mutation{badTail: true}, "HistorySince("},
	}
	for _, tc := range tests {
		r := &recorder{TB: t}
		Run(r, raceGame{tc.m}, Config{Playouts: 5, MaxPlies: 200})
		if !slices.ContainsFunc(r.failures, func(f string) bool { return strings.Contains(f, tc.want) }) {
			t.Errorf("%s: failures %q, want one containing %q", tc.name, r.failures, tc.want)
		}
	}
}
