package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"norns/game"
	"norns/games"
	"norns/games/chess"
)

// ReplayRequest is the body of POST /web/replay: a game, its options, an
// optional starting position and the actions played from it, in the
// game's notation (a record of the server or a line of the lab's
// games.jsonl).
type ReplayRequest struct {
	Game     string            `json:"game"`
	Options  map[string]string `json:"options,omitempty"`
	Position string            `json:"position,omitempty"`
	Actions  []string          `json:"actions"`
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
func Replay(req ReplayRequest) (*ReplayResponse, error) {
	g, err := games.ByName(req.Game)
	if err != nil {
		return nil, err
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
	out := &ReplayResponse{Game: g.Name(), Title: g.Title(), Players: st.Players(), Start: st.Position(), StartToMove: toMove(st), Plies: []Ply{}}
	actions := req.Actions
	// A record lists the passes a starting state already holds (a lost
	// turn at the start); they are not played again.
	for _, a := range st.History() {
		if len(actions) > 0 && strings.TrimSpace(actions[0]) == st.ActionString(a) {
			actions = actions[1:]
		}
	}
	for _, text := range actions {
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
		before := len(st.History())
		if err := st.Apply(a); err != nil {
			out.Error = err.Error()
			break
		}
		for _, x := range st.History()[before+1:] {
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

func serveReplay(w http.ResponseWriter, r *http.Request) {
	var req ReplayRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<20))
	if err := dec.Decode(&req); err != nil {
		replyError(w, http.StatusBadRequest, err)
		return
	}
	out, err := Replay(req)
	if err != nil {
		status := http.StatusBadRequest
		if !errors.Is(err, game.ErrOption) && !errors.Is(err, game.ErrPosition) && !strings.Contains(err.Error(), "unknown game") {
			status = http.StatusUnprocessableEntity
		}
		replyError(w, status, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func replyError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": "replay", "message": err.Error()}})
}
