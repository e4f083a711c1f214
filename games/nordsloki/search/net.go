package search

import (
	"bytes"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/norns-games/norns/games/nordsloki"
)

// The learned evaluation, in the manner of GNU Backgammon and Tesauro's
// TD-Gammon: a small neural network (Net) values a position in which a
// player is to roll, from that player's seat, as the players' expected
// returns. Its inputs (nordsloki.Encode) are, per player in seat order from the
// player to roll, the checkers on each field in truncated unary (at least
// 1, 2, 3, 4), the waiting, returning and borne-off checkers, the pips to
// go, the lowest checker (the gates of 5.1), lone checkers, Att 3, the
// konung's lives, Att and field, whether the player is still in the game,
// the ships of LOKI and ODIN held, and the lone checkers (the konung among
// them) that another player's checker could hit next turn; then the ghost ships, the first
// player and whether someone has finished. Train makes the weights by
// TD(λ) self-play (`norns train`); nets/p2.nln and nets/p3.nln are the
// committed ones, embedded and read by LoadNet. NetPlayer plays with a net
// one or two plies ahead, a ply being a whole turn (State.TurnEnds). The nets
// are trained with konungs; with konungs off they play, untrained for it.

// NetVersion is the version of the weights file format and of the feature
// encoding; a file of another version does not load.
const NetVersion = 1

// NetHidden is the number of hidden units of the nets Train makes.
const NetHidden = 64

// netMagic starts a weights file.
const netMagic = "NLKNET"

// Net is a multilayer perceptron with one hidden layer of sigmoid units and
// one linear output per player, for one player count. Its outputs estimate
// the players' expected returns from a position where a player is to roll,
// in seat order from that player (output 0 is the player to roll). A Net
// is read-only once made and safe for concurrent use.
type Net struct {
	Players int
	Inputs  int
	Hidden  int
	// W1 is input-major: W1[i*Hidden+j] weighs input i into hidden unit j.
	W1 []float64
	B1 []float64
	// W2 is output-major: W2[k*Hidden+j] weighs hidden unit j into output k.
	W2 []float64
	B2 []float64
}

// NewNet returns a net for n players with small random weights drawn from
// rng.
func NewNet(n int, rng *rand.Rand) *Net {
	in := nordsloki.NetInputs(n)
	nt := &Net{Players: n, Inputs: in, Hidden: NetHidden,
		W1: make([]float64, in*NetHidden), B1: make([]float64, NetHidden),
		W2: make([]float64, n*NetHidden), B2: make([]float64, n)}
	for i := range nt.W1 {
		nt.W1[i] = (rng.Float64()*2 - 1) * 0.1
	}
	for i := range nt.W2 {
		nt.W2[i] = (rng.Float64()*2 - 1) * 0.1
	}
	return nt
}

// Clone returns an independent copy.
func (nt *Net) Clone() *Net {
	c := *nt
	c.W1 = append([]float64(nil), nt.W1...)
	c.B1 = append([]float64(nil), nt.B1...)
	c.W2 = append([]float64(nil), nt.W2...)
	c.B2 = append([]float64(nil), nt.B2...)
	return &c
}

// ErrNet is wrapped by every error of reading weights.
var ErrNet = errors.New("nordsloki: bad net weights")

// WriteTo writes the net in the binary format: "NLKNET", then as
// little-endian uint32 the version, players, inputs and hidden units, then
// W1, B1, W2 and B2 as little-endian float32.
func (nt *Net) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(netMagic)
	for _, v := range []uint32{NetVersion, uint32(nt.Players), uint32(nt.Inputs), uint32(nt.Hidden)} {
		_ = binary.Write(&buf, binary.LittleEndian, v)
	}
	for _, ws := range [][]float64{nt.W1, nt.B1, nt.W2, nt.B2} {
		for _, x := range ws {
			_ = binary.Write(&buf, binary.LittleEndian, math.Float32bits(float32(x)))
		}
	}
	return buf.WriteTo(w)
}

// ReadNet reads a net written by WriteTo. It checks the magic, the version,
// that the shape is the one this build's encoding needs, and the length;
// errors wrap ErrNet.
func ReadNet(data []byte) (*Net, error) {
	if len(data) < len(netMagic)+16 || string(data[:len(netMagic)]) != netMagic {
		return nil, fmt.Errorf("%w: not a Nords Loki net file", ErrNet)
	}
	hdr := data[len(netMagic):]
	u := func(i int) int { return int(binary.LittleEndian.Uint32(hdr[4*i:])) }
	version, n, in, hidden := u(0), u(1), u(2), u(3)
	switch {
	case version != NetVersion:
		return nil, fmt.Errorf("%w: version %d, this build reads version %d (retrain with norns train)", ErrNet, version, NetVersion)
	case n != 2 && n != 3:
		return nil, fmt.Errorf("%w: %d players, want 2 or 3", ErrNet, n)
	case in != nordsloki.NetInputs(n):
		return nil, fmt.Errorf("%w: %d inputs, the encoding for %d players has %d", ErrNet, in, n, nordsloki.NetInputs(n))
	case hidden < 1 || hidden > 4096:
		return nil, fmt.Errorf("%w: %d hidden units", ErrNet, hidden)
	}
	body := hdr[16:]
	want := 4 * (in*hidden + hidden + n*hidden + n)
	if len(body) != want {
		return nil, fmt.Errorf("%w: %d bytes of weights, want %d for %d×%d×%d", ErrNet, len(body), want, in, hidden, n)
	}
	nt := &Net{Players: n, Inputs: in, Hidden: hidden}
	read := func(k int) []float64 {
		out := make([]float64, k)
		for i := range out {
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(body)))
			body = body[4:]
		}
		return out
	}
	nt.W1, nt.B1, nt.W2, nt.B2 = read(in*hidden), read(hidden), read(n*hidden), read(n)
	return nt, nil
}

//go:embed nets/*.nln
var netFiles embed.FS

var (
	netOnce   [4]sync.Once
	netLoaded [4]*Net
	netErr    [4]error
)

// LoadNet returns the committed net for n players (2 or 3), read once from
// the embedded file nets/p<n>.nln.
func LoadNet(n int) (*Net, error) {
	if n != 2 && n != 3 {
		return nil, fmt.Errorf("nordsloki: no net for %d players", n)
	}
	netOnce[n].Do(func() {
		data, err := netFiles.ReadFile(fmt.Sprintf("nets/p%d.nln", n))
		if err != nil {
			netErr[n] = fmt.Errorf("nordsloki: %w", err)
			return
		}
		nt, err := ReadNet(data)
		if err == nil && nt.Players != n {
			err = fmt.Errorf("%w: nets/p%d.nln is a net for %d players", ErrNet, n, nt.Players)
		}
		netLoaded[n], netErr[n] = nt, err
	})
	return netLoaded[n], netErr[n]
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// forward computes the hidden activations into h and the outputs into out
// for the features x (sparse: zero inputs cost nothing).
func (nt *Net) forward(x, h, out []float64) {
	copy(h, nt.B1)
	H := nt.Hidden
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		w := nt.W1[i*H : (i+1)*H]
		for j := range h {
			h[j] += xi * w[j]
		}
	}
	for j := range h {
		h[j] = sigmoid(h[j])
	}
	for k := range out {
		v := nt.B2[k]
		w := nt.W2[k*H : (k+1)*H]
		for j, hj := range h {
			v += w[j] * hj
		}
		out[k] = v
	}
}

// netScratch is the buffers of one evaluation.
type netScratch struct {
	x, h, out []float64
}

func (nt *Net) scratch() *netScratch {
	return &netScratch{x: make([]float64, nt.Inputs), h: make([]float64, nt.Hidden), out: make([]float64, nt.Players)}
}

// Evaluate returns the net's estimate of each player's expected return, in
// seat order, for any state of its player count: a finished game gives its
// returns; a position in the middle of a turn is valued from the player
// who is to move, as if the turn had ended there, which is rough (the
// search values positions at the end of a turn, where a player is to roll).
func (nt *Net) Evaluate(s *nordsloki.State) []float64 {
	out := make([]float64, s.Seats())
	nt.evaluate(s, nt.scratch(), out)
	return out
}

func (nt *Net) evaluate(s *nordsloki.State, sc *netScratch, out []float64) {
	n := s.Seats()
	if s.Terminal() {
		copy(out, s.Returns())
		return
	}
	if n != nt.Players {
		panic(fmt.Sprintf("nordsloki: a %d-player net asked about a %d-player game", nt.Players, n))
	}
	me := s.Mover()
	if me < 0 {
		me = 0
	}
	nordsloki.Encode(s, me, sc.x)
	nt.forward(sc.x, sc.h, sc.out)
	for k := 0; k < n; k++ {
		out[(me+k)%n] = sc.out[k]
	}
}

// NetEvaluate returns the committed net's estimate of each player's
// expected return (Net.Evaluate). It panics if the embedded net does not
// load, which TestNetLoads rules out.
func NetEvaluate(s *nordsloki.State) []float64 {
	nt, err := LoadNet(s.Seats())
	if err != nil {
		panic(err)
	}
	return nt.Evaluate(s)
}
