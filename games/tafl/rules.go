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
	// KingByThrone: by four (three and the empty throne) when the king
	// stands on the throne or next to it, by two elsewhere (Tablut as
	// Linnaeus is usually read; OpenTafl's "strong at the centre").
	KingByThrone
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
	// RepetitionRepeaterLoses: the side whose move makes the third
	// occurrence loses (OpenTafl Notation's tfr:w).
	RepetitionRepeaterLoses
	// RepetitionRepeaterWins: the side whose move makes the third
	// occurrence wins (OpenTafl Notation's tfr:l).
	RepetitionRepeaterWins
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
	// Throne: the centre of an odd board is the throne: only the king may
	// stop on it (any piece may pass over it when it is empty); it is
	// hostile to attackers and, when empty, to defenders; an empty throne
	// next to the king counts as an attacker when four are needed. Sea
	// Hnefatafl: false (2.3).
	Throne bool
	// Corners: the four corners are restricted (only the king may stop on
	// them) and hostile to every piece. Sea Hnefatafl: false (2.3).
	Corners bool
	// Shieldwall: a row of two or more pieces along an edge, each with an
	// enemy in front of it, is captured together when the moving piece
	// brackets it at one end against an enemy or a hostile corner at the
	// other; a king in the row stays (Copenhagen 5b).
	Shieldwall bool
	// EdgeFort: the defenders win when the king stands on the edge, can
	// move, and sits in a fort of defenders the attackers cannot break
	// (Copenhagen 8).
	EdgeFort bool
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
	Encirclement: true,
	Repetition:   RepetitionWhiteLoses,
	MoveLimit:    400,
}

// CopenhagenRules is Copenhagen Hnefatafl (rules/copenhagen-hnefatafl.md):
// corner escape, armed king taken by four (three against the throne),
// restricted and hostile throne and corners, shieldwalls, edge forts,
// encirclement, and perpetual repetition lost by the defenders.
var CopenhagenRules = Rules{
	Escape:       EscapeCorner,
	KingArmed:    true,
	KingCapture:  KingBy4,
	Throne:       true,
	Corners:      true,
	Shieldwall:   true,
	EdgeFort:     true,
	Encirclement: true,
	Repetition:   RepetitionWhiteLoses,
	MoveLimit:    400,
}

// FetlarRules is Fetlar Hnefatafl (rules/fetlar-hnefatafl.md): Copenhagen
// without shieldwalls and edge forts, and repetition is a draw.
var FetlarRules = Rules{
	Escape:       EscapeCorner,
	KingArmed:    true,
	KingCapture:  KingBy4,
	Throne:       true,
	Corners:      true,
	Encirclement: true,
	Repetition:   RepetitionDraw,
	MoveLimit:    400,
}

// BrandubhRules is Brandubh (rules/brandubh.md): corner escape, armed
// king taken by two, but by four (three and the throne) on or next to the
// throne, restricted and hostile throne and corners.
var BrandubhRules = Rules{
	Escape:      EscapeCorner,
	KingArmed:   true,
	KingCapture: KingByThrone,
	Throne:      true,
	Corners:     true,
	Repetition:  RepetitionDraw,
	MoveLimit:   400,
}

// TablutRules is Tablut as Linnaeus is usually read (rules/tablut.md):
// edge escape, armed king taken by two away from the throne and by four
// (three and the throne) on or next to it, a restricted and hostile
// throne, ordinary corners.
var TablutRules = Rules{
	Escape:      EscapeEdge,
	KingArmed:   true,
	KingCapture: KingByThrone,
	Throne:      true,
	Repetition:  RepetitionDraw,
	MoveLimit:   400,
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

// The start layouts of the other presets: each has one.
var (
	CopenhagenLayouts = []Layout{{"copenhagen11", SeaLayouts[1].Position, "11x11"}}
	FetlarLayouts     = []Layout{{"fetlar11", SeaLayouts[1].Position, "11x11"}}
	BrandubhLayouts   = []Layout{{"brandubh7", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ b", "7x7 cross"}}
	TablutLayouts     = []Layout{{"tablut9", "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ b", "9x9"}}
)
