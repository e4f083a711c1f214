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
	// ClockWait is how long a play waits for the clock command OpenTafl
	// sends right behind it (protocol section 9); 0 means 250 ms. It is
	// waited for on the first play of a session and, after that, only
	// while OpenTafl sends clocks.
	ClockWait time.Duration
}

// Engine is one OTEP session: the game OpenTafl's rules describe and its
// position, which it keeps in step with OpenTafl's moves and positions.
type Engine struct {
	out       io.Writer
	level     string
	moveTime  time.Duration
	clockWait time.Duration
	g         *tafl.Game
	opts      game.Options
	s         *tafl.State
	pending   string // a position OpenTafl sent, set up at the next side, play or analyze
	side      string // the side the engine plays, "b" or "w", "" before side or play
	clock     clock
	played    bool // a play has come in this session
	agent     ai.Agent
}

// clock is the last clock command: each side's time left, whether it is
// an overtime period's, the overtime periods' length and how many are
// left.
type clock struct {
	known    bool
	left     [2]time.Duration // attackers, defenders
	overtime [2]bool
	period   time.Duration
	periods  [2]int
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
	wait := cfg.ClockWait
	if wait <= 0 {
		wait = 250 * time.Millisecond
	}
	return &Engine{level: cfg.Level, moveTime: cfg.MoveTime, clockWait: wait}, nil
}

// Run says hello on out, then answers the OTEP commands read from in on
// out until goodbye or the end of the input.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.out = out
	e.send("hello")
	lines := make(chan string, 64)
	done := make(chan struct{})
	defer close(done)
	var readErr error
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-done:
				return
			}
		}
		readErr = sc.Err()
	}()
	var held []string // lines read ahead while a play waited for its clock
	next := func() (string, bool) {
		if len(held) > 0 {
			l := held[0]
			held = held[1:]
			return l, true
		}
		l, ok := <-lines
		return l, ok
	}
	for {
		line, ok := next()
		if !ok {
			return readErr
		}
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "":
		case "hello", "start", "simple-moves", "status":
		case "rules":
			e.rules(arg)
		case "position":
			e.position(arg)
		case "side":
			e.setSide(arg)
		case "clock":
			e.setClock(arg)
		case "play":
			// OpenTafl sends the clock right behind play (section 9):
			// read it before choosing.
			if !e.played || e.clock.known {
				select {
				case l, ok := <-lines:
					if ok {
						if c, a, _ := strings.Cut(strings.TrimSpace(l), " "); c == "clock" {
							e.setClock(strings.TrimSpace(a))
						} else {
							held = append(held, l)
						}
					}
				case <-time.After(e.clockWait):
				}
			}
			e.played = true
			e.play(arg)
		case "move":
			e.moved(arg)
		case "opponent-move":
			e.opponentMove(arg)
		case "analyze":
			e.analyze(arg)
		case "error":
			e.refused()
		case "finish":
			e.agent = nil
		case "goodbye":
			return nil
		default:
			e.send("status unknown command %s", cmd)
		}
	}
}

// rules starts a game of the rules OpenTafl sends, from its start.
func (e *Engine) rules(text string) {
	g, opts, err := tafl.OTNGame(text)
	if err != nil {
		e.g, e.s = nil, nil
		e.send("error 0 %v", err)
		return
	}
	// OpenTafl has no move limit: the largest ply count is none.
	opts["move-limit"] = "1000000"
	s, err := g.New(opts)
	if err != nil {
		e.send("error 0 %v", err)
		return
	}
	e.g, e.opts, e.s, e.pending, e.agent = g, opts, s.(*tafl.State), "", nil
	e.send("status %s", g.Title())
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

// playerOf is the player of a side letter.
func playerOf(mark string) game.Player {
	if mark == "w" {
		return 1
	}
	return 0
}

// markOf is the side letter of a player.
func markOf(p game.Player) string { return []string{"b", "w"}[p] }

// position keeps the position record OpenTafl sends (rank 1 first, an OTN
// position record); the side to move comes with the next side, play or
// analyze.
func (e *Engine) position(arg string) {
	if f := strings.Fields(arg); len(f) > 0 {
		e.pending = f[0]
	}
}

// setSide reads "side attackers|defenders": the side the engine is to
// play (analysis and replays), to move in the position OpenTafl sent.
func (e *Engine) setSide(arg string) {
	mark, ok := sideMark(arg)
	if !ok {
		e.send("status unknown side %q", arg)
		return
	}
	e.side = mark
	if e.pending != "" {
		e.setUp(e.pending, mark)
	}
}

// setUp makes OpenTafl's position record the state, with side to move
// mark. It keeps the state, and its history for the repetitions, when it is
// that position already.
func (e *Engine) setUp(rows, mark string) bool {
	e.pending = ""
	if e.s == nil {
		return false
	}
	if e.s.Rows() == rows && e.s.Player() == playerOf(mark) {
		return true
	}
	s, err := tafl.SetupRows(e.g, e.opts, rows, mark)
	if err != nil {
		e.send("status cannot set up %s %s: %v", rows, mark, err)
		return false
	}
	e.s, e.agent = s, nil
	return true
}

// setClock reads "clock A[*] D[*] [OVERTIME AO DO]": the attackers' and
// the defenders' time left in milliseconds (protocol section 9), "*" when
// it is what is left of an overtime period, then the overtime periods'
// length in seconds and how many each side has left.
func (e *Engine) setClock(arg string) {
	f := strings.Fields(arg)
	var c clock
	if len(f) < 2 {
		e.clock = c
		return
	}
	for i := range 2 {
		v := strings.TrimSuffix(f[i], "*")
		ms, err := strconv.ParseInt(v, 10, 64)
		if err != nil || ms < 0 {
			e.send("status bad clock %q", arg)
			e.clock = c
			return
		}
		c.left[i], c.overtime[i] = time.Duration(ms)*time.Millisecond, v != f[i]
	}
	if len(f) >= 5 {
		sec, err1 := strconv.ParseFloat(f[2], 64)
		a, err2 := strconv.Atoi(f[3])
		d, err3 := strconv.Atoi(f[4])
		if err1 == nil && err2 == nil && err3 == nil && sec > 0 {
			c.period, c.periods = time.Duration(sec*float64(time.Second)), [2]int{a, d}
		}
	}
	c.known = true
	e.clock = c
}

// budget is the most time the side to move may think, by the clock:
// [a ruling of the engine's own] a twentieth of its main time, or half of
// an overtime period when it has one left (the period is spent only when
// the main time has run out); half of what is left of the period it is
// in. -1 without a clock.
func (e *Engine) budget() time.Duration {
	if !e.clock.known || e.s == nil {
		return -1
	}
	i := int(e.s.Player())
	left := e.clock.left[i]
	if e.clock.overtime[i] {
		return left / 2
	}
	b := left / 20
	if e.clock.periods[i] > 0 {
		b = max(b, e.clock.period/2)
	}
	return b
}

// choose asks the AI for the move of the side to move.
func (e *Engine) choose() (game.Action, error) {
	budget := e.moveTime
	if b := e.budget(); b >= 0 {
		level := ai.PlanFor(ai.Config{Level: e.level}, e.s).Time
		if budget == 0 || budget > level {
			budget = level
		}
		budget = max(min(budget, b), 20*time.Millisecond)
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

// play answers "play SIDE" with the engine's move, which it plays. A
// position OpenTafl sent is set up first, SIDE to move.
func (e *Engine) play(arg string) {
	mark, ok := sideMark(arg)
	if !ok || e.s == nil {
		e.send("error 1")
		return
	}
	e.side = mark
	if e.pending != "" && !e.setUp(e.pending, mark) {
		return
	}
	if e.s.Player() != playerOf(mark) {
		// Out of step with no position to go by: the same board, SIDE to
		// move.
		if !e.setUp(e.s.Rows(), mark) {
			return
		}
	}
	if e.s.Terminal() {
		e.send("status the game is over here: %s", game.Describe(e.s))
		return
	}
	a, err := e.choose()
	if err != nil {
		e.send("status %v", err)
		return
	}
	text := e.s.ActionString(a)
	e.s.ApplyUnchecked(a)
	e.send("move %s", text)
}

// moved reads "move POSITION", OpenTafl's word that the engine's move was
// made (section 14): POSITION is the board after it. An engine out of step
// takes OpenTafl's board, the opponent to move.
func (e *Engine) moved(arg string) {
	f := strings.Fields(arg)
	if e.s == nil || len(f) == 0 || e.side == "" || f[0] == e.s.Rows() {
		return
	}
	e.setUp(f[0], markOf(1-playerOf(e.side)))
}

// refused reads "error N": OpenTafl refused the engine's last move. It
// resends the position before it behind this (opponent-move with the
// prior move and the board, then play; section 16), which sets the
// engine's state; until then the move is taken back, when it is the
// engine's.
func (e *Engine) refused() {
	if e.s != nil && e.side != "" && e.s.HistoryLen() > 0 && e.s.Player() != playerOf(e.side) {
		_ = e.s.Undo()
		e.agent = nil
	}
}

// opponentMove plays "opponent-move MOVES POSITION": the opponent's moves,
// separated by "|", in simple or full notation, and the board after them
// (an OTN position record, rank 1 first). When they do not lead from the
// engine's state to that board — OpenTafl resends the prior move after an
// error, or the engine is out of step — OpenTafl's board is set up, the
// side that did not make the last move to move.
func (e *Engine) opponentMove(arg string) {
	f := strings.Fields(arg)
	if e.s == nil || len(f) == 0 {
		return
	}
	rows := ""
	if len(f) > 1 {
		rows = f[1]
		e.pending = "" // the board after the moves supersedes one sent before
	}
	c := e.s.Clone().(*tafl.State)
	var mover game.Player = -1
	ok := true
	for _, m := range strings.Split(f[0], "|") {
		if c.Terminal() {
			ok = false
			break
		}
		p := c.Player()
		a, _, err := c.ParseOTNMove(m)
		if err != nil {
			ok = false
			break
		}
		c.ApplyUnchecked(a)
		mover = p
	}
	if ok && (rows == "" || c.Rows() == rows) {
		e.s, e.agent = c, nil
		return
	}
	if rows == "" {
		e.send("status cannot play %s here", f[0])
		return
	}
	// The side to move after the last move: the engine's, or else the
	// side that did not make it (the one not to move here when it cannot
	// be read).
	toMove := markOf(1 - e.s.Player())
	switch {
	case e.side != "":
		toMove = e.side
	case mover >= 0:
		toMove = markOf(1 - mover)
	}
	e.setUp(rows, toMove)
}

// analyze answers "analyze N SECONDS" with the engine's choice and the
// evaluation, for the side to move, of the position it leads to (in
// [-1, 1]): "analysis 1 MOVE EVAL". A position OpenTafl sent is set up
// first, with the side of the last side command to move.
func (e *Engine) analyze(arg string) {
	if e.pending != "" && e.side != "" {
		e.setUp(e.pending, e.side)
	}
	if e.s == nil || e.s.Terminal() {
		e.send("analysis 0")
		return
	}
	saved := e.moveTime
	if f := strings.Fields(arg); len(f) > 1 {
		if sec, err := strconv.ParseFloat(f[1], 64); err == nil && sec > 0 {
			e.moveTime = time.Duration(sec * float64(time.Second))
		}
	}
	clk := e.clock
	e.clock.known = false
	a, err := e.choose()
	e.moveTime, e.clock = saved, clk
	e.agent = nil
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
