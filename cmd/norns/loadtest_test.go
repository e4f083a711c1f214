package main

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/norns-games/norns/loadtest"
)

// TestLoadtestJSON: --json prints the report as one object, with the CPU
// per 1,000 moves computed from the window's CPU times and null for what
// was not measured.
func TestLoadtestJSON(t *testing.T) {
	cmd := loadtestCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	rep := &loadtest.Report{Moves: 4000, Elapsed: 2 * time.Second, MovesPerSec: 2000, P99: 12500 * time.Microsecond,
		ServerCPU: 3 * time.Second, ServerPeakRSS: []float64{5e7}, ServerMeasured: true}
	if err := printJSON(cmd, loadtest.Config{URLs: []string{"http://127.0.0.1:8080"}, Games: 10}, rep); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("--json printed %s: %v", out.String(), err)
	}
	for k, want := range map[string]any{
		"moves": 4000.0, "moves_per_s": 2000.0, "p99_ms": 12.5, "server_cpu_s": 3.0,
		"server_cpu_s_per_1000_moves": 0.75, "client_cpu_s_per_1000_moves": nil, "games_at_once": 10.0,
	} {
		if got[k] != want {
			t.Errorf("--json %s = %v, want %v", k, got[k], want)
		}
	}
	if rss, ok := got["server_peak_rss_bytes"].([]any); !ok || len(rss) != 1 || rss[0] != 5e7 {
		t.Errorf("--json server_peak_rss_bytes = %v, want [5e7]", got["server_peak_rss_bytes"])
	}
}
