package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestNotFoundStatus: the page of an address that is none of the app's
// routes, or of a game the server does not offer (/new/<name>), is the
// app's page (which shows its not-found page) with status 404; the app's
// routes answer 200.
func TestNotFoundStatus(t *testing.T) {
	h := Handler()
	for path, want := range map[string]int{
		"/":                        200,
		"/new/seidr":               200,
		"/new/nordsloki":           200,
		"/games/abcdefghijklmnop":  200,
		"/rules":                   200,
		"/rules/seidr":             200,
		"/replay":                  200,
		"/replay/lab":              200,
		"/replay/abcdefghijklmnop": 200,
		"/verify":                  200,
		"/new/nosuch":              404,
		"/rules/nosuch":            404,
		"/rules/chess":             200,
		"/nowhere":                 404,
		"/games/abc/def":           404,
		"/games/ABC":               404,
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != want || !strings.Contains(w.Body.String(), `<div id="app">`) && !strings.Contains(w.Body.String(), `id="app"`) {
			t.Errorf("GET %s: %d, want %d and the app's page", path, w.Code, want)
		}
	}
}
