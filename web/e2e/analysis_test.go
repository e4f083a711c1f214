package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/server"
)

var (
	// coordinates is a move in coordinates ("e2e3"), not SAN.
	coordinates = regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]`)
	// latinPiece is a Latin piece letter of SAN ("Nf6").
	latinPiece = regexp.MustCompile(`\b[KQRBN]x?[a-h][1-8]`)
)

// TestAnalysis: on the page of a finished game of chess, the scholar's
// mate, the Analyse button starts the analysis; the graph is drawn with a
// point for the start and one after each of the seven moves, and Black's
// 3...Nf6 is marked a blunder (??) under the graph, with the AI's better
// move, and in the move list; the mark shows its position. A game in
// progress has no button.
func TestAnalysis(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	moves := []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}
	u := b.user("watcher")
	for i, m := range moves {
		if i == 4 {
			// In progress: the panel is hidden and the server refuses.
			u.do(chromedp.Navigate(a.url("/games/" + id)))
			u.wait("the game shown", `!!document.querySelector("#analysis") && document.querySelectorAll("#moves [data-ply]").length === 4`, 10*time.Second)
			if got := u.eval(`String(document.querySelector("#analysis").hidden)`); got != "true" {
				t.Errorf("the analysis panel of a game in progress: hidden = %s", got)
			}
			if err := a.call("POST", "/api/games/"+id+"/analysis", "", nil, nil); err == nil || !strings.Contains(err.Error(), "409") {
				t.Errorf("POST analysis in progress: %v, want 409", err)
			}
		}
		if err := a.call("POST", "/api/games/"+id+"/actions", grants[i%2].Token, map[string]any{"action": m, "seq": i}, nil); err != nil {
			t.Fatal(err)
		}
	}
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the Analyse button", `(() => { const e = document.querySelector("#analyse"); return !!e && e.offsetParent !== null; })()`, 10*time.Second)
	u.click("#analyse")
	u.wait("the graph", `!!document.querySelector("#analysis-line")`, 120*time.Second)
	if got := u.eval(`document.querySelector("#analysis-line").dataset.points`); got != fmt.Sprint(len(moves)+1) {
		t.Errorf("the graph has %s points, want %d", got, len(moves)+1)
	}
	if got := u.eval(`String(document.querySelector("#analysis-line").getAttribute("d").split("L").length)`); got != fmt.Sprint(len(moves)+1) {
		t.Errorf("the graph's path has %s points, want %d", got, len(moves)+1)
	}
	blunder := u.eval(`(() => { const e = document.querySelector('#analysis-marks [data-mark="blunder"]'); return e ? e.dataset.ply + "|" + e.innerText : ""; })()`)
	// Numbered as chess numbers it (Black's third move), the better move
	// in SAN as the move played, not in coordinates.
	if !strings.HasPrefix(blunder, "5|3… Black: Nf6 ?? blunder — better: ") || coordinates.MatchString(blunder) {
		t.Errorf("the blunder under the graph: %q, want ply 5, Black's 3… Nf6 with a better move in SAN", blunder)
	}
	if got := u.eval(`String(document.querySelectorAll("#analysis-marks button").length)`); got != "1" {
		t.Errorf("%s moves marked, want only the blunder: %s", got, u.text("#analysis-marks"))
	}
	if got := u.eval(`document.querySelector('#moves [data-ply="5"] .move-mark')?.textContent ?? ""`); got != "??" {
		t.Errorf("the move list marks Nf6 %q, want ??", got)
	}
	if got := u.eval(`String(document.querySelectorAll("#analysis-graph .graph-mark.mark-blunder").length)`); got != "1" {
		t.Errorf("%s blunder dots on the graph, want 1", got)
	}
	u.shot("web-analysis-en", "#analysis")
	u.click(`#analysis-marks [data-mark="blunder"]`)
	u.wait("the position after Nf6", `!document.querySelector("#browse-banner").hidden`, 10*time.Second)
	if got := u.boardPosition(); !strings.HasPrefix(got, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR") {
		t.Errorf("the board after a click on the blunder shows %q", got)
	}

	// Come back in Russian: the analysis done is shown at once.
	u.eval(`localStorage.setItem("lang", "ru"), "ok"`)
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the analysis", `!!document.querySelector('#analysis-marks [data-mark="blunder"]')`, 10*time.Second)
	// Russian piece letters in SAN, as Russian chess books write it, for
	// the move played and the better one.
	if got := u.text(`#analysis-marks [data-mark="blunder"]`); !strings.Contains(got, "3… Чёрные: Кf6 ?? зевок — лучше: ") || coordinates.MatchString(got) || latinPiece.MatchString(got) {
		t.Errorf("the blunder in Russian: %q, want 3… Чёрные: Кf6 ?? зевок — лучше: and a move in Russian SAN", got)
	}
	if got := u.eval(`document.querySelector('#moves [data-ply="5"]').textContent`); !strings.HasPrefix(got, "Кf6") {
		t.Errorf("the move list in Russian writes Black's third move %q, want Кf6", got)
	}
	u.shot("web-analysis-ru", "#analysis")
}

// TestAnalysisDice: the analysis of a game of Lux et Umbra, resigned
// after some twenty moves, draws the rolls apart from the moves (a dot
// and a dashed part each) and gives each player's luck, which adds up to
// zero over the two.
func TestAnalysisDice(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	id, grants := a.create("luxumbra", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	tokens := map[string]string{}
	for _, g := range grants {
		tokens[g.Player] = g.Token
	}
	for moves := 0; moves < 20; {
		v := a.view(id)
		if v.Finished {
			break
		}
		tok, ok := tokens[v.ToMove]
		if !ok || len(v.Legal) == 0 {
			a.waitMoved(id, v.Seq)
			continue
		}
		if err := a.call("POST", "/api/games/"+id+"/actions", tok, map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil); err != nil {
			t.Fatal(err)
		}
		moves++
	}
	if v := a.view(id); !v.Finished {
		if err := a.call("POST", "/api/games/"+id+"/resign", tokens["white"], nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	u := b.user("watcher")
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the Analyse button", `(() => { const e = document.querySelector("#analyse"); return !!e && e.offsetParent !== null; })()`, 10*time.Second)
	u.click("#analyse")
	u.wait("the graph", `!!document.querySelector("#analysis-line")`, 120*time.Second)
	rolls := u.eval(`String(document.querySelectorAll("#analysis-graph .graph-roll").length)`)
	luck := u.eval(`String(document.querySelectorAll("#analysis-graph .graph-luck").length)`)
	if rolls == "0" || rolls != luck {
		t.Errorf("the graph has %s roll dots and %s luck parts, want as many, more than none", rolls, luck)
	}
	cells := u.eval(`[...document.querySelectorAll("#analysis-summary tbody tr")].map((r) => r.lastElementChild.textContent).join(" ")`)
	f := strings.Fields(cells)
	if len(f) != 2 || strings.TrimLeft(f[0], "+−") != strings.TrimLeft(f[1], "+−") {
		t.Errorf("the players' luck: %q, want two opposite numbers", cells)
	}
	u.shot("web-analysis-luxumbra-en", "#analysis")
}

// TestAnalysisPartial: a game longer than the server analyses
// (--analysis-actions 4, a game of 7 moves) is analysed over its first
// moves, and the panel says so, in English and in Russian.
func TestAnalysisPartial(t *testing.T) {
	b := newBrowser(t)
	a := startAppWith(t, func(c *server.Config) { c.AnalysisActions = 4 })
	id, grants := a.create("chess", nil, map[string]string{"type": "human"}, map[string]string{"type": "human"})
	for i, m := range []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"} {
		if err := a.call("POST", "/api/games/"+id+"/actions", grants[i%2].Token, map[string]any{"action": m, "seq": i}, nil); err != nil {
			t.Fatal(err)
		}
	}
	u := b.user("watcher")
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the Analyse button", `(() => { const e = document.querySelector("#analyse"); return !!e && e.offsetParent !== null; })()`, 10*time.Second)
	u.click("#analyse")
	u.wait("the graph", `!!document.querySelector("#analysis-line")`, 120*time.Second)
	if got := u.eval(`document.querySelector("#analysis-line").dataset.points`); got != "5" {
		t.Errorf("the graph has %s points, want 5 (the start and 4 moves)", got)
	}
	if got := u.text("#analysis-partial"); got != "Only the first 4 of the game's 7 moves are analysed." {
		t.Errorf("the notice: %q", got)
	}
	u.eval(`localStorage.setItem("lang", "ru"), "ok"`)
	u.do(chromedp.Navigate(a.url("/games/" + id)))
	u.wait("the analysis", `!!document.querySelector("#analysis-partial")`, 10*time.Second)
	if got := u.text("#analysis-partial"); got != "Разобраны только первые 4 из 7 ходов партии." {
		t.Errorf("the notice in Russian: %q", got)
	}
}
