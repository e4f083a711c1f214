package games

import (
	"testing"

	"github.com/norns-games/norns/game"
)

// TestAgreedDraws checks which games allow a draw by agreement: all but
// Lux et Umbra (rules 1.1) and Nords Loki (8.6).
func TestAgreedDraws(t *testing.T) {
	none := map[string]bool{"luxumbra": true, "nordsloki": true}
	for _, g := range All {
		if got, want := game.AgreedDraws(g), !none[g.Name()]; got != want {
			t.Errorf("AgreedDraws(%s) = %v, want %v", g.Name(), got, want)
		}
	}
}
