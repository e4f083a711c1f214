package search

import (
	"context"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/norns-games/norns/games/tafl"
)

// benchPositions are the positions BenchmarkSearch searches: the Sea
// Hnefatafl start and positions after 10, 20 and 30 plies of a seeded
// random game from it.
func benchPositions(b *testing.B) []*tafl.State {
	start, _ := tafl.Sea.New(nil)
	rng := rand.New(rand.NewPCG(7, 7))
	var out []*tafl.State
	for len(out) < 4 {
		s := start.Clone().(*tafl.State)
		for ply := 0; ply <= 30 && !s.Terminal() && len(out) < 4; ply++ {
			if ply%10 == 0 {
				out = append(out, s.Clone().(*tafl.State))
			}
			l := s.Legal()
			s.ApplyUnchecked(l[rng.IntN(len(l))])
		}
		if len(out) < 4 {
			out = out[:0]
		}
	}
	return out
}

// BenchmarkSearch searches each of benchPositions with a fresh Searcher
// to 100,000 nodes; one op is one search. It reports the nodes searched a
// second of the wall clock and of the process's CPU time (on a shared
// machine the latter is what one free core would do) and the mean depth
// completed.
func BenchmarkSearch(b *testing.B) {
	positions := benchPositions(b)
	cpu0 := cpuTime()
	var nodes int64
	depths, searches := 0, 0
	i := 0
	for b.Loop() {
		s := positions[i%len(positions)]
		sr := NewSearcher(s.Rules(), 18, 1)
		_, info := sr.Search(context.Background(), s, Limits{Nodes: 100000})
		nodes += info.Nodes
		depths += info.Depth
		searches++
		i++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/(cpuTime()-cpu0).Seconds(), "nodes/cpu-s")
	b.ReportMetric(float64(depths)/float64(searches), "depth")
}

// cpuTime returns the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
