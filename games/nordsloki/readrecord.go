package nordsloki

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// RecordGame is a game's record (State.Record, State.RecordClocks) read
// back by ReadRecord.
type RecordGame struct {
	// Tags are the record's tags, unescaped.
	Tags map[string]string
	// Actions are the game's actions in order, in the notation ParseAction
	// reads: the draw of the first player, then each turn's roll and
	// steps. A "pass" is the game's own (a player who could not use a
	// die): a replay skips it, the game plays it by itself.
	Actions []string
	// Clocks give, for each action, the time its player had left after it
	// where the record says (a turn's clock, on its last action), else -1.
	Clocks []time.Duration
	// Resigned are the resignations, in order.
	Resigned []Resignation
	// Result is the record's closing comment.
	Result string
}

// Resignation is a resignation in a record: the player, and the number of
// actions played before it.
type Resignation struct {
	Player string
	At     int
}

// ReadRecord reads a record as State.RecordClocks writes it. A line it
// cannot read is an error wrapping game.ErrSyntax that names the line.
func ReadRecord(text string) (*RecordGame, error) {
	r := &RecordGame{Tags: map[string]string{}}
	// A game set up in the middle of a turn begins with the dice left,
	// not with a roll.
	midTurn := false
	turns := 0
	for n, line := range strings.Split(text, "\n") {
		bad := func(why string) error {
			return fmt.Errorf("nordsloki: %w: record line %d %q: %s", game.ErrSyntax, n+1, line, why)
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "["):
			name, v, ok := game.ParseTag(line)
			if !ok {
				return nil, bad("a tag is [Name \"value\"]")
			}
			r.Tags[name] = v
			if name == "Position" {
				midTurn = strings.Contains(v, " move:")
			}
		case strings.HasPrefix(line, "{"):
			if !strings.HasSuffix(line, "}") {
				return nil, bad("the result is a comment in braces")
			}
			r.Result = line[1 : len(line)-1]
		case strings.HasPrefix(line, "first "):
			r.add(strings.TrimPrefix(line, "first "), -1)
		case strings.HasSuffix(line, " resigns"):
			r.Resigned = append(r.Resigned, Resignation{Player: strings.TrimSuffix(line, " resigns"), At: len(r.Actions)})
		default:
			head, steps, ok := strings.Cut(line, ":")
			f := strings.Fields(head)
			if !ok || len(f) != 3 || f[0] != strconv.Itoa(turns+1)+"." {
				return nil, bad(fmt.Sprintf("a turn is \"%d. player roll: steps\"", turns+1))
			}
			turns++
			clock := time.Duration(-1)
			if i := strings.Index(steps, "{"); i >= 0 {
				c, err := game.ReadClockComment(strings.TrimSpace(steps[i:]))
				if err != nil {
					return nil, bad(err.Error())
				}
				clock, steps = c, steps[:i]
			}
			if !(midTurn && turns == 1) {
				r.add(f[2], -1)
			}
			for _, st := range strings.Fields(steps) {
				r.add(st, -1)
			}
			if clock >= 0 && len(r.Actions) > 0 {
				r.Clocks[len(r.Clocks)-1] = clock
			}
		}
	}
	return r, nil
}

func (r *RecordGame) add(action string, clock time.Duration) {
	r.Actions = append(r.Actions, action)
	r.Clocks = append(r.Clocks, clock)
}
