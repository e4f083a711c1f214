package live

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// The commands players send. Each runs on a locked table that is not
// stale (Hall.with), checks what it needs on that copy, and writes
// conditionally on the version it read: a copy that another instance has
// overtaken makes the write fail, and with runs the command again on the
// game as stored. Callers hold t.mu.

// join gives the open seat an invitation opens to a new player, with a new
// token, and starts the game when it was the last one.
func (t *table) join(ctx context.Context, req wire.JoinRequest) (player, token string, err error) {
	h := sha256.Sum256([]byte(req.Invite))
	idx := -1
	for i, seat := range t.rec.Seats {
		if req.Seat != "" && seat.Player != req.Seat {
			continue
		}
		if len(seat.InviteHash) == len(h) && subtle.ConstantTimeCompare(seat.InviteHash, h[:]) == 1 {
			idx = i
		}
	}
	if idx < 0 {
		if req.Seat != "" && !slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return s.Player == req.Seat }) {
			return "", "", Errorf(wire.CodeBadInvite, "no seat %q", req.Seat)
		}
		return "", "", Errorf(wire.CodeBadInvite, "")
	}
	if t.over() {
		return "", "", Errorf(wire.CodeGameOver, "")
	}
	if t.rec.Seats[idx].Kind != store.SeatOpen {
		return "", "", Errorf(wire.CodeSeatNotOpen, "seat %s is taken", t.rec.Seats[idx].Player)
	}
	if err := t.takesCommit(req.Commit); err != nil {
		return "", "", err
	}
	if err := t.mayJoinRated(req.Account); err != nil {
		return "", "", err
	}
	seats := slices.Clone(t.rec.Seats)
	tok, th := secret()
	seats[idx] = store.Seat{Player: seats[idx].Player, Kind: store.SeatHuman, Name: req.Name, Seed: req.Seed, Commit: req.Commit, TokenHash: th, InviteHash: seats[idx].InviteHash, Account: req.Account}
	if err := t.setSeats(ctx, seats); err != nil {
		return "", "", retryable(err)
	}
	t.deps.log.Info("seat joined", "game", t.rec.ID, "seat", seats[idx].Player)
	if err := t.begin(ctx, false); err != nil {
		return "", "", err
	}
	return seats[idx].Player, tok, nil
}

// setSeed sets seat p's dice seed, which the first roll waits for, and
// the commitment to its client's first nonce.
func (t *table) setSeed(ctx context.Context, p int, seed, commit string) error {
	if t.over() {
		return Errorf(wire.CodeGameOver, "")
	}
	if t.rolls > 0 {
		return Errorf(wire.CodeSeedLocked, "%d rolls made", t.rolls)
	}
	if err := t.takesCommit(commit); err != nil {
		return err
	}
	seats := slices.Clone(t.rec.Seats)
	seats[p].Seed, seats[p].Commit = seed, commit
	was := t.started()
	if err := t.setSeats(ctx, seats); err != nil {
		return retryable(err)
	}
	return t.begin(ctx, was)
}

// begin follows a change of seats: it makes the rolls that came due (the
// game may just have started), or tells the subscribers of the new seats.
// was says whether the game had started before the change. The seats are
// stored already: when another instance, following them, made the rolls
// first, the table is stale and begin has nothing more to do.
func (t *table) begin(ctx context.Context, was bool) error {
	start := t.seq()
	if err := t.commit(ctx, nil); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil
		}
		return err
	}
	if t.seq() == start {
		if !was {
			t.turnStart = t.deps.now() // the clocks start with the game
		}
		t.broadcast(int(start)) // the seats changed: a new state for everyone
		t.next()
	}
	return nil
}

// play plays an action of seat p, given in the game's notation, on a
// client that has seen the log up to seen, with the nonces it reveals.
func (t *table) play(ctx context.Context, p int, text string, seen int64, r wire.Reveal) error {
	switch {
	case t.over():
		return Errorf(wire.CodeGameOver, "%s", game.Describe(t.shown()))
	case !t.started():
		return Errorf(wire.CodeNotStarted, "")
	case seen != t.seq():
		return Errorf(wire.CodeStale, "the client has seen %d, the game is at %d", seen, t.seq())
	case t.toMove() != p:
		return Errorf(wire.CodeNotYourTurn, "%s is %s", t.st.Players()[p], game.Status(t.st))
	}
	a, err := t.st.ParseAction(strings.TrimSpace(text))
	if err != nil {
		if errors.Is(err, game.ErrSyntax) {
			return Errorf(wire.CodeMalformed, "%v", err)
		}
		return Errorf(wire.CodeIllegal, "%v", err)
	}
	if err := t.checkReveal(p, r); err != nil {
		return err
	}
	return retryable(t.move(ctx, p, a, r))
}

// move plays action a of seat p, which is to move: a player's, with the
// nonces it reveals (checked), or an AI seat's. A player whose time has
// run out loses on the clock instead.
func (t *table) move(ctx context.Context, p int, a game.Action, r wire.Reveal) error {
	now := t.deps.now()
	e := store.Event{Seq: t.seq() + 1, Kind: store.EventMove, Player: t.st.Players()[p], Action: t.st.ActionString(a), Code: uint32(a), Time: now, Nonce: r.Nonce, Next: r.Next}
	if t.clocks != nil {
		clocks := t.remaining(now)
		if clocks[p] <= 0 {
			if err := t.flagged(ctx, p, now); err != nil {
				return err
			}
			if !t.over() {
				return Errorf(wire.CodeNotYourTurn, "%s ran out of time and is out of the game", e.Player)
			}
			return Errorf(wire.CodeGameOver, "%s ran out of time", e.Player)
		}
		e.Clocks = clocks // the increment comes at the end of the turn (commit)
	}
	// Check legality before anything is stored: Apply in commit must not
	// fail for a legal action.
	if !slices.Contains(t.st.Legal(), a) {
		return Errorf(wire.CodeIllegal, "%s is not legal now", t.st.ActionString(a))
	}
	return t.commit(ctx, []store.Event{e})
}

// resign ends seat p's game with a loss: the others win (with two
// players, the other). In three-player Nords Loki it takes the player out
// as a technical defeat does (8.3), on the player's turn or not, and the
// others play on, unless only AI seats would (commit ends the game then:
// ending.EventNoHuman).
func (t *table) resign(ctx context.Context, p int) error {
	switch {
	case t.over():
		return Errorf(wire.CodeGameOver, "%s", game.Describe(t.shown()))
	case !t.started():
		return Errorf(wire.CodeNotStarted, "the game has not started: abort it instead")
	}
	if t.left[t.rec.Seats[p].Player] {
		return Errorf(wire.CodeLeft, "")
	}
	// A player the rules took out already (three-player Nords Loki: a
	// konung with no lives left, 8.3) cannot resign: the game could not
	// apply it. (While a roll is due, which commit makes first, the game
	// could not say yet.)
	if t.st.Player() != game.Chance {
		if _, err := ending.Leave(t.st.Clone(), store.EventResign, game.Player(p)); err != nil {
			return Errorf(wire.CodeLeft, "%v", err)
		}
	}
	return retryable(t.commit(ctx, []store.Event{t.leaving(store.EventResign, p)}))
}

// abort calls the game off with no result, while seat p may (mayAbort).
func (t *table) abort(ctx context.Context, p int) error {
	if err := t.mayAbort(p); err != nil {
		return err
	}
	return retryable(t.commit(ctx, []store.Event{t.leaving(store.EventAbort, p)}))
}

// mayAbort says why seat p may not abort the game now, or nil: a seat may
// while it has not moved (before the game starts, too), has not left the
// game, and no die has rolled. Once the dice have shown a roll the game
// can only be resigned, or a player could abort an opening roll they
// dislike and start again.
func (t *table) mayAbort(p int) error {
	player := t.rec.Seats[p].Player
	switch t.abortBar(p) {
	case barOver:
		return Errorf(wire.CodeGameOver, "%s", game.Describe(t.shown()))
	case barLeft:
		return Errorf(wire.CodeLeft, "")
	case barMoved:
		return Errorf(wire.CodeCannotAbort, "%s has moved already: resign instead", player)
	case barRolled:
		return Errorf(wire.CodeCannotAbort, "the dice have rolled (%d rolls): resign instead", t.rolls)
	}
	return nil
}

// What bars a seat from aborting (abortBar).
const (
	barNone = iota
	barOver
	barLeft
	barMoved
	barRolled
)

// abortBar is what bars seat p from aborting the game now, barNone when
// nothing does: the view asks it of every seat, without building errors.
func (t *table) abortBar(p int) int {
	switch {
	case t.over():
		return barOver
	case t.left[t.rec.Seats[p].Player]:
		return barLeft
	case t.moved(p):
		return barMoved
	case t.rolls > 0:
		return barRolled
	}
	return barNone
}

// offer is seat p's word on a draw (what ending.EventDrawOffer) or a takeback
// (ending.EventTakebackOffer): yes offers, or accepts the other player's offer;
// no declines it. An AI seat answers an offer at once: it declines a draw,
// and grants a takeback unless its game was created without. New offers
// are limited (ending.Offers.Limit), so that nobody, the AI included, is sent
// offers without end.
func (t *table) offer(ctx context.Context, p int, what string, yes bool) error {
	if err := t.mayWord(p); err != nil {
		return err
	}
	if what == ending.EventDrawOffer && !game.AgreedDraws(t.g) {
		// Lux et Umbra 1.1, Nords Loki 8.6: no draw offer to make, and
		// none to answer.
		return Errorf(wire.CodeNoDraws, "%s allows no draw by agreement", t.g.Title())
	}
	pending, accept, decline := t.offers.Draw(), ending.EventDrawAccept, ending.EventDrawDecline
	if what == ending.EventTakebackOffer {
		pending, accept, decline = t.offers.Takeback(), ending.EventTakebackAccept, ending.EventTakebackDecline
	}
	player, other := t.rec.Seats[p].Player, t.rec.Seats[1-p]
	kind := what
	switch {
	case yes && pending == other.Player:
		kind = accept
	case !yes && pending == other.Player:
		kind = decline
	case !yes:
		return Errorf(wire.CodeNoOffer, "%s has made no such offer", other.Player)
	}
	// Check on a copy first: an offer the rules refuse is a clear error,
	// not a failed append.
	o := t.offers
	if _, err := o.Event(t.st.Clone(), kind, player); err != nil {
		return Errorf(wire.CodeCannotOffer, "%v", err)
	}
	if kind == what {
		if err := t.offers.Limit(t.st, kind, player); err != nil {
			return Errorf(wire.CodeCannotOffer, "%v", err)
		}
	}
	events := []store.Event{t.answer(kind, p)}
	if kind == what && other.Kind == store.SeatAI {
		reply := decline
		if what == ending.EventTakebackOffer && !other.NoTakebacks {
			reply = accept
		}
		e := t.answer(reply, 1-p)
		e.Seq++
		events = append(events, e)
	}
	return retryable(t.commit(ctx, events))
}

// mayWord says why seat p may not offer, accept or decline anything now,
// or nil: offers are made in a game of two players that has started and is
// not over, by a seat that has not left it.
func (t *table) mayWord(p int) error {
	switch {
	case t.over():
		return Errorf(wire.CodeGameOver, "%s", game.Describe(t.shown()))
	case !t.started():
		return Errorf(wire.CodeNotStarted, "")
	case len(t.rec.Seats) != 2:
		return Errorf(wire.CodeCannotOffer, "offers are made in games of two players")
	case t.left[t.rec.Seats[p].Player]:
		return Errorf(wire.CodeLeft, "")
	}
	return nil
}

// mayOffer reports whether seat p may make a new offer of kind
// (ending.EventDrawOffer or ending.EventTakebackOffer) now: what the view tells.
func (t *table) mayOffer(p int, kind string) bool {
	if t.mayWord(p) != nil || kind == ending.EventDrawOffer && !game.AgreedDraws(t.g) {
		return false
	}
	player := t.rec.Seats[p].Player
	o := t.offers // an offer changes only the copy, and never the state
	if _, err := o.Event(t.st, kind, player); err != nil {
		return false
	}
	return t.offers.Limit(t.st, kind, player) == nil
}

// answer is the event of seat p's offer or answer; those that change the
// turn (an accepted takeback or draw) carry the clocks as they stand, less
// the increment of a turn taken back.
func (t *table) answer(kind string, p int) store.Event {
	switch kind {
	case ending.EventDrawAccept:
		return t.leaving(kind, p)
	case ending.EventTakebackAccept:
		e := t.leaving(kind, p)
		t.takenBack(e.Clocks, 1-p)
		return e
	}
	return store.Event{Seq: t.seq() + 1, Kind: kind, Player: t.rec.Seats[p].Player, Time: t.deps.now()}
}

// takenBack changes clocks, the clocks as they stand, for the takeback of
// seat p's last move: when that move ended p's turn it earned p the
// increment (with a correspondence clock, its days afresh), which the
// takeback takes back with the move, or moving and asking for a takeback
// again and again would pile up time. The time each player spent stays
// spent, as on lichess, whose clocks only switch back at a takeback. All
// is read from the log, which every instance shares.
func (t *table) takenBack(clocks []time.Duration, p int) {
	c := t.rec.Clock
	if c == nil || clocks == nil || t.toMove() == p {
		return // no clock, or the move left p to move: nothing was credited
	}
	if !c.PerMove {
		clocks[p] = max(clocks[p]-c.Increment, 0)
		return
	}
	// p gets back what it had left when it moved: its time at the start of
	// the turn (the last clocks stored before the move), less what the
	// move took, unless it was p's first move, which is not timed.
	player := t.rec.Seats[p].Player
	i := len(t.events) - 1
	for i >= 0 && (t.events[i].Kind != store.EventMove || t.events[i].Player != player) {
		i--
	}
	if i < 0 {
		return
	}
	j := i - 1 // the last event before the move that set the clocks
	for j >= 0 && t.events[j].Clocks == nil {
		j--
	}
	first := !slices.ContainsFunc(t.events[:i], func(e store.Event) bool { return e.Kind == store.EventMove && e.Player == player })
	if first || j < 0 {
		clocks[p] = c.Initial
		return
	}
	clocks[p] = max(t.events[j].Clocks[p]-t.events[i].Time.Sub(t.events[j].Time), 0)
}

// rematch is seat p's wish to play the finished game again: the same game
// and options, the seats rotated (swapped with two players), each player
// with the token they hold, a new dice commitment. The new game is made
// once every person at the table wants it (at once against the AI), and
// rematch returns its id ("" while others are awaited).
//
// The wishes and the new game's id are writes of the old game's seats,
// which the other instances follow (catchUp), as they do any write. The
// new game's id comes from the old one's (rematchID), so that instances
// that both find everybody ready, on copies of the same seats, create one
// game: the store takes the first Create, and the others take that game
// as the rematch; so does an attempt whose write of the seats failed
// after its Create.
func (t *table) rematch(ctx context.Context, p int) (string, error) {
	if err := t.overAsStored(ctx); err != nil {
		return "", err
	}
	if id := t.madeRematch(); id != "" {
		return id, nil
	}
	seats := slices.Clone(t.rec.Seats)
	seats[p].WantsRematch = true
	ready := !slices.ContainsFunc(seats, func(s store.Seat) bool { return s.Kind == store.SeatHuman && !s.WantsRematch })
	if !ready {
		if err := t.setSeats(ctx, seats); err != nil {
			return "", retryable(err)
		}
		t.broadcast(int(t.seq()))
		return "", nil
	}
	rec, err := newGame(t.g, t.rec.Options, t.rec.Clock, rotate(t.rec.Seats), t.deps.now().UTC())
	if err != nil {
		return "", err
	}
	// A rematch is rated as the game was (between the same accounts).
	rec.ID, rec.Private, rec.Rated = rematchID(t.rec.ID), t.rec.Private, t.rec.Rated
	switch err := t.deps.store.Create(ctx, rec); {
	case errors.Is(err, store.ErrConflict):
		// Made already, by another instance or an earlier attempt: it is
		// the rematch (the seats it was made from are the same).
	case err != nil:
		return "", err
	}
	for i := range seats {
		seats[i].Rematch = rec.ID
	}
	if err := t.setSeats(ctx, seats); err != nil {
		return "", retryable(err)
	}
	t.deps.log.Info("rematch", "game", t.rec.ID, "new", rec.ID)
	t.broadcast(int(t.seq()))
	for sub := range t.subs {
		sub.send(rematchMessage(rec.ID))
	}
	return rec.ID, nil
}

// declineRematch declines the rematch the other seats asked for, for seat
// p: every wish is dropped (as lichess, the offer is gone for both), and
// the feed says so. A rematch made already stands; a game over with no
// wish is left as it is.
func (t *table) declineRematch(ctx context.Context, p int) error {
	if err := t.overAsStored(ctx); err != nil {
		return err
	}
	if t.madeRematch() != "" {
		return nil
	}
	seats := slices.Clone(t.rec.Seats)
	changed := false
	for i := range seats {
		if seats[i].WantsRematch {
			seats[i].WantsRematch = false
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := t.setSeats(ctx, seats); err != nil {
		return retryable(err)
	}
	t.broadcast(int(t.seq()))
	return nil
}

// madeRematch returns the id of the game's rematch once it is made, or "".
// Callers hold mu.
func (t *table) madeRematch() string {
	if len(t.rec.Seats) == 0 {
		return ""
	}
	return t.rec.Seats[0].Rematch
}

// overAsStored catches up with the store (seats included), then says
// not_over unless the game is over. Another instance may have ended the
// game, or written a rematch wish or the rematch, a moment ago: a rematch
// is decided on the game and its seats as stored, so that its write is
// refused (and the copy dropped, its feeds closed) only in a true race.
func (t *table) overAsStored(ctx context.Context) error {
	if err := t.deps.catchUp(ctx, t, true); err != nil {
		return err
	}
	if !t.over() {
		return Errorf(wire.CodeNotOver, "")
	}
	return nil
}

// rematchID is the id of the rematch of game id: the first 80 bits of
// SHA-256 of "norns rematch " and the id, in lower-case base32 as newID
// writes ids. It can be told from the old game's id only, as the new
// game's link is from the old one's.
func rematchID(id string) string {
	h := sha256.Sum256([]byte("norns rematch " + id))
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(h[:10]))
}

// rotate gives the seats of a rematch: each person (their token, name, AI
// level) moves one seat on, the last to the first, and the open seats'
// invitations, the seeds and the wishes stay behind; the creator's mark
// goes with the person.
func rotate(old []store.Seat) []store.Seat {
	out := make([]store.Seat, len(old))
	for i := range old {
		from := old[(i+len(old)-1)%len(old)]
		out[i] = store.Seat{Player: old[i].Player, Kind: from.Kind, Level: from.Level, Name: from.Name, TokenHash: from.TokenHash, NoTakebacks: from.NoTakebacks, Creator: from.Creator, Account: from.Account}
	}
	return out
}

// leaving is the event of seat p leaving the game (a resignation, an
// abort), with the clocks as they stand.
func (t *table) leaving(kind string, p int) store.Event {
	now := t.deps.now()
	return store.Event{Seq: t.seq() + 1, Kind: kind, Player: t.rec.Seats[p].Player, Time: now, Clocks: t.remaining(now)}
}

// moved reports whether seat p has made a move.
func (t *table) moved(p int) bool { return t.movers[t.rec.Seats[p].Player] }

// retryable turns a write the store refused into errRetry, so that with
// runs the command again on the game as stored.
func retryable(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return errRetry
	}
	return err
}

// The players' nonces (dice scheme v2, docs/fair-dice.md): a seat's
// client commits to a nonce with its seed, reveals it with its next move
// and commits to the next one with the same move. The roll that a move
// causes depends on the nonce it revealed, so the server cannot compute
// it before the move arrives.

// checkCommit checks a commitment as a request gives it: empty (none) or
// 64 lower-case hex digits.
func checkCommit(c string) error {
	if c != "" && !record.IsHex(c, sha256.Size) {
		return Errorf(wire.CodeBadNonce, "the commitment %q is not 64 lower-case hex digits", c)
	}
	return nil
}

// scheme is the dice scheme of the table's game.
func (t *table) scheme() string {
	if t.rec.Scheme == "" {
		return dice.SchemeV1
	}
	return t.rec.Scheme
}

// takesCommit refuses a first commitment in a game of scheme v1, whose
// moves take no nonce: the seat could never move.
func (t *table) takesCommit(c string) error {
	if c != "" && t.scheme() == dice.SchemeV1 {
		return Errorf(wire.CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	}
	return nil
}

// pendingCommit returns the commitment seat p is to reveal with its next
// move: the one its last reveal made, or the one given with its seed; ""
// when it has none.
func (t *table) pendingCommit(p int) string {
	return t.chain.Pending(t.rec.Seats[p].Player, t.rec.Seats[p].Commit)
}

// checkReveal checks what a move of seat p carries of its nonces, as
// record.Chain.Check does (and Verify after it); a game of scheme v1 takes
// none.
func (t *table) checkReveal(p int, r wire.Reveal) error {
	if t.scheme() == dice.SchemeV1 && (r.Nonce != "" || r.Next != "") {
		return Errorf(wire.CodeBadNonce, "the game rolls by %s, which takes no nonce", dice.SchemeV1)
	}
	if err := t.chain.Check(t.rec.Seats[p].Player, t.rec.Seats[p].Commit, r.Nonce, r.Next); err != nil {
		return Errorf(wire.CodeBadNonce, "%v", err)
	}
	return nil
}
