package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own
// that the hall's (package live) join.
type metrics struct {
	reg       *prometheus.Registry
	wsClients prometheus.Gauge
	requests  *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		wsClients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "norns_websocket_clients", Help: "WebSocket clients connected.",
		}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "norns_api_requests_total", Help: "API requests, by outcome (ok or the error code).",
		}, []string{"code"}),
	}
	m.reg.MustRegister(m.wsClients, m.requests,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
