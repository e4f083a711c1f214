package otep

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/searches"
	"github.com/norns-games/norns/games/tafl"
)

// Levels are the strengths Config.Level accepts.
var Levels = []string{"easy", "medium", "hard"}

// Config sets up an Engine.
type Config struct {
	// Level is the strength of the AI: easy, medium or hard.
	Level string
	// MoveTime is the most time to think per move; 0 means the level's.
	MoveTime time.Duration
}

// Engine is one OTEP session: the game OpenTafl's rules describe and its
// position, which it keeps in step with OpenTafl's moves and positions.
type Engine struct {
	out      io.Writer
	level    string
	moveTime time.Duration
	g        *tafl.Game
	opts     game.Options
	s        *tafl.State
	rows     string  // the last position OpenTafl sent, "" for none
	side     string  // the side the engine plays, "b" or "w", "" before side
	clock    float64 // seconds left for the side the engine plays, -1: unknown
	agent    ai.Agent
	lastOurs bool // the last move was the engine's own
}

func (e *Engine) send(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
}

// New returns an engine with no game, which the first rules command
// starts. It refuses an unknown level.
func New(cfg Config) (*Engine, error) {
	if !slices.Contains(Levels, cfg.Level) {
		return nil, fmt.Errorf("otep: unknown level %q (%s)", cfg.Level, strings.Join(Levels, ", "))
	}
	return &Engine{level: cfg.Level, moveTime: cfg.MoveTime, clock: -1}, nil
}

// Run says hello on out, then answers the OTEP commands read from in on
// out until goodbye or the end of the input.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.out = out
	e.send("hello")
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		cmd, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "":
		case "hello":
		case "rules":
			e.rules(arg)
		case "position":
			e.position(arg)
		case "side":
			e.side, _ = sideMark(arg)
		case "start":
		case "clock":
			e.setClock(arg)
		case "play":
			e.play(arg)
		case "opponent-move":
			e.opponentMove(arg)
		case "analyze":
			e.analyze(arg)
		case "error":
			// OpenTafl refused the engine's last move: take it back, so
			// that the next play starts from OpenTafl's position.
			if e.lastOurs && e.s != nil {
				_ = e.s.Undo()
				e.lastOurs = false
			}
		case "finish":
			e.agent = nil
		case "goodbye":
			return nil
		default:
			e.send("status unknown command %s", cmd)
		}
	}
	return sc.Err()
}

// rules starts a game of the rules OpenTafl sends, from its start.
func (e *Engine) rules(text string) {
	g, opts, err := tafl.OTNGame(text)
	if err != nil {
		e.g, e.s = nil, nil
		e.send("error 0 %v", err)
		return
	}
	s, err := g.New(opts)
	if err != nil {
		e.send("error 0 %v", err)
		return
	}
	e.g, e.opts, e.s, e.rows, e.agent = g, opts, s.(*tafl.State), "", nil
	e.send("status %s", g.Title())
}

// position records the position OpenTafl sends; the side to move comes
// with the next play or from the moves.
func (e *Engine) position(rows string) {
	if f := strings.Fields(rows); len(f) > 0 {
		e.rows = f[0]
	}
}

// setClock reads "clock A D O AO DO"; OpenTafl may mark a time in
// overtime with "*". [The protocol text says seconds; OpenTafl's host
// sends milliseconds: times above 100,000 are read as milliseconds.]
func (e *Engine) setClock(arg string) {
	f := strings.Fields(arg)
	if len(f) < 2 || e.s == nil {
		return
	}
	i := 0
	if e.s.Player() == game.Player(1) {
		i = 1
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(f[i], "*"), 64)
	if err != nil || v < 0 {
		e.clock = -1
		return
	}
	if v > 100000 {
		v /= 1000
	}
	e.clock = v
}

// sideMark is the position's side letter for OTEP's side names.
func sideMark(side string) (string, bool) {
	switch side {
	case "attackers":
		return "b", true
	case "defenders":
		return "w", true
	}
	return "", false
}

// sync makes the state's side to move side, setting up OpenTafl's last
// position when the state disagrees with it.
func (e *Engine) sync(side string) bool {
	mark, ok := sideMark(side)
	if !ok || e.s == nil {
		e.send("error 1")
		return false
	}
	want := game.Player(0)
	if mark == "w" {
		want = 1
	}
	if e.s.Player() == want && (e.rows == "" || e.rows == e.s.Rows()) {
		return true
	}
	rows := e.rows
	if rows == "" {
		rows = e.s.Rows()
	}
	s, err := tafl.SetupRows(e.g, e.opts, rows, mark)
	if err != nil || s.Terminal() {
		e.send("status cannot play from %s %s: %v", rows, mark, err)
		return false
	}
	e.s, e.agent = s, nil
	return true
}

// choose asks the AI for the move of the side to move.
func (e *Engine) choose() (game.Action, error) {
	budget := e.moveTime
	if e.clock >= 0 {
		// [a ruling of the engine's own] a twentieth of the time left.
		share := time.Duration(e.clock / 20 * float64(time.Second))
		level := ai.PlanFor(ai.Config{Level: e.level}, e.s).Time
		if budget == 0 || budget > level {
			budget = level
		}
		budget = max(min(budget, share), 50*time.Millisecond)
	}
	if e.agent == nil || budget != 0 {
		agent, err := searches.NewAgent(ai.Config{Level: e.level, Time: budget, Seed: uint64(len(e.s.History())) + 1})
		if err != nil {
			return 0, err
		}
		e.agent = agent
	}
	return e.agent.Choose(context.Background(), e.s)
}

// play answers "play SIDE" with the engine's move, which it plays.
func (e *Engine) play(side string) {
	if !e.sync(side) {
		return
	}
	a, err := e.choose()
	if err != nil {
		e.send("status %v", err)
		return
	}
	text := e.s.ActionString(a)
	e.s.ApplyUnchecked(a)
	e.lastOurs, e.rows = true, ""
	e.send("move %s", text)
}

// opponentMove plays "opponent-move MOVES [POSITION]": moves separated by
// "|", in simple or full notation. When a move does not fit the state, or
// the position after them differs, the state is set up from the position.
func (e *Engine) opponentMove(arg string) {
	if e.s == nil {
		return
	}
	f := strings.Fields(arg)
	if len(f) == 0 {
		return
	}
	ok := true
	for _, m := range strings.Split(f[0], "|") {
		text, err := tafl.FromOTNMove(m, e.boardSize())
		if err == nil {
			var a game.Action
			if a, err = e.s.ParseAction(text); err == nil {
				e.s.ApplyUnchecked(a)
				continue
			}
		}
		ok = false
		break
	}
	e.lastOurs = false
	if len(f) > 1 {
		e.rows = f[1]
	}
	if (!ok || e.rows != e.s.Rows()) && e.rows != "" && e.side != "" {
		// Out of step: OpenTafl's position wins, with the engine's side
		// to move.
		if s, err := tafl.SetupRows(e.g, e.opts, e.rows, e.side); err == nil {
			e.s, e.agent = s, nil
		}
	}
	if e.rows == e.s.Rows() {
		e.rows = ""
	}
}

// boardSize returns the state's board size.
func (e *Engine) boardSize() int {
	return strings.Count(e.s.Rows(), "/") - 1
}

// analyze answers "analyze N SECONDS" with the engine's choice and the
// evaluation, for the side to move, of the position it leads to (in
// [-1, 1]): "analysis 1 MOVE EVAL".
func (e *Engine) analyze(arg string) {
	if e.s == nil || e.s.Terminal() {
		e.send("analysis 0")
		return
	}
	if f := strings.Fields(arg); len(f) > 1 {
		if sec, err := strconv.ParseFloat(f[1], 64); err == nil && sec > 0 {
			e.clock = sec * 20 // choose spends a twentieth of the clock
		}
	}
	a, err := e.choose()
	if err != nil {
		e.send("analysis 0")
		return
	}
	mover := e.s.Player()
	c := e.s.Clone().(*tafl.State)
	c.ApplyUnchecked(a)
	v := c.Evaluate()[mover]
	e.send("analysis 1 %s %.3f", e.s.ActionString(a), v)
}
