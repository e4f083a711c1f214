package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own.
type metrics struct {
	reg       *prometheus.Registry
	live      prometheus.Gauge
	events    *prometheus.CounterVec
	wsClients prometheus.Gauge
	aiThink   *prometheus.HistogramVec
	requests  *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "norns_games_live", Help: "Games in memory that are not over.",
		}),
		events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "norns_events_total", Help: "Events stored, by kind (move, roll, timeout); rate() gives moves per second.",
		}, []string{"kind"}),
		wsClients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "norns_websocket_clients", Help: "WebSocket clients connected.",
		}),
		aiThink: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "norns_ai_think_seconds", Help: "Time an AI seat took to choose, by level.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 5},
		}, []string{"level"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "norns_api_requests_total", Help: "API requests, by outcome (ok or the error code).",
		}, []string{"code"}),
	}
	m.reg.MustRegister(m.live, m.events, m.wsClients, m.aiThink, m.requests,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
