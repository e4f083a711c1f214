package live

import "github.com/prometheus/client_golang/prometheus"

// metrics are the hall's Prometheus metrics.
type metrics struct {
	live    prometheus.Gauge
	events  *prometheus.CounterVec
	aiThink *prometheus.HistogramVec
}

// newMetrics makes the hall's metrics and registers them with reg, unless
// it is nil.
func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "norns_games_live", Help: "Games in memory that are not over.",
		}),
		events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "norns_events_total", Help: "Events stored, by kind (move, roll, timeout); rate() gives moves per second.",
		}, []string{"kind"}),
		aiThink: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "norns_ai_think_seconds", Help: "Time an AI seat took to choose, by level.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 5},
		}, []string{"level"}),
	}
	if reg != nil {
		reg.MustRegister(m.live, m.events, m.aiThink)
	}
	return m
}
