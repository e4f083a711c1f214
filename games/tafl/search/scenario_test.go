package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/tafl"
)

// sq names the square at file c, rank r (both from 0) as "d4".
func sq(c, r int) string { return string(rune('a'+c)) + strconv.Itoa(r+1) }

// TestScenarioVerdicts: in every preset, the end of the game after a move
// that leaves a side without a move, or that surrounds the white side, is
// the one the preset's rules file gives, and the engine's verdict is the
// State's. Each position is played with the default move limit and with a
// limit reached by the same move, where the engine asks for "no legal
// move" itself (it leaves it to move generation otherwise). The positions
// are built around the board's centre (the throne where there is one), so
// that they fit every board.
func TestScenarioVerdicts(t *testing.T) {
	type shape struct {
		name   string
		pieces func(n, m int) string
		move   func(n, m int) string
		side   string
		want   map[string]string // by preset name; "" for the move-limit variant's own ending
	}
	// The documented order (games/tafl doc.go): "White enclosed ...; the
	// side to move without a move (4.4); ...; the move limit (4.6)", so a
	// position that is both ends with the first.
	shapes := []shape{
		{
			// One attacker on d1 between defenders on c1 and e1; a defender
			// moving to d2 shuts it in (it is not captured: d2 has the
			// board's edge beyond d1, 3.1).
			name: "Black without a move", side: "w",
			pieces: func(n, m int) string { return "td1 Tc1 Te1 Tg2 K" + sq(m, m) },
			move:   func(n, m int) string { return "g2-d2" },
			want: map[string]string{
				"seatafl":    "over white (no legal move)", // sea 4.4: "A side with no legal move on its turn loses."
				"copenhagen": "over white (no legal move)", // copenhagen 5.5: "A side with no legal move on its turn loses"
				"fetlar":     "over white (no legal move)", // fetlar 5.3: "A player who cannot move loses"
				"brandubh":   "over white (no legal move)", // brandubh 5.3: "A side with no legal move on its turn loses."
				"tablut":     "over white (no legal move)", // tablut 5.3: "A side with no legal move on its turn loses."
			},
		},
		{
			// The king on the centre with a defender below him, attackers
			// on both sides of them and below; the attacker that comes
			// down onto the square above the king shuts both in. Neither
			// is captured: the king has a defender on his fourth side.
			name: "White shut in", side: "b",
			pieces: func(n, m int) string {
				return "K" + sq(m, m) + " T" + sq(m, m-1) + " t" + sq(m-1, m) + " t" + sq(m+1, m) +
					" t" + sq(m-1, m-1) + " t" + sq(m+1, m-1) + " t" + sq(m, m-2) + " t" + sq(m, n-1)
			},
			move: func(n, m int) string { return sq(m, n-1) + "-" + sq(m, m+1) },
			want: map[string]string{
				// sea 4.3: "Black wins when no white piece can reach the edge".
				"seatafl": "over black (white enclosed)",
				// copenhagen 5.4: "Black wins when the attackers surround the
				// king and all remaining defenders".
				"copenhagen": "over black (white enclosed)",
				// fetlar 5.2: "(7b) by surrounding the king and all remaining
				// defenders".
				"fetlar": "over black (white enclosed)",
				// brandubh 5.6 "There is no encirclement rule"; 5.3 "A side
				// with no legal move on its turn loses".
				"brandubh": "over black (no legal move)",
				// tablut 5.6 "There is no encirclement rule"; 5.3.
				"tablut": "over black (no legal move)",
			},
		},
		{
			// The same ring one square larger: the king can still step up,
			// so only the encirclement rule ends the game.
			name: "White surrounded with room to move", side: "b",
			pieces: func(n, m int) string {
				return "K" + sq(m, m) + " T" + sq(m, m-1) + " t" + sq(m-1, m) + " t" + sq(m+1, m) +
					" t" + sq(m-1, m-1) + " t" + sq(m+1, m-1) + " t" + sq(m, m-2) +
					" t" + sq(m-1, m+1) + " t" + sq(m+1, m+1) + " t" + sq(m, n-1)
			},
			move: func(n, m int) string { return sq(m, n-1) + "-" + sq(m, m+2) },
			want: map[string]string{
				"seatafl":    "over black (white enclosed)", // sea 4.3
				"copenhagen": "over black (white enclosed)", // copenhagen 5.4
				"fetlar":     "over black (white enclosed)", // fetlar 5.2
				// brandubh 5.6: "There is no encirclement rule: a surrounded
				// white side plays on."
				"brandubh": "turn white",
				// tablut 5.6: "There is no encirclement rule."
				"tablut": "turn white",
			},
		},
	}
	sizes := map[string]int{"seatafl": 9, "copenhagen": 11, "fetlar": 11, "brandubh": 7, "tablut": 9}
	for _, g := range tafl.Presets {
		n := sizes[g.Name()]
		m := n / 2
		for _, sh := range shapes {
			for _, limit := range []string{"400", "1"} {
				t.Run(fmt.Sprintf("%s/%s/move-limit=%s", g.Name(), sh.name, limit), func(t *testing.T) {
					pos := diagram(n, sh.side, sh.pieces(n, m))
					gs, err := g.Setup(game.Options{"move-limit": limit}, pos)
					if err != nil {
						t.Fatalf("Setup(%q): %v", pos, err)
					}
					s := gs.(*tafl.State)
					if s.Terminal() {
						t.Fatalf("%s: over before the move: %s", pos, status(s))
					}
					w := newEngineWalk(s)
					move := sh.move(n, m)
					a, err := s.ParseAction(move)
					if err != nil {
						t.Fatalf("%s: %s: %v", pos, move, err)
					}
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
					compare(t, w, s, w.play(uint32(a)), pos+" after "+move)
					want := sh.want[g.Name()]
					if limit == "1" && !strings.HasPrefix(want, "over") {
						// 5.7 (sea 4.6, and 5.5 elsewhere): "Reaching the
						// limit is a draw".
						want = "over draw (move limit)"
					}
					if got := status(s); got != want {
						t.Errorf("%s after %s: %s, want %s", pos, move, got, want)
					}
				})
			}
		}
	}
}

// TestScenarioSearchShutsIn: the search knows that a side left without a
// move loses (tablut 5.3, brandubh 5.3: "A side with no legal move on its
// turn loses"): Black, to move, shuts the king and his last defender in
// where no encirclement rule would end the game (tablut 5.6, brandubh 5.6).
func TestScenarioSearchShutsIn(t *testing.T) {
	for _, g := range []*tafl.Game{tafl.Tablut, tafl.Brandubh} {
		n := map[string]int{"tablut": 9, "brandubh": 7}[g.Name()]
		m := n / 2
		pos := diagram(n, "b", "K"+sq(m, m)+" T"+sq(m, m-1)+" t"+sq(m-1, m)+" t"+sq(m+1, m)+
			" t"+sq(m-1, m-1)+" t"+sq(m+1, m-1)+" t"+sq(m, m-2)+" t"+sq(m, n-1))
		gs, err := g.Setup(nil, pos)
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*tafl.State)
		sr := NewSearcher(s.Rules(), 16, 1)
		mv, info := sr.Search(context.Background(), s, Limits{Nodes: 20000})
		got := s.ActionString(game.Action(mv))
		if want := sq(m, n-1) + "-" + sq(m, m+1); got != want {
			t.Errorf("%s: Search(%s) = %s (%+v), want %s", g.Name(), pos, got, info, want)
		}
	}
}
