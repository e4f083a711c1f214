package seidr

import (
	"errors"
	"fmt"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// Game is Seiðr chess, short name "seidr".
var Game game.Game = seidrGame{}

// StartPosition is the notation of the starting position (1.1).
const StartPosition = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 quiet -"

// options lists the house rules of section 3, which are not the author's.
var options = []game.Option{
	{
		Name: "quiet-limit", Default: "50", Values: []string{game.Count, "off"},
		Help: "house rule 3.2: the game is drawn after this many consecutive turns (both players' turns counted) with no capture and no pawn removed",
	},
	{
		Name: "dead-draw", Default: "on", Values: []string{"on", "off"},
		Help: "house rule 3.3: the game is drawn at once when neither player has any piece other than the king",
	},
}

type seidrGame struct{}

func (seidrGame) Name() string                { return "seidr" }
func (seidrGame) Title() string               { return "Seiðr chess" }
func (seidrGame) Players() []string           { return []string{"white", "black"} }
func (seidrGame) Options() []game.Option      { return options }
func (seidrGame) ChanceMode() game.ChanceMode { return game.ExplicitStochastic }

func (g seidrGame) New(opts game.Options) (game.State, error) {
	return g.Setup(opts, StartPosition)
}

func (seidrGame) Setup(opts game.Options, position string) (game.State, error) {
	o, err := game.Resolve(options, opts)
	if err != nil {
		return nil, fmt.Errorf("seidr: %w", err)
	}
	c, err := parsePosition(position)
	if err != nil {
		return nil, err
	}
	s := &State{
		opts:       o,
		quietLimit: o.Int("quiet-limit"),
		deadDraw:   o["dead-draw"] == "on",
		start:      c,
		cur:        c,
	}
	s.settle()
	return s, nil
}

// positionErr builds a Setup error wrapping game.ErrPosition.
func positionErr(format string, args ...any) error {
	return fmt.Errorf("seidr: %w: "+format, append([]any{game.ErrPosition}, args...)...)
}

// parsePosition reads the position notation (see the package
// documentation) and checks that the position can occur in the game.
func parsePosition(text string) (Core, error) {
	fields := strings.Fields(text)
	if len(fields) != 8 && len(fields) != 6 {
		return Core{}, positionErr("%d fields, want 8 (a FEN of 6 fields, the phase and the carrier) or 6 (a FEN alone)", len(fields))
	}
	if fields[2] != "-" {
		return Core{}, positionErr("castling field %q, want - (there is no castling, rule 1.2)", fields[2])
	}
	if fields[3] != "-" {
		return Core{}, positionErr("en-passant field %q, want - (there is no en passant, rule 1.2)", fields[3])
	}
	p, err := chess.ParseFEN(strings.Join(fields[:6], " "))
	if err != nil {
		var fe *chess.FENError
		if errors.As(err, &fe) {
			return Core{}, positionErr("FEN field %d (%s): %s", fe.Field, fe.Name, fe.Reason)
		}
		return Core{}, positionErr("%v", err)
	}
	c := Core{Pos: p, Phase: Quiet, Carrier: chess.NoSquare}
	if len(fields) == 8 {
		switch fields[6] {
		case "quiet":
			c.Phase = Quiet
		case "seidr":
			c.Phase = Seidr
		case "steel":
			c.Phase = Steel
		default:
			return Core{}, positionErr("phase %q, want quiet, seidr or steel", fields[6])
		}
		if fields[7] != "-" {
			sq, ok := chess.ParseSquare(fields[7])
			if !ok {
				return Core{}, positionErr("carrier %q is not a square or -", fields[7])
			}
			c.Carrier = sq
		}
	}
	return c, c.validate()
}

// validate checks what the notation cannot: the kings, the pawns and the
// carrier.
func (c *Core) validate() error {
	p := &c.Pos
	kings := 0
	for _, color := range []chess.Color{chess.White, chess.Black} {
		n := p.Pieces(color, chess.King).Count()
		if n > 1 {
			return positionErr("%s has %d kings, want 1", color, n)
		}
		kings += n
	}
	if kings == 0 {
		return positionErr("no king on the board, want one for each player (or one, when the other was captured)")
	}
	pawns := p.ByRole(chess.Pawn) & (chess.Rank1 | chess.Rank8)
	if c.Phase == Seidr && c.Carrier != chess.NoSquare {
		pawns &^= c.Carrier.Bit() // 2B.5
	}
	if pawns != 0 {
		return positionErr("pawn on %s: pawns on rank 1 or 8 are removed (2B.4, 2B.7), only a carrier in phase seidr stands there", pawns.First())
	}
	switch c.Phase {
	case Quiet:
		if c.Carrier != chess.NoSquare {
			return positionErr("carrier %s in phase quiet, want - (the carrier is chosen by the quiet move, 2A.5)", c.Carrier)
		}
	case Seidr:
		if c.Carrier == chess.NoSquare {
			return positionErr("no carrier in phase seidr, want the square of the carrier")
		}
		fallthrough
	case Steel:
		if c.Carrier != chess.NoSquare && (p.Piece(c.Carrier) == chess.NoPiece || p.Piece(c.Carrier).Color() != p.Turn()) {
			return positionErr("carrier %s: no %s piece there", c.Carrier, p.Turn())
		}
	}
	return nil
}

// position writes the position notation.
func (c *Core) position() string {
	return c.Pos.FEN() + " " + c.Phase.String() + " " + c.Carrier.String()
}
