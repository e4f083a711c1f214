package record

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/ending"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/store"
)

// Verification is what Verify found.
type Verification struct {
	Game string
	// Events is the number of events replayed, Rolls the number of them
	// that are rolls.
	Events int
	Rolls  int
	// Revealed says whether the record carries the server seed; then every
	// roll was recomputed from the seeds and matched. Without it (a game not
	// over yet) the rolls are unchecked.
	Revealed bool
	// Scheme is the dice scheme (dice.SchemeV1 or dice.SchemeV2), and
	// Caused the number of rolls that depend on a nonce a player's move
	// revealed (scheme v2), which the server could not compute before
	// that move.
	Scheme string
	Caused int
	// Over says whether the game is over: the tags and the replay agree.
	Over bool
	// Commitment is the record's commitment (hex SHA-256 of the server
	// seed), and ServerSeed the revealed seed in hex, empty when Revealed
	// is false.
	Commitment string
	ServerSeed string
	// Status and Result are the replay's final status (game.Status) and
	// its description (game.Describe).
	Status string
	Result string
	// State is the game the events replay to, by its rules (a
	// resignation or a timeout aside), for a caller that looks at it
	// further (norns analyze).
	State game.State
	// Left are the players who left a game that went on without them
	// (game.Forfeiter), which State's history does not list.
	Left []Left
	// Signed says whether the record is signed, by the key its
	// SigningKey tag names, Key in hex, and the signature matches it (a
	// signature that does not match is an error). Whether Key is the
	// server's is for the caller to compare (norns verify --key).
	Signed bool
	Key    string
}

// Left is a player who left a game that went on, once Ply actions of
// its history were played.
type Left struct {
	Ply    int
	Player game.Player
}

// ErrSeedNotRevealed is the error of a record of a finished game without
// the server seed: its rolls could not be checked, so it does not verify.
var ErrSeedNotRevealed = errors.New("the game is over but the record does not reveal the server seed")

// Verify replays a record with the games given. It requires the tags Game,
// Options, Scheme, Commitment, Status, ServerSeed and a Seed tag for each
// player; it checks the server seed against the commitment, recomputes every
// roll from the seeds and checks it against the record, checks every move
// is legal for the player named, that an event's clocks, when it has
// them, are one a player, and checks the final status and result against
// the Status, Result and (when there is one) Termination tags. The tags
// and the replay must agree on whether the game is over (a game that expired before it started is over
// with no events); when it is, the server seed must be revealed.
// Only a record of a game not over may carry ServerSeed "?", and then the
// rolls are not checked (Revealed is false). Last, when the record is
// signed it checks the signature (CheckSignature): a record that replays
// but was changed after it was signed (a move rewritten into another legal
// one, a tag) is an error. The first discrepancy is the error.
func Verify(rec *Record, gs []game.Game) (*Verification, error) {
	r, err := newReplay(rec, gs)
	if err != nil {
		return nil, err
	}
	for _, step := range []func() error{r.seedTags, r.statusTags, r.serverSeed} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	for _, e := range rec.Events {
		if err := r.event(e); err != nil {
			return nil, err
		}
	}
	if err := r.agree(); err != nil {
		return nil, err
	}
	switch key, err := CheckSignature(rec); {
	case err == nil:
		r.v.Signed, r.v.Key = true, key
	case !errors.Is(err, ErrNotSigned):
		return nil, err
	}
	return r.v, nil
}

// replay is a record being verified: what its tags say, and the game as
// its events so far play it.
type replay struct {
	rec     *Record
	tags    map[string]string
	g       game.Game
	st      game.State
	players []string
	seeds   []string
	chain   *chains
	// status is the Status tag, and tagsOver says it is a status of a
	// game that is over.
	status   string
	tagsOver bool
	// roller recomputes the rolls, nil when the seed is not revealed.
	roller *dice.Roller
	// end is the result of a timeout, resignation, abort, agreed draw or
	// the last human's leaving, nil while the rules play on.
	end    *game.Result
	moved  map[string]bool
	offers ending.Offers
	v      *Verification
}

// newReplay reads the tags that name the game (Game, Options, Scheme,
// Players) and sets the game up at its start.
func newReplay(rec *Record, gs []game.Game) (*replay, error) {
	tg := rec.Tags
	for _, k := range []string{"Game", "Options", "Scheme", "Commitment", "Status"} {
		if _, ok := tg[k]; !ok {
			return nil, fmt.Errorf("the record has no %s tag", k)
		}
	}
	var g game.Game
	for _, x := range gs {
		if x.Name() == tg["Game"] {
			g = x
		}
	}
	if g == nil {
		return nil, fmt.Errorf("unknown game %q", tg["Game"])
	}
	scheme := tg["Scheme"]
	if scheme != dice.SchemeV1 && scheme != dice.SchemeV2 {
		return nil, fmt.Errorf("unknown dice scheme %q", scheme)
	}
	opts, err := game.ParseOptions(strings.Fields(tg["Options"]))
	if err != nil {
		return nil, err
	}
	st, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	players := st.Players()
	if p, ok := tg["Players"]; ok && p != strings.Join(players, " ") {
		return nil, fmt.Errorf("the Players tag is %q, the game with these options has %q", p, strings.Join(players, " "))
	}
	v := &Verification{Game: g.Name(), Commitment: tg["Commitment"], Scheme: scheme}
	return &replay{rec: rec, tags: tg, g: g, st: st, players: players, moved: map[string]bool{}, v: v}, nil
}

// seedTags reads the players' Seed tags and first commitments (Commit
// tags, scheme v2), refuses such a tag of no player, and checks the
// commitment to the server seed is SHA-256 in hex.
func (r *replay) seedTags() error {
	for _, p := range r.players {
		s, ok := r.tags["Seed "+p]
		if !ok {
			return fmt.Errorf("the record has no Seed %s tag", p)
		}
		r.seeds = append(r.seeds, s)
	}
	var err error
	if r.chain, err = newChains(r.tags, r.v.Scheme, r.players); err != nil {
		return err
	}
	for _, k := range r.rec.Order {
		_, seed := strings.CutPrefix(k, "Seed ")
		_, commit := strings.CutPrefix(k, "Commit ")
		if p := k[strings.Index(k, " ")+1:]; (seed || commit) && !slices.Contains(r.players, p) {
			return fmt.Errorf("tag %s names no player of %s (%s)", k, r.g.Name(), strings.Join(r.players, " "))
		}
	}
	c := r.v.Commitment
	if b, err := hex.DecodeString(c); err != nil || len(b) != sha256.Size || c != strings.ToLower(c) {
		return fmt.Errorf("the commitment %q is not 64 lower-case hex digits", c)
	}
	return nil
}

// statusTags checks the Status tag is a status of the game, and that the
// Result tag, when there is one, agrees with it on whether the game is
// over.
func (r *replay) statusTags() error {
	r.status = r.tags["Status"]
	r.tagsOver = strings.HasPrefix(r.status, "over ")
	turn, isTurn := strings.CutPrefix(r.status, "turn ")
	if !r.tagsOver && r.status != "waiting" && r.status != "chance" && !(isTurn && slices.Contains(r.players, turn)) {
		return fmt.Errorf("the Status tag %q is not a status of %s", r.status, r.g.Name())
	}
	if res, ok := r.tags["Result"]; ok && (res == "game in progress") == r.tagsOver {
		return fmt.Errorf("the Status tag %q and the Result tag %q disagree on whether the game is over", r.status, res)
	}
	return nil
}

// serverSeed reads the ServerSeed tag: "?" (or empty) in a game not over,
// the seed in a game over, which must match the commitment; then the
// rolls are recomputed from it and the players' seeds.
func (r *replay) serverSeed() error {
	serverSeed, ok := r.tags["ServerSeed"]
	switch {
	case r.tagsOver && (!ok || serverSeed == "?" || serverSeed == ""):
		return ErrSeedNotRevealed
	case !ok:
		return fmt.Errorf("the record has no ServerSeed tag")
	case serverSeed == "?" || serverSeed == "":
		return nil
	case !r.tagsOver:
		return fmt.Errorf("the record reveals the server seed but its Status tag %q says the game is not over", r.status)
	}
	seed, err := hex.DecodeString(serverSeed)
	if err != nil || len(seed) == 0 {
		return fmt.Errorf("the server seed %q is not hex", serverSeed)
	}
	if c := dice.Commit(seed); subtle.ConstantTimeCompare([]byte(c), []byte(r.v.Commitment)) != 1 {
		return fmt.Errorf("the server seed does not match the commitment: SHA-256 of the seed is %s, the commitment %s", c, r.v.Commitment)
	}
	if r.roller, err = dice.ForScheme(r.v.Scheme, seed, r.seeds); err != nil {
		return err
	}
	r.v.Revealed = true
	r.v.ServerSeed = serverSeed
	return nil
}

// event replays event e: its nonces, then what its kind does.
func (r *replay) event(e store.Event) error {
	if r.end != nil || r.st.Terminal() {
		return fmt.Errorf("event %d: the game is already over", e.Seq)
	}
	if err := r.chain.follow(e); err != nil {
		return fmt.Errorf("event %d: %v", e.Seq, err)
	}
	if e.Clocks != nil && len(e.Clocks) != len(r.st.Players()) {
		return fmt.Errorf("event %d: %d clocks for %d players", e.Seq, len(e.Clocks), len(r.st.Players()))
	}
	var err error
	switch e.Kind {
	case store.EventRoll:
		err = r.roll(e)
	case store.EventMove:
		err = r.move(e)
	case store.EventTimeout, store.EventResign, store.EventAbort:
		err = r.leave(e)
	case ending.EventNoHuman:
		err = r.noHuman(e)
	case ending.EventClaimVictory, ending.EventClaimDraw:
		err = r.claim(e)
	case ending.EventDrawOffer, ending.EventDrawAccept, ending.EventDrawDecline, ending.EventTakebackOffer, ending.EventTakebackAccept, ending.EventTakebackDecline:
		var res *game.Result
		if res, err = r.offers.Event(r.st, e.Kind, e.Player); err != nil {
			err = fmt.Errorf("event %d: a %s of %s: %v", e.Seq, e.Kind, e.Player, err)
		}
		r.end = res
	default:
		err = fmt.Errorf("event %d: unknown kind %q", e.Seq, e.Kind)
	}
	if err != nil {
		return err
	}
	r.v.Events++
	return nil
}

// roll replays a roll, recomputed from the seeds (and the nonce revealed
// before it) when the server seed is revealed.
func (r *replay) roll(e store.Event) error {
	st := r.st
	if st.Player() != game.Chance || e.Player != "chance" {
		return fmt.Errorf("event %d: a roll by %s where %s", e.Seq, e.Player, game.Status(st))
	}
	a, err := st.ParseAction(e.Action)
	if err != nil {
		return fmt.Errorf("event %d: roll %q: %v", e.Seq, e.Action, err)
	}
	if r.roller != nil {
		want, err := r.roller.RollCaused(uint64(r.v.Rolls), r.chain.Cause(), st.ChanceOutcomes())
		if err != nil {
			return fmt.Errorf("event %d: %v", e.Seq, err)
		}
		if want != a {
			by := "the seeds give"
			if r.chain.Cause() != nil {
				by = "the seeds and the nonce revealed before it give"
			}
			return fmt.Errorf("event %d: roll %d is %s in the record, but %s %s", e.Seq, r.v.Rolls, e.Action, by, st.ActionString(want))
		}
	}
	if r.chain.Cause() != nil {
		r.v.Caused++
	}
	if err := st.Apply(a); err != nil {
		return fmt.Errorf("event %d: %v", e.Seq, err)
	}
	r.v.Rolls++
	r.offers.Played(e)
	return nil
}

// move replays a move, which must be legal for the player named.
func (r *replay) move(e store.Event) error {
	p := r.st.Player()
	if p < 0 || r.players[p] != e.Player {
		return fmt.Errorf("event %d: a move by %s where %s", e.Seq, e.Player, game.Status(r.st))
	}
	if err := game.ParseAndApply(r.st, e.Action); err != nil {
		return fmt.Errorf("event %d: %s %s: %v", e.Seq, e.Player, e.Action, err)
	}
	r.moved[e.Player] = true
	r.offers.Played(e)
	return nil
}

// leave replays a timeout, resignation or abort (ending.Leave): a
// timeout of the player to move, an abort by a player who has not moved.
func (r *replay) leave(e store.Event) error {
	i := slices.Index(r.players, e.Player)
	switch {
	case i < 0:
		return fmt.Errorf("event %d: a %s of %s, who does not play", e.Seq, e.Kind, e.Player)
	case e.Kind == store.EventTimeout && r.st.Player() != game.Player(i):
		return fmt.Errorf("event %d: a timeout of %s where %s", e.Seq, e.Player, game.Status(r.st))
	case e.Kind == store.EventAbort && r.moved[e.Player]:
		return fmt.Errorf("event %d: an abort by %s, who has moved", e.Seq, e.Player)
	}
	ply := len(r.st.History())
	res, err := ending.Leave(r.st, e.Kind, game.Player(i))
	if err != nil {
		return fmt.Errorf("event %d: a %s of %s: %v", e.Seq, e.Kind, e.Player, err)
	}
	if res == nil {
		r.v.Left = append(r.v.Left, Left{Ply: ply, Player: game.Player(i)})
	}
	r.end = res
	return nil
}

// claim replays a claim against an opponent who left (ending.Claim): the
// record cannot tell whether the opponent was gone, only that the game
// could end so, a game of two players with a clock (Clock tag) that is not
// a correspondence clock.
func (r *replay) claim(e store.Event) error {
	i := slices.Index(r.players, e.Player)
	if i < 0 {
		return fmt.Errorf("event %d: a %s of %s, who does not play", e.Seq, e.Kind, e.Player)
	}
	c, err := clockTag(r.tags["Clock"])
	if err != nil {
		return fmt.Errorf("event %d: %v", e.Seq, err)
	}
	res, err := ending.Claim(r.st, c, e.Kind, game.Player(i))
	if err != nil {
		return fmt.Errorf("event %d: a %s of %s: %v", e.Seq, e.Kind, e.Player, err)
	}
	r.end = res
	return nil
}

// clockTag reads a Clock tag: "initial+increment" or "initial/move", in
// ms; nil for none ("").
func clockTag(tag string) (*store.Clock, error) {
	if tag == "" {
		return nil, nil
	}
	ms := func(s string) (time.Duration, error) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("the Clock tag %q is not initial+increment or initial/move, in ms", tag)
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	if initial, ok := strings.CutSuffix(tag, "/move"); ok {
		d, err := ms(initial)
		return &store.Clock{Initial: d, PerMove: true}, err
	}
	initial, inc, ok := strings.Cut(tag, "+")
	if !ok {
		return nil, fmt.Errorf("the Clock tag %q is not initial+increment or initial/move, in ms", tag)
	}
	d, err := ms(initial)
	if err != nil {
		return nil, err
	}
	i, err := ms(inc)
	return &store.Clock{Initial: d, Increment: i}, err
}

// left reports whether player p has left the game.
func (r *replay) left(p string) bool {
	return slices.ContainsFunc(r.v.Left, func(l Left) bool { return r.players[l.Player] == p })
}

// noHuman replays ending.EventNoHuman: it comes after its player left,
// and, when the record names the seats, that player's seat was a human's
// and only AI seats are still in.
func (r *replay) noHuman(e store.Event) error {
	if !r.left(e.Player) {
		return fmt.Errorf("event %d: %s after %s, who has not left", e.Seq, e.Kind, e.Player)
	}
	for _, p := range r.players {
		seat, named := r.tags["Seat "+p]
		switch {
		case !named:
		case p == e.Player && !strings.HasPrefix(seat, store.SeatHuman):
			return fmt.Errorf("event %d: %s after %s, whose seat is %q", e.Seq, e.Kind, p, seat)
		case !r.left(p) && !strings.HasPrefix(seat, store.SeatAI):
			return fmt.Errorf("event %d: %s while %s (seat %q) plays on", e.Seq, e.Kind, p, seat)
		}
	}
	r.end = ending.NoHumanLeft(r.players, r.left)
	return nil
}

// agree checks the replay's end against the Status and Result tags.
func (r *replay) agree() error {
	v, st, status := r.v, r.st, r.status
	shown := st
	switch {
	case r.end != nil:
		shown = ending.End(st, *r.end)
	case r.tagsOver && !st.Terminal() && v.Events == 0 && status == game.Status(ending.End(st, ending.Expired)):
		// A game nobody joined in time expires with nothing in its log.
		shown = ending.End(st, ending.Expired)
	}
	v.Over = shown.Terminal()
	v.State = st
	v.Status = game.Status(shown)
	v.Result = game.Describe(shown)
	switch {
	case r.tagsOver && !v.Over:
		return fmt.Errorf("the record's Status tag says %q, but its %d events do not end the game (the replay stops at %q): the events are truncated", status, v.Events, v.Status)
	case !r.tagsOver && v.Over:
		return fmt.Errorf("the replay ends the game (%s), but the record's Status tag says %q", v.Status, status)
	case status == "waiting" && v.Events > 0:
		return fmt.Errorf("the record's Status tag says %q, but the replay has %d events", status, v.Events)
	case status != "waiting" && status != v.Status:
		return fmt.Errorf("the record's Status tag is %q, the replay ends %q", status, v.Status)
	}
	if res, ok := r.tags["Result"]; ok && res != v.Result {
		return fmt.Errorf("the record's Result tag is %q, the replay ends %q", res, v.Result)
	}
	// Records written before the Termination tag have none.
	if term, ok := r.tags["Termination"]; ok && term != Termination(shown) {
		return fmt.Errorf("the record's Termination tag is %q, the replay ends by %q", term, Termination(shown))
	}
	return nil
}

// Termination is the end reason a record's Termination tag gives: the
// reason of the game's result ("checkmate", "resignation", "time",
// "agreement"…), "unterminated" while the game goes on.
func Termination(s game.State) string {
	if !s.Terminal() {
		return "unterminated"
	}
	return s.Result().Reason
}
