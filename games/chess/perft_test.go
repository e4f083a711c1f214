package chess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	id, fen string
	depth   int
	nodes   uint64
}

func loadPerft(t testing.TB) []perftCase {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var id, fen string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		key, rest, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch key {
		case "", "#":
		case "id":
			id = rest
		case "epd":
			fen = rest
		case "perft":
			d, n, _ := strings.Cut(rest, " ")
			depth, err1 := strconv.Atoi(d)
			nodes, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perft.txt:%d: bad perft line %q", line, sc.Text())
			}
			out = append(out, perftCase{id, fen, depth, nodes})
		default:
			t.Fatalf("perft.txt:%d: unknown line %q", line, sc.Text())
		}
	}
	return out
}

// TestPerft runs the perft suite with bulk counting, and with full
// make-to-the-leaves counting for the entries up to a million nodes.
func TestPerft(t *testing.T) {
	for _, c := range loadPerft(t) {
		if testing.Short() && c.nodes > 10_000_000 {
			continue
		}
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: ParseFEN(%q): %v", c.id, c.fen, err)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: Validate(%q): %v", c.id, c.fen, err)
		}
		if got := PerftBulk(&p, c.depth); got != c.nodes {
			t.Errorf("%s: PerftBulk(%q, %d) = %d, want %d", c.id, c.fen, c.depth, got, c.nodes)
		}
		if c.nodes <= 1_000_000 {
			if got := Perft(&p, c.depth); got != c.nodes {
				t.Errorf("%s: Perft(%q, %d) = %d, want %d", c.id, c.fen, c.depth, got, c.nodes)
			}
		}
	}
}

// TestHashIncremental checks the incremental Zobrist hash against a fresh
// computation along the perft tree of Kiwipete.
func TestHashIncremental(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		if h := p.computeHash(); h != p.Hash() {
			t.Fatalf("%s: incremental hash %x, computed %x", p.FEN(), p.Hash(), h)
		}
		if depth == 0 {
			return
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			c := *p
			c.Play(m)
			walk(&c, depth-1)
		}
	}
	walk(&p, 3)
}

func BenchmarkPerftStartFull(b *testing.B) {
	p := Start()
	var n uint64
	for b.Loop() {
		n += Perft(&p, 5)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerftStartBulk(b *testing.B) {
	p := Start()
	var n uint64
	for b.Loop() {
		n += PerftBulk(&p, 5)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerftKiwipeteBulk(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var n uint64
	for b.Loop() {
		n += PerftBulk(&p, 4)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
