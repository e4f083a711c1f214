package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// TestErrorMessagesInBothLanguages checks that every error code has its
// message in the catalog in English and Russian, that every error message
// in the catalog belongs to a code, and that a request gets the language it
// asks for.
func TestErrorMessagesInBothLanguages(t *testing.T) {
	for code := range statuses {
		for _, l := range i18n.Langs {
			if _, ok := i18n.Default()[l]["error."+code]; !ok {
				t.Errorf("catalog %s lacks error.%s", l, code)
			}
		}
	}
	for _, k := range i18n.Default().Keys(i18n.English) {
		if code, ok := strings.CutPrefix(k, "error."); ok {
			if _, known := statuses[code]; !known {
				t.Errorf("catalog key %s names no error code", k)
			}
		}
	}
	tests := []struct {
		query, cookie, accept string
		want                  string
	}{
		{"", "", "ru-RU,ru;q=0.9", "Этот ход сейчас не разрешён."},
		{"", "", "de-DE", "The action is not legal now."},
		{"", "en", "ru", "The action is not legal now."},
		{"?lang=ru", "en", "en", "Этот ход сейчас не разрешён."},
		// A value that names no language is passed over.
		{"?lang=xx", "", "ru", "Этот ход сейчас не разрешён."},
		{"?lang=xx", "ru", "en", "Этот ход сейчас не разрешён."},
		{"", "xx", "ru-RU", "Этот ход сейчас не разрешён."},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("POST", "/api/games/x/actions"+tc.query, nil)
		if tc.cookie != "" {
			r.AddCookie(&http.Cookie{Name: "lang", Value: tc.cookie})
		}
		r.Header.Set("Accept-Language", tc.accept)
		w := httptest.NewRecorder()
		writeError(w, r, live.Errorf(wire.CodeIllegal, "e2e5"))
		var body wire.ErrorResponse
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if w.Header().Get("Vary") != "Cookie, Accept-Language" {
			t.Errorf("writeError: Vary %q, want Cookie, Accept-Language", w.Header().Get("Vary"))
		}
		if w.Code != http.StatusUnprocessableEntity || body.Error.Message != tc.want || body.Error.Detail != "e2e5" {
			t.Errorf("writeError(query %q, cookie %q, Accept-Language %q) = %d %+v, want %q",
				tc.query, tc.cookie, tc.accept, w.Code, body.Error, tc.want)
		}
	}
}

// TestWebMounted checks that the web handler answers every path outside
// the API, and the API keeps its own.
func TestWebMounted(t *testing.T) {
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page "+r.URL.Path) })
	srv, err := New(Config{Config: live.Config{Store: st, Games: games.All}, Web: page})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for path, want := range map[string]string{
		"/":                "page /",
		"/game/abc":        "page /game/abc",
		"/healthz":         "ok\n",
		"/api/no-such-api": `"code":"not_found"`,
	} {
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("GET %s = %q, want %q", path, w.Body.String(), want)
		}
	}
}
