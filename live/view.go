package live

import (
	"encoding/hex"
	"encoding/json"
	"time"

	"norns/ending"
	"norns/game"
	"norns/store"
)

// View is the JSON of a game, as GET /api/games/{id} and the WebSocket's
// state messages give it.
type View struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	Players []string          `json:"players"`
	Seats   []SeatView        `json:"seats"`
	// You is the seat the request's token opens, when it opens one.
	You     string `json:"you,omitempty"`
	Started bool   `json:"started"`
	// AwaitingSeeds lists the seats whose dice seed the first roll waits
	// for, once every seat is taken (POST /api/games/{id}/seed).
	AwaitingSeeds []string `json:"awaiting_seeds,omitempty"`
	// CanAbort lists the human seats that may still abort the game: they
	// have not moved, nor left, and no die has rolled yet; the others may
	// resign once it has started.
	CanAbort []string `json:"can_abort,omitempty"`
	// DrawOffer and TakebackOffer name the seat whose offer waits for an
	// answer.
	DrawOffer     string `json:"draw_offer,omitempty"`
	TakebackOffer string `json:"takeback_offer,omitempty"`
	// CanOfferDraw lists the human seats that may offer a draw now, and
	// CanTakeback those that may ask to take back their last move now
	// (games of two players; see package ending for the limits).
	CanOfferDraw []string `json:"can_offer_draw,omitempty"`
	CanTakeback  []string `json:"can_takeback,omitempty"`
	// RematchOffers lists the seats of a finished game that asked for a
	// rematch; Rematch is the new game's id once it exists.
	RematchOffers []string `json:"rematch_offers,omitempty"`
	Rematch       string   `json:"rematch,omitempty"`
	// Seq is the number of events so far: the sequence number to send
	// with the next action.
	Seq int64 `json:"seq"`
	// ToMove is the seat name of the player to move, "chance" at a roll,
	// "" when the game waits for players or is over.
	ToMove   string `json:"to_move"`
	Status   string `json:"status"`
	Result   string `json:"result"`
	Finished bool   `json:"finished"`
	// Position is the game's one-line position notation; Board draws it.
	Position string `json:"position"`
	Board    string `json:"board"`
	// Check lists the squares of the kings in check, in the games with
	// check (chess, Samurai chess; game.Checker).
	Check []string `json:"check,omitempty"`
	// Legal lists the actions of the player to move, in the game's
	// notation (empty at a roll, while waiting, or when over).
	Legal    []string     `json:"legal"`
	History  []EventView  `json:"history"`
	Fairness FairnessView `json:"fairness"`
	Clock    *ClockView   `json:"clock,omitempty"`
	Created  time.Time    `json:"created"`
	// Private says the game is not in the lists of games.
	Private bool `json:"private,omitempty"`
}

// SeatView is a seat as everybody sees it (never its token).
type SeatView struct {
	Player string `json:"player"`
	Kind   string `json:"kind"`
	Name   string `json:"name,omitempty"`
	Level  string `json:"level,omitempty"`
	// Seeded says whether the seat gave a dice seed.
	Seeded bool `json:"seeded"`
	// Public marks an open seat anyone may join; in the list of games it
	// comes with its Invite, to post to /join. Never set for a private
	// seat, nor once the seat is taken.
	Public bool   `json:"public,omitempty"`
	Invite string `json:"invite,omitempty"`
	// Left marks a seat whose player left a game that goes on without
	// them (three-player Nords Loki: out of time, or resigned).
	Left bool `json:"left,omitempty"`
	// Commit is the seat's pending nonce commitment (dice scheme v2),
	// which its next move reveals, and Reveals the number of nonces it
	// revealed: its client's next nonce is number Reveals.
	Commit  string `json:"commit,omitempty"`
	Reveals int    `json:"reveals,omitempty"`
}

// EventView is one entry of the history.
type EventView struct {
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"`
	Player string `json:"player"`
	Action string `json:"action,omitempty"`
	// Auto lists what the game applied by itself after the action (a
	// pass of a player who could not move).
	Auto []string  `json:"auto,omitempty"`
	Time time.Time `json:"time"`
}

// FairnessView is the dice commitment and, at the end, the revealed seed.
type FairnessView struct {
	Scheme     string            `json:"scheme"`
	Commitment string            `json:"commitment"`
	ServerSeed string            `json:"server_seed,omitempty"`
	SeatSeeds  map[string]string `json:"seat_seeds"`
	Rolls      uint64            `json:"rolls"`
}

// ClockView is the state of the clocks.
type ClockView struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	// DaysPerMove is set for a correspondence clock.
	DaysPerMove int              `json:"days_per_move,omitempty"`
	RemainingMs map[string]int64 `json:"remaining_ms"`
	// Running is the seat whose clock runs, if any (none before a player's
	// first move, which is not timed).
	Running string `json:"running,omitempty"`
	// FirstMoveMs is, while the player to move has not moved yet, the
	// time left for that first move, after which the game is aborted.
	FirstMoveMs int64 `json:"first_move_ms,omitempty"`
}

func eventView(e store.Event, auto []string) EventView {
	return EventView{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Action: e.Action, Auto: auto, Time: e.Time}
}

// coreView returns the view of the game now without its history and
// clocks, built once per seq (and after invalidate): a move's answer and
// its broadcast share it. The copy shares its slices and maps with the
// cache; callers must not change them. Callers hold mu.
func (t *table) coreView() View {
	if t.core == nil || t.coreSeq != t.seq() {
		v := t.buildCore()
		t.core, t.coreSeq = &v, t.seq()
	}
	return *t.core
}

// buildCore builds the view without history and clocks. Callers hold mu.
func (t *table) buildCore() View {
	s := t.shown()
	v := View{
		ID: t.rec.ID, Game: t.g.Name(), Title: t.g.Title(), Options: t.st.Options(), Players: t.st.Players(),
		Started: t.started(), Seq: t.seq(), Status: game.Status(s), Result: game.Describe(s), Finished: t.over(),
		Position: t.st.Position(), Board: t.st.String(), Legal: []string{},
		Created: t.rec.Created, Private: t.rec.Private,
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
	for i, seat := range t.rec.Seats {
		if seat.Kind == store.SeatHuman && t.mayAbort(i) == nil {
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
		v.Seats = append(v.Seats, SeatView{Player: seat.Player, Kind: seat.Kind, Name: seat.Name, Level: seat.Level, Seeded: seat.Seed != "", Public: seat.Kind == store.SeatOpen && seat.Public, Left: t.left[seat.Player],
			Commit: t.pendingCommit(len(v.Seats)), Reveals: t.chain.Reveals(seat.Player)})
	}
	if p := t.toMove(); p >= 0 {
		v.ToMove = v.Players[p]
		for _, a := range t.st.Legal() {
			v.Legal = append(v.Legal, t.st.ActionString(a))
		}
	} else if t.started() && !t.over() && t.st.Player() == game.Chance {
		v.ToMove = "chance"
	}
	v.Fairness = FairnessView{Scheme: t.scheme(), Commitment: t.rec.Commitment, SeatSeeds: map[string]string{}, Rolls: t.rolls}
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

// buildView writes the view of the game now, with the history from event
// index from on. Callers hold mu.
func (t *table) buildView(from int64) View { return t.withHistory(t.coreView(), from) }

// withHistory completes a view without history and clocks with the history
// from event index from on and the clocks. Callers hold mu.
func (t *table) withHistory(v View, from int64) View {
	from = min(max(from, 0), t.seq())
	v.History = make([]EventView, 0, t.seq()-from)
	for i := from; i < t.seq(); i++ {
		v.History = append(v.History, eventView(t.events[i], t.autos[i]))
	}
	if t.rec.Clock != nil {
		c := &ClockView{InitialMs: t.rec.Clock.Initial.Milliseconds(), IncrementMs: t.rec.Clock.Increment.Milliseconds(), RemainingMs: map[string]int64{}}
		if t.rec.Clock.PerMove {
			c.DaysPerMove = int(t.rec.Clock.Initial / (24 * time.Hour))
		}
		for i, d := range t.remaining(t.deps.now()) {
			c.RemainingMs[v.Players[i]] = max(d.Milliseconds(), 0)
		}
		if p := t.toMove(); p >= 0 && t.timed(p) {
			c.Running = v.Players[p] // not before a player's first move
		} else if p >= 0 && t.started() {
			c.FirstMoveMs = max(t.flagIn(p, t.deps.now()).Milliseconds(), 1)
		}
		v.Clock = c
	}
	return v
}

// viewJSON returns the JSON of the view, cached per seq (without clocks,
// which change every moment). Callers hold mu.
func (t *table) viewJSON() []byte {
	if t.rec.Clock == nil && t.viewSeq == t.seq() && t.view != nil {
		return t.view
	}
	// The view is not kept beside its JSON: a game nobody plays (just
	// created, or only looked at) holds only the JSON.
	var b []byte
	if t.core != nil && t.coreSeq == t.seq() {
		b, _ = json.Marshal(t.withHistory(*t.core, 0))
	} else {
		b, _ = json.Marshal(t.withHistory(t.buildCore(), 0))
	}
	t.view, t.viewSeq = b, t.seq()
	return b
}

// viewJSONFrom returns the JSON of the view with the history from event
// index from on. Callers hold mu.
func (t *table) viewJSONFrom(from int64) []byte {
	if from <= 0 {
		return t.viewJSON()
	}
	b, _ := json.Marshal(t.buildView(from))
	return b
}

// invalidate drops the cached views (a seat changed). Callers hold mu.
func (t *table) invalidate() { t.view, t.viewSeq, t.core = nil, -1, nil }
