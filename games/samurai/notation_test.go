package samurai

import (
	"errors"
	"strings"
	"testing"

	"github.com/norns-games/norns/game"
)

func TestSetupErrors(t *testing.T) {
	const board = "4k3/8/8/8/8/8/8/4K3"
	tests := []struct {
		opts     game.Options
		position string
		want     string
	}{
		{nil, "", "empty position"},
		{nil, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `want <board>[<cards>/<deck>]`},
		{nil, board + "[Kk] w - - 0 1", "no '/' between the hands and the deck"},
		{nil, board + "[Kk/Q/R] w - - 0 1", "more than one '/'"},
		{nil, board + "[Kk/q] w - - 0 1", `deck card 'q' must be upper case`},
		{nil, board + "[Kkx/] w - - 0 1", `'x' is no card`},
		{nil, board + "[kK/] w - - 0 1", `white's card 'K' after black's cards`},
		{nil, "4k3/p7/8/8/8/8/P7/4K3[PK/] w - - 0 1", `'K' out of order in white's hand`},
		{nil, "4k3/p7/8/8/8/8/P7/4K3[Kpk/] w - - 0 1", `'k' out of order in black's hand`},
		{nil, board + "[Kk/RQ] w - - 0 1", `'Q' out of order in the deck`},
		{nil, board + "[Kk/QQQQQQQQQQQQQQQQ] w - - 0 1", "more than 15 Q cards in the deck"},
		{nil, "4k3/p7/8/8/8/8/P7/4K3[KPPPPPPPPkpppppppp/] w - - 0 1", "16 P cards in all, at most 15"},
		{nil, board + "[KQk/] w - - 0 1", "white holds 1 Q card(s) but has no Q on the board (invariant 1.5)"},
		{nil, board + "[Kkpp/] w - - 0 1", "black holds 2 P card(s) but has no P on the board (invariant 1.5)"},
		{nil, board + "[Kk/] x - - 0 1", "field 2 (side to move)"},
		{nil, board + "[Kk/] w", "has 2 fields, want 4 to 6"},
		{nil, "4k3/8/8/8/8/8/8/8[k/] w - - 0 1", "white has 0 kings"},
		{nil, "4k3/8/8/8/8/8/4R3/4K3[Kk/] w - - 0 1", "black, not to move, is in check"},
		{nil, board + "[Kk/] w - - 0 1 passes=3", "passes must be 1 or 2"},
		{nil, board + "[Kk/] w - - passes=1", "must follow the six FEN fields"},
		{game.Options{"no-card": "lose"}, board + "[Kk/] w - - 0 1 passes=1", "with no-card=lose nobody passes"},
	}
	for _, tc := range tests {
		_, err := Game.Setup(tc.opts, tc.position)
		if err == nil || !errors.Is(err, game.ErrPosition) || !strings.Contains(err.Error(), tc.want) ||
			!strings.HasPrefix(err.Error(), "samurai: ") {
			t.Errorf("F(%q) = %v, want an error with %q", tc.position, err, tc.want)
		}
	}
}

func TestSetupRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{StartPosition, StartPosition},
		{"4k3/8/8/8/8/8/8/4K3[/] w - -", "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1"}, // bare kings: drawn at once, no pass
		{"4k3/p7/8/8/8/8/P7/4K3[Kk/NNPP] b - - 3 9", "4k3/p7/8/8/8/8/P7/4K3[Kk/NNPP] b - - 3 9"},
		{"4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1", "4k3/8/8/8/8/p7/P6R/4K3[KRPp/] w - - 2 2 passes=1"},
	}
	for _, tc := range tests {
		s, err := Game.Setup(nil, tc.in)
		if err != nil {
			if tc.want != "" {
				t.Errorf("F(%q) = %v, want %v", tc.in, err, tc.want)
			}
			continue
		}
		if got := s.Position(); got != tc.want {
			t.Errorf("F(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
