package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/i18n"
)

// sampleInStep records, at every frame from now on, what the page says
// (the status), the position its board shows (set when the board starts
// showing it), the Seiðr phase chip, the dice in the tray, and whether a
// piece is still sliding (its computed place differs from where it goes).
func (u *user) sampleInStep() {
	u.t.Helper()
	u.eval(`(() => {
		window.__inStep = [];
		const sliding = () => [...document.querySelectorAll(".board .pc")].some((g) => {
			const want = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(g.style.transform);
			const got = new DOMMatrix(getComputedStyle(g).transform);
			return want && (Math.abs(got.e - Number(want[1])) > 0.5 || Math.abs(got.f - Number(want[2])) > 0.5);
		});
		const frame = () => {
			const board = document.querySelector(".game-board");
			window.__inStep.push({
				t: performance.now(),
				status: document.querySelector("#turn").innerText,
				position: board ? board.dataset.position || "" : "",
				chip: (document.querySelector(".phases li.on") || {innerText: ""}).innerText,
				rolls: document.querySelectorAll(".rolls .roll").length,
				lux: [...document.querySelectorAll(".lux-dice .cdie")].map((d) => (d.classList.contains("light") ? "L" : "S") + (d.classList.contains("used") ? "u" : "")).join(""),
				sliding: sliding(),
				skip: !document.querySelector("#skip").hidden,
				showing: document.querySelector("#turn").dataset.showing || "",
			});
			requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
		return "ok";
	})()`)
}

type inStepSample struct {
	T        float64 `json:"t"`
	Status   string  `json:"status"`
	Position string  `json:"position"`
	Chip     string  `json:"chip"`
	Rolls    int     `json:"rolls"`
	Lux      string  `json:"lux"`
	Sliding  bool    `json:"sliding"`
	Skip     bool    `json:"skip"`
	Showing  string  `json:"showing"`
}

func (u *user) inStepSamples() []inStepSample {
	u.t.Helper()
	var out []inStepSample
	if err := json.Unmarshal([]byte(u.eval(`JSON.stringify(window.__inStep)`)), &out); err != nil {
		u.t.Fatal(err)
	}
	return out
}

// luxTray is what Lux et Umbra's tray should show for a position's dice
// field ("Ls": light open, shadow used).
func luxTray(position string) string {
	f := strings.Fields(position)
	if len(f) < 7 {
		return ""
	}
	out := ""
	for _, c := range strings.ReplaceAll(f[6], "-", "") {
		kind := "S"
		if c == 'L' || c == 'l' {
			kind = "L"
		}
		if c >= 'a' && c <= 'z' {
			kind += "u"
		}
		out += kind
	}
	return out
}

// TestStatusWithAnimation plays Seiðr quiet moves (and their calls of
// steel) and Lux et Umbra turns in a hot-seat game and samples the page
// at every frame while it shows them: a status that says whose move it is
// (or "you must capture") comes only with no piece sliding, no Skip
// button, and the phase chip and the dice tray of the position the board
// shows. Nothing here is timed: the length of a step is only logged.
func TestStatusWithAnimation(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	for _, game := range []string{"seidr", "luxumbra"} {
		t.Run(game, func(t *testing.T) {
			playInStep(t, a, b, game, t.Errorf)
		})
	}
}

// playInStep plays a game in two seats of one page, sampling every frame,
// and says through errorf each frame whose status is out of step with the
// board (TestStatusWithAnimation).
func playInStep(t *testing.T, a *app, b *browser, game string, errorf func(string, ...any)) {
	id, grants := a.create(game, nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	u := b.user(game)
	u.t = t
	u.holdSeats(a, id, tok)
	u.desktop()
	for p, s := range tok {
		// A game whose dice rolled already refuses a seed: no matter.
		_ = a.call("POST", "/api/games/"+id+"/seed", s, map[string]string{"seed": "seed of " + p}, nil)
	}
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	a.waitTurn(id, -1, "white")
	u.settle(a, id)
	u.sampleInStep()
	steel := 0
	for turn := 0; turn < 8; turn++ {
		v := u.settle(a, id)
		if v.Finished {
			break
		}
		if strings.Contains(v.Position, " steel ") {
			steel++
		}
		u.typeMove(v.Legal[(turn*7)%len(v.Legal)])
		a.waitMoved(id, v.Seq)
	}
	u.settle(a, id)
	samples := u.inStepSamples()
	settledSeen := 0
	for _, s := range samples {
		settled := strings.Contains(s.Status, i18n.T(i18n.English, "game.yourturn")) || strings.Contains(s.Status, "you must capture")
		if !settled {
			continue
		}
		settledSeen++
		if s.Sliding || s.Skip {
			errorf("the status says %q while pieces slide (%v) or Skip is shown (%v)", s.Status, s.Sliding, s.Skip)
		}
		f := strings.Fields(s.Position)
		switch game {
		case "seidr":
			want := map[string]string{"quiet": "Quiet move", "seidr": "Seiðr", "steel": "Call of steel"}[f[6]]
			if f[6] != "seidr" && s.Chip != want {
				errorf("the status says %q, the chip %q, the board's position %q (phase %s)", s.Status, s.Chip, s.Position, f[6])
			}
			if strings.Contains(s.Status, "you must capture") && (s.Chip != "Call of steel" || s.Rolls == 0) {
				errorf("the status says %q, the chip %q, the tray %d rolls", s.Status, s.Chip, s.Rolls)
			}
		case "luxumbra":
			if want := luxTray(s.Position); s.Lux != want {
				errorf("the status says %q while the tray shows %q, the board's position %q (dice %q)", s.Status, s.Lux, s.Position, want)
			}
		}
	}
	// The steps shown one by one: the time from one to the next
	// (logged, not asserted).
	var steps []float64
	since := 0.0
	for i := 1; i < len(samples); i++ {
		if samples[i].Showing == samples[i-1].Showing {
			continue
		}
		if samples[i-1].Showing != "" && samples[i].Showing != "" {
			steps = append(steps, samples[i].T-since)
		}
		since = samples[i].T
	}
	t.Logf("%d frames, %d with a settled status, %d calls of steel seen by the API; steps (ms): %.0f", len(samples), settledSeen, steel, steps)
	if settledSeen == 0 {
		errorf("no frame had a settled status")
	}
}

// TestSeidrArrows: after White's turn, Black to move, the tray still
// shows White's rolls with White's directions: on White's page (board not
// flipped) face f points (f-1)·45°, on Black's page (flipped) half a turn
// more; the tray's words agree with the move list's.
func TestSeidrArrows(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	for p, s := range tok {
		a.giveSeed(id, s, "seed of "+p)
	}
	v := a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], "e2e4", v.Seq)
	for w := a.waitTurn(id, v.Seq, "white", "black"); !w.Finished && w.ToMove == "white"; w = a.waitTurn(id, w.Seq, "white", "black") {
		a.play(id, tok["white"], w.Legal[0], w.Seq)
	}
	final := a.view(id)
	var faces []int
	f := strings.Fields(final.Position)
	if f[6] != "quiet" || f[1] != "b" {
		t.Fatalf("after White's turn the position is %q", final.Position)
	}
	for _, e := range final.History {
		if len(e.Action) == 1 && e.Action[0] >= '1' && e.Action[0] <= '8' {
			faces = append(faces, int(e.Action[0]-'0'))
		}
	}
	for _, side := range []string{"white", "black"} {
		u := b.user(side)
		u.holdSeats(a, id, map[string]string{side: tok[side]})
		u.desktop()
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.settle(a, id)
		got := u.eval(`[...document.querySelectorAll(".rolls .roll")].map((r) => r.querySelector("text").textContent + "@" + /rotate\(([-\d]+)/.exec(r.querySelector(".d8-arrow").getAttribute("transform"))[1]).join(" ")`)
		var want []string
		for _, face := range faces {
			angle := (face - 1) * 45
			if side == "black" {
				angle += 180
			}
			want = append(want, fmt.Sprintf("%d@%d", face, angle))
		}
		if got != strings.Join(want, " ") {
			t.Errorf("%s's page, Black to move: the tray's arrows %q, want %q", side, got, strings.Join(want, " "))
		}
		// The tray's arrows point as the move list's ("d8=5 ↓" on White's
		// page, "d8=5 ↑" on the flipped board).
		list := u.eval(`document.querySelector("#moves").innerText`)
		glyphs := []string{"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}
		for _, face := range faces {
			angle := (face - 1) * 45
			if side == "black" {
				angle += 180
			}
			if said := fmt.Sprintf("d8=%d %s", face, glyphs[(angle/45)%8]); !strings.Contains(list, said) {
				t.Errorf("%s's page: the tray's arrow for %d is not the move list's: %q not in %q", side, face, said, list)
			}
		}
	}
}

// TestQuickPremove: against the computer, a move made at once after one's
// own (before the server has answered) is kept as a premove and played.
func TestQuickPremove(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
	tok := tokensOf(grants)
	v := a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], "e2e4", v.Seq)
	a.waitTurn(id, v.Seq+1, "white")
	u := b.user("premover")
	u.holdSeats(a, id, tok)
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.settle(a, id)
	// The squares' middles, measured at once with the board in view.
	xy := map[string][2]float64{}
	if err := json.Unmarshal([]byte(u.eval(`(() => {
		document.querySelector(".board").scrollIntoView({block: "center"});
		const out = {};
		for (const sq of ["f1", "c4", "d2", "d3"]) {
			const r = document.querySelector('rect[data-sq="' + sq + '"]').getBoundingClientRect();
			out[sq] = [r.left + r.width / 2, r.top + r.height / 2];
		}
		return JSON.stringify(out);
	})()`)), &xy); err != nil {
		t.Fatal(err)
	}
	click := func(sq string) { u.do(chromedp.MouseClickXY(xy[sq][0], xy[sq][1])) }
	click("f1")
	click("c4")
	time.Sleep(100 * time.Millisecond)
	click("d2")
	click("d3")
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		w := a.view(id)
		var acts []string
		for _, e := range w.History {
			if e.Action != "" {
				acts = append(acts, e.Action)
			}
		}
		if slices.Contains(acts, "d2d3") {
			if !slices.Contains(acts, "f1c4") {
				t.Errorf("f1c4 was not played: %v", acts)
			}
			t.Logf("played: %v", acts)
			return
		}
		if len(acts) >= 4 && !slices.Contains(w.Legal, "d2d3") && w.ToMove == "white" {
			t.Skipf("the computer's answer %v left d2d3 illegal", acts)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("d2d3, made 100 ms after f1c4, was never played: %v (error box %q)", a.view(id).History, u.text("#error"))
}

// TestOffersInSight: at 1280 x 800 and 390 x 844, in English and Russian,
// the other player's draw offer and takeback request show with Accept
// inside the viewport of a page scrolled to its top, and the rematch offer
// with Decline, which declines it. A spectator has no move box; check is
// said in the status; the phone shows the first move's countdown; Seiðr's
// disabled Takeback says why, on a tap too; a hot-seat takeback is
// immediate.
func TestOffersInSight(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	clock := map[string]any{"initial_ms": 300000, "increment_ms": 3000}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		for _, size := range []string{"desktop", "phone"} {
			t.Run(string(lang)+"-"+size, func(t *testing.T) {
				id, grants := a.createWith(map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human"}, {"type": "human"}}, "clock": clock})
				tok := tokensOf(grants)
				black := b.user("black/" + string(lang) + "/" + size)
				black.t = t
				black.inLang(a, lang, "B")
				black.holdSeats(a, id, map[string]string{"black": tok["black"]})
				white := b.user("white/" + string(lang) + "/" + size)
				white.t = t
				white.inLang(a, lang, "W")
				white.holdSeats(a, id, map[string]string{"white": tok["white"]})
				for _, u := range []*user{black, white} {
					if size == "phone" {
						u.phone()
					} else {
						u.desktop()
					}
					u.do(chromedp.Navigate(a.url("/games/" + id)))
				}
				// The first move's countdown, on the phone too.
				white.wait("the first move's countdown", `[...document.querySelectorAll(".first-move")].some((e) => e.getClientRects().length > 0)`, 10*time.Second)
				// 1. e4 f5 2. Qh5+: check is said.
				v := a.waitTurn(id, -1, "white")
				v = a.play(id, tok["white"], "e2e4", v.Seq)
				v = a.play(id, tok["black"], "f7f5", v.Seq)
				v = a.play(id, tok["white"], "d1h5", v.Seq)
				black.settle(a, id)
				if want := i18n.T(lang, "status.check"); !strings.Contains(black.text("#turn"), want) {
					t.Errorf("in check the status says %q, want %q in it", black.text("#turn"), want)
				}
				// White offers a draw: Black sees Accept without scrolling.
				a.call("POST", "/api/games/"+id+"/draw", tok["white"], map[string]any{"accept": true}, nil)
				black.wait("the draw offer", `!!document.querySelector("#draw-accept")`, 10*time.Second)
				if out := black.inView("#draw-accept"); out != "" {
					t.Errorf("Accept of the draw offer is out of view: %s", out)
				}
				black.click("#draw-decline")
				black.wait("the offer gone", `!document.querySelector("#draw-accept")`, 10*time.Second)
				// Black moves, asks to take it back: White sees Accept.
				v = a.play(id, tok["black"], "g7g6", a.view(id).Seq)
				a.call("POST", "/api/games/"+id+"/takeback", tok["black"], map[string]any{"accept": true}, nil)
				white.wait("the takeback request", `!!document.querySelector("#takeback-accept")`, 10*time.Second)
				if out := white.inView("#takeback-accept"); out != "" {
					t.Errorf("Accept of the takeback is out of view: %s", out)
				}
				// A spectator: no move box, no "your move".
				sp := b.user("spectator/" + string(lang) + "/" + size)
				sp.t = t
				sp.inLang(a, lang, "S")
				if size == "phone" {
					sp.phone()
				}
				sp.do(chromedp.Navigate(a.url("/games/" + id)))
				sp.settle(a, id)
				if got := sp.eval(`(() => { const i = document.querySelector("#move-input"); return String(!!i && i.getClientRects().length > 0); })()`); got != "false" {
					t.Errorf("the spectator sees a move box")
				}
				if got := sp.text("#turn"); strings.Contains(got, i18n.T(lang, "game.yourturn")) {
					t.Errorf("the spectator's status says %q", got)
				}
				// White resigns; Black asks for a rematch; White sees
				// Decline in view and declines.
				a.call("POST", "/api/games/"+id+"/resign", tok["white"], nil, nil)
				a.call("POST", "/api/games/"+id+"/rematch", tok["black"], nil, nil)
				white.wait("the rematch offer", `!!document.querySelector("#rematch-decline")`, 10*time.Second)
				if out := white.inView("#rematch-decline"); out != "" {
					t.Errorf("Decline of the rematch is out of view: %s", out)
				}
				white.click("#rematch-decline")
				deadline := time.Now().Add(10 * time.Second)
				for len(a.view(id).RematchOffers) > 0 && time.Now().Before(deadline) {
					time.Sleep(50 * time.Millisecond)
				}
				if o := a.view(id).RematchOffers; len(o) > 0 {
					t.Errorf("after Decline the rematch offers are %v", o)
				}
				_ = v
			})
		}
	}
}

// TestSeidrTakebackReason: in Seiðr a roll follows every quiet move, so
// the Takeback is disabled and says why, in its title and on a tap; in a
// hot-seat chess game a takeback is immediate.
func TestSeidrTakebackReason(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	for p, s := range tok {
		a.giveSeed(id, s, "seed of "+p)
	}
	v := a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], "e2e4", v.Seq)
	u := b.user("seidr-white")
	u.holdSeats(a, id, map[string]string{"white": tok["white"]})
	u.phone()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.settle(a, id)
	want := i18n.T(i18n.English, "game.takeback.dice")
	if got := u.eval(`document.querySelector("#takeback-offer").title`); got != want {
		t.Errorf("the Takeback's title is %q, want %q", got, want)
	}
	if got := u.eval(`document.querySelector("#takeback-offer").getAttribute("aria-disabled")`); got != "true" {
		t.Errorf("the Takeback is not marked disabled: %q", got)
	}
	u.click("#takeback-offer")
	u.wait("the reason shown", `!!document.querySelector("#takeback-why") && !document.querySelector("#takeback-why").hidden`, 5*time.Second)
	if got := u.text("#takeback-why"); got != want {
		t.Errorf("a tap on the Takeback shows %q, want %q", got, want)
	}

	// Hot seat: the takeback is made at once.
	id, grants = a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok = tokensOf(grants)
	v = a.waitTurn(id, -1, "white")
	a.play(id, tok["white"], "e2e4", v.Seq)
	h := b.user("hotseat")
	h.holdSeats(a, id, tok)
	h.desktop()
	h.do(chromedp.Navigate(a.url("/games/" + id)))
	h.settle(a, id)
	h.click("#takeback-offer")
	deadline := time.Now().Add(10 * time.Second)
	for a.view(id).ToMove != "white" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if w := a.view(id); w.ToMove != "white" || w.TakebackOffer != "" {
		t.Errorf("after a hot-seat Takeback: to move %q, takeback offer %q, want White to move and no offer", w.ToMove, w.TakebackOffer)
	}
}

// TestMoveDuringAnimation: a spectator's page shows White's Seiðr quiet
// move and its rolls step by step; Black's answer (or White's call of
// steel) coming in the middle ends that at once: the page shows the new
// state without stepping through the rest of the old turn or the new one
// (at most the step on screen when it came finishes).
func TestMoveDuringAnimation(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("seidr", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	for p, s := range tok {
		a.giveSeed(id, s, "seed of "+p)
	}
	u := b.user("spectator")
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	v := a.waitTurn(id, -1, "white")
	u.settle(a, id)
	// A quiet move whose seiðr has several rolls: tried turn by turn
	// until one has three or more.
	for try := 0; ; try++ {
		if try == 10 {
			t.Skip("no seiðr of three rolls in ten turns")
		}
		u.sampleInStep()
		w := a.play(id, tok[v.ToMove], v.Legal[(try*5)%len(v.Legal)], v.Seq)
		rolls := 0
		for _, e := range w.History {
			if e.Seq > v.Seq && len(e.Action) == 1 {
				rolls++
			}
		}
		w = a.view(id)
		if w.Finished {
			t.Skip("the game ended")
		}
		if rolls < 3 {
			for ; !w.Finished && (strings.Contains(w.Position, " steel ") || w.ToMove == v.ToMove); w = a.view(id) {
				w = a.play(id, tok[w.ToMove], w.Legal[0], w.Seq)
			}
			u.settle(a, id)
			v = a.view(id)
			continue
		}
		u.wait("a step shown", `!!document.querySelector("#turn").dataset.showing`, 10*time.Second)
		before := map[string]bool{}
		for _, s := range u.inStepSamples() {
			before[s.Showing] = true
		}
		n := len(u.inStepSamples())
		a.play(id, tok[w.ToMove], w.Legal[0], w.Seq)
		u.settle(a, id)
		var after []string
		for _, s := range u.inStepSamples()[n:] {
			if s.Showing != "" && !before[s.Showing] && !slices.Contains(after, s.Showing) {
				after = append(after, s.Showing)
			}
		}
		if len(after) > 1 {
			t.Errorf("after the new move came the page still stepped through plies %v", after)
		}
		t.Logf("%d rolls; steps shown after the new move: %v", rolls, after)
		return
	}
}

// TestStatusAtTheEnd plays Fool's mate in a hot-seat chess game, the
// last move by the opponent's page, and samples the player's page at every
// frame: once its board shows the mate, the status never says whose move
// it was before (the status of the position before the last move stays
// nowhere over the board that shows the end).
func TestStatusAtTheEnd(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tok := tokensOf(grants)
	u := b.user("white")
	u.holdSeats(a, id, map[string]string{"white": tok["white"]})
	u.desktop()
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.settle(a, id)
	for i, m := range []string{"f2f3", "e7e5", "g2g4"} {
		v := a.view(id)
		a.play(id, tok[[]string{"white", "black"}[i%2]], m, v.Seq)
	}
	v := u.settle(a, id)
	u.sampleInStep()
	a.play(id, tok["black"], "d8h4", v.Seq)
	end := u.settle(a, id)
	if !end.Finished {
		t.Fatalf("after Fool's mate the game is not over: %+v", end.Status)
	}
	ended := 0
	for _, s := range u.inStepSamples() {
		if s.Position != end.Position {
			continue
		}
		ended++
		if strings.Contains(s.Status, "to move") {
			t.Errorf("the board shows the mate (sliding %v) while the status says %q", s.Sliding, s.Status)
		}
	}
	if ended == 0 {
		t.Error("no frame showed the mate")
	}
}
