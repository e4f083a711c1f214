package gametest

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
)

// Config tunes Run.
type Config struct {
	// Options for Game.New; nil means the defaults.
	Options game.Options
	// Playouts is the number of random games played (default 20).
	Playouts int
	// MaxPlies bounds each playout; reaching it fails the test, since every
	// game must end by its own rules (default 20000).
	MaxPlies int
	// Seed makes the playouts reproducible (default 1).
	Seed uint64
	// Garbage is extra text that ParseAction must reject, on top of a
	// built-in list.
	Garbage []string
	// DeepEvery runs the costly checks (round trip through Setup, clone
	// independence, undo) at every DeepEvery-th ply (default 1: every ply).
	DeepEvery int
}

var garbage = []string{
	"", " ", "\x00", "zzzz", "?", "-", "/", "e2", "a0a0", "i9i9", "99-99",
	"pass pass", "e2e4 e2e4", "W0/99", "K99/off", "7-7-7", "p9", "LLL",
	"a1-a1", "\xff\xfe", "0", "-1", "4294967295",
}

// Run plays random games of g and checks, at every ply, the contract of
// game.State. See the package documentation for the list of checks.
func Run(t testing.TB, g game.Game, cfg Config) {
	t.Helper()
	if cfg.Playouts == 0 {
		cfg.Playouts = 20
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 20000
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.DeepEvery == 0 {
		cfg.DeepEvery = 1
	}
	checkGame(t, g, cfg)
	for i := range cfg.Playouts {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		s, err := g.New(cfg.Options)
		if err != nil {
			t.Fatalf("%s.New(%v): %v", g.Name(), cfg.Options, err)
		}
		if !playout(t, g, s, rng, cfg, i) {
			return
		}
	}
}

// checkGame checks the game's description and its option handling.
func checkGame(t testing.TB, g game.Game, cfg Config) {
	t.Helper()
	if g.Name() == "" || g.Title() == "" {
		t.Errorf("game has Name %q, Title %q", g.Name(), g.Title())
	}
	if n := len(g.Players()); n < 2 || n > 3 {
		t.Errorf("%s: Players() = %v", g.Name(), g.Players())
	}
	for _, o := range g.Options() {
		if !o.Allows(o.Default) {
			t.Errorf("%s: option %s: default %q not among its values %v", g.Name(), o.Name, o.Default, o.Values)
		}
		if o.Help == "" {
			t.Errorf("%s: option %s has no help", g.Name(), o.Name)
		}
		if _, err := g.New(game.Options{o.Name: "no-such-value"}); !errors.Is(err, game.ErrOption) {
			t.Errorf("%s.New(%s=no-such-value) = %v, want an error wrapping ErrOption", g.Name(), o.Name, err)
		}
	}
	if _, err := g.New(game.Options{"no-such-option": "1"}); !errors.Is(err, game.ErrOption) {
		t.Errorf("%s.New(no-such-option=1) = %v, want an error wrapping ErrOption", g.Name(), err)
	}
	for _, bad := range []string{"", "garbage", "/////// w", "\x00"} {
		if _, err := g.Setup(cfg.Options, bad); !errors.Is(err, game.ErrPosition) {
			t.Errorf("%s.Setup(%q) = %v, want an error wrapping ErrPosition", g.Name(), bad, err)
		}
	}
}

// playout plays one random game, checking every ply. It reports false after
// a failure, to stop the run.
func playout(t testing.TB, g game.Game, s game.State, rng *rand.Rand, cfg Config, n int) bool {
	t.Helper()
	for ply := 0; ; ply++ {
		if ply > cfg.MaxPlies {
			t.Errorf("playout %d: no end after %d plies at %s", n, cfg.MaxPlies, s.Position())
			return false
		}
		deep := ply%cfg.DeepEvery == 0
		if !checkState(t, g, s, rng, cfg, deep) {
			t.Errorf("playout %d, ply %d, history %v", n, ply, historyText(s))
			return false
		}
		if s.Terminal() {
			return true
		}
		var a game.Action
		if s.Player() == game.Chance {
			a = game.SampleChance(s, rng)
		} else {
			legal := s.Legal()
			a = legal[rng.IntN(len(legal))]
		}
		before := s.Position()
		if deep {
			if !checkUndo(t, s, a) {
				t.Errorf("playout %d, ply %d, history %v", n, ply, historyText(s))
				return false
			}
		}
		played := game.HistoryLen(s)
		if err := s.Apply(a); err != nil {
			t.Errorf("playout %d, ply %d: Apply(%s) at %s: %v", n, ply, s.ActionString(a), before, err)
			return false
		}
		// The history grows by the action, then any passes the game
		// applied by itself.
		if tail := game.HistorySince(s, played); len(tail) == 0 || tail[0] != a {
			t.Errorf("playout %d, ply %d: after Apply(%d) at %s, HistorySince(%d) = %v, want it to start with %d",
				n, ply, a, before, played, tail, a)
			return false
		}
	}
}

func historyText(s game.State) []string {
	h := s.History()
	out := make([]string, len(h))
	for i, a := range h {
		out[i] = s.ActionString(a)
	}
	return out
}

// snapshot is what must not change when a state is left unchanged.
type snapshot struct {
	position   string
	player     game.Player
	legal      []game.Action
	history    []game.Action
	historyLen int
}

func snap(s game.State) snapshot {
	return snapshot{s.Position(), s.Player(), s.Legal(), s.History(), game.HistoryLen(s)}
}

func (a snapshot) equal(b snapshot) bool {
	return a.position == b.position && a.player == b.player &&
		slices.Equal(a.legal, b.legal) && slices.Equal(a.history, b.history) &&
		a.historyLen == b.historyLen
}

// checkHistoryTail checks that game.HistoryLen and game.HistorySince (the
// state's own HistoryTail methods where it has them) agree with History,
// and that the tail is a new slice: writing to it changes nothing.
func checkHistoryTail(t testing.TB, s game.State) bool {
	t.Helper()
	pos := s.Position()
	h := s.History()
	if n := game.HistoryLen(s); n != len(h) {
		t.Errorf("%s: HistoryLen = %d, len(History()) = %d", pos, n, len(h))
		return false
	}
	for _, k := range []int{0, len(h) / 2, max(len(h)-2, 0), max(len(h)-1, 0), len(h)} {
		tail := game.HistorySince(s, k)
		if !slices.Equal(tail, h[k:]) {
			t.Errorf("%s: HistorySince(%d) = %v, want History()[%d:] = %v", pos, k, tail, k, h[k:])
			return false
		}
		for i := range tail {
			tail[i]++
		}
	}
	if again := s.History(); !slices.Equal(again, h) {
		t.Errorf("%s: writing to the slices HistorySince returned changed History() to %v", pos, again)
		return false
	}
	return true
}

func checkState(t testing.TB, g game.Game, s game.State, rng *rand.Rand, cfg Config, deep bool) bool {
	t.Helper()
	pos := s.Position()
	p := s.Player()
	players := s.Players()
	if len(players) < 2 || len(players) > 3 {
		t.Errorf("%s: %d players", pos, len(players))
		return false
	}
	if s.Terminal() != (p == game.NoPlayer) {
		t.Errorf("%s: Terminal() = %v but Player() = %d", pos, s.Terminal(), p)
		return false
	}
	if !checkHistoryTail(t, s) {
		return false
	}
	if s.Terminal() {
		return checkTerminal(t, s)
	}
	if s.Result().Kind != game.Ongoing {
		t.Errorf("%s: not over, but Result() = %+v", pos, s.Result())
		return false
	}
	if r := s.Returns(); len(r) != len(players) {
		t.Errorf("%s: Returns() has %d entries for %d players", pos, len(r), len(players))
		return false
	}
	legal := s.Legal()
	if p == game.Chance {
		if !checkChance(t, s, legal) {
			return false
		}
	} else {
		if p < 0 || int(p) >= len(players) {
			t.Errorf("%s: Player() = %d", pos, p)
			return false
		}
		if s.ChanceOutcomes() != nil {
			t.Errorf("%s: ChanceOutcomes() at a decision", pos)
			return false
		}
	}
	if !checkLegal(t, s, legal) {
		return false
	}
	before := snap(s)
	if !checkGarbage(t, s, legal, cfg) || !checkIllegal(t, s, legal, rng, before) {
		return false
	}
	if !deep {
		return true
	}
	return checkSetupAndClone(t, g, s, legal, rng, before)
}

// checkChance checks the outcomes of chance node s: there are some, each
// with a probability above 0, they sum to 1, and Legal() lists exactly
// them, in order.
func checkChance(t testing.TB, s game.State, legal []game.Action) bool {
	t.Helper()
	pos := s.Position()
	outs := s.ChanceOutcomes()
	if len(outs) == 0 {
		t.Errorf("%s: chance event with no outcomes", pos)
		return false
	}
	sum := 0.0
	for i, o := range outs {
		if !(o.Prob > 0) {
			t.Errorf("%s: outcome %s has probability %v", pos, s.ActionString(o.Action), o.Prob)
			return false
		}
		if i >= len(legal) || legal[i] != o.Action {
			t.Errorf("%s: Legal() = %v does not list the chance outcomes %v in order", pos, legal, outs)
			return false
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("%s: chance probabilities sum to %v", pos, sum)
		return false
	}
	if len(legal) != len(outs) {
		t.Errorf("%s: Legal() has %d entries, ChanceOutcomes() %d", pos, len(legal), len(outs))
		return false
	}
	return true
}

// checkLegal checks that the legal actions of s are some, sorted and
// unique, and that each one's notation parses back to it.
func checkLegal(t testing.TB, s game.State, legal []game.Action) bool {
	t.Helper()
	pos := s.Position()
	if len(legal) == 0 {
		t.Errorf("%s: no legal actions for %s (a state must never wait with none)", pos, game.Status(s))
		return false
	}
	for i := 1; i < len(legal); i++ {
		if legal[i-1] >= legal[i] {
			t.Errorf("%s: Legal() not sorted and unique: %v", pos, legal)
			return false
		}
	}
	for _, a := range legal {
		text := s.ActionString(a)
		b, err := s.ParseAction(text)
		if err != nil || b != a {
			t.Errorf("%s: ParseAction(%q) = %v, %v; want %v", pos, text, b, err, a)
			return false
		}
	}
	return true
}

// checkGarbage checks that garbage text parses to no action that is not
// legal in s.
func checkGarbage(t testing.TB, s game.State, legal []game.Action, cfg Config) bool {
	t.Helper()
	pos := s.Position()
	for _, text := range append(slices.Clone(garbage), cfg.Garbage...) {
		if a, err := s.ParseAction(text); err == nil && !slices.Contains(legal, a) {
			t.Errorf("%s: ParseAction(%q) = %v, nil for an action not legal", pos, text, a)
			return false
		}
	}
	return true
}

// checkIllegal checks that random actions not legal in s are rejected
// with ErrIllegal and change nothing (s stays as before).
func checkIllegal(t testing.TB, s game.State, legal []game.Action, rng *rand.Rand, before snapshot) bool {
	t.Helper()
	pos := s.Position()
	for range 8 {
		a := game.Action(rng.Uint32())
		if rng.IntN(2) == 0 {
			a = legal[rng.IntN(len(legal))] + game.Action(rng.IntN(5)) + 1
		}
		if slices.Contains(legal, a) {
			continue
		}
		err := s.Apply(a)
		if err == nil {
			t.Errorf("%s: Apply(%d) of an action not legal succeeded", pos, a)
			return false
		}
		if !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s: Apply(%d) = %v, want an error wrapping ErrIllegal", pos, a, err)
			return false
		}
		if !snap(s).equal(before) {
			t.Errorf("%s: a rejected Apply(%d) changed the state to %s", pos, a, s.Position())
			return false
		}
	}
	return true
}

// checkSetupAndClone checks that the position notation of s round-trips
// through Setup, and that a clone of s (s as before) is independent.
func checkSetupAndClone(t testing.TB, g game.Game, s game.State, legal []game.Action, rng *rand.Rand, before snapshot) bool {
	t.Helper()
	pos, p := s.Position(), s.Player()
	back, err := g.Setup(s.Options(), pos)
	if err != nil {
		t.Errorf("Setup(%q): %v", pos, err)
		return false
	}
	if back.Position() != pos || back.Player() != p || !slices.Equal(back.Legal(), legal) {
		t.Errorf("Setup(%q) gives Position %q, Player %d, Legal %v; want %q, %d, %v",
			pos, back.Position(), back.Player(), back.Legal(), pos, p, legal)
		return false
	}
	c := s.Clone()
	if !snap(c).equal(before) {
		t.Errorf("%s: Clone differs: %s", pos, c.Position())
		return false
	}
	c.ApplyUnchecked(legal[rng.IntN(len(legal))])
	if !snap(s).equal(before) {
		t.Errorf("%s: playing on a clone changed the original to %s", pos, s.Position())
		return false
	}
	return true
}

// checkUndo applies a, undoes it, and checks that the state is as before.
func checkUndo(t testing.TB, s game.State, a game.Action) bool {
	t.Helper()
	before := snap(s)
	if err := s.Apply(a); err != nil {
		t.Errorf("%s: Apply(%s): %v", before.position, s.ActionString(a), err)
		return false
	}
	if err := s.Undo(); err != nil {
		t.Errorf("%s: Undo after %s: %v", before.position, s.ActionString(a), err)
		return false
	}
	if after := snap(s); !after.equal(before) {
		t.Errorf("%s: after %s and Undo: %s (player %d, history %d long; want %d, %d)",
			before.position, s.ActionString(a), after.position, after.player,
			len(after.history), before.player, len(before.history))
		return false
	}
	return true
}

func checkTerminal(t testing.TB, s game.State) bool {
	t.Helper()
	pos := s.Position()
	r := s.Result()
	if r.Kind == game.Ongoing {
		t.Errorf("%s: over, but Result() is Ongoing", pos)
		return false
	}
	if r.Reason == "" {
		t.Errorf("%s: Result() has no reason", pos)
		return false
	}
	for _, w := range r.Winners {
		if w < 0 || int(w) >= len(s.Players()) {
			t.Errorf("%s: Result() names player %d", pos, w)
			return false
		}
	}
	if r.Kind == game.Win && len(r.Winners) == 0 {
		t.Errorf("%s: a win with no winner", pos)
		return false
	}
	ret := s.Returns()
	if len(ret) != len(s.Players()) {
		t.Errorf("%s: Returns() has %d entries for %d players", pos, len(ret), len(s.Players()))
		return false
	}
	for _, v := range ret {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("%s: Returns() = %v", pos, ret)
			return false
		}
	}
	if l := s.Legal(); len(l) != 0 {
		t.Errorf("%s: over, but Legal() = %v", pos, l)
		return false
	}
	before := snap(s)
	if err := s.Apply(0); err == nil {
		t.Errorf("%s: Apply after the end succeeded", pos)
		return false
	}
	if !snap(s).equal(before) {
		t.Errorf("%s: a rejected Apply after the end changed the state", pos)
		return false
	}
	return true
}
