package search

import (
	"context"
	"testing"
	"time"

	"github.com/norns-games/norns/games/seidr"
)

// BenchmarkSearch reports nodes per second of the search at 20,000 nodes
// from the starting position and one after a quiet move, each from an
// empty table.
func BenchmarkSearch(b *testing.B) {
	var states []*seidr.State
	for _, pos := range []string{seidr.StartPosition, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1 quiet -"} {
		s, err := seidr.Game.Setup(nil, pos)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s.(*seidr.State))
	}
	var nodes int64
	for b.Loop() {
		for _, st := range states {
			sr := NewSearcher(DefaultSearchConfig, 16, st.QuietLimit(), st.DeadDraw(), 1)
			c := st.Core()
			nodes += sr.Search(context.Background(), &c, 20000, time.Time{}, 0).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
