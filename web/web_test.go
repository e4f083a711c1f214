package web

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/norns-games/norns/web/internal/bundle"
)

// TestDistUpToDate fails when dist/ differs from what go generate would
// write from the sources.
func TestDistUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("bundling takes a few seconds")
	}
	want, err := bundle.Files(".")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	fs.WalkDir(Dist(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			got[p], _ = fs.ReadFile(Dist(), p)
		}
		return nil
	})
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("dist/%s is out of date: run go generate ./web", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("dist/%s is not generated any more: run go generate ./web", name)
		}
	}
}

func get(t *testing.T, h http.Handler, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

func body(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

func TestHandler(t *testing.T) {
	h := Handler()
	tests := []struct {
		path     string
		header   []string
		status   int
		ctype    string
		contains string
	}{
		{"/", nil, 200, "text/html", `<script src="/app.js">`},
		{"/games/abc123", nil, 200, "text/html", `<div id="app">`},
		{"/rules/seidr", nil, 200, "text/html", `<div id="app">`},
		{"/", []string{"Accept-Language", "ru-RU,ru;q=0.9"}, 200, "text/html", `<html lang="ru">`},
		{"/", []string{"Accept-Language", "de-DE"}, 200, "text/html", `<html lang="en">`},
		{"/", []string{"Accept-Language", "ru", "Cookie", "lang=en"}, 200, "text/html", `<html lang="en">`},
		{"/", []string{"Accept-Language", "ru", "Cookie", "lang=xx"}, 200, "text/html", `<html lang="ru">`},
		{"/app.js", nil, 200, "javascript", "Norns"},
		{"/app.css", nil, 200, "text/css", ".board"},
		{"/i18n/en.json", nil, 200, "application/json", `"status.turn": "{player} to move"`},
		{"/i18n/ru.json", nil, 200, "application/json", `"status.turn": "Ход: {player}"`},
		{"/i18n/de.json", nil, 404, "", ""},
		{"/rules/en/seidr.md", nil, 200, "text/markdown", "2B.1"},
		{"/rules/en/seidr.md", nil, 200, "text/markdown", "call of steel"},
		{"/rules/en/nords-loki.md", nil, 200, "text/markdown", "ghost ship"},
		{"/rules/en/sea-hnefatafl.md", nil, 200, "text/markdown", "Brave piece"},
		{"/rules/en/lux-et-umbra.md", nil, 200, "text/markdown", "Light"},
		{"/rules/en/samurai-chess.md", nil, 200, "text/markdown", "retired deck"},
		{"/rules/en/samurai-chess.md", nil, 200, "text/markdown", "[house rule"},
		{"/rules/ru/seidr.md", nil, 200, "text/markdown", "Носителем Сейда"},
		{"/rules/ru/nords-loki.md", nil, 200, "text/markdown", "корабль-призрак"},
		{"/rules/ru/sea-hnefatafl.md", nil, 200, "text/markdown", "Храбрая фишка"},
		{"/rules/ru/lux-et-umbra.md", nil, 200, "text/markdown", "Свет"},
		{"/rules/ru/samurai-chess.md", nil, 200, "text/markdown", "[домашнее правило"},
		{"/rules/en/nothing.md", nil, 404, "", ""},
		{"/missing.js", nil, 404, "", ""},
	}
	for _, tc := range tests {
		r := get(t, h, tc.path, tc.header...)
		b := body(r)
		if r.StatusCode != tc.status {
			t.Errorf("GET %s %v: status %d, want %d", tc.path, tc.header, r.StatusCode, tc.status)
			continue
		}
		if !strings.Contains(r.Header.Get("Content-Type"), tc.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, r.Header.Get("Content-Type"), tc.ctype)
		}
		if !strings.Contains(b, tc.contains) {
			t.Errorf("GET %s %v: body lacks %q", tc.path, tc.header, tc.contains)
		}
		if vary := r.Header.Get("Vary"); strings.HasPrefix(tc.ctype, "text/html") && vary != "Cookie, Accept-Language" {
			t.Errorf("GET %s: Vary %q, want Cookie, Accept-Language (the page's language)", tc.path, vary)
		}
	}
	req := httptest.NewRequest("POST", "/", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST / = %d, want 405", w.Code)
	}
}

// TestRulesPages checks the rules pages served in each language against
// the project's rules files (../rules): a page for every file, with every
// rule number of the file at the start of a line and as many rulings and
// house rules at least, and none of the file's engine-speak.
func TestRulesPages(t *testing.T) {
	h := Handler()
	files, err := filepath.Glob(filepath.Join("..", "rules", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the rules files: %v, %v", files, err)
	}
	number := regexp.MustCompile(`(?m)^\d+[A-Z]?\.\d+`)
	markers := map[string][2]string{"en": {"[ruling", "[house rule"}, "ru": {"[решение", "[домашнее правило"}}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "ru"} {
			p := "/rules/" + lang + "/" + filepath.Base(file)
			r := get(t, h, p)
			page := body(r)
			if r.StatusCode != 200 {
				t.Errorf("GET %s: status %d", p, r.StatusCode)
				continue
			}
			for _, n := range number.FindAllString(string(src), -1) {
				if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(n) + ` `).MatchString(page) {
					t.Errorf("%s lacks rule %s", p, n)
				}
			}
			for i, m := range markers[lang] {
				// The rules files write the markers in English; their
				// legends count once in each.
				want := strings.Count(string(src), []string{"[ruling", "[house rule"}[i])
				if got := strings.Count(page, m); got < want {
					t.Errorf("%s has %d markers %q, want at least %d as in %s", p, got, m, want, file)
				}
			}
			for _, bad := range []string{"Source:", "../seeds", "engine", "Engine", ".md`", "the UI"} {
				if strings.Contains(page, bad) {
					t.Errorf("%s contains %q: it should be written for players", p, bad)
				}
			}
		}
	}
}

func TestReplay(t *testing.T) {
	tests := []struct {
		req      ReplayRequest
		plies    int
		lastPos  string
		san      []string
		errorHas string
	}{
		{
			req:     ReplayRequest{Game: "chess", Actions: []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}},
			plies:   5,
			lastPos: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
			san:     []string{"e4", "e5", "Nf3", "Nc6", "Bb5"},
		},
		{
			req:     ReplayRequest{Game: "chess", Actions: []string{"f2f3", "e7e5", "g2g4", "d8h4"}},
			plies:   4,
			san:     []string{"f3", "e5", "g4", "Qh4#"},
			lastPos: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		},
		{
			req:      ReplayRequest{Game: "chess", Actions: []string{"e2e4", "e2e4"}},
			plies:    1,
			san:      []string{"e4"},
			lastPos:  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			errorHas: "e2e4",
		},
		{
			req:     ReplayRequest{Game: "seatafl", Actions: []string{"d11-d8"}},
			plies:   1,
			san:     []string{""},
			lastPos: "/4tttt3/5t5/5T5/t2t1T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ w 1",
		},
	}
	for _, tc := range tests {
		r, err := Replay(t.Context(), tc.req)
		if err != nil {
			t.Errorf("Replay(%v): %v", tc.req, err)
			continue
		}
		if len(r.Plies) != tc.plies {
			t.Errorf("Replay(%v) = %d plies, want %d", tc.req, len(r.Plies), tc.plies)
			continue
		}
		if got := r.Plies[len(r.Plies)-1].Position; got != tc.lastPos {
			t.Errorf("Replay(%v) last position = %q, want %q", tc.req, got, tc.lastPos)
		}
		for i, want := range tc.san {
			if r.Plies[i].SAN != want {
				t.Errorf("Replay(%v) ply %d SAN = %q, want %q", tc.req, i, r.Plies[i].SAN, want)
			}
		}
		if !strings.Contains(r.Error, tc.errorHas) || (tc.errorHas == "") != (r.Error == "") {
			t.Errorf("Replay(%v).Error = %q, want it to contain %q", tc.req, r.Error, tc.errorHas)
		}
	}
	// A record of the lab lists the passes the game applied by itself.
	r, err := Replay(t.Context(), ReplayRequest{Game: "seidr", Actions: []string{"c2c4", "2", "8", "6", "1", "8", "pass", "g8f6"}})
	if err != nil || r.Error != "" || len(r.Plies) != 7 {
		t.Fatalf("Replay(seidr worked example) = %+v, %v", r, err)
	}
	if got := r.Plies[5]; strings.Join(got.Auto, " ") != "pass" || got.ToMove != "black" || got.Player != "chance" {
		t.Errorf("Replay(seidr) ply 6 = %+v, want the roll 8 with an automatic pass, black to move", got)
	}
	if got := r.Plies[0].SAN; got != "c4" {
		t.Errorf("Replay(seidr) SAN of c2c4 = %q, want c4", got)
	}
	// The worked example of the rules (4): the black pawn on c4, the king
	// on f7, the queen on d7, the white pawn and a black pawn removed.
	if got, want := r.Plies[5].Position, "rnb2bnr/pppqpkpp/8/8/2p5/8/PP1PPPPP/RNBQKBNR b - - 0 1 quiet -"; got != want {
		t.Errorf("Replay(seidr) position after the seiðr = %q, want %q", got, want)
	}
	if _, err := Replay(t.Context(), ReplayRequest{Game: "nosuch"}); !errors.Is(err, ErrUnknownGame) {
		t.Errorf("Replay of an unknown game: %v, want ErrUnknownGame", err)
	}
}

func TestReplayHandler(t *testing.T) {
	h := Handler()
	req := httptest.NewRequest("POST", "/web/replay", strings.NewReader(`{"game":"chess","actions":["e2e4"]}`))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"san":"e4"`) {
		t.Errorf("POST /web/replay = %d %s", w.Code, w.Body.String())
	}
	req = httptest.NewRequest("POST", "/web/replay", strings.NewReader(`{"game":"nosuch"}`))
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 404 || !strings.Contains(w.Body.String(), `"code":"unknown_game"`) {
		t.Errorf("POST /web/replay of an unknown game = %d %s, want 404 unknown_game", w.Code, w.Body.String())
	}
}
