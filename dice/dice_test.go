package dice

import (
	"encoding/hex"
	"math"
	"slices"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestExact(t *testing.T) {
	var dice3 []float64 // the 56 multisets of three dice, k/216 each
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 6; c++ {
				k := 6
				switch {
				case a == b && b == c:
					k = 1
				case a == b || b == c:
					k = 3
				}
				dice3 = append(dice3, float64(k)/216)
			}
		}
	}
	tests := []struct {
		name   string
		probs  []float64
		d      int64
		counts []int64
	}{
		{"coin", []float64{0.5, 0.5}, 2, []int64{1, 1}},
		{"d8", []float64{1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8}, 8, []int64{1, 1, 1, 1, 1, 1, 1, 1}},
		{"thirds", []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 3, []int64{1, 1, 1}},
		{"mixed", []float64{1.0 / 4, 1.0 / 2, 1.0 / 4}, 4, []int64{1, 2, 1}},
		{"certain", []float64{1}, 1, []int64{1}},
		{"three dice", dice3, 216, nil},
	}
	for _, tt := range tests {
		d, counts, err := Exact(tt.probs)
		if err != nil || d != tt.d || (tt.counts != nil && !slices.Equal(counts, tt.counts)) {
			t.Errorf("Exact(%s) = %d, %v, %v, want %d, %v", tt.name, d, counts, err, tt.d, tt.counts)
		}
	}
	if d, counts, err := Exact([]float64{0.5, 0.4, 0.1}); err != nil || d != 10 || !slices.Equal(counts, []int64{5, 4, 1}) {
		t.Errorf("Exact(0.5 0.4 0.1) = %d, %v, %v, want 10, [5 4 1]", d, counts, err)
	}
	for _, bad := range [][]float64{{1 / math.Pi, 1 - 1/math.Pi}, {0.3, 0.7 + 1e-6}, {}, {0, 1}, {0.5, 0.25}} {
		if d, _, err := Exact(bad); err == nil {
			t.Errorf("Exact(%v) = %d, nil, want an error", bad, d)
		}
	}
}

// TestVector pins the scheme: changing the derivation breaks every record
// already published.
func TestVector(t *testing.T) {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	if got, want := Commit(seed), "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"; got != want {
		t.Fatalf("Commit(0..31) = %s, want %s", got, want)
	}
	r := NewRoller(seed, []string{"alice", ""})
	var got []uint64
	for i := range uint64(10) {
		got = append(got, r.Uniform(i, 6))
	}
	want := []uint64{5, 0, 2, 2, 2, 1, 5, 2, 3, 4}
	if !slices.Equal(got, want) {
		t.Errorf("Uniform(0..9, 6) = %v, want %v", got, want)
	}
}

// TestSeedsMatter: another seat seed gives other rolls.
func TestSeedsMatter(t *testing.T) {
	seed := make([]byte, SeedSize)
	a, b := NewRoller(seed, []string{"x"}), NewRoller(seed, []string{"y"})
	same := 0
	for i := range uint64(64) {
		if a.Uniform(i, 1000) == b.Uniform(i, 1000) {
			same++
		}
	}
	if same > 3 {
		t.Errorf("seat seeds x and y agree on %d of 64 rolls, want about 0", same)
	}
}

// TestUniform checks the frequencies of 60000 rolls of a die with faces of
// probability 1/6, 1/3 and 1/2 against their expectation (chi-square, 2
// degrees of freedom, 99.9% bound 13.8).
func TestUniform(t *testing.T) {
	seed, _ := NewSeed()
	r := NewRoller(seed, nil)
	outs := []game.Outcome{{Action: 10, Prob: 1.0 / 6}, {Action: 20, Prob: 1.0 / 3}, {Action: 30, Prob: 1.0 / 2}}
	n := 60000
	count := map[game.Action]int{}
	for i := range uint64(n) {
		a, err := r.Roll(i, outs)
		if err != nil {
			t.Fatal(err)
		}
		count[a]++
	}
	chi := 0.0
	for _, o := range outs {
		e := float64(n) * o.Prob
		d := float64(count[o.Action]) - e
		chi += d * d / e
	}
	if chi > 13.8 {
		t.Errorf("Roll frequencies %v: chi-square %.1f, want < 13.8", count, chi)
	}
}

// TestRejection: with d just above 2⁶³ half the words are rejected, and the
// results still fall in range.
func TestRejection(t *testing.T) {
	r := NewRoller(make([]byte, SeedSize), nil)
	for i := range uint64(200) {
		d := int64(1)<<62 + 12345
		if u := r.Uniform(i, d); u >= uint64(d) {
			t.Fatalf("Uniform(%d, %d) = %d, out of range", i, d, u)
		}
	}
}

func BenchmarkRoll216(b *testing.B) {
	r := NewRoller(make([]byte, SeedSize), []string{"a", "b", "c"})
	outs := make([]game.Outcome, 216)
	for i := range outs {
		outs[i] = game.Outcome{Action: game.Action(i), Prob: 1.0 / 216}
	}
	i := uint64(0)
	for b.Loop() {
		r.Roll(i, outs)
		i++
	}
}

// TestVectorV2 pins scheme v2 and the nonces: the nonces a secret gives,
// their commitments, and the rolls they cause.
func TestVectorV2(t *testing.T) {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	secret := make([]byte, NonceSize)
	for i := range secret {
		secret[i] = 0xff - byte(i)
	}
	n0, n1 := Nonce(secret, "game1", 0), Nonce(secret, "game1", 1)
	got := []string{hex.EncodeToString(n0), CommitNonce(n0), hex.EncodeToString(n1), hex.EncodeToString(Nonce(secret, "game2", 0))}
	want := []string{
		"a43bd4ab467185ce61b36671e5c886b0a13b49467602a65977f9ec3c15676f61",
		"9b90274e30445fabb063f1e2cf891016e5a1c7c3882015b3facccde47e3fd573",
		"2dd30561581625d7ee7fa5098f7e6defe87ee57d0bfe6bd25eacca957840dd67",
		"4671ebb90a66a964f2bd600f59b904dfb2665bf74fa4488fe12a8b3478014d37",
	}
	if !slices.Equal(got, want) {
		t.Errorf("nonces and commitment = %q, want %q", got, want)
	}
	r, err := ForScheme(SchemeV2, seed, []string{"alice", ""})
	if err != nil {
		t.Fatal(err)
	}
	var rolls []uint64
	for i := range uint64(10) {
		rolls = append(rolls, r.uniform(i, n0, 6))
	}
	for i := range uint64(5) {
		rolls = append(rolls, r.uniform(i, nil, 6))
	}
	wantRolls := []uint64{5, 3, 4, 0, 0, 1, 5, 3, 5, 3, 5, 5, 2, 5, 0}
	if !slices.Equal(rolls, wantRolls) {
		t.Errorf("rolls = %v, want %v", rolls, wantRolls)
	}
}

// TestNonceMatters: in scheme v2 another nonce gives other rolls, and v1
// takes none.
func TestNonceMatters(t *testing.T) {
	seed := make([]byte, SeedSize)
	r, _ := ForScheme(SchemeV2, seed, []string{"x"})
	same := 0
	for i := range uint64(64) {
		if r.uniform(i, []byte("a"), 1000) == r.uniform(i, []byte("b"), 1000) {
			same++
		}
	}
	if same > 3 {
		t.Errorf("nonces a and b agree on %d of 64 rolls, want about 0", same)
	}
	if _, err := NewRoller(seed, nil).RollCaused(0, []byte("a"), []game.Outcome{{Action: 1, Prob: 1}}); err == nil {
		t.Error("a v1 roller took a nonce")
	}
	if _, err := ForScheme("norns-dice-v9", seed, nil); err == nil {
		t.Error("an unknown scheme was taken")
	}
}
