package nordsloki

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/norns-games/norns/game"
)

// randomOptions draws one of the four rule sets.
func randomOptions(t *rapid.T) game.Options {
	return rapid.SampledFrom([]game.Options{on2, on3, off2, off3}).Draw(t, "options")
}

// walk plays a random game of at most n actions, calling check before
// every action.
func walk(t *rapid.T, n int, check func(s *State)) {
	g, err := Game{}.New(randomOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*State)
	for range n {
		check(s)
		if s.Terminal() {
			return
		}
		legal := s.Legal()
		a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
		if s.Player() >= 0 {
			// No field ever holds checkers of two players: a step lands
			// only on an empty field, an own field or a lone checker.
			st := decodeStep(a)
			if to := st.to(); to <= fields {
				c := s.f[to]
				if c.owner >= 0 && int(c.owner) != int(s.mover) && c.total() != 1 {
					t.Fatalf("%s at %s lands on %d checkers of p%d", s.ActionString(a), s.Position(), c.total(), c.owner+1)
				}
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	check(s)
}

func TestPropertyThirteenCheckers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		walk(t, 400, func(s *State) {
			for i := 0; i < s.cfg.n; i++ {
				n := s.p[i].waiting() + int(s.p[i].off)
				konungs := int(s.p[i].wait[konung])
				for f := 1; f <= fields; f++ {
					c := s.f[f]
					if (c.owner < 0) != (c.total() == 0) {
						t.Fatalf("field %d: owner %d with %d checkers at %s", f, c.owner, c.total(), s.Position())
					}
					if int(c.owner) == i {
						n += c.total()
						konungs += int(c.n[konung])
						if att(f) == 3 && c.n[returning] > 0 {
							t.Fatalf("returning warrior in Att 3 at %s", s.Position())
						}
					}
				}
				if n != 13 {
					t.Fatalf("p%d has %d checkers at %s", i+1, n, s.Position())
				}
				if s.p[i].off == 13 && s.cfg.konungs {
					konungs++
				}
				if want := map[bool]int{true: 1, false: 0}[s.cfg.konungs]; konungs != want {
					t.Fatalf("p%d has %d konungs at %s", i+1, konungs, s.Position())
				}
			}
		})
	})
}

// bruteForce lists every sequence of steps for the remaining dice and
// returns the first steps of those allowed by 3.2 and 3.3: the longest,
// and among them those that enter a checker when one of them does and a
// checker waits and none has entered yet.
func bruteForce(s *State) []game.Action {
	type seq struct {
		first  step
		n      int
		enters bool
	}
	var all []seq
	p := int(s.mover)
	var rec func(b board, dice []uint8, first step, n int, enters bool)
	rec = func(b board, dice []uint8, first step, n int, enters bool) {
		if n > 0 {
			all = append(all, seq{first, n, enters})
		}
		for i, d := range dice {
			rest := slices.Delete(slices.Clone(dice), i, i+1)
			sm := summarize(&b, p, s.cfg.konungs)
			for _, st := range genSteps(&b, p, &sm, int(d), nil) {
				child := b
				applyStep(&child, p, st)
				f := first
				if n == 0 {
					f = st
				}
				rec(child, rest, f, n+1, enters || st.from == 0)
			}
		}
	}
	rec(s.board, s.dice[:s.nd], step{}, 0, false)
	most, entering := 0, false
	for _, q := range all {
		most = max(most, q.n)
	}
	needEntry := !s.entered && s.p[p].waiting() > 0
	for _, q := range all {
		if q.n == most && q.enters && needEntry {
			entering = true
		}
	}
	var out []game.Action
	for _, q := range all {
		if q.n == most && (!entering || q.enters) {
			out = append(out, stepAction(q.first))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestPropertyStepsBeginMaximalSequences(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		walk(t, 300, func(s *State) {
			if s.Player() < 0 {
				return
			}
			if got, want := s.Legal(), bruteForce(s); !slices.Equal(got, want) {
				t.Fatalf("Legal() at %s = %v, brute force %v", s.Position(), names(s, got), names(s, want))
			}
		})
	})
}

func names(s game.State, as []game.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = s.ActionString(a)
	}
	return out
}

// TestPropertyPositionRoundTrip checks that Setup of Position gives the
// same position, the same legal actions and the same hash.
func TestPropertyPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		walk(t, 300, func(s *State) {
			back, err := Game{}.Setup(s.Options(), s.Position())
			if err != nil {
				t.Fatalf("Setup(%q): %v", s.Position(), err)
			}
			if back.Position() != s.Position() || !slices.Equal(back.Legal(), s.Legal()) {
				t.Fatalf("Setup(%q) = %q", s.Position(), back.Position())
			}
			if h := back.(*State).Hash(); h != s.Hash() {
				t.Fatalf("Hash() of Setup(%q) = %x, want %x", s.Position(), h, s.Hash())
			}
		})
	})
}

// randomPosition draws a position to move in: each player's checkers
// spread over waiting, fields of their own and borne off, random ghost
// ships, one to three dice and random turn flags.
func randomPosition(t *rapid.T) *State {
	c, err := resolve(randomOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	p := startPos(c)
	p.p = [3]seat{}
	for i := 0; i < c.n; i++ {
		pl := &p.p[i]
		pl.off = uint8(rapid.IntRange(0, 12).Draw(t, "off"))
		if c.konungs {
			pl.lives = uint8(rapid.IntRange(1, 7).Draw(t, "lives"))
		}
		for j := int(pl.off); j < 13; j++ {
			k := warrior
			if c.konungs && j == int(pl.off) {
				k = konung
			} else if rapid.IntRange(0, 5).Draw(t, "returning") == 0 {
				k = returning
			}
			f := rapid.IntRange(0, fields).Draw(t, "field")
			if f > 0 && ((p.f[f].owner >= 0 && int(p.f[f].owner) != i) || (k == returning && att(f) == 3)) {
				f = 0
			}
			if f == 0 {
				pl.wait[k]++
				continue
			}
			p.f[f].owner = int8(i)
			p.f[f].n[k]++
		}
	}
	p.ghost = uint32(rapid.IntRange(0, 1<<24-1).Draw(t, "ghosts")) << 1
	p.phase = phaseMove
	p.first = 0
	p.mover = int8(rapid.IntRange(0, c.n-1).Draw(t, "mover"))
	nd := rapid.IntRange(1, 3).Draw(t, "dice")
	for i := range nd {
		p.dice[i] = uint8(rapid.IntRange(1, 6).Draw(t, "die"))
	}
	slices.SortFunc(p.dice[:nd], func(a, b uint8) int { return int(b) - int(a) })
	p.nd = uint8(nd)
	p.entered = rapid.Bool().Draw(t, "entered")
	return &State{cfg: c, pos: p}
}

func TestPropertyStepsBeginMaximalSequencesRandomPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := randomPosition(t)
		if got, want := s.Legal(), bruteForce(s); !slices.Equal(got, want) {
			t.Fatalf("Legal() at %s = %v, brute force %v", s.Position(), names(s, got), names(s, want))
		}
		if _, err := (Game{}).Setup(s.Options(), s.Position()); err != nil {
			t.Fatalf("Setup(%q): %v", s.Position(), err)
		}
	})
}
