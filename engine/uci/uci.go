package uci

import (
	"bufio"
	"context"
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

// Engine is one UCI session: the options, the position and the running
// search, if any.
type Engine struct {
	cfg   Config
	out   io.Writer
	outMu sync.Mutex

	searcher *chesssearch.Searcher
	hashMB   int
	level    string // the Level option
	margin   int    // the Margin option
	// variant is the UCI_Variant option: "chess", or the name of a chess
	// game that the generic ai levels play through the game interface
	// (variants), whose position is then st.
	variant string
	st      game.State
	pos     chess.Position
	past    []uint64 // hashes of the positions before pos

	// the running search
	cancel   context.CancelFunc
	done     chan struct{}
	infinite bool
}

func (e *Engine) send(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
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
	e := &Engine{cfg: cfg, hashMB: 16, pos: chess.Start()}
	e.searcher = chesssearch.NewSearcher(tableBits(e.hashMB), 1)
	return e
}

// Run reads UCI commands from in until quit or the end of the input
// (after which it lets a finite search finish) and answers on out. A
// search runs in the background, so that stop and isready are answered
// while it thinks; its info and bestmove lines go to out as well. Run
// serves one session at a time.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.outMu.Lock()
	e.out = out
	e.outMu.Unlock()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "uci":
			e.send("id name %s", strings.TrimSpace(e.cfg.Name+" "+e.cfg.Version))
			e.send("id author the Norns authors")
			e.send("option name Hash type spin default 16 min 1 max 4096")
			e.send("option name Threads type spin default 1 min 1 max 1")
			e.send("option name Level type combo default hard var hard var medium var easy")
			e.send("option name Margin type spin default 0 min 0 max 1000")
			e.send("option name UCI_Variant type combo default chess var %s", strings.Join(variants, " var "))
			e.send("uciok")
		case "isready":
			e.send("readyok")
		case "ucinewgame":
			e.finish()
			e.searcher.Clear()
			e.pos, e.past = chess.Start(), nil
			e.st = nil
		case "setoption":
			e.finish()
			e.setOption(fields[1:])
		case "position":
			e.finish()
			if err := e.position(fields[1:]); err != nil {
				e.send("info string %v", err)
			}
		case "go":
			e.finish()
			e.goSearch(fields[1:])
		case "stop":
			e.stop()
		case "quit":
			e.stop()
			return nil
		case "debug", "register", "ponderhit":
		default:
			e.send("info string unknown command %s", fields[0])
		}
	}
	e.finish()
	return sc.Err()
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
			e.send("info string Hash must be a number of megabytes, not %q", v)
			return
		}
		e.hashMB = mb
		e.searcher = chesssearch.NewSearcher(tableBits(mb), 1)
	case "threads":
		// One thread only.
	case "level":
		switch v {
		case "hard", "medium", "easy":
			e.level = v
		default:
			e.send("info string Level is hard, medium or easy, not %q", v)
		}
	case "uci_variant":
		if !slices.Contains(variants, v) {
			e.send("info string UCI_Variant is one of %s, not %q", strings.Join(variants, ", "), v)
			return
		}
		e.variant, e.st = v, nil
	case "margin":
		m, err := strconv.Atoi(v)
		if err != nil || m < 0 {
			e.send("info string Margin must be a number of centipawns, not %q", v)
			return
		}
		e.margin = m
	default:
		e.send("info string unknown option %q", strings.Join(name, " "))
	}
}

// position reads "startpos|fen F… [moves M…]".
func (e *Engine) position(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position: startpos or fen expected")
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
		var err error
		p, err = chess.ParseFEN(strings.Join(rest[:n], " "))
		if err != nil {
			return err
		}
		if err := p.Validate(); err != nil {
			return err
		}
		rest = rest[n:]
	default:
		return fmt.Errorf("position: startpos or fen expected, not %q", args[0])
	}
	var past []uint64
	if len(rest) > 0 && rest[0] == "moves" {
		for _, text := range rest[1:] {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			m, err := chess.ParseMove(&p, text, ml.Slice())
			if err != nil {
				return fmt.Errorf("position: move %s: %v", text, err)
			}
			past = append(past, p.Hash())
			p.Play(m)
		}
	}
	e.pos, e.past = p, past
	return nil
}

// goSearch starts a search in the background with the limits of "go …".
func (e *Engine) goSearch(args []string) {
	var lim chesssearch.Limits
	var wtime, btime, winc, binc time.Duration
	infinite := false
	for i := 0; i < len(args); i++ {
		num := func() int64 {
			if i+1 >= len(args) {
				return 0
			}
			i++
			v, _ := strconv.ParseInt(args[i], 10, 64)
			return v
		}
		ms := func() time.Duration { return time.Duration(num()) * time.Millisecond }
		switch args[i] {
		case "wtime":
			wtime = ms()
		case "btime":
			btime = ms()
		case "winc":
			winc = ms()
		case "binc":
			binc = ms()
		case "movestogo":
			lim.MovesToGo = int(num())
		case "movetime":
			lim.MoveTime = ms()
		case "nodes":
			lim.Nodes = num()
		case "depth":
			lim.Depth = int(num())
		case "infinite":
			infinite = true
		}
	}
	if lim.MoveTime == 0 && !infinite {
		if e.pos.Turn() == chess.White {
			lim.Time, lim.Inc = wtime, winc
		} else {
			lim.Time, lim.Inc = btime, binc
		}
	}
	if e.variant != "" && e.variant != "chess" {
		e.goVariant(lim, wtime, btime, winc, binc, infinite)
		return
	}
	lim.Margin = e.margin
	if n := levelNodes[e.level]; n > 0 && (lim.Nodes == 0 || lim.Nodes > n) {
		lim.Nodes = n
	}
	if e.level == "easy" && e.margin == 0 {
		lim.Margin = chesssearch.EasyMargin
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done, e.infinite = cancel, make(chan struct{}), infinite
	pos, past, s, done := e.pos, e.past, e.searcher, e.done
	s.OnInfo = func(in chesssearch.Info) { e.sendInfo(in) }
	go func() {
		defer close(done)
		m, _ := s.Search(ctx, &pos, past, lim)
		if infinite {
			<-ctx.Done() // UCI: bestmove only after stop
		}
		e.send("bestmove %s", m)
	}()
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
		return fmt.Errorf("position: startpos or fen expected, not %q", args[0])
	}
	if err != nil {
		return fmt.Errorf("position: %v", err)
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
				return fmt.Errorf("position: move %s: %v", text, err)
			}
		}
	}
	e.st = st
	return nil
}

// goVariant searches the position of the UCI_Variant option with the
// ai package's level (the Level option) in the background: the nodes of
// go (as the search's node budget), movetime, or a share of the mover's
// clock (chesssearch.TimeBudget); it reports the depth and nodes it reached.
func (e *Engine) goVariant(lim chesssearch.Limits, wtime, btime, winc, binc time.Duration, infinite bool) {
	if e.st == nil {
		if err := e.variantPosition([]string{"startpos"}); err != nil {
			e.send("info string %v", err)
			return
		}
	}
	cfg := ai.Config{Level: e.level, Iterations: int(lim.Nodes), Depth: lim.Depth, Time: lim.MoveTime, Seed: 1}
	if cfg.Level == "" {
		cfg.Level = "hard"
	}
	if lim.MoveTime == 0 && !infinite {
		left, inc := wtime, winc
		if e.st.Player() == 1 {
			left, inc = btime, binc
		}
		if left > 0 {
			cfg.Time, _ = chesssearch.TimeBudget(left, inc, lim.MovesToGo, chesssearch.ClockOverhead)
		}
	}
	if infinite {
		cfg.Time, cfg.Iterations = time.Hour, 0
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done, e.infinite = cancel, make(chan struct{}), infinite
	st, done := e.st.Clone(), e.done
	go func() {
		defer close(done)
		best := "0000"
		if agent, err := searches.NewAgent(cfg); err != nil {
			e.send("info string %v", err)
		} else if st.Player() >= 0 {
			start := time.Now()
			a, err := agent.Choose(ctx, st)
			if err != nil {
				e.send("info string %v", err)
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
	}()
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

// stop ends the running search, if any, and waits for its bestmove.
func (e *Engine) stop() {
	if e.cancel != nil {
		e.cancel()
	}
	e.wait()
}

// finish lets a finite search end (a script may send its next commands
// at once; a GUI sends stop first) and stops an infinite one.
func (e *Engine) finish() {
	if e.infinite {
		e.stop()
	}
	e.wait()
}

// wait waits for the running search, if any, to end.
func (e *Engine) wait() {
	if e.done != nil {
		<-e.done
		e.cancel()
		e.cancel, e.done = nil, nil
	}
}
