package nordsloki

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
)

// The learned evaluation, in the manner of GNU Backgammon and Tesauro's
// TD-Gammon: a small neural network (Net) values a position in which a
// player is to roll, from that player's seat, as the players' expected
// returns. Its inputs (encode) are, per player in seat order from the
// player to roll, the checkers on each field in truncated unary (at least
// 1, 2, 3, 4), the waiting, returning and borne-off checkers, the pips to
// go, the lowest checker (the gates of 5.1), lone checkers, Att 3, the
// konung's lives, Att and field, whether the player is still in the game,
// the ships of LOKI and ODIN held, and the lone checkers (the konung among
// them) that another player's checker could hit next turn; then the ghost ships, the first
// player and whether someone has finished. Train makes the weights by
// TD(λ) self-play (`norns train`); nets/p2.nln and nets/p3.nln are the
// committed ones, embedded and read by LoadNet. NetPlayer plays with a net
// one or two plies ahead, a ply being a whole turn (TurnEnds). The nets
// are trained with konungs; with konungs off they play, untrained for it.

// NetVersion is the version of the weights file format and of the feature
// encoding; a file of another version does not load.
const NetVersion = 1

// NetHidden is the number of hidden units of the nets Train makes.
const NetHidden = 64

// netMagic starts a weights file.
const netMagic = "NLKNET"

// Features per player: 4 unary units of the checkers on each of the 24
// fields, then the scalars written by encodeSeat.
const (
	seatFieldUnits = 4
	seatScalars    = 25
	seatFeatures   = fields*seatFieldUnits + seatScalars
)

// NetInputs returns the length of the feature vector for n players.
func NetInputs(n int) int {
	// Per player, the ghost ships, the first player relative to the mover,
	// and whether someone has finished.
	return n*seatFeatures + fields + n + 1
}

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
	in := NetInputs(n)
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
	case in != NetInputs(n):
		return nil, fmt.Errorf("%w: %d inputs, the encoding for %d players has %d", ErrNet, in, n, NetInputs(n))
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
func (nt *Net) Evaluate(s *State) []float64 {
	out := make([]float64, s.cfg.n)
	nt.evaluate(s, nt.scratch(), out)
	return out
}

func (nt *Net) evaluate(s *State, sc *netScratch, out []float64) {
	n := s.cfg.n
	if s.phase == phaseOver {
		copy(out, s.Returns())
		return
	}
	if n != nt.Players {
		panic(fmt.Sprintf("nordsloki: a %d-player net asked about a %d-player game", nt.Players, n))
	}
	me := int(s.mover)
	if me < 0 {
		me = 0
	}
	encode(s, me, sc.x)
	nt.forward(sc.x, sc.h, sc.out)
	for k := 0; k < n; k++ {
		out[(me+k)%n] = sc.out[k]
	}
}

// NetEvaluate returns the committed net's estimate of each player's
// expected return (Net.Evaluate). It panics if the embedded net does not
// load, which TestNetLoads rules out.
func (s *State) NetEvaluate() []float64 {
	nt, err := LoadNet(s.cfg.n)
	if err != nil {
		panic(err)
	}
	return nt.Evaluate(s)
}

// encode writes the features of s seen from player me into x (length
// NetInputs(n)): the players in seat order from me, then the ghost ships,
// the first player relative to me and whether someone has finished.
func encode(s *State, me int, x []float64) {
	clear(x)
	n := s.cfg.n
	for r := 0; r < n; r++ {
		encodeSeat(s, (me+r)%n, x[r*seatFeatures:(r+1)*seatFeatures])
	}
	o := n * seatFeatures
	for f := 1; f <= fields; f++ {
		if s.ghost&(1<<f) != 0 {
			x[o+f-1] = 1
		}
	}
	o += fields
	if s.first >= 0 {
		x[o+(int(s.first)-me+n)%n] = 1
	}
	o += n
	if s.anyFinished() {
		x[o] = 1
	}
}

// encodeSeat writes player p's features: for each field, the unary count of
// p's checkers there (at least 1, 2, 3, 4), then the scalars.
func encodeSeat(s *State, p int, x []float64) {
	pl := &s.p[p]
	pips := 25 * pl.waiting()
	lowest := 25
	if pl.waiting() > 0 {
		lowest = 0
	}
	konungField := -1
	if pl.wait[konung] > 0 {
		konungField = 0
	}
	returningOnBoard, blots, att3 := 0, 0, 0
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if int(c.owner) != p {
			continue
		}
		t := c.total()
		for u := 0; u < seatFieldUnits && u < t; u++ {
			x[(f-1)*seatFieldUnits+u] = 1
		}
		pips += t * (25 - f)
		if lowest == 25 {
			lowest = f
		}
		if c.n[konung] > 0 {
			konungField = f
		}
		returningOnBoard += int(c.n[returning])
		if t == 1 {
			blots++
		}
		if att(f) == 3 {
			att3 += t
		}
	}
	if konungField < 0 && s.cfg.konungs {
		konungField = 25 // borne off
	}
	y := x[fields*seatFieldUnits:]
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	w := float64(pl.waiting())
	y[0] = w / 13
	y[1] = b(w > 0)
	y[2] = b(w > 1)
	y[3] = float64(pl.wait[returning]) / 13
	y[4] = float64(returningOnBoard) / 13
	y[5] = float64(pl.off) / 13
	y[6] = b(pl.off == 0)
	y[7] = float64(pips) / 325
	y[8] = float64(lowest) / 25
	y[9] = float64(blots) / 13
	y[10] = float64(att3) / 13
	if s.cfg.konungs {
		y[11] = float64(pl.lives) / 7
		y[12] = b(pl.lives <= 2)
		y[13] = b(pl.lives <= 1)
		switch {
		case konungField == 0:
			y[14] = 1
		case konungField <= fields:
			y[15+att(konungField)-1] = 1 // 15, 16, 17
			y[18] = float64(konungField) / 24
		}
	}
	y[19] = b(s.active(p))
	loki, odin := 0, 0
	for _, f := range [...]int{laguz, othala, kenaz, isa} {
		if int(s.f[f].owner) == p {
			loki++
		}
	}
	for _, f := range [...]int{othala, dagaz, isa, naudiz} {
		if int(s.f[f].owner) == p {
			odin++
		}
	}
	y[20] = float64(loki*loki) / 16
	y[21] = float64(odin) / 4
	// Lone checkers that another player's checker (waiting ones at 0)
	// stands 1 to 12 fields behind: they can be hit next turn (4.2).
	exposed := 0
	for f := 1; f <= fields; f++ {
		c := &s.f[f]
		if int(c.owner) != p || c.total() != 1 || !threatened(s, p, f) {
			continue
		}
		exposed++
		if c.n[konung] > 0 {
			y[23] = 1
		}
	}
	y[22] = b(konungField >= 1 && konungField <= fields && s.f[konungField].total() == 1)
	y[24] = float64(exposed) / 13
}

// threatened reports whether a checker of another player still in the
// game stands (or waits, at 0) 1 to 12 fields behind field f.
func threatened(s *State, p, f int) bool {
	for q := 0; q < s.cfg.n; q++ {
		if q != p && s.active(q) && f <= 12 && s.p[q].waiting() > 0 {
			return true
		}
	}
	for g := max(1, f-12); g < f; g++ {
		if o := int(s.f[g].owner); o >= 0 && o != p && s.active(o) {
			return true
		}
	}
	return false
}
