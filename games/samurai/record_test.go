package samurai

import (
	"math/rand/v2"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestPGN(t *testing.T) {
	tests := []struct {
		name, position, moves, want string
	}{
		{"fool's mate", StartPosition, "f2f3 e7e5 g2g4 d8h4", `[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Variant "Samurai"]

1. f3 {cards KQRBNPkqrbnppp/QRBN} 1... e5 {cards KQRBNPPkqrbnpp/QRBN} 2. g4
{cards KQRBNPkqrbnppp/QRBN} 2... Qh4# {cards KQQRBNPkrbnppp/QRBN; checkmate} 0-1
`},
		// Mate because Black holds no K card: "#" where orthodox chess
		// writes "+".
		{"card mate", "4k3/p7/8/8/8/8/8/4K2R[KRp/] w - - 0 1", "h1h8", `[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[FEN "4k3/p7/8/8/8/8/8/4K2R[KRp/] w - - 0 1"]
[SetUp "1"]
[Variant "Samurai"]

1. Rh8# {cards KRp/; checkmate} 1-0
`},
		{"check, a card to escape", "4k3/p7/8/8/8/8/8/4K2R[KRkp/] w - - 0 1", "h1h8", `[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "4k3/p7/8/8/8/8/8/4K2R[KRkp/] w - - 0 1"]
[SetUp "1"]
[Variant "Samurai"]

1. Rh8+ {cards KRkp/} *
`},
		{"pass", "4k3/8/8/8/8/p7/P7/4K2R[KRPp/] w - - 0 1", "h1h2 h2h3", `[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "4k3/8/8/8/8/p7/P7/4K2R[KRPp/] w - - 0 1"]
[SetUp "1"]
[Variant "Samurai"]

1. Rh2 {cards KRPp/} 1... -- {pass} 2. Rh3 {cards KRPp/} 2... -- {pass} *
`},
	}
	for _, tc := range tests {
		s := setup(t, nil, tc.position)
		play(t, s, tc.moves)
		if got := s.PGN(nil); got != tc.want {
			t.Errorf("F(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestHash(t *testing.T) {
	// Equal positions reached by different moves have equal hashes; the
	// hands and the passes count.
	a := setup(t, nil, StartPosition)
	play(t, a, "g1f3 g8f6 f3g1 f6g8")
	b := setup(t, nil, StartPosition)
	if a.Hash() != b.Hash() {
		t.Errorf("F(%q) = %v, want %v", "hash after a knight dance", a.Hash(), b.Hash())
	}
	pairs := [][2]string{
		{"4k3/p7/8/8/8/8/P7/4K3[KPkp/] w - - 0 1", "4k3/p7/8/8/8/8/P7/4K3[KPPkp/] w - - 0 1"},
		{"4k3/p7/8/8/8/8/P7/4K3[KPkp/] w - - 0 1", "4k3/p7/8/8/8/8/P7/4K3[Kkpp/] w - - 0 1"},
		{"4k3/p7/8/8/8/8/P7/4K3[KPkp/] w - - 0 1", "4k3/p7/8/8/8/8/P7/4K3[KPkp/P] w - - 0 1"},
		{"4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2", "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1"},
	}
	for _, p := range pairs {
		if setup(t, nil, p[0]).Hash() == setup(t, nil, p[1]).Hash() {
			t.Errorf("F(%q) = F(%q), want different hashes", p[0], p[1])
		}
	}
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		position string
		sign     float64 // the sign of White's value
	}{
		{"4k3/p7/8/8/8/8/P7/3QK3[KQPkp/] w - - 0 1", 1},
		{"3qk3/p7/8/8/8/8/P7/4K3[KPkqp/] w - - 0 1", -1},
		// Equal material, but White holds no Q card: Black is better.
		{"3qk3/p7/8/8/8/8/P7/3QK3[KPkqp/Q] w - - 0 1", -1},
	}
	for _, tc := range tests {
		v := setup(t, nil, tc.position).Evaluate()
		if v[0]*tc.sign <= 0 || v[0] != -v[1] || v[0] < -1 || v[0] > 1 {
			t.Errorf("F(%q) = %v, want White's value of sign %v, zero-sum, in [-1, 1]", tc.position, v, tc.sign)
		}
	}
	s, _ := Game.New(nil)
	if v := s.(game.Evaluator).Evaluate(); v[0] != 0 {
		t.Errorf("F(%q) = %v, want 0", "start", v)
	}
}

func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	plies := 0
	for b.Loop() {
		s, _ := Game.New(nil)
		for !s.Terminal() {
			l := s.Legal()
			s.ApplyUnchecked(l[rng.IntN(len(l))])
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
