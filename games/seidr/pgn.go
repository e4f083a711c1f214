package seidr

import (
	"strings"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/chess"
)

// PGN writes the game in Portable Game Notation: one movetext entry per
// turn, its quiet move in SAN, followed by a comment with the rolls of the
// seiðr and the call of steel ("{seiðr: 2 8 6 1 8; steel: none}"); a lost
// turn is the null move "--" with the comment "lost turn". The tags given
// are kept; Variant, Result and, for a game not set up from the start,
// SetUp and FEN (and SeidrPosition when it began inside a turn) are set.
func (s *State) PGN(tags map[string]string) string { return s.PGNClocks(tags, nil) }

// PGNClocks writes the game as PGN does, each turn followed by its
// player's clock after their last action in it (game.ClockedPGNWriter).
func (s *State) PGNClocks(tags map[string]string, clocks []time.Duration) string {
	t := map[string]string{}
	for k, v := range tags {
		t[k] = v
	}
	t["Variant"] = "Seidr"
	t["Result"] = game.PGNResultTag(s.result, tags)
	if start := s.start.position(); start != StartPosition {
		t["SetUp"], t["FEN"] = "1", s.start.Pos.FEN()
		if s.start.Phase != Quiet {
			t["SeidrPosition"] = start
		}
	}
	var entries []chess.PGNEntry
	var rolls []string
	steel := ""
	flush := func() {
		if len(entries) == 0 {
			return
		}
		e := &entries[len(entries)-1]
		if e.Comment != "" {
			return // a lost turn
		}
		var parts []string
		if len(rolls) > 0 {
			parts = append(parts, "seiðr: "+strings.Join(rolls, " "))
		}
		if steel != "" {
			parts = append(parts, "steel: "+steel)
		}
		e.Comment = strings.Join(parts, "; ")
		rolls, steel = nil, ""
	}
	newEntry := func(c Core, text, comment string) {
		flush()
		entries = append(entries, chess.PGNEntry{Text: text, Number: c.Pos.Fullmove(), Black: c.Pos.Turn() == chess.Black, Comment: comment})
	}
	for i, r := range s.log {
		c := r.Undo
		if i == 0 && c.Phase != Quiet {
			newEntry(c, "--", "") // the game was set up inside a turn
		}

		var ml chess.MoveList
		switch {
		case c.Phase == Quiet && r.Action == Pass:
			newEntry(c, "--", "lost turn") // 2A.4
		case c.Phase == Quiet:
			QuietMoves(&c.Pos, &ml)
			newEntry(c, chess.SAN(&c.Pos, chess.Move(r.Action), ml.Slice()), "")
		case c.Phase == Seidr:
			rolls = append(rolls, ActionString(r.Action))
		case r.Action == Pass:
			steel = "none" // 2C.2
		default:
			SteelMoves(&c.Pos, c.Carrier, &ml)
			steel = chess.SAN(&c.Pos, chess.Move(r.Action), ml.Slice())
		}
		if d, ok := chess.ClockAt(clocks, i); ok && c.Phase != Seidr {
			entries[len(entries)-1].Clock, entries[len(entries)-1].Clocked = d, true
		}
	}
	flush()
	if s.result.Kind != game.Ongoing && len(entries) > 0 {
		e := &entries[len(entries)-1]
		if e.Comment != "" {
			e.Comment += "; "
		}
		e.Comment += s.result.Reason
	}
	return chess.FormatPGN(t, entries)
}
