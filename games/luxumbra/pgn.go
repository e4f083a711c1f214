package luxumbra

import (
	"maps"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// standardStart is the FEN of the start of a game (without the dice field).
const standardStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

// PGN writes the game in Portable Game Notation with the tag Variant
// "Lux et Umbra". Each move is a SAN token (without check suffixes, since
// there is no check), disambiguated against all moves of the mover's pieces
// whatever the dice, as a reader without dice needs; when a player makes a second move in a turn, a null
// move "--" of the opponent comes before it, so that the sides alternate as
// PGN requires and a PGN reader that knows null moves replays every board.
// The roll is a comment after the first move of each turn ("{roll LS}");
// the end of the game is a comment after the last move. A game set up from
// another position has the tags SetUp and FEN, and Dice when its dice were
// not waiting to be rolled.
func (s *State) PGN(tags map[string]string) string { return s.PGNClocks(tags, nil) }

// PGNClocks writes the game as PGN does, each move followed by its
// player's clock (game.ClockedPGNWriter).
func (s *State) PGNClocks(tags map[string]string, clocks []time.Duration) string {
	t := maps.Clone(tags)
	if t == nil {
		t = map[string]string{}
	}
	t["Variant"] = "Lux et Umbra"
	t["Result"] = game.PGNResultTag(s.cur.result, tags)
	fen := s.start.pos.FEN()
	if fen != standardStart {
		t["SetUp"], t["FEN"] = "1", fen
	}
	if s.start.d.Roll == 0 {
		t["SetUp"], t["FEN"], t["Dice"] = "1", fen, s.start.d.String()
	}
	var entries []chess.PGNEntry
	// The PGN side to move alternates from the start position's.
	number, black := s.start.pos.Fullmove(), s.start.pos.Turn() == chess.Black
	var roll string
	if d := s.start.d; d.Roll == 0 && d.used() == 0 {
		roll = d.String() // set up after the roll
	}
	add := func(text string) {
		entries = append(entries, chess.PGNEntry{Text: text, Number: number, Black: black})
		if black {
			number++
		}
		black = !black
	}
	for i, r := range s.log {
		switch {
		case r.Action >= RollLL && r.Action <= RollS:
			roll = ActionString(r.Action)
		case r.Action == Pass:
		default:
			c := r.Undo
			if (c.pos.Turn() == chess.Black) != black {
				add("--") // the opponent's null move between two moves of a turn
			}
			// Disambiguate against every move of the mover's pieces, not only
			// those the dice allowed, since PGN readers know no dice.
			var ml chess.MoveList
			c.pos.PseudoMoves(&ml, ^chess.Bitboard(0), ^chess.Bitboard(0))
			add(chess.SAN(&c.pos, chess.Move(r.Action), ml.Slice()))
			entries[len(entries)-1].Clock, entries[len(entries)-1].Clocked = chess.ClockAt(clocks, i)
			if c.d.used() == 0 && roll != "" {
				entries[len(entries)-1].Comment = "roll " + roll
			}
		}
	}
	if s.cur.over() && len(entries) > 0 {
		e := &entries[len(entries)-1]
		var end []string
		if e.Comment != "" {
			end = append(end, e.Comment)
		}
		if s.cur.result.Reason == "no move" && s.cur.d.Roll == 0 {
			end = append(end, s.cur.pos.Turn().String()+" rolls "+s.cur.d.String())
		}
		end = append(end, game.Describe(s))
		e.Comment = strings.Join(end, "; ")
	}
	return chess.FormatPGN(t, entries)
}
