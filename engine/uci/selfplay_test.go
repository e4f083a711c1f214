package uci

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/games/chess"
)

// The self-play match of TestUCISelfPlay: short by default; for a longer
// one, e.g. go test ./engine/uci -run TestUCISelfPlay -v -uci.games 58
// -uci.clock 10s -uci.inc 100ms -uci.plies 300.
var (
	selfPlayGames = flag.Int("uci.games", 2, "games of TestUCISelfPlay")
	selfPlayClock = flag.Duration("uci.clock", time.Second, "each side's clock in TestUCISelfPlay")
	selfPlayInc   = flag.Duration("uci.inc", 10*time.Millisecond, "the increment in TestUCISelfPlay")
	selfPlayPlies = flag.Int("uci.plies", 40, "plies after which a game of TestUCISelfPlay is adjudicated a draw")
)

// selfPlayOpenings are the first moves of the games, as a match runner's
// opening book gives them.
var selfPlayOpenings = [][]string{
	{"e2e4", "c7c5"}, {"d2d4", "g8f6", "c2c4", "e7e6"}, {"e2e4", "e7e5", "g1f3", "b8c6"},
	{"c2c4", "e7e5"}, {"d2d4", "d7d5"}, {"g1f3", "d7d5", "g2g3"}, {"e2e4", "e7e6", "d2d4", "d7d5"},
}

// TestUCISelfPlay plays games between two engines as a GUI drives them
// over the UCI text: uci, isready, ucinewgame, then for every move
// position startpos moves … and go with both clocks, which the referee
// runs on the time it waits for bestmove. Every bestmove must be legal
// and every line a UCI line. Time losses (a clock below zero) are
// logged, not failed: they depend on the machine.
func TestUCISelfPlay(t *testing.T) {
	engines := [2]*session{newSession(t), newSession(t)}
	for _, s := range engines {
		s.send("uci")
		s.until("uciok")
		s.send("isready")
		s.until("readyok")
	}
	losses, moves := 0, 0
	var spent, most time.Duration
	for game := range *selfPlayGames {
		opening := selfPlayOpenings[game/2%len(selfPlayOpenings)]
		white := game % 2 // the engine that plays White
		p := chess.Start()
		seen := map[uint64]int{p.Hash(): 1}
		var played []string
		play := func(text string) error {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			m, err := chess.ParseMove(&p, text, ml.Slice())
			if err != nil || m.String() != text {
				return fmt.Errorf("%s is not a legal move", text)
			}
			p.Play(m)
			played = append(played, text)
			seen[p.Hash()]++
			return nil
		}
		for _, m := range opening {
			if err := play(m); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range engines {
			s.send("ucinewgame", "isready")
			s.until("readyok")
		}
		clock := [2]time.Duration{*selfPlayClock, *selfPlayClock}
		result := "draw by the ply limit"
		for len(played) < *selfPlayPlies {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			switch {
			case ml.N == 0 && p.InCheck():
				result = "mate"
			case ml.N == 0:
				result = "stalemate"
			case p.Halfmove() >= 100:
				result = "fifty moves"
			case chess.InsufficientMaterial(&p):
				result = "insufficient material"
			case seen[p.Hash()] >= 3:
				result = "repetition"
			}
			if ml.N == 0 || p.Halfmove() >= 100 || chess.InsufficientMaterial(&p) || seen[p.Hash()] >= 3 {
				break
			}
			side := 0
			if p.Turn() == chess.Black {
				side = 1
			}
			s := engines[(white+side)%2]
			start := time.Now()
			s.send("position startpos moves "+strings.Join(played, " "),
				fmt.Sprintf("go wtime %d btime %d winc %d binc %d", clock[0].Milliseconds(), clock[1].Milliseconds(), selfPlayInc.Milliseconds(), selfPlayInc.Milliseconds()))
			m, before := s.bestmove()
			took := time.Since(start)
			spent += took
			most = max(most, took)
			moves++
			if took > clock[side] {
				losses++
				t.Logf("game %d: %s lost on time at ply %d (%v on the clock, took %v)", game+1, p.Turn(), len(played)+1, clock[side], took)
				clock[side] = took // play on from zero
			}
			clock[side] -= took
			clock[side] += *selfPlayInc
			for _, l := range before {
				if !uciLine(l) || strings.HasPrefix(l, "info string") {
					t.Errorf("game %d, ply %d: %q", game+1, len(played)+1, l)
				}
			}
			if err := play(m); err != nil {
				t.Fatalf("game %d after %s: bestmove %s: %v", game+1, strings.Join(played, " "), m, err)
			}
		}
		t.Logf("game %d: %s after %d plies: %s", game+1, result, len(played), strings.Join(played, " "))
	}
	for _, s := range engines {
		s.quit()
	}
	if moves > 0 {
		t.Logf("%d games, %d moves, %d time losses, %v a move on average, at most %v", *selfPlayGames, moves, losses, spent/time.Duration(moves), most)
	}
}
