package arena

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/norns-games/norns/game"
)

// Summary adds up the results of a run for each entrant.
type Summary struct {
	Names []string
	// Per entrant, in the order of Config.Entrants.
	Wins, Draws, Losses, Unfinished, Errors []int
	// Score is each entrant's sum of per-game scores: 1 for a win, 1/2
	// for a draw it shares, 0 for a loss; unfinished games are left out.
	Score []float64
	// sumSq is the sum of squared per-game scores, for the variance.
	sumSq []float64
	// Stats sums each entrant's search statistics.
	Stats []SeatStats
	Games int
	Plies int
}

// NewSummary returns an empty summary for the entrants.
func NewSummary(es []Entrant) *Summary {
	n := len(es)
	s := &Summary{Wins: make([]int, n), Draws: make([]int, n), Losses: make([]int, n),
		Unfinished: make([]int, n), Errors: make([]int, n), Score: make([]float64, n),
		sumSq: make([]float64, n), Stats: make([]SeatStats, n)}
	for _, e := range es {
		s.Names = append(s.Names, e.Name)
	}
	return s
}

// Add counts a finished game. Entrants are matched to seats by the
// record's rotation (Record.Index), so records read back from storage
// count the same way.
func (s *Summary) Add(r Record) {
	n := len(s.Names)
	s.Games++
	s.Plies += r.Plies
	for j := range n {
		seat := (j + r.Index) % n
		if r.Err != "" {
			s.Errors[j]++
			continue
		}
		if seat < len(r.Stats) {
			st := r.Stats[seat]
			s.Stats[j].Moves += st.Moves
			s.Stats[j].Iterations += st.Iterations
			s.Stats[j].Depth += st.Depth
			s.Stats[j].Time += st.Time
		}
		won := false
		for _, w := range r.Winners {
			won = won || w == seat
		}
		var x float64
		switch {
		case r.Kind == game.Draw && (len(r.Winners) == 0 || won): // a draw it shares
			s.Draws[j]++
			x = 0.5
		case r.Kind == game.Win && won:
			s.Wins[j]++
			x = 1
		case r.Kind == game.Win || r.Kind == game.Draw:
			s.Losses[j]++
		default:
			s.Unfinished[j]++
			continue
		}
		s.Score[j] += x
		s.sumSq[j] += x * x
	}
}

// Counted is the number of games entrant j has a score for.
func (s *Summary) Counted(j int) int { return s.Wins[j] + s.Draws[j] + s.Losses[j] }

// ScoreCI returns entrant j's mean score per game and the half-width of
// its 95% confidence interval (normal approximation with the games'
// observed variance).
func (s *Summary) ScoreCI(j int) (mean, half float64) {
	n := float64(s.Counted(j))
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	mean = s.Score[j] / n
	v := s.sumSq[j]/n - mean*mean
	if n > 1 {
		v = v * n / (n - 1)
	}
	return mean, 1.96 * math.Sqrt(max(v, 0)/n)
}

// Elo converts a mean score into an Elo difference; ±Inf at 0 and 1.
func Elo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// EloCI returns entrant j's Elo difference against the field and the ends
// of its 95% interval (the score interval's ends converted).
func (s *Summary) EloCI(j int) (elo, lo, hi float64) {
	m, h := s.ScoreCI(j)
	return Elo(m), Elo(m - h), Elo(m + h)
}

// String writes the summary as the arena command prints it.
func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "games %d, plies %.1f per game\n", s.Games, float64(s.Plies)/float64(max(s.Games, 1)))
	w := 5
	for _, n := range s.Names {
		w = max(w, len(n))
	}
	fmt.Fprintf(&b, "%-*s  %5s %5s %5s %5s  %-22s %-26s %s\n", w, "agent", "win", "draw", "loss", "unf", "score (95% CI)", "Elo (95% CI)", "per move")
	for j, n := range s.Names {
		m, h := s.ScoreCI(j)
		e, lo, hi := s.EloCI(j)
		extra := ""
		if st := s.Stats[j]; st.Moves > 0 {
			mv := float64(st.Moves)
			extra = fmt.Sprintf("%.0f iters, depth %.1f, %v", float64(st.Iterations)/mv, float64(st.Depth)/mv, (st.Time / time.Duration(st.Moves)).Round(time.Millisecond/10))
		}
		if s.Errors[j] > 0 {
			extra += fmt.Sprintf(" (%d errors)", s.Errors[j])
		}
		fmt.Fprintf(&b, "%-*s  %5d %5d %5d %5d  %5.1f%% ± %4.1f%%         %s  %s\n", w, n, s.Wins[j], s.Draws[j], s.Losses[j], s.Unfinished[j],
			100*m, 100*h, fmtElo(e, lo, hi), extra)
	}
	return b.String()
}

func fmtElo(e, lo, hi float64) string {
	f := func(x float64) string {
		switch {
		case math.IsInf(x, 1):
			return "+inf"
		case math.IsInf(x, -1):
			return "-inf"
		case math.IsNaN(x):
			return "n/a"
		}
		return fmt.Sprintf("%+.0f", x)
	}
	return fmt.Sprintf("%-26s", fmt.Sprintf("%s [%s, %s]", f(e), f(lo), f(hi)))
}
