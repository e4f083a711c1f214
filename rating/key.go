package rating

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// Speed is a speed class, as lichess's: the kind of clock a game is
// played on.
type Speed string

// The speed classes, fastest first.
const (
	Bullet         Speed = "bullet"
	Blitz          Speed = "blitz"
	Rapid          Speed = "rapid"
	Classical      Speed = "classical"
	Correspondence Speed = "correspondence"
)

// Speeds lists the speed classes, fastest first.
var Speeds = []Speed{Bullet, Blitz, Rapid, Classical, Correspondence}

// SpeedOf is the speed class of a clock, as lichess reckons it from the
// estimated duration of a game, initial + 40 × increment: under 3
// minutes (180 s) bullet, under 8 (480 s) blitz, under 25 (1500 s)
// rapid, else classical. A correspondence clock (days per move) and no
// clock at all (initial 0) are correspondence; KeyOf refuses the latter.
// Lichess's ultrabullet (under 30 s) is not a class of its own: it is
// bullet.
func SpeedOf(initial, increment time.Duration, daysPerMove int) Speed {
	if daysPerMove > 0 || initial <= 0 {
		return Correspondence
	}
	switch est := initial + 40*increment; {
	case est < 3*time.Minute:
		return Bullet
	case est < 8*time.Minute:
		return Blitz
	case est < 25*time.Minute:
		return Rapid
	}
	return Classical
}

// RuleSet is a game with its rules fixed, the first half of a Key:
// each game of the list in package games with its options at their
// defaults, and Nords Loki once for two players and once for three.
type RuleSet string

// The rule sets a rating is kept for.
const (
	Chess      RuleSet = "chess"
	LuxUmbra   RuleSet = "luxumbra"
	Samurai    RuleSet = "samurai"
	Seidr      RuleSet = "seidr"
	SeaTafl    RuleSet = "seatafl"
	Copenhagen RuleSet = "copenhagen"
	Fetlar     RuleSet = "fetlar"
	Brandubh   RuleSet = "brandubh"
	Tablut     RuleSet = "tablut"
	NordsLoki2 RuleSet = "nordsloki2"
	NordsLoki3 RuleSet = "nordsloki3"
)

// RuleSets lists the rule sets, in the order of the games' list.
var RuleSets = []RuleSet{Chess, LuxUmbra, Samurai, Seidr, SeaTafl, Copenhagen, Fetlar, Brandubh, Tablut, NordsLoki2, NordsLoki3}

// nordsLoki is the name of Nords Loki in package games, and players the
// option that splits it into two rule sets.
const (
	nordsLoki = "nordsloki"
	players   = "players"
)

// Game gives the name of the rule set's game in package games and the
// options that select it (none but Nords Loki's players); every other
// option is at its default.
func (r RuleSet) Game() (name string, opts game.Options) {
	switch r {
	case NordsLoki2:
		return nordsLoki, game.Options{players: "2"}
	case NordsLoki3:
		return nordsLoki, game.Options{players: "3"}
	}
	return string(r), game.Options{}
}

// Valid reports whether r is one of RuleSets.
func (r RuleSet) Valid() bool { return slices.Contains(RuleSets, r) }

// Valid reports whether s is one of Speeds.
func (s Speed) Valid() bool { return slices.Contains(Speeds, s) }

// Key is what a rating is kept under: a player has one rating for each
// rule set and speed class they have played rated games of.
type Key struct {
	RuleSet RuleSet
	Speed   Speed
}

// String writes k as "<rule set>/<speed>": "chess/blitz",
// "nordsloki3/correspondence". ParseKey reads it back.
func (k Key) String() string { return string(k.RuleSet) + "/" + string(k.Speed) }

// Valid reports whether k's rule set and speed class are known ones.
func (k Key) Valid() bool { return k.RuleSet.Valid() && k.Speed.Valid() }

// ParseKey reads a key written by Key.String. An unknown rule set or
// speed class is an error wrapping ErrInvalid.
func ParseKey(s string) (Key, error) {
	rs, sp, ok := strings.Cut(s, "/")
	k := Key{RuleSet(rs), Speed(sp)}
	if !ok || !k.Valid() {
		return Key{}, fmt.Errorf("%w: key %q is not <rule set>/<speed> (rule sets: %s; speeds: %s)",
			ErrInvalid, s, join(RuleSets), join(Speeds))
	}
	return k, nil
}

// RuleSetOf is the rule set of a game of package games by its name and
// options, as a game is created (options left out are at their
// defaults). A rated game is played by a rule set's rules only, as on
// lichess, where a game from a custom position is casual: an option
// other than Nords Loki's players away from its default (Lux et Umbra's
// balance, Sea Hnefatafl's layout, a repetition rule, a house rule, a
// simulation limit) is an error wrapping ErrCasual. An unknown game or
// a bad option is an error wrapping ErrInvalid (and game.ErrOption for
// the option).
func RuleSetOf(name string, opts game.Options) (RuleSet, error) {
	g, err := games.ByName(name)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	resolved, err := game.Resolve(g.Options(), opts)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", ErrInvalid, name, err)
	}
	for _, o := range g.Options() {
		if name == nordsLoki && o.Name == players {
			continue
		}
		if v := resolved[o.Name]; v != o.Default {
			return "", fmt.Errorf("%w: %s with %s=%s: rated games are played with %s=%s", ErrCasual, name, o.Name, v, o.Name, o.Default)
		}
	}
	if name == nordsLoki {
		return RuleSet(nordsLoki + resolved[players]), nil
	}
	return RuleSet(name), nil
}

// KeyOf is the key of a game by its name and options (RuleSetOf) and
// its clock: initial time and increment, or days per move for a
// correspondence game (SpeedOf). A game with no clock (no initial time,
// no days) is casual only, as on lichess: an error wrapping ErrCasual.
func KeyOf(name string, opts game.Options, initial, increment time.Duration, daysPerMove int) (Key, error) {
	if initial < 0 || increment < 0 || daysPerMove < 0 {
		return Key{}, fmt.Errorf("%w: clock %v+%v, %d days per move", ErrInvalid, initial, increment, daysPerMove)
	}
	if daysPerMove == 0 && initial == 0 {
		return Key{}, fmt.Errorf("%w: a game without a clock", ErrCasual)
	}
	rs, err := RuleSetOf(name, opts)
	if err != nil {
		return Key{}, err
	}
	return Key{rs, SpeedOf(initial, increment, daysPerMove)}, nil
}

// The errors of the package; every error returned wraps one of them.
var (
	// ErrInvalid is bad input: a rating out of its range, a result that
	// does not fit the game, an unknown game, key or option.
	ErrInvalid = errors.New("rating: invalid")
	// ErrCasual says a game cannot be rated: it is played with options
	// away from its rule set, without a clock, or did not finish.
	ErrCasual = errors.New("rating: the game cannot be rated")
	// ErrConvergence says the volatility's iteration did not converge
	// (Glickman's step 5; lichess gives up after 1,000 iterations too).
	ErrConvergence = errors.New("rating: the volatility did not converge")
)

// join lists values for an error message.
func join[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
