// Package wire holds the types of the Norns server's API (docs/api.md):
// the JSON of its requests and answers, the messages of a game's
// WebSocket feed and the error codes. The server writes them, and the
// terminal client (package tui) and the load test (package loadtest)
// read them, so that each shape is declared once.
//
// # Views and requests
//
// View is a game as GET /api/games/{id} and the feed's state messages
// give it, with its seats (SeatView), its history (EventView), its dice
// (FairnessView) and its clocks (ClockView); Summary is a game in a list.
// The bodies of the requests are CreateRequest, JoinRequest,
// SeedRequest, PlayRequest, OfferRequest and ChatRequest; the answers
// that are not a View have a type of their own (CreateResponse,
// JoinResponse, EventsResponse, …).
//
// # The feed
//
// A client of GET /api/games/{id}/ws sends AuthMessage first when it
// holds a seat, and RoomMessage to open or close the spectators' chat.
// The server sends EventMessage, StateMessage, ChatMessage,
// RematchMessage, WatchersMessage, AuthReply, RoomMessage and
// ErrorMessage, each with its Type (the Message* constants); FeedMessage
// has the fields of them all, for a client that reads any of them.
//
// # Errors
//
// An error answer is an ErrorResponse: a stable code (the Code*
// constants, all of them in Codes), a message in the language the
// request asks for (the catalog entry "error.<code>" of package i18n)
// and a detail in English.
//
// # TypeScript
//
// The web app's types of the same shapes, web/src/wire.ts, are generated
// from these by package wire/tsgen (go generate ./web); a test of this
// package fails when the file is out of date, and go test ./wire -update
// writes it again.
package wire
