package luxumbra

import (
	"errors"
	"fmt"
	"strings"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// String writes the dice field: "--" or "-" for two dice or one die to
// roll; else one letter per rolled die, Light dice first, each colour's used
// dice (lower case) before its unused ones (upper case).
func (d Dice) String() string {
	if d.Roll > 0 {
		return strings.Repeat("-", int(d.Roll))
	}
	return strings.Repeat("l", int(d.usedLight)) + strings.Repeat("L", int(d.Light)) +
		strings.Repeat("s", int(d.usedShadow)) + strings.Repeat("S", int(d.Shadow))
}

// diceFields maps every dice field to its dice: the rolls to come, and each
// roll with any number of its dice used.
var diceFields = func() map[string]Dice {
	m := map[string]Dice{}
	for _, d := range []Dice{
		{Roll: 2}, {Roll: 1},
		{Light: 2}, {Light: 1, usedLight: 1}, {usedLight: 2},
		{Light: 1, Shadow: 1}, {usedLight: 1, Shadow: 1}, {Light: 1, usedShadow: 1}, {usedLight: 1, usedShadow: 1},
		{Shadow: 2}, {Shadow: 1, usedShadow: 1}, {usedShadow: 2},
		{Light: 1}, {usedLight: 1}, {Shadow: 1}, {usedShadow: 1},
	} {
		m[d.String()] = d
	}
	return m
}()

// squares names the squares the unused dice allow moves from.
func (d Dice) squares() string {
	switch {
	case d.Light > 0 && d.Shadow > 0:
		return "light and dark squares"
	case d.Light > 0:
		return "light squares"
	case d.Shadow > 0:
		return "dark squares"
	}
	return "no square"
}

// String writes the core in the position notation.
func (c *core) String() string { return c.pos.FEN() + " " + c.d.String() }

// parsePosition reads the position notation: a FEN whose castling and
// en-passant fields are "-", then the dice field. It checks everything that
// move generation and the rules need; it does not decide the result.
func parsePosition(text string, balance bool) (core, error) {
	var c core
	fields := strings.Fields(text)
	if len(fields) != 7 {
		return c, fmt.Errorf("luxumbra: position %q has %d fields, want 7 (the six FEN fields and the dice)", text, len(fields))
	}
	if fields[2] != "-" {
		return c, fmt.Errorf("luxumbra: castling field %q, want - (no castling, 1.1)", fields[2])
	}
	if fields[3] != "-" {
		return c, fmt.Errorf("luxumbra: en-passant field %q, want - (no en passant, 1.1)", fields[3])
	}
	p, err := chess.ParseFEN(strings.Join(fields[:6], " "))
	if err != nil {
		var fe *chess.FENError
		if errors.As(err, &fe) {
			return c, fmt.Errorf("luxumbra: FEN field %d (%s): %s", fe.Field, fe.Name, fe.Reason)
		}
		return c, fmt.Errorf("luxumbra: %w", err)
	}
	for _, col := range []chess.Color{chess.White, chess.Black} {
		if n := p.Pieces(col, chess.King).Count(); n > 1 {
			return c, fmt.Errorf("luxumbra: %s has %d kings, want 1 (or none once it has been captured)", col, n)
		}
	}
	if p.ByRole(chess.King) == 0 {
		return c, fmt.Errorf("luxumbra: neither side has a king")
	}
	if b := p.ByRole(chess.Pawn) & (chess.Rank1 | chess.Rank8); b != 0 {
		return c, fmt.Errorf("luxumbra: pawn on %s (pawns never stand on rank 1 or 8)", b.First())
	}
	white, black := p.ByColor(chess.White), p.ByColor(chess.Black)
	if white == p.Pieces(chess.White, chess.King) && black == p.Pieces(chess.Black, chess.King) {
		return c, fmt.Errorf("luxumbra: both sides have only their king (a bare king ends the game at once, 4.2)")
	}
	d, ok := diceFields[fields[6]]
	if !ok {
		return c, fmt.Errorf("luxumbra: dice field %q, want -- (two dice to roll), - (one die to roll) or the rolled dice, Light before Shadow, used ones in lower case (LL, lL, LS, lS, Ls, SS, sS …)", fields[6])
	}
	first := p.Turn() == chess.White && p.Fullmove() == 1
	single := d.Roll == 1 || d.used()+d.Unused() == 1
	switch {
	case balance && first && !single:
		return c, fmt.Errorf("luxumbra: dice field %q on White's first turn (move 1) under balance=on, want one die: -, L, S, l or s (5)", fields[6])
	case single && !(balance && first):
		return c, fmt.Errorf("luxumbra: dice field %q has one die, which only White's first turn (move 1) under balance=on rolls (5)", fields[6])
	}
	c.pos, c.d = p, d
	return c, nil
}

// ActionString writes a move in UCI notation, a roll as LL, LS, SS, L or S,
// Pass as "pass", and any other number as "invalid(N)".
func (s *State) ActionString(a game.Action) string { return ActionString(a) }

// ActionString writes an action of Lux et Umbra (see State.ActionString).
func ActionString(a game.Action) string {
	switch {
	case a >= RollLL && a <= RollS:
		return rollNames[a-RollLL]
	case a == Pass:
		return "pass"
	case a <= 0x7fff && a != 0:
		return chess.Move(a).String()
	}
	return fmt.Sprintf("invalid(%d)", a)
}

// ParseAction reads a roll (LL, LS, SS, L, S) at a chance event and a move in
// UCI or SAN at a decision.
func (s *State) ParseAction(text string) (game.Action, error) {
	for i, n := range rollNames {
		if text == n {
			a := RollLL + game.Action(i)
			if !s.isLegal(a) {
				return 0, fmt.Errorf("luxumbra: %w: roll %s not possible here (%s)", game.ErrIllegal, text, game.Status(s))
			}
			return a, nil
		}
	}
	if text == "pass" {
		return 0, fmt.Errorf("luxumbra: %w: pass is never chosen; a turn ends by itself when no move is left (3.3, 3.5)", game.ErrIllegal)
	}
	if s.cur.over() {
		if _, err := chess.ParseUCI(text); err == nil {
			return 0, fmt.Errorf("luxumbra: %w: %w", game.ErrIllegal, game.ErrOver)
		}
	}
	m, err := chess.ParseMove(&s.cur.pos, text, s.legal)
	if err != nil {
		switch {
		case errors.Is(err, chess.ErrAmbiguous):
		case errors.Is(err, game.ErrIllegal) && s.cur.d.Roll > 0:
			return 0, fmt.Errorf("luxumbra: %w: %s: the dice are to be rolled first", game.ErrIllegal, text)
		case errors.Is(err, game.ErrIllegal):
			return 0, fmt.Errorf("luxumbra: %w: %s is not legal with dice %s (moves from %s)", game.ErrIllegal, text, s.cur.d, s.cur.d.squares())
		}
		return 0, fmt.Errorf("luxumbra: %w", err)
	}
	return game.Action(m), nil
}
