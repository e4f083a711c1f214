package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// ProtocolVersion is the answer to protocol_version.
const ProtocolVersion = "2"

// GenmoveParams are the arguments of genmove.
type GenmoveParams struct {
	// TimeMs is the time budget in milliseconds (0: the level's default).
	TimeMs int
	// Playouts is the iteration budget (0: the level's default).
	Playouts int
	// Level names a strength: easy, medium or hard ("" for the default).
	Level string
}

// Levels are the strength names genmove accepts.
var Levels = []string{"easy", "medium", "hard"}

// Agent chooses an action for the player to move in s; it must not change
// s. rng is the engine's seeded generator.
type Agent func(s game.State, p GenmoveParams, rng *rand.Rand) (game.Action, error)

// RandomAgent plays a uniformly random legal action.
func RandomAgent(s game.State, _ GenmoveParams, rng *rand.Rand) (game.Action, error) {
	l := s.Legal()
	return l[rng.IntN(len(l))], nil
}

// Config sets up an Engine.
type Config struct {
	// Games lists the games the engine plays; the first is started at once.
	Games []game.Game
	// Agent answers genmove; nil means RandomAgent.
	Agent Agent
	// Name and Version answer the commands of those names.
	Name, Version string
}

// Engine is one protocol session: a current game and a seeded generator.
type Engine struct {
	cfg   Config
	state game.State
	rng   *rand.Rand
}

// New returns an engine with its first game started at default options and
// its generator seeded with 0.
func New(cfg Config) (*Engine, error) {
	if len(cfg.Games) == 0 {
		return nil, errors.New("engine: no games")
	}
	if cfg.Agent == nil {
		cfg.Agent = RandomAgent
	}
	s, err := cfg.Games[0].New(nil)
	if err != nil {
		return nil, err
	}
	return &Engine{cfg: cfg, state: s, rng: rand.New(rand.NewPCG(0, 0))}, nil
}

// State returns the current game state.
func (e *Engine) State() game.State { return e.state }

// errQuit is returned by the quit command.
var errQuit = errors.New("quit")

type command struct {
	name string
	run  func(e *Engine, args []string, rest string) (string, error)
}

var commands []command

func init() {
	commands = []command{
		{"name", func(e *Engine, _ []string, _ string) (string, error) { return e.cfg.Name, nil }},
		{"version", func(e *Engine, _ []string, _ string) (string, error) { return e.cfg.Version, nil }},
		{"protocol_version", func(*Engine, []string, string) (string, error) { return ProtocolVersion, nil }},
		{"list_commands", (*Engine).listCommands},
		{"games", (*Engine).games},
		{"options", (*Engine).options},
		{"new", (*Engine).newGame},
		{"setup", (*Engine).setup},
		{"position", func(e *Engine, _ []string, _ string) (string, error) { return e.state.Position(), nil }},
		{"showboard", func(e *Engine, _ []string, _ string) (string, error) { return "\n" + e.state.String(), nil }},
		{"status", func(e *Engine, _ []string, _ string) (string, error) { return game.Status(e.state), nil }},
		{"legal", (*Engine).legal},
		{"play", (*Engine).play},
		{"roll", (*Engine).roll},
		{"seed", (*Engine).seed},
		{"genmove", (*Engine).genmove},
		{"undo", (*Engine).undo},
		{"history", (*Engine).history},
		{"quit", func(*Engine, []string, string) (string, error) { return "", errQuit }},
	}
}

// Exec runs one command line and returns its result. An error leaves the
// game unchanged. For quit it returns done = true.
func (e *Engine) Exec(line string) (result string, err error, done bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return "", errors.New("empty command"), false
	}
	name := fields[0]
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), name))
	for _, c := range commands {
		if c.name == name {
			out, err := c.run(e, fields[1:], rest)
			if err == errQuit {
				return "", nil, true
			}
			return out, err, false
		}
	}
	return "", fmt.Errorf("unknown command %q", name), false
}

// Run reads commands from r and writes answers to w until quit or the end
// of the input. Answers follow GTP: "= result" or "? message", each ending
// with an empty line; a command may start with a numeric id, which the
// answer repeats ("=7 …").
func (e *Engine) Run(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		line := strings.TrimSpace(strings.ReplaceAll(sc.Text(), "\t", " "))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id := ""
		if f := strings.Fields(line); len(f) > 0 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				id = f[0]
				line = strings.TrimSpace(line[len(id):])
			}
		}
		out, err, done := e.Exec(line)
		if err != nil {
			fmt.Fprintf(bw, "?%s %s\n\n", id, oneLine(err.Error()))
		} else {
			fmt.Fprintf(bw, "=%s %s\n\n", id, out)
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if done {
			return nil
		}
	}
	return sc.Err()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

func (e *Engine) listCommands([]string, string) (string, error) {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, "\n"), nil
}

func (e *Engine) games([]string, string) (string, error) {
	names := make([]string, len(e.cfg.Games))
	for i, g := range e.cfg.Games {
		names[i] = g.Name()
	}
	return strings.Join(names, "\n"), nil
}

func (e *Engine) findGame(name string) (game.Game, error) {
	for _, g := range e.cfg.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	names, _ := e.games(nil, "")
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.ReplaceAll(names, "\n", " "))
}

func (e *Engine) options(args []string, _ string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: options <game>")
	}
	g, err := e.findGame(args[0])
	if err != nil {
		return "", err
	}
	var lines []string
	for _, o := range g.Options() {
		lines = append(lines, o.Name+"="+o.Default+" "+strings.Join(o.Values, " "))
	}
	return strings.Join(lines, "\n"), nil
}

func (e *Engine) newGame(args []string, _ string) (string, error) {
	if len(args) == 0 {
		return "", errors.New("usage: new <game> [name=value …]")
	}
	g, err := e.findGame(args[0])
	if err != nil {
		return "", err
	}
	opts, err := game.ParseOptions(args[1:])
	if err != nil {
		return "", err
	}
	s, err := g.New(opts)
	if err != nil {
		return "", err
	}
	e.state = s
	return "", nil
}

func (e *Engine) setup(_ []string, rest string) (string, error) {
	if rest == "" {
		return "", errors.New("usage: setup <position>")
	}
	s, err := e.state.Game().Setup(e.state.Options(), rest)
	if err != nil {
		return "", err
	}
	e.state = s
	return "", nil
}

func (e *Engine) legal([]string, string) (string, error) {
	s := e.state
	if s.Player() == game.Chance {
		var words []string
		for _, o := range s.ChanceOutcomes() {
			words = append(words, s.ActionString(o.Action)+":"+strconv.FormatFloat(o.Prob, 'g', -1, 64))
		}
		return strings.Join(words, " "), nil
	}
	return strings.Join(ActionStrings(s, s.Legal()), " "), nil
}

// ActionStrings writes actions in the game's notation, sorted as text.
func ActionStrings(s game.State, actions []game.Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = s.ActionString(a)
	}
	slices.Sort(out)
	return out
}

func (e *Engine) play(args []string, _ string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: play <action>")
	}
	switch e.state.Player() {
	case game.Chance:
		return "", errors.New("a chance event is pending: use roll")
	case game.NoPlayer:
		return "", fmt.Errorf("%w: %s", game.ErrOver, game.Status(e.state))
	}
	return "", game.ParseAndApply(e.state, args[0])
}

func (e *Engine) roll(args []string, _ string) (string, error) {
	if len(args) > 1 {
		return "", errors.New("usage: roll [<outcome>]")
	}
	s := e.state
	if s.Player() != game.Chance {
		return "", errors.New("no chance event is pending")
	}
	var a game.Action
	if len(args) == 1 {
		var err error
		if a, err = s.ParseAction(args[0]); err != nil {
			return "", err
		}
	} else {
		a = game.SampleChance(s, e.rng)
	}
	text := s.ActionString(a)
	if err := s.Apply(a); err != nil {
		return "", err
	}
	return text, nil
}

func (e *Engine) seed(args []string, _ string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: seed <n>")
	}
	n, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		return "", fmt.Errorf("seed: %q is not a whole number", args[0])
	}
	e.rng = rand.New(rand.NewPCG(n, 0))
	return "", nil
}

func (e *Engine) genmove(args []string, _ string) (string, error) {
	var p GenmoveParams
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return "", fmt.Errorf("genmove: %q is not name=value", a)
		}
		var err error
		switch k {
		case "time":
			p.TimeMs, err = positive(k, v)
		case "playouts":
			p.Playouts, err = positive(k, v)
		case "level":
			if !slices.Contains(Levels, v) {
				err = fmt.Errorf("genmove: unknown level %q (levels: %s)", v, strings.Join(Levels, ", "))
			}
			p.Level = v
		default:
			err = fmt.Errorf("genmove: unknown parameter %q (time, playouts, level)", k)
		}
		if err != nil {
			return "", err
		}
	}
	s := e.state
	switch s.Player() {
	case game.Chance:
		return "", errors.New("a chance event is pending: use roll")
	case game.NoPlayer:
		return "", fmt.Errorf("%w: %s", game.ErrOver, game.Status(s))
	}
	a, err := e.cfg.Agent(s, p, e.rng)
	if err != nil {
		return "", err
	}
	text := s.ActionString(a)
	if err := s.Apply(a); err != nil {
		return "", fmt.Errorf("genmove: the agent chose %s: %w", text, err)
	}
	return text, nil
}

func positive(k, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("genmove: %s=%q is not a whole number from 1 up", k, v)
	}
	return n, nil
}

func (e *Engine) undo([]string, string) (string, error) {
	return "", e.state.Undo()
}

func (e *Engine) history([]string, string) (string, error) {
	s := e.state
	h := s.History()
	words := make([]string, len(h))
	for i, a := range h {
		words[i] = s.ActionString(a)
	}
	return strings.Join(words, " "), nil
}
