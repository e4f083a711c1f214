package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestEndToEndJoin runs `norns play --join` in tmux against the real
// server and plays a game of chess to its end against a second client that
// calls the API (as a browser would): the terminal player types and points
// its moves, the other side's arrive on the feed, a chat message goes out,
// and the game ends in checkmate. Then `norns play --game-url` comes back
// to the game with the token kept in the seat file.
func TestEndToEndJoin(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "open"}, map[string]string{"type": "human", "name": "Ann"})
	ann, games := g.Seats[1].Token, base+"/api/games/"+g.ID
	seats := filepath.Join(t.TempDir(), "seats.json")

	s := startTmux(t, bin, "play", "--join", "'"+g.Seats[0].InviteURL+"'", "--name", "Bob", "--seat-file", seats, "--lang", "en")
	s.waitFor("online: you play White against Ann", "White to move — your move")
	s.send("f2f3", "Enter")
	s.waitFor("1. White: f2f3", "Black to move")
	if v := serverView(t, base, g.ID); v.Seq != 1 || v.History[0].Action != "f2f3" || v.Seats[0].Name != "Bob" {
		t.Fatalf("after f2f3 the server has %+v", v)
	}
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "e7e5", "seq": 1}, nil)
	s.waitFor("1... Black: e7e5", "White to move — your move", "Black played e7e5")

	// The chat.
	s.send("t")
	s.waitFor("chat> _")
	s.send("good luck", "Enter")
	s.waitFor("Bob: good luck")
	api(t, "POST", games+"/chat", ann, map[string]string{"room": "players", "text": "you will need it"}, nil)
	s.waitFor("Ann: you will need it")

	// g2g4 by pointing: the cursor starts on e5; g2 is two files right
	// and three ranks down.
	s.send("Right", "Right", "Down", "Down", "Down", "Enter")
	s.waitFor("[♙]")
	s.send("Up", "Up", "Enter")
	s.waitFor("2. White: g2g4", "Black to move")
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "d8h4", "seq": 3}, nil)
	scr := s.waitFor("2... Black: d8h4", "Black wins (checkmate)", "Game over")
	if strings.Contains(scr, "your move") {
		t.Errorf("a move is offered after the mate:\n%s", scr)
	}
	if v := serverView(t, base, g.ID); !v.Finished || v.Result != "black wins (checkmate)" {
		t.Errorf("the server's game: finished %v, %q", v.Finished, v.Result)
	}
	s.send("q")
	// The line that follows is wider than the pane: it wraps.
	scr = s.waitFor("To come back to this game: norns play --game-url")
	if !strings.Contains(strings.ReplaceAll(scr, "\n", ""), base+"/games/"+g.ID) {
		t.Errorf("the game's URL is not given after the end:\n%s", scr)
	}

	// Back to the game with the kept token.
	s2 := startTmux(t, bin, "play", "--game-url", base+"/games/"+g.ID, "--seat-file", seats, "--lang", "en")
	s2.waitFor("online: you play White against Ann", "2... Black: d8h4", "Black wins (checkmate)", "Bob: good luck")
	s2.send("q")
}

// TestEndToEndJoinErrors checks what `norns play --join` says, before it
// opens the screen, of a used invitation and of a server that is not there.
func TestEndToEndJoinErrors(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	base := testServer(t)
	g := createGame(t, base, "chess", map[string]string{"type": "human"}, map[string]string{"type": "open"})
	seats := filepath.Join(t.TempDir(), "seats.json")
	invite := "'" + g.Seats[1].InviteURL + "'"
	s := startTmux(t, bin, "play", "--join", invite, "--seat-file", seats, "--lang", "en", "&&", "echo", "JOINED")
	s.waitFor("White to move")
	s.send("C-c")
	s.waitFor("JOINED")
	s2 := startTmux(t, bin, "play", "--join", invite, "--seat-file", seats, "--lang", "en")
	s2.waitFor("That seat is not open.")
	s3 := startTmux(t, bin, "play", "--join", "'http://127.0.0.1:1/games/abc?seat=black&invite=x'", "--lang", "en")
	s3.waitFor("cannot reach the server http://127.0.0.1:1")
}

// TestEndToEndClockRematch runs `norns play --join` in tmux on a chess
// game with a 3+2 clock: the clocks show, the time for the first move and
// then the running clock tick down on the screen; Tab opens the
// spectators' chat and closes it. Ann resigns and offers a rematch, m
// accepts it and the terminal plays on in the new game with the colours
// swapped, whose token the seat file keeps and whose URL the last line
// gives.
func TestEndToEndClockRematch(t *testing.T) {
	needTmux(t)
	bin := buildNorns(t)
	base := testServer(t)
	g := createWith(t, base, map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human", "name": "Ann"}, {"type": "open"}},
		"clock": map[string]int64{"initial_ms": 180000, "increment_ms": 2000}})
	ann, games := g.Seats[0].Token, base+"/api/games/"+g.ID
	seats := filepath.Join(t.TempDir(), "seats.json")
	s := startTmux(t, bin, "play", "--join", "'"+g.Seats[1].InviteURL+"'", "--name", "Bob", "--seat-file", seats, "--lang", "en")
	s.waitFor("online: you play Black against Ann", "○ White 3:00 · ● Black 3:00", "White: first move untimed, 1:00 left")
	s.waitFor("White: first move untimed, 0:5")
	api(t, "POST", games+"/actions", ann, map[string]any{"action": "e2e4", "seq": 0}, nil)
	s.waitFor("1. White: e2e4", "Black to move — your move", "Black: first move untimed")
	s.send("e7e5", "Enter")
	s.waitFor("1... Black: e7e5", "▸White 3:0")
	s.waitFor("▸White 3:00") // 3:02 after the increment, ticking down

	api(t, "POST", games+"/chat", "", map[string]string{"room": "spectators", "text": "hello from the stands"}, nil)
	s.send("Tab")
	s.waitFor("Spectators' chat", "Spectator: hello from the stands")
	s.send("Tab")
	s.waitFor("Tab: spectators' chat")

	api(t, "POST", games+"/resign", ann, nil, nil)
	api(t, "POST", games+"/rematch", ann, nil, nil)
	s.waitFor("Black wins (resignation)", "Ann offers a rematch: m: accept")
	s.send("m")
	s.waitFor("online: you play White against Ann", "White to move — your move", "White 3:00 · Black 3:00")
	var old struct {
		Rematch string `json:"rematch"`
	}
	api(t, "GET", games, "", nil, &old)
	if tok, ok, err := LoadSeat(seats, base+"/games/"+old.Rematch); old.Rematch == "" || !ok || err != nil || tok == "" {
		t.Fatalf("the seat file has no token of the rematch %q (%v)", old.Rematch, err)
	}
	s.send("d2d4", "Enter")
	s.waitFor("1. White: d2d4", "Black to move")
	if v := serverView(t, base, old.Rematch); v.Seq != 1 || v.History[0].Player != "white" {
		t.Errorf("the rematch on the server: %+v", v.History)
	}
	s.send("C-c")
	scr := s.waitFor("To come back to this game: norns play --game-url")
	if !strings.Contains(strings.ReplaceAll(scr, "\n", ""), base+"/games/"+old.Rematch) {
		t.Errorf("the last line does not name the rematch:\n%s", scr)
	}
}
