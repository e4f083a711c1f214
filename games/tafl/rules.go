package tafl

// Escape says which squares the king escapes to.
type Escape int8

const (
	// EscapeEdge: the king wins on any edge square (Sea Hnefatafl 4.1).
	EscapeEdge Escape = iota
	// EscapeCorner: the king wins only on a corner square (Copenhagen,
	// Fetlar).
	EscapeCorner
)

// KingCapture says how many attackers capture the king.
type KingCapture int8

const (
	// KingBy4: attackers on all four squares next to the king (Sea
	// Hnefatafl 3.4). A king on the edge has three neighbours and cannot be
	// taken this way.
	KingBy4 KingCapture = iota
	// KingBy2: the king is taken like any piece, between the attacker that
	// moves and another attacker (or a hostile special square) on the
	// opposite side.
	KingBy2
)

// Repetition says what the third occurrence of a position does (4.5).
type Repetition int8

const (
	// RepetitionWhiteLoses: White loses (Sea Battle rule 7).
	RepetitionWhiteLoses Repetition = iota
	// RepetitionDraw: the game is drawn.
	RepetitionDraw
	// RepetitionOff: repetition has no effect.
	RepetitionOff
)

// Rules are the switches of the tafl engine: each published rule set is a
// value of Rules, not a code path.
type Rules struct {
	// Escape: edge (Sea) or corner squares win for the king.
	Escape Escape
	// KingArmed: the king captures as the moving piece and serves as the
	// second piece of a capture. Sea Hnefatafl: false (3.3).
	KingArmed bool
	// KingCapture: by four attackers (Sea, 3.4) or by two.
	KingCapture KingCapture
	// Special: the throne (centre of an odd board, when empty) and the
	// corners are special squares: only the king may stop on them (any
	// piece may pass over the empty throne), corners are hostile to every
	// piece, the throne is hostile to attackers and, when empty, to
	// defenders; an empty throne next to the king counts as an attacker for
	// KingBy4. Sea Hnefatafl: false (2.3).
	Special bool
	// Encirclement: Black wins when no white piece can reach the edge
	// (4.3). Sea Hnefatafl: true.
	Encirclement bool
	// Repetition: the effect of a threefold repetition (4.5), from the
	// option "repetition".
	Repetition Repetition
	// MoveLimit: the game is drawn after this many plies (4.6), from the
	// option "move-limit"; 0 means no limit.
	MoveLimit int
}

// SeaRules is the Sea Hnefatafl preset, before options are applied: escape
// to any edge, unarmed king taken on four sides, no special squares,
// encirclement.
var SeaRules = Rules{
	Escape:       EscapeEdge,
	KingArmed:    false,
	KingCapture:  KingBy4,
	Special:      false,
	Encirclement: true,
	Repetition:   RepetitionWhiteLoses,
	MoveLimit:    400,
}

// Layout is a named starting position.
type Layout struct {
	Name     string
	Position string
	Help     string
}

// SeaLayouts are the starting positions of Sea Hnefatafl (rules file 1),
// the default first.
var SeaLayouts = []Layout{
	{"sea11", "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b", "11x11 cross"},
	{"copenhagen11", "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/ b", "11x11 diamond"},
	{"sea9", "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ b", "9x9 cross"},
	{"sea9circle", "/4t4/1t2t2t1/2t3t2/3TTT3/tt1TKT1tt/3TTT3/2t3t2/1t2t2t1/4t4/ b", "9x9 circle"},
	{"sea13", "/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/5t1t5/4ttttt4/ b", "13x13 Parlett's Sea Battle"},
}
