package lab

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// smoke is the plan of the tests' small study: 20 games of each balance
// value of Lux et Umbra between easy agents.
var smoke = Plan{Game: "luxumbra", Compare: "balance", Values: []string{"off", "on"}, Agents: []string{"easy"}, Games: 20, Seed: 7}

func run(t *testing.T, cfg Config) *Summary {
	t.Helper()
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run(%s) = %v", cfg.Dir, err)
	}
	return s
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// outcomes lists the records' keys, actions and statuses in order: what
// must not depend on workers, shards or interruptions.
func outcomes(t *testing.T, dir string) []string {
	t.Helper()
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range SortRecords(recs, smoke.VariantNames()) {
		out = append(out, r.Variant+" "+strings.Join(r.Actions, " ")+" "+r.Status)
	}
	return out
}

// TestSmoke runs the small study and checks its files and figures.
func TestSmoke(t *testing.T) {
	dir := t.TempDir()
	s := run(t, Config{Plan: smoke, Workers: 2, Dir: dir})
	for _, f := range []string{GamesFile, MetaFile, SummaryFile, ReportMD, ReportHTML} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("Run wrote no %s: %v", f, err)
		}
	}
	if len(s.Variants) != 2 || len(s.Comparisons) != 1 {
		t.Fatalf("Run: %d variants, %d comparisons, want 2 and 1", len(s.Variants), len(s.Comparisons))
	}
	for _, v := range s.Variants {
		if v.Games != 20 || v.Finished+v.Unfinished+v.Errors != 20 || v.Errors != 0 {
			t.Errorf("variant %s: %d games, %d finished, %d unfinished, %d errors, want 20 games without errors", v.Name, v.Games, v.Finished, v.Unfinished, v.Errors)
		}
		w, b := v.Seats[0], v.Seats[1]
		if w.Wins.N != b.Losses.N || w.Losses.N != b.Wins.N || w.Games != v.Finished {
			t.Errorf("variant %s: white %+v and black %+v do not mirror each other", v.Name, w, b)
		}
		if v.First.Seats[0] != v.Finished {
			t.Errorf("variant %s: first seats %v, want white first in all %d finished games", v.Name, v.First.Seats, v.Finished)
		}
	}
	html := string(readBytes(t, filepath.Join(dir, ReportHTML)))
	if n := strings.Count(html, "<svg"); n != 5 {
		t.Errorf("report.html has %d charts, want 5", n)
	}
	md := string(readBytes(t, filepath.Join(dir, ReportMD)))
	if strings.Contains(md, "Partial") {
		t.Errorf("report.md of a whole study says it is partial")
	}
	for _, want := range []string{"norns lab --game luxumbra --compare balance=off,on --agents easy --games 20 --seed 7", "First-player advantage", "Option comparison", "king captured", "Charts: report.html in this directory; `norns lab report DIR` writes it again from the games."} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
}

// TestWorkersAgree: the same study with 1 or 3 workers gives the same
// games and the same summary.
func TestWorkersAgree(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	run(t, Config{Plan: smoke, Workers: 1, Dir: a})
	run(t, Config{Plan: smoke, Workers: 3, Dir: b})
	if !slices.Equal(outcomes(t, a), outcomes(t, b)) {
		t.Errorf("games with 1 and 3 workers differ")
	}
	if !bytes.Equal(readBytes(t, filepath.Join(a, SummaryFile)), readBytes(t, filepath.Join(b, SummaryFile))) {
		t.Errorf("summary.json with 1 and 3 workers differ")
	}
}

// TestResume stops a study after a few games, cuts its last line in two
// as a crash would, and runs it again: the result is the whole study.
func TestResume(t *testing.T) {
	whole, dir := t.TempDir(), t.TempDir()
	run(t, Config{Plan: smoke, Workers: 2, Dir: whole})
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, Config{Plan: smoke, Workers: 2, Dir: dir, OnProgress: func(done int) {
		if done == 7 {
			cancel()
		}
	}})
	if err != context.Canceled {
		t.Fatalf("stopped Run = %v, want context.Canceled", err)
	}
	path := filepath.Join(dir, GamesFile)
	recs, err := ReadFile(path)
	if err != nil || len(recs) < 7 || len(recs) >= 40 {
		t.Fatalf("stopped run holds %d games (%v), want 7 to 39", len(recs), err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"variant":"balance=on","index":19,"se`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Report(dir); err != nil {
		t.Fatal(err)
	}
	if md := string(readBytes(t, filepath.Join(dir, ReportMD))); !strings.Contains(md, fmt.Sprintf("Partial study: %d of 40 games played.", len(recs))) {
		t.Errorf("report.md of a stopped study does not say it is partial")
	}
	var todo int
	run(t, Config{Plan: smoke, Workers: 2, Dir: dir, OnStart: func(n, _ int) { todo = n }})
	if todo != 40-len(recs) {
		t.Errorf("resumed run played %d games, want %d", todo, 40-len(recs))
	}
	if !slices.Equal(outcomes(t, whole), outcomes(t, dir)) {
		t.Errorf("resumed study's games differ from the whole run's")
	}
	if !bytes.Equal(readBytes(t, filepath.Join(whole, SummaryFile)), readBytes(t, filepath.Join(dir, SummaryFile))) {
		t.Errorf("resumed study's summary differs from the whole run's")
	}
	// A third run has nothing left to play.
	run(t, Config{Plan: smoke, Dir: dir, OnStart: func(n, _ int) { todo = n }})
	if todo != 0 {
		t.Errorf("run of a finished study played %d games, want 0", todo)
	}
}

// TestShardsMerge: three shards merged give the single run's files.
func TestShardsMerge(t *testing.T) {
	whole := t.TempDir()
	run(t, Config{Plan: smoke, Workers: 2, Dir: whole})
	var dirs []string
	total := 0
	for i := range 3 {
		d := t.TempDir()
		s := run(t, Config{Plan: smoke, Shard: Shard{i, 3}, Workers: 2, Dir: d})
		if want := (Shard{i, 3}).String(); s.Shard != want {
			t.Errorf("shard %d summary says shard %q", i, s.Shard)
		}
		total += s.Variants[0].Games
		dirs = append(dirs, d)
	}
	if total != 20 {
		t.Errorf("shards played %d games of the first variant, want 20", total)
	}
	out := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(out, dirs); err != nil {
		t.Fatalf("Merge = %v", err)
	}
	for _, f := range []string{SummaryFile, ReportMD, ReportHTML} {
		if !bytes.Equal(readBytes(t, filepath.Join(whole, f)), readBytes(t, filepath.Join(out, f))) {
			t.Errorf("merged %s differs from the single run's", f)
		}
	}
	if !slices.Equal(outcomes(t, whole), outcomes(t, out)) {
		t.Errorf("merged games differ from the single run's")
	}
	if _, err := Merge(dirs[0], dirs); err == nil {
		t.Errorf("Merge into one of its inputs succeeded")
	}
	// Shards of another study do not merge.
	other := t.TempDir()
	p := smoke
	p.Seed = 8
	p.Games = 2
	run(t, Config{Plan: p, Dir: other})
	if _, err := Merge(filepath.Join(t.TempDir(), "x"), []string{dirs[0], other}); err == nil || !strings.Contains(err.Error(), "different studies") {
		t.Errorf("Merge of two studies = %v, want a different-studies error", err)
	}
}

// TestOtherStudy: a directory holding one study refuses another.
func TestOtherStudy(t *testing.T) {
	dir := t.TempDir()
	p := smoke
	p.Games = 2
	run(t, Config{Plan: p, Dir: dir})
	p.Seed = 99
	if _, err := Run(context.Background(), Config{Plan: p, Dir: dir}); err == nil || !strings.Contains(err.Error(), `seed 7, not 99`) {
		t.Errorf("Run of another study in the same directory = %v, want a seed 7, not 99 error", err)
	}
}

// TestReplayRecords: every record replays to its recorded end.
func TestReplayRecords(t *testing.T) {
	dir := t.TempDir()
	p := Plan{Game: "seidr", Agents: []string{"random", "easy"}, Games: 6, Seed: 3}
	s := run(t, Config{Plan: p, Workers: 2, Dir: dir})
	if len(s.Variants[0].Agents) != 2 {
		t.Errorf("summary has %d agent rows, want 2", len(s.Variants[0].Agents))
	}
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.ByName("seidr")
	for _, r := range recs {
		steps := 0
		final, err := Replay(g, &r.Record, func(Step) error { steps++; return nil })
		if err != nil {
			t.Fatalf("Replay(game %d) = %v", r.Index, err)
		}
		if got := game.Status(final); got != r.Status || steps != len(r.Actions) {
			t.Errorf("Replay(game %d) = %q after %d steps, want %q after %d", r.Index, got, steps, r.Status, len(r.Actions))
		}
		// Agents alternate seats game by game.
		if want := []string{"random", "easy"}; r.Index%2 == 1 {
			want[0], want[1] = want[1], want[0]
			if !slices.Equal(r.Seats, want) {
				t.Errorf("game %d seats = %v, want %v", r.Index, r.Seats, want)
			}
		}
	}
}

// TestUnfinishedNotDraw: games stopped by max-turns are unfinished, never
// draws.
func TestUnfinishedNotDraw(t *testing.T) {
	dir := t.TempDir()
	p := Plan{Game: "luxumbra", Options: game.Options{"max-turns": "1"}, Agents: []string{"random"}, Games: 10, Seed: 1}
	s := run(t, Config{Plan: p, Dir: dir})
	v := s.Variants[0]
	unf := 0
	for _, r := range v.Reasons {
		if r.Reason == "max-turns" {
			unf = r.Count.N
			if r.Kind != "unfinished" {
				t.Errorf("max-turns counted as %q, want unfinished", r.Kind)
			}
		}
	}
	if unf == 0 || v.Unfinished != unf || v.Finished != 10-unf || v.Seats[0].Draws.N != 0 {
		t.Errorf("max-turns=1: %d unfinished (%d by max-turns), %d finished, %d draws; want every max-turns game unfinished and no draw", v.Unfinished, unf, v.Finished, v.Seats[0].Draws.N)
	}
}

// rec makes a finished two-player record for TestSummarize.
func rec(index, first int, kind game.ResultKind, winners []int, reason string, moves int) Record {
	return Record{Record: arena.Record{Index: index, Kind: kind, Winners: winners, Reason: reason, Seats: []string{"a", "b"}}, First: first, Moves: moves}
}

// TestSummarize counts hand-made records of Nords Loki, whose first
// player is drawn: per seat, per position in turn order and for the
// first player.
func TestSummarize(t *testing.T) {
	recs := []Record{
		rec(0, 0, game.Win, []int{0}, "oin", 10),  // first player wins
		rec(1, 1, game.Win, []int{1}, "mars", 20), // first player wins
		rec(2, 1, game.Win, []int{0}, "oin", 30),  // second player wins
		rec(3, 0, game.Win, []int{0}, "oin", 40),  // first player wins
		rec(4, 1, game.Draw, nil, "shared finish", 50),
		rec(5, 0, game.Unfinished, nil, "max turns", 60),
	}
	p := Plan{Game: "nordsloki", Agents: []string{"easy"}, Games: 6, Seed: 1}
	s, err := Summarize(p, []string{"easy"}, "", recs)
	if err != nil {
		t.Fatal(err)
	}
	v := s.Variants[0]
	if v.Games != 6 || v.Finished != 5 || v.Unfinished != 1 {
		t.Errorf("games %d finished %d unfinished %d, want 6 5 1", v.Games, v.Finished, v.Unfinished)
	}
	if w := v.Seats[0]; w.Wins.N != 3 || w.Draws.N != 1 || w.Losses.N != 1 || w.Score != 0.7 {
		t.Errorf("seat 0 = %+v, want 3 wins, 1 draw, 1 loss, score 0.7", w)
	}
	if w := v.Positions[0]; w.Wins.N != 3 || w.Draws.N != 1 || w.Losses.N != 1 || w.Name != "1st player" {
		t.Errorf("1st player = %+v, want 3 wins, 1 draw, 1 loss", w)
	}
	f := v.First
	if !slices.Equal(f.Seats, []int{2, 3}) || f.Decisive != 4 || f.DecisiveWins.N != 3 || f.Advantage != 0.25 || f.P != BinomialTest(3, 4, 0.5) {
		t.Errorf("first player = %+v, want seats [2 3], 3 of 4 decisive, advantage 0.25", f)
	}
	if v.Moves.Mean != 35 || v.Moves.Median != 35 {
		t.Errorf("moves = %+v, want mean and median 35", v.Moves)
	}
	want := []string{"oin 3", "mars 1", "max turns 1", "shared finish 1"}
	var got []string
	for _, r := range v.Reasons {
		got = append(got, fmt.Sprintf("%s %d", r.Reason, r.Count.N))
	}
	if !slices.Equal(got, want) {
		t.Errorf("reasons = %v, want %v", got, want)
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		ok   bool
	}{{"0/1", Shard{0, 1}, true}, {"2/4", Shard{2, 4}, true}, {"4/4", Shard{}, false}, {"-1/2", Shard{}, false}, {"1", Shard{}, false}, {"a/b", Shard{}, false}} {
		got, err := ParseShard(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("ParseShard(%q) = %v, %v, want %v (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestResolveAgent(t *testing.T) {
	for in, want := range map[string]string{"medium": "medium:iters=5000", "hard": "hard:iters=50000", "easy": "easy", "medium:time=1s": "medium:time=1s"} {
		if got := ResolveAgent(in); got != want {
			t.Errorf("ResolveAgent(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAnalyze: the first player of Nords Loki is the seat its first
// chance event draws, and every action is a move, a pass or a roll.
func TestAnalyze(t *testing.T) {
	dir := t.TempDir()
	p := Plan{Game: "nordsloki", Agents: []string{"random"}, Games: 6, Seed: 2}
	run(t, Config{Plan: p, Workers: 2, Dir: dir})
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	firsts := map[int]bool{}
	for _, r := range recs {
		want := map[string]int{"p1": 0, "p2": 1}[r.Actions[0]]
		if r.First != want {
			t.Errorf("game %d drew %s: First = %d, want %d", r.Index, r.Actions[0], r.First, want)
		}
		firsts[r.First] = true
		if r.Moves+r.Passes+r.Rolls != r.Plies || r.Rolls == 0 || r.Moves == 0 {
			t.Errorf("game %d: %d moves + %d passes + %d rolls, want %d plies in all", r.Index, r.Moves, r.Passes, r.Rolls, r.Plies)
		}
	}
	if len(firsts) != 2 {
		t.Errorf("first players over 6 games = %v, want both seats", firsts)
	}
}

func TestPoints(t *testing.T) {
	for x, want := range map[float64]string{0.053: "+5.3", -0.0531: "-5.3", -1e-17: "+0.0", 0: "+0.0", -0.0004: "+0.0", 0.1: "+10.0"} {
		if got := points(x); got != want {
			t.Errorf("points(%g) = %q, want %q", x, got, want)
		}
	}
}
