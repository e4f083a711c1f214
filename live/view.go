package live

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

func eventView(e store.Event, auto []string) wire.EventView {
	return wire.EventView{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Auto: auto, Time: e.Time}
}

// coreJSON returns the JSON of the view without its history and clocks
// (its history empty), built once per seq (and after invalidate): a move's
// answer and its broadcast share it. Callers hold mu.
func (t *table) coreJSON() []byte {
	if t.core == nil || t.coreSeq != t.seq() {
		v := t.buildCore()
		v.History = []wire.EventView{}
		t.core, _ = json.Marshal(v)
		t.coreSeq = t.seq()
	}
	return t.core
}

// buildCore builds the view without history and clocks. Callers hold mu.
func (t *table) buildCore() wire.View {
	s := t.shown()
	v := wire.View{
		ID: t.rec.ID, Game: t.g.Name(), Title: t.g.Title(), Options: t.st.Options(), Players: t.st.Players(),
		Started: t.started(), Seq: t.seq(), Status: game.Status(s), Result: game.Describe(s), Finished: t.over(),
		Position: t.st.Position(), Board: t.st.String(), Legal: []string{},
		Created: t.rec.Created, Private: t.rec.Private, NoDrawOffers: !game.AgreedDraws(t.g),
		Speed: speed(t.rec.Clock), HotSeat: hotSeat(t.rec.Seats),
		Rated: t.rec.Rated,
	}
	if t.rec.Ratings != nil {
		v.Ratings = t.ratingsView() // once a rated game is over and rated
	}
	if c, ok := t.st.(game.Checker); ok {
		v.Check = c.Check()
	}
	if !t.over() {
		v.DrawOffer, v.TakebackOffer = t.offers.Draw(), t.offers.Takeback()
	}
	if !t.started() && !t.over() {
		v.Status = "waiting"
		if t.seated() {
			v.AwaitingSeeds = t.awaitingSeeds()
		}
	}
	if len(t.rec.Seats) > 0 {
		v.Seats = make([]wire.SeatView, 0, len(t.rec.Seats))
	}
	for i, seat := range t.rec.Seats {
		if seat.Kind == store.SeatHuman && t.abortBar(i) == barNone {
			v.CanAbort = append(v.CanAbort, seat.Player)
		}
		if seat.Kind == store.SeatHuman && t.mayOffer(i, ending.EventDrawOffer) {
			v.CanOfferDraw = append(v.CanOfferDraw, seat.Player)
		}
		if seat.Kind == store.SeatHuman && t.mayOffer(i, ending.EventTakebackOffer) {
			v.CanTakeback = append(v.CanTakeback, seat.Player)
		}
		if seat.WantsRematch {
			v.RematchOffers = append(v.RematchOffers, seat.Player)
		}
		v.Rematch = seat.Rematch
		v.Seats = append(v.Seats, wire.SeatView{Player: seat.Player, Kind: seat.Kind, Name: seat.Name, Level: seat.Level, Seeded: seat.Seed != "", Public: seat.Kind == store.SeatOpen && seat.Public, Left: t.left[seat.Player],
			Commit: t.pendingCommit(len(v.Seats)), Reveals: t.chain.Reveals(seat.Player)})
	}
	if p := t.toMove(); p >= 0 {
		v.ToMove = v.Players[p]
		legal := t.st.Legal()
		v.Legal = make([]string, 0, len(legal))
		for _, a := range legal {
			v.Legal = append(v.Legal, t.st.ActionString(a))
		}
	} else if t.started() && !t.over() && t.st.Player() == game.Chance {
		v.ToMove = "chance"
	}
	v.Fairness = wire.FairnessView{Scheme: t.scheme(), Commitment: t.rec.Commitment, SeatSeeds: map[string]string{}, Rolls: t.rolls}
	for _, seat := range t.rec.Seats {
		if seat.Seed != "" {
			v.Fairness.SeatSeeds[seat.Player] = seat.Seed
		}
	}
	if t.revealed() {
		v.Fairness.ServerSeed = hex.EncodeToString(t.rec.ServerSeed)
	}
	return v
}

// speed is the speed class of a game with clock c (nil: none).
func speed(c *store.Clock) string {
	switch {
	case c == nil:
		return wire.Speed(0, 0, 0)
	case c.PerMove:
		return wire.Speed(0, 0, int(c.Initial/(24*time.Hour)))
	}
	return wire.Speed(c.Initial, c.Increment, 0)
}

// hotSeat reports whether the creator of a game holds more than one of
// its seats: a game on one device.
func hotSeat(seats []store.Seat) bool {
	n := 0
	for _, s := range seats {
		if s.Kind == store.SeatHuman && s.Creator {
			n++
		}
	}
	return n > 1
}

// history returns the views of the events from index from on. Callers
// hold mu.
func (t *table) history(from int64) []wire.EventView {
	from = min(max(from, 0), t.seq())
	h := make([]wire.EventView, 0, t.seq()-from)
	for i := from; i < t.seq(); i++ {
		h = append(h, eventView(t.events[i], t.autos[i]))
	}
	return h
}

// clockView returns the clocks now (nil in a game without a clock).
// Callers hold mu.
func (t *table) clockView() *wire.ClockView {
	if t.rec.Clock == nil {
		return nil
	}
	players := t.st.Players()
	c := &wire.ClockView{InitialMs: t.rec.Clock.Initial.Milliseconds(), IncrementMs: t.rec.Clock.Increment.Milliseconds(), RemainingMs: map[string]int64{}}
	if t.rec.Clock.PerMove {
		c.DaysPerMove = int(t.rec.Clock.Initial / (24 * time.Hour))
	}
	for i, d := range t.remaining(t.deps.now()) {
		c.RemainingMs[players[i]] = max(d.Milliseconds(), 0)
	}
	if p := t.toMove(); p >= 0 && t.timed(p) {
		c.Running = players[p] // not before a player's first move
	} else if p >= 0 && t.started() {
		c.FirstMoveMs = max(t.flagIn(p, t.deps.now()).Milliseconds(), 1)
	}
	return c
}

// emptyHistory is the history's member in the core's JSON. It is found
// only where it is a member: inside a string its quotes would be escaped.
var emptyHistory = []byte(`"history":[]`)

// viewJSONFor returns the JSON of the view with the history from event
// index from on and the clocks, as the seat of player you sees it ("":
// as anyone does): the core's JSON with those spliced in, so that the
// core is encoded once per seq. Callers hold mu.
func (t *table) viewJSONFor(from int64, you string) []byte {
	core := t.coreJSON()
	at := bytes.Index(core, emptyHistory)
	hist, _ := json.Marshal(t.history(from))
	var clock []byte
	if c := t.clockView(); c != nil {
		clock, _ = json.Marshal(c)
	}
	b := make([]byte, 0, len(core)+len(hist)+len(clock)+len(you)+24)
	b = append(b, core[:at]...)
	b = append(append(b, `"history":`...), hist...)
	b = append(b, core[at+len(emptyHistory):len(core)-1]...)
	if clock != nil {
		b = append(append(b, `,"clock":`...), clock...)
	}
	if you != "" {
		name, _ := json.Marshal(you)
		b = append(append(b, `,"you":`...), name...)
	}
	return append(b, '}')
}

// viewJSON returns the JSON of the view, cached per seq (without clocks,
// which change every moment). Callers hold mu.
func (t *table) viewJSON() []byte {
	if t.rec.Clock == nil && t.viewSeq == t.seq() && t.view != nil {
		return t.view
	}
	b := t.viewJSONFor(0, "")
	t.view, t.viewSeq = b, t.seq()
	return b
}

// viewJSONFrom returns the JSON of the view with the history from event
// index from on. Callers hold mu.
func (t *table) viewJSONFrom(from int64) []byte {
	if from <= 0 {
		return t.viewJSON()
	}
	return t.viewJSONFor(from, "")
}

// invalidate drops the cached views (a seat changed). Callers hold mu.
func (t *table) invalidate() { t.view, t.viewSeq, t.core = nil, -1, nil }

// summarize adds what the table knows beyond the store to a game's
// summary: its position and the clocks.
func (t *table) summarize(sm *wire.Summary) {
	t.mu.Lock()
	defer t.mu.Unlock()
	sm.Position = t.st.Position()
	if t.clocks != nil {
		sm.ClocksMs = map[string]int64{}
		for i, d := range t.remaining(t.deps.now()) {
			sm.ClocksMs[t.st.Players()[i]] = max(d.Milliseconds(), 0)
		}
	}
}
