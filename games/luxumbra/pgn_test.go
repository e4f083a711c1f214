package luxumbra

import "testing"

// TestPGN: a second move comes after a null move of the opponent, each roll
// is a comment after its turn's first move, the end a comment after the
// last move.
func TestPGN(t *testing.T) {
	for _, tc := range []struct {
		name, pos string
		play      []string
		want      string
	}{
		{
			name: "from the start",
			pos:  StartPosition,
			play: []string{"LS", "e2e4", "g1f3", "SS", "e7e5", "a7a6", "LL", "f1c4", "c4f7", "LS", "e8f7", "d8h4"},
			want: `[Event "test"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Lux et Umbra"]

1. e4 {roll LS} 1... -- 2. Nf3 e5 {roll SS} 3. -- a6 4. Bc4 {roll LL} 4... -- 5.
Bxf7 Kxf7 {roll LS} 6. -- Qh4 *
`,
		},
		{
			// White's second die allows no move (a pass, not written); Black
			// moves twice; White's roll then allows no move at all.
			name: "set up, no move",
			pos:  "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 LS",
			play: []string{"a1b2", "LS", "e8d8", "d8c7", "LL"},
			want: `[Event "test"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Dice "LS"]
[FEN "4k3/8/8/8/8/p7/P7/K7 w - - 0 1"]
[SetUp "1"]
[Variant "Lux et Umbra"]

1. Kb2 {roll LS} 1... Kd8 {roll LS} 2. -- Kc7 {white rolls LL; black wins (no
move)} 0-1
`,
		},
		{
			name: "king captured",
			pos:  "k7/7p/8/8/8/8/8/R2K4 w - - 0 1 --",
			play: []string{"LS", "d1c2", "a1a8"},
			want: `[Event "test"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[FEN "k7/7p/8/8/8/8/8/R2K4 w - - 0 1"]
[SetUp "1"]
[Variant "Lux et Umbra"]

1. Kc2 {roll LS} 1... -- 2. Rxa8 {white wins (king captured)} 1-0
`,
		},
		{
			// Only the rook on h2 (dark) may move with SS, but a reader
			// without dice sees the rook on d1 reach d2 too: "Rhd2".
			name: "disambiguation",
			pos:  "4k3/p7/8/8/8/8/7R/3RK3 w - - 0 1 SS",
			play: []string{"h2d2"},
			want: `[Event "test"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Dice "SS"]
[FEN "4k3/p7/8/8/8/8/7R/3RK3 w - - 0 1"]
[SetUp "1"]
[Variant "Lux et Umbra"]

1. Rhd2 {roll SS} *
`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, nil, tc.pos)
			play(t, s, tc.play...)
			if got := s.PGN(map[string]string{"Event": "test"}); got != tc.want {
				t.Errorf("PGN(%q after %v) =\n%s\nwant\n%s", tc.pos, tc.play, got, tc.want)
			}
		})
	}
}
