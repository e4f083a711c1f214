//go:build engines

// Command sfmatch plays Norns's chess engine (norns uci) against Stockfish
// held to a UCI_Elo, to measure Norns on Stockfish's rating scale:
//
//	go build -o /tmp/norns ./cmd/norns
//	go run -tags engines ./scripts/sfmatch -norns /tmp/norns -elo 1800 -games 20
//
// Norns searches a fixed number of nodes a move (-nodes: what the hard
// level searches in 1.5 s on a free core), so its play does not depend
// on the machine's load; -level medium or easy plays the app's lower
// levels (at most their own nodes a move; easy with its random margin,
// which -margin replaces); Stockfish searches -sf-nodes nodes with
// UCI_LimitStrength (its weakening picks its move among four at a fixed
// depth, 1 + the skill level its UCI_Elo gives: 4 plies at 1800, 6 at
// 2200, which those nodes reach). Game i starts from opening i/2 of a fixed list with
// Norns White in even games, so each opening is played with both colours.
// A game ends by the rules (checkmate, stalemate, insufficient material,
// threefold repetition, the fifty-move rule) or is adjudicated: won when
// both engines see the same side at least -win-cp ahead for 6 plies in
// a row, drawn when both see at most 15 centipawns either way for 12
// plies after move 40, or after 300 plies. It prints every game, and
// after each the score so far with its 95% interval and the Elo
// estimate.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"github.com/norns-games/norns/games/chess"
)

// openings are short lines of common openings, as UCI moves from the
// start.
var openings = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3",
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
	"e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",
	"e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
	"d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6",
	"e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
}

type engine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	log io.Writer
}

func start(path string, args ...string) (*engine, error) {
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(make([]byte, 1<<16), 1<<20)
	e.send("uci")
	e.until("uciok")
	return e, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

// until reads lines up to one starting with prefix and returns it, with
// the last score seen in an info line (from the mover's side, mates as
// ±100000).
func (e *engine) until(prefix string) (string, int, bool) {
	score, have := 0, false
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, "info") && strings.Contains(l, " score ") {
			f := strings.Fields(l)
			for i := 0; i+2 < len(f); i++ {
				if f[i] != "score" {
					continue
				}
				v, err := strconv.Atoi(f[i+2])
				if err != nil {
					break
				}
				if f[i+1] == "mate" {
					if v > 0 {
						v = 100000
					} else {
						v = -100000
					}
				}
				if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
					break
				}
				score, have = v, true
				break
			}
		}
		if strings.HasPrefix(l, prefix) {
			return l, score, have
		}
	}
	fmt.Fprintln(os.Stderr, "sfmatch: engine ended")
	os.Exit(1)
	return "", 0, false
}

func (e *engine) ready() {
	e.send("isready")
	e.until("readyok")
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	e.cmd.Wait()
}

type config struct {
	norns, stockfish string
	elo              int
	nodes, sfNodes   int
	winCP            int
	level            string
	margin           int
}

// result is 1, ½ or 0 for Norns.
type result struct {
	index  int
	points float64
	reason string
	plies  int
	moves  string
}

func play(cfg config, norns, sf *engine, index int) result {
	opening := strings.Fields(openings[index/2%len(openings)])
	nornsWhite := index%2 == 0
	for _, e := range []*engine{norns, sf} {
		e.send("ucinewgame")
		e.ready()
	}
	p := chess.Start()
	var moves []string
	var hashes []uint64
	var scores []int // White's view, by both engines, one per ply
	play := func(text string) bool {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		m, err := chess.ParseMove(&p, text, ml.Slice())
		if err != nil {
			return false
		}
		hashes = append(hashes, p.Hash())
		p.Play(m)
		moves = append(moves, text)
		return true
	}
	for _, m := range opening {
		play(m)
	}
	pts := func(whiteWins float64) float64 {
		if nornsWhite {
			return whiteWins
		}
		return 1 - whiteWins
	}
	end := func(whitePts float64, reason string) result {
		return result{index: index, points: pts(whitePts), reason: reason, plies: len(moves), moves: strings.Join(moves, " ")}
	}
	for {
		if whitePts, reason, over := gameOver(&p, hashes, len(moves)); over {
			return end(whitePts, reason)
		}
		if whitePts, reason, over := adjudicate(scores, len(moves), cfg.winCP); over {
			return end(whitePts, reason)
		}
		e, goCmd := sf, fmt.Sprintf("go nodes %d", cfg.sfNodes)
		if (p.Turn() == chess.White) == nornsWhite {
			e, goCmd = norns, fmt.Sprintf("go nodes %d", cfg.nodes)
		}
		e.send("position startpos moves " + strings.Join(moves, " "))
		e.send(goCmd)
		line, sc, have := e.until("bestmove")
		f := strings.Fields(line)
		if len(f) < 2 || !play(f[1]) {
			fmt.Fprintf(os.Stderr, "sfmatch: game %d: illegal move %q after %s\n", index, line, strings.Join(moves, " "))
			os.Exit(1)
		}
		if !have {
			sc = 0
		}
		if p.Turn() == chess.White { // the mover was Black
			sc = -sc
		}
		scores = append(scores, sc)
	}
}

// gameOver reports whether the game is over in p, after plies moves
// through the positions with hashes, by the rules or at 300 plies, with
// White's points and the reason.
func gameOver(p *chess.Position, hashes []uint64, plies int) (whitePts float64, reason string, over bool) {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	if ml.N == 0 {
		if p.InCheck() {
			if p.Turn() == chess.White {
				return 0, "checkmate", true
			}
			return 1, "checkmate", true
		}
		return 0.5, "stalemate", true
	}
	if chess.InsufficientMaterial(p) {
		return 0.5, "insufficient material", true
	}
	if p.Halfmove() >= 100 {
		return 0.5, "fifty-move rule", true
	}
	reps := 1
	for i := len(hashes) - 2; i >= 0 && i >= len(hashes)-p.Halfmove(); i -= 2 {
		if hashes[i] == p.Hash() {
			reps++
		}
	}
	if reps >= 3 {
		return 0.5, "threefold repetition", true
	}
	if plies >= 300 {
		return 0.5, "300 plies", true
	}
	return 0, "", false
}

// adjudicate reports whether the engines' scores (White's view, one a
// ply) decide the game after plies moves: six in a row at winCP or more
// for one side, or twelve within 15 centipawns after move 40.
func adjudicate(scores []int, plies, winCP int) (whitePts float64, reason string, over bool) {
	if n := len(scores); n >= 6 {
		won, lost := true, true
		for _, s := range scores[n-6:] {
			won = won && s >= winCP
			lost = lost && s <= -winCP
		}
		if won {
			return 1, "adjudicated", true
		}
		if lost {
			return 0, "adjudicated", true
		}
	}
	if n := len(scores); n >= 12 && plies >= 80 {
		drawn := true
		for _, s := range scores[n-12:] {
			drawn = drawn && s >= -15 && s <= 15
		}
		if drawn {
			return 0.5, "adjudicated draw", true
		}
	}
	return 0, "", false
}

func main() {
	var cfg config
	var games, workers, first int
	flag.StringVar(&cfg.norns, "norns", "/tmp/norns", "the norns binary (run as norns uci)")
	flag.StringVar(&cfg.stockfish, "stockfish", "/usr/games/stockfish", "the Stockfish binary")
	flag.IntVar(&cfg.elo, "elo", 1800, "Stockfish's UCI_Elo")
	flag.IntVar(&cfg.nodes, "nodes", 1900000, "Norns's nodes per move")
	flag.IntVar(&cfg.sfNodes, "sf-nodes", 100000, "Stockfish's nodes per move")
	flag.StringVar(&cfg.level, "level", "hard", "Norns's level (the Level option: hard, medium, easy; medium and easy search at most their nodes)")
	flag.IntVar(&cfg.margin, "margin", 0, "Norns's Margin option (centipawns; 0: the level's)")
	flag.IntVar(&cfg.winCP, "win-cp", 1000, "the lead both engines must see to adjudicate a win")
	flag.IntVar(&games, "games", 20, "games to play")
	flag.IntVar(&first, "first", 0, "index of the first game (to resume or extend a run)")
	flag.IntVar(&workers, "workers", 1, "games played at once")
	flag.Parse()

	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			norns, err := start(cfg.norns, "uci")
			if err != nil {
				fmt.Fprintln(os.Stderr, "sfmatch:", err)
				os.Exit(1)
			}
			defer norns.close()
			sf, err := start(cfg.stockfish)
			if err != nil {
				fmt.Fprintln(os.Stderr, "sfmatch:", err)
				os.Exit(1)
			}
			defer sf.close()
			sf.send("setoption name Threads value 1")
			sf.send("setoption name Hash value 16")
			sf.send("setoption name UCI_LimitStrength value true")
			sf.send(fmt.Sprintf("setoption name UCI_Elo value %d", cfg.elo))
			norns.send("setoption name Hash value 32")
			norns.send("setoption name Level value " + cfg.level)
			if cfg.margin > 0 {
				norns.send(fmt.Sprintf("setoption name Margin value %d", cfg.margin))
			}
			for i := range jobs {
				results <- play(cfg, norns, sf, i)
			}
		}()
	}
	go func() {
		for i := first; i < first+games; i++ {
			jobs <- i
		}
		close(jobs)
	}()
	go func() { wg.Wait(); close(results) }()

	fmt.Printf("norns uci (level %s, margin %d, at most %d nodes) against stockfish UCI_Elo %d (%d nodes), %d games from %d\n", cfg.level, cfg.margin, cfg.nodes, cfg.elo, cfg.sfNodes, games, first)
	var w, d, l int
	var pts []float64
	for r := range results {
		colour := "white"
		if r.index%2 == 1 {
			colour = "black"
		}
		fmt.Printf("game %d: norns %s, %.1f (%s, %d plies): %s\n", r.index, colour, r.points, r.reason, r.plies, r.moves)
		switch r.points {
		case 1:
			w++
		case 0:
			l++
		default:
			d++
		}
		pts = append(pts, r.points)
		summary(cfg.elo, w, d, l, pts)
	}
}

// summary prints the score so far with its 95% interval and the Elo
// estimate.
func summary(opp, w, d, l int, pts []float64) {
	n := float64(len(pts))
	mean := 0.0
	for _, x := range pts {
		mean += x
	}
	mean /= n
	v := 0.0
	for _, x := range pts {
		v += (x - mean) * (x - mean)
	}
	half := 0.0
	if n >= 2 {
		half = 1.96 * math.Sqrt(v/(n-1)/n)
	}
	elo := func(p float64) float64 {
		p = min(max(p, 0.001), 0.999)
		return -400 * math.Log10(1/p-1)
	}
	fmt.Printf("norns after %d games: +%d =%d -%d, score %.1f%% ± %.1f%%, Elo difference %+.0f [%+.0f, %+.0f], rating about %.0f [%.0f, %.0f] on UCI_Elo\n",
		len(pts), w, d, l, 100*mean, 100*half, elo(mean), elo(mean-half), elo(mean+half),
		float64(opp)+elo(mean), float64(opp)+elo(mean-half), float64(opp)+elo(mean+half))
}
