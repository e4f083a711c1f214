package samurai

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// StartPosition is the starting position with the default deck.
const StartPosition = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1"

// startHand is each player's starting hand (1.2): K Q R B N P P.
var startHand = Cards{chess.King: 1, chess.Queen: 1, chess.Rook: 1, chess.Bishop: 1, chess.Knight: 1, chess.Pawn: 2}

// cardRank returns the place of a card letter in the order K Q R B N P, or
// -1 for a letter that names no card.
func cardRank(c byte) int {
	return strings.IndexByte("KQRBNP", c&^0x20)
}

// format writes the position notation (see the package documentation).
func (p *pos) format() string {
	var b strings.Builder
	b.WriteString(p.board.BoardFEN())
	b.WriteByte('[')
	b.WriteString(cardField(p))
	b.WriteByte(']')
	fen := p.board.FEN()
	b.WriteString(fen[strings.IndexByte(fen, ' '):])
	if p.passes > 0 {
		fmt.Fprintf(&b, " passes=%d", p.passes)
	}
	return b.String()
}

// parseCards reads the card field's content, "KQRBNPPkqrbnpp/QRBN".
func parseCards(field string) (hands [2]Cards, deck Cards, err error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("card field [%s]: "+format, append([]any{field}, args...)...)
	}
	hs, ds, ok := strings.Cut(field, "/")
	if !ok {
		return hands, deck, bad("no '/' between the hands and the deck")
	}
	if strings.Contains(ds, "/") {
		return hands, deck, bad("more than one '/'")
	}
	names := [3]string{"white's hand", "black's hand", "the deck"}
	var groups [3]*Cards = [3]*Cards{&hands[0], &hands[1], &deck}
	read := func(text string, first int) error {
		g, last := first, -1
		for i := 0; i < len(text); i++ {
			c := text[i]
			k := cardRank(c)
			if k < 0 || !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
				return bad("%q is no card (cards are K Q R B N P)", c)
			}
			upper := c < 'a'
			switch {
			case first == 2 && !upper:
				return bad("deck card %q must be upper case", c)
			case g == 0 && !upper:
				g, last = 1, -1
			case g == 1 && upper:
				return bad("white's card %q after black's cards (white's come first)", c)
			}
			if k < last {
				return bad("%q out of order in %s (write K Q R B N P)", c, names[g])
			}
			last = k
			r := cardOrder[k]
			if groups[g][r] == maxCards {
				return bad("more than %d %c cards in %s", maxCards, c&^0x20, names[g])
			}
			groups[g][r]++
		}
		return nil
	}
	if err := read(hs, 0); err != nil {
		return hands, deck, err
	}
	return hands, deck, read(ds, 2)
}

// parsePosition reads the position notation. It checks the syntax and the
// orthodox validity of the board (chess.Position.Validate), not the card
// invariant, which Setup checks.
func parsePosition(text string) (pos, error) {
	var p pos
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return p, fmt.Errorf("empty position")
	}
	if n := len(fields); strings.HasPrefix(fields[n-1], "passes=") {
		v := strings.TrimPrefix(fields[n-1], "passes=")
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 || k > 2 || v != strconv.Itoa(k) {
			return p, fmt.Errorf("%q: passes must be 1 or 2", fields[n-1])
		}
		if n < 7 {
			return p, fmt.Errorf("%q must follow the six FEN fields", fields[n-1])
		}
		p.passes = uint8(k)
		fields = fields[:n-1]
	}
	open := strings.IndexByte(fields[0], '[')
	if open < 0 || !strings.HasSuffix(fields[0], "]") {
		return p, fmt.Errorf("first field %q: want <board>[<cards>/<deck>]", fields[0])
	}
	hands, deck, err := parseCards(fields[0][open+1 : len(fields[0])-1])
	if err != nil {
		return p, err
	}
	fields[0] = fields[0][:open]
	board, err := chess.ParseFEN(strings.Join(fields, " "))
	if err != nil {
		return p, err
	}
	p.board, p.hand, p.deck = board, hands, deck
	return p, nil
}

// check tells what makes a parsed position impossible under the rules:
// the orthodox conditions (kings, pawns, the side not to move in check,
// castling rights, en-passant square), the invariant 1.5, and at most
// maxCards cards of one type in all (so that no hand can ever hold more).
func (p *pos) check(r *rules) error {
	if err := p.board.Validate(); err != nil {
		return err
	}
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		for _, role := range cardOrder {
			if n := p.hand[c][role]; n > 0 && !p.has(c, role) {
				return fmt.Errorf("%s holds %d %c card(s) but has no %c on the board (invariant 1.5)",
					c, n, role.Char()-0x20, role.Char()-0x20)
			}
		}
	}
	for _, role := range cardOrder {
		if n := int(p.hand[0][role]) + int(p.hand[1][role]) + int(p.deck[role]); n > maxCards {
			return fmt.Errorf("%d %c cards in all, at most %d", n, role.Char()-0x20, maxCards)
		}
	}
	if p.passes > 0 && r.lose {
		return fmt.Errorf("passes=%d, but with no-card=lose nobody passes", p.passes)
	}
	return nil
}

// errPosition wraps a reason in game.ErrPosition.
func errPosition(err error) error {
	return fmt.Errorf("samurai: %w: %w", game.ErrPosition, err)
}
