package search

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/games/nordsloki"
)

func TestNetLoads(t *testing.T) {
	for _, n := range []int{2, 3} {
		nt, err := LoadNet(n)
		if err != nil {
			t.Fatalf("LoadNet(%d) = %v", n, err)
		}
		if nt.Players != n || nt.Inputs != nordsloki.NetInputs(n) || nt.Hidden != NetHidden {
			t.Errorf("LoadNet(%d): %d players, %d inputs, %d hidden; want %d, %d, %d", n, nt.Players, nt.Inputs, nt.Hidden, n, nordsloki.NetInputs(n), NetHidden)
		}
		if len(nt.W1) != nt.Inputs*nt.Hidden || len(nt.B1) != nt.Hidden || len(nt.W2) != n*nt.Hidden || len(nt.B2) != n {
			t.Errorf("LoadNet(%d): weights of the wrong length", n)
		}
	}
	if _, err := LoadNet(4); err == nil {
		t.Errorf("LoadNet(4) = nil error")
	}
}

// TestNetShape trains a few games as norns train does and checks that the
// committed weights have the shape the trainer makes.
func TestNetShape(t *testing.T) {
	for _, n := range []int{2, 3} {
		nt, err := Train(context.Background(), TrainConfig{Players: n, Games: 2, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if _, err := nt.WriteTo(&a); err != nil {
			t.Fatal(err)
		}
		committed, err := LoadNet(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := committed.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if a.Len() != b.Len() || !bytes.Equal(a.Bytes()[:len(netMagic)+16], b.Bytes()[:len(netMagic)+16]) {
			t.Errorf("%d players: trained file has %d bytes and header %x, the committed one %d and %x",
				n, a.Len(), a.Bytes()[:len(netMagic)+16], b.Len(), b.Bytes()[:len(netMagic)+16])
		}
	}
}

func TestReadNet(t *testing.T) {
	nt := NewNet(3, rand.New(rand.NewPCG(1, 2)))
	var buf bytes.Buffer
	if _, err := nt.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	back, err := ReadNet(good)
	if err != nil {
		t.Fatalf("ReadNet(WriteTo) = %v", err)
	}
	for i, w := range nt.W1 {
		if d := back.W1[i] - w; d > 1e-6 || d < -1e-6 {
			t.Fatalf("W1[%d] = %v after a round trip, want %v", i, back.W1[i], w)
		}
	}
	patch := func(off int, v byte) []byte {
		b := slices.Clone(good)
		b[off] = v
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a Nords Loki net file"},
		{"magic", patch(0, 'X'), "not a Nords Loki net file"},
		{"version", patch(len(netMagic), 99), "version 99"},
		{"players", patch(len(netMagic)+4, 4), "4 players"},
		{"inputs", patch(len(netMagic)+8, 7), "inputs"},
		{"short", good[:len(good)-4], "bytes of weights"},
	} {
		_, err := ReadNet(tc.data)
		if !errors.Is(err, ErrNet) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadNet(%s) = %v, want an ErrNet saying %q", tc.name, err, tc.want)
		}
	}
}

// TestNetMirror: a two-player position and the same with the seats swapped
// look the same to the player to roll, so the net's values are mirrored.
func TestNetMirror(t *testing.T) {
	a := setup(t, on2, "p1=1:K3W,2:4W,3:4W,4:W/-/0/5 p2=9:K3W,13:2W,17:W/6W/0/7 ghosts=3 first=p1 turns=9 roll:p1")
	b := setup(t, on2, "p1=9:K3W,13:2W,17:W/6W/0/7 p2=1:K3W,2:4W,3:4W,4:W/-/0/5 ghosts=3 first=p2 turns=9 roll:p2")
	va, vb := NetEvaluate(a), NetEvaluate(b)
	if va[0] != vb[1] || va[1] != vb[0] {
		t.Errorf("NetEvaluate = %v and %v for mirrored positions, want mirrored values", va, vb)
	}
}

func TestNetDeterministic(t *testing.T) {
	s := setup(t, on3, "p1=1:K3W,2:4W,3:4W,4:W/-/0/5 p2=9:K3W,13:2W,17:W/6W/0/7 p3=-/K12W/0/7 ghosts=3 first=p1 turns=9 move:p2:6-4-1:-")
	v1 := NetEvaluate(s)
	v2 := NetEvaluate(s.Clone().(*nordsloki.State))
	if !slices.Equal(v1, v2) {
		t.Errorf("NetEvaluate = %v, then %v", v1, v2)
	}
	np := &NetPlayer{}
	a1, err1 := np.Choose(context.Background(), s)
	a2, err2 := np.Choose(context.Background(), s.Clone())
	if err1 != nil || err2 != nil || a1 != a2 {
		t.Errorf("Choose = %v (%v), then %v (%v)", a1, err1, a2, err2)
	}
	if !slices.Contains(s.Legal(), a1) {
		t.Errorf("Choose = %s, not legal", s.ActionString(a1))
	}
	over := setup(t, on2, "p1=-/-/13/7 p2=20:K3W/9W/0/7 ghosts=- first=p1 turns=90 over:p1:mars")
	if v := NetEvaluate(over); !slices.Equal(v, []float64{2, -2}) {
		t.Errorf("NetEvaluate(finished, mars) = %v, want the returns [2 -2]", v)
	}
}

func TestTrainDeterministic(t *testing.T) {
	run := func(seed uint64) []byte {
		var checkpoints int
		nt, err := Train(context.Background(), TrainConfig{Players: 3, Games: 2, Seed: seed, Every: 1,
			OnCheckpoint: func(int, *Net, TrainStats) { checkpoints++ }})
		if err != nil {
			t.Fatal(err)
		}
		if checkpoints != 2 {
			t.Errorf("%d checkpoints, want 2", checkpoints)
		}
		var b bytes.Buffer
		_, _ = nt.WriteTo(&b)
		return b.Bytes()
	}
	a, b, c := run(1), run(1), run(2)
	if !bytes.Equal(a, b) {
		t.Errorf("Train with the same seed gave different weights")
	}
	if bytes.Equal(a, c) {
		t.Errorf("Train with different seeds gave the same weights")
	}
	if _, err := Train(context.Background(), TrainConfig{Players: 4, Games: 1}); err == nil {
		t.Errorf("Train(4 players) = nil error")
	}
}
