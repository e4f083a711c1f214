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
// defines it: a rules string ("dim:11 esc:c … start:/…/"), position
// records (rank 1 first, section 1), move records ("e5-e8xe9/f8") and game
// records (tags, the rules string as the last tag "[rules:…]", numbered
// turns).
//
// What Norns does not play is refused with ErrUnsupported, naming the
// entries, rather than played by other rules: berserk pieces and moves,
// jumps, speed limits, Linnaean capture, special spaces other than the
// throne and the four corners, hostility, passing, stopping or re-entering
// other than the engine's, weak shieldwalls, shieldwalls not closed by a
// flanking move, a king armed or strong in OpenTafl's other ways.
//
// Norns' records written before the rules tag (a bare rules line after the
// tags, rows top rank first) are still read: the bare line tells them
// apart (see ParseOTN).

// ErrUnsupported marks an OTN rule Norns does not implement.
var ErrUnsupported = errors.New("tafl: rule not supported")

// otnRows writes the board part of b as an OTN position record: the first
// row record is rank 1 (spec section 1).
func (b *Board) otnRows() string {
	var sb strings.Builder
	b.writeRows(&sb)
	return flipRows(sb.String())
}

// flipRows reverses the order of the row records of "/r1/r2/…/rn/": an OTN
// position record (rank 1 first) becomes Norns' rows (top rank first) and
// back. Text that is not between slashes is returned as it is, for
// parsePosition to refuse.
func flipRows(rows string) string {
	if len(rows) < 2 || rows[0] != '/' || rows[len(rows)-1] != '/' {
		return rows
	}
	parts := strings.Split(rows[1:len(rows)-1], "/")
	slices.Reverse(parts)
	return "/" + strings.Join(parts, "/") + "/"
}

// otnTFR is the tfr value of each Repetition. OpenTafl's "w" makes the
// side that moves into the third occurrence lose, its "l" makes it win.
// [ruling] OTN has no "White loses": white-loses is written tfr:w, since
// in a perpetual it is the defenders who repeat (the rules files' 4.5,
// Copenhagen 5.6), and OTN records Norns writes say so exactly with the
// tag [repetition:white-loses], which Norns reads back.
var otnTFR = map[Repetition]string{
	RepetitionWhiteLoses:    "w",
	RepetitionDraw:          "d",
	RepetitionOff:           "i",
	RepetitionRepeaterLoses: "w",
	RepetitionRepeaterWins:  "l",
}

// OTNRules writes rules and a start position (a Norns position, whose side
// to move gives atkf) as an OTN rules string: dim first, the start
// position last, as an OTN position record (rank 1 first). The threefold
// repetition is written as otnTFR says.
func OTNRules(r Rules, start string) (string, error) {
	b, err := parsePosition(start)
	if err != nil {
		return "", err
	}
	return otnRulesOf(r, &b), nil
}

// otnRulesOf writes the rules string of r starting from b.
func otnRulesOf(r Rules, b *Board) string {
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
	sb.WriteString(" tfr:" + otnTFR[r.Repetition])
	sb.WriteString(" start:" + b.otnRows())
	return sb.String()
}

// ParseOTNRules reads an OTN rules string: the rules, with the spec's
// defaults for the entries left out (corner escape, armed and strong king,
// surrounding fatal, attackers first, repetition a draw, throne and corners
// as the engine has them), and the start position in Norns notation (the
// side to move from atkf), given as start: (rank 1 first) or starti: (the
// top rank first). Entries Norns cannot play, or does not know, are refused
// with ErrUnsupported, naming them all; tfr:w and tfr:l are
// repeater-loses and repeater-wins (otnTFR). MoveLimit is left 0.
func ParseOTNRules(text string) (Rules, string, error) {
	return parseOTNRules(text, false)
}

// parseOTNRules reads a rules string; legacy reads the start: of Norns'
// records written before the rules tag, top rank first, and tfr:l or w as
// white-loses, as they meant it.
func parseOTNRules(text string, legacy bool) (Rules, string, error) {
	r := Rules{Escape: EscapeCorner, KingArmed: true, KingCapture: KingBy4, Throne: true, Corners: true,
		Encirclement: true, Repetition: RepetitionDraw}
	entries, err := parseOTNEntries(text)
	if err != nil {
		return r, "", err
	}
	var start string
	switch s, si := entries.has("start"), entries.has("starti"); {
	case s && si:
		return r, "", fmt.Errorf("%w: tafl: OTN rules: both start and starti", game.ErrSyntax)
	case s && legacy:
		start = entries.get("start")
	case s:
		start = flipRows(entries.get("start"))
	case si:
		start = entries.get("starti")
	default:
		return r, "", fmt.Errorf("%w: tafl: OTN rules: no start entry (start: or starti:)", game.ErrSyntax)
	}
	var bad []string // the entries Norns cannot play
	refuse := func(k string) { bad = append(bad, k+":"+entries.get(k)) }
	yes := func(k string, def bool) bool {
		switch v := entries.get(k); {
		case !entries.has(k):
			return def
		case v == "y":
			return true
		case v == "n":
			return false
		}
		refuse(k)
		return def
	}
	switch entries.get("esc") {
	case "", "c":
	case "e":
		r.Escape = EscapeEdge
	default:
		refuse("esc")
	}
	r.Encirclement = yes("surf", true)
	attackersFirst := yes("atkf", true)
	switch v := entries.get("tfr"); {
	case v == "" || v == "d":
	case v == "i":
		r.Repetition = RepetitionOff
	case legacy && (v == "l" || v == "w"):
		r.Repetition = RepetitionWhiteLoses
	case v == "w":
		r.Repetition = RepetitionRepeaterLoses
	case v == "l":
		r.Repetition = RepetitionRepeaterWins
	default:
		refuse("tfr")
	}
	switch entries.get("ka") {
	case "", "y":
	case "n":
		r.KingArmed = false
	default: // a: anvil only, h: hammer only
		refuse("ka")
	}
	switch entries.get("ks") {
	case "", "s", "y":
	case "c":
		r.KingCapture = KingByThrone
	case "w", "n":
		r.KingCapture = KingBy2
	default: // m: middleweight
		refuse("ks")
	}
	if v := entries.get("kj"); v != "" && v != "n" {
		refuse("kj")
	}
	// Knights, commanders, mercenaries and guards cannot stand in a Norns
	// position, so how they jump does not matter.
	for _, k := range []string{"nj", "cj", "mj", "gj"} {
		if v := entries.get(k); entries.has(k) && (len(v) != 1 || !strings.Contains("nrjc", v)) {
			refuse(k)
		}
	}
	if v := entries.get("ber"); v != "" && v != "n" {
		refuse("ber")
	}
	if v := entries.get("linc"); v != "" && v != "n" {
		refuse("linc")
	}
	if entries.has("spd") && !noSpeedLimit(entries.get("spd")) {
		refuse("spd")
	}
	switch entries.get("sw") {
	case "", "n":
	case "s":
		r.Shieldwall = true
	default: // w: weak shieldwalls
		refuse("sw")
	}
	if r.Shieldwall && entries.has("swf") && entries.get("swf") != "y" {
		refuse("swf")
	}
	r.EdgeFort = yes("efe", false)
	for _, k := range entries.order {
		if !slices.Contains(otnKeys, k) {
			bad = append(bad, k+":"+entries.get(k)+" (not an OTN rules entry)")
		}
	}
	if strings.ContainsAny(start, "cnmgk") {
		bad = append(bad, "start: with pieces Norns does not have (commanders, knights, mercenaries, guards or an attacking king)")
	}
	unsupported := func() error { return fmt.Errorf("%w: %s", ErrUnsupported, strings.Join(bad, ", ")) }
	b, err := parsePosition(start + map[bool]string{true: " b", false: " w"}[attackersFirst])
	if err != nil {
		if len(bad) > 0 {
			return r, "", unsupported()
		}
		return r, "", err
	}
	if d := entries.get("dim"); !entries.has("dim") || d != strconv.Itoa(b.N) {
		return r, "", fmt.Errorf("%w: tafl: OTN rules: dim:%s but the start position is %dx%d", game.ErrSyntax, d, b.N, b.N)
	}
	if bad = append(bad, entries.squares(&r, b.N)...); len(bad) > 0 {
		return r, "", unsupported()
	}
	return r, b.Position(), nil
}

// otnKeys are the entries of an OTN rules string the specification names,
// with OpenTafl's name of the rule set.
var otnKeys = []string{"dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "spd",
	"cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh", "corp", "cenp", "aforp", "dforp",
	"cors", "cens", "afors", "dfors", "corre", "cenre", "aforre", "dforre", "sw", "swf", "efe", "linc", "ber",
	"start", "starti"}

// noSpeedLimit reports whether an spd value sets no limit: every number -1.
func noSpeedLimit(v string) bool {
	for _, f := range strings.Split(v, ",") {
		if strings.TrimSpace(f) != "-1" {
			return false
		}
	}
	return true
}

// otnEntries are the key:value entries of an OTN rules string, with the
// order of their keys.
type otnEntries struct {
	m     map[string]string
	order []string
}

// parseOTNEntries reads the entries of an OTN rules string; a key given
// twice is refused.
func parseOTNEntries(text string) (otnEntries, error) {
	entries := otnEntries{m: map[string]string{}}
	for _, f := range strings.Fields(text) {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return entries, fmt.Errorf("%w: tafl: OTN rules: %q is not key:value", game.ErrSyntax, f)
		}
		if entries.has(k) {
			return entries, fmt.Errorf("%w: tafl: OTN rules: %s given twice", game.ErrSyntax, k)
		}
		entries.m[k] = v
		entries.order = append(entries.order, k)
	}
	return entries, nil
}

func (e otnEntries) has(k string) bool { _, ok := e.m[k]; return ok }

func (e otnEntries) get(k string) string { return e.m[k] }

// pieceSet is the set of Norns' pieces (t, T, K) a piece-type list names:
// the other taflmen cannot stand in a Norns position, so naming them or
// not does not matter.
func pieceSet(v string) string {
	var out []byte
	for _, c := range []byte("tTK") {
		if strings.IndexByte(v, c) >= 0 {
			out = append(out, c)
		}
	}
	return string(out)
}

// squares sets whether r has a throne (cen) and corners (cor), and refuses
// forts (afor, dfor) and any hostility, passing, stopping or re-entering
// of the throne or the corners but the engine's own. It returns the
// entries refused.
func (e otnEntries) squares(r *Rules, n int) []string {
	var bad []string
	refuse := func(k string) { bad = append(bad, k+":"+e.get(k)) }
	mid := squareName((n/2)*n+n/2, n)
	switch v := e.get("cen"); {
	case !e.has("cen") || v == "default" || n%2 == 1 && sameSpaces(v, mid):
	case v == "":
		r.Throne = false
	default:
		refuse("cen")
	}
	corners := strings.Join([]string{squareName(0, n), squareName(n-1, n), squareName(n*(n-1), n), squareName(n*n-1, n)}, ",")
	switch v := e.get("cor"); {
	case !e.has("cor") || v == "default" || sameSpaces(v, corners):
	case v == "":
		r.Corners = false
	default:
		refuse("cor")
	}
	for _, k := range []string{"afor", "dfor"} {
		if e.get(k) != "" {
			refuse(k)
		}
	}
	// The engine's own: corners hostile to every piece, only the king
	// stops on one or enters one; the throne hostile to attackers and,
	// empty, to every piece, every piece passes over it when it is empty,
	// only the king stops on it, every piece may come back to it. Passing
	// a corner is moot: it ends a line. Where the space is not there (cor:
	// or cen: empty), its lists do not matter; forts are refused above, so
	// their lists do not matter either.
	for _, c := range []struct{ key, want, space string }{
		{"corh", "tTK", "cor"}, {"cors", "K", "cor"},
		{"cenh", "t", "cen"}, {"cenhe", "tTK", "cen"}, {"cenp", "tTK", "cen"}, {"cens", "K", "cen"}, {"cenre", "tTK", "cen"},
	} {
		there := c.space == "cor" && r.Corners || c.space == "cen" && r.Throne
		if e.has(c.key) && there && pieceSet(e.get(c.key)) != c.want {
			refuse(c.key)
		}
	}
	if v := e.get("corre"); e.has("corre") && r.Corners && !strings.Contains(v, "K") {
		refuse("corre")
	}
	return bad
}

// sameSpaces reports whether the space list v ("a1,k1,") names exactly the
// spaces of want ("a1,k1"), in any order.
func sameSpaces(v, want string) bool {
	a := strings.FieldsFunc(v, func(r rune) bool { return r == ',' })
	b := strings.Split(want, ",")
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), b)
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
	g, opts := otnGame(r, start)
	return g, opts, nil
}

// otnGame is OTNGame of rules and a start position read.
func otnGame(r Rules, start string) (*Game, game.Options) {
	rep := repetitionNames[r.Repetition]
	if g := presetOf(r); g != nil {
		for _, l := range g.layouts {
			if l.Position == start {
				opts := game.Options{"repetition": rep}
				if len(g.layouts) > 1 {
					opts["layout"] = l.Name
				}
				return g, opts
			}
		}
	}
	r.MoveLimit = 400
	g := &Game{name: "tafl", title: "Tafl (OpenTafl rules)", rules: r, layouts: []Layout{{"otn", start, "from the OTN rules"}}}
	return g, game.Options{"repetition": rep}
}

// presetOf returns the preset whose rules are r, repetition and move limit
// aside, or nil.
func presetOf(r Rules) *Game {
	for _, g := range Presets {
		pr := g.rules
		pr.Repetition, pr.MoveLimit = r.Repetition, r.MoveLimit
		if pr == r {
			return g
		}
	}
	return nil
}

// OTNRulesString returns the OTN rules string of the state's game and
// options, starting from the position the state started from.
func (s *State) OTNRulesString() string {
	start := s.b
	if len(s.log) > 0 {
		start = s.log[0].Undo.b
	}
	return otnRulesOf(s.rules, &start)
}

// otnMove writes a move made from board b as an OTN move record: the
// king's symbol K for his moves (the spec's symbol for special pieces), the
// squares, the captures as "x" and a list separated by "/", and "--" or
// "++" when the move ends the game by the king's escape or capture.
func otnMove(rules *Rules, b Board, a game.Action, res game.Result, last bool) string {
	from, to := squares(a)
	out := moveText(a, b.N)
	if b.King == from {
		out = "K" + out
	}
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

// otnTagOrder is the order of the tags the specification names (section
// 4); other tags follow them in the order of their names, and the rules
// tag comes last.
var otnTagOrder = []string{"event", "site", "date", "round", "attackers", "defenders", "result", "annotator",
	"compiler", "time-control", "time-remaining", "termination", "variant", "start-comment",
	"puzzle-mode", "puzzle-prestart", "puzzle-start", "position"}

// otnTagNames maps the tags of Norns' other records (the game's own
// notation, as the server passes them, and Norns' older OTN records) to
// the specification's names.
var otnTagNames = map[string]string{
	"Event": "event", "Site": "site", "Date": "date", "Round": "round",
	"Black": "attackers", "White": "defenders", "Result": "result",
	"Annotator": "annotator", "Termination": "termination",
	"TimeControl": "time-control", "Variant": "variant",
}

// otnTagName returns the specification's name of a tag: a name of
// otnTagNames, or else the name in lower case with "-" for spaces.
func otnTagName(k string) string {
	if n, ok := otnTagNames[k]; ok {
		return n
	}
	return strings.ReplaceAll(strings.ToLower(k), " ", "-")
}

// otnTimeControl turns a PGN time control ("300+5", "300") into OTN's
// ("300 5i", "300"); one it cannot turn ("-", a correspondence "1/86400")
// gives "".
func otnTimeControl(v string) string {
	main, inc, hasInc := strings.Cut(v, "+")
	if _, err := strconv.Atoi(main); err != nil {
		return ""
	}
	if !hasInc {
		return main
	}
	if _, err := strconv.Atoi(inc); err != nil {
		return ""
	}
	return main + " " + inc + "i"
}

// otnResult is the OTN result of a Norns result text ("black wins (…)",
// "white wins (…)", "draw (…)"), "?" for any other.
func otnResult(text string) string {
	switch {
	case strings.HasPrefix(text, "black wins"):
		return "1"
	case strings.HasPrefix(text, "white wins"):
		return "-1"
	case strings.HasPrefix(text, "draw"):
		return "0"
	}
	return "?"
}

// OTN writes the game as an OTN game record (spec section 4): the tags,
// each on its own line, under the specification's names (Norns' tags
// renamed: Black is attackers, White defenders, Date date, TimeControl
// time-control, …; otnTagOrder gives their order), with result 1, 0, -1
// or ? and, when the game is over, termination, variant the game's title,
// repetition:white-loses when that is the rule (otnTFR), and last the
// rules tag [rules:…] whose start is the position the game started from;
// then a blank line and the turns, one a line.
func (s *State) OTN(tags map[string]string) string {
	t := map[string]string{}
	for k, v := range tags {
		k = otnTagName(k)
		if k == "time-control" {
			if v = otnTimeControl(v); v == "" {
				continue
			}
		}
		if k == "result" && v != "1" && v != "0" && v != "-1" && v != "?" {
			if _, ok := t["termination"]; !ok && tags["Termination"] == "" && tags["termination"] == "" {
				t["termination"] = v
			}
			v = otnResult(v)
		}
		if k == "rules" || k == "position" || k == "repetition" {
			continue // the record's own
		}
		t[k] = v
	}
	if _, ok := t["variant"]; !ok {
		t["variant"] = s.g.title
	}
	if s.res.Kind != game.Ongoing {
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
	if _, ok := t["result"]; !ok {
		t["result"] = "?"
	}
	if s.rules.Repetition == RepetitionWhiteLoses {
		t["repetition"] = repetitionNames[RepetitionWhiteLoses]
	}
	keys := slices.Collect(maps.Keys(t))
	slices.SortFunc(keys, func(a, b string) int {
		ia, ib := slices.Index(otnTagOrder, a), slices.Index(otnTagOrder, b)
		switch {
		case ia >= 0 && ib >= 0:
			return ia - ib
		case ia >= 0:
			return -1
		case ib >= 0:
			return 1
		}
		return strings.Compare(a, b)
	})
	// OpenTafl reads a tag up to its last "]" and takes a "|" anywhere
	// outside the turns for a comment's separator: neither may be in a
	// value, nor a line break.
	clean := strings.NewReplacer("[", "(", "]", ")", "|", "/", "\n", " ", "\r", " ")
	var sb strings.Builder
	for _, k := range keys {
		sb.WriteString("[" + clean.Replace(k) + ":" + clean.Replace(t[k]) + "]\n")
	}
	sb.WriteString("[rules:" + s.OTNRulesString() + "]\n\n")
	start := s.b
	if len(s.log) > 0 {
		start = s.log[0].Undo.b
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
	// Tags are the record's tags under the specification's names (Norns'
	// older names renamed as otnTagNames says), the rules tag included.
	Tags  map[string]string
	State *State // the position after the last move
	// Resigned is set when the record ends with a resignation ("---"):
	// the player to move resigned.
	Resigned bool
	// Legacy is set for a record Norns wrote before the rules tag: a bare
	// rules line, rows top rank first.
	Legacy bool
}

// ParseOTN reads an OTN game record: tags, the last of them the rules tag
// [rules:…], and numbered turns of move records, and plays the moves under
// the game the rules describe, from the rules' start or the position tag
// [position:…]. A rules string that is a preset's rules from another start
// is that preset set up from the start. A move record may carry a taflman
// symbol, captures (checked against the move's; the king's, "xKg7", checked
// to take him) and info symbols; commentary in brackets is skipped.
//
// A record Norns wrote before the rules tag is told apart by its bare rules
// line (a line starting "dim:" after the tags, which the specification does
// not have): its start and the position line after it (a line of rows) are
// read top rank first, and its tfr:l or tfr:w as white-loses, as Norns
// meant them then.
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
			k, v, ok := strings.Cut(line[1:end], ":")
			if !ok {
				return nil, fmt.Errorf("%w: tafl: OTN tag %q is not [name:value]", game.ErrSyntax, line[:end+1])
			}
			if n, ok := otnTagNames[k]; ok {
				k = n
			}
			rec.Tags[k] = v
			line = strings.TrimSpace(line[end+1:])
		}
	}
	rulesText, hasRules := rec.Tags["rules"]
	position, hasPosition := rec.Tags["position"]
	if !hasRules {
		if i == len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i]), "dim:") {
			return nil, fmt.Errorf("%w: tafl: OTN record has no rules tag [rules:dim:…]", game.ErrSyntax)
		}
		rec.Legacy, rulesText = true, strings.TrimSpace(lines[i])
		i++
		if i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "/") {
			position, hasPosition = strings.TrimSpace(lines[i]), true
			i++
		}
	}
	r, start, err := parseOTNRules(rulesText, rec.Legacy)
	if err != nil {
		return nil, err
	}
	if r.Repetition == RepetitionRepeaterLoses && rec.Tags["repetition"] == repetitionNames[RepetitionWhiteLoses] {
		r.Repetition = RepetitionWhiteLoses // Norns' own rule (otnTFR)
	}
	if hasPosition {
		if !rec.Legacy {
			position = flipRows(position)
		}
		start = position + start[strings.IndexByte(start, ' '):]
	}
	g, opts := otnGame(r, start)
	if p := presetOf(r); g.name == "tafl" && p != nil {
		g = p // a preset from another start
	}
	body := strings.Join(lines[i:], "\n")
	for {
		st, err := g.Setup(opts, start)
		if err != nil {
			return nil, err
		}
		rec.Game, rec.Options, rec.Resigned = g, opts, false
		s := st.(*State)
		err = s.playOTNTurns(body, rec)
		if errors.Is(err, errPastMoveLimit) && opts["move-limit"] == "" {
			// OTN has no move limit: a record that plays on past Norns'
			// is read with none (the largest ply count).
			opts["move-limit"] = strconv.Itoa(maxPlies)
			continue
		}
		if err != nil {
			return nil, err
		}
		rec.State = s
		return rec, nil
	}
}

// errPastMoveLimit is the error of a move record after the game ended by
// the move limit, which OTN does not have.
var errPastMoveLimit = errors.New("tafl: OTN move past the move limit")

// maxPlies is the largest ply count of a position, a move limit that is
// none.
const maxPlies = 1_000_000

// playOTNTurns plays the turns of a game record's body on s.
func (s *State) playOTNTurns(body string, rec *OTNRecord) error {
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
		if strings.HasSuffix(tok, ".") || tok == "....." {
			return fmt.Errorf("%w: tafl: OTN variation %q: Norns reads the principal line only", ErrUnsupported, tok)
		}
		if tok == "---" {
			rec.Resigned = true
			break
		}
		if s.Terminal() && s.res.Reason == "move limit" {
			return errPastMoveLimit
		}
		if s.Terminal() {
			return fmt.Errorf("%w: tafl: OTN move %q after the end of the game (%s)", game.ErrIllegal, tok, game.Describe(s))
		}
		a, king, err := s.ParseOTNMove(tok)
		if err != nil {
			return err
		}
		s.ApplyUnchecked(a)
		if king && s.res.Reason != "king captured" {
			return fmt.Errorf("%w: tafl: OTN move %q captures the king, but the king is not captured", game.ErrIllegal, tok)
		}
	}
	return nil
}

// ParseOTNMove reads an OTN move record (full or simple) as a legal move
// of s: the taflman symbols and info symbols dropped, the captures checked
// against the move's. A capture of the king ("xKg7", or his square) is
// not one of them: king reports it, for the caller to check that the move
// takes him. Jumps and berserk moves are refused with ErrUnsupported.
func (s *State) ParseOTNMove(tok string) (a game.Action, king bool, err error) {
	n := s.b.N
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	symbol := func(t string) (string, byte) {
		if len(t) > 1 && isLetter(t[0]) && isLetter(t[1]) {
			return t[1:], t[0]
		}
		return t, 0
	}
	t, _ := symbol(tok)
	t = strings.TrimRight(t, "+-")
	if strings.ContainsAny(t, "^=") {
		return 0, false, fmt.Errorf("%w: tafl: OTN move %q is a jump or a berserk move", ErrUnsupported, tok)
	}
	move, caps, hasCaps := strings.Cut(t, "x")
	text := move
	if hasCaps {
		for _, c := range strings.Split(caps, "/") {
			c, sym := symbol(c)
			sq, rest, err := parseSquare(c, n)
			if err != nil || rest != "" {
				return 0, false, fmt.Errorf("%w: tafl: OTN move %q: capture %q", game.ErrSyntax, tok, c)
			}
			if sym == 'K' || sym == 'k' || sq == s.b.King {
				king = true
				continue
			}
			text += "x" + c
		}
	}
	a, err = s.ParseAction(text)
	if err != nil {
		return 0, false, fmt.Errorf("tafl: OTN move %q: %w", tok, err)
	}
	return a, king, nil
}

// SetupRows returns the state of a position given as an OTN position
// record (rank 1 first, without the side to move) with side to move ("b"
// or "w") under the game and options.
func SetupRows(g *Game, opts game.Options, rows, side string) (*State, error) {
	s, err := g.Setup(opts, flipRows(rows)+" "+side)
	if err != nil {
		return nil, err
	}
	return s.(*State), nil
}

// Rows returns the board part of the position as an OTN position record:
// rank 1 first.
func (s *State) Rows() string { return s.b.otnRows() }

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
