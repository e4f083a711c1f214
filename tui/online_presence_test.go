package tui

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/norns-games/norns/live"
	"github.com/norns-games/norns/wire"
)

// TestOnlinePresence: the terminal marks each player online (●) while a
// client of theirs follows the game and offline (○) once it is gone; the
// opponent gone, it counts the grace time down, then v claims the
// victory (both clocks are the test's: 30 s at 5+0).
func TestOnlinePresence(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	base := testServerWith(t, func(c *live.Config) { c.Now = clock })
	g := createWith(t, base, map[string]any{"game": "chess", "seats": []map[string]string{{"type": "human", "name": "Ann"}, {"type": "open"}},
		"clock": map[string]int64{"initial_ms": 300000}})
	m, ch := joinModel(t, Config{}, g.Seats[1].InviteURL, "Bob")
	m.now = clock
	// Ann's page follows the game.
	ctx := context.Background()
	ann, _, err := websocket.Dial(ctx, strings.Replace(base, "http", "ws", 1)+"/api/games/"+g.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.CloseNow()
	auth, _ := json.Marshal(wire.AuthMessage{Type: wire.MessageAuth, Token: g.Seats[0].Token})
	if err := ann.Write(ctx, websocket.MessageText, auth); err != nil {
		t.Fatal(err)
	}
	go func() {
		for {
			if _, _, err := ann.Read(ctx); err != nil {
				return
			}
		}
	}()
	await(t, m, ch, "● White 5:00 · ● Black 5:00")
	ann.Close(websocket.StatusNormalClosure, "")
	scr := await(t, m, ch, "○ White 5:00 · ● Black 5:00")
	if m.on.claimAt["white"].IsZero() {
		t.Fatalf("no claim time for White gone:\n%s", scr)
	}
	if scr := m.Render(); !strings.Contains(scr, "Your opponent (White) left the game: you may claim") || !strings.Contains(scr, "in 0:30") {
		t.Errorf("White gone, the screen does not count the grace time down:\n%s", scr)
	}
	press(t, m, "v")
	if m.on.view.Finished || m.input != "v" {
		t.Fatalf("v before the grace time: finished %v, input %q; want the game going on and v typed", m.on.view.Finished, m.input)
	}
	press(t, m, "backspace")
	mu.Lock()
	now = now.Add(30 * time.Second)
	mu.Unlock()
	if scr := m.Render(); !strings.Contains(scr, "Your opponent (White) left the game: v claims the") || !strings.Contains(scr, "victory, = calls it a draw") {
		t.Fatalf("the grace time over, the screen does not offer the claim:\n%s", scr)
	}
	press(t, m, "v")
	if v := m.on.view; !v.Finished || v.Result != "black wins (opponent left)" {
		t.Fatalf("after v: finished %v, result %q; want black wins (opponent left)\n%s", v.Finished, v.Result, m.Render())
	}
	if scr := m.Render(); strings.Contains(scr, "○") || strings.Contains(scr, "claims the victory") {
		t.Errorf("the game over still shows presence or the claim:\n%s", scr)
	}
}
