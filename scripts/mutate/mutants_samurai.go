package main

const (
	samuraiCards = "games/samurai/cards.go"
	samuraiGame  = "games/samurai/game.go"
)

// samuraiMutants are Samurai chess's (rules/samurai-chess.md): the cards a
// move needs and gives, captures and promotions, the invariant, the order
// of the card effects, the ends and the options' defaults.
var samuraiMutants = []Mutant{
	{ID: "no-card-needed", Rule: "samurai 2.1", File: samuraiCards,
		Old: "return p.hand[p.board.Turn()][p.mover(m)] > 0", New: "return p.hand[p.board.Turn()][p.mover(m)] >= 0"},
	{ID: "moved-card-always-given", Rule: "samurai 2.2", File: samuraiCards,
		Old: "if p.has(us.Other(), t) {", New: "if true {",
		Equivalent: "a card given to an opponent with no piece of its type comes back by the invariant at the end of the move (5d, 1.5): to the mover, who has such a piece, or to the deck when neither has one, as if kept"},
	{ID: "moved-card-kept", Rule: "samurai 2.2", File: samuraiCards,
		Old: "if p.has(us.Other(), t) {", New: "if false {"},
	{ID: "captured-card-always-taken", Rule: "samurai 3.1", File: samuraiCards,
		Old: "if p.has(us, v) {", New: "if true {",
		Equivalent: "a card taken by a capturer with no piece of its type goes back by the invariant at the end of the move (5d, 1.5): to the victim if they still have such a piece, else to the deck, where it goes anyway (the board already holds a promoted piece when the capturer is checked)"},
	{ID: "captured-card-not-taken", Rule: "samurai 3.1", File: samuraiCards,
		Old: "if p.has(us, v) {", New: "if false {"},
	{ID: "promotion-card-from-deck-first", Rule: "samurai 4.2", File: samuraiCards,
		Old: "case p.hand[them][pr] > 0:", New: "case false:"},
	{ID: "promotion-no-deck-sweep", Rule: "samurai 4.3", File: samuraiCards,
		Old: "if p.board.ByRole(pr).Count() == 1 {", New: "if false {"},
	{ID: "promotion-sweep-own-colour", Rule: "samurai 4.3", File: samuraiCards,
		Old: "if p.board.ByRole(pr).Count() == 1 {", New: "if p.board.Pieces(us, pr).Count() == 1 {"},
	{ID: "invariant-to-deck", Rule: "samurai 1.5", File: samuraiCards,
		Old: "if p.has(c.Other(), r) {\n\t\t\t\tp.hand[c.Other()][r] += n", New: "if false {\n\t\t\t\tp.hand[c.Other()][r] += n"},
	{ID: "invariant-off", Rule: "samurai 1.5", File: samuraiCards,
		Old: "if n == 0 || p.has(c, r) {", New: "if true {"},
	{ID: "capture-card-before-move-card", Rule: "samurai 5", File: samuraiCards,
		Old: "\tp.giveMoved(us, t)\n\tif victim != chess.NoPiece {\n\t\tp.takeCaptured(us, victim.Role())\n\t}\n",
		New: "\tif victim != chess.NoPiece {\n\t\tp.takeCaptured(us, victim.Role())\n\t}\n\tp.giveMoved(us, t)\n"},
	{ID: "invariant-before-promotion", Rule: "samurai 5", File: samuraiCards,
		Old: "\tif pr := m.Promotion(); pr != chess.NoRole {\n\t\tp.promoted(us, pr)\n\t}\n\tp.restore()",
		New: "\tp.restore()\n\tif pr := m.Promotion(); pr != chess.NoRole {\n\t\tp.promoted(us, pr)\n\t}"},
	{ID: "repetition-ignores-hands", Rule: "samurai 6.3", File: samuraiCards,
		Old: "h ^= zobristCards[0][r][p.hand[0][r]&maxCards] ^", New: "h ^= 0 ^"},
	{ID: "two-passes-play-on", Rule: "samurai 6.3", File: samuraiGame,
		Old: "case p.passes >= 2:", New: "case p.passes >= 3:"},
	{ID: "no-card-mate-is-pass", Rule: "samurai 6.1", File: samuraiGame,
		Old: "case len(s.legal) == 0 && p.board.InCheck():", New: "case chessMoves == 0 && p.board.InCheck():"},
	{ID: "repetition-twofold", Rule: "samurai 6.3", File: samuraiGame,
		Old: "case s.repetitions() >= 3:", New: "case s.repetitions() >= 2:"},
	{ID: "fifty-moves-late", Rule: "samurai 6.3", File: samuraiGame,
		Old: "case p.board.Halfmove() >= 100:", New: "case p.board.Halfmove() >= 150:"},
	{ID: "no-card-default-lose", Rule: "samurai 6.2", File: samuraiGame,
		Old: "{Name: \"no-card\", Default: \"pass\"", New: "{Name: \"no-card\", Default: \"lose\""},
	{ID: "deck-default", Rule: "samurai 1.3", File: samuraiGame,
		Old: "{Name: \"deck\", Default: \"QRBN\"", New: "{Name: \"deck\", Default: \"QRB\""},
	{ID: "castling-default-off", Rule: "samurai 2.3", File: samuraiGame,
		Old: "{Name: \"castling\", Default: \"on\"", New: "{Name: \"castling\", Default: \"off\""},
	{ID: "start-hand-one-pawn", Rule: "samurai 1.2", File: "games/samurai/notation.go",
		Old: "chess.Pawn: 2}", New: "chess.Pawn: 1}"},
}
