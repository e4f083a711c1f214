package server

import "norns/live"

// The JSON of the API, declared by package live.
type (
	View          = live.View
	SeatView      = live.SeatView
	EventView     = live.EventView
	CreateRequest = live.CreateRequest
	SeatRequest   = live.SeatRequest
	ClockRequest  = live.ClockRequest
	SeatGrant     = live.SeatGrant
	SeedRequest   = live.SeedRequest
	PlayRequest   = live.PlayRequest
	ChatRequest   = live.ChatRequest
	ChatView      = live.ChatView
	RoomMessage   = live.RoomMessage
	AnalysisView  = live.AnalysisView
	Summary       = live.Summary
	CatalogGame   = live.CatalogGame
)
