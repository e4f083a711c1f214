// Package server is the HTTP and WebSocket layer of the Norns game server:
// routing, decoding, limits, headers, encoding and the wiring of the hall
// of live games (package live), which holds every game's life. A handler
// decodes a request, calls one command of the hall with the request's
// seat token, and encodes its answer or its error (errors.go maps each
// error code to an HTTP status and a message in the request's language).
//
// Besides the API, the server answers /healthz and /readyz (health.go),
// guards every response with security headers and rate limits (httpx.go),
// and serves the web app (Config.Web) and the metrics (MetricsHandler).
//
// See docs/api.md for the endpoints, docs/architecture.md for the path of
// a move, and docs/fair-dice.md for the dice.
package server
