package server_test

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/norns-games/norns/wire"
)

// TestMetrics: the metrics are served by MetricsHandler, not on the public
// port.
func TestMetrics(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "e")})
	e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(1, 1)), 2)
	f := e.subscribe(c.ID, 0, "")
	f.read()
	w := httptest.NewRecorder()
	e.srv.MetricsHandler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{"norns_games_live 1", `norns_events_total{kind="move"}`, "norns_websocket_clients 1", `norns_ai_think_seconds_count{level="easy"}`} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	resp, err := http.Get(e.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(b), "norns_games_live") {
		t.Errorf("GET /metrics on the public port serves the metrics")
	}
}
