package tafl

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// OpenTafl Notation (OTN), as its specification (opentafl-notation-spec.txt)
// defines it: a rules string ("dim:11 esc:c … start:/…/"), positional
// records (the rows, as Norns writes them), move records ("e5-e8xe9/f8")
// and game records (tags, the rules string, an optional start position,
// numbered turns).
//
// What Norns does not implement is refused with ErrUnsupported rather than
// played by other rules: berserk pieces and moves, jumps, special spaces
// other than the throne and the four corners, hostility or passability
// other than the engine's, weak shieldwalls, shieldwalls not closed by a
// flanking move.

// ErrUnsupported marks an OTN rule Norns does not implement.
var ErrUnsupported = errors.New("tafl: rule not supported")

// OTNRules writes rules and a start position (a Norns position, whose side
// to move gives atkf) as an OTN rules string. The threefold repetition is
// written as tfr:l for white-loses ([ruling] OTN has "the player who makes
// the repetition loses", which in a perpetual is the defenders), d for a
// draw and i for off.
func OTNRules(r Rules, start string) (string, error) {
	b, err := parsePosition(start)
	if err != nil {
		return "", err
	}
	yn := func(v bool) string {
		if v {
			return "y"
		}
		return "n"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "dim:%d", b.N)
	sb.WriteString(" esc:" + map[Escape]string{EscapeEdge: "e", EscapeCorner: "c"}[r.Escape])
	sb.WriteString(" ka:" + yn(r.KingArmed))
	sb.WriteString(" ks:" + map[KingCapture]string{KingBy4: "s", KingBy2: "w", KingByThrone: "c"}[r.KingCapture])
	if !r.Throne {
		sb.WriteString(" cen:")
	}
	if !r.Corners {
		sb.WriteString(" cor:")
	}
	if r.Shieldwall {
		sb.WriteString(" sw:s")
	} else {
		sb.WriteString(" sw:n")
	}
	sb.WriteString(" efe:" + yn(r.EdgeFort))
	sb.WriteString(" surf:" + yn(r.Encirclement))
	sb.WriteString(" atkf:" + yn(b.ToMove == Black))
	sb.WriteString(" tfr:" + map[Repetition]string{RepetitionWhiteLoses: "l", RepetitionDraw: "d", RepetitionOff: "i"}[r.Repetition])
	var rows strings.Builder
	b.writeRows(&rows)
	sb.WriteString(" start:" + rows.String())
	return sb.String(), nil
}

// ParseOTNRules reads an OTN rules string: the rules, with the spec's
// defaults for the entries left out (corner escape, armed and strong king,
// surrounding fatal, attackers first, repetition a draw, throne and corners
// as the engine has them), and the start position in Norns notation (the
// side to move from atkf). Entries the spec does not know are ignored;
// values Norns cannot play are refused with ErrUnsupported. MoveLimit is
// left 0.
func ParseOTNRules(text string) (Rules, string, error) {
	r := Rules{Escape: EscapeCorner, KingArmed: true, KingCapture: KingBy4, Throne: true, Corners: true,
		Encirclement: true, Repetition: RepetitionDraw}
	entries, err := parseOTNEntries(text)
	if err != nil {
		return r, "", err
	}
	start, ok := entries["start"]
	if !ok {
		return r, "", fmt.Errorf("%w: tafl: OTN rules: no start entry", game.ErrSyntax)
	}
	switch entries["esc"] {
	case "", "c":
	case "e":
		r.Escape = EscapeEdge
	default:
		return r, "", entries.unsupported("esc")
	}
	if r.Encirclement, err = entries.yes("surf", true); err != nil {
		return r, "", err
	}
	attackersFirst, err := entries.yes("atkf", true)
	if err != nil {
		return r, "", err
	}
	switch entries["tfr"] {
	case "", "d":
	case "i":
		r.Repetition = RepetitionOff
	case "l", "w":
		r.Repetition = RepetitionWhiteLoses
	default:
		return r, "", entries.unsupported("tfr")
	}
	if err := entries.king(&r); err != nil {
		return r, "", err
	}
	if err := entries.squares(&r); err != nil {
		return r, "", err
	}
	if err := entries.captures(&r); err != nil {
		return r, "", err
	}
	side := " b"
	if !attackersFirst {
		side = " w"
	}
	b, err := parsePosition(start + side)
	if err != nil {
		return r, "", err
	}
	if d, ok := entries["dim"]; ok && d != strconv.Itoa(b.N) {
		return r, "", fmt.Errorf("%w: tafl: OTN rules: dim:%s but the start position is %dx%d", game.ErrSyntax, d, b.N, b.N)
	}
	return r, start + side, nil
}

// otnEntries are the key:value entries of an OTN rules string.
type otnEntries map[string]string

// parseOTNEntries reads the entries of an OTN rules string.
func parseOTNEntries(text string) (otnEntries, error) {
	entries := otnEntries{}
	for _, f := range strings.Fields(text) {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return nil, fmt.Errorf("%w: tafl: OTN rules: %q is not key:value", game.ErrSyntax, f)
		}
		entries[k] = v
	}
	return entries, nil
}

// unsupported is the error of entry k, whose value Norns cannot play.
func (entries otnEntries) unsupported(k string) error {
	return fmt.Errorf("%w: %s:%s", ErrUnsupported, k, entries[k])
}

// yes reads the y or n of entry k, def when it is left out.
func (entries otnEntries) yes(k string, def bool) (bool, error) {
	switch v, ok := entries[k]; {
	case !ok:
		return def, nil
	case v == "y":
		return true, nil
	case v == "n":
		return false, nil
	}
	return false, fmt.Errorf("%w: tafl: OTN rules: %s:%s, want y or n", game.ErrSyntax, k, entries[k])
}

// king sets the king's rules of r: armed (ka) and how it is captured
// (ks); a king that jumps (kj) or berserk moves (ber) are refused.
func (entries otnEntries) king(r *Rules) error {
	if v := entries["ka"]; v == "n" {
		r.KingArmed = false
	} else if v != "" && v != "y" {
		return entries.unsupported("ka")
	}
	switch entries["ks"] {
	case "", "s", "y":
	case "c":
		r.KingCapture = KingByThrone
	case "w", "n":
		r.KingCapture = KingBy2
	default:
		return entries.unsupported("ks")
	}
	if v, ok := entries["kj"]; ok && v != "n" {
		return entries.unsupported("kj")
	}
	if v, ok := entries["ber"]; ok && v != "n" {
		return entries.unsupported("ber")
	}
	return nil
}

// squares sets whether r has a throne (cen) and corners (cor), refusing
// forts (afor, dfor) and any hostility, passing or stopping but the
// engine's own.
func (entries otnEntries) squares(r *Rules) error {
	switch v, ok := entries["cen"]; {
	case !ok || v == "default":
	case v == "":
		r.Throne = false
	default:
		return entries.unsupported("cen")
	}
	switch v, ok := entries["cor"]; {
	case !ok || v == "default":
	case v == "":
		r.Corners = false
	default:
		return entries.unsupported("cor")
	}
	for _, k := range []string{"afor", "dfor"} {
		if v := entries[k]; v != "" {
			return entries.unsupported(k)
		}
	}
	// Hostility, passing and stopping: only the engine's own (corners
	// hostile to all, the throne to attackers and, empty, to all; all pass
	// over the empty throne; only the king stops on either). Passing a
	// corner is moot: it ends a line.
	same := func(v, want string) bool {
		a, b := []byte(v), []byte(want)
		slices.Sort(a)
		slices.Sort(b)
		return string(a) == string(b)
	}
	for _, e := range [][3]string{
		{"corh", "tcnkTCNK", "cor"}, {"cors", "K", "cor"},
		{"cenh", "tcnk", "cen"}, {"cenhe", "tcnkTCNK", "cen"}, {"cenp", "tcnkTCNK", "cen"}, {"cens", "K", "cen"},
	} {
		v, ok := entries[e[0]]
		ordinary := e[2] == "cor" && !r.Corners || e[2] == "cen" && !r.Throne
		if ok && !ordinary && !same(v, e[1]) {
			return entries.unsupported(e[0])
		}
	}
	return nil
}

// captures sets r's shieldwall captures (sw, with swf only as the
// engine has it) and edge forts (efe).
func (entries otnEntries) captures(r *Rules) error {
	switch entries["sw"] {
	case "", "n":
	case "s":
		r.Shieldwall = true
	default:
		return entries.unsupported("sw")
	}
	if v, ok := entries["swf"]; ok && v != "y" && r.Shieldwall {
		return entries.unsupported("swf")
	}
	var err error
	r.EdgeFort, err = entries.yes("efe", false)
	return err
}

// OTNGame returns the game an OTN rules string describes: the preset whose
// rules and start layout it gives (with the option "repetition" it sets),
// or else a game of its own named "tafl" that plays those rules from that
// start. The options keep the default move limit.
func OTNGame(rulesText string) (*Game, game.Options, error) {
	r, start, err := ParseOTNRules(rulesText)
	if err != nil {
		return nil, nil, err
	}
	rep := repetitionNames[r.Repetition]
	for _, g := range Presets {
		pr := g.rules
		pr.Repetition, pr.MoveLimit = r.Repetition, 0
		if pr != r {
			continue
		}
		for _, l := range g.layouts {
			if l.Position == start {
				opts := game.Options{"repetition": rep}
				if len(g.layouts) > 1 {
					opts["layout"] = l.Name
				}
				return g, opts, nil
			}
		}
	}
	r.MoveLimit = 400
	g := &Game{name: "tafl", title: "Tafl (OpenTafl rules)", rules: r, layouts: []Layout{{"otn", start, "from the OTN rules"}}}
	return g, game.Options{"repetition": rep}, nil
}

// OTNRulesString returns the OTN rules string of the state's game and
// options, with the layout it was started from.
func (s *State) OTNRulesString() string {
	start := s.b
	if len(s.log) > 0 {
		start = s.log[0].Undo.b
	}
	first, err := s.g.New(s.opts)
	layout := start.Position()
	if err == nil {
		layout = first.Position()
	}
	text, _ := OTNRules(s.rules, layout)
	return text
}

// OTNMove writes a move made from board b as an OTN move record: the
// squares, the captures as "x" and a list separated by "/", and "--" or
// "++" when the move ends the game by the king's escape or capture.
func otnMove(rules *Rules, b Board, a game.Action, res game.Result, last bool) string {
	from, to := squares(a)
	out := moveText(a, b.N)
	caps := b.Captured(rules, from, to)
	slices.Sort(caps)
	for i, sq := range caps {
		if i == 0 {
			out += "x"
		} else {
			out += "/"
		}
		out += squareName(sq, b.N)
	}
	if last {
		switch res.Reason {
		case "king escaped":
			out += "--"
		case "king captured":
			out += "++"
		}
	}
	return out
}

// OTN writes the game as an OTN game record: the tags (Norns' tags as
// [key:value], with result 1, 0 or -1 when the game is over and variant the
// game's title), the rules string, the start position when it is not the
// rules string's, and the turns.
func (s *State) OTN(tags map[string]string) string {
	t := maps.Clone(tags)
	if t == nil {
		t = map[string]string{}
	}
	if _, ok := t["variant"]; !ok {
		t["variant"] = s.g.title
	}
	if _, ok := t["result"]; !ok && s.res.Kind != game.Ongoing {
		switch {
		case s.res.Kind == game.Draw:
			t["result"] = "0"
		case s.res.Winners[0] == Black:
			t["result"] = "1"
		default:
			t["result"] = "-1"
		}
		if _, ok := t["termination"]; !ok {
			t["termination"] = s.res.Reason
		}
	}
	var sb strings.Builder
	for _, k := range slices.Sorted(maps.Keys(t)) {
		sb.WriteString("[" + k + ":" + strings.ReplaceAll(t[k], "]", ")") + "]\n")
	}
	rulesText := s.OTNRulesString()
	sb.WriteString(rulesText + "\n")
	start := s.b
	if len(s.log) > 0 {
		start = s.log[0].Undo.b
	}
	if _, first, _ := ParseOTNRules(rulesText); first != start.Position() || start.Plies != 0 {
		var rows strings.Builder
		start.writeRows(&rows)
		sb.WriteString(rows.String() + "\n")
	}
	turn := 1
	for i, r := range s.log {
		if i == 0 || r.Undo.b.ToMove == start.ToMove {
			if i > 0 {
				sb.WriteByte('\n')
				turn++
			}
			sb.WriteString(strconv.Itoa(turn) + ".")
		}
		sb.WriteString(" " + otnMove(&s.rules, r.Undo.b, r.Action, s.res, i == len(s.log)-1))
	}
	if len(s.log) > 0 {
		sb.WriteByte('\n')
	}
	return sb.String()
}

// OTNRecord is a game read from an OTN game record.
type OTNRecord struct {
	Game    *Game
	Options game.Options
	Tags    map[string]string
	State   *State // the position after the last move
	// Resigned is set when the record ends with a resignation ("---"):
	// the player to move resigned.
	Resigned bool
}

// ParseOTN reads an OTN game record: tags, the rules string, an optional
// start position and numbered turns of move records, and plays the moves
// under the game the rules describe (OTNGame). A move record may carry a
// taflman symbol, captures (checked against the move's) and info symbols;
// commentary in brackets after the tags is skipped.
func ParseOTN(text string) (*OTNRecord, error) {
	rec := &OTNRecord{Tags: map[string]string{}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "[") {
			break
		}
		for line != "" {
			end := strings.IndexByte(line, ']')
			if !strings.HasPrefix(line, "[") || end < 0 {
				return nil, fmt.Errorf("%w: tafl: OTN tag line %q", game.ErrSyntax, lines[i])
			}
			k, v, _ := strings.Cut(line[1:end], ":")
			rec.Tags[k] = v
			line = strings.TrimSpace(line[end+1:])
		}
	}
	if i == len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i]), "dim:") {
		return nil, fmt.Errorf("%w: tafl: OTN record has no rules string (a line starting dim:)", game.ErrSyntax)
	}
	g, opts, err := OTNGame(strings.TrimSpace(lines[i]))
	if err != nil {
		return nil, err
	}
	rec.Game, rec.Options = g, opts
	i++
	st, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	if i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "/") {
		side := []string{" b", " w"}[s.b.ToMove]
		set, err := g.Setup(opts, strings.TrimSpace(lines[i])+side)
		if err != nil {
			return nil, err
		}
		s = set.(*State)
		i++
	}
	body := strings.Join(lines[i:], " ")
	// Commentary: bracketed text, possibly nested once.
	var clean strings.Builder
	depth := 0
	for _, ch := range body {
		switch {
		case ch == '[':
			depth++
		case ch == ']' && depth > 0:
			depth--
		case depth == 0:
			clean.WriteRune(ch)
		}
	}
	for _, tok := range strings.Fields(clean.String()) {
		if strings.HasSuffix(tok, ".") && strings.Trim(tok, "0123456789") == "." {
			continue // a turn number
		}
		if tok == "---" {
			rec.Resigned = true
			break
		}
		move, err := otnToNorns(tok, s.b.N)
		if err != nil {
			return nil, err
		}
		a, err := s.ParseAction(move)
		if err != nil {
			return nil, fmt.Errorf("tafl: OTN move %q: %w", tok, err)
		}
		s.ApplyUnchecked(a)
	}
	rec.State = s
	return rec, nil
}

// FromOTNMove turns an OTN move record (full or simple) into Norns' move
// text for an n×n board, which State.ParseAction reads.
func FromOTNMove(record string, n int) (string, error) { return otnToNorns(record, n) }

// SetupRows returns the state of a position given as OTN rows (without the
// side to move) with side to move ("b" or "w") under the game and options.
func SetupRows(g *Game, opts game.Options, rows, side string) (*State, error) {
	s, err := g.Setup(opts, rows+" "+side)
	if err != nil {
		return nil, err
	}
	return s.(*State), nil
}

// Rows returns the board part of the position, as an OTN positional
// record.
func (s *State) Rows() string {
	var sb strings.Builder
	s.b.writeRows(&sb)
	return sb.String()
}

// otnToNorns turns an OTN move record into Norns' move text: the taflman
// symbol and the info symbols dropped, the captures "xe9/f8" written
// "xe9xf8". Berserk moves and jumps are refused.
func otnToNorns(tok string, n int) (string, error) {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	t := tok
	if len(t) > 1 && isLetter(t[0]) && isLetter(t[1]) {
		t = t[1:] // a taflman symbol
	}
	t = strings.TrimRight(t, "+-")
	if strings.ContainsAny(t, "^=") {
		return "", fmt.Errorf("%w: tafl: OTN move %q is a jump or a berserk move", ErrUnsupported, tok)
	}
	move, caps, _ := strings.Cut(t, "x")
	if caps == "" {
		return move, nil
	}
	var out strings.Builder
	out.WriteString(move)
	for _, c := range strings.Split(caps, "/") {
		if len(c) > 1 && isLetter(c[0]) && isLetter(c[1]) {
			c = c[1:]
		}
		out.WriteString("x" + c)
	}
	return out.String(), nil
}

// Formats names the record formats of a tafl game besides its own
// notation (game.FormatWriter): OpenTafl Notation.
func (s *State) Formats() []string { return []string{"otn"} }

// WriteFormat writes the game as an OTN game record (game.FormatWriter).
func (s *State) WriteFormat(format string, tags map[string]string) (string, error) {
	if format != "otn" {
		return "", fmt.Errorf("tafl: no record format %q (formats: otn)", format)
	}
	return s.OTN(tags), nil
}

var _ game.FormatWriter = (*State)(nil)
