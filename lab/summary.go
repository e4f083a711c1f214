package lab

import (
	"fmt"
	"slices"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// Summary is summary.json: the statistics of a study, per variant, and
// the comparison of the variants.
type Summary struct {
	Plan
	Title    string   `json:"title"`
	Resolved []string `json:"resolved_agents"`
	// Shard is set when the study holds one shard only.
	Shard    string          `json:"shard,omitempty"`
	Seats    []string        `json:"seats"`
	Variants []VariantResult `json:"variants"`
	// Comparisons holds, for each variant after the first, its difference
	// from the first.
	Comparisons []Comparison `json:"comparisons,omitempty"`
}

// Count is a number of games with its share of a total and the Wilson 95%
// interval of that share.
type Count struct {
	N    int     `json:"n"`
	Rate float64 `json:"rate"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

func count(k, n int) Count {
	lo, hi := Wilson(k, n, Z95)
	r := 0.0
	if n > 0 {
		r = float64(k) / float64(n)
	}
	return Count{N: k, Rate: r, Lo: lo, Hi: hi}
}

// WDL is a player's wins, draws and losses over the finished games, each
// with its share and interval.
type WDL struct {
	Name   string `json:"name"`
	Games  int    `json:"games"`
	Wins   Count  `json:"wins"`
	Draws  Count  `json:"draws"`
	Losses Count  `json:"losses"`
	// Score is (wins + draws/2) / games.
	Score float64 `json:"score"`
}

// FirstPlayer measures the first player's advantage.
type FirstPlayer struct {
	// Seats counts how often each seat moved first.
	Seats []int `json:"seats"`
	// Wins is the first player's wins among the finished games.
	Wins Count `json:"wins"`
	// Decisive is the number of finished games someone won, and
	// DecisiveWins the first player's share of them.
	Decisive     int   `json:"decisive"`
	DecisiveWins Count `json:"decisive_wins"`
	// Fair is the share of decisive games the first player would win
	// without an advantage (1/players), and P the exact binomial test's
	// two-sided p-value of DecisiveWins against it.
	Fair float64 `json:"fair"`
	P    float64 `json:"p"`
	// Advantage is DecisiveWins.Rate - Fair.
	Advantage float64 `json:"advantage"`
}

// Reason counts the games that ended one way.
type Reason struct {
	Reason string `json:"reason"`
	// Kind is "win", "draw", "unfinished" or "error".
	Kind  string `json:"kind"`
	Count Count  `json:"count"`
}

// VariantResult holds the statistics of one variant.
type VariantResult struct {
	Name    string       `json:"name"`
	Options game.Options `json:"options"`
	// Games counts the records, Finished those won or drawn, Unfinished
	// those stopped by a limit (max-turns, the lab's max plies), Errors
	// those an agent or the game failed.
	Games    int `json:"games"`
	Finished int `json:"finished"`
	// Drawn counts the finished games nobody won.
	Drawn      int `json:"drawn"`
	Unfinished int `json:"unfinished"`
	Errors     int `json:"errors"`
	// Seats are per seat; Positions per position in turn order (first
	// player, second…); Agents per agent when the study names one per
	// seat.
	Seats     []WDL       `json:"seats"`
	Positions []WDL       `json:"positions"`
	Agents    []WDL       `json:"agents,omitempty"`
	First     FirstPlayer `json:"first_player"`
	// Moves is the distribution of the players' decisions per game
	// (chance outcomes and passes left out), Plies of all actions.
	Moves Dist `json:"moves"`
	Plies Dist `json:"plies"`
	// Passes and Rolls are per game; PassGames counts the games with at
	// least one pass.
	Passes    Dist     `json:"passes"`
	PassGames Count    `json:"pass_games"`
	Rolls     Dist     `json:"rolls"`
	Reasons   []Reason `json:"reasons"`

	moves []float64
}

// Comparison is a variant's difference from the first variant.
type Comparison struct {
	Variant  string `json:"variant"`
	Baseline string `json:"baseline"`
	// FirstWins compares the first player's share of the decisive games.
	FirstWins Diff `json:"first_player_decisive_wins"`
	// SeatWins compares each seat's wins among the finished games.
	SeatWins []Diff `json:"seat_wins"`
	// Draws compares the share of draws among the finished games.
	Draws Diff `json:"draws"`
	// Unfinished compares the share of unfinished games.
	Unfinished Diff `json:"unfinished"`
	// Moves is the difference of the mean number of moves with its 95%
	// interval.
	Moves [3]float64 `json:"moves_mean_diff"`
}

// Summarize computes the statistics of records of a plan.
func Summarize(p Plan, resolved []string, shard string, recs []Record) (*Summary, error) {
	g, err := games.ByName(p.Game)
	if err != nil {
		return nil, err
	}
	s := &Summary{Plan: p, Title: g.Title(), Resolved: resolved, Shard: shard}
	variants := p.Variants()
	var names []string
	for _, v := range variants {
		names = append(names, v.Name)
	}
	recs = SortRecords(recs, names)
	for _, v := range variants {
		st, err := g.New(v.Options)
		if err != nil {
			return nil, err
		}
		s.Seats = st.Players()
		var rs []Record
		for _, r := range recs {
			if r.Variant == v.Name {
				rs = append(rs, r)
			}
		}
		s.Variants = append(s.Variants, summarizeVariant(v, st.Options(), s.Seats, len(p.Agents) > 1, rs))
	}
	// The variants' length histograms share their bins.
	lo, hi, seen := 0.0, 0.0, false
	for _, v := range s.Variants {
		if len(v.moves) > 0 {
			if !seen {
				lo, hi, seen = v.Moves.Min, v.Moves.Max, true
			}
			lo, hi = min(lo, v.Moves.Min), max(hi, v.Moves.Max)
		}
	}
	for i, v := range s.Variants {
		if len(v.moves) > 0 {
			s.Variants[i].Moves.Histogram = RangeHistogram(v.moves, lo, hi, histogramBins)
		}
	}
	base := s.Variants[0]
	for _, v := range s.Variants[1:] {
		c := Comparison{Variant: v.Name, Baseline: base.Name}
		c.FirstWins = DiffProportions(v.First.DecisiveWins.N, v.First.Decisive, base.First.DecisiveWins.N, base.First.Decisive)
		for i := range s.Seats {
			c.SeatWins = append(c.SeatWins, DiffProportions(v.Seats[i].Wins.N, v.Finished, base.Seats[i].Wins.N, base.Finished))
		}
		c.Draws = DiffProportions(v.Drawn, v.Finished, base.Drawn, base.Finished)
		c.Unfinished = DiffProportions(v.Unfinished, v.Games, base.Unfinished, base.Games)
		d, lo, hi := MeanDiff(v.Moves, base.Moves)
		c.Moves = [3]float64{d, lo, hi}
		s.Comparisons = append(s.Comparisons, c)
	}
	return s, nil
}

// histogramBins is about the number of bins of a length histogram.
const histogramBins = 25

// outcome is a seat's result in a finished game.
type outcome int8

const (
	won outcome = iota
	drew
	lost
)

// seatOutcome returns seat's result in a finished record.
func seatOutcome(r *Record, seat int) outcome {
	in := slices.Contains(r.Winners, seat)
	switch {
	case r.Kind == game.Draw && (len(r.Winners) == 0 || in):
		return drew
	case r.Kind == game.Win && in:
		return won
	}
	return lost
}

// finished reports whether a record is a win or a draw.
func finished(r *Record) bool {
	return r.Err == "" && (r.Kind == game.Win || r.Kind == game.Draw)
}

func summarizeVariant(v Variant, opts game.Options, seats []string, perAgent bool, rs []Record) VariantResult {
	n := len(seats)
	out := VariantResult{Name: v.Name, Options: opts, Games: len(rs)}
	t := newTallies(n)
	firstSeats := make([]int, n)
	firstWins, decisive := 0, 0
	reasons := map[[2]string]int{}
	var moves, plies, passes, rolls []float64
	passGames := 0
	for i := range rs {
		r := &rs[i]
		kind := r.kind()
		switch kind {
		case "error":
			out.Errors++
		case "draw":
			out.Drawn++
		case "unfinished":
			out.Unfinished++
		}
		reason := r.Reason
		if reason == "" {
			reason = kind
		}
		reasons[[2]string{reason, kind}]++
		if r.Err != "" {
			continue
		}
		moves = append(moves, float64(r.Moves))
		plies = append(plies, float64(r.Plies))
		passes = append(passes, float64(r.Passes))
		rolls = append(rolls, float64(r.Rolls))
		if r.Passes > 0 {
			passGames++
		}
		if !finished(r) {
			continue
		}
		out.Finished++
		if r.First >= 0 && r.First < n {
			firstSeats[r.First]++
		}
		if r.Kind == game.Win {
			decisive++
			if slices.Contains(r.Winners, r.First) {
				firstWins++
			}
		}
		t.add(r)
	}
	for i, st := range t.seat {
		out.Seats = append(out.Seats, st.wdl(seats[i]))
	}
	for i, pt := range t.pos {
		out.Positions = append(out.Positions, pt.wdl(Ordinal(i+1)+" player"))
	}
	if perAgent && len(t.agentNames) > 1 {
		slices.Sort(t.agentNames)
		for _, a := range t.agentNames {
			out.Agents = append(out.Agents, t.agent[a].wdl(a))
		}
	}
	fair := 1 / float64(n)
	out.First = FirstPlayer{
		Seats:        firstSeats,
		Wins:         count(firstWins, out.Finished),
		Decisive:     decisive,
		DecisiveWins: count(firstWins, decisive),
		Fair:         fair,
		P:            BinomialTest(firstWins, decisive, fair),
	}
	if decisive > 0 {
		out.First.Advantage = out.First.DecisiveWins.Rate - fair
	}
	out.moves = moves
	out.Moves = Describe(moves, histogramBins)
	out.Plies = Describe(plies, histogramBins)
	out.Passes = Describe(passes, 10)
	out.Rolls = Describe(rolls, 10)
	out.PassGames = count(passGames, len(moves))
	out.Reasons = sortedReasons(reasons, len(rs))
	return out
}

// kind is the kind of a record's end: error, win, draw or unfinished.
func (r *Record) kind() string {
	switch {
	case r.Err != "":
		return "error"
	case r.Kind == game.Win:
		return "win"
	case r.Kind == game.Draw:
		return "draw"
	}
	return "unfinished"
}

// tally counts wins, draws and losses.
type tally struct{ w, d, l int }

func (t *tally) add(o outcome) {
	switch o {
	case won:
		t.w++
	case drew:
		t.d++
	default:
		t.l++
	}
}

// wdl is the tally as the WDL of name, with its score.
func (t tally) wdl(name string) WDL {
	g := t.w + t.d + t.l
	sc := 0.0
	if g > 0 {
		sc = (float64(t.w) + float64(t.d)/2) / float64(g)
	}
	return WDL{Name: name, Games: g, Wins: count(t.w, g), Draws: count(t.d, g), Losses: count(t.l, g), Score: sc}
}

// tallies are a variant's results by seat, by position in the turn
// order, and by agent (agentNames in the order first seen).
type tallies struct {
	seat, pos  []tally
	agent      map[string]*tally
	agentNames []string
}

func newTallies(n int) *tallies {
	return &tallies{seat: make([]tally, n), pos: make([]tally, n), agent: map[string]*tally{}}
}

// add counts the finished game r.
func (t *tallies) add(r *Record) {
	n := len(t.seat)
	for seat := range n {
		o := seatOutcome(r, seat)
		t.seat[seat].add(o)
		if r.First >= 0 {
			t.pos[(seat-r.First+n)%n].add(o)
		}
		if seat < len(r.Seats) {
			name := r.Seats[seat]
			if t.agent[name] == nil {
				t.agent[name] = &tally{}
				t.agentNames = append(t.agentNames, name)
			}
			t.agent[name].add(o)
		}
	}
}

// sortedReasons are the counts of (reason, kind) out of total games,
// the most frequent first, then by reason.
func sortedReasons(reasons map[[2]string]int, total int) []Reason {
	keys := make([][2]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]string) int {
		if c := reasons[b] - reasons[a]; c != 0 {
			return c
		}
		if a[0] < b[0] {
			return -1
		}
		if a[0] > b[0] {
			return 1
		}
		return 0
	})
	var out []Reason
	for _, k := range keys {
		out = append(out, Reason{Reason: k[0], Kind: k[1], Count: count(reasons[k], total)})
	}
	return out
}

// Ordinal writes 1 as "1st", 2 as "2nd"…
func Ordinal(i int) string {
	suf := "th"
	switch {
	case i%100 >= 11 && i%100 <= 13:
	case i%10 == 1:
		suf = "st"
	case i%10 == 2:
		suf = "nd"
	case i%10 == 3:
		suf = "rd"
	}
	return fmt.Sprintf("%d%s", i, suf)
}
