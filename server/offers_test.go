package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/server"
	"github.com/norns-games/norns/wire"
)

// word posts a seat's word on a draw or a takeback and returns the status,
// the error code and the view.
func (e *env) word(id, what, token string, accept bool) (int, string, wire.View) {
	e.t.Helper()
	var v wire.View
	st, ae := e.call("POST", "/api/games/"+id+"/"+what, token, map[string]bool{"accept": accept}, &v)
	return st, ae.Code, v
}

// move plays an action for a seat at the game's seq.
func (e *env) move(id, token, action string) wire.View {
	e.t.Helper()
	var v wire.View
	e.must("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": action, "seq": e.view(id).Seq}, &v)
	return v
}

// TestDraw: a draw offer waits for the other player's answer, lapses when
// the other player moves, and ends the game when accepted; the refused
// words change nothing.
func TestDraw(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	if st, code, _ := e.word(c.ID, "draw", b, false); st != http.StatusConflict || code != wire.CodeNoOffer {
		t.Errorf("declining no offer = %d %s, want 409 %s", st, code, wire.CodeNoOffer)
	}
	st, code, v := e.word(c.ID, "draw", w, true)
	if st != http.StatusOK || v.DrawOffer != "white" || v.History[len(v.History)-1].Kind != "draw-offer" {
		t.Fatalf("white's offer = %d %s, draw_offer %q", st, code, v.DrawOffer)
	}
	if st, code, _ := e.word(c.ID, "draw", w, true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("a second offer = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
	}
	// White moves: the offer stands. Black declines it.
	e.move(c.ID, w, "e2e4")
	if v := e.view(c.ID); v.DrawOffer != "white" {
		t.Errorf("after white's move the offer is %q, want white's", v.DrawOffer)
	}
	if _, _, v := e.word(c.ID, "draw", b, false); v.DrawOffer != "" || v.Finished {
		t.Errorf("after black declined: offer %q, finished %v", v.DrawOffer, v.Finished)
	}
	// Black offers, white moves instead of answering: the offer lapses.
	e.move(c.ID, b, "e7e5")
	e.word(c.ID, "draw", b, true)
	if v := e.move(c.ID, w, "g1f3"); v.DrawOffer != "" {
		t.Errorf("black's offer after white moved = %q, want none", v.DrawOffer)
	}
	// Neither may offer again for a while (TestDrawOfferLimit). In another
	// game white offers, black accepts.
	c = e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, b = c.Seats[0].Token, c.Seats[1].Token
	e.word(c.ID, "draw", w, true)
	st, code, v = e.word(c.ID, "draw", b, true)
	if st != http.StatusOK || !v.Finished || v.Status != "over draw" || v.Result != "draw (agreement)" {
		t.Fatalf("black's acceptance = %d %s: %q %q", st, code, v.Status, v.Result)
	}
	checkRecords(t, e, v)
	if st, code, _ := e.word(c.ID, "draw", w, true); st != http.StatusConflict || code != wire.CodeGameOver {
		t.Errorf("an offer after the end = %d %s, want 409 game_over", st, code)
	}
	// Three players make no offers; nor does a game against the AI draw.
	three := e.create(wire.CreateRequest{Game: "nordsloki", Options: map[string]string{"players": "3"}, Seats: seats("h", "h", "h")})
	if st, code, _ := e.word(three.ID, "draw", three.Seats[0].Token, true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("a draw offer with three players = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
	}
	ai := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	if _, _, v := e.word(ai.ID, "draw", ai.Seats[0].Token, true); v.Finished || v.DrawOffer != "" || v.History[len(v.History)-1].Kind != "draw-decline" {
		t.Errorf("the AI's answer to a draw offer: finished %v, offer %q, last %+v", v.Finished, v.DrawOffer, v.History[len(v.History)-1])
	}
}

// TestNoAgreedDraws: Lux et Umbra (1.1) and Nords Loki (8.6) allow no draw
// by agreement: the view and the catalog say so, nobody may offer one, and
// an offer or an answer is refused with no_draws, while chess still offers.
func TestNoAgreedDraws(t *testing.T) {
	e := start(t, nil)
	var cat wire.CatalogResponse
	e.must("GET", "/api/catalog", "", nil, &cat)
	for _, g := range cat.Games {
		if want := g.Name == "luxumbra" || g.Name == "nordsloki"; g.NoDrawOffers != want {
			t.Errorf("catalog: %s no_draw_offers = %v, want %v", g.Name, g.NoDrawOffers, want)
		}
	}
	for _, name := range []string{"luxumbra", "nordsloki"} {
		c := e.create(wire.CreateRequest{Game: name, Seats: seats("h", "h")})
		v := e.view(c.ID)
		if !v.NoDrawOffers || len(v.CanOfferDraw) != 0 {
			t.Errorf("%s: no_draw_offers %v, can_offer_draw %v, want true and none", name, v.NoDrawOffers, v.CanOfferDraw)
		}
		for _, s := range c.Seats {
			st, code, _ := e.word(c.ID, "draw", s.Token, true)
			if st != http.StatusForbidden || code != wire.CodeNoDraws {
				t.Errorf("%s: %s offers a draw = %d %s, want 403 %s", name, s.Player, st, code, wire.CodeNoDraws)
			}
			if st, code, _ := e.word(c.ID, "draw", s.Token, false); st != http.StatusForbidden || code != wire.CodeNoDraws {
				t.Errorf("%s: %s declines a draw = %d %s, want 403 %s", name, s.Player, st, code, wire.CodeNoDraws)
			}
		}
		after := e.view(c.ID)
		for _, ev := range after.History {
			if strings.HasPrefix(ev.Kind, "draw-") {
				t.Errorf("%s: a refused offer left the event %+v", name, ev)
			}
		}
		if after.DrawOffer != "" {
			t.Errorf("%s: draw_offer %q after the refused offers", name, after.DrawOffer)
		}
	}
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	if c.Game.NoDrawOffers || len(c.Game.CanOfferDraw) != 2 {
		t.Errorf("chess: no_draw_offers %v, can_offer_draw %v, want false and both", c.Game.NoDrawOffers, c.Game.CanOfferDraw)
	}
}

// TestTakeback: a player asks to take back their own last move, the other
// grants or declines; never across a roll, never another's move.
func TestTakeback(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	moved := e.move(c.ID, w, "e2e4").Position
	if st, code, _ := e.word(c.ID, "takeback", b, true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("black asking back white's move = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
	}
	e.word(c.ID, "takeback", w, true)
	e.word(c.ID, "takeback", b, false)
	if v := e.view(c.ID); v.TakebackOffer != "" || v.ToMove != "black" || v.Position != moved {
		t.Errorf("after the decline: offer %q, to move %q, position %q, want %q", v.TakebackOffer, v.ToMove, v.Position, moved)
	}
	// Once a move (TestTakebackOncePerMove): white asks back the next one.
	e.move(c.ID, b, "e7e5")
	moved = e.move(c.ID, w, "g1f3").Position
	e.word(c.ID, "takeback", w, true)
	st, code, v := e.word(c.ID, "takeback", b, true)
	if st != http.StatusOK || v.ToMove != "white" || v.Position == moved || len(v.Legal) != 29 {
		t.Fatalf("after the takeback = %d %s: to move %q, position %q, %d legal", st, code, v.ToMove, v.Position, len(v.Legal))
	}
	// Taken back once, not twice.
	if st, code, _ := e.word(c.ID, "takeback", w, true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("a second takeback = %d %s, want 409", st, code)
	}
	v = e.move(c.ID, w, "d2d4")
	e.move(c.ID, b, "d7d6")
	e.word(c.ID, "resign", b, false)
	e.call("POST", "/api/games/"+c.ID+"/resign", b, nil, nil)
	checkRecords(t, e, e.view(c.ID))

	// Against the AI (thinking long enough for the request to come first):
	// granted at once, or refused when the game was created so.
	slow := start(t, func(c *server.Config) {
		c.AITime = map[string]time.Duration{"easy": time.Minute, "medium": time.Minute, "hard": time.Minute}
		c.NewAgent = func(ai.Config) (ai.Agent, error) { return thinker{}, nil }
	})
	for _, tt := range []struct {
		takebacks *bool
		granted   bool
	}{{nil, true}, {new(bool), false}} {
		ai := slow.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "ai", Level: "easy", Takebacks: tt.takebacks}}})
		tok := ai.Seats[0].Token
		slow.move(ai.ID, tok, "e2e4")
		st, code, v := slow.word(ai.ID, "takeback", tok, true)
		if st != http.StatusOK || len(v.History) == 0 {
			t.Fatalf("takebacks %v: asking the AI = %d %s", tt.takebacks, st, code)
		}
		last := v.History[len(v.History)-1]
		want, toMove := "takeback-decline", "black"
		if tt.granted {
			want, toMove = "takeback-accept", "white"
		}
		if st != http.StatusOK || last.Kind != want || last.Player != "black" || v.ToMove != toMove || v.TakebackOffer != "" {
			t.Errorf("takebacks %v: the AI's answer = %d %s, last %+v, to move %q, want %s and %s to move", tt.takebacks, st, code, last, v.ToMove, want, toMove)
		}
	}
}

// thinker is an AI that thinks until it is stopped.
type thinker struct{}

func (thinker) Choose(ctx context.Context, _ game.State) (game.Action, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

// TestTakebackNotAcrossRoll: in a game with dice, a move followed by a
// roll cannot be taken back.
func TestTakebackNotAcrossRoll(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "luxumbra", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	for range 200 {
		v := e.view(c.ID)
		if v.Finished {
			t.Skip("the game ended before a move was followed by a roll")
		}
		last := v.History[len(v.History)-1]
		if last.Kind == "roll" && len(v.History) > 1 && v.History[len(v.History)-2].Kind == "move" {
			mover := v.History[len(v.History)-2].Player
			if st, code, _ := e.word(c.ID, "takeback", tokens[mover], true); st != http.StatusConflict || code != wire.CodeCannotOffer {
				t.Fatalf("taking back a move a roll followed = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
			}
			return
		}
		e.move(c.ID, tokens[v.ToMove], v.Legal[0])
	}
	t.Fatal("no move followed by a roll in 200 moves")
}

// TestIncrementPerTurn: the increment comes once a turn, however many
// actions the turn takes (two moves in Lux et Umbra), and a
// correspondence clock gives each turn its days afresh.
func TestIncrementPerTurn(t *testing.T) {
	e := start(t, nil)
	const initial, inc = 600000, 3600000 // an hour's increment: no doubt
	c := e.create(wire.CreateRequest{Game: "luxumbra", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: initial, IncrementMs: inc}})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	mover := v.ToMove
	v = e.move(c.ID, tokens[mover], v.Legal[0])
	if v.ToMove != mover {
		t.Fatalf("after one action %s is no longer to move (%s): the turn took one action", mover, v.ToMove)
	}
	if left := v.Clock.RemainingMs[mover]; left > initial {
		t.Errorf("%s's clock in the middle of the turn = %d ms, want no increment yet (at most %d)", mover, left, initial)
	}
	v = e.move(c.ID, tokens[mover], v.Legal[0])
	if v.ToMove == mover {
		t.Fatalf("after two actions %s is still to move", mover)
	}
	if left := v.Clock.RemainingMs[mover]; left <= initial || left > initial+inc {
		t.Errorf("%s's clock after the turn = %d ms, want one increment (%d to %d)", mover, left, initial, initial+inc)
	}

	day := int64(24 * time.Hour / time.Millisecond)
	corr := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{DaysPerMove: 3}})
	ct := tokensOf(corr)
	cv := e.move(corr.ID, ct["white"], "e2e4")
	// Black's first move is not timed, as white's was not: it must come
	// within the days per move, or the game is aborted.
	if c := cv.Clock; c.DaysPerMove != 3 || c.RemainingMs["white"] != 3*day || c.Running != "" || c.FirstMoveMs <= 3*day-60000 || c.FirstMoveMs > 3*day {
		t.Errorf("a correspondence clock after 1. e4 = %+v, want white back at 3 days, no clock running and black's first move due within 3 days", c)
	}
	cv = e.move(corr.ID, ct["black"], "e7e5")
	if c := cv.Clock; c.Running != "white" || c.FirstMoveMs != 0 || c.RemainingMs["black"] != 3*day || c.RemainingMs["white"] > 3*day || c.RemainingMs["white"] < 3*day-60000 {
		t.Errorf("a correspondence clock after 1. e4 e5 = %+v, want white's 3 days running", c)
	}
	for _, bad := range []wire.ClockRequest{{DaysPerMove: 15}, {DaysPerMove: -1}, {DaysPerMove: 3, InitialMs: 60000}} {
		if st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Clock: &bad}, nil); st != http.StatusBadRequest || ae.Code != wire.CodeBadClock {
			t.Errorf("clock %+v = %d %s, want 400 bad_clock", bad, st, ae.Code)
		}
	}
	if rec := e.record(corr.ID, "norns"); !strings.Contains(rec, `[Clock "259200000/move"]`) {
		t.Errorf("the record of a correspondence game lacks its clock:\n%s", rec)
	}
}

// TestFirstMoveAbort: a player's first move is not timed, but a player who
// does not make it in time has the game aborted, with no result.
func TestFirstMoveAbort(t *testing.T) {
	e := start(t, func(c *server.Config) { c.FirstMoveTime = 300 * time.Millisecond })
	for _, tt := range []struct {
		name  string
		moves []string
		who   string
	}{{"white never moves", nil, "white"}, {"black never moves", []string{"e2e4"}, "black"}} {
		c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{InitialMs: 60000}})
		for _, m := range tt.moves {
			e.move(c.ID, c.Seats[0].Token, m)
		}
		f := e.subscribe(c.ID, 0, "")
		_, end := f.until(func(v wire.View) bool { return v.Finished })
		last := end.History
		if len(last) == 0 {
			last = e.view(c.ID).History
		}
		if end.Result != "unfinished (aborted)" || last[len(last)-1].Kind != "abort" || last[len(last)-1].Player != tt.who {
			t.Errorf("%s: the game ended %q with %+v, want aborted by %s", tt.name, end.Result, last[len(last)-1], tt.who)
		}
	}
}

// TestTakebackKeepsNoIncrement: a move taken back earns no increment, so
// moving and having the move taken back again and again (the AI grants
// every takeback) gains no time; the time spent stays spent, as on
// lichess, for both players.
func TestTakebackKeepsNoIncrement(t *testing.T) {
	slow := start(t, func(c *server.Config) {
		c.AITime = map[string]time.Duration{"easy": time.Minute, "medium": time.Minute, "hard": time.Minute}
		c.NewAgent = func(ai.Config) (ai.Agent, error) { return thinker{}, nil }
	})
	const initial, inc = 100000, 60000 // a minute's increment: no doubt
	c := slow.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e"), Clock: &wire.ClockRequest{InitialMs: initial, IncrementMs: inc}})
	tok := c.Seats[0].Token
	for i := range 6 {
		v := slow.move(c.ID, tok, "e2e4")
		if left := v.Clock.RemainingMs["white"]; left <= initial-inc || left > initial+inc {
			t.Fatalf("cycle %d: white's clock after e4 = %d ms, want one increment on at most %d", i, left, initial)
		}
		st, code, v := slow.word(c.ID, "takeback", tok, true)
		if st != http.StatusOK || v.ToMove != "white" {
			t.Fatalf("cycle %d: the takeback = %d %s, %q to move", i, st, code, v.ToMove)
		}
		if left := v.Clock.RemainingMs["white"]; left > initial || left < initial-inc {
			t.Errorf("cycle %d: white's clock after the takeback = %d ms, want the increment taken back (at most %d)", i, left, initial)
		}
		if left := v.Clock.RemainingMs["black"]; left != initial {
			t.Errorf("cycle %d: black's clock after the takeback = %d ms, want %d (black has not moved)", i, left, initial)
		}
	}

	// A correspondence clock gives a turn its days afresh: a move taken
	// back gives back what the player had left when they moved, not the
	// days anew (the first move, not timed, aside).
	day := 24 * time.Hour
	corr := slow.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h"), Clock: &wire.ClockRequest{DaysPerMove: 3}})
	ct := tokensOf(corr)
	slow.move(corr.ID, ct["white"], "e2e4")
	slow.move(corr.ID, ct["black"], "e7e5")
	slow.move(corr.ID, ct["white"], "g1f3")
	slow.word(corr.ID, "takeback", ct["white"], true)
	if st, code, v := slow.word(corr.ID, "takeback", ct["black"], true); st != http.StatusOK || v.ToMove != "white" {
		t.Fatalf("the correspondence takeback = %d %s, %q to move", st, code, v.ToMove)
	}
	_, evs, err := slow.st.Load(context.Background(), corr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if last := evs[len(evs)-1]; last.Kind != "takeback-accept" || last.Clocks[0] >= 3*day || last.Clocks[0] < 3*day-time.Minute || last.Clocks[1] > 3*day || last.Clocks[1] < 3*day-time.Minute {
		t.Errorf("the takeback of a correspondence move stores %s with clocks %v, want white below 3 days (the time Nf3 took spent) and black at most 3 days", last.Kind, last.Clocks)
	}
}

// drawEvery is the number of moves after a draw offer during which the
// offerer may not offer again (on lichess, 20 plies).
const drawEvery = 20

// TestDrawOfferLimit: as on lichess, a player who offered a draw may offer
// one again only after more than 20 moves; the view's can_offer_draw says
// who may offer now, and the AI, which declines every draw, cannot be
// sent offers without end.
func TestDrawOfferLimit(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	canOffer := func(want string) {
		t.Helper()
		if got := strings.Join(e.view(c.ID).CanOfferDraw, " "); got != want {
			t.Errorf("can_offer_draw = %q, want %q", got, want)
		}
	}
	canOffer("white black")
	e.word(c.ID, "draw", tokens["white"], true)
	canOffer("") // one offer at a time
	e.word(c.ID, "draw", tokens["black"], false)
	canOffer("black")
	seq := e.view(c.ID).Seq
	for i := range drawEvery + 1 {
		if st, code, _ := e.word(c.ID, "draw", tokens["white"], true); st != http.StatusConflict || code != wire.CodeCannotOffer {
			t.Fatalf("white's offer %d moves after the declined one = %d %s, want 409 %s", i, st, code, wire.CodeCannotOffer)
		}
		v := e.view(c.ID)
		if v.Seq != seq {
			t.Fatalf("a refused offer changed the game: seq %d, was %d", v.Seq, seq)
		}
		v = e.move(c.ID, tokens[v.ToMove], v.Legal[0])
		if v.Finished {
			t.Fatalf("the game ended after %d moves", i+1)
		}
		seq = v.Seq
	}
	canOffer("white black")
	if st, code, v := e.word(c.ID, "draw", tokens["white"], true); st != http.StatusOK || v.DrawOffer != "white" {
		t.Errorf("white's offer 21 moves after the first = %d %s, offer %q", st, code, v.DrawOffer)
	}

	ai := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	tok := ai.Seats[0].Token
	for i := range 30 {
		st, code, _ := e.word(ai.ID, "draw", tok, true)
		if want := i == 0; (st == http.StatusOK) != want || !want && code != wire.CodeCannotOffer {
			t.Errorf("draw offer %d to the AI = %d %s", i, st, code)
		}
	}
	if v := e.view(ai.ID); v.Seq != 2 || len(v.CanOfferDraw) != 0 {
		t.Errorf("after 30 draw offers to the AI: %d events, can_offer_draw %v; want the first offer and its decline only", v.Seq, v.CanOfferDraw)
	}
}

// TestTakebackOncePerMove: a player asks to take back a move once; after a
// decline, not again (nor is the AI that declines takebacks asked without
// end). The view's can_takeback says who may ask now.
func TestTakebackOncePerMove(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	canTakeback := func(want string) {
		t.Helper()
		if got := strings.Join(e.view(c.ID).CanTakeback, " "); got != want {
			t.Errorf("can_takeback = %q, want %q", got, want)
		}
	}
	canTakeback("")
	e.move(c.ID, tokens["white"], "e2e4")
	canTakeback("white")
	e.word(c.ID, "takeback", tokens["white"], true)
	canTakeback("")
	e.word(c.ID, "takeback", tokens["black"], false)
	canTakeback("")
	seq := e.view(c.ID).Seq
	for i := range 5 {
		if st, code, _ := e.word(c.ID, "takeback", tokens["white"], true); st != http.StatusConflict || code != wire.CodeCannotOffer {
			t.Errorf("white asking again (%d) for the declined takeback = %d %s, want 409 %s", i, st, code, wire.CodeCannotOffer)
		}
	}
	if v := e.view(c.ID); v.Seq != seq {
		t.Errorf("the refused requests changed the game: seq %d, was %d", v.Seq, seq)
	}
	e.move(c.ID, tokens["black"], "e7e5")
	canTakeback("black")

	// An AI that declines takebacks (thinking long enough for the requests
	// to come first) is asked once.
	slow := start(t, func(c *server.Config) {
		c.AITime = map[string]time.Duration{"easy": time.Minute, "medium": time.Minute, "hard": time.Minute}
		c.NewAgent = func(ai.Config) (ai.Agent, error) { return thinker{}, nil }
	})
	no := false
	game := slow.create(wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human"}, {Type: "ai", Level: "easy", Takebacks: &no}}})
	tok := game.Seats[0].Token
	seq = slow.move(game.ID, tok, "e2e4").Seq
	for i := range 5 {
		st, code, _ := slow.word(game.ID, "takeback", tok, true)
		if want := i == 0; (st == http.StatusOK) != want || !want && code != wire.CodeCannotOffer {
			t.Errorf("takeback request %d to the AI = %d %s", i, st, code)
		}
	}
	if v := slow.view(game.ID); v.Seq != seq+2 {
		t.Errorf("5 takeback requests to an AI that declines them added %d events, want the request and its decline", v.Seq-seq)
	}
}

// TestOfferLimitsTwoInstances: the limits come from the shared log, so
// that an instance enforces them on the answers another one stored.
func TestOfferLimitsTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	c := a.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	caught := func(e *env, seq int64) wire.View {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			v := e.view(c.ID)
			if v.Seq >= seq {
				return v
			}
			if time.Now().After(deadline) {
				t.Fatalf("the instance stays at seq %d, want %d", v.Seq, seq)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	a.word(c.ID, "draw", tokens["white"], true)
	caught(b, 1)
	_, _, v := b.word(c.ID, "draw", tokens["black"], false)
	if v = caught(a, v.Seq); slices.Contains(v.CanOfferDraw, "white") {
		t.Errorf("instance a after b stored the decline: can_offer_draw %v", v.CanOfferDraw)
	}
	if st, code, _ := a.word(c.ID, "draw", tokens["white"], true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("white's second offer on a = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
	}
	v = caught(b, v.Seq)
	v = b.move(c.ID, tokens["white"], "e2e4")
	caught(a, v.Seq)
	_, _, v = a.word(c.ID, "takeback", tokens["white"], true)
	caught(b, v.Seq)
	_, _, v = b.word(c.ID, "takeback", tokens["black"], false)
	if v = caught(a, v.Seq); len(v.CanTakeback) != 0 {
		t.Errorf("instance a after b stored the decline: can_takeback %v", v.CanTakeback)
	}
	if st, code, _ := a.word(c.ID, "takeback", tokens["white"], true); st != http.StatusConflict || code != wire.CodeCannotOffer {
		t.Errorf("white asking again on a = %d %s, want 409 %s", st, code, wire.CodeCannotOffer)
	}
}
