package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
	chesssearch "github.com/norns-games/norns/games/chess/search"
	"github.com/norns-games/norns/games/searches"
)

// Config sets up an Engine.
type Config struct {
	// Name and Version are the engine's name and version, which the answer
	// to uci sends as "id name Name Version"; Name "" means "Norns".
	Name, Version string
}

// Engine is one UCI session: the options, the position, and the searches
// that go asked for, one running and the others waiting their turn.
type Engine struct {
	cfg   Config
	out   io.Writer
	outMu sync.Mutex

	searcher *chesssearch.Searcher
	hashMB   int
	level    string        // the Level option
	margin   int           // the Margin option
	overhead time.Duration // the Move Overhead option
	// variant is the UCI_Variant option: "chess", or the name of a chess
	// game that the generic ai levels play through the game interface
	// (variants), whose position is then st.
	variant string
	st      game.State
	pos     chess.Position
	past    []uint64 // hashes of the positions before pos
	// posErr is why the last position command was refused: until a valid
	// position comes, go answers bestmove 0000.
	posErr error

	// The searches: running is the one that runs (nil: none), queue the
	// tasks that wait behind it, done where a finished search reports.
	running *task
	queue   []*task
	done    chan report
	// late holds by how much the last 32 clocked searches overran their
	// budget, from the reading of go (or the end of the search it waited
	// behind) to the writing of bestmove; its largest is the measured
	// move overhead.
	late  [32]time.Duration
	lateN int
}

// task is what go or ucinewgame asked for, done in the order they came:
// a search (run, in a goroutine of its own, which writes bestmove) or
// the clearing of a table (clear).
type task struct {
	ctx      context.Context
	cancel   context.CancelFunc
	infinite bool // bestmove only after stop
	run      func(ctx context.Context, from time.Time) report
	clear    *chesssearch.Searcher
	// from is when the search began to count: when go was read, or when
	// the task started after waiting behind another.
	from time.Time
}

// report is what a finished search tells: whether it played on a clock,
// and by how much it overran its budget.
type report struct {
	clocked bool
	late    time.Duration
}

// Limits of the session.
const (
	// MaxLine is the longest command line read, in bytes; a longer one
	// is refused with an info string.
	MaxLine = 1 << 20
	// DefaultOverhead is the Move Overhead option's default, as
	// Stockfish's; MaxOverhead its largest value.
	DefaultOverhead = 10 * time.Millisecond
	MaxOverhead     = 5000 * time.Millisecond
)

func (e *Engine) send(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
}

// info sends one "info string" line: an error or a notice, whose lines,
// if it has several, are joined by "; ".
func (e *Engine) info(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", "; ")), " ")
	e.send("info string %s", text)
}

// tableBits is the table size in entries (16 bytes each) for mb megabytes.
func tableBits(mb int) int {
	mb = max(1, min(mb, 4096))
	return bits.Len(uint(mb)*(1<<20)/16) - 1
}

// New returns an engine at the start position of orthodox chess, with a
// transposition table of 16 megabytes and the options' defaults.
func New(cfg Config) *Engine {
	if cfg.Name == "" {
		cfg.Name = "Norns"
	}
	e := &Engine{cfg: cfg, hashMB: 16, pos: chess.Start(), overhead: DefaultOverhead}
	e.searcher = chesssearch.NewSearcher(tableBits(e.hashMB), 1)
	return e
}

// line is a command line read, with the time it was read; tooLong marks
// one longer than MaxLine, whose text is dropped, and err the end of the
// input (io.EOF) or a failure to read it.
type line struct {
	text    string
	at      time.Time
	tooLong bool
	err     error
}

// readLines reads the lines of in and hands them to lines until the end
// of the input or quit, then closes lines.
func readLines(in io.Reader, lines chan<- line, quit <-chan struct{}) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		l := readLine(r)
		select {
		case lines <- l:
		case <-quit:
			return
		}
		if l.err != nil {
			return
		}
	}
}

// readLine reads one line of r, without its end; beyond MaxLine bytes it
// reads the rest of the line without keeping it.
func readLine(r *bufio.Reader) line {
	var buf []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long && len(buf)+len(chunk) > MaxLine+2 {
			long, buf = true, nil
		}
		if !long {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		text := strings.TrimRight(string(buf), "\r\n")
		if !long && len(text) > MaxLine {
			long, text = true, ""
		}
		return line{text: text, at: time.Now(), tooLong: long, err: err}
	}
}

// Run reads UCI commands from in until quit or the end of the input and
// answers on out. Input is read in a goroutine of its own, which may read
// beyond quit, and every command is answered at once: a search runs in
// the background, its info and bestmove lines going to out as well, and
// a go that comes while one runs waits its turn. At the end of the input
// the searches that wait run to their end (an infinite one is stopped).
// A failure to read ends Run with that error. Run serves one session at a
// time.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.outMu.Lock()
	e.out = out
	e.outMu.Unlock()
	e.done = make(chan report)
	lines := make(chan line)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit)
	for {
		select {
		case r := <-e.done:
			e.finished(r)
		case l := <-lines:
			if l.tooLong {
				e.info("line of more than %d bytes refused", MaxLine)
			} else if e.command(l.text, l.at) {
				return nil
			}
			if l.err != nil {
				e.stopInfinite()
				e.drain()
				if errors.Is(l.err, io.EOF) {
					return nil
				}
				return l.err
			}
		}
	}
}

// command runs one command line read at time at; it reports quit.
func (e *Engine) command(text string, at time.Time) (quit bool) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return false
	}
	switch fields[0] {
	case "uci":
		e.send("id name %s", strings.TrimSpace(e.cfg.Name+" "+e.cfg.Version))
		e.send("id author the Norns authors")
		e.send("option name Hash type spin default 16 min 1 max 4096")
		e.send("option name Threads type spin default 1 min 1 max 1")
		e.send("option name Move Overhead type spin default %d min 0 max %d", DefaultOverhead.Milliseconds(), MaxOverhead.Milliseconds())
		e.send("option name Level type combo default hard var hard var medium var easy")
		e.send("option name Margin type spin default 0 min 0 max 1000")
		e.send("option name UCI_Variant type combo default chess var %s", strings.Join(variants, " var "))
		e.send("uciok")
	case "isready":
		e.send("readyok")
	case "ucinewgame":
		e.enqueue(&task{clear: e.searcher})
		e.pos, e.past, e.st, e.posErr = chess.Start(), nil, nil, nil
	case "setoption":
		e.setOption(fields[1:])
	case "position":
		if err := e.position(fields[1:]); err != nil {
			e.posErr = err
			e.info("%v; go answers bestmove 0000 until a valid position comes", err)
		} else {
			e.posErr = nil
		}
	case "go":
		e.goCommand(fields[1:], at)
	case "stop":
		e.stop()
	case "quit":
		e.stop()
		e.drain()
		return true
	case "debug", "register", "ponderhit":
	default:
		e.info("unknown command %s", fields[0])
	}
	return false
}

// enqueue puts t behind the tasks that wait and starts what can start.
func (e *Engine) enqueue(t *task) {
	if t.ctx == nil {
		t.ctx, t.cancel = context.WithCancel(context.Background())
	}
	e.queue = append(e.queue, t)
	e.next(false)
}

// next starts the tasks that wait, in order, while no search runs: a
// clearing at once, a search in the background. waited tells that they
// waited behind another search: their time counts from now.
func (e *Engine) next(waited bool) {
	for e.running == nil && len(e.queue) > 0 {
		t := e.queue[0]
		e.queue = e.queue[1:]
		if t.clear != nil {
			t.clear.Clear()
			t.cancel()
			continue
		}
		e.running = t
		if waited || t.from.IsZero() {
			t.from = time.Now()
		}
		go func() { e.done <- t.run(t.ctx, t.from) }()
	}
}

// finished takes the report of the running search, which has written its
// bestmove, and starts the next task.
func (e *Engine) finished(r report) {
	if r.clocked {
		e.late[e.lateN%len(e.late)] = max(r.late, 0)
		e.lateN++
	}
	e.running.cancel()
	e.running = nil
	e.next(true)
}

// measuredOverhead is the largest overrun of the last clocked searches.
func (e *Engine) measuredOverhead() time.Duration {
	return slices.Max(e.late[:])
}

// stop ends the running search and those that wait (each still answers
// bestmove, at once). quit stops them too, and ends the session once
// they have answered.
func (e *Engine) stop() {
	if e.running != nil {
		e.running.cancel()
	}
	for _, t := range e.queue {
		t.cancel()
	}
}

// drain runs the tasks to their end.
func (e *Engine) drain() {
	for e.running != nil {
		e.finished(<-e.done)
	}
}

// stopInfinite stops the infinite searches, running or waiting.
func (e *Engine) stopInfinite() {
	if e.running != nil && e.running.infinite {
		e.running.cancel()
	}
	for _, t := range e.queue {
		if t.infinite {
			t.cancel()
		}
	}
}

// setOption reads "name N value V".
func (e *Engine) setOption(args []string) {
	var name, value []string
	cur := &name
	for _, a := range args {
		switch a {
		case "name":
			cur = &name
		case "value":
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "hash":
		mb, err := strconv.Atoi(v)
		if err != nil || mb < 1 {
			e.info("Hash must be a number of megabytes, not %q", v)
			return
		}
		// A running search keeps the table it has.
		e.hashMB = mb
		e.searcher = chesssearch.NewSearcher(tableBits(mb), 1)
	case "threads":
		if v != "1" {
			e.info("Threads stays 1: the engine searches on one thread, not %q", v)
		}
	case "move overhead":
		ms, err := strconv.Atoi(v)
		if err != nil || ms < 0 || time.Duration(ms)*time.Millisecond > MaxOverhead {
			e.info("Move Overhead must be 0 to %d milliseconds, not %q", MaxOverhead.Milliseconds(), v)
			return
		}
		e.overhead = time.Duration(ms) * time.Millisecond
	case "level":
		switch v {
		case "hard", "medium", "easy":
			e.level = v
		default:
			e.info("Level is hard, medium or easy, not %q", v)
		}
	case "uci_variant":
		if !slices.Contains(variants, v) {
			e.info("UCI_Variant is one of %s, not %q", strings.Join(variants, ", "), v)
			return
		}
		e.variant, e.st = v, nil
	case "margin":
		m, err := strconv.Atoi(v)
		if err != nil || m < 0 || m > 1000 {
			e.info("Margin must be 0 to 1000 centipawns, not %q", v)
			return
		}
		e.margin = m
	default:
		e.info("unknown option %q", strings.Join(name, " "))
	}
}

// position reads "startpos|fen F… [moves M…]". A bad one changes nothing
// and returns why, naming the position or the move.
func (e *Engine) position(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position refused: startpos or fen expected")
	}
	if e.variant != "" && e.variant != "chess" {
		return e.variantPosition(args)
	}
	var p chess.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		p = chess.Start()
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		fen := strings.Join(rest[:n], " ")
		var err error
		p, err = chess.ParseFEN(fen)
		if err == nil {
			err = p.Validate()
		}
		if err != nil {
			return fmt.Errorf("position refused: FEN %q: %v", fen, err)
		}
		rest = rest[n:]
	default:
		return fmt.Errorf("position refused: startpos or fen expected, not %q", args[0])
	}
	var past []uint64
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position refused: moves expected, not %q", rest[0])
		}
		for i, text := range rest[1:] {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			m, err := chess.ParseMove(&p, text, ml.Slice())
			if err != nil {
				return fmt.Errorf("position refused: move %d, %s: %v", i+1, text, err)
			}
			past = append(past, p.Hash())
			p.Play(m)
		}
	}
	e.pos, e.past = p, past
	return nil
}

// goArgs are the words of a go command.
type goArgs struct {
	wtime, btime, winc, binc time.Duration
	clock                    bool // a clock word came: the clocks are in force, a missing one at zero
	movesToGo                int
	moveTime                 time.Duration
	nodes                    int64
	depth                    int
	infinite                 bool
	searchMoves              []string
	// badLimit: a limit was malformed (and left out).
	badLimit bool
}

// goWords are the words of go, which end searchmoves' list.
var goWords = []string{"wtime", "btime", "winc", "binc", "movestogo", "movetime", "nodes", "depth", "mate", "infinite", "ponder", "searchmoves"}

// parseGo reads the words of go. A malformed one is left out and named
// among problems: a number missing or not a number, a depth, nodes or
// movetime below 1, a negative movestogo, a word go does not have, and
// mate and ponder, which the engine does not do.
func parseGo(args []string) (g goArgs, problems []string) {
	for i := 0; i < len(args); i++ {
		word := args[i]
		// num reads the number after word.
		num := func() (int64, bool) {
			if i+1 >= len(args) || slices.Contains(goWords, args[i+1]) {
				problems = append(problems, word+" needs a number")
				return 0, false
			}
			i++
			v, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s %q is not a number", word, args[i]))
				return 0, false
			}
			return v, true
		}
		// positive reads a limit, which must be at least 1.
		positive := func() (int64, bool) {
			v, ok := num()
			if ok && v < 1 {
				problems = append(problems, fmt.Sprintf("%s must be at least 1, not %d", word, v))
				ok = false
			}
			if !ok {
				g.badLimit = true
			}
			return v, ok
		}
		ms := func(v int64) time.Duration {
			v = max(min(v, 1<<40), -1<<40) // no overflow
			return time.Duration(v) * time.Millisecond
		}
		switch word {
		case "wtime", "btime", "winc", "binc":
			v, ok := num()
			if !ok {
				g.badLimit = true
				continue
			}
			g.clock = true
			switch word {
			case "wtime":
				g.wtime = ms(v)
			case "btime":
				g.btime = ms(v)
			case "winc":
				g.winc = ms(v)
			case "binc":
				g.binc = ms(v)
			}
		case "movestogo":
			if v, ok := num(); ok && v >= 0 {
				g.movesToGo = int(min(v, 1<<20))
			} else if ok {
				problems = append(problems, fmt.Sprintf("movestogo must be at least 0, not %d", v))
			}
		case "movetime":
			if v, ok := positive(); ok {
				g.moveTime = ms(v)
			}
		case "nodes":
			if v, ok := positive(); ok {
				g.nodes = v
			}
		case "depth":
			if v, ok := positive(); ok {
				g.depth = int(min(v, chesssearch.MaxPly))
			}
		case "infinite":
			g.infinite = true
		case "searchmoves":
			for i+1 < len(args) && !slices.Contains(goWords, args[i+1]) {
				i++
				g.searchMoves = append(g.searchMoves, args[i])
			}
			if len(g.searchMoves) == 0 {
				problems = append(problems, "searchmoves needs moves")
			}
		case "mate":
			num()
			problems = append(problems, "mate is not supported")
			g.badLimit = true
		case "ponder":
			problems = append(problems, "ponder is not supported (no Ponder option)")
		default:
			problems = append(problems, fmt.Sprintf("unknown word %q", word))
		}
	}
	return g, problems
}

// DefaultMoveTime is the time a go whose limits were all malformed
// searches: the hard level's time a move (ai.HardTime).
const DefaultMoveTime = ai.HardTime

// searchMode is how a go is bounded.
type searchMode int

const (
	modeInfinite searchMode = iota // until stop: go infinite, or go with no limit at all
	modeLimits                     // by depth, nodes or movetime
	modeClock                      // by the mover's clock (and depth and nodes)
	modeDefault                    // its limits malformed: DefaultMoveTime
)

// mode tells how g is bounded: movetime before the clocks, infinite
// before both.
func (g goArgs) mode() searchMode {
	switch {
	case g.infinite:
		return modeInfinite
	case g.moveTime > 0:
		return modeLimits
	case g.clock:
		return modeClock
	case g.nodes > 0 || g.depth > 0:
		return modeLimits
	case g.badLimit:
		return modeDefault
	}
	return modeInfinite
}

// mover returns the clock and the increment of the side to move (white
// or not); a missing clock is zero.
func (g goArgs) mover(white bool) (left, inc time.Duration) {
	if white {
		return g.wtime, g.winc
	}
	return g.btime, g.binc
}

// goCommand answers go: it refuses to search without a valid position
// (bestmove 0000), names the malformed words in one info string, and
// puts the search behind those that wait, stopping an infinite one.
func (e *Engine) goCommand(args []string, at time.Time) {
	g, problems := parseGo(args)
	e.stopInfinite()
	if e.posErr != nil {
		err := e.posErr
		e.enqueue(&task{run: func(context.Context, time.Time) report {
			e.info("no search: %v", err)
			e.send("bestmove 0000")
			return report{}
		}})
		return
	}
	variant := e.variant != "" && e.variant != "chess"
	var rootMoves []chess.Move
	if len(g.searchMoves) > 0 && variant {
		problems = append(problems, "searchmoves is not supported with UCI_Variant "+e.variant)
	} else if len(g.searchMoves) > 0 {
		var ml chess.MoveList
		e.pos.LegalMoves(&ml)
		for _, text := range g.searchMoves {
			m, err := chess.ParseMove(&e.pos, text, ml.Slice())
			if err != nil {
				problems = append(problems, fmt.Sprintf("searchmoves %s: %v", text, err))
				continue
			}
			rootMoves = append(rootMoves, m)
		}
		if len(rootMoves) == 0 {
			problems = append(problems, "no legal move among searchmoves, so every move is searched")
		}
	}
	mode := g.mode()
	if len(problems) > 0 {
		tail := ""
		if mode == modeDefault {
			tail = fmt.Sprintf("; searching %d ms", DefaultMoveTime.Milliseconds())
		}
		e.info("go: %s%s", strings.Join(problems, ", "), tail)
	}
	if variant {
		e.goVariant(g, mode)
		return
	}

	lim := chesssearch.Limits{Nodes: g.nodes, Depth: g.depth, MoveTime: g.moveTime, RootMoves: rootMoves, Margin: e.margin}
	var hard time.Duration
	switch mode {
	case modeClock:
		lim.Time, lim.Inc = g.mover(e.pos.Turn() == chess.White)
		lim.MovesToGo, lim.Clock = g.movesToGo, true
		lim.Overhead = e.overhead + e.measuredOverhead()
		_, hard = chesssearch.TimeBudget(lim.Time, lim.Inc, lim.MovesToGo, lim.Overhead)
	case modeDefault:
		lim.MoveTime = DefaultMoveTime
	}
	if n := levelNodes[e.level]; n > 0 && (lim.Nodes == 0 || lim.Nodes > n) {
		lim.Nodes = n
	}
	if e.level == "easy" && e.margin == 0 {
		lim.Margin = chesssearch.EasyMargin
	}
	pos, past, s := e.pos, e.past, e.searcher
	infinite := mode == modeInfinite
	e.enqueue(&task{infinite: infinite, from: at, run: func(ctx context.Context, from time.Time) report {
		s.OnInfo = e.sendInfo
		m, _ := s.Search(ctx, &pos, past, lim)
		if infinite {
			<-ctx.Done() // UCI: bestmove only after stop
		}
		e.send("bestmove %s", m)
		if mode != modeClock {
			return report{}
		}
		return report{clocked: true, late: time.Since(from) - hard}
	}})
}

// variants are the values of the UCI_Variant option: orthodox chess,
// which the chess engine plays, and Samurai chess, whose moves are UCI
// moves and whose position notation is FEN with the cards in brackets
// after the board, as the holdings of crazyhouse are written by engines
// that play variants over UCI (games/samurai's doc gives the notation).
var variants = []string{"chess", "samurai"}

// variantPosition reads "startpos|fen F… [moves M…]" in the game of the
// UCI_Variant option. A null move ("0000") or "pass" among the moves is
// skipped: the game makes a forced pass by itself.
func (e *Engine) variantPosition(args []string) error {
	g, err := games.ByName(e.variant)
	if err != nil {
		return err
	}
	var st game.State
	rest := args[1:]
	switch args[0] {
	case "startpos":
		st, err = g.New(nil)
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		st, err = g.Setup(nil, strings.Join(rest[:n], " "))
		rest = rest[n:]
	default:
		return fmt.Errorf("position refused: startpos or fen expected, not %q", args[0])
	}
	if err != nil {
		return fmt.Errorf("position refused: %v", err)
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, text := range rest[1:] {
			if text == "0000" || text == "pass" {
				continue
			}
			a, err := st.ParseAction(text)
			if err == nil {
				err = st.Apply(a)
			}
			if err != nil {
				return fmt.Errorf("position refused: move %s: %v", text, err)
			}
		}
	}
	e.st = st
	return nil
}

// goVariant searches the position of the UCI_Variant option with the
// ai package's level (the Level option) in the background, as goCommand
// does in chess: the nodes of go (as the search's node budget),
// movetime, or a share of the mover's clock (chesssearch.TimeBudget, at
// least a millisecond); it reports the depth and nodes it reached.
func (e *Engine) goVariant(g goArgs, mode searchMode) {
	if e.st == nil {
		if err := e.variantPosition([]string{"startpos"}); err != nil {
			e.info("%v", err)
			return
		}
	}
	cfg := ai.Config{Level: e.level, Iterations: int(g.nodes), Depth: g.depth, Time: g.moveTime, Seed: 1}
	if cfg.Level == "" {
		cfg.Level = "hard"
	}
	switch mode {
	case modeClock:
		left, inc := g.mover(e.st.Player() == 0)
		soft, _ := chesssearch.TimeBudget(left, inc, g.movesToGo, e.overhead)
		cfg.Time = max(soft, time.Millisecond)
	case modeDefault:
		cfg.Time = DefaultMoveTime
	case modeInfinite:
		cfg.Time, cfg.Iterations = time.Hour, 0
	}
	st, infinite := e.st.Clone(), mode == modeInfinite
	e.enqueue(&task{infinite: infinite, run: func(ctx context.Context, _ time.Time) report {
		best := "0000"
		if agent, err := searches.NewAgent(cfg); err != nil {
			e.info("%v", err)
		} else if st.Player() >= 0 {
			start := time.Now()
			a, err := agent.Choose(ctx, st)
			if err != nil {
				e.info("%v", err)
			} else {
				best = st.ActionString(a)
				if r, ok := agent.(ai.StatsReporter); ok {
					stats := r.LastStats()
					e.send("info depth %d nodes %d time %d", stats.Depth, stats.Iterations, time.Since(start).Milliseconds())
				}
			}
		}
		if infinite {
			<-ctx.Done()
		}
		e.send("bestmove %s", best)
		return report{}
	}})
}

// levelNodes are the node budgets of the levels below hard, which the
// Level option sets as the app's levels search them.
var levelNodes = map[string]int64{"medium": int64(ai.NativeMediumNodesOf("chess")), "easy": chesssearch.EasyNodes}

func (e *Engine) sendInfo(in chesssearch.Info) {
	score := fmt.Sprintf("cp %d", in.Score)
	switch {
	case in.Score > chesssearch.MateBound:
		score = fmt.Sprintf("mate %d", (chesssearch.MateScore-in.Score+1)/2)
	case in.Score < -chesssearch.MateBound:
		score = fmt.Sprintf("mate -%d", (chesssearch.MateScore+in.Score)/2)
	}
	ms := in.Elapsed.Milliseconds()
	nps := int64(0)
	if ms > 0 {
		nps = in.Nodes * 1000 / ms
	}
	pv := make([]string, len(in.PV))
	for i, m := range in.PV {
		pv[i] = m.String()
	}
	e.send("info depth %d seldepth %d score %s nodes %d nps %d time %d pv %s",
		in.Depth, in.SelDepth, score, in.Nodes, nps, ms, strings.Join(pv, " "))
}
