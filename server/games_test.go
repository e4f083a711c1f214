package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/chess"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// TestFullGames plays a whole game of every game between two clients (a
// client per seat, each following the WebSocket feed and acting over HTTP),
// and one against an easy AI seat, through HTTP.
func TestFullGames(t *testing.T) {
	e := start(t, nil)
	for i, g := range games.All {
		t.Run(g.Name()+"/humans", func(t *testing.T) {
			e.t = t
			kinds := []string{"h"}
			st, _ := g.New(nil)
			for range st.Players()[1:] {
				kinds = append(kinds, "o")
			}
			c := e.create(wire.CreateRequest{Game: g.Name(), Seats: seats(kinds...)})
			tokens := tokensOf(c)
			// The other players join with their invitations.
			for _, s := range c.Seats {
				if s.Kind == "open" {
					j := e.join(c.ID, s.Player, s.Invite, "guest")
					tokens[j.Player] = j.Token
				}
			}
			// A client per seat, each on its own feed.
			e.playSeats(c.ID, tokens, uint64(i))
			v := e.view(c.ID)
			checkOver(t, v)
			checkRecords(t, e, v)
		})
		t.Run(g.Name()+"/ai", func(t *testing.T) {
			e.t = t
			kinds := []string{"h"}
			st, _ := g.New(nil)
			for range st.Players()[1:] {
				kinds = append(kinds, "e")
			}
			// The dice may end a game before the AI's first turn (a
			// Seiðr opening can take the king): up to five games, for one
			// in which the AI moves.
			ai := 0
			for try := range 5 {
				c := e.create(wire.CreateRequest{Game: g.Name(), Seats: seats(kinds...)})
				v := e.player(c.ID, tokensOf(c), rand.New(rand.NewPCG(uint64(i), uint64(2+try))), 100000)
				checkOver(t, v)
				checkRecords(t, e, v)
				for _, h := range v.History {
					if h.Kind == "move" && h.Player != v.Players[0] {
						ai++
					}
				}
				if ai > 0 {
					break
				}
			}
			if ai == 0 {
				t.Errorf("%s against the AI: the AI seat made no move in five games", g.Name())
			}
		})
	}
}

// checkOver checks a finished view: a result, the seed revealed, no legal
// actions, a history numbered 1, 2, 3…
func checkOver(t *testing.T, v wire.View) {
	t.Helper()
	t.Logf("%s: %d events, %s (%s)", v.Game, v.Seq, v.Status, v.Result)
	if !v.Finished || !strings.HasPrefix(v.Status, "over") || v.Fairness.ServerSeed == "" || len(v.Legal) != 0 || v.ToMove != "" {
		t.Errorf("game %s at the end: finished %v, status %q, seed %q, legal %v, to move %q", v.ID, v.Finished, v.Status, v.Fairness.ServerSeed, v.Legal, v.ToMove)
	}
	for i, h := range v.History {
		if h.Seq != int64(i+1) {
			t.Fatalf("history entry %d has seq %d", i, h.Seq)
		}
	}
	if int64(len(v.History)) != v.Seq {
		t.Errorf("history has %d entries, seq is %d", len(v.History), v.Seq)
	}
}

// checkRecords checks the records of a finished game: the Norns record
// verifies (every roll recomputed from the revealed seed), and the PGN of a
// chess game carries the result.
func checkRecords(t *testing.T, e *env, v wire.View) {
	t.Helper()
	// The Norns record verifies, as text and as JSON.
	for _, format := range []string{"norns", "json"} {
		p, err := record.Parse(strings.NewReader(e.record(v.ID, format)))
		if err != nil {
			t.Fatalf("%s record: %v", format, err)
		}
		res, err := record.Verify(p, games.All)
		if err != nil || !res.Revealed || res.Events != int(v.Seq) || res.Rolls != int(v.Fairness.Rolls) || res.Status != v.Status {
			t.Errorf("Verify(%s %s record) = %+v, %v, want %d events, %d rolls, %q", v.Game, format, res, err, v.Seq, v.Fairness.Rolls, v.Status)
		}
	}
	g, _ := games.ByName(v.Game)
	st, _ := g.New(nil)
	if _, ok := st.(game.Recorder); ok {
		if text := e.record(v.ID, "text"); !strings.HasSuffix(text, "{"+v.Result+"}\n") {
			t.Errorf("%s record in the game's notation does not end with the result %q:\n%s", v.Game, v.Result, text)
		}
	}
	// A tafl game's OpenTafl record reads back to the game's last position.
	if _, ok := st.(*tafl.State); ok {
		otn := e.record(v.ID, "otn")
		r, err := tafl.ParseOTN(otn)
		if err != nil || r.State.Position() != v.Position {
			t.Errorf("the %s game's OTN record reads back as %v, %v; want the position %q:\n%s", v.Game, r, err, v.Position, otn)
		}
		// The rules are the last tag, as OpenTafl requires (OTN section 4).
		head, _, _ := strings.Cut(otn, "\n\n")
		lines := strings.Split(head, "\n")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "[rules:dim:") || !strings.HasSuffix(last, "]") || r == nil || r.Legacy {
			t.Errorf("the %s game's OTN record does not end its tags with [rules:…]:\n%s", v.Game, otn)
		}
	}
	if _, ok := st.(game.PGNWriter); ok {
		pgn := e.record(v.ID, "pgn")
		if !strings.Contains(pgn, "[NornsServerSeed \""+v.Fairness.ServerSeed+"\"]") || strings.Contains(pgn, "[Result \"*\"]") && v.Status != "over unfinished" {
			t.Errorf("PGN of a finished %s game:\n%s", v.Game, pgn)
		}
		// The PGN reads back; orthodox chess replays to the game's end.
		g, err := chess.ParsePGN(pgn)
		if err != nil || g.Tags["NornsGame"] != v.Game {
			t.Errorf("ParsePGN(%s PGN) = %v, tags %v", v.Game, err, g)
		} else if v.Game == "chess" {
			if end, err := chess.ReplayPGN(g); err != nil || end.Position() != v.Position {
				t.Errorf("ReplayPGN = %v, %v; want the position %q", end, err, v.Position)
			}
		}
	}
}
