package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/wire"
)

// Record is what the clients of one game did: the moves the server
// acknowledged, by seq.
type Record struct {
	ID   string
	Game string
	// Seats lists the seats the clients played.
	Seats []string

	mu       sync.Mutex
	played   map[int64]wire.EventView
	finished bool
}

func newRecord(id, name string) *Record {
	return &Record{ID: id, Game: name, played: map[int64]wire.EventView{}}
}

func (r *Record) add(e wire.EventView) {
	r.mu.Lock()
	r.played[e.Seq] = e
	r.mu.Unlock()
}

// Played returns the acknowledged moves by seq.
func (r *Record) Played() map[int64]wire.EventView {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[int64]wire.EventView, len(r.played))
	for k, v := range r.played {
		out[k] = v
	}
	return out
}

// Finished reports whether a client saw the game end.
func (r *Record) Finished() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.finished
}

// Stats gathers the figures of a run; it is safe for concurrent use.
type Stats struct {
	moves     atomic.Int64
	errors    atomic.Int64
	connected atomic.Int64
	peak      atomic.Int64
	reconnect atomic.Int64

	mu      sync.Mutex
	lat     []time.Duration
	samples []string
	sent    sync.Map // moveKey → time.Time the move was sent
}

func (s *Stats) fail(format string, args ...any) {
	s.errors.Add(1)
	s.mu.Lock()
	if len(s.samples) < 10 {
		s.samples = append(s.samples, fmt.Sprintf(format, args...))
	}
	s.mu.Unlock()
}

func (s *Stats) connect(d int64) {
	n := s.connected.Add(d)
	for {
		p := s.peak.Load()
		if n <= p || s.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

// moveKey names a move: its game and seq.
type moveKey struct {
	id  string
	seq int64
}

func key(id string, seq int64) moveKey { return moveKey{id, seq} }

// received notes that an opponent received the move at seq: the round
// trip is measured once per move, at the first opponent.
func (s *Stats) received(id string, seq int64, at time.Time) {
	if v, ok := s.sent.LoadAndDelete(key(id, seq)); ok {
		d := at.Sub(v.(time.Time))
		s.mu.Lock()
		s.lat = append(s.lat, d)
		s.mu.Unlock()
	}
}

// Player plays one seat of a game: it follows the game's WebSocket feed
// and, on its turn, sends a random legal action. When its instance fails it
// reconnects to the next URL with the last seq it saw.
type Player struct {
	Client *Client
	// URLs lists the instances; the player starts on URLs[0].
	URLs  []string
	ID    string
	Seat  string
	Token string
	// Secret is the seat's nonce secret, nil when it committed to none:
	// each move then reveals its nonce (RevealFor).
	Secret []byte
	Rand   *rand.Rand
	// Think is the time the player waits before each move (±25%).
	Think time.Duration
	Rec   *Record
	Stats *Stats
	// Go, when not nil, holds the first move until it is closed; Ready
	// is called once connected.
	Go    <-chan struct{}
	Ready func()
	// GiveUp bounds the time spent without a connection.
	GiveUp time.Duration
}

// errRetry asks Run to reconnect.
var errRetry = errors.New("reconnect")

// Run plays until the game is over (nil), stop is closed (nil), or ctx
// ends or no instance answers for GiveUp (an error).
func (p *Player) Run(ctx context.Context, stop <-chan struct{}) error {
	if p.GiveUp == 0 {
		p.GiveUp = 30 * time.Second
	}
	st := &playerState{movedAt: -1}
	url := 0
	down := time.Time{}
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-stop:
			return nil
		default:
		}
		base := p.URLs[url%len(p.URLs)]
		st.dialed = false
		done, err := p.session(ctx, stop, base, st)
		if done || err == nil {
			return err
		}
		if st.dialed {
			down = time.Time{}
		}
		if down.IsZero() {
			down = time.Now()
		} else if time.Since(down) > p.GiveUp {
			return fmt.Errorf("game %s seat %s: no instance answers for %s: %v", p.ID, p.Seat, p.GiveUp, err)
		}
		if !errors.Is(err, errRetry) {
			url++ // this instance failed: try the next
		}
		p.Stats.reconnect.Add(1)
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// feedMessage is a message of the feed as a player reads it (a part of
// wire.FeedMessage). A session decodes every message into one value
// (reset between messages): the parts read only to move stay raw, in
// buffers used again.
type feedMessage struct {
	Type  string    `json:"type"`
	Event feedEvent `json:"event"`
	Game  feedGame  `json:"game"`
}

// feedEvent is the event in a feed message, as a player reads it.
type feedEvent struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Player string `json:"player"`
	Action string `json:"action"`
}

// feedGame is the state in a feed message, as a player reads it: the
// legal actions are decoded only on the player's turn, the seats and the
// fairness only for a move that reveals a nonce.
type feedGame struct {
	Seq      int64           `json:"seq"`
	ToMove   string          `json:"to_move"`
	Finished bool            `json:"finished"`
	Legal    json.RawMessage `json:"legal"`
	Seats    json.RawMessage `json:"seats"`
	Fairness json.RawMessage `json:"fairness"`
}

// reset empties m for the next message, keeping the buffers of its raw
// parts.
func (m *feedMessage) reset() {
	g := m.Game
	*m = feedMessage{Game: feedGame{Legal: g.Legal[:0], Seats: g.Seats[:0], Fairness: g.Fairness[:0]}}
}

type playerState struct {
	lastSeen int64
	movedAt  int64
	// pending is a move whose answer was lost with its instance: the log
	// tells whether it was stored.
	pending *wire.EventView
	ready   bool
	// dialed says the last session connected.
	dialed bool
	// legal holds the legal actions of the player's last turn.
	legal []json.RawMessage
}

// session follows the feed on one instance. done says the error is final.
func (p *Player) session(ctx context.Context, stop <-chan struct{}, base string, st *playerState) (done bool, err error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	c, err := dialFeed(dctx, base, p.ID, p.Token, st.lastSeen, &websocket.DialOptions{HTTPClient: p.Client.HTTP})
	cancel()
	if err != nil {
		return false, err
	}
	st.dialed = true
	defer c.CloseNow()
	c.SetReadLimit(4 << 20)
	p.Stats.connect(1)
	defer p.Stats.connect(-1)
	rctx, rcancel := context.WithCancel(ctx)
	defer rcancel()
	go func() {
		select {
		case <-stop:
			rcancel()
		case <-rctx.Done():
		}
	}()
	var (
		buf bytes.Buffer
		m   feedMessage
	)
	for {
		err := readMessage(rctx, c, &buf)
		if err != nil {
			select {
			case <-stop:
				return true, nil
			default:
			}
			if ctx.Err() != nil {
				return true, ctx.Err()
			}
			return false, err
		}
		at := time.Now()
		b := buf.Bytes()
		m.reset()
		if err := json.Unmarshal(b, &m); err != nil {
			p.Stats.fail("game %s: message %.80s: %v", p.ID, b, err)
			continue
		}
		switch m.Type {
		case wire.MessageEvent:
			p.onEvent(m.Event, st, at)
		case wire.MessageState:
			g := &m.Game
			if !st.ready {
				st.ready = true
				if p.Ready != nil {
					p.Ready()
				}
			}
			if g.Finished {
				p.Rec.mu.Lock()
				p.Rec.finished = true
				p.Rec.mu.Unlock()
				c.Close(websocket.StatusNormalClosure, "")
				return true, nil
			}
			if st.pending != nil && g.Seq >= st.pending.Seq {
				st.pending = nil // resolved by the event at its seq
			}
			// A pending move the state does not have yet is sent again,
			// the same action at the same seq: either it was not stored
			// and now is, or the server refuses it and the log tells.
			resend := st.pending != nil && g.Seq == st.pending.Seq-1
			if g.ToMove != p.Seat || len(g.Legal) == 0 || (g.Seq <= st.movedAt && !resend) {
				continue
			}
			a, r, ok := p.chooseMove(rctx, g, st, resend)
			if !ok {
				continue
			}
			if err := p.sendMove(ctx, base, g, st, a, r, resend); err != nil {
				return false, err
			}
		}
	}
}

// onEvent takes event e, read at at: it settles a pending move at its
// seq, and times an opponent's move.
func (p *Player) onEvent(e feedEvent, st *playerState, at time.Time) {
	if e.Seq <= st.lastSeen {
		return
	}
	st.lastSeen = e.Seq
	if st.pending != nil && e.Seq == st.pending.Seq {
		if e.Player == p.Seat && e.Action == st.pending.Action {
			p.Rec.add(*st.pending) // stored before its instance fell
		}
		st.pending = nil
	}
	if e.Kind == "move" && e.Player != p.Seat {
		p.Stats.received(p.ID, e.Seq, at)
	}
}

// chooseMove picks the action to play in g, and what it reveals, after
// the start signal and the think time (none for a move sent again, which
// is the pending action): false when there is none or ctx ends first.
func (p *Player) chooseMove(ctx context.Context, g *feedGame, st *playerState, resend bool) (string, wire.Reveal, bool) {
	// The actions stay raw, in the buffers of the last turn's, but for
	// the one played.
	if err := json.Unmarshal(g.Legal, &st.legal); err != nil {
		p.Stats.fail("game %s: legal actions %.80s: %v", p.ID, g.Legal, err)
		return "", wire.Reveal{}, false
	}
	if len(st.legal) == 0 {
		return "", wire.Reveal{}, false
	}
	// A move sent again reveals the same nonce: the state it is sent in
	// is the one before the first sending.
	r, err := p.reveal(g)
	if err != nil {
		p.Stats.fail("game %s: state at %d: %v", p.ID, g.Seq, err)
		return "", wire.Reveal{}, false
	}
	if p.Go != nil {
		select {
		case <-p.Go:
		case <-ctx.Done():
			return "", wire.Reveal{}, false
		}
	}
	if p.Think > 0 && !resend {
		d := p.Think*3/4 + time.Duration(p.Rand.Int64N(int64(p.Think)/2+1))
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return "", wire.Reveal{}, false
		}
	}
	// Drawn for a move sent again too: a seed gives the same choices.
	i := p.Rand.IntN(len(st.legal))
	var a string
	if resend {
		a = st.pending.Action
	} else if err := json.Unmarshal(st.legal[i], &a); err != nil {
		p.Stats.fail("game %s: legal action %.80s: %v", p.ID, st.legal[i], err)
		return "", wire.Reveal{}, false
	}
	st.movedAt = g.Seq
	return a, r, true
}

// reveal is what a move in g reveals of the seat's nonces (RevealFor);
// the seats and the fairness are decoded only for a seat with a secret.
func (p *Player) reveal(g *feedGame) (wire.Reveal, error) {
	if p.Secret == nil {
		return wire.Reveal{}, nil
	}
	var (
		seats []wire.SeatView
		f     wire.FairnessView
	)
	if err := json.Unmarshal(g.Seats, &seats); err != nil {
		return wire.Reveal{}, fmt.Errorf("seats %.80s: %w", g.Seats, err)
	}
	if err := json.Unmarshal(g.Fairness, &f); err != nil {
		return wire.Reveal{}, fmt.Errorf("fairness %.80s: %w", g.Fairness, err)
	}
	return RevealFor(p.Secret, p.ID, p.Seat, seats, f), nil
}

// sendMove plays a in g. An error ends the session: errRetry to read the
// state again, another one when the instance may have lost the move,
// which then is pending.
func (p *Player) sendMove(ctx context.Context, base string, g *feedGame, st *playerState, a string, r wire.Reveal, resend bool) error {
	mv := wire.EventView{Seq: g.Seq + 1, Kind: "move", Player: p.Seat, Action: a}
	p.Stats.sent.Store(key(p.ID, mv.Seq), time.Now())
	// The move is sent even when stop comes meanwhile: its
	// answer decides whether it counts.
	err := p.Client.Play(context.WithoutCancel(ctx), base, p.ID, p.Token, a, g.Seq, r)
	if err == nil {
		p.Rec.add(mv)
		p.Stats.moves.Add(1)
		st.pending = nil
		return nil
	}
	p.Stats.sent.Delete(key(p.ID, mv.Seq))
	var ae *APIError
	if errors.As(err, &ae) {
		if ae.Status >= 500 && ae.Code != wire.CodeInternal {
			// shutting down: the move was not stored
			return err
		}
		if resend && (ae.Code == wire.CodeStale || ae.Code == wire.CodeNotYourTurn) {
			// The first sending was stored: the log will say.
			return errRetry
		}
		p.Stats.fail("game %s seat %s: %s at %d: %v", p.ID, p.Seat, a, g.Seq, err)
		st.movedAt = -1
		st.pending = nil
		return errRetry // read the state again
	}
	st.pending = &mv
	return err
}

// readMessage reads c's next message into buf, in place of what it held.
func readMessage(ctx context.Context, c *websocket.Conn, buf *bytes.Buffer) error {
	_, r, err := c.Reader(ctx)
	if err != nil {
		return err
	}
	buf.Reset()
	_, err = buf.ReadFrom(r)
	return err
}
