package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/i18n"
)

// Limits of POST /web/replay.
const (
	// MaxReplayActions is the most actions a replay takes: a record
	// longer than that is refused before anything is played. The longest
	// random games of every game are a few hundred plies.
	MaxReplayActions = 10_000

	// maxReplayBody bounds the request body. An action is at most 9
	// characters in every game's notation (Nords Loki's "W20/off:6");
	// in JSON, with its quotes, a comma and the indentation of a
	// pretty-printed array, it takes under 32 bytes, so MaxReplayActions
	// actions take under 320 KB, and the game, options and a position (at
	// most a few hundred bytes) add little. 1 MiB leaves three times that.
	maxReplayBody = 1 << 20

	// replayTimeout bounds the work of one request, even if its client
	// stays. A replay of MaxReplayActions plies takes a small fraction of
	// it (BenchmarkReplay).
	replayTimeout = 5 * time.Second

	// replayCheckEvery is how many actions Replay plays between two looks
	// at its context.
	replayCheckEvery = 256
)

// Errors of Replay, besides the game packages' (game.ErrOption,
// game.ErrPosition) and its context's.
var (
	ErrUnknownGame    = errors.New("web: unknown game")
	ErrTooManyActions = errors.New("web: too many actions to replay")
)

// The error codes POST /web/replay answers with: codes of the server's API
// (docs/api.md, "Errors"; server/errors.go), with the same statuses and
// the same catalog messages (i18n key "error.<code>"). They are repeated
// here because package web does not depend on package server.
const (
	codeBadRequest  = "bad_request"  // 400: malformed JSON, a bad position
	codeTooLarge    = "too_large"    // 413: body, action count or time over the limit
	codeUnknownGame = "unknown_game" // 404: no game of that name
	codeBadOption   = "bad_option"   // 400: unknown option or value not allowed
)

// codeStatus gives each code's HTTP status, the API's.
var codeStatus = map[string]int{
	codeBadRequest:  http.StatusBadRequest,
	codeTooLarge:    http.StatusRequestEntityTooLarge,
	codeUnknownGame: http.StatusNotFound,
	codeBadOption:   http.StatusBadRequest,
}

// ReplayRequest is the body of POST /web/replay: a game, its options, an
// optional starting position and the actions played from it, in the
// game's notation (a record of the server or a line of the lab's
// games.jsonl).
type ReplayRequest struct {
	Game     string            `json:"game"`
	Options  map[string]string `json:"options,omitempty"`
	Position string            `json:"position,omitempty"`
	Actions  []string          `json:"actions"`
	// Outcomes asks for the chance outcomes of each roll (Ply.Outcomes),
	// for the web app's check of the dice (docs/fair-dice.md).
	Outcomes bool `json:"outcomes,omitempty"`
}

// Outcome is one outcome of a chance event, as the game lists it: the
// action and its probability.
type Outcome struct {
	Action string  `json:"action"`
	Prob   float64 `json:"prob"`
}

// Ply is one action of a replay and the position after it.
type Ply struct {
	// Action is the action as the game writes it.
	Action string `json:"action"`
	// SAN is the move in Standard Algebraic Notation for the chess games'
	// moves, else empty.
	SAN string `json:"san,omitempty"`
	// Player is the seat that played it, or "chance".
	Player string `json:"player"`
	// Auto lists the actions the game applied by itself after it.
	Auto []string `json:"auto,omitempty"`
	// Position is the position after the action (and its autos).
	Position string `json:"position"`
	// ToMove is the seat to move after it, "chance", or "" when over.
	ToMove string `json:"to_move"`
	// Outcomes are, for a roll of a request that asked for them, the
	// outcomes of the chance event in the game's order, with their
	// probabilities: what the dice derivation maps a roll's number to.
	Outcomes []Outcome `json:"outcomes,omitempty"`
}

// ReplayResponse is the answer of POST /web/replay.
type ReplayResponse struct {
	Game    string   `json:"game"`
	Title   string   `json:"title"`
	Players []string `json:"players"`
	// Start is the position before the first action.
	Start       string `json:"start"`
	StartToMove string `json:"start_to_move"`
	Plies       []Ply  `json:"plies"`
	Status      string `json:"status"`
	Result      string `json:"result"`
	// Error tells why the replay stopped before the end, if it did.
	Error string `json:"error,omitempty"`
}

// Replay plays a record's actions and returns the position after each.
// An action "pass" that the game had already applied by itself is
// skipped. The replay stops at the first action that is not legal, with
// Error set.
//
// A record of more than MaxReplayActions actions is an error wrapping
// ErrTooManyActions, before anything is played; an unknown game wraps
// ErrUnknownGame, bad options game.ErrOption, a bad position
// game.ErrPosition. Replay looks at ctx every few hundred actions and
// stops with an error wrapping ctx.Err() once it is done. Its work is
// linear in the number of actions.
func Replay(ctx context.Context, req ReplayRequest) (*ReplayResponse, error) {
	if len(req.Actions) > MaxReplayActions {
		return nil, fmt.Errorf("%w: %d actions, the limit is %d", ErrTooManyActions, len(req.Actions), MaxReplayActions)
	}
	g, err := games.ByName(req.Game)
	if err != nil {
		return nil, fmt.Errorf("%w %q (games: %s)", ErrUnknownGame, req.Game, strings.Join(games.Names(), ", "))
	}
	var st game.State
	if req.Position != "" {
		st, err = g.Setup(game.Options(req.Options), req.Position)
	} else {
		st, err = g.New(game.Options(req.Options))
	}
	if err != nil {
		return nil, err
	}
	return replayWith(ctx, st, req.Actions, req.Outcomes)
}

// replay plays actions from st (see Replay). It reads the history through
// game.HistoryLen and game.HistorySince, which copy only what each action
// added, so that n actions cost O(n).
func replay(ctx context.Context, st game.State, actions []string) (*ReplayResponse, error) {
	return replayWith(ctx, st, actions, false)
}

// replayWith is replay, with the chance outcomes of each roll when
// outcomes is set.
func replayWith(ctx context.Context, st game.State, actions []string, outcomes bool) (*ReplayResponse, error) {
	g := st.Game()
	out := &ReplayResponse{Game: g.Name(), Title: g.Title(), Players: st.Players(), Start: st.Position(), StartToMove: toMove(st), Plies: []Ply{}}
	// A record lists the passes a starting state already holds (a lost
	// turn at the start); they are not played again.
	for _, a := range game.HistorySince(st, 0) {
		if len(actions) > 0 && strings.TrimSpace(actions[0]) == st.ActionString(a) {
			actions = actions[1:]
		}
	}
	for i, text := range actions {
		if i%replayCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("web: replay stopped after %d of %d actions: %w", i, len(actions), err)
			}
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if st.Terminal() {
			out.Error = fmt.Sprintf("the game is over before %q", text)
			break
		}
		a, err := st.ParseAction(text)
		if err != nil {
			if text == "pass" && len(out.Plies) > 0 && len(out.Plies[len(out.Plies)-1].Auto) > 0 {
				continue
			}
			out.Error = err.Error()
			break
		}
		ply := Ply{Action: st.ActionString(a), Player: toMove(st), SAN: san(st, a)}
		if outcomes && st.Player() == game.Chance {
			for _, o := range st.ChanceOutcomes() {
				ply.Outcomes = append(ply.Outcomes, Outcome{Action: st.ActionString(o.Action), Prob: o.Prob})
			}
		}
		before := game.HistoryLen(st)
		if err := st.Apply(a); err != nil {
			out.Error = err.Error()
			break
		}
		// The history grew by a, then by the passes the game applied by
		// itself.
		for _, x := range game.HistorySince(st, before+1) {
			ply.Auto = append(ply.Auto, st.ActionString(x))
		}
		ply.Position, ply.ToMove = st.Position(), toMove(st)
		out.Plies = append(out.Plies, ply)
	}
	out.Status, out.Result = game.Status(st), game.Describe(st)
	return out, nil
}

func toMove(st game.State) string {
	switch p := st.Player(); {
	case p == game.Chance:
		return "chance"
	case p >= 0:
		return st.Players()[p]
	}
	return ""
}

// san writes a chess game's move in SAN, from the FEN part of the
// position before it; checks are marked only in the games that have
// check (chess and Samurai chess).
func san(st game.State, a game.Action) string {
	name := st.Game().Name()
	if name != "chess" && name != "seidr" && name != "luxumbra" && name != "samurai" {
		return ""
	}
	text := st.ActionString(a)
	if len(text) < 4 || text[0] < 'a' || text[0] > 'h' {
		return ""
	}
	fields := strings.Fields(st.Position())
	if len(fields) < 2 {
		return ""
	}
	board := fields[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		board = board[:i]
	}
	p, err := chess.ParseBoard(board)
	if err != nil {
		return ""
	}
	if fields[1] == "b" {
		p.SetTurn(chess.Black)
	} else {
		p.SetTurn(chess.White)
	}
	m := chess.Move(a & 0xffff)
	if name == "chess" || name == "samurai" {
		if full, err := chess.ParseFEN(strings.Join(append([]string{board}, fields[1:min(len(fields), 6)]...), " ")); err == nil {
			s := full.SAN(m)
			if name == "samurai" {
				s = strings.TrimSuffix(s, "#") // Samurai's mate needs the cards
			}
			return s
		}
	}
	var ml chess.MoveList
	p.PseudoMoves(&ml, chess.Bitboard(^uint64(0)), chess.Bitboard(^uint64(0)))
	return chess.SAN(&p, m, ml.Slice())
}

// serveReplay answers POST /web/replay: the body is a ReplayRequest of at
// most maxReplayBody bytes, the answer a ReplayResponse, computed within
// replayTimeout and given up when the request ends. Errors have the API's
// shape and codes (replyError).
func serveReplay(w http.ResponseWriter, r *http.Request) {
	var req ReplayRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxReplayBody))
	if err := dec.Decode(&req); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			replyError(w, r, codeTooLarge, fmt.Sprintf("the body is over the limit of %d bytes", tooLarge.Limit))
			return
		}
		replyError(w, r, codeBadRequest, "the body is not a replay request: "+err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), replayTimeout)
	defer cancel()
	out, err := Replay(ctx, req)
	if err != nil {
		code, detail := replayErrorCode(err)
		replyError(w, r, code, detail)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// replayErrorCode gives the API error code of an error of Replay, and the
// detail to send with it.
func replayErrorCode(err error) (code, detail string) {
	switch {
	case errors.Is(err, ErrTooManyActions):
		return codeTooLarge, err.Error()
	case errors.Is(err, context.DeadlineExceeded):
		return codeTooLarge, fmt.Sprintf("the replay did not finish within %v; replay fewer actions (%v)", replayTimeout, err)
	case errors.Is(err, context.Canceled):
		// The client has gone: nobody reads this.
		return codeTooLarge, err.Error()
	case errors.Is(err, ErrUnknownGame):
		return codeUnknownGame, err.Error()
	case errors.Is(err, game.ErrOption):
		return codeBadOption, err.Error()
	}
	// game.ErrPosition, or anything else the game refused to set up.
	return codeBadRequest, err.Error()
}

// replyError writes an error as the server's API does (docs/api.md):
// {"error": {"code", "message", "detail"}}, with the code's status and its
// catalog message in the request's language (the lang query parameter,
// then the lang cookie, then Accept-Language).
func replyError(w http.ResponseWriter, r *http.Request, code, detail string) {
	lang := Lang(r)
	if l := r.URL.Query().Get("lang"); l != "" {
		lang = i18n.Parse(l)
	}
	var body struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
			Detail  string `json:"detail,omitempty"`
		} `json:"error"`
	}
	body.Error.Code, body.Error.Message, body.Error.Detail = code, i18n.T(lang, "error."+code), detail
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(codeStatus[code])
	json.NewEncoder(w).Encode(body)
}
