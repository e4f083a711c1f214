package nordsloki

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/norns-games/norns/game"
)

// Action values (see the package documentation).
const (
	actPass  game.Action = 0
	actStep  game.Action = 1 << 10 // | kind<<8 | from<<3 | die
	actFirst game.Action = 2048    // + player
	actRoll  game.Action = 4096    // + 36(a-1) + 6(b-1) + (c-1), a >= b >= c
)

var kindLetters = [3]byte{'K', 'W', 'R'}

// FirstAction returns the chance outcome that draws player p to play
// first (2.1).
func FirstAction(p int) game.Action { return actFirst + game.Action(p) }

func stepAction(st step) game.Action {
	return actStep | game.Action(st.kind)<<8 | game.Action(st.from)<<3 | game.Action(st.die)
}

func decodeStep(a game.Action) step {
	return step{kind: uint8(a>>8) & 3, from: uint8(a>>3) & 31, die: uint8(a) & 7}
}

func isStep(a game.Action) bool {
	st := decodeStep(a)
	return a&^0x3ff == actStep && st.kind <= returning && st.from <= fields && st.die >= 1 && st.die <= 6
}

// RollAction returns the chance outcome of a roll of the three dice a, b
// and c, with a >= b >= c.
func RollAction(a, b, c int) game.Action {
	return actRoll + game.Action(36*(a-1)+6*(b-1)+(c-1))
}

func rollDice(a game.Action) [3]uint8 {
	v := int(a - actRoll)
	return [3]uint8{uint8(v/36 + 1), uint8(v/6%6 + 1), uint8(v%6 + 1)}
}

func isRoll(a game.Action) bool {
	if a < actRoll || a >= actRoll+216 {
		return false
	}
	d := rollDice(a)
	return d[0] >= d[1] && d[1] >= d[2]
}

// describeAction writes any action value, legal or not, for messages.
func describeAction(a game.Action) string {
	switch {
	case a == actPass:
		return "pass"
	case isStep(a):
		return stepString(decodeStep(a))
	case a >= actFirst && a < actFirst+3:
		return seatNames[a-actFirst]
	case isRoll(a):
		d := rollDice(a)
		return fmt.Sprintf("%d-%d-%d", d[0], d[1], d[2])
	}
	return fmt.Sprintf("action %d", uint32(a))
}

// stepString writes a step: K5/9, W0/3, W22/off, W22/off:5 (bearing off
// with a die larger than needed names the die).
func stepString(st step) string {
	var b strings.Builder
	b.WriteByte(kindLetters[st.kind])
	b.WriteString(strconv.Itoa(int(st.from)))
	b.WriteByte('/')
	t := st.to()
	switch {
	case t <= fields:
		b.WriteString(strconv.Itoa(t))
	case t == offBase:
		b.WriteString("off")
	default:
		b.WriteString("off:")
		b.WriteString(strconv.Itoa(int(st.die)))
	}
	return b.String()
}

// ActionString writes a step, a chance outcome (p1, 6-4-1) or pass.
func (s *State) ActionString(a game.Action) string { return describeAction(a) }

// ParseAction reads a step (K5/9, W0/3, R10/18, W22/off, W22/off:5), a
// first player (p2) or a roll with its values in any order (1-4-6).
// W22/off also names the bearing off with a larger die when that is the
// only bearing off of that checker legal now.
func (s *State) ParseAction(text string) (game.Action, error) {
	a, loose, err := parseAction(text)
	if err != nil {
		return 0, err
	}
	legal := s.Legal()
	if slices.Contains(legal, a) {
		return a, nil
	}
	if loose {
		// W22/off without a die: the exact die was not legal; accept the
		// one bearing off of that checker with a larger die, if unique.
		st := decodeStep(a)
		var found []game.Action
		for _, b := range legal {
			if isStep(b) {
				o := decodeStep(b)
				if o.kind == st.kind && o.from == st.from && o.to() > offBase {
					found = append(found, b)
				}
			}
		}
		if len(found) == 1 {
			return found[0], nil
		}
		if len(found) > 1 {
			return 0, fmt.Errorf("nordsloki: %w: %q is ambiguous here (%s or %s)", game.ErrIllegal, text, describeAction(found[0]), describeAction(found[1]))
		}
	}
	return 0, fmt.Errorf("nordsloki: %w: %s is not legal now", game.ErrIllegal, describeAction(a))
}

// parseAction reads action text without looking at the position; loose
// reports a bearing off written without its die.
func parseAction(text string) (a game.Action, loose bool, err error) {
	bad := func(why string) (game.Action, bool, error) {
		return 0, false, fmt.Errorf("nordsloki: %w: %q: %s", game.ErrSyntax, text, why)
	}
	switch text {
	case "p1", "p2", "p3":
		return actFirst + game.Action(text[1]-'1'), false, nil
	case "pass":
		return actPass, false, nil
	}
	if len(text) == 5 && text[1] == '-' && text[3] == '-' {
		var d [3]int
		for i := range 3 {
			c := text[2*i]
			if c < '1' || c > '6' {
				return bad("a die shows 1 to 6")
			}
			d[i] = int(c - '0')
		}
		slices.Sort(d[:])
		return RollAction(d[2], d[1], d[0]), false, nil
	}
	if text == "" {
		return bad("empty")
	}
	k := strings.IndexByte("KWR", text[0])
	if k < 0 {
		return bad("a step begins with K, W or R")
	}
	from, to, ok := strings.Cut(text[1:], "/")
	if !ok {
		return bad("a step is written kind, from/to (W5/9)")
	}
	f, err := strconv.Atoi(from)
	if err != nil || strconv.Itoa(f) != from || f < 0 || f > fields {
		return bad("from is 0 (waiting) to 24")
	}
	var die int
	switch {
	case to == "off":
		die = offBase - f
		loose = true
		if die > 6 {
			return bad("no die bears off from there")
		}
	case strings.HasPrefix(to, "off:"):
		die, err = strconv.Atoi(to[4:])
		if err != nil || strconv.Itoa(die) != to[4:] || die < 1 || die > 6 || f+die <= offBase {
			return bad("off:<die> names a die larger than needed")
		}
	default:
		t, err := strconv.Atoi(to)
		if err != nil || strconv.Itoa(t) != to || t <= f || t > fields || t-f > 6 {
			return bad("to is 1 to 6 fields beyond from, at most 24, or off")
		}
		die = t - f
	}
	return stepAction(step{uint8(k), uint8(f), uint8(die)}), loose, nil
}

// Position writes the position on one line (see the package
// documentation).
func (s *State) Position() string { return formatPosition(&s.pos, s.cfg) }

func writeGroups(b *strings.Builder, n [3]uint8) {
	for k := range 3 {
		switch {
		case n[k] == 1:
			b.WriteByte(kindLetters[k])
		case n[k] > 1:
			b.WriteString(strconv.Itoa(int(n[k])))
			b.WriteByte(kindLetters[k])
		}
	}
}

func formatPosition(p *pos, c *config) string {
	var b strings.Builder
	for i := 0; i < c.n; i++ {
		fmt.Fprintf(&b, "p%d=", i+1)
		any := false
		for f := 1; f <= fields; f++ {
			if int(p.f[f].owner) != i {
				continue
			}
			if any {
				b.WriteByte(',')
			}
			any = true
			b.WriteString(strconv.Itoa(f))
			b.WriteByte(':')
			writeGroups(&b, p.f[f].n)
		}
		if !any {
			b.WriteByte('-')
		}
		b.WriteByte('/')
		if p.p[i].waiting() == 0 {
			b.WriteByte('-')
		} else {
			writeGroups(&b, p.p[i].wait)
		}
		fmt.Fprintf(&b, "/%d/", p.p[i].off)
		switch {
		case p.out&(1<<i) != 0:
			b.WriteString("out")
		case c.konungs:
			b.WriteString(strconv.Itoa(int(p.p[i].lives)))
		default:
			b.WriteByte('-')
		}
		b.WriteByte(' ')
	}
	b.WriteString("ghosts=")
	if p.ghost == 0 {
		b.WriteByte('-')
	} else {
		sep := ""
		for f := 1; f <= fields; f++ {
			if p.ghost&(1<<f) != 0 {
				fmt.Fprintf(&b, "%s%d", sep, f)
				sep = ","
			}
		}
	}
	b.WriteString(" first=")
	if p.first < 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(seatNames[p.first])
	}
	fmt.Fprintf(&b, " turns=%d ", p.turns)
	switch p.phase {
	case phaseFirst:
		b.WriteString("roll:first")
	case phaseRoll:
		b.WriteString("roll:" + seatNames[p.mover])
	case phaseMove:
		b.WriteString("move:" + seatNames[p.mover] + ":")
		for i := 0; i < int(p.nd); i++ {
			if i > 0 {
				b.WriteByte('-')
			}
			b.WriteString(strconv.Itoa(int(p.dice[i])))
		}
		b.WriteByte(':')
		flags := ""
		if !p.entered {
			flags += "e"
		}
		if p.odinAtStart {
			flags += "o"
		}
		if flags == "" {
			flags = "-"
		}
		b.WriteString(flags)
	case phaseOver:
		b.WriteString("over:")
		var who []string
		for i := 0; i < c.n; i++ {
			if p.winners&(1<<i) != 0 {
				who = append(who, seatNames[i])
			}
		}
		switch p.reason {
		case reasonUnfinished:
			b.WriteString("unfinished")
		case reasonDraw:
			b.WriteString("draw:" + strings.Join(who, "+"))
		default:
			b.WriteString(strings.Join(who, "+") + ":" + positionReasons[p.reason])
		}
	}
	return b.String()
}

var positionReasons = [...]string{"", "oin", "mars", "loki", "technical", "", ""}

// parseGroups reads checker groups such as K2W or 3WR.
func parseGroups(text string) ([3]uint8, error) {
	var n [3]uint8
	next := 0
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == len(text) {
			return n, fmt.Errorf("%q ends without a kind letter", text)
		}
		k := strings.IndexByte("KWR", text[j])
		if k < 0 {
			return n, fmt.Errorf("%q: %q is not K, W or R", text, text[j])
		}
		if k < next {
			return n, fmt.Errorf("%q: kinds go K, W, R, each once", text)
		}
		next = k + 1
		count := 1
		if j > i {
			v, err := strconv.Atoi(text[i:j])
			if err != nil || v < 2 || v > 13 || strconv.Itoa(v) != text[i:j] {
				return n, fmt.Errorf("%q: count %q is not 2 to 13", text, text[i:j])
			}
			count = v
		}
		n[k] = uint8(count)
		i = j + 1
	}
	if text == "" {
		return n, fmt.Errorf("empty group")
	}
	return n, nil
}

func parsePosition(c *config, text string) (pos, error) {
	p, err := parsePositionRaw(c, text)
	if err != nil {
		return pos{}, fmt.Errorf("nordsloki: %w: %v", game.ErrPosition, err)
	}
	return p, nil
}

func parsePositionRaw(c *config, text string) (pos, error) {
	var p pos
	for f := range p.f {
		p.f[f].owner = -1
	}
	words := strings.Split(text, " ")
	if len(words) != c.n+4 {
		return p, fmt.Errorf("%d words, want %d (%d players, ghosts, first, turns, state)", len(words), c.n+4, c.n)
	}
	for i := 0; i < c.n; i++ {
		if err := parsePlayer(c, &p, i, words[i]); err != nil {
			return p, err
		}
	}
	w := words[c.n]
	gs, ok := strings.CutPrefix(w, "ghosts=")
	if !ok {
		return p, fmt.Errorf("%q does not begin with ghosts=", w)
	}
	var err error
	if p.ghost, err = parseGhosts(gs); err != nil {
		return p, err
	}
	w = words[c.n+1]
	fs, ok := strings.CutPrefix(w, "first=")
	if !ok {
		return p, fmt.Errorf("%q does not begin with first=", w)
	}
	p.first = -1
	if fs != "-" {
		q, err := parseSeat(c, fs)
		if err != nil {
			return p, fmt.Errorf("first: %v", err)
		}
		p.first = int8(q)
	}
	w = words[c.n+2]
	ts, ok := strings.CutPrefix(w, "turns=")
	if !ok {
		return p, fmt.Errorf("%q does not begin with turns=", w)
	}
	t, err := strconv.Atoi(ts)
	if err != nil || strconv.Itoa(t) != ts || t < 0 || t > 1<<30 {
		return p, fmt.Errorf("turns %q is not a whole number", ts)
	}
	p.turns = int32(t)
	if err := parseState(c, &p, words[c.n+3]); err != nil {
		return p, err
	}
	if (p.first < 0) != (p.phase == phaseFirst) {
		return p, fmt.Errorf("first=%s does not fit state %q", fs, words[c.n+3])
	}
	if p.phase == phaseRoll || p.phase == phaseMove {
		if err := checkPlaying(c, &p); err != nil {
			return p, err
		}
	}
	return p, nil
}

// parsePlayer reads the word of player i, p<i+1>=board/waiting/off/lives,
// into p, and checks the player's checkers and konung.
func parsePlayer(c *config, p *pos, i int, w string) error {
	prefix := fmt.Sprintf("p%d=", i+1)
	if !strings.HasPrefix(w, prefix) {
		return fmt.Errorf("word %d %q does not begin with %s", i+1, w, prefix)
	}
	parts := strings.Split(w[len(prefix):], "/")
	if len(parts) != 4 {
		return fmt.Errorf("p%d: %q is not board/waiting/off/lives", i+1, w)
	}
	total := 0
	konungs := 0
	if parts[0] != "-" {
		var err error
		if total, konungs, err = parseBoard(p, i, parts[0]); err != nil {
			return err
		}
	}
	if parts[1] != "-" {
		n, err := parseGroups(parts[1])
		if err != nil {
			return fmt.Errorf("p%d waiting: %v", i+1, err)
		}
		p.p[i].wait = n
		total += p.p[i].waiting()
		konungs += int(n[konung])
	}
	off, err := strconv.Atoi(parts[2])
	if err != nil || strconv.Itoa(off) != parts[2] || off < 0 || off > 13 {
		return fmt.Errorf("p%d: borne off %q is not 0 to 13", i+1, parts[2])
	}
	p.p[i].off = uint8(off)
	total += off
	if total != 13 {
		return fmt.Errorf("p%d has %d checkers, want 13", i+1, total)
	}
	if c.konungs {
		if off == 13 {
			konungs++
		}
		if konungs != 1 {
			return fmt.Errorf("p%d has %d konungs, want 1 (on the board, waiting, or borne off last)", i+1, konungs)
		}
	} else if konungs != 0 {
		return fmt.Errorf("p%d has a konung, but konungs=off", i+1)
	}
	switch {
	case parts[3] == "out":
		p.out |= 1 << i
	case c.konungs:
		l, err := strconv.Atoi(parts[3])
		if err != nil || strconv.Itoa(l) != parts[3] || l < 0 || l > 7 {
			return fmt.Errorf("p%d: lives %q is not 0 to 7 or out", i+1, parts[3])
		}
		p.p[i].lives = uint8(l)
	case parts[3] != "-":
		return fmt.Errorf("p%d: lives %q, want - or out with konungs=off", i+1, parts[3])
	}
	return nil
}

// parseBoard reads player i's checkers on the board, field:groups items
// in ascending field order, into p, and returns how many checkers and
// konungs they are.
func parseBoard(p *pos, i int, text string) (total, konungs int, err error) {
	last := 0
	for _, item := range strings.Split(text, ",") {
		fs, gs, ok := strings.Cut(item, ":")
		if !ok {
			return 0, 0, fmt.Errorf("p%d: %q is not field:checkers", i+1, item)
		}
		f, err := strconv.Atoi(fs)
		if err != nil || strconv.Itoa(f) != fs || f < 1 || f > fields {
			return 0, 0, fmt.Errorf("p%d: field %q is not 1 to 24", i+1, fs)
		}
		if f <= last {
			return 0, 0, fmt.Errorf("p%d: field %d out of order", i+1, f)
		}
		last = f
		if p.f[f].owner >= 0 {
			return 0, 0, fmt.Errorf("field %d holds checkers of p%d and p%d", f, p.f[f].owner+1, i+1)
		}
		n, err := parseGroups(gs)
		if err != nil {
			return 0, 0, fmt.Errorf("p%d field %d: %v", i+1, f, err)
		}
		if n[returning] > 0 && att(f) == 3 {
			return 0, 0, fmt.Errorf("p%d: a returning warrior on field %d, in Att 3", i+1, f)
		}
		p.f[f] = cell{owner: int8(i), n: n}
		total += int(n[0]) + int(n[1]) + int(n[2])
		konungs += int(n[konung])
	}
	return total, konungs, nil
}

// parseGhosts reads the ghosts' fields, - or fields in ascending order.
func parseGhosts(gs string) (uint32, error) {
	var ghost uint32
	if gs == "-" {
		return 0, nil
	}
	last := 0
	for _, fs := range strings.Split(gs, ",") {
		f, err := strconv.Atoi(fs)
		if err != nil || strconv.Itoa(f) != fs || f <= last || f > fields {
			return 0, fmt.Errorf("ghosts: %q is not a field 1 to 24 in ascending order", fs)
		}
		last = f
		ghost |= 1 << f
	}
	return ghost, nil
}

// checkPlaying checks that the mover of p, rolling or moving, is in the
// game, and that at least two players are.
func checkPlaying(c *config, p *pos) error {
	if !p.active(c, int(p.mover)) {
		return fmt.Errorf("%s is to play but is out of the game", seatNames[p.mover])
	}
	left := 0
	for i := 0; i < c.n; i++ {
		if p.active(c, i) {
			left++
		}
	}
	if left < 2 {
		return fmt.Errorf("only %d player left in the game, but it goes on", left)
	}
	return nil
}

func parseSeat(c *config, text string) (int, error) {
	i := slices.Index(seatNames[:c.n], text)
	if i < 0 {
		return 0, fmt.Errorf("%q is not a player (p1 to p%d)", text, c.n)
	}
	return i, nil
}

func parseState(c *config, p *pos, w string) error {
	parts := strings.Split(w, ":")
	switch {
	case w == "roll:first":
		p.phase = phaseFirst
		p.mover = -1
	case parts[0] == "roll" && len(parts) == 2:
		q, err := parseSeat(c, parts[1])
		if err != nil {
			return fmt.Errorf("roll: %v", err)
		}
		p.phase, p.mover = phaseRoll, int8(q)
	case parts[0] == "move" && len(parts) == 4:
		q, err := parseSeat(c, parts[1])
		if err != nil {
			return fmt.Errorf("move: %v", err)
		}
		p.phase, p.mover = phaseMove, int8(q)
		ds := strings.Split(parts[2], "-")
		if len(ds) > 3 {
			return fmt.Errorf("move: %q has more than 3 dice", parts[2])
		}
		for i, d := range ds {
			if len(d) != 1 || d[0] < '1' || d[0] > '6' {
				return fmt.Errorf("move: die %q is not 1 to 6", d)
			}
			p.dice[i] = d[0] - '0'
			if i > 0 && p.dice[i] > p.dice[i-1] {
				return fmt.Errorf("move: dice %q not in descending order", parts[2])
			}
		}
		p.nd = uint8(len(ds))
		switch parts[3] {
		case "-":
			p.entered = true
		case "e":
		case "o":
			p.entered, p.odinAtStart = true, true
		case "eo":
			p.odinAtStart = true
		default:
			return fmt.Errorf("move: flags %q are not -, e, o or eo", parts[3])
		}
	case parts[0] == "over" && len(parts) >= 2:
		p.phase, p.mover = phaseOver, -1
		switch {
		case len(parts) == 2 && parts[1] == "unfinished":
			p.reason = reasonUnfinished
		case len(parts) == 3 && parts[1] == "draw":
			who := strings.Split(parts[2], "+")
			if len(who) < 2 {
				return fmt.Errorf("over: a draw is shared by two or more players")
			}
			last := -1
			for _, name := range who {
				q, err := parseSeat(c, name)
				if err != nil || q <= last {
					return fmt.Errorf("over: draw: %q is not a player in seat order", name)
				}
				last = q
				p.winners |= 1 << q
			}
			p.reason = reasonDraw
		case len(parts) == 3:
			q, err := parseSeat(c, parts[1])
			if err != nil {
				return fmt.Errorf("over: %v", err)
			}
			p.winners = 1 << q
			r := slices.Index(positionReasons[:], parts[2])
			if r < reasonOin || r > reasonTechnical {
				return fmt.Errorf("over: reason %q is not oin, mars, loki or technical", parts[2])
			}
			p.reason = uint8(r)
		default:
			return fmt.Errorf("over: %q is not a result", w)
		}
	default:
		return fmt.Errorf("state %q is not roll:first, roll:<player>, move:<player>:<dice>:<flags> or over:<result>", w)
	}
	return nil
}

// runes names the ships of fields 1 to 24 (1.2).
var runes = [fields + 1]string{"", "Fehu", "Uruz", "Thurisaz", "Ansuz", "Raidho", "Kenaz", "Gebo", "Wunjo",
	"Hagalaz", "Naudiz", "Isa", "Jera", "Eihwaz", "Perthro", "Algiz", "Sowilo",
	"Tiwaz", "Berkano", "Ehwaz", "Mannaz", "Laguz", "Ingwaz", "Dagaz", "Othala"}

// String draws the position for people: one line per field, then the
// players and the state.
func (s *State) String() string {
	var b strings.Builder
	for f := 1; f <= fields; f++ {
		if (f-1)%8 == 0 {
			fmt.Fprintf(&b, "Att %d\n", att(f))
		}
		ship := "upright"
		if s.ghost&(1<<f) != 0 {
			ship = "ghost"
		}
		fmt.Fprintf(&b, "  %2d %-9s %-7s", f, runes[f], ship)
		if c := s.f[f]; c.owner >= 0 {
			var g strings.Builder
			writeGroups(&g, c.n)
			fmt.Fprintf(&b, " %s %s", seatNames[c.owner], g.String())
		}
		b.WriteByte('\n')
	}
	for i := 0; i < s.cfg.n; i++ {
		var g strings.Builder
		writeGroups(&g, s.p[i].wait)
		fmt.Fprintf(&b, "%s: waiting %s, borne off %d", seatNames[i], g.String(), s.p[i].off)
		if s.cfg.konungs && s.out&(1<<i) == 0 {
			fmt.Fprintf(&b, ", konung lives %d", s.p[i].lives)
		}
		if !s.active(i) {
			b.WriteString(" (out)")
		}
		b.WriteByte('\n')
	}
	b.WriteString(game.Status(s))
	if s.phase == phaseMove {
		b.WriteString(", dice")
		for i := 0; i < int(s.nd); i++ {
			fmt.Fprintf(&b, " %d", s.dice[i])
		}
	}
	b.WriteByte('\n')
	return b.String()
}
