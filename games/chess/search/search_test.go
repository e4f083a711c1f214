package search

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/norns-games/norns/games/chess"
)

// benchFENs are positions of each phase the benchmarks and tests search:
// the start, an open middlegame, a closed one, a queen-and-rook middlegame
// and a rook ending.
var benchFENs = []string{
	chess.StartFEN,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"r1bqk2r/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PPQ2PPP/R1B1KB1R w KQkq - 2 7",
	"2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13",
	"8/5pk1/6p1/R7/5P2/6P1/r5K1/8 w - - 0 40",
}

// TestLegalCaptures: the capture generator gives exactly the captures and
// queen promotions among the legal moves.
func TestLegalCaptures(t *testing.T) {
	fens := append([]string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
	}, benchFENs...)
	for _, fen := range fens {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var all, caps chess.MoveList
		p.LegalMoves(&all)
		p.LegalCaptures(&caps)
		want := map[chess.Move]bool{}
		for _, m := range all.Slice() {
			if p.IsCapture(m) && (m.Promotion() == chess.NoRole || m.Promotion() == chess.Queen) || m.Promotion() == chess.Queen {
				want[m] = true
			}
		}
		got := map[chess.Move]bool{}
		for _, m := range caps.Slice() {
			got[m] = true
		}
		if fmt.Sprint(len(got)) != fmt.Sprint(len(want)) {
			t.Errorf("LegalCaptures(%q) = %v, want %v", fen, caps.Slice(), want)
			continue
		}
		for m := range want {
			if !got[m] {
				t.Errorf("LegalCaptures(%q) lacks %v", fen, m)
			}
		}
	}
}

// TestSEE: exchanges on one square.
func TestSEE(t *testing.T) {
	tests := []struct {
		fen  string
		move string
		want int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"4k3/8/2p5/3r4/4Q3/8/8/4K3 w - - 0 1", "e4d5", 500 - 950},
	}
	for _, tc := range tests {
		p, _ := chess.ParseFEN(tc.fen)
		m, err := chess.ParseMove(&p, tc.move, nil)
		if err != nil {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			m, err = chess.ParseMove(&p, tc.move, ml.Slice())
			if err != nil {
				t.Fatal(err)
			}
		}
		if got := SEE(&p, m); got != tc.want {
			t.Errorf("SEE(%q, %s) = %d, want %d", tc.fen, tc.move, got, tc.want)
		}
	}
}

// TestSearchTactics: mates and a won piece found at small node budgets.
func TestSearchTactics(t *testing.T) {
	tests := []struct {
		fen  string
		want string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"},                               // back-rank mate
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7"}, // scholar's mate
		{"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},                                   // takes the queen
		{"k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"},                                       // mate in one
	}
	for _, tc := range tests {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearcher(16, 1)
		m, info := s.Search(context.Background(), &p, nil, Limits{Nodes: 200000})
		if m.String() != tc.want {
			t.Errorf("Search(%q) = %s (depth %d, score %d), want %s", tc.fen, m, info.Depth, info.Score, tc.want)
		}
	}
}

// TestSearchDraws: the search knows stalemate and repetition.
func TestSearchDraws(t *testing.T) {
	// Black, far behind, draws by perpetual check.
	p, _ := chess.ParseFEN("6k1/6p1/8/6KQ/8/8/8/q7 b - - 0 1")
	s := NewSearcher(16, 1)
	_, info := s.Search(context.Background(), &p, nil, Limits{Nodes: 300000})
	if info.Score < -100 {
		t.Errorf("perpetual check scored %d", info.Score)
	}
}

// benchNodes is the node budget of BenchmarkSearch: about what the hard
// level searches in its 1.5 s on a free core of the development machine,
// and the budget scripts/sfmatch gives Norns.
const benchNodes = 1900000

// BenchmarkSearch reports nodes per second and the depth reached at the
// hard level's node budget on the positions of benchFENs, each searched
// from an empty table.
func BenchmarkSearch(b *testing.B) {
	for i, fen := range benchFENs {
		b.Run(fmt.Sprintf("pos%d", i), func(b *testing.B) {
			p, err := chess.ParseFEN(fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			depth := 0
			for b.Loop() {
				s := NewSearcher(20, 1)
				_, info := s.Search(context.Background(), &p, nil, Limits{Nodes: benchNodes})
				nodes += info.Nodes
				depth = info.Depth
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(depth), "depth")
		})
	}
}

// mirror returns p with the colours swapped and the board turned upside
// down (castling and en passant dropped).
func mirror(p *chess.Position) chess.Position {
	m := chess.NewEmpty()
	for sq := chess.Square(0); sq < 64; sq++ {
		if pc := p.Piece(sq); pc != chess.NoPiece {
			m.Put(sq^56, chess.MakePiece(pc.Color().Other(), pc.Role()))
		}
	}
	m.SetTurn(p.Turn().Other())
	return m
}

// TestEvalSymmetric: the evaluation is the same for the mirrored position
// from the side to move's point of view, and it likes the obvious.
func TestEvalSymmetric(t *testing.T) {
	for _, fen := range benchFENs {
		p, _ := chess.ParseFEN(fen)
		m := mirror(&p)
		if a, b := Eval(&p), Eval(&m); a != b {
			t.Errorf("Eval(%q) = %d, mirrored %d", fen, a, b)
		}
	}
	better := []struct{ good, bad, why string }{
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn up"},
		{"4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "a knight in the centre, not in the corner"},
		{"4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "a passed pawn further on"},
		{"4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/p7/8/8/8/P7/P7/4K3 w - - 0 1", "pawns not doubled"},
		{"r1bq1rk1/ppppbppp/2n2n2/4p3/4P3/2N2N2/PPPPBPPP/R1BQ1RK1 w - - 0 1", "r1bq1rk1/ppppbppp/2n2n2/4p3/4P3/2N2N2/PPPPBPPP/R1BQ1R1K w - - 0 1", "a king behind its pawns, not in the corner"},
	}
	for _, tc := range better {
		g, _ := chess.ParseFEN(tc.good)
		b, _ := chess.ParseFEN(tc.bad)
		if Eval(&g) <= Eval(&b) {
			t.Errorf("Eval(%q) = %d <= Eval(%q) = %d: want %s better", tc.good, Eval(&g), tc.bad, Eval(&b), tc.why)
		}
	}
}

// TestTimeBudget: a search shares out the clock, spending little of a
// short one, more of a long one, and more with an increment; hard never
// exceeds the clock less the overhead, and a clock at or below the
// overhead gives nothing.
func TestTimeBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		left, inc        time.Duration
		movesToGo        int
		overhead         time.Duration
		softMin, softMax time.Duration
		hardMax          time.Duration
	}{
		{time.Second, 0, 0, 50 * ms, 25 * ms, 40 * ms, 400 * ms},                                // 950 ms / 30
		{10 * time.Minute, 0, 0, 50 * ms, 19 * time.Second, 21 * time.Second, 81 * time.Second}, // 20 s a move
		{10 * time.Minute, 5 * time.Second, 0, 50 * ms, 23 * time.Second, 25 * time.Second, 100 * time.Second},
		{time.Minute, 0, 10, 50 * ms, 5900 * ms, 6000 * ms, 21 * time.Second},    // 40 moves in 90 min style: 10 to go
		{20 * ms, 0, 0, 50 * ms, 0, 0, 0},                                        // within the overhead: answer at once
		{-100 * ms, 0, 0, 10 * ms, 0, 0, 0},                                      // flagged
		{0, time.Second, 0, 10 * ms, 0, 0, 0},                                    // nothing on the clock before the increment
		{time.Second, 2 * time.Second, 0, 50 * ms, 475 * ms, 475 * ms, 475 * ms}, // the increment comes after the move: half the usable clock
		{209 * ms, 100 * ms, 0, 60 * ms, 50 * ms, 52 * ms, 89 * ms},              // 10+0.1 nearly flagged, 60 ms overhead: below the cushion, less than the increment
		{time.Second, 0, 1, 10 * ms, 970 * ms, 970 * ms, 980 * ms},               // the last move of a control: all but the cushion
	}
	for _, tc := range tests {
		soft, hard := TimeBudget(tc.left, tc.inc, tc.movesToGo, tc.overhead)
		if soft < tc.softMin || soft > tc.softMax || hard > tc.hardMax || hard < soft {
			t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want soft in [%v, %v], hard in [soft, %v]",
				tc.left, tc.inc, tc.movesToGo, tc.overhead, soft, hard, tc.softMin, tc.softMax, tc.hardMax)
		}
	}
	short, _ := TimeBudget(time.Second, 0, 0, 50*ms)
	long, _ := TimeBudget(10*time.Minute, 0, 0, 50*ms)
	if long < 100*short {
		t.Errorf("10 min gives %v a move, 1 s %v: want far more for the longer clock", long, short)
	}
	// Over a grid of clocks: 0 <= soft <= hard <= left - overhead.
	for _, left := range []time.Duration{-time.Second, 0, ms, 15 * ms, 100 * ms, 209 * ms, time.Second, time.Minute} {
		for _, inc := range []time.Duration{-ms, 0, 10 * ms, 100 * ms, time.Second, 10 * time.Second} {
			for _, mtg := range []int{-1, 0, 1, 2, 5, 40} {
				for _, ovh := range []time.Duration{-ms, 0, 10 * ms, 100 * ms, 5 * time.Second} {
					soft, hard := TimeBudget(left, inc, mtg, ovh)
					if soft < 0 || hard < soft || hard > max(0, left-max(ovh, 0)) {
						t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want 0 <= soft <= hard <= %v",
							left, inc, mtg, ovh, soft, hard, max(0, left-max(ovh, 0)))
					}
					// Below the cushion the clock grows back.
					if o := max(ovh, 0); inc > 0 && left-o <= 2*o+inc && soft >= inc*3/4 {
						t.Errorf("TimeBudget(%v, %v, %d, %v) = %v, %v; want soft below three quarters of the increment", left, inc, mtg, ovh, soft, hard)
					}
				}
			}
		}
	}
}

// TestAgentClock: SetClock replaces the agent's time per move with the
// clock, keeps its node budget, and gives the time per move back when
// the clock is turned off.
func TestAgentClock(t *testing.T) {
	a := NewAgent(30000, 300*time.Millisecond, 0, 1, 16)
	a.SetClock(time.Second, 100*time.Millisecond)
	if l := a.Limits(); l.Time != time.Second || l.Inc != 100*time.Millisecond || l.MoveTime != 0 || l.Nodes != 30000 || l.Overhead != ClockOverhead {
		t.Errorf("after SetClock(1s, 100ms): limits %+v, want Time 1s, Inc 100ms, MoveTime 0, Nodes 30000, Overhead %v", l, ClockOverhead)
	}
	a.SetClock(0, 0)
	if l := a.Limits(); l.Time != 0 || l.Inc != 0 || l.MoveTime != 300*time.Millisecond {
		t.Errorf("after SetClock(0, 0): limits %+v, want MoveTime 300ms and no clock", l)
	}
}

// TestSearchMargin: a search with a margin plays varied moves where they
// are about equal, but never gives up more than the margin: it still
// takes a free queen and mates.
func TestSearchMargin(t *testing.T) {
	tests := []struct {
		fen  string
		want string // "" : any move; then the margin must vary the choice
	}{
		{"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"},
		{chess.StartFEN, ""},
	}
	for _, tc := range tests {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for seed := range uint64(12) {
			s := NewSearcher(16, seed)
			m, _ := s.Search(context.Background(), &p, nil, Limits{Nodes: EasyNodes, Margin: EasyMargin})
			if tc.want != "" && m.String() != tc.want {
				t.Errorf("Search(%q, margin %d, seed %d) = %s, want %s", tc.fen, EasyMargin, seed, m, tc.want)
			}
			seen[m.String()] = true
		}
		if tc.want == "" && len(seen) < 3 {
			t.Errorf("Search(%q, margin %d) over 12 seeds played only %v, want at least 3 moves", tc.fen, EasyMargin, seen)
		}
	}
}

// TestSearchRootMoves: with RootMoves the search plays one of them; with
// none legal among them it plays any legal move.
func TestSearchRootMoves(t *testing.T) {
	p := chess.Start()
	var ml chess.MoveList
	p.LegalMoves(&ml)
	byName := map[string]chess.Move{}
	for _, m := range ml.Slice() {
		byName[m.String()] = m
	}
	s := NewSearcher(16, 1)
	only := []chess.Move{byName["a2a3"], byName["h2h3"]}
	m, _ := s.Search(context.Background(), &p, nil, Limits{Depth: 5, RootMoves: only})
	if m != only[0] && m != only[1] {
		t.Errorf("Search(start, RootMoves a2a3 h2h3) = %s, want one of them", m)
	}
	// One root move: that one; none legal (Black's moves): any legal move.
	q := p
	q.Play(byName["e2e4"])
	m, _ = s.Search(context.Background(), &p, nil, Limits{Depth: 3, RootMoves: []chess.Move{byName["e2e4"]}})
	if m != byName["e2e4"] {
		t.Errorf("Search(start, RootMoves e2e4) = %s, want e2e4", m)
	}
	var bl chess.MoveList
	q.LegalMoves(&bl)
	m, _ = s.Search(context.Background(), &p, nil, Limits{Depth: 3, RootMoves: []chess.Move{bl.Moves[0]}})
	if _, ok := byName[m.String()]; !ok || byName[m.String()] != m {
		t.Errorf("Search(start, RootMoves of Black only) = %s, want a legal move of White", m)
	}
}

// TestSearchClockRunOut: a clock at zero or below (Limits.Clock) is a
// clock that has run out, not no limit: the search stops at its first
// look at the clock, within 1024 nodes, and still plays a legal move.
func TestSearchClockRunOut(t *testing.T) {
	for _, left := range []time.Duration{-100 * time.Millisecond, 0, 5 * time.Millisecond} {
		p := chess.Start()
		s := NewSearcher(16, 1)
		m, _ := s.Search(context.Background(), &p, nil, Limits{Time: left, Inc: time.Second, Clock: true, Overhead: 10 * time.Millisecond})
		var ml chess.MoveList
		p.LegalMoves(&ml)
		if !slices.Contains(ml.Slice(), m) {
			t.Errorf("clock %v: move %s is not legal", left, m)
		}
		if s.Nodes() > 1024 {
			t.Errorf("clock %v: searched %d nodes, want at most 1024", left, s.Nodes())
		}
	}
}
