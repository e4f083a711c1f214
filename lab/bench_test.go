package lab

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/norns-games/norns/games"
)

// benchRecords plays a small study once for the benchmarks.
func benchRecords(b *testing.B) []Record {
	b.Helper()
	dir := b.TempDir()
	if _, err := Run(context.Background(), Config{Plan: smoke, Workers: 2, Dir: dir}); err != nil {
		b.Fatal(err)
	}
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		b.Fatal(err)
	}
	return recs
}

// BenchmarkAnalyze replays a recorded Lux et Umbra game.
func BenchmarkAnalyze(b *testing.B) {
	recs := benchRecords(b)
	g, _ := games.ByName("luxumbra")
	for b.Loop() {
		r := recs[0]
		if err := Analyze(g, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSummarize sums up the 40 games of the smoke study.
func BenchmarkSummarize(b *testing.B) {
	recs := benchRecords(b)
	for b.Loop() {
		if _, err := Summarize(smoke, smoke.Agents, "", recs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBinomialTest is the first player's test over 2,000 games.
func BenchmarkBinomialTest(b *testing.B) {
	for b.Loop() {
		BinomialTest(1030, 2000, 0.5)
	}
}
