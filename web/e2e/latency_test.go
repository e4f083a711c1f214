package e2e

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var latencyMoves = flag.Int("latency", 0, "TestLatency: the number of moves to measure (0: the benchmark does not run)")

// TestLatency is a benchmark, not a timed test: with -latency=N it plays N
// chess moves between two pages (two tabs, one seat each) by clicking the
// squares, and prints the time from the mover's click (its pointerdown on
// the target square) to the opponent's board moving and to its page
// saying "your move", and the time between those two (the move's slide
// and what the page draws after it): p50, p95 and the worst. Both pages
// run in one browser, so one clock times both ends. A game that ends is
// followed by another.
//
//	go test ./web/e2e -run TestLatency -count=1 -v -latency=200
func TestLatency(t *testing.T) {
	if *latencyMoves <= 0 {
		t.Skip("a benchmark: run with -latency=200")
	}
	b := newBrowser(t)
	a := startApp(t)
	rng := rand.New(rand.NewPCG(1, 2))
	// ms: click to "your move" (after the move's animation); boardMs:
	// click to the opponent's board starting to show the move; landMs:
	// the board starting to show it to "your move".
	var ms, boardMs, landMs []float64
	for len(ms) < *latencyMoves {
		id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
		tok := tokensOf(grants)
		pages := map[string]*user{}
		for _, side := range []string{"white", "black"} {
			u := b.user(fmt.Sprintf("%s/%d", side, len(ms)))
			u.holdSeats(a, id, map[string]string{side: tok[side]})
			u.desktop()
			u.do(chromedp.Navigate(a.url("/games/" + id)))
			u.settle(a, id)
			// The moment the status says "your move", and the moment of
			// the last pointerdown on the board.
			u.eval(`(() => {
				window.__yours = 0; window.__click = 0; window.__board = 0;
				const board = document.querySelector(".game-board");
				new MutationObserver(() => { if (!window.__board) window.__board = performance.timeOrigin + performance.now(); })
					.observe(board, {attributes: true, attributeFilter: ["data-position"]});
				const turn = document.querySelector("#turn");
				new MutationObserver(() => { if (turn.innerText.includes("your move") && !window.__yours) window.__yours = performance.timeOrigin + performance.now(); })
					.observe(turn, {childList: true, characterData: true, subtree: true});
				document.addEventListener("pointerdown", () => (window.__click = performance.timeOrigin + performance.now()), true);
				return "ok";
			})()`)
			pages[side] = u
		}
		for len(ms) < *latencyMoves {
			v := a.view(id)
			if v.Finished || len(v.Legal) == 0 {
				break
			}
			mover, other := pages[v.ToMove], pages["white"]
			if v.ToMove == "white" {
				other = pages["black"]
			}
			// A move without a promotion's picker, when there is one.
			legal := slices.DeleteFunc(slices.Clone(v.Legal), func(m string) bool { return len(m) != 4 })
			if len(legal) == 0 {
				legal = v.Legal
			}
			move := legal[rng.IntN(len(legal))]
			mover.wait("the page settled", `document.querySelector("main").dataset.settled !== "false" && !document.querySelector("#move-input").disabled`, 20*time.Second)
			other.eval(`window.__yours = 0, window.__board = 0, "ok"`)
			var xy [2][2]float64
			if err := json.Unmarshal([]byte(mover.eval(fmt.Sprintf(`(() => {
				const at = (sq) => { const r = document.querySelector('rect[data-sq="' + sq + '"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
				return JSON.stringify([at(%q), at(%q)]);
			})()`, move[:2], move[2:4]))), &xy); err != nil {
				t.Fatal(err)
			}
			mover.do(chromedp.MouseClickXY(xy[0][0], xy[0][1]))
			mover.do(chromedp.MouseClickXY(xy[1][0], xy[1][1]))
			if len(move) == 5 {
				mover.click(fmt.Sprintf(`.pick[data-move="%s"]`, move))
			}
			other.wait("your move", `window.__yours > 0`, 20*time.Second)
			var click, yours, shown float64
			fmt.Sscan(mover.eval(`String(window.__click)`), &click)
			fmt.Sscan(other.eval(`String(window.__yours)`), &yours)
			fmt.Sscan(other.eval(`String(window.__board)`), &shown)
			ms = append(ms, yours-click)
			boardMs = append(boardMs, shown-click)
			landMs = append(landMs, yours-shown)
			a.waitMoved(id, v.Seq)
			mover.settle(a, id)
			other.settle(a, id)
		}
	}
	report := func(what string, xs []float64) {
		slices.Sort(xs)
		q := func(p float64) float64 { return xs[min(len(xs)-1, int(p*float64(len(xs))))] }
		fmt.Printf("click to %s over %d moves: p50 %.0f ms, p95 %.0f ms, max %.0f ms\n", what, len(xs), q(0.50), q(0.95), xs[len(xs)-1])
	}
	report("the opponent's board moving", boardMs)
	report(`the opponent's "your move"`, ms)
	report(`the opponent's board moving to its "your move"`, landMs)
}
